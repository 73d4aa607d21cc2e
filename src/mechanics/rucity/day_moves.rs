//! The day's moves with player targets, kept past the round they were entered in: the kernel
//! clears a round's entries when it is committed, but the fanatic learns his favourite's day
//! moves the next morning (L36) and the anonymous his watched players' moves at the vote when he
//! makes his next move (L26). Kept in one var from the pre-vote round to the next day's.

use super::vars;
use crate::engine::resolve::{Ctx, live_acts};
use crate::engine::{GameState, SlotId};
use crate::rules::PhaseKind;

const KEY: &str = "day_moves";

/// One day move: who made it, the ability, its targets.
#[derive(Clone, Debug, PartialEq)]
pub struct DayMove {
    pub actor: SlotId,
    pub ability: String,
    pub targets: Vec<SlotId>,
}

/// A new day starts: yesterday's moves are forgotten.
pub fn forget(ctx: &mut Ctx) {
    vars::clear(&mut ctx.state, KEY);
}

/// Add this round's live day moves with player targets. Parameters are never kept: a black
/// liar's hidden votes would give him away.
pub fn record(ctx: &mut Ctx) {
    let mut text = vars::get(&ctx.state, KEY).unwrap_or("").to_string();
    for a in live_acts(&ctx.state) {
        let day = ctx
            .roleset
            .ability(a.ability)
            .is_some_and(|d| d.phase == PhaseKind::Day);
        let targets: Vec<String> = a
            .targets
            .iter()
            .filter_map(|t| ctx.slot_of(t))
            .map(|s| s.to_string())
            .collect();
        if day && !targets.is_empty() {
            text.push_str(&format!("{}|{}|{};", a.actor, a.ability, targets.join(",")));
        }
    }
    if !text.is_empty() {
        vars::set(&mut ctx.state, KEY, text);
    }
}

/// The day's moves of `actor`, in the order entered.
pub fn of(state: &GameState, actor: SlotId) -> Vec<DayMove> {
    vars::get(state, KEY)
        .unwrap_or("")
        .split(';')
        .filter_map(|m| {
            let mut parts = m.split('|');
            let who: SlotId = parts.next()?.parse().ok()?;
            let ability = parts.next()?.to_string();
            let targets = parts
                .next()?
                .split(',')
                .filter_map(|t| t.parse().ok())
                .collect();
            (who == actor).then_some(DayMove {
                actor: who,
                ability,
                targets,
            })
        })
        .collect()
}
