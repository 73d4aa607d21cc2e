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
        let ctx = run_resolver(game.roleset(), &before, game.file().seed, Some(Vec::new()));
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

#[cfg(test)]
mod tests {
    use super::Stepwise;

    #[test]
    fn one_snapshot_per_step_and_the_same_outcome_as_preview() {
        let game = crate::demo::demo_game().expect("demo builds");
        let stepwise = Stepwise::of(&game);
        assert_eq!(stepwise.outcome, game.preview());
        assert_eq!(stepwise.after_step.len(), stepwise.step_count());
        assert_eq!(stepwise.state_after(0), game.state());
        let last = stepwise.state_after(stepwise.step_count());
        assert_eq!(
            last.slots.iter().filter(|s| s.alive).count(),
            stepwise.after.slots.iter().filter(|s| s.alive).count()
        );
        // Far past the end is the final state, never a panic.
        assert_eq!(stepwise.state_after(10_000), &stepwise.after);
    }

    #[test]
    fn deaths_appear_at_their_step() {
        let game = crate::demo::demo_game().expect("demo builds");
        let stepwise = Stepwise::of(&game);
        let alive = |s: &crate::engine::GameState| s.slots.iter().filter(|s| s.alive).count();
        let counts: Vec<usize> = (0..=stepwise.step_count())
            .map(|k| alive(stepwise.state_after(k)))
            .collect();
        assert!(counts.windows(2).all(|w| w[1] <= w[0]), "{counts:?}");
    }
}
