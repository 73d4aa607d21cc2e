//! `TestBackend` + insta snapshots of every pane and overlay, at 80×24 (the smallest size the
//! issue asks for) and 200×60, with the mono theme (what `NO_COLOR` gives). Styles that carry
//! meaning without colour (struck-through dead players and replaced entries, thick focus
//! borders) are checked cell by cell. Missing snapshots fail under `CI=true`.

use crate::tui;

use mafia_mod::tui::Msg;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::Modifier;
use tui::{Harness, demo, draw};

fn snap(name: &str, h: &Harness, width: u16, height: u16) {
    insta::assert_snapshot!(name, h.screen(width, height));
}

/// Day 2 of the demo with a few votes, one replaced and one improper.
fn day() -> Harness {
    let mut h = demo();
    h.key(KeyCode::Char('C')).key(KeyCode::Char('y'));
    for line in [
        "vote family Ann Rossi",
        "vote Ann Carla",
        "vote Ann Bruno",
        "vote family Bruno Capone",
        "vote family Gina Moretti",
        "vote Gina Carla",
        "act Gina councilor Rossi Carla",
        "vote family Ida Moretti",
        "vote Ida Leo",
        "vote family Quinn Rossi",
        "vote Quinn Sal",
    ] {
        h.command(line);
        if line == "vote family Bruno Capone" {
            // An improper vote is named on the first Enter and entered on the second.
            h.enter();
        }
    }
    assert!(h.app.overlays.is_empty());
    h
}

#[test]
fn night_main_screen() {
    let h = demo();
    snap("night_80x24", &h, 80, 24);
    snap("night_200x60", &h, 200, 60);
}

#[test]
fn queue_mid_step() {
    let mut h = demo();
    h.key(KeyCode::Char('r'))
        .key(KeyCode::Down)
        .key(KeyCode::Down);
    snap("queue_step2_80x24", &h, 80, 24);
    h.key(KeyCode::Down).key(KeyCode::Down);
    snap("queue_last_step_200x60", &h, 200, 60);
}

#[test]
fn day_tally_and_pending() {
    let mut h = day();
    h.key(KeyCode::Char('3'));
    snap("day_tally_80x24", &h, 80, 24);
    snap("day_tally_200x60", &h, 200, 60);
    h.key(KeyCode::Char('2'));
    snap("day_pending_80x24", &h, 80, 24);
    h.key(KeyCode::Char('3')).key(KeyCode::Char('t'));
    snap("day_steps_80x24", &h, 80, 24);
}

#[test]
fn draft_private_committed_and_edited() {
    let mut h = demo();
    h.key(KeyCode::Char('4')).key(KeyCode::Char('m'));
    snap("draft_private_80x24", &h, 80, 24);
    h.key(KeyCode::Char('m'));
    snap("draft_role_pms_80x24", &h, 80, 24);
    // Past the host sheet, the night order and the reveal post, back to the public post.
    for _ in 0..4 {
        h.key(KeyCode::Char('m'));
    }
    h.key(KeyCode::Char('['));
    snap("draft_committed_day1_80x24", &h, 80, 24);
    h.key(KeyCode::Char(']')).key(KeyCode::Char('e'));
    snap("editor_80x24", &h, 80, 24);
    h.ctrl('a').type_text("A quiet night.\n").ctrl('d');
    h.key(KeyCode::Char('f'));
    snap("draft_edited_bbcode_80x24", &h, 80, 24);
}

#[test]
fn help_overlay() {
    let mut h = demo();
    h.key(KeyCode::Char('?'));
    snap("help_80x24", &h, 80, 24);
    snap("help_200x60", &h, 200, 60);
    for _ in 0..3 {
        h.key(KeyCode::PageDown);
    }
    snap("help_scrolled_80x24", &h, 80, 24);
}

#[test]
fn entry_forms() {
    let mut h = demo();
    h.key(KeyCode::Char('a'));
    snap("form_act_actor_80x24", &h, 80, 24);
    h.type_text("qu").enter();
    snap("form_act_ability_80x24", &h, 80, 24);
    h.enter().type_text("zz");
    snap("form_act_no_match_80x24", &h, 80, 24);
    h.esc()
        .key(KeyCode::Char('h'))
        .type_text("sta")
        .enter()
        .type_text("Mia")
        .enter();
    snap("form_host_status_80x24", &h, 80, 24);
    h.esc()
        .key(KeyCode::Char('3'))
        .key(KeyCode::End)
        .key(KeyCode::Char('o'));
    snap("form_override_80x24", &h, 80, 24);
    h.esc().key(KeyCode::Char('x'));
    snap("form_export_80x24", &h, 80, 24);
    let mut d = day();
    d.key(KeyCode::Char('v'));
    snap("form_vote_80x24", &d, 80, 24);
}

#[test]
fn command_line_completion_and_error() {
    let mut h = demo();
    h.key(KeyCode::Char(':'))
        .type_text("act Ann doctor ")
        .key(KeyCode::Tab);
    snap("command_completion_80x24", &h, 80, 24);
    h.esc().key(KeyCode::Char(':')).type_text("vote").enter();
    snap("command_error_80x24", &h, 80, 24);
}

#[test]
fn error_and_confirm_overlays() {
    let mut h = demo();
    h.command("act Ann doctor Jack");
    snap("error_refusal_80x24", &h, 80, 24);
    h.esc().key(KeyCode::Char('C'));
    snap("commit_check_night_80x24", &h, 80, 24);
}

#[test]
fn vote_mode_overlay() {
    let mut h = demo();
    h.key(KeyCode::Char('C')).key(KeyCode::Char('y'));
    h.key(KeyCode::Char('V'));
    h.type_text("R C")
        .enter()
        .type_text("M Fra")
        .enter()
        .type_text("Ida M K");
    snap("vote_mode_100x30", &h, 100, 30);
}

#[test]
fn batch_review_overlay() {
    let mut h = demo();
    h.key(KeyCode::Char('p')).paste(
        "From: Quinn\r\nHi! I'll investigate bruni tonight.\r\n\r\n\
         Ida: guard Leo... wait no, guard Xena\r\n\r\n\
         From: Carla\r\nwhen does the night end?\r\n\r\n\
         Kira: we kill Franco and Sal",
    );
    h.key(KeyCode::Char('j'));
    snap("batch_review_100x30", &h, 100, 30);
    h.key(KeyCode::Char('j')).key(KeyCode::Char('d'));
    h.key(KeyCode::Char('k'))
        .key(KeyCode::Char('k'))
        .key(KeyCode::Char('e'));
    snap("batch_fix_80x24", &h, 80, 24);
}

#[test]
fn new_game_overlay() {
    let mut h = demo();
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    h.key(KeyCode::Char('n'))
        .key(KeyCode::Tab)
        .key(KeyCode::Tab)
        .paste(&names.join("\n"))
        .key(KeyCode::Tab)
        .type_text("Capone")
        // The host's own seed, so the previewed deal is the same on every run (left empty,
        // the deal's seed is a secret drawn from the system).
        .key(KeyCode::Tab)
        .key(KeyCode::Tab)
        .type_text("1")
        .key(KeyCode::BackTab)
        .key(KeyCode::BackTab);
    snap("new_game_80x24", &h, 80, 24);
    snap("new_game_200x60", &h, 200, 60);
}

/// Issue 31: the setup's trial, played: a bar a side with its interval, the lengths'
/// histogram. The report is a real run of an 8-player ru-city setup (two mafiosi, a
/// commissar, a doctor, four citizens).
#[test]
fn setup_trial_overlay() {
    use mafia_mod::engine::{Game, Setup};
    use mafia_mod::systems::{SYSTEMS, builtin};
    use mafia_mod::tui::app::Overlay;
    use mafia_mod::tui::trial::Trial;
    let roleset = builtin("ru-city").expect("bundled").expect("reads");
    let mut deal = vec![("P0", "citizen+mafia"), ("P1", "citizen+mafia")];
    deal.extend([("P2", "commissar"), ("P3", "doctor")]);
    deal.extend([
        ("P4", "citizen"),
        ("P5", "citizen"),
        ("P6", "citizen"),
        ("P7", "citizen"),
    ]);
    let demo_game = |seed: u64| -> Result<Game, String> {
        Game::create(
            "trial",
            roleset.clone(),
            Setup::by_hand(&deal),
            seed,
            &SYSTEMS,
        )
        .map(|(game, _)| game)
        .map_err(|r| r.message)
    };
    let policy = mafia_mod::simulate::RandomPlay;
    let report =
        mafia_mod::simulate::run(200, 1, 60, &policy, &demo_game, &|_| {}).expect("it runs");
    let mut h = demo();
    let trial = Trial::finished("ru-city · 8 players".into(), report);
    h.app.overlays.push(Overlay::Trial(Box::new(trial)));
    snap("setup_trial_120x30", &h, 120, 30);
    snap("setup_trial_80x24", &h, 80, 24);
}

#[test]
fn public_view_and_zoom() {
    let mut h = demo();
    h.key(KeyCode::Char('P'));
    snap("public_view_80x24", &h, 80, 24);
    h.key(KeyCode::Char('P')).key(KeyCode::Char('z'));
    snap("zoom_roster_80x24", &h, 80, 24);
}

#[test]
fn too_small_and_tiny_sizes_never_panic() {
    let mut h = demo();
    snap("too_small_39x12", &h, 39, 12);
    for (w, hgt) in [
        (0, 0),
        (1, 1),
        (10, 3),
        (20, 5),
        (40, 12),
        (41, 13),
        (80, 3),
    ] {
        let _ = draw(&h.app, w, hgt);
    }
    for key in ['?', 'a', ':', 'p', 'n', 'C', 'x'] {
        h.key(KeyCode::Char(key));
        for (w, hgt) in [(0, 0), (1, 1), (10, 3), (20, 5), (40, 12)] {
            let _ = draw(&h.app, w, hgt);
        }
        h.esc();
        h.send(Msg::Close);
    }
}

#[test]
fn meaning_survives_without_colour() {
    let mut h = day();
    let backend = draw(&h.app, 100, 30);
    let buf = backend.buffer();
    // Jack died on Night 1: his name is struck through, with a ✝ before it.
    let row = (0..30u16)
        .find(|y| {
            (0..50u16)
                .map(|x| buf[(x, *y)].symbol().to_string())
                .collect::<String>()
                .contains("Jack")
        })
        .expect("Jack's row");
    let line: String = (0..50u16)
        .map(|x| buf[(x, row)].symbol().to_string())
        .collect();
    assert!(line.contains('✝'), "{line}");
    let x = line
        .find("Jack")
        .map(|b| line[..b].chars().count())
        .expect("x") as u16;
    assert!(buf[(x, row)].modifier.contains(Modifier::CROSSED_OUT));
    // The focused pane has a thick border.
    assert_eq!(buf[(0, 0)].symbol(), "┏");
    // A replaced vote is struck through in the pending pane.
    h.key(KeyCode::Char('2'));
    let backend = draw(&h.app, 100, 30);
    let buf = backend.buffer();
    let line_of = |y: u16| {
        (0..50u16)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect::<String>()
    };
    let replaced = (0..30u16)
        .find(|y| line_of(*y).contains("Ann votes Carla"))
        .expect("the replaced vote is listed");
    assert!((0..50u16).any(|x| buf[(x, replaced)].modifier.contains(Modifier::CROSSED_OUT)));
    let kept = (0..30u16)
        .find(|y| line_of(*y).contains("Ann votes Bruno"))
        .expect("the later vote is listed");
    assert!(!(0..50u16).any(|x| buf[(x, kept)].modifier.contains(Modifier::CROSSED_OUT)));
    // The mono theme sets no colour at all.
    assert!(
        buf.content
            .iter()
            .all(|c| c.fg == ratatui::style::Color::Reset && c.bg == ratatui::style::Color::Reset)
    );
}

#[test]
fn entry_log_overlay() {
    let mut h = demo();
    h.key(KeyCode::Char('L')).key(KeyCode::Home).enter();
    snap("entry_log_confirm_80x24", &h, 80, 24);
    h.key(KeyCode::Char('y'));
    snap("entry_log_80x24", &h, 80, 24);
}

/// Mafia 1923 never announces the roles of the dead (only a Witness learns them), so the public
/// view hides a dead player's role as well as the living ones'.
#[test]
fn public_view_hides_roles_the_rules_never_reveal() {
    let mut h = demo();
    let host = h.screen(200, 60);
    let jack = |screen: &str| {
        screen
            .lines()
            .find(|l| l.contains("Jack"))
            .map(str::to_string)
            .unwrap_or_default()
    };
    assert!(
        jack(&host).contains("Townsperson"),
        "the host sees Jack's role: {}",
        jack(&host)
    );
    h.key(KeyCode::Char('P'));
    let public = h.screen(200, 60);
    assert!(
        jack(&public).contains("✝ Jack") && !jack(&public).contains("Townsperson"),
        "{}",
        jack(&public)
    );
    assert!(
        !public.contains("Mafia Member"),
        "a role shows in the public view"
    );
}

#[test]
fn commit_check_overlay() {
    let mut h = demo();
    h.key(KeyCode::Char('C')).key(KeyCode::Char('y'));
    // Family votes only: Rossi goes to court with no individual vote for any member.
    for voter in ["Ann", "Bruno", "Carla", "Quinn"] {
        h.command(&format!("vote family {voter} Rossi"));
    }
    h.key(KeyCode::Char('C'));
    snap("commit_check_100x30", &h, 100, 30);
}

#[test]
fn draft_diff_overlay() {
    let mut h = demo();
    h.edit_post("Good morning, town! ");
    h.command("act Ann doctor Ugo");
    h.key(KeyCode::Char('D'));
    snap("draft_diff_100x30", &h, 100, 30);
}

/// The Conan demo in the console: Day 1 with its tally, and the draft pane's host sheet with the
/// crime log (conan.md §4.2), which the public view never shows.
#[test]
fn conan_day_and_the_crime_log() {
    let game = mafia_mod::demo::conan_demo_game().expect("the Conan demo");
    let mut h = tui::with_game(game);
    snap("conan_day1_200x60", &h, 200, 60);
    // The draft pane: private results, role PMs, then the host sheet.
    h.key(KeyCode::Char('4'));
    for _ in 0..3 {
        h.key(KeyCode::Char('m'));
    }
    let host = h.screen(200, 60);
    assert!(host.contains("Crime log (host only)"), "{host}");
    assert!(
        host.contains("killing by Akira on Taro in Night 1"),
        "{host}"
    );
    snap("conan_host_sheet_200x60", &h, 200, 60);
    h.key(KeyCode::Char('P'));
    let public = h.screen(200, 60);
    assert!(!public.contains("Crime log"), "{public}");
}

/// F10: a failed step names what stopped it with the cursor elsewhere. In the Conan demo's
/// Night 2, Vic's kill on Kei is stopped by Kei's watch (§7): the queue shows the watch under
/// the step, not only "Vic kills Kei for the BO".
#[test]
fn a_failed_step_shows_what_stopped_it() {
    let game = mafia_mod::demo::conan_demo_game().expect("the Conan demo");
    let mut h = tui::with_game(game);
    h.key(KeyCode::Char('C')).key(KeyCode::Char('y'));
    assert_eq!(h.app.game.phase_name(), "Night 2");
    h.command("act Vic bo_kill Kei");
    assert!(h.app.overlays.is_empty(), "the kill order is taken");
    assert_eq!(h.app.queue.cursor, 0, "the cursor is not on the step");
    let screen = h.screen(200, 60);
    assert!(screen.contains("✗ failed"), "{screen}");
    assert!(
        screen.contains("Kei's watch stops the attack and is used up"),
        "{screen}"
    );
}

/// A WWR game of the demo role book at Night 1: the prompts answered so far, the Den's Hunt
/// poll in the tally, and the queue stepping through the bot's pipeline with its reasons.
#[test]
fn wwr_night_prompts_poll_and_queue() {
    let mut h = tui::with_game(mafia_mod::demo::wwr_demo_night().expect("the WWR demo"));
    snap("wwr_night1_200x60", &h, 200, 60);
    // The tally (`t` in the queue pane) shows the Hunt, the only poll open tonight, and who
    // of the Den has not voted; the vote overlay asks a Den member next.
    h.key(KeyCode::Char('3')).key(KeyCode::Char('t'));
    let tally = h.screen(200, 60);
    assert!(tally.contains("Hunt poll"), "{tally}");
    assert!(!tally.contains("Gallows poll"), "{tally}");
    snap("wwr_night1_tally_200x60", &h, 200, 60);
    h.key(KeyCode::Char('V'));
    assert!(
        h.screen(200, 60).contains("next voter: Oda"),
        "{}",
        h.screen(200, 60)
    );
    // The public view hides the Den's votes: they name the wolves.
    h.key(KeyCode::Esc).key(KeyCode::Char('P'));
    let public = h.screen(200, 60);
    assert!(!public.contains("votes Gus (hunt)"), "{public}");
    assert!(!public.contains("Hunt poll"), "{public}");
    h.key(KeyCode::Char('P'));
    // The act form offers only the prompts open now, with their argument kinds.
    h.key(KeyCode::Esc).key(KeyCode::Char('a'));
    let form = h.screen(200, 60);
    assert!(form.contains("Fay · Herbalist"), "{form}");
    assert!(
        !form.contains("Eve · Confessor"),
        "a day prompt is offered at night:\n{form}"
    );
}

/// The public view of each rule system's game: the players as the last post listed them, the
/// post itself, and only the votes the players see (ru-city's and Conan's are cast in the
/// thread; a WWR pack's poll is not even named).
#[test]
fn public_view_of_each_rule_system() {
    let city = mafia_mod::scenario::play_file(
        &std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/scenarios/ru-city/posts_stay_as_published.ron"),
    )
    .expect("the ru-city game plays");
    let games = [
        (
            "conan",
            mafia_mod::demo::conan_demo_game().expect("Conan demo"),
        ),
        ("wwr", mafia_mod::demo::wwr_demo_night().expect("WWR demo")),
        ("ru_city", city),
    ];
    for (name, game) in games {
        let mut h = tui::with_game(game);
        h.key(KeyCode::Char('P'));
        snap(&format!("public_view_{name}_120x36"), &h, 120, 36);
    }
}

/// Issue 30, item 2: the night order is one of the draft pane's documents.
#[test]
fn draft_night_order() {
    let mut h = demo();
    h.key(KeyCode::Char('4'));
    for _ in 0..4 {
        h.key(KeyCode::Char('m'));
    }
    snap("draft_night_order_100x30", &h, 100, 30);
}
