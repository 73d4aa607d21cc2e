//! Conan's secrets (issue contract, conan.md §10, §15): over every Conan scenario, no public post
//! names a suspension, an injury, a failed arrest, an arrested player's role, an erased body's
//! role or will, the Suitcase holder, or a blackmail or hinder mark. The general check
//! (`tests/secrecy.rs`) covers the roles of the living and the private messages.

use mafia_mod::engine::outcome::Audience;
use mafia_mod::export::{Markup, public_post};
use std::path::PathBuf;

/// Words a public post of Conan never holds: what they would give away.
const NEVER: [(&str, &str); 8] = [
    ("suspend", "a suspension"),
    ("injur", "an injury"),
    ("charge was false", "a failed arrest"),
    ("arrest failed", "a failed arrest"),
    ("suitcase", "the Suitcase holder"),
    ("blackmail", "a blackmail mark"),
    ("hinder", "a hinder mark"),
    ("crime", "the crime log"),
];

#[test]
fn no_conan_post_gives_a_secret_away() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/conan");
    let files = mafia_mod::scenario::collect_files(std::slice::from_ref(&root));
    assert!(
        files.len() >= 90,
        "the Conan scenarios are there: {}",
        files.len()
    );
    let mut leaks = Vec::new();
    let mut phases = 0;
    for file in &files {
        let Ok(game) = mafia_mod::scenario::play_file(file) else {
            continue;
        };
        let roleset = game.roleset();
        let state = game.state();
        for phase in &state.history {
            phases += 1;
            let post = public_post(&game, phase, Markup::Text);
            let lower = post.to_lowercase();
            for (word, what) in NEVER {
                if lower.contains(word) {
                    leaks.push(format!(
                        "{}: {}: {what} (`{word}`)",
                        file.display(),
                        phase.name
                    ));
                }
            }
            // An arrested player's role, and an erased body's role or will, are never shown.
            for s in &state.slots {
                let arrested = s.statuses.contains_key("arrested")
                    || phase
                        .outcome
                        .messages
                        .iter()
                        .any(|m| m.template == "pub_arrest" && m.text.contains(&s.name));
                let erased = phase
                    .outcome
                    .messages
                    .iter()
                    .any(|m| m.template == "pub_death_erased" && m.text.contains(&s.name));
                if !(arrested || erased) {
                    continue;
                }
                let role = roleset
                    .role(&s.role)
                    .map(|r| r.name.clone())
                    .unwrap_or_default();
                let shown = phase.outcome.messages.iter().any(|m| {
                    m.audience == Audience::Public
                        && m.template != "pub_death"
                        && m.template != "pub_lynched"
                        && m.text.contains(&s.name)
                        && m.text.contains(&format!("was {role}"))
                });
                if shown && !s.alive && !erased {
                    continue;
                }
                if shown {
                    leaks.push(format!(
                        "{}: {}: {}'s role {role}",
                        file.display(),
                        phase.name,
                        s.name
                    ));
                }
                if erased && post.contains(&format!("{} left a will", s.name)) {
                    leaks.push(format!(
                        "{}: {}: an erased body's will",
                        file.display(),
                        phase.name
                    ));
                }
            }
        }
    }
    assert!(phases > 300, "only {phases} phases checked");
    assert!(
        leaks.is_empty(),
        "{} leaks:\n{}",
        leaks.len(),
        leaks.join("\n")
    );
}
