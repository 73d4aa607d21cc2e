//! Vodka (§12.1): Discombobulate, every night action of the target fails tonight, a leader's
//! kill orders included (§8.2).

use super::super::phase::{self, Run};
use crate::engine::outcome::{Audience, StepResult};
use crate::engine::resolve::{Action, Ctx};

pub fn discombobulate(ctx: &mut Ctx, run: &mut Run, act: &Action) {
    let Some(&t) = phase::targets(ctx, act).first() else {
        return phase::step(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    run.discombobulated.insert(t);
    let phase_now = ctx.state.phase;
    ctx.set_status_until(
        t,
        super::super::DISCOMBOBULATED,
        Some(act.actor),
        Some(phase_now),
    );
    ctx.say(Audience::Slot(t), "pm_discombobulated", &[]);
    phase::happened(ctx, run, act, false);
    let why = format!(
        "{} is discombobulated: his night actions fail tonight (§3)",
        ctx.name(t)
    );
    phase::step(ctx, act, StepResult::Success, vec![why]);
}
