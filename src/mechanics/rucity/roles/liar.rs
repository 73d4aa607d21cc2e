//! The liar (§5.15, L32; black holder L97). Once every vote of a round is in, he compromises up
//! to two players: their votes count zero and their barriers do not work; naming himself gives
//! him a double barrier. At a re-vote he may move once more, the first move cancelled (Q28: each
//! round's move stands alone, as the round's entries do). A black liar's victims' votes fall to
//! one instead of zero.

use super::{Role, teams};
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, SlotId};

pub const ROLE: &str = "liar";

pub struct Liar;

impl Role for Liar {
    fn id(&self) -> &'static str {
        ROLE
    }
    fn history(&self) -> &'static [&'static str] {
        &["pm_liar"]
    }
}

/// The liar's move of this round, if his role is not blocked: (liar, his targets).
fn scandal(state: &GameState) -> Option<(SlotId, Vec<SlotId>)> {
    let liar = teams::holder(state, ROLE)?;
    let me = state.slots.get(liar)?;
    if me.has_status(super::kamikaze::CRIPPLED)
        || me.has_status(super::hacker::HACKED)
        || me.has_status("penalty_block")
        || me.has_status("penalty_block_peaceful")
    {
        return None;
    }
    let act = live_acts(state)
        .rev()
        .find(|a| a.actor == liar && a.ability == ROLE)?;
    let targets = act
        .targets
        .iter()
        .filter_map(|t| state.slot_by_name(t).map(|s| s.id))
        .collect();
    Some((liar, targets))
}

fn compromised(state: &GameState, voter: SlotId) -> Option<SlotId> {
    scandal(state)
        .and_then(|(liar, targets)| (targets.contains(&voter) && voter != liar).then_some(liar))
}

/// A red liar's victim's vote counts zero (§4.6 step 3).
pub fn zeroed(roleset: &crate::rules::Roleset, state: &GameState, voter: SlotId) -> Option<String> {
    let liar = compromised(state, voter)?;
    let black = state
        .slots
        .get(liar)
        .is_some_and(|s| teams::is_black(roleset, s));
    (!black).then(|| "compromised by the liar: the vote counts zero (L32)".into())
}

/// A black liar's victim's vote falls to one (L97).
pub fn capped(ctx: &Ctx, voter: SlotId) -> Option<String> {
    let liar = compromised(&ctx.state, voter)?;
    teams::black(ctx, liar)
        .then(|| "compromised by the black liar: the vote counts at most 1 (L97)".into())
}

/// The liar's effect on a barrier: none for a compromised player, a double one for the liar who
/// named himself (L32); `None` leaves the barrier as it is.
pub fn barrier(state: &GameState, target: SlotId) -> Option<u32> {
    let (liar, targets) = scandal(state)?;
    if !targets.contains(&target) {
        return None;
    }
    Some(if target == liar { 2 } else { 0 })
}
