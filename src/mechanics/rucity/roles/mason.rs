//! The mason (§9.5, L127): an elite player with an open role who stays to the end. Nobody may
//! target him or vote against him, he cannot be mayor or secretary, and his vote always counts
//! zero. He supports one team: declared (`mason_declare`) or that of the player he links himself
//! to (`mason_link`), whose team he is told if that player leaves at night.

use super::super::elite;
use crate::engine::{GameState, SlotId};

pub const ROLE: &str = "mason";

/// The mason: a linked elite who stays to the end.
pub const MASON: elite::Linked = elite::Linked {
    role: ROLE,
    leaves: None,
    zeroes: Some(zeroed),
};

/// The mason's vote always counts zero (L127.3).
pub fn zeroed(state: &GameState, voter: SlotId) -> Option<String> {
    state
        .slots
        .get(voter)
        .is_some_and(|s| s.role == ROLE)
        .then(|| "the mason's vote always counts zero (L127.3)".into())
}
