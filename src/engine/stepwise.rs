//! "The state as of step k": the current phase resolved once, with the state recorded after
//! every step, so a viewer can walk through the resolution and show who is alive, injured or
//! poisoned at each point.
//!
//! Snapshots are taken by the resolver itself ([`super::resolve::Ctx::step`] clones the state
//! when asked), not re-derived here, so they can never disagree with the real resolution. A
//! snapshot is the state at the moment its step is recorded; the mechanics record a step after
//! applying it, so step k's snapshot includes step k's own effect.

use super::game::Game;
use super::outcome::Outcome;
use super::resolve::run_resolver;
use super::state::GameState;

/// One resolution of the current phase, step by step. Nothing is committed.
#[derive(Clone, Debug)]
pub struct Stepwise {
    /// What resolving now would give (the same as [`Game::preview`]).
    pub outcome: Outcome,
    /// The state before the first step.
    pub before: GameState,
    /// `after_step[i]` is the state once step `i` (0-based) is done.
    pub after_step: Vec<GameState>,
    /// The state once everything is resolved, before the commit starts the next phase.
    pub after: GameState,
}

impl Stepwise {
    /// Resolve the game's current phase, recording the state after each step.
    pub fn of(game: &Game) -> Stepwise {
        let before = game.state().clone();
        let ctx = run_resolver(
            game.system(),
            game.roleset(),
            before.clone(),
            game.file().seed,
            Some(Vec::new()),
        );
        Stepwise {
            outcome: ctx.outcome,
            after_step: ctx.snapshots.unwrap_or_default(),
            after: ctx.state,
            before,
        }
    }

    /// The state as of `done` steps: 0 is before any step, `steps.len()` after the last one.
    pub fn state_after(&self, done: usize) -> &GameState {
        match done.checked_sub(1) {
            None => &self.before,
            Some(i) => self.after_step.get(i).unwrap_or(&self.after),
        }
    }

    pub fn step_count(&self) -> usize {
        self.outcome.steps.len()
    }
}
