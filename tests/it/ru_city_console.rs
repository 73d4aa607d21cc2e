//! What the console shows of a ru-city day: the tally counts only the ballot the rules have
//! open, and the post's list of the living is headed in Russian.

use crate::tui;

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

/// The abilities offered for a slot come from the rules, the system's own included: a killer
/// side with no shot tonight is not offered its shot, and a pre-vote move is offered in the
/// pre-vote round only.
#[test]
fn usable_abilities_follow_the_rule_system() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/rounds_secretary_round_with_one_voter_is_announced.ron");
    let game = mafia_mod::scenario::play_file(&path).expect("plays");
    assert_eq!(game.phase_name(), "Ночь 1");
    let ids = |name: &str| -> Vec<String> {
        let slot = game.state().slot_by_name(name).expect("player");
        game.usable_abilities(slot)
            .map(|list| list.iter().map(|a| a.id.clone()).collect())
            .unwrap_or_default()
    };
    // Night 1 is the mafia's night (L2), not the maniac's (L3).
    assert!(
        ids("Ivy").contains(&"mafia_kill".to_string()),
        "{:?}",
        ids("Ivy")
    );
    assert!(
        !ids("Kim").contains(&"maniac_kill".to_string()),
        "{:?}",
        ids("Kim")
    );
    let refusal = game
        .system()
        .usable_refusal(game.roleset(), game.state(), 10, "maniac_kill")
        .expect_err("no maniac shot on night 1");
    assert_eq!(refusal.rule, "no_shot");

    let mut day = game.clone();
    day.submit(Entry::Resolve, None).expect("night 1 ends");
    assert_eq!(day.round(), Some("pre_vote"));
    let lea = day.state().slot_by_name("Lea").expect("mayor").clone();
    let offered = |g: &mafia_mod::engine::Game| -> Vec<String> {
        g.usable_abilities(&lea)
            .map(|list| list.iter().map(|a| a.id.clone()).collect())
            .unwrap_or_default()
    };
    assert!(offered(&day).contains(&"power_vertical".to_string()));
    day.submit(Entry::Resolve, None)
        .expect("the pre-vote round ends");
    assert_eq!(day.round(), Some("vote"));
    assert!(!offered(&day).contains(&"power_vertical".to_string()));
}

/// A move made during the vote (the part-2 contract's V moves) is offered in the vote round,
/// and a move of the priest's own re-vote is not.
#[test]
fn vote_round_offers_the_moves_made_during_the_vote() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/reject_priest_forgive_out_of_turn.ron");
    let game = mafia_mod::scenario::play_file(&path).expect("plays");
    let slot = game.state().slot_by_name("Hal").expect("the priest");
    let ids: Vec<String> = game
        .usable_abilities(slot)
        .map(|list| list.iter().map(|a| a.id.clone()).collect())
        .unwrap_or_default();
    assert!(ids.contains(&"priest_forgive".to_string()), "{ids:?}");
    assert!(!ids.contains(&"priest_let_die".to_string()), "{ids:?}");
}

/// While the votes are in and the faceless hero has his stand to make, the host's tally says
/// whom to ask and which team to name (L73).
#[test]
fn tally_tells_the_host_to_ask_the_faceless_hero() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/faceless_hero_learns_the_team_when_asked.ron");
    let mut scenario = mafia_mod::scenario::load_scenario(&path).expect("scenario");
    let last_resolve = scenario
        .script
        .iter()
        .rposition(|s| matches!(s, mafia_mod::scenario::ScriptStep::Resolve))
        .expect("a resolve");
    scenario.script.truncate(last_resolve);
    let game = mafia_mod::scenario::run_scenario(&scenario, &path).expect("plays");
    let lines: Vec<String> = game
        .tally()
        .ballots
        .into_iter()
        .flat_map(|b| b.thresholds)
        .collect();
    let ask = "ask the faceless hero Zed for his stand, naming Ivy's team: black (L73)";
    assert!(lines.iter().any(|l| l == ask), "{lines:?}");
}

/// F12: the commit check of the election round showed the header, a host message in the
/// forum's markup, as raw BBCode with its lines run together; the private pane in text did too.
#[test]
fn host_messages_read_as_text_in_the_commit_check_and_the_private_pane() {
    use ratatui::crossterm::event::KeyCode;
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/game_standard_to_red_win.ron");
    let scenario = mafia_mod::scenario::load_scenario(&path).expect("scenario");
    let game = mafia_mod::scenario::start_game(&scenario, &path).expect("game");
    let mut h = tui::with_game(game);
    h.key(KeyCode::Char('C'));
    let screen = h.screen(160, 60);
    assert!(screen.contains("Шапка"), "{screen}");
    assert!(!screen.contains("[b]"), "{screen}");
    h.key(KeyCode::Esc);
    h.app.draft.shows = mafia_mod::tui::app::DraftShows::Private;
    let private = mafia_mod::tui::draft::shown(&h.app);
    assert!(!private.contains("[b]"), "{private}");
}
