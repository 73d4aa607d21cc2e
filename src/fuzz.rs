//! A seeded mutation harness for every parser a host's files and pastes go through: rolesets,
//! saves, scenarios, players files, WWR texts and pasted messages. Each input is a valid text
//! edited at random (bytes flipped, dropped, doubled, runs repeated, lines swapped, brackets,
//! quotes, huge numbers and odd characters put in, the text cut short); each parser must give a
//! clean error or a result, never a panic, and the WWR parser, the project's own, must stay
//! within a budget of steps linear in the input. `tests/fuzz_parsers.rs` runs it in CI;
//! `cargo run --release --example fuzz -- --runs N` runs it long.

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

/// One parser under test: its name, the valid texts mutations start from, and how to run it.
pub struct Target {
    pub name: &'static str,
    pub seeds: Vec<String>,
    pub run: Box<dyn Fn(&str) + Sync>,
    /// Steps the parser may take per input byte (beyond a fixed allowance); `None`: not counted.
    pub steps_per_byte: Option<u64>,
}

/// What a run found.
#[derive(Debug, Default)]
pub struct Report {
    pub inputs: u64,
    /// Inputs that panicked: (the panic's message, the input's first 300 characters).
    pub panics: Vec<(String, String)>,
    /// Inputs that took more steps than their budget: (steps, budget, input length).
    pub over_budget: Vec<(u64, u64, usize)>,
}

/// Edit a text at random, one to four times.
pub fn mutate(rng: &mut ChaCha8Rng, text: &str) -> String {
    const PIECES: &[&str] = &[
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        "\"",
        "'",
        "`",
        ",",
        ":",
        "\n",
        "//",
        "/*",
        "r#\"",
        "\\",
        "4294967295",
        "18446744073709551616",
        "-2147483649",
        "0",
        "NaN",
        "None",
        "Some(",
        "é",
        "•",
        "\u{202e}",
        "\u{1b}[2J",
        "\u{0}",
        "@(",
        "&(",
        "%x%",
        "$total",
        "Ann",
        "",
    ];
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..=4) {
        let len = bytes.len().max(1);
        let at = rng.random_range(0..len).min(bytes.len());
        match rng.random_range(0..9) {
            0 => {
                if at < bytes.len() {
                    bytes[at] = rng.random();
                }
            }
            1 => {
                let end = (at + rng.random_range(1..64)).min(bytes.len());
                bytes.drain(at..end);
            }
            2 => {
                let end = (at + rng.random_range(1..64)).min(bytes.len());
                let run = bytes[at..end].to_vec();
                for _ in 0..rng.random_range(1..8) {
                    bytes.splice(at..at, run.iter().copied());
                }
            }
            3 => bytes.truncate(at),
            4 | 5 => {
                let piece = PIECES[rng.random_range(0..PIECES.len())];
                let times = if rng.random_range(0..10) == 0 { 200 } else { 1 };
                bytes.splice(at..at, piece.repeat(times).into_bytes());
            }
            6 => {
                let other = rng.random_range(0..len).min(bytes.len());
                let (a, b) = (at.min(other), at.max(other));
                if b < bytes.len() {
                    bytes.swap(a, b);
                }
            }
            7 => {
                // Swap two lines.
                let text = String::from_utf8_lossy(&bytes).to_string();
                let mut lines: Vec<&str> = text.split('\n').collect();
                if lines.len() > 1 {
                    let a = rng.random_range(0..lines.len());
                    let b = rng.random_range(0..lines.len());
                    lines.swap(a, b);
                }
                bytes = lines.join("\n").into_bytes();
            }
            _ => {
                // A digit run made huge.
                if let Some(d) = bytes[at..].iter().position(u8::is_ascii_digit) {
                    bytes.splice(at + d..at + d, b"99999999999999999999".iter().copied());
                }
            }
        }
    }
    String::from_utf8_lossy(&bytes).to_string()
}

/// Run `runs` mutated inputs through the target, from `seed`.
pub fn run(target: &Target, runs: u64, seed: u64) -> Report {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut report = Report::default();
    if target.seeds.is_empty() {
        return report;
    }
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for _ in 0..runs {
        let base = &target.seeds[rng.random_range(0..target.seeds.len())];
        let input = mutate(&mut rng, base);
        crate::wwr::cursor::reset_steps();
        let outcome = catch_unwind(AssertUnwindSafe(|| (target.run)(&input)));
        report.inputs += 1;
        if let Err(panic) = outcome {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            report
                .panics
                .push((message, input.chars().take(300).collect()));
        }
        if let Some(per_byte) = target.steps_per_byte {
            let steps = crate::wwr::cursor::steps();
            let budget = per_byte * input.len() as u64 + 10_000;
            if steps > budget {
                report.over_budget.push((steps, budget, input.len()));
            }
        }
    }
    std::panic::set_hook(hook);
    report
}

/// Every `step`-th page of a corpus file of `tests/understand/` (a `--- GAME` line, the page,
/// then its `=>` lines).
fn corpus_pages(text: &str, step: usize) -> Vec<String> {
    text.split("\n--- ")
        .skip(1)
        .step_by(step)
        .filter_map(|case| {
            let page = case.split_once('\n')?.1;
            Some(page.split("\n=> ").next().unwrap_or(page).to_string())
        })
        .collect()
}

/// Every parser, with its seeds from the bundled data (and `root`'s test files, if given).
pub fn targets(root: Option<&Path>) -> Vec<Target> {
    let read = |rel: &str| root.and_then(|r| std::fs::read_to_string(r.join(rel)).ok());
    let rolesets: Vec<String> = crate::systems::SYSTEMS
        .0
        .iter()
        .filter_map(|s| s.bundled_roleset().map(|(_, text)| text.to_string()))
        .collect();
    let scenarios: Vec<String> = [
        "tests/scenarios/ru-city/lawyer_protects_a_red_check.ron",
        "tests/scenarios/ru-city/pimp_forbids_a_day_move.ron",
    ]
    .iter()
    .filter_map(|p| read(p))
    .collect();
    let wwr: Vec<String> = root
        .map(|r| crate::wwr::report::wwr_files(&r.join("tests/wwr/valid")).unwrap_or_default())
        .unwrap_or_default()
        .iter()
        .take(40)
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    let demo = crate::savefile::parse_game(Path::new("demo.ron"), crate::console::DEMO_SAVE)
        .expect("the bundled demo loads");
    let setup_path = root.map(|r| r.join("rolesets/wwr-demo/setup.ron"));
    let setups: Vec<String> = read("rolesets/wwr-demo/setup.ron").into_iter().collect();
    let lines = vec![
        "act Quinn detective Kira\nvote family Ann Rossi\nnote \"a note\"\nmodkill Bruno\nundo\ncommit\n"
            .to_string(),
        "act Ann doctor Ugo\noverride act#57 fail \"host's call\"\nstatus Carla +injured\n".to_string(),
    ];
    let mut pasted = vec![
        "Ann: I heal Carla tonight\nBruno: we kill Jack\nQuinn: check Bruno please\n".to_string(),
        "Vote: Franco\n\nDino - jail Carla, family Capone\nElsa: i vote Rossi".to_string(),
    ];
    // a thread page or chat log of each layout (`understand::forum`): the corpus's pages
    for file in [
        "tests/understand/threads-phpbb-smf.txt",
        "tests/understand/threads-vb-xf-ips.txt",
        "tests/understand/threads-discourse-chat.txt",
    ] {
        pasted.extend(read(file).iter().flat_map(|text| corpus_pages(text, 8)));
    }
    vec![
        Target {
            name: "roleset",
            seeds: rolesets,
            run: Box::new(|t| {
                let _ = crate::systems::parse_checked(Path::new("fuzz.ron"), t);
            }),
            steps_per_byte: None,
        },
        Target {
            name: "save",
            seeds: vec![crate::console::DEMO_SAVE.to_string()],
            run: Box::new(|t| {
                let _ = crate::savefile::parse_game(Path::new("fuzz.ron"), t);
            }),
            steps_per_byte: None,
        },
        Target {
            name: "scenario",
            seeds: scenarios,
            run: Box::new(|t| {
                let path = Path::new("fuzz.ron");
                if let Ok(s) = crate::store::parse_ron::<crate::scenario::Scenario>(path, t) {
                    let _ = crate::scenario::start_game(&s, path);
                }
            }),
            steps_per_byte: None,
        },
        Target {
            name: "players",
            seeds: vec![
                "Ann (Annie) | Capone | doctor | beginner\nBob | Rossi | mafia_member+thief\n# a comment\n\nCid | | townsperson | spectator\n".into(),
            ],
            run: Box::new(|t| {
                let _ = crate::commands::parse_players(Path::new("players.txt"), t);
            }),
            steps_per_byte: None,
        },
        Target {
            name: "wwr",
            seeds: wwr,
            run: Box::new(|t| {
                let _ = crate::wwr::parse_element(t);
            }),
            steps_per_byte: Some(64),
        },
        Target {
            name: "wwr setup",
            seeds: setups,
            // Read beside the demo's role texts, so its folder resolves as a host's does.
            run: Box::new(move |t| {
                if let Some(path) = &setup_path {
                    let _ = crate::systems::parse_checked(path, t);
                }
            }),
            steps_per_byte: None,
        },
        Target {
            name: "apply lines",
            seeds: lines,
            run: Box::new({
                let demo = demo.clone();
                move |t| {
                    let mut game = demo.clone();
                    let _ = crate::apply::apply_lines(&mut game, t, None);
                }
            }),
            steps_per_byte: None,
        },
        Target {
            name: "pasted messages",
            seeds: pasted,
            run: Box::new(move |t| {
                let _ = crate::understand::read_batch(&demo, t);
            }),
            steps_per_byte: None,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The harness reports what it is there to find: a panic, and a parser over its budget.
    #[test]
    fn panics_and_runs_over_budget_are_reported() {
        let panicky = Target {
            name: "panics on a bracket",
            seeds: vec!["a(b)c".into()],
            run: Box::new(|t| assert!(!t.contains('('), "a bracket")),
            steps_per_byte: None,
        };
        let report = run(&panicky, 200, 1);
        assert_eq!(report.inputs, 200);
        assert!(!report.panics.is_empty());
        let greedy = Target {
            name: "steps too much",
            seeds: vec!["**X** | Unaligned Align\n".into()],
            run: Box::new(|t| {
                let _ = crate::wwr::parse_element(t);
            }),
            steps_per_byte: Some(0),
        };
        let report = run(&greedy, 50, 2);
        assert!(
            report.over_budget.is_empty(),
            "the allowance covers a short text"
        );
        let forced = Target {
            steps_per_byte: Some(0),
            // Whatever the input, a parse far longer than it.
            run: Box::new(|_| {
                let long = "**X** | Unaligned Align\nPassive End Day:\n  • (@Target[role] is `A`): Role Change @Self to `B`\n".repeat(400);
                let _ = crate::wwr::parse_element(&long);
            }),
            ..greedy
        };
        assert!(!run(&forced, 1, 3).over_budget.is_empty());
    }
}
