//! The Witness (003_c274ad7fc0965730.txt): learns the role of every player who dies.

use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;
use crate::kernel::effect::role_names;

/// Witnesses learn the role of every player who died in this phase.
pub fn tell(ctx: &mut Ctx) {
    let witnesses: Vec<SlotId> = ctx
        .state
        .slots
        .iter()
        .filter(|s| s.roles().any(|r| r == "witness"))
        .map(|s| s.id)
        .collect();
    let deaths: Vec<SlotId> = ctx.outcome.deaths.iter().map(|d| d.slot).collect();
    for w in witnesses {
        for d in &deaths {
            if *d == w {
                continue;
            }
            let role = role_names(ctx, *d);
            ctx.say(
                Audience::Slot(w),
                "private_witness",
                &[("player", ctx.name(*d)), ("role", role)],
            );
        }
    }
}
