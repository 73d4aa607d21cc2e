//! The vote corrections of §4 (L10–L13) as small pure rules: the black-votes cap `C_B`, when
//! it is in force, the barrier's per-vote limit and cancelled units, and the tie-breaks G1–G3.
//! [`super::votes`] runs them in the §4.6 order and explains every step.

use super::kept;
use super::teams;
use crate::engine::{GameState, SlotId};
use crate::rules::Roleset;

/// Red, black or grey: the colour of a vote is its voter's (§4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    Red,
    Black,
    /// The faceless's vote (L12).
    Grey,
}

impl Colour {
    pub fn of(roleset: &Roleset, state: &GameState, slot: SlotId) -> Colour {
        match state.slots.get(slot) {
            Some(s) if teams::is_black(roleset, s) => Colour::Black,
            // The agent may be of any colour: his vote is of the side he scores with (L125.5).
            Some(s)
                if s.role == "agent"
                    && super::elite::scored_side(roleset, state, slot) == Some(teams::BLACK) =>
            {
                Colour::Black
            }
            Some(s) if teams::is_grey(roleset, s) => Colour::Grey,
            _ => Colour::Red,
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Black => "black",
            Colour::Grey => "grey",
        }
    }
}

/// Is this player an active main player at today's vote (Q13: alive and admitted; by option
/// alive only)?
pub fn active(roleset: &Roleset, state: &GameState, slot: SlotId) -> bool {
    let Some(s) = state.slots.get(slot) else {
        return false;
    };
    let alive = s.alive && !s.has_status("exiled");
    if state.option(roleset, "active_means") == "alive" {
        return alive;
    }
    alive && !s.has_status("no_wall") && !s.has_status("penalty_no_vote")
}

/// (R_act, B_act): active reds and blacks. A red phantom player, dead but voting, is an active
/// red; phantoms never count among the blacks (L11: B_act "без учета ... фантомов").
pub fn active_counts(roleset: &Roleset, state: &GameState) -> (u32, u32) {
    let (mut reds, mut blacks) = (0, 0);
    for s in &state.slots {
        // The faceless and the elites are neither red nor black (L11, L64.9, L123).
        if teams::is_grey(roleset, s) || roleset.side_of(&s.role) == teams::ELITE {
            continue;
        }
        let black = teams::is_black(roleset, s);
        if !s.alive {
            if !black && super::roles::active_though_dead(state, s.id) {
                reds += 1;
            }
            continue;
        }
        if !active(roleset, state, s.id) {
            continue;
        }
        if black {
            blacks += 1;
        } else {
            reds += 1;
        }
    }
    (reds, blacks)
}

/// The black-votes cap `C_B = max(R_act − 1, B_act)` (L11).
pub fn black_cap(roleset: &Roleset, state: &GameState) -> u32 {
    let (reds, blacks) = active_counts(roleset, state);
    reds.saturating_sub(1).max(blacks)
}

/// The grey-and-black cap `C_BG = max(R_act, B_act)`, the black cap without its "minus one"
/// (L12; Q14 `grey_cap`: by option the reds alone, `R_act`).
pub fn grey_black_cap(roleset: &Roleset, state: &GameState) -> u32 {
    let (reds, blacks) = active_counts(roleset, state);
    if state.option(roleset, "grey_cap") == "reds_only" {
        reds
    } else {
        reds.max(blacks)
    }
}

/// The black cap is in force once a red has been lynched (L11).
pub fn black_cap_in_force(state: &GameState) -> bool {
    kept::of(state).red_lynched
}

/// The red cap follows the black cap in force (Q12); by option it applies from the start.
pub fn red_cap_in_force(roleset: &Roleset, state: &GameState) -> bool {
    black_cap_in_force(state) || state.option(roleset, "red_cap_before_first_red_lynch") == "yes"
}

/// How many units a barrier of `k` cancels, black votes first, then grey and red in `order`'s
/// sequence (L13, Q16), given each vote's weight already limited to 1. Returns the weights
/// after cancelling.
pub fn cancel_units(
    weights: &mut [(Colour, i32)],
    mut k: i32,
    grey_before_red: bool,
) -> Vec<usize> {
    let mut cancelled = Vec::new();
    let order = if grey_before_red {
        [Colour::Black, Colour::Grey, Colour::Red]
    } else {
        [Colour::Black, Colour::Red, Colour::Grey]
    };
    for colour in order {
        for (i, (c, w)) in weights.iter_mut().enumerate() {
            if k <= 0 {
                return cancelled;
            }
            if *c == colour && *w > 0 {
                let take = (*w).min(k);
                *w -= take;
                k -= take;
                cancelled.push(i);
            }
        }
    }
    cancelled
}

#[cfg(test)]
mod tests {
    use super::{Colour, cancel_units};

    #[test]
    fn a_barrier_cancels_black_votes_first() {
        let mut w = vec![
            (Colour::Red, 1),
            (Colour::Black, 1),
            (Colour::Red, 1),
            (Colour::Black, 1),
        ];
        let cancelled = cancel_units(&mut w, 3, true);
        assert_eq!(cancelled, vec![1, 3, 0]);
        assert_eq!(w.iter().map(|x| x.1).sum::<i32>(), 1);
    }

    #[test]
    fn a_barrier_never_goes_below_zero() {
        let mut w = vec![(Colour::Red, 1)];
        cancel_units(&mut w, 3, true);
        assert_eq!(w[0].1, 0);
    }
}
