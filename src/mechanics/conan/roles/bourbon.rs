//! Bourbon (§12.1): one investigation a night (the shared one) and Blackmail by day: the
//! voter's vote counts for his pick, and the public list shows it so (§9).

use crate::engine::SlotId;
use crate::engine::resolve::{Ctx, live_acts};

/// Today's blackmails: (voter, the candidate his vote goes to).
pub fn blackmails(ctx: &Ctx, able: &dyn Fn(SlotId, &str) -> bool) -> Vec<(SlotId, SlotId, SlotId)> {
    live_acts(&ctx.state)
        .filter(|a| a.ability == "blackmail" && able(a.actor, a.ability))
        .filter_map(|a| {
            let voter = ctx.slot_of(a.targets.first()?)?;
            let pick = ctx.slot_of(a.targets.get(1)?)?;
            Some((a.actor, voter, pick))
        })
        .collect()
}
