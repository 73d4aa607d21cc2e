//! The ru-city posts as the forum gets them (§12): the morning post and the vote-result post in
//! BBCode and as plain text, and the header the host keeps in the thread's first post. They
//! come from the whole standard game of the scenarios, so the README examples stay true.

use mafia_mod::engine::Game;
use mafia_mod::engine::outcome::{Audience, Message};
use mafia_mod::export::{Markup, from_bbcode};
use std::path::PathBuf;

fn game() -> Game {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/game_standard_to_red_win.ron");
    mafia_mod::scenario::play_file(&path).expect("the scenario passes")
}

/// The public post of the n-th committed round named `phase`, one message a line.
fn post(game: &Game, phase: &str, nth: usize, markup: Markup) -> String {
    let round = game
        .state()
        .history
        .iter()
        .filter(|p| p.name == phase)
        .nth(nth)
        .expect("the round was committed");
    round
        .outcome
        .messages
        .iter()
        .filter(|m| m.audience == Audience::Public)
        .map(|m| from_bbcode(&m.text, markup))
        .collect::<Vec<_>>()
        .join("\n")
}

fn header(game: &Game, phase: &str) -> String {
    let round = game
        .state()
        .history
        .iter()
        .rfind(|p| p.name == phase)
        .expect("the round was committed");
    round
        .outcome
        .messages
        .iter()
        .filter(|m: &&Message| m.template == "host_header")
        .map(|m| m.text.clone())
        .collect()
}

#[test]
fn morning_post_in_bbcode_and_text() {
    let game = game();
    insta::assert_snapshot!(
        "ru_city_morning_post_bbcode",
        post(&game, "Ночь 1", 0, Markup::Bbcode)
    );
    insta::assert_snapshot!(
        "ru_city_morning_post_text",
        post(&game, "Ночь 1", 0, Markup::Text)
    );
}

#[test]
fn vote_posts_in_bbcode() {
    let game = game();
    insta::assert_snapshot!(
        "ru_city_vote_start_post",
        post(&game, "День 2", 0, Markup::Bbcode)
    );
    insta::assert_snapshot!(
        "ru_city_vote_result_post",
        post(&game, "День 2", 1, Markup::Bbcode)
    );
    insta::assert_snapshot!(
        "ru_city_election_post",
        post(&game, "День 1", 1, Markup::Bbcode)
    );
}

#[test]
fn header_shows_titles_and_what_the_dead_opened() {
    let game = game();
    let text = header(&game, "День 2");
    assert!(text.contains("Lea — [b]мэр[/b]"), "{text}");
    assert!(
        text.contains("[s]Eve[/s] — [color=green]Следователь[/color]"),
        "{text}"
    );
    assert!(
        text.contains("[color=red][b]Мафия[/b][/color] (День 2, линчеван(а))"),
        "{text}"
    );
    insta::assert_snapshot!("ru_city_header", text);
}

#[test]
fn text_export_has_no_tags() {
    let game = game();
    let text = post(&game, "День 2", 1, Markup::Text);
    assert!(!text.contains("[b]") && !text.contains("[color"), "{text}");
    assert!(
        text.contains("Линчеван(а) Jon — Мирный житель / Мафия"),
        "{text}"
    );
}

/// The header of the whole game with the three elites (§12.4, L125.4, L125.7, L127.4, L129.4):
/// the elite roles are open, the servant's master is shown, and the agent who declared his side
/// leaves with it.
#[test]
fn header_shows_the_elites_and_the_agents_side() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/agent_leaves_after_the_second_vote.ron");
    let game = mafia_mod::scenario::play_file(&path).expect("the scenario passes");
    let text = header(&game, "День 3");
    assert!(
        text.contains("[s]Ned[/s] — [color=green]Агент[/color]"),
        "{text}"
    );
    assert!(
        text.contains("покинул(а) город, сторона: красный"),
        "{text}"
    );
    assert!(text.contains("Oz — [i]Масон[/i]"), "{text}");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/game_with_the_three_elites.ron");
    let game = mafia_mod::scenario::play_file(&path).expect("the scenario passes");
    let text = header(&game, "День 2");
    assert!(text.contains("Pat — [i]Слуга[/i] (Gus)"), "{text}");
    assert!(text.contains("Oz — [i]Масон[/i]"), "{text}");
}

/// The morning post names the face-cut victims after the night's title and dead (L60, L115.1).
#[test]
fn the_morning_post_names_the_cut_victims_after_its_title() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/faceless_cut_blocks_the_role_and_names_the_target.ron");
    let game = mafia_mod::scenario::play_file(&path).expect("the scenario passes");
    let text = post(&game, "Ночь 1", 0, Markup::Text);
    let title = text.find("Итоги ночи 1").expect("the title");
    let cut = text.find("Безликий срезал лицо: Ann").expect("the cut");
    assert!(title < cut, "{text}");
}

/// The faceless plays for neither team: his role PM and the host sheet name the grey side, not
/// his peaceful role's (L64.9).
#[test]
fn the_faceless_is_grey_in_his_role_pm_and_the_host_sheet() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/faceless_cut_blocks_the_role_and_names_the_target.ron");
    let game = mafia_mod::scenario::play_file(&path).expect("the scenario passes");
    let zed = game
        .state()
        .slots
        .iter()
        .find(|s| s.extra_roles.iter().any(|r| r == "faceless"))
        .expect("a faceless");
    let pm = mafia_mod::export::sheets::role_pm(&game, zed, Markup::Text);
    assert!(pm.contains("Серые"), "{pm}");
    let sheet = mafia_mod::export::sheets::host_sheet(&game, Markup::Text);
    let line = sheet
        .lines()
        .find(|l| l.contains(&zed.name) && l.contains("Безликий"))
        .expect("his line");
    assert!(line.contains("(Серые)"), "{line}");
}
