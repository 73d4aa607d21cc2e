//! Toyama Kazuha (§12.2): Accompany by day, -1 on the player's lynch total, lost if she is
//! APTXed (the seed's one-vote case, §9); a Protection Charm once a game: the target cannot be
//! APTXed today (§8.6).

use super::super::phase::{self, Run};
use crate::engine::SlotId;
use crate::engine::outcome::StepResult;
use crate::engine::resolve::{Ctx, live_acts};
use crate::kernel::{self, Act};

pub fn charm(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    let Some(&t) = act.targets.clone().first() else {
        return kernel::step::done(ctx, act, StepResult::Failed, vec!["no target".into()]);
    };
    run.ledger.charmed.insert(t);
    let phase_now = ctx.state.phase;
    ctx.set_status_until(t, super::super::CHARMED, Some(act.actor), Some(phase_now));
    phase::happened(ctx, run, act, false);
    let why = format!("{} cannot be APTXed today (§8.6)", ctx.name(t));
    kernel::step::done(ctx, act, StepResult::Success, vec![why]);
}

/// Today's accompaniments: (Kazuha, the accompanied).
pub fn accompanied(ctx: &Ctx, able: &dyn Fn(SlotId, &str) -> bool) -> Vec<(SlotId, SlotId)> {
    live_acts(&ctx.state)
        .filter(|a| a.ability == "accompany" && able(a.actor, a.ability))
        .filter_map(|a| Some((a.actor, ctx.slot_of(a.targets.first()?)?)))
        .collect()
}
