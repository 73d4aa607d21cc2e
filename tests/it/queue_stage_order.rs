//! The queue groups a phase's steps by stage, one group each time the stage changes, so the
//! groups appear in the order the steps name their stages (hosting-a-game-2.md F10: a Conan
//! night showed `N5`, `N9`, `N6`, `N7`; a ru-city night `7.`, `3.`, `5.`, `7.`, `11.`). The
//! stage order is the resolution order: the runners resolve the stages in the order in force
//! and record every step in the stage running (`Ctx::stage`). So for every committed phase
//! resolved stage by stage (the nights of 1923, ru-city and Conan, the days of 1923 and Conan)
//! in every scenario, the stages its steps name never go back in the order in force, and no
//! stage's group appears twice. ru-city's days run by rounds, not by the stage runner; WWR runs
//! the bot's own pipeline.

use mafia_mod::rules::PhaseKind;
use mafia_mod::scenario::{ScriptStep, collect_files, load_scenario, run_scenario};
use std::path::PathBuf;

#[test]
fn every_phase_run_by_stages_lists_its_stages_in_order() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let dirs = ["mafia-1923", "ru-city", "conan"].map(|d| root.join(d));
    let mut phases = 0;
    let mut faults = Vec::new();
    for file in collect_files(&dirs) {
        let scenario = load_scenario(&file).expect("loads");
        // A reorder changes the order in force for the phases after it only.
        if scenario
            .script
            .iter()
            .any(|s| matches!(s, ScriptStep::ReorderStages(_)))
        {
            continue;
        }
        // A scenario that fails is reported by the scenario tests.
        let Ok(game) = run_scenario(&scenario, &file) else {
            continue;
        };
        let roleset = game.roleset();
        let order = &game.state().stage_order;
        for committed in &game.state().history {
            let kind = roleset.phase_kind(committed.index);
            if roleset.mechanics == "ru-city" && kind == PhaseKind::Day {
                continue;
            }
            phases += 1;
            let mut last: Option<(usize, &str)> = None;
            for step in &committed.outcome.steps {
                let Some(at) = order.iter().position(|s| *s == step.stage) else {
                    continue;
                };
                if let Some((before, name)) = last
                    && at < before
                {
                    faults.push(format!(
                        "{} {}: `{}` ({}) after `{name}`",
                        file.display(),
                        committed.name,
                        step.stage,
                        step.key
                    ));
                    break;
                }
                last = Some((at, step.stage.as_str()));
            }
        }
    }
    assert!(phases > 300, "only {phases} phases read");
    assert!(
        faults.is_empty(),
        "{} phases list a stage after a later one:\n{}",
        faults.len(),
        faults.join("\n")
    );
}
