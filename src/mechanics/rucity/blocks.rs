//! Blocks that outlast a night's arrest: the hacker's hack for a game-day (L22), with a black
//! player's second game-day on one of his roles, and a crippled player's peaceful role, lost
//! for good (L6). A move of a blocked role is accepted and fails (L16), by night and by day.

use crate::engine::SlotId;
use crate::engine::resolve::Ctx;

/// The status of a crippled player, who lost his peaceful role for good (L6): the kamikaze's,
/// the terrorist's, the madman's or the prostitute's doing.
pub const CRIPPLED: &str = "crippled";

/// Why `actor`'s move with `ability` fails now: crippled, or blocked by a role's doing.
pub fn blocked(ctx: &Ctx, actor: SlotId, ability: &str) -> Option<String> {
    let slot = ctx.state.slots.get(actor)?;
    if super::notes::is_note(ability) {
        return None;
    }
    let name = &slot.name;
    // A borrowed role is used through the peaceful role that lent it (the actor's copy, the
    // wizard's absent role, the collection, the necromancer's undead): blocking that role
    // blocks it too (L42 "блокируется вся его нежить").
    let peaceful = std::iter::once(slot.role.as_str())
        .chain(slot.borrowed.iter().map(|b| b.role.as_str()))
        .filter_map(|r| ctx.roleset.role(r))
        .any(|r| r.abilities.iter().any(|a| a == ability));
    if slot.has_status(CRIPPLED) && peaceful {
        return Some(format!(
            "{name} is crippled: the peaceful role's moves fail (L6)"
        ));
    }
    // Every lasting block is a status on the blocked player: with none, no role is asked.
    if slot.statuses.is_empty() {
        return None;
    }
    super::roles::blocks_move(ctx, actor, ability, peaceful)
}

/// Does a game-day's block `status` on `actor` (the hack, the punishment) hold his move with
/// `ability` now?
pub fn day_block_holds(ctx: &Ctx, actor: SlotId, status: &str, ability: &str) -> bool {
    ctx.state
        .slots
        .get(actor)
        .and_then(|s| s.statuses.get(status))
        .is_some_and(|i| in_the_window(ctx, i.since, ability))
}

/// Does a game-day's block `status` hold what `slot`'s role does by itself (through its night
/// and day)?
pub fn day_block_holds_the_role(
    state: &crate::engine::GameState,
    slot: &crate::engine::Slot,
    status: &str,
) -> bool {
    slot.statuses
        .get(status)
        .is_some_and(|i| state.phase.saturating_sub(i.since) <= 1)
}

/// The naming the hacker cannot stop (L22), and the moves free again by the time they are made.
const NEVER_HACKED: &[&str] = &["cultist_targets", "collector"];
const FREE_BY_THEIR_MOVE: &[&str] = &["actor", "wizard", "collector"];

/// A game-day's block made at the end of a day (the hacker's hack, the pimp's punishment: given
/// in phase `since`) runs from that evening to the next (L22, L27): the moves made that same
/// evening go through, the night and the next day are blocked, and so are the moves made at
/// the end of the next day ("the pimp takes his slave, but not the next day"). The cultist's
/// and the collector's naming is never stopped, and the actor's, wizard's and collector's moves
/// are free again by the time they make them.
pub fn in_the_window(ctx: &Ctx, since: u32, ability: &str) -> bool {
    if NEVER_HACKED.contains(&ability) {
        return false;
    }
    let evening = ctx
        .roleset
        .ability(ability)
        .is_some_and(|a| a.stage == "evening");
    match ctx.state.phase.saturating_sub(since) {
        0 => !evening,
        1 => true,
        2 => evening && !FREE_BY_THEIR_MOVE.contains(&ability),
        _ => false,
    }
}

/// Is the peaceful role of `slot` blocked now, for what it does by itself (a passive vote
/// weight or barrier, the liar's scandal read at the count): crippled, hacked, punished,
/// cursed, blown up by the terrorist's blast, or under a host's penalty (L6, L16, L22, L23, L27,
/// L88, L139).
pub fn role_blocked(state: &crate::engine::GameState, slot: &crate::engine::Slot) -> bool {
    [CRIPPLED, "penalty_block", "penalty_block_peaceful"]
        .iter()
        .any(|s| slot.has_status(s))
        || super::roles::blocks_role_itself(state, slot)
}
