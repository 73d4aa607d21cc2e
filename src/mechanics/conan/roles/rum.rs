//! Rum (§12.1): Confuse, the target's own information results tonight are negated; his own
//! kill may be bribed once a game (the `bribe` modifier of the BO kill).

use super::super::phase::{self, Run};
use crate::engine::outcome::StepResult;
use crate::engine::resolve::{Action, Ctx};

pub fn confuse(ctx: &mut Ctx, run: &mut Run, act: &Action) {
    let Some(&t) = phase::targets(ctx, act).first() else {
        return phase::step(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    run.confused.insert(t);
    let phase_now = ctx.state.phase;
    ctx.set_status_until(t, super::super::CONFUSED, Some(act.actor), Some(phase_now));
    phase::happened(ctx, run, act, false);
    let why = format!("{}'s information tonight is negated (§5)", ctx.name(t));
    phase::step(ctx, act, StepResult::Success, vec![why]);
}
