//! Property tests of the engine: random entry sequences on random setups never panic, a refused
//! entry changes nothing, replay of the log gives the same state, and a save round-trips to the
//! same bytes.

use mafia_mod::engine::{Entry, Game, HostCommand, Level, PlayerSetup, Setup, Verdict};
use mafia_mod::savefile::{game_text, parse_game};
use mafia_mod::systems::{SYSTEMS, builtin};
use proptest::prelude::*;
use std::path::Path;

const ROLES: &[&str] = &[
    "townsperson",
    "mafia_member",
    "armed_robber",
    "thief",
    "butler",
    "boss",
    "drunkard",
    "bodyguard",
    "bumbling_bureaucrat",
    "councilor",
    "pacifist",
    "doctor",
    "sheriff",
    "paperboy",
    "witness",
    "court_secretary",
    "lawyer",
    "shadchan",
    "detective",
];
const FAMILIES: &[&str] = &["Capone", "Rossi", "Moretti", "Gambino"];

fn setup_strategy() -> impl Strategy<Value = Setup> {
    prop::collection::vec((0..ROLES.len(), 0..FAMILIES.len(), any::<bool>()), 4..24).prop_map(
        |picks| Setup {
            players: picks
                .into_iter()
                .enumerate()
                .map(|(i, (role, family, beginner))| PlayerSetup {
                    name: format!("P{i}"),
                    role: ROLES[role].to_string(),
                    extra_roles: Vec::new(),
                    family: Some(FAMILIES[family].to_string()),
                    level: if beginner {
                        Level::Beginner
                    } else {
                        Level::Standard
                    },
                    aka: Vec::new(),
                })
                .collect(),
            ..Setup::default()
        },
    )
}

/// A raw entry: indexes into players, abilities and families, decoded against the game.
#[derive(Debug, Clone)]
enum Raw {
    Act(usize, usize, Vec<usize>),
    Vote(bool, usize, usize),
    Unvote(bool, usize),
    Host(u8, usize, usize),
    Override(usize, u8),
    Resolve,
    Undo,
    Redo,
}

fn raw_strategy() -> impl Strategy<Value = Raw> {
    prop_oneof![
        6 => (0..30usize, 0..ROLES.len(), prop::collection::vec(0..30usize, 0..3)).prop_map(|(a, b, t)| Raw::Act(a, b, t)),
        6 => (any::<bool>(), 0..30usize, 0..30usize).prop_map(|(f, v, t)| Raw::Vote(f, v, t)),
        1 => (any::<bool>(), 0..30usize).prop_map(|(f, v)| Raw::Unvote(f, v)),
        1 => (0..6u8, 0..30usize, 0..30usize).prop_map(|(c, a, b)| Raw::Host(c, a, b)),
        1 => (0..80usize, 0..3u8).prop_map(|(s, v)| Raw::Override(s, v)),
        2 => Just(Raw::Resolve),
        1 => Just(Raw::Undo),
        1 => Just(Raw::Redo),
    ]
}

fn decode(game: &Game, raw: &Raw) -> Entry {
    let names: Vec<String> = game.state().slots.iter().map(|s| s.name.clone()).collect();
    let name = |i: usize| {
        names
            .get(i % names.len().max(1))
            .cloned()
            .unwrap_or_default()
    };
    let family = |i: usize| FAMILIES[i % FAMILIES.len()].to_string();
    let abilities = &game.roleset().abilities;
    match raw {
        Raw::Act(a, b, t) => {
            let ability = &abilities[b % abilities.len()];
            let targets = t
                .iter()
                .enumerate()
                .map(|(i, x)| match ability.targets.get(i) {
                    Some(mafia_mod::rules::TargetKind::Family) => family(*x),
                    _ => name(*x),
                })
                .collect();
            Entry::Act {
                actor: name(*a),
                ability: ability.id.clone(),
                targets,
                params: Default::default(),
            }
        }
        Raw::Vote(fam, v, t) => {
            if *fam {
                Entry::Vote {
                    ballot: Some("family".into()),
                    voter: name(*v),
                    target: family(*t),
                }
            } else {
                Entry::Vote {
                    ballot: None,
                    voter: name(*v),
                    target: name(*t),
                }
            }
        }
        Raw::Unvote(fam, v) => Entry::Unvote {
            ballot: fam.then(|| "family".to_string()),
            voter: name(*v),
        },
        Raw::Host(c, a, b) => Entry::Host(match c {
            0 => HostCommand::Modkill(name(*a)),
            1 => HostCommand::Revive(name(*a)),
            2 => HostCommand::SetStatus(
                name(*a),
                ["injured", "poisoned", "jailed", "exiled", "in_love"][b % 5].into(),
            ),
            3 => HostCommand::Replace(name(*a), format!("New{b}")),
            4 => HostCommand::ChangeRole(name(*a), ROLES[b % ROLES.len()].into()),
            _ => HostCommand::Message(Some(name(*a)), "hello".into()),
        }),
        Raw::Override(s, v) => Entry::Override {
            step: format!("act#{s}"),
            verdict: [Verdict::Succeed, Verdict::Fail, Verdict::Skip][*v as usize % 3],
            reason: "prop".into(),
        },
        Raw::Resolve => Entry::Resolve,
        Raw::Undo => Entry::Undo(game.last_undoable().unwrap_or(0)),
        Raw::Redo => Entry::Redo(game.last_redoable().unwrap_or(0)),
    }
}

fn play(setup: Setup, seed: u64, raws: &[Raw]) -> Option<Game> {
    let roleset = builtin("mafia-1923")?.ok()?;
    let (mut game, _) = Game::create("prop", roleset, setup, seed, &SYSTEMS).ok()?;
    for raw in raws {
        let entry = decode(&game, raw);
        let before = game.state().clone();
        let entries_before = game.entries().len();
        if game.submit(entry, None).is_err() {
            assert_eq!(game.state(), &before, "a refused entry changed the state");
            assert_eq!(
                game.entries().len(),
                entries_before,
                "a refused entry was logged"
            );
        }
    }
    Some(game)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn random_entries_never_panic_and_replay_exactly(
        setup in setup_strategy(),
        seed in any::<u64>(),
        raws in prop::collection::vec(raw_strategy(), 0..120),
    ) {
        let Some(game) = play(setup, seed, &raws) else { return Ok(()) };
        let replayed = Game::from_file(game.file().clone(), &SYSTEMS).expect("a game's own log replays");
        prop_assert_eq!(replayed.state(), game.state());
        let text = game_text(&game).expect("serialise");
        let loaded = parse_game(Path::new("prop.ron"), &text).expect("a save loads");
        prop_assert_eq!(loaded.state(), game.state());
        prop_assert_eq!(game_text(&loaded).expect("serialise again"), text);
    }
}

/// Playing the same entries twice gives the same outcome, random draws included.
#[test]
fn same_entries_same_outcome() {
    let game = mafia_mod::demo::demo_game().expect("demo");
    let again = mafia_mod::demo::demo_game().expect("demo");
    assert_eq!(game.preview(), again.preview());
    assert_eq!(game_text(&game).ok(), game_text(&again).ok());
}
