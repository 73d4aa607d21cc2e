//! ru-city, the Russian forum "city" rule system, part 1 (shared/seeds/000_f6d88bc78ab5cdbd.txt,
//! English digest shared/rules/ru-city.md): the red, black and grey teams with the overlay of
//! negative roles on peaceful ones, the mafia and maniac on their nights with reserve shots and
//! insurance, the base roles, the vote corrections, the mayor election, lynch, re-vote and witch
//! hunt, notes, penalties, the end of the game and the forum posts.
//!
//! A day is several rounds of one phase (`Outcome::another_round`): the election and its
//! second round and the secretary's appointment on day 1; the round before the vote, the vote
//! and the re-vote on later days. [`vars::Round`] says which is open.

mod active_citizen;
mod black;
mod blocker;
mod checks;
mod corrections;
mod day;
mod detective;
mod doctor;
mod election;
mod endgame;
mod hunt;
mod investigator;
mod killers;
mod mayor;
mod morning;
mod moves;
mod night;
mod notes;
mod politician;
mod posts;
mod setup;
mod shots;
mod teams;
mod validate;
mod vars;
mod votes;

pub use setup::{assign_roles, check_setup};
pub use validate::{act_refusal, vote_refusal};

use crate::engine::resolve::Ctx;
use crate::engine::{GameState, SlotId};
use crate::rules::{PhaseKind, Roleset};

pub fn resolve(ctx: &mut Ctx) {
    match ctx.state.phase_kind(ctx.roleset) {
        PhaseKind::Night => night::resolve(ctx),
        PhaseKind::Day => day::resolve(ctx),
    }
}

/// The ballot of the round open now; once a witch hunt vote is in, the hunt's.
pub fn open_ballot(state: &GameState) -> Option<String> {
    let round = vars::Round::now(state);
    let hunt = state.pending.iter().any(|p| {
        p.replaced_by.is_none()
            && matches!(&p.kind, crate::engine::entry::PendingKind::Vote { ballot, .. } if ballot == "witch_hunt")
    });
    match round.ballot() {
        Some("lynch") if hunt => Some("witch_hunt".into()),
        other => other.map(str::to_string),
    }
}

pub fn vote_warnings(
    _roleset: &Roleset,
    state: &GameState,
    ballot: &str,
    voter: SlotId,
    target: &str,
) -> Vec<String> {
    validate::vote_warnings(state, ballot, voter, target)
}
