//! Property tests of the Conan rule system: random entry sequences on random Conan setups never
//! panic, a refused entry changes nothing, and replaying the log gives the same state (the
//! crime log, kill turns and every kept value included).

use crate::props_common;

use mafia_mod::engine::{Entry, Game, HostCommand, Setup};
use mafia_mod::systems::{SYSTEMS, builtin};
use proptest::prelude::*;
use std::collections::BTreeMap;

const ROLES: &[&str] = &mafia_mod::mechanics::conan::DEALT_ROLES;

/// Parameters an action may carry, picked by index (most abilities ignore them or refuse a
/// stray one, which is part of what is tested).
const PARAMS: &[&[(&str, &str)]] = &[
    &[],
    &[("action", "bo_kill")],
    &[("crime", "killing"), ("phase", "Night 1")],
    &[("crime", "attacking"), ("phase", "Prep")],
    &[("role", "gin")],
    &[("role", "conan")],
    &[("snipe", "yes")],
    &[("bribe", "yes")],
    &[("erase_body", "yes")],
    &[("fake", "discombobulate")],
    &[("crime", "killing")],
    &[("item", "watch")],
    &[("text", "a will")],
    &[("phase", "Night 2")],
];

fn setup_strategy() -> impl Strategy<Value = Setup> {
    props_common::deals(ROLES.iter().map(|r| r.to_string()).collect(), 6..20)
}

#[derive(Debug, Clone)]
enum Raw {
    Act(usize, usize, Vec<usize>, usize),
    Vote(bool, usize, usize),
    Host(u8, usize),
    Resolve,
    Undo,
    Redo,
}

fn raw_strategy() -> impl Strategy<Value = Raw> {
    prop_oneof![
        8 => (0..20usize, 0..120usize, prop::collection::vec(0..20usize, 0..3), 0..PARAMS.len())
            .prop_map(|(a, b, t, p)| Raw::Act(a, b, t, p)),
        4 => (any::<bool>(), 0..20usize, 0..21usize).prop_map(|(l, v, t)| Raw::Vote(l, v, t)),
        1 => (0..3u8, 0..20usize).prop_map(|(c, a)| Raw::Host(c, a)),
        3 => Just(Raw::Resolve),
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
    let abilities = &game.roleset().abilities;
    match raw {
        Raw::Act(a, b, t, p) => {
            // Mostly what the actor may use now (the console's offer), sometimes anything.
            let actor = &game.state().slots[a % names.len().max(1)];
            let usable: Vec<&mafia_mod::rules::AbilityDef> = game
                .usable_abilities(actor)
                .unwrap_or_default()
                .into_iter()
                .collect();
            let ability = match usable.get(b % usable.len().max(1)) {
                Some(def) if b % 5 != 0 => *def,
                _ => &abilities[b % abilities.len()],
            };
            let targets = match ability.targets.first() {
                Some(mafia_mod::rules::TargetKind::Role) => vec!["heiji".to_string()],
                _ => t.iter().map(|x| name(*x)).collect(),
            };
            let params: BTreeMap<String, String> = PARAMS[*p]
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            Entry::Act {
                actor: name(*a),
                ability: ability.id.clone(),
                targets,
                params,
            }
        }
        Raw::Vote(leader, v, t) => Entry::Vote {
            ballot: leader.then(|| "bo_leader".to_string()),
            voter: name(*v),
            target: if *t == 20 {
                "no_lynch".into()
            } else {
                name(*t)
            },
        },
        Raw::Host(c, a) => Entry::Host(match c {
            0 => HostCommand::Modkill(name(*a)),
            1 => HostCommand::SetStatus(name(*a), "injured".into()),
            _ => HostCommand::Message(None, "a hint".into()),
        }),
        Raw::Resolve => Entry::Resolve,
        Raw::Undo => Entry::Undo(game.last_undoable().unwrap_or(0)),
        Raw::Redo => Entry::Redo(game.last_redoable().unwrap_or(0)),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, .. ProptestConfig::default() })]

    #[test]
    fn random_conan_entries_never_panic_and_replay_exactly(
        setup in setup_strategy(),
        seed in any::<u64>(),
        raws in prop::collection::vec(raw_strategy(), 0..150),
    ) {
        let roleset = builtin("conan").expect("bundled").expect("valid");
        let Ok((mut game, _)) = Game::create("prop", roleset, setup, seed, &SYSTEMS) else {
            return Ok(());
        };
        props_common::play_checked(&mut game, raws.len(), |game, i| decode(game, &raws[i]))?;
    }
}
