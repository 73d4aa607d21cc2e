//! A WWR game from the command line, as a new host starts one (issue 13): the summary of the
//! demo role book, `new` on its setup file dealing at random, the refusals of a setup that
//! cannot run (counts, a role outside layer A, a misspelt role), `check` on a setup and a
//! folder, and a save that keeps its texts when the files change.

use crate::cli_common;
use std::path::Path;

use cli_common::{out, run};
use std::process::Output;

fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .to_string_lossy()
        .to_string()
}

/// `count` player names, one per line.
fn players_file(dir: &Path, count: usize) -> String {
    let path = dir.join("players.txt");
    let names: Vec<String> = (1..=count).map(|i| format!("P{i}")).collect();
    std::fs::write(&path, names.join("\n")).expect("players");
    path.to_string_lossy().to_string()
}

/// `mafia-mod new --roleset SETUP --players PLAYERS -o SAVE [more…]`.
fn new_game(setup: &str, players: &str, save: &Path, more: &[&str]) -> Output {
    let mut args = vec!["new", "--roleset", setup, "--players", players, "-o"];
    args.push(save.to_str().unwrap_or_default());
    args.extend(more);
    run(&args)
}

#[test]
fn the_demo_role_book_is_executable_role_by_role() {
    let o = run(&["roleset", "show", &repo("rolesets/wwr-demo"), "--summary"]);
    assert!(o.status.success(), "{}", out(&o));
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    let lines: Vec<&str> = text.lines().collect();
    // the 15 roles of the 16-player game, the 10 of layer B, the extra role one grants and
    // the 5 of layer C
    assert_eq!(lines.len(), 31, "{text}");
    assert!(lines.iter().all(|l| l.ends_with("\texecutable")), "{text}");
}

#[test]
fn new_deals_the_setup_s_roles_and_the_game_runs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let players = players_file(dir.path(), 16);
    let save = dir.path().join("wwr.ron");
    let setup = repo("rolesets/wwr-demo/setup.ron");
    let o = new_game(
        &setup,
        &players,
        &save,
        &["--assign", "random", "--seed", "5"],
    );
    assert!(o.status.success(), "{}", out(&o));
    let game = mafia_mod::savefile::load_game(&save).expect("the save loads");
    assert_eq!(game.phase_name(), "Day 0");
    let mut dealt: Vec<&str> = game.state().slots.iter().map(|s| s.role.as_str()).collect();
    dealt.sort_unstable();
    assert_eq!(dealt.iter().filter(|r| **r == "lamplighter").count(), 2);
    assert_eq!(dealt.len(), 16);
    // The roles are the demo's, every one of them executable.
    let o = run(&["check", save.to_str().unwrap_or_default()]);
    assert!(o.status.success(), "{}", out(&o));
}

#[test]
fn a_deal_that_does_not_add_up_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let players = players_file(dir.path(), 5);
    let save = dir.path().join("wwr.ron");
    let setup = repo("rolesets/wwr-demo/setup.ron");
    let o = new_game(&setup, &players, &save, &["--assign", "random"]);
    assert!(!o.status.success());
    assert!(out(&o).contains("add up to the players"), "{}", out(&o));
    assert!(!save.exists(), "a refused game writes no save");
}

#[test]
fn a_role_outside_layer_a_is_refused_with_its_reason() {
    let dir = tempfile::tempdir().expect("tempdir");
    let players = dir.path().join("players.txt");
    std::fs::write(
        &players,
        "Ann | | watcher\nBob | | turncoat\nCid | | beast\n",
    )
    .expect("write");
    let save = dir.path().join("wwr.ron");
    let o = new_game(
        &repo("tests/wwr/options-book/refused.setup.ron"),
        players.to_str().unwrap_or_default(),
        &save,
        &[],
    );
    assert!(!o.status.success());
    let text = out(&o);
    assert!(
        text.contains("Bob is dealt Turncoat, which is not yet executable"),
        "{text}"
    );
    assert!(text.contains("activation (layer C)"), "{text}");
}

#[test]
fn a_misspelt_role_in_a_setup_names_the_line_and_a_suggestion() {
    let dir = tempfile::tempdir().expect("tempdir");
    let book = repo("tests/wwr/options-book");
    let setup = dir.path().join("setup.ron");
    std::fs::write(
        &setup,
        format!(
            "WwrSetup(\n    name: \"typo\",\n    folder: \"{book}\",\n    roles: {{\"Watcher\": 1, \"Slayr\": 1}},\n)\n"
        ),
    )
    .expect("write");
    let o = run(&["check", setup.to_str().unwrap_or_default()]);
    assert!(!o.status.success());
    let text = out(&o);
    assert!(text.contains("setup.ron:4:"), "{text}");
    assert!(text.contains("no role named `Slayr`"), "{text}");
    assert!(text.contains("Slayer"), "a suggestion: {text}");
}

#[test]
fn check_accepts_a_setup_and_a_folder_of_texts() {
    let o = run(&[
        "check",
        &repo("rolesets/wwr-demo/setup.ron"),
        &repo("rolesets/wwr-demo"),
    ]);
    assert!(o.status.success(), "{}", out(&o));
    let text = out(&o);
    assert!(
        text.contains("WWR setup wwr-werewolves-revamped-demo (32 roles"),
        "{text}"
    );
    assert!(text.contains("WWR texts"), "{text}");
}

/// The save embeds the texts: a game replays as it was played after its files change.
#[test]
fn a_save_keeps_its_texts_when_the_files_change() {
    let dir = tempfile::tempdir().expect("tempdir");
    let book = dir.path().join("book");
    std::fs::create_dir_all(book.join("roles")).expect("folders");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wwr/options-book");
    for f in mafia_mod::wwr::report::wwr_files(&source).expect("the book") {
        let rel = f.strip_prefix(&source).expect("inside");
        std::fs::copy(&f, book.join(rel)).expect("copy");
    }
    std::fs::copy(source.join("setup.ron"), book.join("setup.ron")).expect("copy setup");
    let players = dir.path().join("players.txt");
    std::fs::write(&players, "Sla | | slayer\nWat | | watcher\nBea | | beast\n").expect("write");
    let save = dir.path().join("wwr.ron");
    let o = new_game(
        book.join("setup.ron").to_str().unwrap_or_default(),
        players.to_str().unwrap_or_default(),
        &save,
        &[],
    );
    assert!(o.status.success(), "{}", out(&o));
    let apply = dir.path().join("night.txt");
    std::fs::write(&apply, "commit\nact Sla slayer Wat\ncommit\n").expect("write");
    let o = run(&[
        "apply",
        save.to_str().unwrap_or_default(),
        apply.to_str().unwrap_or_default(),
    ]);
    assert!(o.status.success(), "{}", out(&o));
    // The Slayer's text changes on disk: he would now protect instead.
    std::fs::write(
        book.join("roles/slayer.wwr"),
        "**Slayer** | Townsfolk Killing\nEnd Night: Protect @Selection from `Attacks` through Active Defense\n",
    )
    .expect("rewrite");
    let game = mafia_mod::savefile::load_game(&save).expect("the save loads");
    assert!(
        !game.state().slot_by_name("Wat").expect("Wat").alive,
        "the kill replays"
    );
}

/// The messages to a group's channel (the Den's hunt report) are exported by the group's
/// name, for the host to forward to its thread.
#[test]
fn a_group_s_messages_are_exported_by_its_name() {
    let save = repo("saves/demo-wwr.ron");
    let dir = tempfile::tempdir().expect("tempdir");
    let copy = dir.path().join("wwr.ron");
    std::fs::copy(&save, &copy).expect("copy the demo");
    let commit = dir.path().join("commit.txt");
    std::fs::write(&commit, "commit\n").expect("write");
    // Oda has not voted in the Hunt: the commit check stops a scripted commit unless forced.
    let o = run(&[
        "apply",
        copy.to_str().unwrap_or_default(),
        commit.to_str().unwrap_or_default(),
        "--force",
    ]);
    assert!(o.status.success(), "{}", out(&o));
    let o = run(&[
        "export",
        copy.to_str().unwrap_or_default(),
        "--phase",
        "Night 1",
        "--private",
        "den",
    ]);
    assert!(o.status.success(), "{}", out(&o));
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(text.starts_with("Night 1 — to Den"), "{text}");
    assert!(text.contains("brought down Gus"), "{text}");
    let o = run(&[
        "export",
        copy.to_str().unwrap_or_default(),
        "--private",
        "Nobody",
    ]);
    assert!(!o.status.success());
    assert!(
        out(&o).contains("no player named `Nobody`, and no group"),
        "{}",
        out(&o)
    );
}

/// Pasted PMs become answers: the prompts carry the words players use for them (the role's
/// name, a verb per kind of ability), so `suggest` reads a night's messages into entries.
#[test]
fn pasted_pms_are_read_into_answers() {
    let dir = tempfile::tempdir().expect("tempdir");
    let players = dir.path().join("players.txt");
    let lines: Vec<String> = mafia_mod::demo::WWR_DEMO_DEAL
        .iter()
        .map(|(n, r)| format!("{n} | | {r}"))
        .collect();
    std::fs::write(&players, lines.join("\n")).expect("players");
    let save = dir.path().join("wwr.ron");
    let o = new_game(
        &repo(mafia_mod::demo::WWR_DEMO_SETUP),
        players.to_str().unwrap_or_default(),
        &save,
        &[],
    );
    assert!(o.status.success(), "{}", out(&o));
    let commit = dir.path().join("commit.txt");
    std::fs::write(&commit, "commit\n").expect("write");
    let o = run(&[
        "apply",
        save.to_str().unwrap_or_default(),
        commit.to_str().unwrap_or_default(),
    ]);
    assert!(o.status.success(), "{}", out(&o));
    let pms = dir.path().join("pms.txt");
    std::fs::write(
        &pms,
        "From: Fay\nI protect Kim tonight\n\nFrom: Cid\ncheck Max please\n\nFrom: Max\ninvestigate Ann and Pat\n\nFrom: Lou\nvote Gus\n",
    )
    .expect("write");
    let o = run(&[
        "suggest",
        save.to_str().unwrap_or_default(),
        pms.to_str().unwrap_or_default(),
    ]);
    assert!(o.status.success(), "{}", out(&o));
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            "act Fay herbalist Kim",
            "act Cid night_watch Max",
            "act Max scent_hound Ann Pat",
            "vote Lou Gus",
        ],
        "{text}"
    );
}
