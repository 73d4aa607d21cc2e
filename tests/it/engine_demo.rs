//! The engine's stepwise resolution and live tally, on the bundled demo game (these need a real
//! rule system, which the engine itself never names, so they live outside it).

use mafia_mod::engine::stepwise::Stepwise;
use mafia_mod::engine::{Entry, Game, GameState};

#[test]
fn one_snapshot_per_step_and_the_same_outcome_as_preview() {
    let game = mafia_mod::demo::demo_game().expect("demo builds");
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
    let game = mafia_mod::demo::demo_game().expect("demo builds");
    let stepwise = Stepwise::of(&game);
    let alive = |s: &GameState| s.slots.iter().filter(|s| s.alive).count();
    let counts: Vec<usize> = (0..=stepwise.step_count())
        .map(|k| alive(stepwise.state_after(k)))
        .collect();
    assert!(counts.windows(2).all(|w| w[1] <= w[0]), "{counts:?}");
}

fn day_one() -> Game {
    let mut game = mafia_mod::demo::demo_game().expect("demo builds");
    // Back to Day 1 of the demo: replay only up to its first Resolve plus the Day 1 votes.
    let entries: Vec<_> = game.entries().to_vec();
    let first_day_end = entries
        .iter()
        .filter(|e| matches!(e.entry, Entry::Resolve))
        .nth(1)
        .map(|e| e.seq)
        .expect("two resolves");
    for e in entries.iter().rev().filter(|e| e.seq >= first_day_end) {
        game.submit(Entry::Undo(e.seq), None).expect("undo");
    }
    game
}

#[test]
fn counts_day_votes_with_weights_and_thresholds() {
    let game = day_one();
    assert_eq!(game.phase_name(), "Day 1");
    let t = game.tally();
    assert_eq!(t.ballots.len(), 2);
    let family = t.ballots.iter().find(|b| b.id == "family").expect("family");
    assert!(!family.targets.is_empty());
    assert!(family.thresholds[0].contains("court"));
    let totals: Vec<i32> = family.targets.iter().map(|t| t.total).collect();
    let mut sorted = totals.clone();
    sorted.sort_by_key(|t| std::cmp::Reverse(*t));
    assert_eq!(totals, sorted);
}

#[test]
fn night_has_no_ballot() {
    let game = mafia_mod::demo::demo_game().expect("demo builds");
    assert!(game.tally().ballots.is_empty());
}
