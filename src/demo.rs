//! The bundled demo game: a Mafia 1923 game of three families, in the middle of Night 2. It is
//! built from entries here, and `saves/demo.ron` is its save (a test keeps the two in step).

use crate::engine::{Entry, Game, Level, PlayerSetup, Setup};
use crate::rules::builtin;

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
            })
        })
        .collect();
    let setup = Setup {
        players,
        ..Setup::default()
    };
    let (mut game, _) = Game::create("demo", roleset, setup, 1923).map_err(|e| e.to_string())?;
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
