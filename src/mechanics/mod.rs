//! Rule-system code that does not fit the shared vocabulary, one module per rule system. Each
//! module exports a `SYSTEM` value implementing [`crate::engine::RuleSystem`], listed once in
//! the registry (`crate::systems`).

pub mod conan;
pub mod mafia1923;
pub mod rucity;
pub mod wwr;

use crate::rules::Roleset;

/// Saves written before `StatusDef::removes_from_game` existed embed a roleset whose exile
/// status lacks the flag; it meant the same then, so an old game replays as it did.
fn upgrade_exile_flag(roleset: &mut Roleset, status: &str) {
    if let Some(def) = roleset.statuses.iter_mut().find(|s| s.id == status) {
        def.removes_from_game = true;
    }
}

/// The wording of the host's documents (role PMs, the reveal post, corrections) came after
/// some saves were written: an embedded roleset without it gets the bundled one's, so an old
/// game's PMs are in its language too. Only those templates: the others decide which
/// messages a replay sends, and an old game must replay as it did.
fn upgrade_document_templates(roleset: &mut Roleset, bundled: &Roleset) {
    if roleset.id != bundled.id {
        return;
    }
    for (key, text) in &bundled.templates {
        let document = [
            "pm_role",
            "recap_",
            "post_correction",
            "rules_",
            "post_deadline",
        ]
        .iter()
        .any(|p| key.starts_with(p));
        if document && !roleset.templates.contains_key(key) {
            roleset.templates.insert(key.clone(), text.clone());
        }
    }
}

/// Saves written before abilities could say they are optional (a will, a night note) embed a
/// roleset without the flag; the bundled roleset's flag for the same ability is taken. It
/// decides nothing in a resolution, only what the commit check waits for, so an old game
/// replays as it did.
fn upgrade_optional_flags(roleset: &mut Roleset, bundled: &Roleset) {
    if roleset.id != bundled.id {
        return;
    }
    for ability in &mut roleset.abilities {
        if bundled.ability(&ability.id).is_some_and(|b| b.optional) {
            ability.optional = true;
        }
    }
}

/// What an old save's embedded roleset lacks that the bundled one has: the documents'
/// templates, the optional flags and the rule switches (always) and the players' words (if it
/// has none of its own).
///
/// Saves written before abilities carried the words players use for them embed a roleset
/// without any; they get the bundled roleset's words for the same abilities, so a message
/// pasted into an old game is read as in a new one. A roleset with words of its own is kept.
fn upgrade_from_bundled(roleset: &mut Roleset, system: &dyn crate::engine::system::RuleSystem) {
    let Some((file, text)) = system.bundled_roleset() else {
        return;
    };
    let Ok(bundled) = crate::store::parse_ron::<Roleset>(std::path::Path::new(file), text) else {
        return;
    };
    upgrade_document_templates(roleset, &bundled);
    upgrade_optional_flags(roleset, &bundled);
    upgrade_options(roleset, &bundled);
    if roleset.abilities.iter().any(|a| !a.words.is_empty()) {
        return;
    }
    for ability in &mut roleset.abilities {
        if let Some(words) = bundled.ability(&ability.id).map(|b| b.words.clone()) {
            ability.words = words;
        }
    }
}

/// A rule switch added after the save was written, with the bundled default. A switch is only
/// ever added with the behaviour the game had before as its default (Conan's
/// `q19_prep_on_travelers: reaches`), so an old game loads and replays as it did.
fn upgrade_options(roleset: &mut Roleset, bundled: &Roleset) {
    for option in &bundled.options {
        if roleset.options.iter().all(|o| o.id != option.id) {
            roleset.options.push(option.clone());
        }
    }
}
