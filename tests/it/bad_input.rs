//! Bad input never panics: truncated and mangled rolesets, saves and scenarios give errors that
//! name the file (with line and column where the text is at fault).

use mafia_mod::savefile::parse_game;
use mafia_mod::scenario::Scenario;
use mafia_mod::store::parse_ron;
use mafia_mod::systems::parse_checked as builtin_parse;
use std::path::{Path, PathBuf};

fn repo(path: &str) -> String {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// Cut points spread over the text (every character would take long for the big save).
fn cuts(text: &str) -> impl Iterator<Item = usize> + '_ {
    let step = (text.len() / 400).max(1);
    (0..text.len())
        .step_by(step)
        .filter(|i| text.is_char_boundary(*i) && !text[*i..].trim().is_empty())
}

/// Small deterministic mangles: delete, duplicate, swap characters; drop and repeat lines.
fn mangles(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..120 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let i = (x as usize) % chars.len().max(1);
        let j = ((x >> 32) as usize) % chars.len().max(1);
        let mut c = chars.clone();
        match x % 5 {
            0 => {
                c.remove(i);
            }
            1 => c.insert(i, c[i]),
            2 => c.swap(i, j),
            3 => {
                let l = i % lines.len().max(1);
                let mut ls = lines.clone();
                ls.remove(l);
                out.push(ls.join("\n"));
                continue;
            }
            _ => {
                let l = i % lines.len().max(1);
                let mut ls = lines.clone();
                ls.insert(l, lines[l]);
                out.push(ls.join("\n"));
                continue;
            }
        }
        out.push(c.into_iter().collect());
    }
    out
}

fn assert_names_file(message: &str, file: &str) {
    assert!(
        message.starts_with(file),
        "error does not name the file: {message}"
    );
}

#[test]
fn truncated_roleset_is_an_error_with_position() {
    let text = repo("rolesets/mafia-1923.ron");
    for cut in cuts(&text) {
        let err = builtin_parse(Path::new("r.ron"), &text[..cut])
            .expect_err("a truncated roleset must not load");
        let msg = err.to_string();
        assert_names_file(&msg, "r.ron");
        assert!(
            err.line.is_some() || cut == 0 || msg.contains("empty"),
            "no position at cut {cut}: {msg}"
        );
    }
}

#[test]
fn mangled_roleset_never_panics() {
    let text = repo("rolesets/mafia-1923.ron");
    for m in mangles(&text) {
        if let Err(e) = builtin_parse(Path::new("r.ron"), &m) {
            assert_names_file(&e.to_string(), "r.ron");
        }
    }
}

#[test]
fn truncated_save_is_an_error_and_mangled_never_panics() {
    let text = repo("saves/demo.ron");
    for cut in cuts(&text) {
        let err = parse_game(Path::new("g.ron"), &text[..cut])
            .expect_err("a truncated save must not load");
        assert_names_file(&err.to_string(), "g.ron");
    }
    for m in mangles(&text) {
        if let Err(e) = parse_game(Path::new("g.ron"), &m) {
            assert_names_file(&e.to_string(), "g.ron");
        }
    }
}

#[test]
fn save_with_entry_the_rules_refuse_names_the_entry() {
    let text = repo("saves/demo.ron");
    // Make the first doctor action target a player who does not exist.
    let broken = text.replacen("targets: [\"Carla\"]", "targets: [\"Nobody\"]", 1);
    assert_ne!(
        broken, text,
        "the demo save changed shape; update this test"
    );
    let err = parse_game(Path::new("g.ron"), &broken).expect_err("must refuse");
    let msg = err.to_string();
    assert!(msg.contains("entry #1") && msg.contains("Nobody"), "{msg}");
}

#[test]
fn save_from_a_newer_version_is_refused() {
    let text = repo("saves/demo.ron").replacen("version: 1,", "version: 99,", 1);
    let err = parse_game(Path::new("g.ron"), &text).expect_err("must refuse");
    assert!(err.to_string().contains("version 99"), "{err}");
}

#[test]
fn mangled_scenarios_never_panic() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/mafia-1923");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("scenario dir")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let text =
        std::fs::read_to_string(files.first().expect("at least one scenario")).expect("read");
    for cut in cuts(&text) {
        assert!(
            parse_ron::<Scenario>(Path::new("s.ron"), &text[..cut]).is_err(),
            "truncated scenario parsed at {cut}"
        );
    }
    for m in mangles(&text) {
        if let Ok(s) = parse_ron::<Scenario>(Path::new("s.ron"), &m) {
            // A mangle that still parses must run without panicking.
            let _ = mafia_mod::scenario::run_scenario(&s, &dir.join("s.ron"));
        }
    }
}

/// Item 5 of "A game is never lost, part 2": a scenario's setup refusal named neither line nor
/// column; it names the scenario file at the field of the player entry at fault, in `check`
/// and when the scenario runs.
#[test]
fn a_scenario_setup_refusal_names_the_player_entry() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("dup.ron");
    std::fs::write(
        &path,
        r#"Scenario(
    name: "two Anns",
    roleset: "mafia-1923",
    players: [
        (name: "Ann", role: "doctor", family: "Capone"),
        (name: "ann", role: "townsperson", family: "Capone"),
    ],
    script: [],
)
"#,
    )
    .expect("write");
    let wanted = format!("{}:6:16: players[1].name: ", path.display());
    let err = mafia_mod::scenario::play_file(&path).expect_err("two Anns");
    assert!(
        err.starts_with(&wanted) && err.contains("two players are named `ann`"),
        "{err}"
    );
    let problems = mafia_mod::commands::check_file(&path).expect_err("two Anns");
    assert!(
        problems.iter().any(|p| p.starts_with(&wanted)),
        "{problems:#?}"
    );
}

/// The same refusal in a save names the save's line and column of the player entry.
#[test]
fn a_save_whose_setup_is_refused_names_the_player_entry() {
    let text = repo("saves/demo.ron");
    let dino = text.find("name: \"Dino\"").expect("the demo has a Dino");
    let broken = text.replacen("name: \"Dino\"", "name: \"ann\"", 1);
    let err = parse_game(Path::new("g.ron"), &broken).expect_err("two Anns");
    assert!(
        err.field.starts_with("setup.players[") && err.field.ends_with("].name"),
        "{err}"
    );
    let line = text[..dino].matches('\n').count() + 1;
    assert_eq!((err.line, err.col), (Some(line), Some(23)), "{err}");
    assert!(err.message.contains("two players are named"), "{err}");
}
