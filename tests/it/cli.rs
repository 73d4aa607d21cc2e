//! The command line as a user runs it: the real binary, its output and exit codes.

use crate::cli_common;

use cli_common::run;
use std::path::Path;
use std::process::{Command, Output};

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// `mafia-mod new` of a 1923 game from a players file `file` holding `text`, written in `dir`:
/// what it did, and what it said on standard error.
fn new_from(dir: &Path, file: &str, text: &str, save: &str) -> (Output, String) {
    let players = dir.join(file);
    std::fs::write(&players, text).expect("write");
    let p = players.to_string_lossy().to_string();
    let o = run(&[
        "new",
        "--roleset",
        "mafia-1923",
        "--players",
        &p,
        "-o",
        save,
    ]);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    (o, err)
}

/// `mafia-mod apply SAVE LINES EXTRA…`.
fn apply(save: &Path, lines: &Path, extra: &[&str]) -> Output {
    let (save, lines) = (save.to_string_lossy(), lines.to_string_lossy());
    run(&[&["apply", save.as_ref(), lines.as_ref()][..], extra].concat())
}

fn repo(p: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(p)
        .to_string_lossy()
        .to_string()
}

#[test]
fn new_game_with_random_roles_then_check_and_export() {
    let dir = tempfile::tempdir().expect("tempdir");
    let players = dir.path().join("players.txt");
    let mut text = String::from("# two families\n");
    for f in ["Capone", "Rossi"] {
        for i in 0..8 {
            text.push_str(&format!("{f}{i} | {f}\n"));
        }
    }
    text.push_str("Watcher | | | spectator\n");
    std::fs::write(&players, text).expect("write players");
    let save = dir.path().join("game.ron");
    let args = ["new", "--roleset", "mafia-1923", "--players"];
    let o = run(&[
        &args[..],
        &[
            players.to_str().unwrap_or_default(),
            "--assign",
            "random",
            "--seed",
            "5",
            "-o",
            save.to_str().unwrap_or_default(),
        ],
    ]
    .concat());
    assert!(
        o.status.success(),
        "{}{}",
        stdout(&o),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).contains("16 players"), "{}", stdout(&o));
    let saved = std::fs::read_to_string(&save).expect("save written");
    assert_eq!(
        saved.matches("\"mafia_member\"").count() - 1,
        2,
        "one Mafia Member per family of 8 (plus the roleset's own mention)"
    );
    let game = mafia_mod::savefile::load_game(&save).expect("the new save loads");
    assert_eq!(game.file().setup.spectators, vec!["Watcher".to_string()]);
    assert!(
        game.state().slot_by_name("Watcher").is_none(),
        "a spectator is not a player"
    );
    let o = run(&["check", save.to_str().unwrap_or_default()]);
    assert!(
        o.status.success() && stdout(&o).contains("Night 1"),
        "{}",
        stdout(&o)
    );
    // Nothing is committed yet: export says so and fails.
    let o = run(&["export", save.to_str().unwrap_or_default()]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no phase has been committed"));
}

#[test]
fn manual_roles_missing_is_an_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let players = dir.path().join("p.txt");
    std::fs::write(&players, "Ann | Capone | doctor\nBob | Capone\n").expect("write");
    let o = run(&[
        "new",
        "--roleset",
        "mafia-1923",
        "--players",
        players.to_str().unwrap_or_default(),
        "-o",
        dir.path().join("g.ron").to_str().unwrap_or_default(),
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("Bob has no role"));
}

/// `new` prints the deal, and never overwrites a game in progress without `--force`.
#[test]
fn new_prints_the_deal_and_keeps_an_existing_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let players = dir.path().join("p.txt");
    std::fs::write(
        &players,
        "Ann (Annie) | Capone | doctor\nBob | Capone | mafia_member\nCid | Rossi | townsperson\n\
         Dee | Rossi | mafia_member\n",
    )
    .expect("write");
    let save = dir.path().join("g.ron");
    let args = |force: bool| {
        let mut a = vec![
            "new".to_string(),
            "--roleset".into(),
            "mafia-1923".into(),
            "--players".into(),
            players.to_string_lossy().to_string(),
            "-o".into(),
            save.to_string_lossy().to_string(),
        ];
        if force {
            a.push("--force".into());
        }
        a
    };
    let refs = |a: &[String]| {
        a.iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join("\u{1}")
    };
    let first = args(false);
    let o = run(&refs(&first).split('\u{1}').collect::<Vec<_>>());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        stdout(&o).contains("Ann · Capone · Doctor"),
        "{}",
        stdout(&o)
    );
    assert!(
        std::fs::read_to_string(&save)
            .expect("save")
            .contains("\"Annie\"")
    );
    let before = std::fs::read(&save).expect("read");
    let o = run(&refs(&first).split('\u{1}').collect::<Vec<_>>());
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--force"));
    assert_eq!(std::fs::read(&save).expect("read"), before);
    let forced = args(true);
    let o = run(&refs(&forced).split('\u{1}').collect::<Vec<_>>());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn export_the_demo_in_every_format() {
    let demo = repo("saves/demo.ron");
    let bb = stdout(&run(&[
        "export", &demo, "--phase", "Night 1", "--format", "bbcode",
    ]));
    assert!(
        bb.starts_with("[b]Night 1[/b]") && bb.contains("Jack has died.") && bb.contains("[list]"),
        "{bb}"
    );
    let md = stdout(&run(&["export", &demo, "--format", "markdown"]));
    assert!(
        md.starts_with("**Day 1**") && md.contains("The court has executed"),
        "{md}"
    );
    let private = stdout(&run(&[
        "export",
        &demo,
        "--phase",
        "Night 1",
        "--private",
        "Quinn",
    ]));
    assert!(private.contains("Bruno is a Mafia Member"), "{private}");
}

#[test]
fn check_reports_every_bad_file_with_position_and_exits_1() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("bad.ron");
    let roleset = std::fs::read_to_string(repo("rolesets/mafia-1923.ron")).expect("read");
    std::fs::write(
        &bad,
        roleset.replacen(
            "abilities: [\"mafia_kill\"]",
            "abilites: [\"mafia_kill\"]",
            1,
        ),
    )
    .expect("write");
    let o = run(&[
        "check",
        bad.to_str().unwrap_or_default(),
        &repo("rolesets/mafia-1923.ron"),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("bad.ron:") && out.contains("roles[1].abilites"),
        "{out}"
    );
    assert!(
        out.contains("ok   ") && out.contains("roleset mafia-1923"),
        "{out}"
    );
}

#[test]
fn roleset_show_lists_every_ability_id() {
    let out = stdout(&run(&["roleset", "show", "mafia-1923"]));
    let roleset = mafia_mod::systems::builtin("mafia-1923")
        .expect("bundled")
        .expect("valid");
    assert_eq!(
        roleset.abilities.len(),
        18,
        "the 18 fixed ability ids of the issue"
    );
    for ability in &roleset.abilities {
        assert!(
            out.contains(&format!("ability {}:", ability.id)),
            "missing {}",
            ability.id
        );
    }
    assert!(out.contains("court_families = 3"));
}

#[test]
fn scenario_command_ends_with_counts_and_fails_on_a_failure() {
    let o = run(&["scenario", &repo("tests/scenarios/mafia-1923")]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.trim_end()
            .lines()
            .last()
            .is_some_and(|l| l.ends_with("passed, 0 failed")),
        "{out}"
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let failing = dir.path().join("f.ron");
    std::fs::write(&failing, "Scenario(name: \"x\", roleset: \"mafia-1923\", players: [(name: \"Ann\", role: \"doctor\", family: Some(\"A\"))], script: [Expect(Dead(\"Ann\"))])").expect("write");
    let o = run(&["scenario", failing.to_str().unwrap_or_default()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("0 passed, 1 failed"));
}

/// Every committed round of a multi-round day stays reachable: `--round` picks it, by the
/// English or the roleset's own phase name, and a round that was never committed is an error
/// listing what was.
#[test]
fn export_reaches_every_round_of_a_day() {
    let scenario_path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/rounds_named_through_two_days.ron");
    let game = mafia_mod::scenario::play_file(&scenario_path).expect("plays");
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("rounds.ron");
    mafia_mod::savefile::save_game(&game, &save).expect("saved");
    let save = save.to_string_lossy().to_string();
    let vote = stdout(&run(&[
        "export", &save, "--phase", "Day 2", "--round", "vote",
    ]));
    assert!(vote.contains("Равенство голосов: Gus, Hal"), "{vote}");
    let revote = stdout(&run(&[
        "export",
        &save,
        "--phase",
        "День 2",
        "--round",
        "revote",
    ]));
    assert!(
        revote.contains("Gus — 3") && !revote.contains("Равенство"),
        "{revote}"
    );
    let missing = run(&["export", &save, "--phase", "Day 2", "--round", "election"]);
    assert!(!missing.status.success());
    let err = String::from_utf8_lossy(&missing.stderr);
    assert!(err.contains("--round revote"), "{err}");
}

/// Issue 9 item 1: `suggest` reads a batch (here from standard input) and changes nothing;
/// `apply` enters the edited lines, and a refused line leaves the save byte for byte.
#[test]
fn suggest_then_apply_is_a_night_from_a_shell() {
    use std::io::Write as _;
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("game.ron");
    std::fs::copy(repo("saves/demo.ron"), &save).expect("copy demo");
    let before = std::fs::read(&save).expect("read save");
    let mut child = Command::new(env!("CARGO_BIN_EXE_mafia-mod"))
        .env("MAFIA_MOD_CONFIG", "/nonexistent/mafia-mod-config.toml")
        .args(["suggest", save.to_str().unwrap_or_default(), "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn suggest");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(
            "From: Ann\nheal Carla tonight\n\nFrom: Quinn\ninvestigate bruni\n\n\
             Kira: we kill Franco and Sal\n\nFrom: Carla\nwhat time is it?\n"
                .as_bytes(),
        )
        .expect("write batch");
    let o = child.wait_with_output().expect("suggest runs");
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "act Ann doctor Carla\nact Quinn detective Bruno\nact Kira mafia_kill Franco Sal\n\
         ? Carla: no ability, vote or unvote recognised\n"
    );
    assert_eq!(
        std::fs::read(&save).expect("read"),
        before,
        "suggest changes nothing"
    );

    let night = dir.path().join("night.txt");
    let lines = stdout(&o).replace("? Carla: no ability, vote or unvote recognised\n", "");
    std::fs::write(&night, format!("{lines}commit\n")).expect("write lines");
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, format!("{lines}act Jack doctor Ann\ncommit\n")).expect("write");
    let o = apply(&save, &bad, &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains(":4:1: `act Jack doctor Ann`"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("rule `dead_actor`"), "{}", stdout(&o));
    assert_eq!(
        std::fs::read(&save).expect("read"),
        before,
        "all or nothing"
    );

    let o = apply(&save, &night, &[]);
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains("applied 4 entries"), "{}", stdout(&o));
    assert!(stdout(&o).contains("now Day 2"), "{}", stdout(&o));
}

/// F11: `apply` with a `commit` commits with the commit check's report, as the console asks
/// before a commit. A day committed with votes missing is refused, naming them, and the save
/// stays as it was; `--force` commits it, the report printed all the same.
#[test]
fn apply_shows_the_commit_check_and_stops_at_missing_votes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("game.ron");
    std::fs::copy(repo("saves/demo.ron"), &save).expect("copy demo");
    let before = std::fs::read(&save).expect("read save");
    // Night 2 is committed; on Day 2 only Ann votes before the day is committed too.
    let lines = dir.path().join("day2.txt");
    std::fs::write(
        &lines,
        "commit\nvote family Ann Rossi\nvote individual Ann Carla\ncommit\n",
    )
    .expect("write lines");
    let o = apply(&save, &lines, &[]);
    let text = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("commit check, line 1"), "{text}");
    assert!(
        text.contains("commit check, line 4: commit Day 2"),
        "{text}"
    );
    assert!(text.contains("Missing"), "{text}");
    assert!(text.contains("not voted on the Family vote"), "{text}");
    assert!(text.contains("not voted on the Individual vote"), "{text}");
    assert!(text.contains(":4:1: `commit`"), "{text}");
    assert!(text.contains("--force"), "{text}");
    assert!(text.contains("nothing applied"), "{text}");
    assert_eq!(
        std::fs::read(&save).expect("read"),
        before,
        "the save stays as it was"
    );

    let o = apply(&save, &lines, &["--force"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(
        text.contains("commit check, line 4: commit Day 2"),
        "{text}"
    );
    assert!(text.contains("not voted on the Individual vote"), "{text}");
    assert!(text.contains("At commit"), "{text}");
    assert!(text.contains("applied 4 entries"), "{text}");
    assert!(text.contains("now Night 3"), "{text}");
    let game = mafia_mod::savefile::load_game(&save).expect("the save loads");
    assert_eq!(game.phase_name(), "Night 3");
}

/// A save named by its bare file name is found in the games folder of `--data-dir`.
#[test]
fn a_bare_save_name_is_looked_up_in_the_data_dir() {
    let dir = tempfile::tempdir().expect("tempdir");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("games dir");
    std::fs::copy(repo("saves/demo.ron"), games.join("mine.ron")).expect("copy");
    let pms = dir.path().join("pms.txt");
    std::fs::write(&pms, "Ann: heal Carla\n").expect("write");
    let o = run(&[
        "--data-dir",
        dir.path().to_str().unwrap_or_default(),
        "suggest",
        "mine.ron",
        pms.to_str().unwrap_or_default(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o), "act Ann doctor Carla\n");
}

/// Issue 9 item 6: the host's documents from the command line: the role PMs in the roleset's
/// language (the mafia learn each other, the maniac nobody), one player's PM alone, the
/// reveal post with the winners and each phase, and the host sheet with the hidden values.
#[test]
fn export_role_pms_the_reveal_post_and_the_host_sheet() {
    let scenario_path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/game_standard_to_red_win.ron");
    let game = mafia_mod::scenario::play_file(&scenario_path).expect("plays");
    assert!(
        game.state().game_over.is_some(),
        "the scenario plays to the end"
    );
    let mafia: Vec<String> = game
        .state()
        .slots
        .iter()
        .filter(|s| s.extra_roles.iter().any(|r| r == "mafia") || s.role == "mafia")
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(mafia.len(), 2, "{mafia:?}");
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("city.ron");
    mafia_mod::savefile::save_game(&game, &save).expect("saved");
    let save = save.to_string_lossy().to_string();

    let roles = stdout(&run(&["export", &save, "--roles", "--format", "bbcode"]));
    assert_eq!(
        roles.matches(": ваша роль[/b]").count(),
        game.state().slots.len(),
        "{roles}"
    );
    let one = stdout(&run(&["export", &save, "--roles", "--private", &mafia[0]]));
    assert!(one.contains("(Черные)"), "{one}");
    assert!(
        one.contains(&format!("Ваши напарники: {}.", mafia[1])),
        "{one}"
    );
    assert!(!one.contains("ваша роль\n\n"), "one PM only: {one}");

    let recap = stdout(&run(&["export", &save, "--recap"]));
    assert!(recap.contains("Победили:"), "{recap}");
    for phase in &game.state().history {
        assert!(
            recap.contains(&phase.name),
            "{} is not in {recap}",
            phase.name
        );
    }
    for slot in &game.state().slots {
        assert!(recap.contains(&slot.name), "{recap}");
    }

    let host = stdout(&run(&["export", &save, "--host"]));
    assert!(host.contains("for the host only"), "{host}");
    assert!(host.contains("reserve of the mafia:"), "{host}");
    let both = run(&["export", &save, "--host", "--phase", "День 1"]);
    assert!(
        !both.status.success(),
        "a host sheet is never mixed into a post"
    );
}

/// Issue 9 item 7: a players file of names only deals a 1923 game once `--families` spreads
/// the players; without it the refusal says how.
#[test]
fn new_with_names_only_and_families_from_the_command_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let players = dir.path().join("players.txt");
    let names: String = (0..16).map(|i| format!("Player{i}\n")).collect();
    std::fs::write(&players, names).expect("write");
    let save = dir.path().join("game.ron");
    let (p, s) = (players.to_string_lossy(), save.to_string_lossy());
    let base = [
        "new",
        "--roleset",
        "mafia-1923",
        "--players",
        &p,
        "--assign",
        "random",
        "-o",
        &s,
    ];
    let refused = run(&base);
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("--families"), "{err}");
    let o = run(&[&base[..], &["--families", "2"]].concat());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let game = mafia_mod::savefile::load_game(&save).expect("loads");
    let in_family = |f: &str| {
        game.state()
            .slots
            .iter()
            .filter(|s| s.family.as_deref() == Some(f))
            .count()
    };
    assert_eq!((in_family("Capone"), in_family("Rossi")), (8, 8));
}

/// F6 of the second newcomer run: without `--seed` a "random" deal came from seed 0, so anyone
/// with the tool and the sign-up list could recompute it. Two games from the same list now get
/// seeds of their own, kept in the save for the replay, printed nowhere but the host sheet.
#[test]
fn a_deal_without_a_seed_is_drawn_from_the_system_and_kept_secret() {
    let dir = tempfile::tempdir().expect("tempdir");
    let players = dir.path().join("players.txt");
    let names: String = (0..16).map(|i| format!("Player{i}\n")).collect();
    std::fs::write(&players, names).expect("write");
    let p = players.to_string_lossy().to_string();
    let mut seeds = Vec::new();
    for name in ["one.ron", "two.ron"] {
        let save = dir.path().join(name).to_string_lossy().to_string();
        let o = run(&[
            "new",
            "--roleset",
            "mafia-1923",
            "--players",
            &p,
            "--assign",
            "random",
            "--families",
            "2",
            "-o",
            &save,
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let game = mafia_mod::savefile::load_game(Path::new(&save)).expect("loads");
        let seed = game.file().seed;
        assert!(
            !stdout(&o).contains(&seed.to_string()),
            "the seed is printed: {}",
            stdout(&o)
        );
        let sheet = run(&["export", &save, "--host"]);
        assert!(
            stdout(&sheet).contains(&format!("Seed: {seed}")),
            "{}",
            stdout(&sheet)
        );
        seeds.push(seed);
    }
    assert_ne!(seeds[0], seeds[1], "two deals share a seed");
    assert!(!seeds.contains(&0), "the old fixed default came back");
}

/// F16: a players file may name roles as players read them (`Doctor`, `Mafia Member`), and a
/// misspelt role or player is refused with the nearest known word.
#[test]
fn roles_by_display_name_and_did_you_mean() {
    let dir = tempfile::tempdir().expect("tempdir");
    let players = dir.path().join("players.txt");
    let save = dir.path().join("game.ron");
    let (p, s) = (
        players.to_string_lossy().to_string(),
        save.to_string_lossy().to_string(),
    );
    let new = |text: &str| {
        std::fs::write(&players, text).expect("write");
        let _ = std::fs::remove_file(&save);
        run(&["new", "--roleset", "mafia-1923", "--players", &p, "-o", &s])
    };
    let good = "Ann | Capone | Doctor\nBob | Capone | Mafia Member\nCid | Rossi | townsperson\nDan | Rossi | Mafia Member\n";
    let o = new(good);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let game = mafia_mod::savefile::load_game(&save).expect("loads");
    let roles: Vec<&str> = game.state().slots.iter().map(|s| s.role.as_str()).collect();
    assert_eq!(
        roles,
        ["doctor", "mafia_member", "townsperson", "mafia_member"]
    );
    let o = new(&good.replace("Doctor", "docter"));
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("did you mean `doctor`"), "{err}");
    std::fs::write(&players, good).expect("write");
    assert!(new(good).status.success());
    let script = dir.path().join("night.txt");
    std::fs::write(&script, "act Ann doctor Bbo\n").expect("write");
    let o = run(&["apply", &s, &script.to_string_lossy()]);
    assert!(!o.status.success());
    let said = format!("{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    assert!(said.contains("did you mean `Bob`"), "{said}");
}

/// F16: `Ann (Annie` with its bracket left open was a player named "Ann (Annie"; it is an
/// error at its line and column, and no save is written.
#[test]
fn an_unclosed_bracket_of_other_names_is_an_error_with_its_place() {
    let dir = tempfile::tempdir().expect("tempdir");
    let players = dir.path().join("players.txt");
    std::fs::write(&players, "Bob\nAnn (Annie\n").expect("write");
    let save = dir.path().join("game.ron");
    let o = run(&[
        "new",
        "--roleset",
        "mafia-1923",
        "--players",
        &players.to_string_lossy(),
        "--assign",
        "random",
        "--families",
        "1",
        "-o",
        &save.to_string_lossy(),
    ]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("players.txt:2:5:") && err.contains("not closed"),
        "{err}"
    );
    assert!(!save.exists());
}

/// A journal of `save` left by a console that is gone (a process id no system gives), with
/// these `:` lines as entries on the save as it is now. Returns the journal.
#[cfg(target_os = "linux")]
fn journal_left_on(save: &Path, lines: &str) -> std::path::PathBuf {
    let mut game = mafia_mod::savefile::load_game(save).expect("the save loads");
    let base = game.entries().last().map_or(0, |e| e.seq);
    let file = game.file().clone();
    mafia_mod::apply::apply_lines(&mut game, lines, Some(1_790_000_000)).expect("accepted");
    let entries: Vec<_> = game
        .entries()
        .iter()
        .filter(|e| e.seq > base)
        .cloned()
        .collect();
    mafia_mod::savefile::append_journal(save, &file, base, &entries).expect("journal");
    let journal = mafia_mod::savefile::journal_of(save, 999_999_999);
    std::fs::rename(mafia_mod::savefile::journal_path(save), &journal).expect("rename");
    journal
}

/// Item 1 of "A game is never lost, part 2": `apply` on a save with a journal (a console was
/// killed before saving these entries) refuses, lists them and says what to do, the save and
/// the journal untouched; `--journal keep-aside` renames the journal and applies, `--journal
/// drop` deletes it, printing what it held, and applies.
#[cfg(target_os = "linux")]
#[test]
fn apply_on_a_save_with_a_journal_refuses_unless_told_what_to_do() {
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("game.ron");
    std::fs::copy(repo("saves/demo.ron"), &save).expect("copy demo");
    let s = save.to_string_lossy().to_string();
    let journal = journal_left_on(&save, "modkill Bruno\n");
    let lines = dir.path().join("lines.txt");
    std::fs::write(&lines, "note from a script\n").expect("write");
    let l = lines.to_string_lossy().to_string();
    let before = std::fs::read(&save).expect("read");

    let o = run(&["apply", &s, &l]);
    let said = cli_common::out(&o);
    assert_eq!(o.status.code(), Some(2), "{said}");
    assert!(said.contains(&journal.display().to_string()), "{said}");
    assert!(said.contains("modkill Bruno"), "{said}");
    assert!(said.contains("nothing applied"), "{said}");
    assert!(said.contains("mafia-mod open"), "{said}");
    assert!(said.contains("--journal keep-aside"), "{said}");
    assert_eq!(
        std::fs::read(&save).expect("read"),
        before,
        "the save as it was"
    );
    assert!(journal.exists(), "the journal as it was");

    let o = run(&["apply", &s, &l, "--journal", "keep-aside"]);
    let said = cli_common::out(&o);
    assert!(o.status.success(), "{said}");
    assert!(said.contains("kept the journal"), "{said}");
    assert!(said.contains("modkill Bruno"), "{said}");
    assert!(said.contains("applied 1 entry"), "{said}");
    assert!(!journal.exists());
    let kept = std::fs::read_dir(dir.path())
        .expect("dir")
        .filter_map(Result::ok)
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .contains(".journal-999999999-aside-")
        });
    assert!(kept, "the journal is kept aside");

    // Another console killed after that apply: its journal is dropped when told so.
    let journal = journal_left_on(&save, "modkill Carla\n");
    let o = run(&["apply", &s, &l, "--journal", "drop"]);
    let said = cli_common::out(&o);
    assert!(o.status.success(), "{said}");
    assert!(said.contains("dropped the journal"), "{said}");
    assert!(said.contains("modkill Carla"), "{said}");
    assert!(!journal.exists());
    let game = mafia_mod::savefile::load_game(&save).expect("loads");
    assert!(game.state().slot_by_name("Carla").expect("Carla").alive);
    let notes = game
        .entries()
        .iter()
        .filter(|e| {
            mafia_mod::script::entry_line(&e.entry).as_deref() == Some("note from a script")
        })
        .count();
    assert_eq!(notes, 2);
}

/// Item 2 of "A game is never lost, part 2": a player name of 65,536 characters or more made
/// `new` panic after it had written the save. A name a game does not take (too long, or with a
/// control character, an escape sequence or a bidirectional override) is an error at its place
/// in the players file, and nothing is written.
#[test]
fn new_refuses_a_name_it_cannot_take_before_writing_anything() {
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("game.ron");
    let s = save.to_string_lossy().to_string();
    let long = "A".repeat(70_000);
    let lines = |second: &str| format!("Ann | Capone | doctor\n{second} | Capone | townsperson\n");
    let ron = |second: &str| {
        format!(
            "[\n    (name: \"Ann\", role: \"doctor\", family: \"Capone\"),\n    (name: \"{second}\", \
             role: \"townsperson\", family: \"Capone\"),\n]\n"
        )
    };
    let cases = [
        (
            "players.txt",
            lines(long.as_str()),
            "players.txt:2:65: ",
            "at most 64",
        ),
        (
            "players.txt",
            lines("Dan\u{1b}]0;PWNED\u{7}"),
            "players.txt:2:4: ",
            "U+001B",
        ),
        (
            "players.txt",
            lines("Eve (E\u{202e}ve)"),
            "players.txt:2:7: ",
            "U+202E",
        ),
        (
            "players.ron",
            ron(long.as_str()),
            "players.ron:3:12: ",
            "at most 64",
        ),
    ];
    for (file, text, place, why) in cases {
        let (o, err) = new_from(dir.path(), file, &text, &s);
        assert_eq!(o.status.code(), Some(2), "{place}: {err}");
        assert!(err.contains(place) && err.contains(why), "{place}: {err}");
        assert!(!save.exists(), "{place}: a save was written");
    }
}

/// Item 5 of "A game is never lost, part 2": every refusal of the setup that is about one
/// player names the players file, his line, and the column of the field at fault, in a text
/// players file as in a RON one.
#[test]
fn setup_refusals_name_the_players_line_and_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("game.ron");
    let s = save.to_string_lossy().to_string();
    let cases = [
        (
            "players.txt",
            "Ann | Capone | doctor\nBob | Capone | mafia_member\n  ann | Rossi | townsperson\n",
            "players.txt:3:3: ",
            "two players are named `ann`",
        ),
        (
            "players.txt",
            "Ann | Capone | doctor\nBob | Capone | mafia_member\nCid | Rossi | docter\n",
            "players.txt:3:15: ",
            "did you mean `doctor`",
        ),
        (
            "players.txt",
            "Ann | Capone | doctor\nBob | Capone\n",
            "players.txt:2:13: ",
            "Bob has no role",
        ),
        (
            "players.ron",
            "[\n    (name: \"Ann\", role: \"doctor\", family: \"Capone\"),\n    (name: \"ann\", \
             role: \"townsperson\", family: \"Capone\"),\n]\n",
            "players.ron:3:12: ",
            "two players are named `ann`",
        ),
    ];
    for (file, text, place, why) in cases {
        let (o, err) = new_from(dir.path(), file, text, &s);
        assert!(!o.status.success(), "{place}: accepted");
        assert!(err.contains(place) && err.contains(why), "{place}: {err}");
        assert!(!save.exists(), "{place}: a save was written");
    }
}

/// Issue 30, item 6: shell completions (clap_complete) and a manual page (clap_mangen), both
/// from the same command-line definition, so neither can fall behind it.
#[test]
fn completions_and_the_manual_page() {
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout(&run(&["completions", shell]));
        assert!(
            script.contains("mafia-mod") || script.contains("mafia__mod"),
            "{shell}: {script}"
        );
        assert!(
            script.contains("night-order"),
            "{shell} completes export's flags"
        );
    }
    let unknown = run(&["completions", "tcsh"]);
    assert!(!unknown.status.success());
    let man = stdout(&run(&["man"]));
    assert!(man.contains(".TH mafia-mod 1"), "{man}");
    assert!(man.contains("completions"), "{man}");
}

/// A copy of the bundled demo save in `dir`, by its path.
fn demo_copy(dir: &std::path::Path) -> String {
    let save = dir.join("demo.ron");
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/demo.ron"),
        &save,
    )
    .expect("copied");
    save.to_string_lossy().to_string()
}

/// Issue 30, item 1: `export --deadline` states the open phase's deadline in its zone and the
/// listed ones, Markdown with Discord's timestamps; with none set it says how to set one.
#[test]
fn export_the_deadline_in_every_format() {
    let dir = tempfile::tempdir().expect("tempdir");
    let save = demo_copy(dir.path());
    let none = run(&["export", &save, "--deadline"]);
    assert!(!none.status.success());
    assert!(String::from_utf8_lossy(&none.stderr).contains("has no deadline"));
    let lines = dir.path().join("d.txt");
    std::fs::write(&lines, "deadline 2026-12-01 20:00 Europe/Moscow\n").expect("written");
    assert!(
        run(&["apply", &save, &lines.to_string_lossy()])
            .status
            .success()
    );
    let bbcode = stdout(&run(&[
        "export",
        &save,
        "--deadline",
        "--zones",
        "UTC,America/New_York",
        "--format",
        "bbcode",
    ]));
    assert!(
        bbcode.starts_with("[b]Deadline for Night 2[/b]: Tue 1 Dec 2026, 20:00 MSK"),
        "{bbcode}"
    );
    assert!(
        bbcode.contains("[*]UTC: Tue 1 Dec 2026, 17:00 UTC"),
        "{bbcode}"
    );
    assert!(
        bbcode.contains("[*]America/New_York: Tue 1 Dec 2026, 12:00 EST"),
        "{bbcode}"
    );
    let discord = stdout(&run(&[
        "export",
        &save,
        "--deadline",
        "--format",
        "markdown",
    ]));
    assert!(
        discord.contains("<t:1796144400:F> (<t:1796144400:R>)"),
        "{discord}"
    );
    let text = stdout(&run(&["export", &save, "--deadline"]));
    assert!(
        text.contains("Deadline for Night 2: Tue 1 Dec 2026, 20:00 MSK"),
        "{text}"
    );
}

/// Issue 30, items 6 and 7: `mafia-mod config` prints the file's path and the settings in
/// force; the settings reach the commands (export's markup and zones); a config error names
/// the file, line and column and stops every command.
#[test]
fn the_config_file_and_its_errors() {
    use crate::cli_common::{out, run_with_config};
    let dir = tempfile::tempdir().expect("tempdir");
    let config = dir.path().join("config.toml");
    let defaults = stdout(&run_with_config(&["config"], &config));
    assert!(defaults.contains("(none yet: the defaults)"), "{defaults}");
    assert!(defaults.contains("markup = text"), "{defaults}");
    std::fs::write(
        &config,
        "markup = \"markdown\"\ntheme = \"light\"\nzones = [\"Asia/Tokyo\"]\nmouse = false\n",
    )
    .expect("written");
    let shown = stdout(&run_with_config(&["config"], &config));
    for line in [
        "markup = markdown",
        "theme = light",
        "zones = Asia/Tokyo",
        "mouse = false",
    ] {
        assert!(shown.contains(line), "{line} in {shown}");
    }
    let save = demo_copy(dir.path());
    let lines = dir.path().join("d.txt");
    std::fs::write(&lines, "deadline 2026-12-01 20:00 Europe/Moscow\n").expect("written");
    assert!(
        run_with_config(&["apply", &save, &lines.to_string_lossy()], &config)
            .status
            .success()
    );
    let post = stdout(&run_with_config(&["export", &save, "--deadline"], &config));
    assert!(
        post.starts_with("**Deadline for Night 2**"),
        "markdown by the config: {post}"
    );
    assert!(
        post.contains("Asia/Tokyo: Wed 2 Dec 2026, 02:00 JST"),
        "{post}"
    );
    std::fs::write(&config, "markup = \"bbcode\"\nthem = \"light\"\n").expect("written");
    let bad = run_with_config(&["config"], &config);
    assert_eq!(bad.status.code(), Some(1));
    let said = out(&bad);
    assert!(
        said.contains("config.toml:2:1: unknown field `them`"),
        "{said}"
    );
    let stopped = run_with_config(&["export", &save], &config);
    assert_eq!(stopped.status.code(), Some(2));
    assert!(
        out(&stopped).contains("config.toml:2:1"),
        "{}",
        out(&stopped)
    );
}

/// Issue 30, item 6: every command's `--help` ends with an example.
#[test]
fn every_command_has_an_example() {
    use clap::CommandFactory;
    fn walk(command: &clap::Command, path: &str, missing: &mut Vec<String>) {
        for sub in command.get_subcommands() {
            let path = format!("{path} {}", sub.get_name());
            let help = sub.clone().render_long_help().to_string();
            if sub.get_subcommands().next().is_none() && !help.contains("Example: mafia-mod") {
                missing.push(path.clone());
            }
            walk(sub, &path, missing);
        }
    }
    let mut missing = Vec::new();
    walk(&mafia_mod::cli::Cli::command(), "mafia-mod", &mut missing);
    assert!(missing.is_empty(), "no example in the help of: {missing:?}");
}
