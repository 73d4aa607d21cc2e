//! Blocks that outlast a night's arrest: the hacker's hack for a game-day (L22), with a black
//! player's second game-day on one of his roles, and a crippled player's peaceful role, lost
//! for good (L6). A move of a blocked role is accepted and fails (L16), by night and by day.

use super::roles::{hacker, kamikaze, phantom, pimp, terrorist};
use super::vars;
use crate::engine::SlotId;
use crate::engine::resolve::Ctx;

/// Why `actor`'s move with `ability` fails now, if one of these blocks holds it.
pub fn blocked(ctx: &Ctx, actor: SlotId, ability: &str) -> Option<String> {
    let slot = ctx.state.slots.get(actor)?;
    if super::notes::is_note(ability) {
        return None;
    }
    let name = &slot.name;
    let peaceful = ctx
        .roleset
        .role(&slot.role)
        .is_some_and(|r| r.abilities.iter().any(|a| a == ability));
    if slot.has_status(kamikaze::CRIPPLED) && peaceful {
        return Some(format!(
            "{name} is crippled: the peaceful role's moves fail (L6)"
        ));
    }
    if slot.has_status(phantom::CURSED) && peaceful {
        return Some(format!(
            "{name} is cursed by the black phantom: the peaceful role is blocked (L88)"
        ));
    }
    if terrorist::blast_blocks(ctx, actor, peaceful) {
        return Some(format!(
            "{name} voted against the terrorist: the blast blocks the role for a game-day (L23)"
        ));
    }
    if slot.has_status(pimp::PUNISHED) {
        return Some(format!(
            "{name} is punished by the pimp: every role is blocked for the game-day (L27)"
        ));
    }
    if slot.has_status(hacker::HACKED) {
        return Some(format!(
            "{name} is hacked: every role is blocked for the game-day (L22)"
        ));
    }
    if slot.has_status(hacker::HACKED_SECOND) {
        let uses_peaceful = vars::get(&ctx.state, &hacker::choice_key(actor))
            .map(|c| c == "peaceful")
            .unwrap_or_else(|| ctx.option("hacked_black_default") == "peaceful");
        if uses_peaceful != peaceful {
            let which = if peaceful { "peaceful" } else { "negative" };
            return Some(format!(
                "{name} is hacked for a second game-day: the {which} role stays blocked (L22)"
            ));
        }
    }
    None
}

/// Is the peaceful role of `slot` blocked now, for what it does by itself (a passive vote
/// weight or barrier, the liar's scandal read at the count): crippled, hacked, punished,
/// cursed, blown up by the terrorist's blast, or under a host's penalty (L6, L16, L22, L23, L27,
/// L88, L139).
pub fn role_blocked(slot: &crate::engine::Slot) -> bool {
    [
        kamikaze::CRIPPLED,
        hacker::HACKED,
        pimp::PUNISHED,
        phantom::CURSED,
        terrorist::BLAST,
        "penalty_block",
        "penalty_block_peaceful",
    ]
    .iter()
    .any(|s| slot.has_status(s))
}
