//! The bundled demo game: a Mafia 1923 game of three families, in the middle of Night 2. It is
//! built from entries here, and `saves/demo.ron` is its save (a test keeps the two in step).

use crate::engine::{Entry, Game, Level, PlayerSetup, Setup};
use crate::systems::{SYSTEMS, builtin};

const FAMILIES: [(&str, [(&str, &str); 8]); 3] = [
    (
        "Capone",
        [
            ("Ann", "doctor"),
            ("Bruno", "mafia_member"),
            ("Carla", "townsperson"),
            ("Dino", "sheriff"),
            ("Elsa", "witness"),
            ("Franco", "townsperson"),
            ("Gina", "councilor"),
            ("Hugo", "townsperson"),
        ],
    ),
    (
        "Rossi",
        [
            ("Ida", "bodyguard"),
            ("Jack", "townsperson"),
            ("Kira", "mafia_member"),
            ("Leo", "lawyer"),
            ("Mia", "butler"),
            ("Nico", "townsperson"),
            ("Olga", "paperboy"),
            ("Pio", "townsperson"),
        ],
    ),
    (
        "Moretti",
        [
            ("Quinn", "detective"),
            ("Rita", "townsperson"),
            ("Sal", "armed_robber"),
            ("Tess", "mafia_member"),
            ("Ugo", "court_secretary"),
            ("Vera", "boss"),
            ("Walt", "townsperson"),
            ("Xena", "pacifist"),
        ],
    ),
];

fn act(actor: &str, ability: &str, targets: &[&str]) -> Entry {
    Entry::Act {
        actor: actor.into(),
        ability: ability.into(),
        targets: targets.iter().map(|t| t.to_string()).collect(),
        params: Default::default(),
    }
}

fn vote(ballot: &str, voter: &str, target: &str) -> Entry {
    Entry::Vote {
        ballot: Some(ballot.into()),
        voter: voter.into(),
        target: target.into(),
    }
}

/// The demo game, entry by entry. Fixed timestamps keep the save byte-identical.
pub fn demo_game() -> Result<Game, String> {
    let roleset = builtin("mafia-1923")
        .ok_or("the mafia-1923 roleset is missing")?
        .map_err(|e| e.to_string())?;
    let players = FAMILIES
        .iter()
        .flat_map(|(family, members)| {
            members.iter().map(|(name, role)| PlayerSetup {
                name: name.to_string(),
                role: role.to_string(),
                extra_roles: Vec::new(),
                family: Some(family.to_string()),
                level: if *role == "townsperson" {
                    Level::Beginner
                } else {
                    Level::Standard
                },
                aka: Vec::new(),
            })
        })
        .collect();
    let setup = Setup {
        players,
        ..Setup::default()
    };
    let (mut game, _) =
        Game::create("demo", roleset, setup, 1923, &SYSTEMS).map_err(|e| e.to_string())?;
    let mut at = 1_790_000_000u64;
    let mut submit = |game: &mut Game, entry: Entry| {
        at += 60;
        game.submit(entry, Some(at))
            .map(|_| ())
            .map_err(|e| format!("demo entry at {at}: {e}"))
    };
    for entry in [
        act("Ann", "doctor", &["Carla"]),
        act("Ida", "bodyguard", &["Leo"]),
        act("Mia", "butler", &["Tess"]),
        act("Vera", "boss", &["Olga"]),
        act("Quinn", "detective", &["Bruno"]),
        act("Kira", "mafia_kill", &["Jack", "Walt"]),
        Entry::Resolve,
        act("Dino", "sheriff", &["Carla", "Capone"]),
    ] {
        submit(&mut game, entry)?;
    }
    // Day 1: each family votes for the next family, and for its most suspicious member.
    let suspects = [
        ("Capone", "Franco", "Rossi"),
        ("Rossi", "Nico", "Moretti"),
        ("Moretti", "Rita", "Capone"),
    ];
    let living: Vec<(String, String)> = game
        .state()
        .living()
        .map(|s| (s.name.clone(), s.family.clone().unwrap_or_default()))
        .collect();
    for (name, family) in living {
        let Some((_, suspect, other)) = suspects.iter().find(|(f, _, _)| *f == family) else {
            continue;
        };
        let pick = if name == *suspect { "Hugo" } else { suspect };
        let pick = if family == "Capone" {
            pick
        } else if name == *suspect {
            if family == "Rossi" { "Pio" } else { "Ugo" }
        } else {
            suspect
        };
        submit(&mut game, vote("family", &name, other))?;
        submit(&mut game, vote("individual", &name, pick))?;
    }
    for entry in [
        Entry::Resolve,
        act("Ann", "doctor", &["Tess"]),
        act("Ida", "bodyguard", &["Ida"]),
        act("Vera", "boss", &["Mia"]),
        act("Tess", "mafia_kill", &["Ugo", "Hugo"]),
    ] {
        submit(&mut game, entry)?;
    }
    Ok(game)
}

/// Roles dealt in each family of ten in [`large_game`]: two Mafia Members and a spread of the
/// roles that act, so a night exercises most stages.
const LARGE_FAMILY_ROLES: [&str; 10] = [
    "mafia_member",
    "mafia_member",
    "doctor",
    "bodyguard",
    "butler",
    "boss",
    "detective",
    "sheriff",
    "lawyer",
    "councilor",
];

/// A synthetic Mafia 1923 game of `players` players in families of ten, with `phases` phases
/// played and committed and the current phase filled with plausible entries (not resolved).
/// Used by benchmarks and load tests.
pub fn large_game(players: usize, phases: usize, seed: u64) -> Result<Game, String> {
    let roleset = builtin("mafia-1923")
        .ok_or("the mafia-1923 roleset is missing")?
        .map_err(|e| e.to_string())?;
    let setup = Setup {
        players: (0..players)
            .map(|i| PlayerSetup {
                name: format!("P{i}"),
                role: LARGE_FAMILY_ROLES[i % 10].to_string(),
                extra_roles: Vec::new(),
                family: Some(format!("F{}", i / 10)),
                level: Level::Standard,
                aka: Vec::new(),
            })
            .collect(),
        ..Setup::default()
    };
    let (mut game, _) =
        Game::create("large", roleset, setup, seed, &SYSTEMS).map_err(|e| e.to_string())?;
    for _ in 0..phases {
        fill_phase(&mut game);
        if game.state().game_over.is_some() {
            break;
        }
        game.submit(Entry::Resolve, None)
            .map_err(|e| e.to_string())?;
    }
    fill_phase(&mut game);
    Ok(game)
}

/// Submit what the living players would typically send this phase: every night ability aimed
/// at a player some distance away, or a family and an individual vote each. Entries the rules
/// refuse are simply not made.
pub fn fill_phase(game: &mut Game) {
    let state = game.state().clone();
    let roleset = game.roleset().clone();
    let living: Vec<&crate::engine::Slot> = state.living().collect();
    let n = living.len().max(1);
    let kind = state.phase_kind(&roleset);
    let mut mafia_done = false;
    for (i, slot) in living.iter().enumerate() {
        let family = slot.family.clone().unwrap_or_default();
        if kind == crate::rules::PhaseKind::Day {
            let other_family = state
                .families
                .iter()
                .find(|f| **f != family)
                .cloned()
                .unwrap_or_default();
            let pick = living
                .iter()
                .find(|s| s.family == slot.family && s.id != slot.id)
                .map(|s| s.name.clone());
            let _ = game.submit(vote("family", &slot.name, &other_family), None);
            if let Some(pick) = pick {
                let _ = game.submit(vote("individual", &slot.name, &pick), None);
            }
            continue;
        }
        for role in slot.roles() {
            let Some(def) = roleset.role(role) else {
                continue;
            };
            for ability in def.abilities.iter().filter_map(|a| roleset.ability(a)) {
                if ability.passive
                    || ability.phase != kind
                    || (ability.group.is_some() && mafia_done)
                {
                    continue;
                }
                let count = crate::engine::validate::target_count(ability, &state);
                let targets: Vec<String> = (0..count)
                    .map(|k| match crate::engine::validate::target_kind(ability, k) {
                        crate::rules::TargetKind::Family => {
                            state.families[(i + k) % state.families.len().max(1)].clone()
                        }
                        crate::rules::TargetKind::Player => {
                            living[(i + 7 + 13 * k) % n].name.clone()
                        }
                        other => crate::engine::validate::target_choices(&roleset, &state, &other)
                            .first()
                            .cloned()
                            .unwrap_or_default(),
                    })
                    .collect();
                let accepted = game
                    .submit(
                        Entry::Act {
                            actor: slot.name.clone(),
                            ability: ability.id.clone(),
                            targets,
                            params: Default::default(),
                        },
                        None,
                    )
                    .is_ok();
                mafia_done |= accepted && ability.group.is_some();
            }
        }
    }
}

fn act_with(actor: &str, ability: &str, targets: &[&str], params: &[(&str, &str)]) -> Entry {
    Entry::Act {
        actor: actor.into(),
        ability: ability.into(),
        targets: targets.iter().map(|t| t.to_string()).collect(),
        params: params
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// The players of the Conan demo: conan.md §12.4's example of 15, a townsperson for Hakuba.
const CONAN_PLAYERS: [(&str, &str); 15] = [
    ("Akira", "anokata"),
    ("Goro", "gin"),
    ("Vic", "vodka"),
    ("Chie", "chianti"),
    ("Mei", "megure"),
    ("Sara", "satou"),
    ("Kei", "conan"),
    ("Hana", "heiji"),
    ("Kazu", "kazuha"),
    ("Rin", "ran"),
    ("Emi", "eri"),
    ("Mako", "makoto"),
    ("Yui", "yumi"),
    ("Jo", "jodie"),
    ("Taro", "townsperson"),
];

/// The bundled Conan demo (`saves/demo-conan.ron`): Prep with lovers and a traveler's return,
/// a Night 1 kill the town investigates, and Day 1 under way with an arrest and votes in.
pub fn conan_demo_game() -> Result<Game, String> {
    let roleset = builtin("conan")
        .ok_or("the conan roleset is missing")?
        .map_err(|e| e.to_string())?;
    let players = CONAN_PLAYERS
        .iter()
        .map(|(name, role)| PlayerSetup::new(*name, *role))
        .collect();
    let setup = Setup {
        players,
        ..Setup::default()
    };
    let (mut game, _) =
        Game::create("demo-conan", roleset, setup, 1996, &SYSTEMS).map_err(|e| e.to_string())?;
    let mut at = 1_790_000_000u64;
    for entry in [
        act("Yui", "amor", &["Rin", "Kei"]),
        act_with("Mako", "plan_return", &[], &[("phase", "Day 1")]),
        act_with(
            "Taro",
            "will",
            &[],
            &[("text", "If I die, look at the man in black.")],
        ),
        Entry::Resolve,
        act("Akira", "bo_kill", &["Taro"]),
        act("Rin", "protect", &["Hana"]),
        act_with("Kei", "investigate", &["Akira"], &[("action", "bo_kill")]),
        act("Jo", "stake_out", &["Taro"]),
        act("Vic", "discombobulate", &["Hana"]),
        Entry::Resolve,
        act_with(
            "Mei",
            "arrest",
            &["Akira"],
            &[
                ("crime", "killing"),
                ("phase", "Night 1"),
                ("victim", "Taro"),
            ],
        ),
        act("Kazu", "accompany", &["Kei"]),
        vote_default("Kei", "Goro"),
        vote_default("Hana", "Goro"),
        vote_default("Goro", "Kei"),
        vote_default("Vic", "Kei"),
    ] {
        at += 60;
        game.submit(entry, Some(at))
            .map_err(|e| format!("conan demo entry at {at}: {e}"))?;
    }
    Ok(game)
}

fn vote_default(voter: &str, target: &str) -> Entry {
    Entry::Vote {
        ballot: None,
        voter: voter.into(),
        target: target.into(),
    }
}

/// The WWR demo role book's setup file, relative to the repository.
pub const WWR_DEMO_SETUP: &str = "rolesets/wwr-demo/setup.ron";

/// The WWR demo's deal of 16 (`rolesets/wwr-demo/setup.ron`), by seat: 11 of the village,
/// then the Den and the Stray.
pub const WWR_DEMO_DEAL: [(&str, &str); 16] = [
    ("Ann", "lamplighter"),
    ("Bob", "lamplighter"),
    ("Cid", "night_watch"),
    ("Dee", "census_taker"),
    ("Eve", "confessor"),
    ("Fay", "herbalist"),
    ("Gus", "bellringer"),
    ("Hal", "gravedigger"),
    ("Ivy", "hangman"),
    ("Jon", "blacksmith"),
    ("Kim", "wanderer"),
    ("Lou", "den_mother"),
    ("Max", "scent_hound"),
    ("Ned", "skinwalker"),
    ("Oda", "ridge_wolf"),
    ("Pat", "stray"),
];

/// `count` players dealt the WWR demo's roles in its proportions (the deal repeated), named as
/// the deal for the first 16 and `P016`, … after.
pub fn wwr_demo_players(count: usize) -> Vec<PlayerSetup> {
    (0..count)
        .map(|i| {
            let (name, role) = WWR_DEMO_DEAL[i % WWR_DEMO_DEAL.len()];
            let name = if i < WWR_DEMO_DEAL.len() {
                name.to_string()
            } else {
                format!("P{i:03}")
            };
            PlayerSetup::new(name, role)
        })
        .collect()
}

/// A new WWR game of the demo role book with `count` players (read from the repository's
/// `rolesets/wwr-demo/`, so run from its root: the tests and benchmarks).
pub fn wwr_demo_game(count: usize, seed: u64) -> Result<Game, String> {
    wwr_demo_game_of(wwr_demo_players(count), seed)
}

/// The demo book's roles of layer B (dealt to nobody by its setup) and the seats of each 16
/// they take at a table that puts them in play, sparing the Blacksmith the Apprentice Smith
/// waits on and the pack: grants, obstruction, role change, loops and draws, then hidden votes,
/// poll marks, redirection, team queries and lists.
pub const WWR_DEMO_LAYER_B: [(usize, &str); 10] = [
    (1, "warden"),
    (3, "oathkeeper"),
    (5, "apprentice_smith"),
    (7, "rumourmonger"),
    (8, "mourner"),
    (0, "registrar"),
    (4, "pardoner"),
    (6, "scarecrow_maker"),
    (10, "grudge_bearer"),
    (15, "tally_wolf"),
];

/// [`wwr_demo_game`] with the layer-B roles in play: the benchmark of a night with role changes,
/// extra roles, visits and obstruction, loops and draws.
pub fn wwr_demo_game_layer_b(count: usize, seed: u64) -> Result<Game, String> {
    let mut players = wwr_demo_players(count);
    for (i, player) in players.iter_mut().enumerate() {
        if let Some((_, role)) = WWR_DEMO_LAYER_B.iter().find(|(seat, _)| *seat == i % 16) {
            player.role = role.to_string();
        }
    }
    wwr_demo_game_of(players, seed)
}

/// The demo book's haunting and include roles and the seats of each 16 they take over from
/// [`WWR_DEMO_LAYER_B`]'s table (a Night Watch, a Blacksmith, a Scarecrow Maker, two wolves).
pub const WWR_DEMO_LAYER_C: [(usize, &str); 5] = [
    (2, "lost_soul"),
    (9, "sexton"),
    (6, "spiritualist"),
    (12, "grave_robber"),
    (13, "echo"),
];

/// [`wwr_demo_game_layer_b`] with the layer-C roles in play, in a haunting game (the Echo
/// echoes the Herbalist): the benchmark of a night with ghosts, banishment and resurrection.
pub fn wwr_demo_game_haunted(count: usize, seed: u64) -> Result<Game, String> {
    let mut players = wwr_demo_players(count);
    for (i, player) in players.iter_mut().enumerate() {
        let seat = i % 16;
        let role = WWR_DEMO_LAYER_C
            .iter()
            .chain(&WWR_DEMO_LAYER_B)
            .find(|(s, _)| *s == seat)
            .map(|(_, role)| *role);
        if let Some(role) = role {
            player.role = role.to_string();
        }
    }
    let options = [("haunting", "on"), ("%Role%", "Herbalist")]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    wwr_demo_game_with(players, options, seed)
}

fn wwr_demo_game_of(players: Vec<PlayerSetup>, seed: u64) -> Result<Game, String> {
    wwr_demo_game_with(players, Default::default(), seed)
}

fn wwr_demo_game_with(
    players: Vec<PlayerSetup>,
    options: std::collections::BTreeMap<String, String>,
    seed: u64,
) -> Result<Game, String> {
    let roleset = crate::systems::load_roleset(WWR_DEMO_SETUP).map_err(|e| e.to_string())?;
    let setup = Setup {
        players,
        options,
        ..Setup::default()
    };
    Game::create("wwr-demo", roleset, setup, seed, &SYSTEMS)
        .map(|(game, _)| game)
        .map_err(|e| e.to_string())
}

/// The WWR demo save (`saves/demo-wwr.ron`): the demo role book's 16 players in Night 1, a few
/// prompts answered and the Den's Hunt under way. Fixed timestamps keep the save byte-identical.
pub fn wwr_demo_night() -> Result<Game, String> {
    let mut game = wwr_demo_game(16, 3)?;
    let mut at = 1_790_000_000u64;
    for entry in [
        Entry::Resolve,
        act("Fay", "herbalist", &["Kim"]),
        act("Cid", "night_watch", &["Max"]),
        vote("hunt", "Lou", "Gus"),
        vote("hunt", "Max", "Gus"),
        vote("hunt", "Ned", "Jon"),
    ] {
        at += 60;
        game.submit(entry, Some(at))
            .map_err(|e| format!("WWR demo entry at {at}: {e}"))?;
    }
    Ok(game)
}
