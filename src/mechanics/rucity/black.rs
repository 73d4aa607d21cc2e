//! The black players' own moves besides shooting: blackening (false rumours, §2.6, L15), an
//! evening move that makes its target check black tonight, and suicide (§2.5, L11), which no
//! arrest stops but a heal or the blocker's protection survives.

use super::night::{self, Gate, Move, NightRun};
use super::teams;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::Ctx;

pub fn blacken(ctx: &mut Ctx, run: &mut NightRun, mv: &Move) {
    let Some(side) = ctx
        .state
        .slots
        .get(mv.actor)
        .and_then(|s| teams::killer_side(ctx.roleset, s))
    else {
        return night::step(
            ctx,
            mv,
            StepResult::Failed,
            vec!["not a black killer".into()],
        );
    };
    let Some(&target) = mv.targets.first() else {
        return night::step(ctx, mv, StepResult::Failed, vec!["no target".into()]);
    };
    let later = run.acts.iter().any(|m| {
        m.ability == "blacken"
            && m.seq > mv.seq
            && ctx
                .state
                .slots
                .get(m.actor)
                .and_then(|s| teams::killer_side(ctx.roleset, s))
                == Some(side)
    });
    if later {
        return night::step(
            ctx,
            mv,
            StepResult::Skipped,
            vec![format!(
                "a later blackening of the {} replaces this one: one per side a night (L15)",
                side.id()
            )],
        );
    }
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, false, true) {
        return night::step(ctx, mv, result, vec![why]);
    }
    run.ledger.blackened.insert(target, side);
    night::step(
        ctx,
        mv,
        StepResult::Success,
        vec![format!(
            "rumours by the {}: {} checks black tonight (L15)",
            side.id(),
            ctx.name(target)
        )],
    );
}

pub fn suicide(ctx: &mut Ctx, run: &mut NightRun, mv: &Move) {
    let name = ctx.name(mv.actor);
    if let Gate::Stop(result, why) = night::gate(ctx, run, mv, false, true) {
        return night::step(ctx, mv, result, vec![why]);
    }
    if let Some(by) = run.shield_on(mv.actor).map(|d| d.by)
        && ctx.option("protected_suicide") == "prevented"
    {
        run.ledger.blocker_hits.push((by, "самоубийство".into()));
        return night::step(
            ctx,
            mv,
            StepResult::Failed,
            vec![format!(
                "{name} is under the protection of the blocker {}: the suicide is stopped (L5, L11, Q6)",
                ctx.name(by)
            )],
        );
    }
    // No defence but a heal: the protection was checked above, so the attack lands as sent.
    run.attacks
        .push(crate::kernel::Attack::new(mv.actor, mv.actor, "suicide"));
    night::step(
        ctx,
        mv,
        StepResult::Success,
        vec![format!(
            "{name} commits suicide; only a heal can save him (L11)"
        )],
    );
}
