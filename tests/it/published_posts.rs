//! Posts as records: what a commit published is kept as published. A save written before posts
//! were kept gets them by walking its log entry by entry, and that walk must give exactly the
//! records the console keeps as it goes, undos of committed entries included.

use mafia_mod::engine::{Entry, Game};
use mafia_mod::export::{Markup, public_post};
use mafia_mod::systems::SYSTEMS;

fn demo() -> Game {
    mafia_mod::savefile::load_game(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/saves/demo.ron"
    )))
    .expect("the demo loads")
}

fn night_post(game: &Game, name: &str) -> String {
    let phase = game
        .state()
        .history
        .iter()
        .find(|p| p.name == name)
        .expect("committed");
    public_post(game, phase, Markup::Text)
}

#[test]
fn a_published_post_survives_a_correction_and_the_log_walk_finds_the_same_records() {
    let mut game = demo();
    let kill = game
        .entries()
        .iter()
        .rev()
        .find(|e| matches!(&e.entry, Entry::Act { ability, .. } if ability == "mafia_kill"))
        .map(|e| e.seq)
        .expect("the demo's mafia kill");
    game.submit(Entry::Resolve, None).expect("commit Night 2");
    let as_published = night_post(&game, "Night 2");
    assert!(as_published.contains("Ugo has died."), "{as_published}");
    game.submit(Entry::Undo(kill), None).expect("undo the kill");
    assert_eq!(
        night_post(&game, "Night 2"),
        as_published,
        "a read post changed"
    );
    game.submit(Entry::Resolve, None).expect("commit Day 2");
    assert_eq!(night_post(&game, "Night 2"), as_published);
    let day2 = night_post(&game, "Day 2");
    assert!(day2.contains("Correction to Night 2"), "{day2}");

    // The same log without its records: the walk rebuilds every one of them.
    let mut file = game.file().clone();
    let kept = std::mem::take(&mut file.published);
    assert_eq!(kept.len(), game.state().history.len());
    let rebuilt = Game::from_file(file, &SYSTEMS).expect("replays");
    assert_eq!(rebuilt.file().published, kept);
}

#[test]
fn a_recommitted_round_publishes_anew_and_the_save_keeps_the_posts() {
    let mut game = demo();
    let commit = game.submit(Entry::Resolve, None).expect("commit Night 2");
    let first = night_post(&game, "Night 2");
    game.submit(Entry::Undo(commit), None)
        .expect("reopen Night 2");
    game.submit(Entry::EditPost("Quiet night.".into()), None)
        .expect("edit");
    game.submit(Entry::Resolve, None).expect("commit again");
    let second = night_post(&game, "Night 2");
    assert_ne!(first, second);
    assert!(second.contains("Quiet night."), "{second}");
    let text = mafia_mod::savefile::game_text(&game).expect("serialises");
    assert!(text.contains("published"), "the save keeps the posts");
    assert!(text.contains("Quiet night."));
}

/// Issue "A game is never lost, part 2", item 4: a save proves its replay. A valid hand edit
/// of the embedded roleset that changes what the replay publishes (here the wording of a death,
/// there the order of the stages) is found when the save loads: the game opens read-only,
/// `check` names the first post that differs with its line, and `apply` writes nothing.
#[test]
fn a_save_that_replays_into_another_game_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/saves/demo.ron"))
        .expect("the demo save");
    assert!(text.contains("published"), "the demo keeps its posts");
    let edited = text.replacen(
        "\"public_death\": \"{player} has died.\"",
        "\"public_death\": \"{player} is gone.\"",
        1,
    );
    assert_ne!(edited, text);
    let save = dir.path().join("edited.ron");
    std::fs::write(&save, &edited).expect("write");
    let game = mafia_mod::savefile::load_game(&save).expect("a valid save still loads");
    let differs = game.replay_differs().expect("the difference is found");
    assert!(
        differs.message.contains("Jack has died."),
        "{}",
        differs.message
    );
    assert!(
        differs.message.contains("Jack is gone."),
        "{}",
        differs.message
    );
    let app = mafia_mod::tui::App::new(game, save.clone(), None);
    assert!(
        app.notice.as_deref().unwrap_or("").contains("READ-ONLY"),
        "{:?}",
        app.notice
    );
    let bin = env!("CARGO_BIN_EXE_mafia-mod");
    let check = std::process::Command::new(bin)
        .args(["check", &save.to_string_lossy()])
        .output()
        .expect("check runs");
    let said = String::from_utf8_lossy(&check.stdout).to_string()
        + &String::from_utf8_lossy(&check.stderr);
    assert!(!check.status.success(), "{said}");
    assert!(
        said.contains("edited.ron:") && said.contains("published[0]"),
        "{said}"
    );
    assert!(
        !said.contains(":1:1:"),
        "the post's own line and column: {said}"
    );
    let script = dir.path().join("lines.txt");
    std::fs::write(&script, "commit\n").expect("write");
    let apply = std::process::Command::new(bin)
        .args(["apply", &save.to_string_lossy(), &script.to_string_lossy()])
        .output()
        .expect("apply runs");
    assert!(!apply.status.success());
    assert_eq!(
        std::fs::read_to_string(&save).expect("read"),
        edited,
        "the save is untouched"
    );
}
