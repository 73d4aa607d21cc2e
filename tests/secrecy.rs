//! Secrets stay secret, over every scenario of every rule system and every phase it commits:
//! no public post (as text, BBCode and Markdown) puts a living player's role beside his name,
//! repeats a private, group or host message, or shows a host-only mark.

use mafia_mod::engine::Game;
use mafia_mod::engine::outcome::Audience;
use mafia_mod::export::{Markup, public_post};
use std::path::PathBuf;

/// Roles that are public by the rules while their holder lives: ru-city's titles, won at the
/// election and announced (L158–L161), and its elite roles, open from the start (L125.4,
/// L127.4, L129.4).
const PUBLIC_TITLES: &[&str] = &["mayor", "secretary", "agent", "mason", "servant"];

/// What a post may never show about a phase: (what leaked, the line it leaked in).
fn leaks(game: &Game) -> Vec<String> {
    let roleset = game.roleset();
    let state = game.state();
    let mut found = Vec::new();
    for phase in &state.history {
        let living: Vec<_> = state
            .slots
            .iter()
            .filter(|s| s.death.as_ref().is_none_or(|(at, _)| *at > phase.index))
            .collect();
        let posts: Vec<String> = [Markup::Text, Markup::Bbcode, Markup::Markdown]
            .into_iter()
            .map(|m| public_post(game, phase, m))
            .collect();
        // What a WWR role text itself makes public (`wwr_announce`) is public by the role
        // book's design, even where it names a living player's role.
        let announced: Vec<&str> = phase
            .outcome
            .messages
            .iter()
            .filter(|m| m.template == "wwr_announce" && m.audience == Audience::Public)
            .map(|m| m.text.trim())
            .collect();
        for post in &posts {
            for line in post.lines() {
                if announced.iter().any(|a| line.contains(a)) {
                    continue;
                }
                for s in &living {
                    // The player's name as a word of the line, and one of his secret roles'
                    // names in the same line.
                    let named = line
                        .split(|c: char| !c.is_alphanumeric() && c != '_')
                        .any(|w| w == s.name);
                    if !named {
                        continue;
                    }
                    // The roles he holds at the end and those he was dealt: a role he held
                    // in between is one of them or was another's.
                    let dealt = game
                        .file()
                        .setup
                        .players
                        .iter()
                        .find(|p| p.name == s.name)
                        .map(|p| {
                            std::iter::once(p.role.clone())
                                .chain(p.extra_roles.iter().cloned())
                                .collect::<Vec<_>>()
                        })
                        .unwrap_or_default();
                    let mut held: Vec<String> = s.roles().map(str::to_string).collect();
                    held.extend(dealt);
                    held.sort();
                    held.dedup();
                    for role in held.iter().filter(|r| !PUBLIC_TITLES.contains(&r.as_str())) {
                        let Some(def) = roleset.role(role) else {
                            continue;
                        };
                        if line.contains(&def.name) && !common_word(&def.name, line, &s.name) {
                            found.push(format!(
                                "{}: a living player's role `{}` beside {}: {line}",
                                phase.name, def.name, s.name
                            ));
                        }
                    }
                }
            }
            if post.contains("(host)") {
                found.push(format!("{}: a host-only mark in the post", phase.name));
            }
        }
        let text = &posts[0];
        for m in &phase.outcome.messages {
            let secret = matches!(
                m.audience,
                Audience::Slot(_) | Audience::Group(_) | Audience::Host
            );
            // Short generic lines ("Ваш ход не прошел.") could match by chance; a private
            // result worth leaking is longer.
            if secret && m.text.chars().count() >= 24 && text.contains(m.text.trim()) {
                found.push(format!(
                    "{}: a {:?} message in the post: {}",
                    phase.name, m.audience, m.text
                ));
            }
        }
    }
    found
}

/// A role name that is also an everyday word of the line rather than a player's role: it shows
/// beside the name only as part of a longer phrase the rules post publicly ("Мирный житель"
/// inside the name list is not a role reveal unless the name stands right next to it).
fn common_word(role_name: &str, line: &str, player: &str) -> bool {
    // A player named as his role (Conan's "Gin" playing Gin): his name says nothing more.
    if role_name == player {
        return true;
    }
    let Some(at) = line.find(role_name) else {
        return true;
    };
    let Some(named) = line.find(player) else {
        return true;
    };
    // A reveal puts the role within a few characters of the name ("Ann — Доктор",
    // "Ann (Doctor)", "Ann is the Doctor").
    // Overlapping (a role name that contains the player's name) counts as right beside it.
    let gap = if at > named {
        at.saturating_sub(named + player.len())
    } else {
        named.saturating_sub(at + role_name.len())
    };
    gap > 12
}

#[test]
fn no_public_post_of_any_scenario_gives_a_secret_away() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let files = mafia_mod::scenario::collect_files(std::slice::from_ref(&root));
    assert!(files.len() > 100, "the scenarios are there");
    let mut checked = 0;
    let mut leaked = Vec::new();
    for file in &files {
        // A scenario that fails is the scenario test's to report; a game that plays is
        // checked here phase by phase.
        let Ok(game) = mafia_mod::scenario::play_file(file) else {
            continue;
        };
        checked += game.state().history.len();
        for leak in leaks(&game) {
            leaked.push(format!("{}: {leak}", file.display()));
        }
    }
    assert!(checked > 500, "only {checked} committed phases checked");
    assert!(
        leaked.is_empty(),
        "{} leaks:\n{}",
        leaked.len(),
        leaked.join("\n")
    );
}

/// The check finds a leak where there is one: a public host message revealing a living
/// player's role, and a private result repeated in the post.
#[test]
fn a_leak_on_purpose_is_found() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/secrecy/host_reveals_a_living_role.ron");
    let game = mafia_mod::scenario::play_file(&file).expect("plays");
    let found = leaks(&game);
    assert!(
        found.iter().any(|l| l.contains("`Doctor` beside Ann")),
        "{found:#?}"
    );
    assert!(
        found
            .iter()
            .any(|l| l.contains("`Mafia Member` beside Bob")),
        "{found:#?}"
    );
}
