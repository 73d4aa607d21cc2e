//! The Shadchan (003_c274ad7fc0965730.txt): her match is her roleset effect (the pair's
//! `in_love` status); by option the lovers die together, the survivor of grief.

use super::super::{PhaseRun, Rules1923};
use crate::engine::SlotId;
use crate::engine::resolve::Ctx;
use crate::kernel::attack::kill;

/// With `lovers_die_together`, the living partner of a lover who died dies of grief.
pub fn lovers_grieve(ctx: &mut Ctx, run: &mut PhaseRun, rules: &mut Rules1923, victim: SlotId) {
    if ctx.option("lovers_die_together") == "yes"
        && let Some(partner) = ctx
            .state
            .slots
            .get(victim)
            .and_then(|s| s.statuses.get("in_love"))
            .and_then(|i| i.link)
        && ctx.is_alive(partner)
    {
        kill(ctx, run, rules, partner, "grief", None, &mut Vec::new());
        ctx.note(
            format!("lovers:{}", ctx.name(partner)),
            "shadchan",
            format!(
                "{} dies of grief (option lovers_die_together)",
                ctx.name(partner)
            ),
        );
    }
}
