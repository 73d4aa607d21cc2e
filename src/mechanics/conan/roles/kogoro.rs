//! Mouri Kogoro (§12.2): Accusation by day, +1 on the player's lynch total (§9).

use crate::engine::SlotId;
use crate::engine::resolve::{Ctx, live_acts};

/// Today's accusations: (Kogoro, the accused).
pub fn accusations(ctx: &Ctx, able: &dyn Fn(SlotId, &str) -> bool) -> Vec<(SlotId, SlotId)> {
    live_acts(&ctx.state)
        .filter(|a| a.ability == "accusation" && able(a.actor, a.ability))
        .filter_map(|a| Some((a.actor, ctx.slot_of(a.targets.first()?)?)))
        .collect()
}
