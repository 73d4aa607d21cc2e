//! The Conan rule system from the command line (issue contract): `new --assign random` deals
//! by conan.md §12.4, `check` accepts the save, `roleset show conan` lists the stages of §6 by
//! phase, and `export --host` of the bundled demo has the crime log while the public post never
//! does.

use crate::cli_common;
use std::path::Path;

use cli_common::{out, run};

#[test]
fn new_random_conan_game_deals_a_quarter_bo_and_an_arrester() {
    let dir = tempfile::tempdir().expect("tempdir");
    let players = dir.path().join("players.txt");
    let names: Vec<String> = (1..=15).map(|i| format!("P{i}")).collect();
    std::fs::write(&players, names.join("\n")).expect("write players");
    let save = dir.path().join("conan.ron");
    let o = run(&[
        "new",
        "--roleset",
        "conan",
        "--players",
        players.to_str().unwrap_or_default(),
        "--assign",
        "random",
        "--seed",
        "3",
        "-o",
        save.to_str().unwrap_or_default(),
    ]);
    assert!(o.status.success(), "{}", out(&o));
    let game = mafia_mod::savefile::load_game(&save).expect("the new save loads");
    let roles: Vec<&str> = game.state().slots.iter().map(|s| s.role.as_str()).collect();
    let bo = [
        "anokata", "rum", "gin", "vermouth", "bourbon", "chianti", "korn", "pisco", "irish",
        "tequila", "vodka",
    ];
    let bo_count = roles.iter().filter(|r| bo.contains(r)).count();
    assert_eq!(bo_count, 4, "a quarter of 15, rounded up: {roles:?}");
    assert!(
        roles.contains(&"anokata"),
        "the BO's rank 1 leads: {roles:?}"
    );
    assert!(roles.contains(&"megure"), "an arrester plays: {roles:?}");
    assert_eq!(game.phase_name(), "Prep");
    let o = run(&["check", save.to_str().unwrap_or_default()]);
    assert!(o.status.success(), "{}", out(&o));
}

#[test]
fn roleset_show_conan_lists_the_stages_of_each_phase() {
    let o = run(&["roleset", "show", "conan"]);
    let text = out(&o);
    assert!(o.status.success(), "{text}");
    assert!(text.contains("phases: Prep, Night 1, Day 1"), "{text}");
    let night = text.find("Night stages").expect("night stages");
    let day = text.find("Day stages").expect("day stages");
    let night_part = &text[night..day];
    let order = [
        "night_setup",
        "arrest",
        "face_pinch",
        "block",
        "deceive",
        "protect",
        "kill",
        "inform",
        "other",
        "night_end",
    ];
    let mut at = 0;
    for id in order {
        let found = night_part[at..]
            .find(&format!(" {id} "))
            .unwrap_or_else(|| panic!("{id} after {at}:\n{night_part}"));
        at += found + 1;
    }
    assert!(text[day..].contains(" arrest "), "arrests by day too");
}

#[test]
fn the_host_sheet_has_the_crime_log_and_the_post_never_does() {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/demo-conan.ron");
    let demo = demo.to_str().unwrap_or_default();
    let o = run(&["export", demo, "--host"]);
    let host = out(&o);
    assert!(o.status.success(), "{host}");
    assert!(host.contains("Crime log (host only)"), "{host}");
    assert!(
        host.contains("killing by Akira on Taro in Night 1"),
        "{host}"
    );
    let o = run(&["export", demo, "--phase", "Night 1"]);
    let post = out(&o);
    assert!(o.status.success(), "{post}");
    assert!(post.contains("Taro was found dead"), "{post}");
    assert!(!post.to_lowercase().contains("crime"), "{post}");
    assert!(!post.contains("killing by"), "{post}");
}

/// Role PMs (§2, §8.2, §12): each BO member is told the BO with ranks and the leader; a town
/// player is not; Conan is told of his watch.
#[test]
fn role_pms_name_the_bo_to_its_members_only() {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/demo-conan.ron");
    let demo = demo.to_str().unwrap_or_default();
    let o = run(&["export", demo, "--roles", "--private", "Vic"]);
    let vic = out(&o);
    assert!(o.status.success(), "{vic}");
    assert!(
        vic.contains("The Black Organization: Akira (Anokata, rank 1)"),
        "{vic}"
    );
    assert!(vic.contains("Your leader: Akira."), "{vic}");
    let o = run(&["export", demo, "--roles", "--private", "Kei"]);
    let kei = out(&o);
    assert!(kei.contains("You start with a watch."), "{kei}");
    assert!(!kei.contains("Black Organization:"), "{kei}");
    assert!(!kei.contains("Akira"), "{kei}");
}
