//! Targets beyond players and families: a role, a group (a side of the roleset) and a choice of
//! words. The engine accepts them by id, name or word in any case, stores them canonical, and
//! refuses anything else naming what it may be.

use mafia_mod::engine::{Entry, Game, Setup};
use mafia_mod::rules::{AbilityDef, TargetKind};
use mafia_mod::systems::{SYSTEMS, builtin};
use std::collections::BTreeMap;

fn game() -> Game {
    let mut roleset = builtin("ru-city").expect("bundled").expect("valid");
    let note = roleset.ability("night_note").expect("night note").clone();
    roleset.abilities.push(AbilityDef {
        id: "guess".into(),
        name: "Guess".into(),
        targets: vec![
            TargetKind::Role,
            TargetKind::Group,
            TargetKind::Choice(vec!["kill".into(), "heal".into()]),
        ],
        params: Vec::new(),
        repeatable: false,
        description: "a test ability".into(),
        ..note
    });
    let citizen = roleset
        .roles
        .iter_mut()
        .find(|r| r.id == "citizen")
        .expect("citizen");
    citizen.abilities.push("guess".into());
    // The standard twelve of the ru-city scenarios.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/ru-city/rounds_named_through_two_days.ron");
    let scenario = mafia_mod::scenario::load_scenario(&path).expect("scenario");
    let setup = Setup {
        players: scenario.players,
        ..Setup::default()
    };
    let (mut game, _) = Game::create("kinds", roleset, setup, 1, &SYSTEMS).expect("created");
    game.submit(Entry::Resolve, None).expect("day 1 ends");
    game
}

fn act(game: &mut Game, targets: &[&str]) -> Result<u64, mafia_mod::engine::Refusal> {
    game.submit(
        Entry::Act {
            actor: "Gus".into(),
            ability: "guess".into(),
            targets: targets.iter().map(|t| t.to_string()).collect(),
            params: BTreeMap::new(),
        },
        None,
    )
}

#[test]
fn roles_groups_and_choices_are_named_and_made_canonical() {
    let mut game = game();
    act(&mut game, &["Доктор", "BLACK", "Heal"]).expect("accepted by name and word");
    let pending = game.state().pending.last().expect("pending");
    match &pending.kind {
        mafia_mod::engine::entry::PendingKind::Act { targets, .. } => {
            assert_eq!(targets, &["doctor", "black", "heal"]);
        }
        other => panic!("not an act: {other:?}"),
    }
}

#[test]
fn an_unknown_role_group_or_word_is_refused_naming_the_kind() {
    let mut game = game();
    for (targets, kind) in [
        (["doktor", "black", "heal"], "no role named `doktor`"),
        (["doctor", "purple", "heal"], "no group named `purple`"),
        (
            ["doctor", "black", "steal"],
            "no choice named `steal` (one of: kill, heal)",
        ),
    ] {
        let refusal = act(&mut game, &targets).expect_err("refused");
        assert_eq!(refusal.rule, "illegal_target");
        assert!(refusal.message.contains(kind), "{}", refusal.message);
    }
    assert!(
        game.state().pending.is_empty(),
        "a refused entry changes nothing"
    );
}
