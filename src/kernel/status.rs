//! Statuses with durations and the messages that go with them. A status lasts as its roleset
//! entry says (`StatusDef.lasts`, counted in phases) unless the giver names a duration; the
//! engine clears it when its last phase is committed.

use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;

/// How long a status given now lasts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lasting {
    /// As the roleset declares for the status.
    Declared,
    /// Until the end of the phase this many phases from now (0: this phase).
    Phases(u32),
    /// Until something clears it.
    Cleared,
}

/// Give `slot` the status, pointing at `link`, for `lasting`.
pub fn give(ctx: &mut Ctx, slot: SlotId, status: &str, link: Option<SlotId>, lasting: Lasting) {
    let phase = ctx.state.phase;
    match lasting {
        Lasting::Declared => ctx.set_status(slot, status, link),
        Lasting::Phases(n) => {
            ctx.set_status_until(slot, status, link, Some(phase.saturating_add(n)))
        }
        Lasting::Cleared => ctx.set_status_until(slot, status, link, None),
    }
}

/// Take the status away; whether he had it.
pub fn clear(ctx: &mut Ctx, slot: SlotId, status: &str) -> bool {
    ctx.state
        .slots
        .get_mut(slot)
        .is_some_and(|s| s.statuses.remove(status).is_some())
}

/// Send the message the ability's roleset entry names for this event (`AbilityDef.tell`), if
/// it names one: the kernel itself names no template.
pub fn tell(
    ctx: &mut Ctx,
    ability: &str,
    event: &str,
    audience: Audience,
    args: &[(&str, String)],
) {
    let template = ctx
        .roleset
        .ability(ability)
        .and_then(|a| a.tell.get(event))
        .cloned();
    if let Some(template) = template {
        ctx.say(audience, &template, args);
    }
}
