//! The mason (§9.5, L127): an elite player with an open role who stays to the end. Nobody may
//! target him or vote against him, he cannot be mayor or secretary, and his vote always counts
//! zero. He supports one team: declared (`mason_declare`) or that of the player he links himself
//! to (`mason_link`), whose team he is told if that player leaves at night.

use super::super::elite;
use super::{Entry, Role};
use crate::engine::resolve::Ctx;
use crate::engine::{GameState, Refusal, SlotId};

pub const ROLE: &str = "mason";

pub struct Mason;

impl Role for Mason {
    fn id(&self) -> &'static str {
        ROLE
    }
    fn refuse_as_target(&self, entry: &Entry, target: SlotId) -> Result<(), Refusal> {
        elite::target_refusal(entry, target)
    }
    fn day_round(&self, ctx: &mut Ctx) {
        elite::apply_day_moves(ctx, ROLE);
    }
    fn departed(&self, ctx: &mut Ctx, dead: &[SlotId]) {
        if ctx.state.phase_kind(ctx.roleset) == crate::rules::PhaseKind::Night {
            elite::tell_linked_teams(ctx, dead, ROLE);
        }
    }
}

/// The mason's vote always counts zero (L127.3).
pub fn zeroed(state: &GameState, voter: SlotId) -> Option<String> {
    state
        .slots
        .get(voter)
        .is_some_and(|s| s.role == ROLE)
        .then(|| "the mason's vote always counts zero (L127.3)".into())
}
