//! The reproduction cases of the reliability review (`shared/reliability-cases/`, copied to
//! `tests/fixtures/reliability/`, the WWR inputs built here) as regression tests: each input
//! once made the program panic, wrap a number, lose a position or take quadratic time.

use mafia_mod::savefile::load_game;
use mafia_mod::store::FileError;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/reliability")
        .join(name)
}

fn load_error(name: &str) -> FileError {
    match load_game(&fixture(name)) {
        Ok(_) => panic!("{name} loaded"),
        Err(e) => e,
    }
}

/// The command fails and says `needle`.
fn refused_with(args: &[&str], needle: &str) {
    let (ok, text) = run(args);
    assert!(!ok, "{args:?} succeeded");
    assert!(text.contains(needle), "{text}");
}

/// `mafia-mod apply SAVE -` with `input` on its standard input.
fn apply_stdin(save: &Path, input: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mafia-mod"))
        .env("MAFIA_MOD_CONFIG", "/nonexistent/mafia-mod-config.toml")
        .args(["apply", save.to_str().expect("path"), "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("apply");
    let _ = child.stdin.take().expect("stdin").write_all(input);
    child.wait_with_output().expect("apply ends")
}

fn run(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mafia-mod"))
        .env("MAFIA_MOD_CONFIG", "/nonexistent/mafia-mod-config.toml")
        .args(args)
        .output()
        .expect("the binary runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

/// A save whose embedded roleset has an empty phase cycle was a panic in `check`, `open` and
/// `export`; it is refused at the cycle's line and column like a roleset file is.
#[test]
fn a_save_with_an_empty_phase_cycle_is_refused_at_the_cycle() {
    let e = load_error("demo-with-empty-cycle.ron");
    assert_eq!(e.field, "roleset.phases.cycle");
    assert!(e.line.is_some() && e.col.is_some(), "{e}");
    let (ok, text) = run(&[
        "check",
        fixture("demo-with-empty-cycle.ron").to_str().unwrap(),
    ]);
    assert!(!ok && !text.contains("panicked"), "{text}");
    assert!(text.contains("the phase cycle is empty"), "{text}");
}

/// An entry numbered u64::MAX made the next entry number 0.
#[test]
fn entry_numbers_must_rise_below_the_largest() {
    let e = load_error("seq-u64max.ron");
    assert!(e.field.starts_with("entries["), "{e}");
    assert!(e.line.is_some(), "{e}");
}

/// A file that is not UTF-8 is reported at its bad byte, whatever command reads it.
#[test]
fn a_file_that_is_not_utf8_is_reported_at_the_bad_byte() {
    refused_with(
        &["check", fixture("not-utf8.ron").to_str().unwrap()],
        "not-utf8.ron:3:9: the file is not valid UTF-8",
    );
}

/// An injury lasting 4294967295 phases ended at once (the sum wrapped); it lasts.
#[test]
fn a_status_lasting_u32_max_phases_lasts() {
    let (ok, text) = run(&["scenario", fixture("injured_forever.ron").to_str().unwrap()]);
    assert!(ok, "{text}");
}

/// A vote weight of 2147483647 wrapped a family's total and the court took the wrong family;
/// such a weight is refused where it is written.
#[test]
fn an_absurd_vote_weight_is_refused_where_it_is_written() {
    refused_with(
        &["check", fixture("weights.ron").to_str().unwrap()],
        "weights.ron:111:40: abilities[12].effect.weight",
    );
}

/// `mafia-mod` with no arguments did not start when the newest save did not load; it opens
/// the newest save that does and names the broken one.
#[test]
fn the_default_start_skips_a_newest_save_that_does_not_load() {
    let dir = tempfile::tempdir().expect("tempdir");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("games");
    let demo = mafia_mod::console::DEMO_SAVE;
    std::fs::write(games.join("old.ron"), demo).expect("old");
    let newer = games.join("newer.ron");
    std::fs::write(
        &newer,
        demo.replacen("    version: 1,", "    version: 2,", 1),
    )
    .expect("new");
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(60);
    std::fs::File::options()
        .write(true)
        .open(&newer)
        .and_then(|f| f.set_modified(later))
        .expect("mtime");
    let first = mafia_mod::console::first_game(Some(dir.path())).expect("a game opens");
    assert_eq!(first.path, games.join("old.ron"));
    let notice = first.notice.expect("the broken save is named");
    assert!(notice.contains("newer.ron does not load"), "{notice}");
    assert_eq!(
        std::fs::read_to_string(&newer).expect("kept"),
        demo.replacen("    version: 1,", "    version: 2,", 1),
        "the broken save is left as it was"
    );
}

/// Many `@(` inside a backtick string parsed in quadratic time (100,000: 30 s); an unknown word
/// of 2,000,000 characters took 16 s and 715 MB to suggest nothing and was printed whole. Both
/// now parse in one pass: this test would take minutes, not a second, if either came back.
#[test]
fn the_two_slow_wwr_inputs_parse_at_full_size() {
    let line = "  • (@Target[role] is `Vicious Hag`) and (@Self->Counter < 3): Role Change @Self to `Cautious Hag`";
    let nested = format!(
        "**Hag** | Unaligned Align\nPassive End Day:\n{}\n",
        line.replacen("Viciou", &format!("Viciou{}", "@(".repeat(100_000)), 1)
    );
    let parsed = mafia_mod::wwr::parse_element(&nested);
    assert!(
        parsed.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        parsed.diagnostics.first()
    );
    let long = format!(
        "**Hell** | Unaligned Align\nStarting: {}\n",
        "é".repeat(2_000_000)
    );
    let parsed = mafia_mod::wwr::parse_element(&long);
    let error = parsed
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .expect("an unknown ability");
    assert!(error.message.len() < 1000, "{} bytes", error.message.len());
}

/// One pasted sentence of 100,000 words took 9.5 s to suggest: each word looked back over its
/// sentence for where it began and each "no" ahead for a trigger and a name, a message of
/// names alone looked each token up among all the names found, a chain of "vote vote …" was
/// written out again at every link, and a run of `[` looked for its `]` once per bracket. The
/// reading is linear now (`benches/understand.rs` shows the ratio): this test would take
/// minutes, not seconds, if any of them came back.
#[test]
fn pastes_of_100k_words_are_read_in_one_pass() {
    const N: usize = 100_000;
    let game = mafia_mod::demo::demo_game().expect("demo");
    let suggest = |text: String| mafia_mod::understand::suggest_lines(&game, &text).expect("reads");
    let words = [
        "I", "heal", "Dino", "and", "Bruno", "no", "wait", "not", "Carla", "the", "Olga",
        "because", "Quinn", "would", "vote", "for", "Sal", "instead", "actually", "kill", "Franco",
        "tonight",
    ];
    let sentence: Vec<&str> = (0..N).map(|i| words[i % words.len()]).collect();
    let mixed = suggest(format!("From: Ann\n{}.\n", sentence.join(" ")));
    assert!(!mixed.is_empty());
    let heal_dino = vec!["act Ann doctor Dino".to_string()];
    let changes = format!("From: Ann\nheal Dino.\n{}not Carla xyz.\n", "no ".repeat(N));
    assert_eq!(
        suggest(changes),
        heal_dino,
        "changes of mind naming nobody re-aim nothing"
    );
    let names = format!("From: Ann\n{}\n", "Dino ".repeat(N));
    assert_eq!(
        suggest(names),
        heal_dino,
        "names alone: the sender's one ability"
    );
    let brackets = format!("From: Ann\n{}] heal Dino\n", "[".repeat(N));
    assert_eq!(suggest(brackets), heal_dino, "no bracket opens a tag");
    let votes = suggest(format!("From: Ann\n{}Dino\n", "vote ".repeat(N)));
    assert!(
        votes.len() == 1 && votes[0].starts_with("? Ann:"),
        "one vote, and no ballot by night: {:?}",
        votes
            .iter()
            .map(|l| l.chars().take(100).collect::<String>())
            .collect::<Vec<_>>()
    );
}

/// A save copied in with mode 0644 left its backup 0644 after the next save; every backup is
/// private now, and the temporary file an interrupted save left behind (its writer gone) is
/// removed at the next start.
#[cfg(unix)]
#[test]
fn backups_are_private_and_stale_temporaries_are_cleaned() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("g.ron");
    std::fs::write(&save, mafia_mod::console::DEMO_SAVE).expect("save");
    std::fs::set_permissions(&save, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    // A process id no system hands out.
    let stale = dir.path().join(".g.ron.tmp-4294967-0");
    std::fs::write(&stale, "half a save").expect("temp");
    let out = apply_stdin(&save, b"note a note for the test\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mode = |p: &Path| std::fs::metadata(p).expect("exists").permissions().mode() & 0o777;
    assert_eq!(mode(&save), 0o600);
    assert_eq!(mode(&dir.path().join("g.ron.bak01")), 0o600);
    assert!(!stale.exists(), "the stale temporary file is removed");
}

/// A player named with terminal escape sequences was printed raw by `export`, retitling and
/// clearing the host's terminal; exports carry no control sequences now.
#[test]
fn exports_strip_control_sequences() {
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("esc.ron");
    let evil = "Dino\u{1b}]0;PWNED\u{7}";
    let demo = mafia_mod::console::DEMO_SAVE;
    assert!(demo.contains("\"Dino\""), "the demo has a Dino");
    let text = demo.replace("\"Dino\"", &format!("{evil:?}"));
    std::fs::write(&save, text).expect("save");
    for args in [
        vec!["export", save.to_str().unwrap(), "--roles"],
        vec!["export", save.to_str().unwrap(), "--host"],
    ] {
        let (_, out) = run(&args);
        assert!(
            !out.contains('\u{1b}') && !out.contains('\u{7}'),
            "{args:?}: {out:?}"
        );
        assert!(
            out.contains("Dino]0;PWNED"),
            "{args:?}: the name is still there: {out}"
        );
    }
}

/// An override naming no step of the phase was accepted in silence.
#[test]
fn an_override_of_an_unknown_step_is_refused() {
    let first = {
        let dir = tempfile::tempdir().expect("tempdir");
        mafia_mod::console::first_game(Some(dir.path())).expect("demo")
    };
    let mut game = first.game;
    let refused = game
        .submit(
            mafia_mod::engine::Entry::Override {
                step: "bogus#1".into(),
                verdict: mafia_mod::engine::Verdict::Fail,
                reason: "because".into(),
            },
            None,
        )
        .expect_err("refused");
    assert_eq!(refused.rule, "unknown_step");
}

/// Two consoles on one save overwrote each other's entries; `apply` (like a second console)
/// is refused while a console holds the save, and says who does.
#[test]
fn apply_refuses_a_save_a_console_holds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("g.ron");
    std::fs::write(&save, mafia_mod::console::DEMO_SAVE).expect("save");
    let held = mafia_mod::store::lock_save(&save).expect("lock");
    let out = apply_stdin(&save, b"note x\n");
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(text.contains("open in another console"), "{text}");
    assert!(text.contains(&std::process::id().to_string()), "{text}");
    // Through a link to the save, the same lock.
    #[cfg(unix)]
    {
        let link = dir.path().join("link.ron");
        std::os::unix::fs::symlink(&save, &link).expect("link");
        let out = apply_stdin(&link, b"note x\n");
        assert!(
            !out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
    assert_eq!(
        std::fs::read_to_string(&save).expect("save"),
        mafia_mod::console::DEMO_SAVE
    );
    drop(held);
}

/// A setup the rules refuse names the file, line and column of the player at fault: in a
/// scenario, and in a players file for `new`.
#[test]
fn a_refused_setup_points_at_the_player() {
    let dir = tempfile::tempdir().expect("tempdir");
    let scenario = dir.path().join("bad.ron");
    std::fs::write(
        &scenario,
        "Scenario(\n    name: \"x\",\n    roleset: \"ru-city\",\n    players: [\n        (name: \"Ann\", role: \"doctor\"),\n        (name: \"Bob\", role: \"doktor\"),\n    ],\n    script: [],\n)\n",
    )
    .expect("scenario");
    let (ok, text) = run(&["scenario", scenario.to_str().unwrap()]);
    assert!(!ok);
    // The role's own field: the player's line, the column where his role is written.
    assert!(text.contains("bad.ron:6:29: players[1].role"), "{text}");
    let players = dir.path().join("players.txt");
    std::fs::write(&players, "Ann | | doctor\nBob | | doktor\n").expect("players");
    let out = dir.path().join("g.ron");
    let (ok, text) = run(&[
        "new",
        "--roleset",
        "ru-city",
        "--players",
        players.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(!ok);
    // `Bob | | doktor`: the role's column on his line.
    assert!(text.contains("players.txt:2:9: "), "{text}");
}

/// Numbers the code reads from a roleset are range-checked where they are written: an option
/// default the code would silently replace, a last phase that never comes.
#[test]
fn a_rolesets_numbers_are_range_checked() {
    let text = include_str!("../../rolesets/mafia-1923.ron");
    let path = Path::new("1923.ron");
    let bad = text.replacen("default: \"3\"", "default: \"-1\"", 1);
    assert_ne!(bad, text);
    let e = mafia_mod::systems::parse_checked(path, &bad).expect_err("refused");
    assert!(e.field.ends_with(".default") && e.line.is_some(), "{e}");
    let never = text.replacen("last: Some(\"Day 5\")", "last: Some(\"Day 0\")", 1);
    assert_ne!(never, text);
    let e = mafia_mod::systems::parse_checked(path, &never).expect_err("refused");
    assert_eq!(e.field, "phases.last", "{e}");
}
