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
