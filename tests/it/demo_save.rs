//! The bundled demo save must be exactly what `demo::demo_game` builds, so it always loads.
//! Regenerate with `UPDATE_DEMO=1 cargo test --test demo_save`.

use std::path::PathBuf;

#[test]
fn demo_save_is_current() {
    let game = mafia_mod::demo::demo_game().expect("the demo game builds");
    let text = mafia_mod::savefile::game_text(&game).expect("the demo game serialises");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("saves/demo.ron");
    if std::env::var_os("UPDATE_DEMO").is_some() {
        std::fs::write(&path, &text).expect("write saves/demo.ron");
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == text,
        "saves/demo.ron is stale: run UPDATE_DEMO=1 cargo test --test demo_save"
    );
    let loaded = mafia_mod::savefile::load_game(&path).expect("the demo save loads");
    assert_eq!(loaded.state(), game.state());
    assert_eq!(loaded.phase_name(), "Night 2");
}

/// A save written before statuses could say they take a player out of the game embeds a roleset
/// whose exile lacks the flag; it still replays as it did, with exile counted as out.
#[test]
fn a_save_without_the_exile_flag_replays_the_same() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/save-without-exile-flag.ron");
    let old = std::fs::read_to_string(&path).expect("fixture");
    assert!(
        !old.contains("removes_from_game"),
        "the fixture predates the flag"
    );
    let loaded = mafia_mod::savefile::load_game(&path).expect("the old save loads");
    assert_eq!(
        loaded.state().out_of_game_statuses,
        vec!["exiled".to_string()]
    );
    let game = mafia_mod::demo::demo_game().expect("the demo game builds");
    assert_eq!(loaded.state(), game.state());
}

/// A WWR save written before the rule switches `lynch_voters` and `voting_power` embeds a
/// roleset without them; it loads, takes their defaults (the bot's, which is how the executor
/// ran before), and replays to where it was saved.
#[test]
fn a_wwr_save_without_the_vote_switches_loads_and_replays_the_same() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/wwr-save-without-vote-options.ron");
    let old = std::fs::read_to_string(&path).expect("fixture");
    assert!(
        !old.contains("lynch_voters") && !old.contains("voting_power"),
        "the fixture predates the switches"
    );
    let loaded = mafia_mod::savefile::load_game(&path).expect("the old save loads");
    for (id, default) in [("lynch_voters", "none"), ("voting_power", "pair")] {
        let option = loaded.roleset().options.iter().find(|o| o.id == id);
        assert_eq!(option.map(|o| o.default.as_str()), Some(default), "{id}");
    }
    // it replays to where it was saved: the demo's first night, everyone as the demo has them
    assert_eq!(loaded.phase_name(), "Night 1");
    let game = mafia_mod::demo::wwr_demo_night().expect("the WWR demo builds");
    let living = |g: &mafia_mod::engine::Game| -> Vec<String> {
        g.state().living().map(|s| s.name.clone()).collect()
    };
    assert_eq!(living(&loaded), living(&game));
    assert_eq!(loaded.state().pending.len(), game.state().pending.len());
}

/// The Conan demo save is what `demo::conan_demo_game` builds, in the middle of Day 1.
#[test]
fn conan_demo_save_is_current() {
    let game = mafia_mod::demo::conan_demo_game().expect("the Conan demo builds");
    let text = mafia_mod::savefile::game_text(&game).expect("it serialises");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("saves/demo-conan.ron");
    if std::env::var_os("UPDATE_DEMO").is_some() {
        std::fs::write(&path, &text).expect("write saves/demo-conan.ron");
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == text,
        "saves/demo-conan.ron is stale: run UPDATE_DEMO=1 cargo test --test demo_save"
    );
    let loaded = mafia_mod::savefile::load_game(&path).expect("the Conan demo loads");
    assert_eq!(loaded.state(), game.state());
    assert_eq!(loaded.phase_name(), "Day 1");
    let taro = loaded.state().slot_by_name("Taro").expect("Taro");
    assert!(!taro.alive, "the Night 1 kill went through");
}

/// The WWR demo save is what `demo::wwr_demo_night` builds: Night 1 of the demo role book, its
/// texts embedded.
#[test]
fn wwr_demo_save_is_current() {
    let game = mafia_mod::demo::wwr_demo_night().expect("the WWR demo builds");
    let text = mafia_mod::savefile::game_text(&game).expect("it serialises");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("saves/demo-wwr.ron");
    if std::env::var_os("UPDATE_DEMO").is_some() {
        std::fs::write(&path, &text).expect("write saves/demo-wwr.ron");
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == text,
        "saves/demo-wwr.ron is stale: run UPDATE_DEMO=1 cargo test --test demo_save"
    );
    let loaded = mafia_mod::savefile::load_game(&path).expect("the WWR demo loads");
    assert_eq!(loaded.state(), game.state());
    assert_eq!(loaded.phase_name(), "Night 1");
    assert!(
        !loaded.roleset().sources.is_empty(),
        "the texts are embedded"
    );
}
