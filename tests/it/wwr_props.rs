//! Property tests of the WWR executor on the demo role book: random entry sequences (answers
//! to any prompt with any targets, votes on any poll, host commands, resolves, undo and redo)
//! on random deals never panic, a refused entry changes nothing, and the log replays to the same
//! state, the executor's world included.

use crate::props_common;

use mafia_mod::engine::{Entry, Game, HostCommand, Setup};
use mafia_mod::systems::{SYSTEMS, load_roleset};
use proptest::prelude::*;

/// The demo role book's roles, each once.
fn roles() -> Vec<String> {
    let mut roles: Vec<String> = mafia_mod::demo::WWR_DEMO_DEAL
        .iter()
        .map(|(_, r)| r.to_string())
        .collect();
    roles.dedup();
    roles
}

const BALLOTS: &[&str] = &["gallows", "hunt"];

fn setup_strategy() -> impl Strategy<Value = Setup> {
    props_common::deals(roles(), 4..18)
}

#[derive(Debug, Clone)]
enum Raw {
    Act(usize, usize, Vec<usize>),
    Vote(usize, usize, usize),
    Host(u8, usize),
    Resolve,
    Undo,
    Redo,
}

fn raw_strategy() -> impl Strategy<Value = Raw> {
    prop_oneof![
        8 => (0..18usize, 0..60usize, prop::collection::vec(0..19usize, 0..4))
            .prop_map(|(a, b, t)| Raw::Act(a, b, t)),
        5 => (0..BALLOTS.len(), 0..18usize, 0..19usize).prop_map(|(b, v, t)| Raw::Vote(b, v, t)),
        1 => (0..3u8, 0..18usize).prop_map(|(c, a)| Raw::Host(c, a)),
        3 => Just(Raw::Resolve),
        1 => Just(Raw::Undo),
        1 => Just(Raw::Redo),
    ]
}

fn decode(game: &Game, raw: &Raw) -> Entry {
    let names: Vec<String> = game.state().slots.iter().map(|s| s.name.clone()).collect();
    // Index past the players: a role name or a word, as a mistyped target would be.
    let target = |i: usize| match names.get(i) {
        Some(n) => n.clone(),
        None if i.is_multiple_of(2) => "Lamplighter".to_string(),
        None => "abstain".to_string(),
    };
    let abilities = &game.roleset().abilities;
    match raw {
        Raw::Act(a, b, t) => {
            let actor = &game.state().slots[a % names.len()];
            let usable = game.usable_abilities(actor).unwrap_or_default();
            let ability = match usable.get(b % usable.len().max(1)) {
                Some(def) if b % 5 != 0 => def.id.clone(),
                _ => abilities[b % abilities.len()].id.clone(),
            };
            Entry::Act {
                actor: actor.name.clone(),
                ability,
                targets: t.iter().map(|x| target(*x)).collect(),
                params: Default::default(),
            }
        }
        Raw::Vote(b, v, t) => Entry::Vote {
            ballot: Some(BALLOTS[*b].to_string()),
            voter: names[v % names.len()].clone(),
            target: target(*t),
        },
        Raw::Host(c, a) => Entry::Host(match c {
            0 => HostCommand::Modkill(names[a % names.len()].clone()),
            1 => HostCommand::Revive(names[a % names.len()].clone()),
            _ => HostCommand::Message(None, "a hint".into()),
        }),
        Raw::Resolve => Entry::Resolve,
        Raw::Undo => Entry::Undo(game.last_undoable().unwrap_or(0)),
        Raw::Redo => Entry::Redo(game.last_redoable().unwrap_or(0)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 30, .. ProptestConfig::default() })]

    #[test]
    fn random_wwr_entries_never_panic_and_replay_exactly(
        setup in setup_strategy(),
        seed in any::<u64>(),
        raws in prop::collection::vec(raw_strategy(), 0..120),
    ) {
        let roleset = load_roleset(mafia_mod::demo::WWR_DEMO_SETUP).expect("the demo");
        let Ok((mut game, _)) = Game::create("prop", roleset, setup, seed, &SYSTEMS) else {
            return Ok(());
        };
        props_common::play_checked(&mut game, raws.len(), |game, i| decode(game, &raws[i]))?;
    }
}
