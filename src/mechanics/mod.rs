//! Rule-system code that does not fit the shared vocabulary, one module per rule system. Each
//! module exports a `SYSTEM` value implementing [`crate::engine::RuleSystem`], listed once in
//! the registry (`crate::systems`).

pub mod mafia1923;
pub mod rucity;

use crate::rules::Roleset;

/// Saves written before `StatusDef::removes_from_game` existed embed a roleset whose exile
/// status lacks the flag; it meant the same then, so an old game replays as it did.
fn upgrade_exile_flag(roleset: &mut Roleset, status: &str) {
    if let Some(def) = roleset.statuses.iter_mut().find(|s| s.id == status) {
        def.removes_from_game = true;
    }
}

/// Saves written before abilities carried the words players use for them embed a roleset
/// without any; they get the bundled roleset's words for the same abilities, so a message
/// pasted into an old game is read as in a new one. A roleset with words of its own is kept.
fn upgrade_words(roleset: &mut Roleset, system: &dyn crate::engine::system::RuleSystem) {
    if roleset.abilities.iter().any(|a| !a.words.is_empty()) {
        return;
    }
    let Some((file, text)) = system.bundled_roleset() else {
        return;
    };
    let Ok(bundled) = crate::store::parse_ron::<Roleset>(std::path::Path::new(file), text) else {
        return;
    };
    for ability in &mut roleset.abilities {
        if let Some(words) = bundled.ability(&ability.id).map(|b| b.words.clone()) {
            ability.words = words;
        }
    }
}
