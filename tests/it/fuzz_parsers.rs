//! The seeded mutation test of every parser (see `mafia_mod::fuzz`): edited rolesets, saves,
//! scenarios, players files, WWR texts and setups, `apply` lines and pasted messages give a
//! clean error or a result,
//! never a panic, and the WWR parser stays within its linear budget of steps. Over 20,000 inputs
//! in all; `cargo run --release --example fuzz -- --runs N` runs the same harness long.

use std::path::Path;

/// Inputs per parser: small files cost little in a debug build, whole rolesets and saves more.
fn runs(name: &str) -> u64 {
    match name {
        "roleset" | "save" => 1_500,
        // Each reads the demo's folder of role texts, or replays lines on the demo.
        "wwr setup" => 500,
        "apply lines" => 2_000,
        "scenario" => 3_000,
        _ => 5_000,
    }
}

#[test]
fn no_parser_panics_or_runs_over_its_budget_on_mutated_inputs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut total = 0;
    let mut problems = Vec::new();
    for target in mafia_mod::fuzz::targets(Some(root)) {
        assert!(!target.seeds.is_empty(), "{} has seeds", target.name);
        let report = mafia_mod::fuzz::run(&target, runs(target.name), 0x5eed);
        total += report.inputs;
        for (message, input) in report.panics.iter().take(3) {
            problems.push(format!("{}: panic `{message}` on {input:?}", target.name));
        }
        for (steps, budget, len) in report.over_budget.iter().take(3) {
            problems.push(format!(
                "{}: {steps} steps over a budget of {budget} for {len} bytes",
                target.name
            ));
        }
    }
    assert!(total >= 20_000, "only {total} inputs");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
