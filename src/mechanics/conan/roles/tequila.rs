//! Tequila (§12.1): Hinder by day, the target's vote does not count and is not shown (§9).

use crate::engine::SlotId;
use crate::engine::resolve::{Ctx, live_acts};

/// Today's hindered voters, with who hindered them.
pub fn hindered(ctx: &Ctx, able: &dyn Fn(SlotId, &str) -> bool) -> Vec<(SlotId, SlotId)> {
    live_acts(&ctx.state)
        .filter(|a| a.ability == "hinder" && able(a.actor, a.ability))
        .filter_map(|a| Some((a.actor, ctx.slot_of(a.targets.first()?)?)))
        .collect()
}
