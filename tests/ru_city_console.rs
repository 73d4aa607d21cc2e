//! What the console shows of a ru-city day: the tally counts only the ballot the rules have
//! open, and the post's list of the living is headed in Russian.

use mafia_mod::engine::Entry;
use mafia_mod::export::{Markup, draft_post};
use std::path::PathBuf;

#[test]
fn election_day_tally_and_post() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/game_standard_to_red_win.ron");
    let scenario = mafia_mod::scenario::load_scenario(&path).expect("scenario");
    let mut game = mafia_mod::scenario::start_game(&scenario, &path).expect("game");
    let voter = game.state().slots[0].name.clone();
    let target = game.state().slots[1].name.clone();
    game.submit(
        Entry::Vote {
            ballot: None,
            voter,
            target,
        },
        None,
    )
    .expect("vote on the open ballot");
    let ballots: Vec<String> = game.tally().ballots.into_iter().map(|b| b.id).collect();
    assert_eq!(ballots, vec!["election".to_string()]);
    let stepwise = mafia_mod::engine::stepwise::Stepwise::of(&game);
    let post = draft_post(
        game.roleset(),
        &game.phase_name(),
        &game.preview(),
        None,
        stepwise.state_after(usize::MAX),
        Markup::Text,
    );
    let living = game.state().slots.len();
    assert!(post.contains(&format!("Живые ({living})")), "{post}");
    assert!(!post.contains("Alive"), "{post}");
}
