//! Kisaki Eri (§12.2): Voice of Reason stops the lynch and hides the votes (read by the lynch
//! count); a Lawsuit frees an arrested player from the next phase. One of them a Day.

use super::super::phase::Run;
use crate::engine::SlotId;
use crate::engine::resolve::{Ctx, live_acts};
use crate::kernel::Act;

pub fn lawsuit(ctx: &mut Ctx, run: &mut Run, act: &Act) {
    super::satou::free(ctx, run, act, "Lawsuit");
}

/// Eri, if her Voice of Reason goes through today.
pub fn voice_of_reason(ctx: &Ctx, able: &dyn Fn(SlotId, &str) -> bool) -> Option<SlotId> {
    live_acts(&ctx.state)
        .find(|a| a.ability == "voice_of_reason" && able(a.actor, a.ability))
        .map(|a| a.actor)
}
