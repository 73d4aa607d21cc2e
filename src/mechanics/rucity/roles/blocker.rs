//! The blocker (§3.4, L5): an arrest stops every move of its target; a protection shields its
//! target from every negative or killing move and keeps him at home (his peaceful moves are
//! stopped, his negative ones stay). "Hit" is public when any move was stopped.

use super::Role;
use super::night::{self, CityNight};
use crate::engine::SlotId;
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel::Act;
use crate::kernel::Fold;
use crate::kernel::{Block, Defence};

pub struct Blocker;

/// The roleset ids this role's file names (see `Role::requires`).
const REQUIRES: crate::engine::system::Requirements = crate::engine::system::Requirements {
    templates: &["pm_blocker_hit", "pub_blocker_hit", "pub_blocker_miss"],
    abilities: &["blocker_arrest", "blocker_protect"],
    ..crate::engine::system::Requirements::NONE
};

impl Role for Blocker {
    fn requires(&self) -> crate::engine::system::Requirements {
        REQUIRES
    }
    fn id(&self) -> &'static str {
        "blocker"
    }
    fn night_move(&self, ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) -> bool {
        matches!(mv.ability.as_str(), "blocker_arrest" | "blocker_protect") && {
            act(ctx, run, mv);
            true
        }
    }
    fn morning(&self, ctx: &mut Ctx, run: &Fold<CityNight>) {
        tell(ctx, run);
    }
    fn public_line(&self, ctx: &Ctx, run: &Fold<CityNight>) -> Option<&'static str> {
        public_line(ctx, run)
    }
    fn owes_a_move(&self) -> bool {
        true
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_blocker"]
    }
}

fn act(ctx: &mut Ctx, run: &mut Fold<CityNight>, mv: &Act) {
    let Some(target) = night::target_through_gate(ctx, run, mv, true, false) else {
        return;
    };
    let arrest = mv.ability == "blocker_arrest";
    if !arrest && super::kamikaze::can_strike(ctx, target) {
        let why = format!(
            "{} is a kamikaze who can strike tonight and refuses the protection (L38)",
            ctx.name(target)
        );
        return night::step(ctx, mv, StepResult::Failed, vec![why]);
    }
    run.ledger.covered.insert(target);
    let reason = if arrest {
        // An arrest stops every move, and outranks a protection placed before it.
        run.blocks
            .insert(target, block(mv.actor, false, "arrested by the blocker"));
        format!(
            "{} is arrested: their moves tonight are stopped",
            ctx.name(target)
        )
    } else {
        let home = block(
            mv.actor,
            true,
            "kept at home by the protection of the blocker",
        );
        run.blocks.entry(target).or_insert(home);
        run.defences.push(Defence {
            target,
            by: mv.actor,
            ability: mv.ability.clone(),
            from: None,
            strength: 1,
            injure: None,
        });
        format!(
            "{} is protected from negative and killing moves and stays at home",
            ctx.name(target)
        )
    };
    night::step(ctx, mv, StepResult::Success, vec![reason]);
}

/// A blocker's hold on his target: an arrest stops every move, a protection only the peaceful
/// ones.
fn block(by: SlotId, spares_negative: bool, how: &str) -> Block {
    Block {
        by,
        except: Vec::new(),
        spares_negative,
        how: Some(how.into()),
    }
}

/// The blockers who acted tonight (a living blocker who sent nothing still gets "miss").
fn blockers(ctx: &Ctx, run: &Fold<CityNight>) -> Vec<SlotId> {
    night::holders_at_start(run, &ctx.state, "blocker").collect()
}

/// Morning: the blocker learns the roles he stopped.
fn tell(ctx: &mut Ctx, run: &Fold<CityNight>) {
    for b in blockers(ctx, run) {
        let mut hit: Vec<String> = run
            .ledger
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
        } else if super::super::borrowed::copied(&ctx.state.slots[b], "blocker")
            && run
                .acts
                .iter()
                .any(|a| a.actor == b && a.ability.starts_with("blocker_"))
        {
            // A copy's miss is told by PM, the post's line being the owner's (L40).
            ctx.say(Audience::Slot(b), "pm_copied_miss", &[]);
        }
    }
}

/// The public line of the morning post: hit when any move was stopped, else miss; none when
/// no blocker was in play.
fn public_line(ctx: &Ctx, run: &Fold<CityNight>) -> Option<&'static str> {
    let first = night::owners_at_start(run, &ctx.state, "blocker").next()?;
    Some(
        if run.ledger.blocker_hits.iter().any(|(by, _)| *by == first) {
            "pub_blocker_hit"
        } else {
            "pub_blocker_miss"
        },
    )
}

/// Is `target` under a blocker's protection tonight? (The joker's check and the poisoner's
/// poison fail on him, L51, L52.)
pub fn protects(ctx: &Ctx, run: &Fold<CityNight>, target: SlotId) -> bool {
    run.defences.iter().any(|d| {
        d.target == target
            && d.from.is_none()
            && ctx
                .state
                .slots
                .get(d.by)
                .is_some_and(|s| super::teams::holds(s, "blocker"))
    })
}
