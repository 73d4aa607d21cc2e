//! The resolution kernel seen from the rolesets: an effect a roleset declares runs in every rule
//! system (ru-city, whose own roles are Rust, included), and attacks and defences meet by
//! strength.

use mafia_mod::engine::{Entry, Game, Setup};
use mafia_mod::rules::{Effect, Roleset};
use mafia_mod::systems::{SYSTEMS, builtin};
use std::collections::BTreeMap;
use std::path::Path;

/// A game of `roleset` with the players of a scenario file of the suite.
fn game_with(roleset: Roleset, players_of: &str) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(players_of);
    let scenario = mafia_mod::scenario::load_scenario(&path).expect("scenario");
    let setup = Setup {
        players: scenario.players,
        families: scenario.families,
        ..Setup::default()
    };
    Game::create("kernel", roleset, setup, 1, &SYSTEMS)
        .expect("created")
        .0
}

fn act(game: &mut Game, actor: &str, ability: &str, targets: &[&str]) {
    game.submit(
        Entry::Act {
            actor: actor.into(),
            ability: ability.into(),
            targets: targets.iter().map(|t| t.to_string()).collect(),
            params: BTreeMap::new(),
        },
        None,
    )
    .unwrap_or_else(|e| panic!("{actor} {ability}: {e}"));
}

fn alive(game: &Game, name: &str) -> bool {
    game.state().slot_by_name(name).expect("player").alive
}

/// A ru-city citizen given a roleset ability with a `Kill` effect (no ru-city role claims it):
/// the kernel runs it, and its kind is the cause of death.
#[test]
fn a_ru_city_ability_with_a_roleset_effect_runs_on_the_kernel() {
    let mut roleset = builtin("ru-city").expect("bundled").expect("valid");
    let mut shot = roleset.ability("doctor").expect("doctor").clone();
    shot.id = "sniper".into();
    shot.name = "Sniper".into();
    shot.effect = Effect::Kill {
        attack: "sniper".into(),
        strength: 1,
    };
    shot.limits = Default::default();
    shot.rules = Vec::new();
    shot.exclusive = None;
    shot.params = Vec::new();
    shot.count = Default::default();
    shot.targets = vec![mafia_mod::rules::TargetKind::Player];
    roleset.abilities.push(shot);
    let citizen = roleset.roles.iter_mut().find(|r| r.id == "citizen");
    citizen.expect("citizen").abilities.push("sniper".into());
    let mut game = game_with(
        roleset,
        "tests/scenarios/ru-city/rounds_named_through_two_days.ron",
    );
    game.submit(Entry::Resolve, None).expect("day 1 ends");
    act(&mut game, "Gus", "sniper", &["Hal"]);
    game.submit(Entry::Resolve, None).expect("night 1 resolves");
    assert!(
        !alive(&game, "Hal"),
        "{}",
        mafia_mod::scenario::trace(&game)
    );
    let hal = game.state().slot_by_name("Hal").expect("Hal");
    assert_eq!(hal.death.as_ref().map(|d| d.1.as_str()), Some("sniper"));
}

/// The 1923 Doctor's protection has strength 1: it stops the Mafia's kill of strength 1 and
/// not one of strength 2.
#[test]
fn a_defence_stops_attacks_up_to_its_strength() {
    for (strength, survives) in [(1, true), (2, false)] {
        let mut roleset = builtin("mafia-1923").expect("bundled").expect("valid");
        let kill = roleset
            .abilities
            .iter_mut()
            .find(|a| a.id == "mafia_kill")
            .expect("mafia kill");
        kill.effect = Effect::Kill {
            attack: "mafia".into(),
            strength,
        };
        let mut game = game_with(
            roleset,
            "tests/scenarios/mafia-1923/doctor_saves_from_mafia.ron",
        );
        act(&mut game, "Doc", "doctor", &["Bob"]);
        act(&mut game, "Max", "mafia_kill", &["Bob"]);
        game.submit(Entry::Resolve, None).expect("night 1 resolves");
        assert_eq!(
            alive(&game, "Bob"),
            survives,
            "strength {strength}:\n{}",
            mafia_mod::scenario::trace(&game)
        );
    }
}
