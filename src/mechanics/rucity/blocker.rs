//! The blocker (§3.4, L5): an arrest stops every move of its target; a protection shields its
//! target from every negative or killing move and keeps him at home (his peaceful moves are
//! stopped, his negative ones stay). "Hit" is public when any move was stopped.

use super::night::{self, Gate, Move, NightRun};
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;

pub fn act(ctx: &mut Ctx, run: &mut NightRun, mv: &Move) {
    let Some(&target) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, true, false) {
        return night::step(ctx, mv, result, vec![why]);
    }
    run.covered.insert(target);
    let arrest = mv.ability == "blocker_arrest";
    let reason = if arrest {
        run.arrested.insert(target, mv.actor);
        format!(
            "{} is arrested: his moves tonight are stopped",
            ctx.name(target)
        )
    } else {
        run.protected.insert(target, mv.actor);
        format!(
            "{} is protected from negative and killing moves and stays at home",
            ctx.name(target)
        )
    };
    night::step(ctx, mv, StepResult::Success, vec![reason]);
}

/// The blockers who acted tonight (a living blocker who sent nothing still gets "miss").
fn blockers(ctx: &Ctx, run: &NightRun) -> Vec<SlotId> {
    run.holders_at_start(&ctx.state, "blocker").collect()
}

/// Morning: the blocker learns the roles he stopped.
pub fn tell(ctx: &mut Ctx, run: &NightRun) {
    for b in blockers(ctx, run) {
        let mut hit: Vec<String> = run
            .blocker_hits
            .iter()
            .filter(|(by, _)| *by == b)
            .map(|(_, role)| role.clone())
            .collect();
        hit.dedup();
        if !hit.is_empty() {
            ctx.say(
                Audience::Slot(b),
                "pm_blocker_hit",
                &[("roles", hit.join(", "))],
            );
        }
    }
}

/// The public line of the morning post: hit when any move was stopped, else miss; none when
/// no blocker was in play.
pub fn public_line(ctx: &Ctx, run: &NightRun) -> Option<&'static str> {
    let any = blockers(ctx, run);
    let first = any.first()?;
    Some(if run.blocker_hits.iter().any(|(by, _)| by == first) {
        "pub_blocker_hit"
    } else {
        "pub_blocker_miss"
    })
}
