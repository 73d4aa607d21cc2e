//! The day's moves with player targets, kept past the round they were entered in: the kernel
//! clears a round's entries when it is committed, but the fanatic learns his favourite's day
//! moves the next morning (L36) and the anonymous his watched players' moves at the vote when he
//! makes his next move (L26). Kept from the pre-vote round to the next day's.

use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, SlotId};
use crate::rules::PhaseKind;

/// The day's moves so far, in the order entered.
#[derive(Clone, Debug, Default, PartialEq)]
struct DayMoves(Vec<DayMove>);

/// One day move: who made it, the ability, its targets.
#[derive(Clone, Debug, PartialEq)]
pub struct DayMove {
    pub actor: SlotId,
    pub ability: String,
    pub targets: Vec<SlotId>,
}

/// A new day starts: yesterday's moves are forgotten.
pub fn forget(ctx: &mut Ctx) {
    ctx.state.kept.set(DayMoves::default());
}

/// Add this round's live day moves with player targets. Parameters are never kept: a black
/// liar's hidden votes would give him away.
pub fn record(ctx: &mut Ctx) {
    let moves: Vec<DayMove> = live_acts(&ctx.state)
        .filter(|a| {
            ctx.roleset
                .ability(a.ability)
                .is_some_and(|d| d.phase == PhaseKind::Day)
        })
        .map(|a| DayMove {
            actor: a.actor,
            ability: a.ability.to_string(),
            targets: a.targets.iter().filter_map(|t| ctx.slot_of(t)).collect(),
        })
        .filter(|m| !m.targets.is_empty())
        .collect();
    if !moves.is_empty() {
        ctx.state.kept.get_mut::<DayMoves>().0.extend(moves);
    }
}

/// The day's moves of `actor`, in the order entered.
pub fn of(state: &GameState, actor: SlotId) -> Vec<DayMove> {
    let moves = state.kept.of::<DayMoves>();
    moves
        .0
        .iter()
        .filter(|m| m.actor == actor)
        .cloned()
        .collect()
}
