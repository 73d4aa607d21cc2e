//! ru-city, the Russian forum "city" rule system, part 1 (shared/seeds/000_f6d88bc78ab5cdbd.txt,
//! English digest shared/rules/ru-city.md): the red, black and grey teams with the overlay of
//! negative roles on peaceful ones, the mafia and maniac on their nights with reserve shots and
//! insurance, the base roles, the vote corrections, the mayor election, lynch, re-vote and witch
//! hunt, notes, penalties, the end of the game and the forum posts.
//!
//! A day is several rounds of one phase (`Outcome::another_round`): the election and its
//! second round and the secretary's appointment on day 1; the round before the vote, the vote
//! and the re-vote on later days. [`kept::Round`] says which is open.

mod best_player;
mod blocks;
mod borrowed;
mod checks;
mod corrections;
mod day;
mod day_moves;
mod elite;
mod endgame;
mod hunt;
mod kept;
mod killers;
mod live_tally;
mod morning;
mod night;
mod notes;
mod posts;
mod requires;
mod roles;
mod setup;
mod shots;
mod teams;
mod validate;
mod votes;
mod werewolf;

use crate::engine::resolve::Ctx;
use crate::engine::system::{ActQuery, RuleSystem, VoteQuery};
use crate::engine::{GameState, PlayerSetup, Refusal, Setup, SetupReport};
use crate::rules::{PhaseKind, Roleset};

/// ru-city as the engine sees it.
#[derive(Debug)]
pub struct RuCity;

/// The registry's handle on ru-city.
pub static SYSTEM: RuCity = RuCity;

impl RuleSystem for RuCity {
    fn id(&self) -> &'static str {
        "ru-city"
    }
    fn bundled_roleset(&self) -> Option<(&'static str, &'static str)> {
        Some((
            "rolesets/ru-city.ron",
            include_str!("../../../rolesets/ru-city.ron"),
        ))
    }
    fn requires(&self) -> crate::engine::system::Requirements {
        requires::all()
    }
    fn upgrade_roleset(&self, roleset: &mut Roleset) {
        super::upgrade_exile_flag(roleset, "exiled");
        super::upgrade_from_bundled(roleset, self);
    }
    fn check_setup(&self, roleset: &Roleset, setup: &Setup, report: &mut SetupReport) {
        setup::check_setup(roleset, setup, report)
    }
    fn assign_roles(
        &self,
        roleset: &Roleset,
        players: &mut [PlayerSetup],
        seed: u64,
    ) -> Result<(), Refusal> {
        setup::assign_roles(roleset, players, seed)
    }
    fn usable_refusal(
        &self,
        roleset: &Roleset,
        state: &GameState,
        actor: crate::engine::SlotId,
        ability: &str,
    ) -> Result<(), Refusal> {
        validate::usable_refusal(roleset, state, actor, ability)
    }
    fn pending_roles(
        &self,
        roleset: &Roleset,
        state: &GameState,
        slot: crate::engine::SlotId,
    ) -> Vec<String> {
        roles::pending_roles(roleset, state, slot)
    }
    fn act_refusal(&self, q: &ActQuery<'_>) -> Result<(), Refusal> {
        validate::act_refusal(q.roleset, q.state, q.actor, q.ability, q.targets, q.params)
    }
    fn vote_refusal(&self, q: &VoteQuery<'_>) -> Result<(), Refusal> {
        validate::vote_refusal(q.roleset, q.state, q.ballot, q.voter, q.target, q.advance)
    }
    fn vote_warnings(&self, q: &VoteQuery<'_>) -> Vec<String> {
        validate::vote_warnings(q.state, q.ballot, q.voter, q.target)
    }
    fn round(&self, state: &GameState) -> Option<&'static str> {
        match kept::Round::now(state) {
            kept::Round::Night => None,
            round => Some(round.id()),
        }
    }
    fn next_round(&self, state: &GameState) -> Option<&'static str> {
        // Only the rounds without a vote need it (the refusal of a vote says what comes next);
        // after a vote, whether a re-vote or the night follows depends on the count.
        match kept::Round::now(state) {
            kept::Round::PreVote => Some(kept::Round::Vote.id()),
            _ => None,
        }
    }
    fn told_sides(
        &self,
        _roleset: &Roleset,
        state: &GameState,
        slot: crate::engine::SlotId,
    ) -> Vec<(crate::engine::SlotId, bool)> {
        let roles: Vec<&str> = state
            .slots
            .get(slot)
            .map_or(Vec::new(), |s| s.roles().collect());
        kept::shown_to(state, &roles)
    }
    fn open_ballot(&self, _roleset: &Roleset, state: &GameState) -> Option<String> {
        open_ballot(state)
    }
    fn kept_lines(&self, roleset: &Roleset, state: &GameState) -> Vec<String> {
        let mut lines = kept::sheet_lines(roleset, state);
        lines.extend(elite::sheet_lines(state));
        lines.extend(werewolf::sheet_lines(state));
        lines.extend(roles::sheet_lines(roleset, state));
        lines
    }
    fn tally(
        &self,
        roleset: &Roleset,
        state: &GameState,
        seed: u64,
    ) -> crate::engine::tally::Tally {
        live_tally::tally(roleset, state, seed, open_ballot(state).as_deref())
    }
    fn resolve(&self, ctx: &mut Ctx) {
        resolve(ctx)
    }
}

fn resolve(ctx: &mut Ctx) {
    if let Some(over) = &ctx.state.game_over {
        // After the end only the best-player vote is counted, once (L174).
        if !over.after_game_counted {
            best_player::resolve(ctx);
        }
        return;
    }
    match ctx.state.phase_kind(ctx.roleset) {
        PhaseKind::Night => night::resolve(ctx),
        // ru-city has no prelude: its first phase is Day 1.
        PhaseKind::Day | PhaseKind::Prep => day::resolve(ctx),
    }
    roles::phase_resolved(ctx);
}

/// The ballot of the round open now; once a witch hunt vote is in, the hunt's.
fn open_ballot(state: &GameState) -> Option<String> {
    if let Some(over) = &state.game_over {
        return (!over.after_game_counted).then(|| best_player::BALLOT.to_string());
    }
    let round = kept::Round::now(state);
    let hunt = state.pending.iter().any(|p| {
        p.replaced_by.is_none()
            && matches!(&p.kind, crate::engine::entry::PendingKind::Vote { ballot, .. } if ballot == "witch_hunt")
    });
    match round.ballot() {
        Some("lynch") if hunt => Some("witch_hunt".into()),
        other => other.map(str::to_string),
    }
}
