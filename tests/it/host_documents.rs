//! The host's documents tell the true story (hosting-a-game-2.md, F13): the reveal post lists the
//! dealt roles and every change with its phase, and keeps the targets of actions stopped before
//! they acted; `--roles` writes each PM as dealt (the role's text, the limits of its actions),
//! then the PM each change sends; a reveal before the game's end is refused; a WWR PM carries
//! the role book's text and the player's pack.

use crate::cli_common;

use cli_common::{out, run};
use mafia_mod::engine::{Game, PlayerSetup, Setup};
use mafia_mod::export::Markup;
use mafia_mod::export::sheets;
use std::path::{Path, PathBuf};

fn scenario(path: &str) -> Game {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    mafia_mod::scenario::play_file(&path).expect("the scenario passes")
}

/// Elena is dealt the Thief and steals Bruno's Doctor on Night 2; the host makes Giulia a
/// Townsperson on Day 3; the game is over after Day 5.
fn stolen_doctor() -> Game {
    scenario("tests/scenarios/mafia-1923/reveal_dealt_roles_and_changes.ron")
}

/// The part of a text document headed by a line `title`: up to the next blank line.
fn section<'t>(text: &'t str, title: &str) -> &'t str {
    text.split("\n\n")
        .find(|s| s.lines().next() == Some(title))
        .unwrap_or_else(|| panic!("no section {title} in\n{text}"))
}

fn slot<'g>(game: &'g Game, name: &str) -> &'g mafia_mod::engine::Slot {
    game.state().slot_by_name(name).expect("a player")
}

#[test]
fn the_recap_shows_the_dealt_roles_and_each_change_with_its_phase() {
    let game = stolen_doctor();
    let recap = sheets::recap(&game, Markup::Text).expect("the game is over");
    let roles = section(&recap, "Roles");
    assert!(
        roles.contains("- Bruno (Rossi) — Doctor → Townsperson (Night 2) — alive"),
        "{recap}"
    );
    assert!(
        roles.contains("- Elena (Capone) — Thief → Doctor (Night 2) — alive"),
        "{recap}"
    );
    assert!(
        roles.contains("- Giulia (Rossi) — Boss → Townsperson (Day 3) — alive"),
        "{recap}"
    );
    assert!(
        roles.contains("- Jasper (Capone) — Mafia Member — alive"),
        "{recap}"
    );
    let night2 = section(&recap, "Night 2");
    assert!(
        night2.contains("- Elena: Steal → Bruno (success)"),
        "{night2}"
    );
    assert!(night2.contains("- Bruno: Doctor → Townsperson"), "{night2}");
    assert!(night2.contains("- Elena: Thief → Doctor"), "{night2}");
    // The host's change is told as his, under the phase he made it in.
    let day3 = section(&recap, "Day 3");
    assert!(
        day3.contains("- Giulia: Boss → Townsperson (by the host)"),
        "{day3}"
    );
    assert!(!night2.contains("Giulia: Boss"), "{night2}");
}

#[test]
fn actions_stopped_before_they_acted_keep_their_targets() {
    let recap = sheets::recap(&stolen_doctor(), Markup::Text).expect("the game is over");
    // Cancelled by the Boss on Night 1, and the heal of a Doctor robbed earlier that night.
    let night1 = section(&recap, "Night 1");
    assert!(
        night1.contains("- Elena: Steal → Bruno (cancelled)"),
        "{night1}"
    );
    let night2 = section(&recap, "Night 2");
    assert!(
        night2.contains("- Bruno: Heal → Jasper (failed)"),
        "{night2}"
    );
}

#[test]
fn role_pms_are_written_as_dealt_then_one_per_change() {
    let game = stolen_doctor();
    let bruno = sheets::role_pm(&game, slot(&game, "Bruno"), Markup::Text);
    let (dealt, changed) = bruno
        .split_once("\n\n")
        .expect("the PM as dealt, then the change's");
    assert!(
        dealt.starts_with("Bruno: your role\nYou are Doctor (Civilians)."),
        "{bruno}"
    );
    // The roleset's description, the limits of the action.
    assert!(
        dealt.contains("Each night saves a player from the Mafia and from poison"),
        "{bruno}"
    );
    assert!(
        dealt.contains("Your actions: Heal (2 per game on yourself)."),
        "{bruno}"
    );
    assert!(
        changed.starts_with("Bruno: your new role (Night 2)\nYou are Townsperson (Civilians)."),
        "{bruno}"
    );
    assert!(!changed.contains("Heal"), "{bruno}");

    let elena = sheets::role_pm(&game, slot(&game, "Elena"), Markup::Text);
    assert!(elena.contains("You are Thief (Civilians)."), "{elena}");
    assert!(
        elena.contains("Your actions: Steal (1 per game)."),
        "{elena}"
    );
    assert!(
        elena.contains("Elena: your new role (Night 2)\nYou are Doctor (Civilians)."),
        "{elena}"
    );

    // Everyone's PMs as dealt come first, the changes' after them, in the order made.
    let all = sheets::role_pms(&game, Markup::Text);
    let at = |text: &str| {
        all.find(text)
            .unwrap_or_else(|| panic!("no {text} in\n{all}"))
    };
    assert!(
        at("Jasper: your role") < at("Elena: your new role"),
        "{all}"
    );
    assert!(
        at("Giulia: your role") < at("Bruno: your new role"),
        "{all}"
    );
    assert!(
        at("Bruno: your new role") < at("Giulia: your new role (Day 3)"),
        "{all}"
    );
    assert_eq!(all.matches(": your role\n").count(), 4, "{all}");
    assert_eq!(all.matches(": your new role (").count(), 3, "{all}");
}

#[test]
fn the_recap_is_refused_before_the_game_is_over() {
    let game = scenario("tests/scenarios/mafia-1923/thief_steals_role.ron");
    assert!(game.state().game_over.is_none());
    let refused = sheets::recap(&game, Markup::Text).expect_err("the game is not over");
    assert!(
        refused.contains("the game is not over (Day 1)"),
        "{refused}"
    );
    assert!(!refused.contains("Thief"), "{refused}");
    // The role PMs of the same game are as dealt all the same.
    let doc = sheets::role_pm(&game, slot(&game, "Doc"), Markup::Text);
    assert!(doc.starts_with("Doc: your role\nYou are Doctor"), "{doc}");
    assert!(
        doc.contains("Doc: your new role (Night 1)\nYou are Townsperson"),
        "{doc}"
    );
}

#[test]
fn export_from_the_command_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let save = dir.path().join("f13.ron");
    mafia_mod::savefile::save_game(&stolen_doctor(), &save).expect("saved");
    let save = save.to_string_lossy().to_string();
    let o = run(&["export", &save, "--recap"]);
    assert!(o.status.success(), "{}", out(&o));
    assert!(
        out(&o).contains("Bruno (Rossi) — Doctor → Townsperson (Night 2)"),
        "{}",
        out(&o)
    );
    let o = run(&["export", &save, "--roles", "--private", "Elena"]);
    assert!(o.status.success(), "{}", out(&o));
    assert!(
        out(&o).contains("Elena: your role\nYou are Thief"),
        "{}",
        out(&o)
    );
    assert!(
        out(&o).contains("Elena: your new role (Night 2)"),
        "{}",
        out(&o)
    );
    assert!(
        !out(&o).contains("Bruno: your"),
        "one player's PMs: {}",
        out(&o)
    );

    // The demo is at Night 2: its reveal would name every living player's role.
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/demo.ron");
    let o = run(&["export", demo.to_str().unwrap_or_default(), "--recap"]);
    assert!(!o.status.success(), "{}", out(&o));
    assert!(out(&o).contains("the game is not over"), "{}", out(&o));
    assert!(o.stdout.is_empty(), "nothing of the reveal is printed");
}

/// A WWR PM carries the role book's own text for the role, and a wolf learns who else is in
/// the Den from the start; a village role is told of no pack.
#[test]
fn wwr_role_pms_carry_the_role_text_and_the_pack() {
    let setup = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rolesets/wwr-demo/setup.ron");
    let roleset = mafia_mod::systems::load_roleset(&setup.to_string_lossy()).expect("the WWR demo");
    let setup = Setup {
        players: vec![
            PlayerSetup::new("Bob", "ridge_wolf"),
            PlayerSetup::new("Ben", "scent_hound"),
            PlayerSetup::new("Cid", "lamplighter"),
            PlayerSetup::new("Dan", "herbalist"),
        ],
        families: Vec::new(),
        spectators: Vec::new(),
        options: Default::default(),
    };
    let (game, _) = Game::create("pack", roleset, setup, 1, &mafia_mod::systems::SYSTEMS)
        .expect("the game starts");
    let bob = sheets::role_pm(&game, slot(&game, "Bob"), Markup::Text);
    assert!(bob.contains("**Ridge Wolf** | Werewolf Killing"), "{bob}");
    assert!(bob.contains("Inherit: `Den Blood`"), "{bob}");
    assert!(bob.contains("You are in Den with Ben."), "{bob}");
    let cid = sheets::role_pm(&game, slot(&game, "Cid"), Markup::Text);
    assert!(
        cid.contains("**Lamplighter** | Townsfolk Investigative"),
        "{cid}"
    );
    assert!(!cid.contains("You are in"), "{cid}");
}

/// Issue 30, item 5: a host's marker shows on the host sheet with its colour and phase, and in
/// no post the players read.
#[test]
fn a_marker_is_on_the_host_sheet_and_in_no_post() {
    use mafia_mod::engine::{Entry, HostCommand};
    let mut game = scenario("tests/scenarios/ru-city/boss_son_always_checks_red.ron");
    let mark = Entry::Host(HostCommand::Mark {
        player: "Lea".into(),
        text: "claims citizen, check again".into(),
        colour: Some("yellow".into()),
    });
    game.submit(mark, None).expect("a marker goes on");
    let sheet = sheets::host_sheet(&game, Markup::Text);
    let lea = sheet
        .lines()
        .find(|l| l.starts_with("- Lea"))
        .expect("Lea's line");
    assert!(
        lea.contains("marker [yellow]: claims citizen, check again ("),
        "{lea}"
    );
    let (preview, after) = game.preview_and_after();
    let draft = mafia_mod::export::draft_post_of(&game, &preview, &after, Markup::Text);
    assert!(!draft.contains("check again"), "{draft}");
    for phase in &game.state().history {
        let post = mafia_mod::export::public_post(&game, phase, Markup::Text);
        assert!(!post.contains("check again"), "{post}");
    }
}

/// Issue 30, item 2: the order of resolution lists, for each phase kind, the stages the engine
/// runs in the order in force, who in play acts in each, and the stages the rules run alone; in
/// every rule system.
#[test]
fn the_night_order_follows_the_stages_in_force_for_the_roles_in_play() {
    use mafia_mod::export::night_order::night_order;
    let saves = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("saves");
    let load = |name: &str| mafia_mod::savefile::load_game(&saves.join(name)).expect("the demo");
    let at = |text: &str, line: &str| {
        text.find(line)
            .unwrap_or_else(|| panic!("no `{line}` in\n{text}"))
    };
    // Mafia 1923 (seed lines 104-140): doctors before the Mafia's kill, poison last, by the rules.
    let demo = night_order(&load("demo.ron"), Markup::Text);
    assert!(at(&demo, "5. Doctors save and cure\n- Ann: Heal") < at(&demo, "9. The Mafia kills"));
    assert!(
        demo.contains("mafia (Bruno, Kira, Tess): Mafia kill"),
        "{demo}"
    );
    assert!(
        demo.contains("11. Poison kills — the rules run it"),
        "{demo}"
    );
    assert!(
        demo.contains("6. The court executes — the rules run it"),
        "{demo}"
    );
    assert!(
        !demo.contains("Thieves steal"),
        "nobody in play steals: {demo}"
    );
    // Conan (conan.md §6): the crimes for the log, the night's end run by the rules.
    let conan = night_order(&load("demo-conan.ron"), Markup::Text);
    assert!(
        conan.contains("BO kill — a crime for the log: killing"),
        "{conan}"
    );
    assert!(at(&conan, "N5. Bone Breaker") < at(&conan, "N6. The BO kill"));
    assert!(conan.contains("— the rules run it"), "{conan}");
    // WWR (research §1.3): the pipeline's steps, a day's abilities not among the night's.
    let wwr = night_order(&load("demo-wwr.ron"), Markup::Text);
    assert!(at(&wwr, "Immediate actions") < at(&wwr, "Pre-End actions"));
    let night = &wwr[at(&wwr, "Night\n")..at(&wwr, "Day\n")];
    assert!(!night.contains("Immediate Day"), "{night}");
}

/// Issue 30, item 3: the rules post is written from the roleset and the options in force, in
/// its language, and names no player.
#[test]
fn the_rules_post_states_the_rules_in_the_rolesets_language_and_names_no_player() {
    use mafia_mod::export::rules_post::rules_post;
    let saves = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("saves");
    let load = |name: &str| mafia_mod::savefile::load_game(&saves.join(name)).expect("the demo");
    // Mafia 1923 (seed line 172): the court's vote rules, the option's number of families.
    let demo = load("demo.ron");
    let rules = rules_post(&demo, Markup::Text);
    assert!(
        rules.contains("Family vote: every living player names a family other than his own"),
        "{rules}"
    );
    assert!(rules.contains("(votes are secret)"), "{rules}");
    assert!(rules.contains("go to court each day.: 3"), "{rules}");
    assert!(
        rules.contains("A dead player's role is not announced."),
        "{rules}"
    );
    for slot in &demo.state().slots {
        let named = rules
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == slot.name);
        assert!(!named, "{} is named in\n{rules}", slot.name);
    }
    // Conan: a vote may name no-lynch; the BO's election is secret.
    let conan = rules_post(&load("demo-conan.ron"), Markup::Text);
    assert!(
        conan.contains("a tie lynches nobody (Q1). (a vote may also name: no_lynch)"),
        "{conan}"
    );
    assert!(conan.contains("BO leader election"), "{conan}");
    // ru-city: the players' language.
    let city = scenario("tests/scenarios/ru-city/boss_son_always_checks_red.ron");
    let city = rules_post(&city, Markup::Bbcode);
    assert!(city.contains("[b]Голосования[/b]"), "{city}");
    assert!(
        city.contains("охота на ведьм: два голоса каждый за разных игроков"),
        "{city}"
    );
    // Its options, one Russian sentence for the value in force, no host notes.
    assert!(city.contains("Игра идет в обычном формате"), "{city}");
    let options = &city[city.find("Настройки этой игры").expect("the options")..];
    assert!(!options.contains("(Q"), "an English note in\n{options}");
}
