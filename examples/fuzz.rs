//! The long run of the parsers' mutation harness (`mafia_mod::fuzz`), the same the CI test runs
//! briefly: `cargo run --release --example fuzz -- --runs 1000000 [--seed N] [--only NAME]`.
//! Prints, per parser, the inputs run, the time, and every panic or run over budget (at most
//! five each); exits 1 if there was any.

use std::path::Path;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let runs: u64 = value("--runs")
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let seed: u64 = value("--seed").and_then(|v| v.parse().ok()).unwrap_or(1);
    let only = value("--only");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut bad = false;
    for target in mafia_mod::fuzz::targets(Some(root)) {
        if only.as_deref().is_some_and(|o| o != target.name) {
            continue;
        }
        let start = Instant::now();
        let report = mafia_mod::fuzz::run(&target, runs, seed);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{:<16} {:>9} inputs  {:>8.1} s  {:>9.0} inputs/s  {} panics  {} over budget",
            target.name,
            report.inputs,
            secs,
            report.inputs as f64 / secs.max(1e-9),
            report.panics.len(),
            report.over_budget.len()
        );
        for (message, input) in report.panics.iter().take(5) {
            println!("  panic: {message}\n    input: {input:?}");
        }
        for (steps, budget, len) in report.over_budget.iter().take(5) {
            println!("  {steps} steps over {budget} for {len} bytes");
        }
        bad |= !report.panics.is_empty() || !report.over_budget.is_empty();
    }
    std::process::exit(i32::from(bad));
}
