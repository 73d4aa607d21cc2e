//! The live tally is the rule system's prediction of the result: for every scenario of every
//! bundled rule system, just before each day round is resolved, the tally's totals must be
//! exactly the totals the resolution then counts (`Outcome::counted`), target by target.

use mafia_mod::engine::Game;
use mafia_mod::rules::PhaseKind;
use mafia_mod::scenario::{ScriptStep, collect_files, load_scenario, run_scenario};
use std::collections::BTreeMap;
use std::path::PathBuf;

type Totals = BTreeMap<(String, String), i32>;

fn predicted(game: &Game) -> Totals {
    game.tally()
        .ballots
        .iter()
        .flat_map(|b| {
            b.targets
                .iter()
                .filter(|t| t.total != 0)
                .map(|t| ((b.id.clone(), t.target.clone()), t.total))
        })
        .collect()
}

fn counted(game: &Game) -> Totals {
    let last = game.state().history.last().expect("a committed round");
    last.outcome
        .counted
        .iter()
        .filter(|c| c.total != 0)
        .map(|c| ((c.ballot.clone(), c.target.clone()), c.total))
        .collect()
}

#[test]
fn the_tally_predicts_every_committed_day() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut compared = 0;
    let mut mismatches = Vec::new();
    for file in collect_files(std::slice::from_ref(&root)) {
        let mut scenario = load_scenario(&file).expect("loads");
        let script = std::mem::take(&mut scenario.script);
        // Play the scenario one step at a time; before each Resolve of a day, predict.
        for (i, step) in script.iter().enumerate() {
            if !matches!(step, ScriptStep::Resolve) {
                continue;
            }
            scenario.script = script[..i].to_vec();
            let Ok(mut game) = run_scenario(&scenario, &file) else {
                break;
            };
            if game.state().phase_kind(game.roleset()) != PhaseKind::Day
                || game.state().game_over.is_some()
            {
                continue;
            }
            let before = predicted(&game);
            if game
                .submit(mafia_mod::engine::Entry::Resolve, None)
                .is_err()
            {
                break;
            }
            let after = counted(&game);
            compared += 1;
            if before != after {
                mismatches.push(format!(
                    "{} (Resolve at step {}):\n  tally    {before:?}\n  resolved {after:?}",
                    file.display(),
                    i + 1
                ));
            }
        }
    }
    assert!(compared > 100, "only {compared} day rounds compared");
    assert!(
        mismatches.is_empty(),
        "{} of {compared} day rounds:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
