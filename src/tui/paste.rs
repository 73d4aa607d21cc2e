//! Pasting a player's PM: the names in it are matched against the roster, the words against
//! the abilities, and a suggested entry is shown for the host to confirm or correct in the
//! action form. A suggestion is only a guess; nothing is entered without the host.

use crate::engine::validate::{target_count, target_kind};
use crate::engine::{Game, SlotId};
use crate::rules::{AbilityDef, TargetKind};
use ratatui_textarea::TextArea;

#[derive(Clone, Debug)]
pub struct PastePm {
    pub text: TextArea<'static>,
    pub suggestion: Suggestion,
}

impl PastePm {
    pub fn new() -> PastePm {
        let mut text = TextArea::default();
        text.set_placeholder_text("Paste the PM here (or type it)…");
        PastePm {
            text,
            suggestion: Suggestion::default(),
        }
    }

    pub fn update_suggestion(&mut self, game: &Game) {
        self.suggestion = suggest(game, &self.text.lines().join("\n"));
    }
}

impl Default for PastePm {
    fn default() -> Self {
        PastePm::new()
    }
}

/// What the PM seems to say.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Suggestion {
    pub actor: Option<String>,
    pub ability: Option<String>,
    pub targets: Vec<String>,
    /// Players and families found in the text, in order.
    pub names: Vec<String>,
    /// How the guess was made, for the host to judge it.
    pub why: Vec<String>,
}

impl Suggestion {
    /// The action form's values, as far as the suggestion goes.
    pub fn values(&self) -> Vec<String> {
        let mut out = Vec::new();
        let Some(actor) = &self.actor else {
            return out;
        };
        out.push(actor.clone());
        let Some(ability) = &self.ability else {
            return out;
        };
        out.push(ability.clone());
        out.extend(self.targets.iter().cloned());
        out
    }
}

/// Where a whole word or phrase `needle` first occurs in `hay` (both lower case).
fn find_word(hay: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return None;
    }
    let mut from = 0;
    while let Some(i) = hay.get(from..)?.find(needle) {
        let at = from + i;
        let end = at + needle.len();
        let before_ok = hay[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let after_ok = hay[end..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric());
        if before_ok && after_ok {
            return Some(at);
        }
        from = end;
    }
    None
}

/// The words that name an ability: its id, its name, and the names of the roles holding it.
fn keywords(game: &Game, ability: &AbilityDef) -> Vec<String> {
    let mut out = vec![ability.id.replace('_', " "), ability.name.to_lowercase()];
    out.extend(
        ability
            .name
            .to_lowercase()
            .split_whitespace()
            .map(str::to_string),
    );
    for role in &game.roleset().roles {
        if role.abilities.contains(&ability.id) {
            out.push(role.name.to_lowercase());
        }
    }
    out.retain(|w| w.chars().count() >= 3 && w != "mafia");
    out
}

/// The signature: a last line that is only a player's name ("— Ann"), or a `From: Ann` line.
fn signature(game: &Game, text: &str) -> Option<String> {
    let state = game.state();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    for line in &lines {
        let lower = line.to_lowercase();
        if let Some(rest) = lower.strip_prefix("from:")
            && let Some(s) = state.slot_by_name(rest.trim())
        {
            return Some(s.name.clone());
        }
    }
    let last = lines.last()?;
    let bare = last.trim_matches(|c: char| !c.is_alphanumeric() && c != ' ');
    state.slot_by_name(bare).map(|s| s.name.clone())
}

/// One reading of the PM and how well it fits.
struct Guess<'a> {
    score: i32,
    actor: SlotId,
    ability: &'a AbilityDef,
    targets: Vec<String>,
    why: Vec<String>,
}

/// Guess the entry a PM asks for.
pub fn suggest(game: &Game, text: &str) -> Suggestion {
    let state = game.state();
    let lower = text.to_lowercase();
    let mut found: Vec<(usize, String, bool)> = Vec::new(); // (position, name, is family)
    for s in &state.slots {
        if let Some(at) = find_word(&lower, &s.name.to_lowercase()) {
            found.push((at, s.name.clone(), false));
        }
    }
    for f in &state.families {
        if let Some(at) = find_word(&lower, &f.to_lowercase()) {
            found.push((at, f.clone(), true));
        }
    }
    found.sort();
    let mut out = Suggestion {
        names: found.iter().map(|(_, n, _)| n.clone()).collect(),
        ..Suggestion::default()
    };
    let signed = signature(game, text);
    let says_self = ["myself", "me", "self"]
        .iter()
        .any(|w| find_word(&lower, w).is_some());

    // Every (actor, ability) the text could mean, scored.
    let mut actors: Vec<SlotId> = Vec::new();
    let mut consider = |id: SlotId| {
        if !actors.contains(&id) {
            actors.push(id);
        }
    };
    if let Some(s) = signed.as_deref().and_then(|n| state.slot_by_name(n)) {
        consider(s.id);
    }
    for (_, name, family) in &found {
        if !family && let Some(s) = state.slot_by_name(name) {
            consider(s.id);
        }
    }
    let mut keyword_hits: Vec<&AbilityDef> = Vec::new();
    for ability in &game.roleset().abilities {
        if keywords(game, ability)
            .iter()
            .any(|k| find_word(&lower, k).is_some())
        {
            keyword_hits.push(ability);
        }
    }
    for ability in &keyword_hits {
        for s in state.living() {
            if game
                .usable_abilities(s)
                .is_ok_and(|l| l.iter().any(|a| a.id == ability.id))
            {
                consider(s.id);
            }
        }
    }
    let mut best: Option<Guess> = None;
    for &actor in &actors {
        let Some(slot) = state.slots.get(actor) else {
            continue;
        };
        let Ok(abilities) = game.usable_abilities(slot) else {
            continue;
        };
        for ability in abilities {
            let mut why = Vec::new();
            let mut score = 0;
            if keyword_hits.iter().any(|a| a.id == ability.id) {
                score += 4;
                why.push(format!("the text names the ability `{}`", ability.id));
            }
            if signed.as_deref() == Some(slot.name.as_str()) {
                score += 3;
                why.push(format!("signed by {}", slot.name));
            }
            let holders = state
                .living()
                .filter(|s| {
                    game.usable_abilities(s)
                        .is_ok_and(|l| l.iter().any(|a| a.id == ability.id))
                })
                .count();
            if holders == 1 && keyword_hits.iter().any(|a| a.id == ability.id) {
                score += 1;
                why.push(format!("{} is the only one who can use it now", slot.name));
            }
            let targets = pick_targets(game, ability, &slot.name, &found, says_self);
            let want = target_count(ability, state);
            if targets.len() == want {
                score += 1;
            }
            if best.as_ref().is_none_or(|b| score > b.score) {
                best = Some(Guess {
                    score,
                    actor,
                    ability,
                    targets,
                    why,
                });
            }
        }
    }
    if let Some(Guess {
        score,
        actor,
        ability,
        targets,
        why,
    }) = best
        && score > 0
    {
        out.actor = state.slots.get(actor).map(|s| s.name.clone());
        out.ability = Some(ability.id.clone());
        out.targets = targets;
        out.why = why;
    } else if let Some(s) = signed {
        out.actor = Some(s);
        out.why.push("signed, but no ability was recognised".into());
    }
    out
}

/// The names found in the text that fit the ability's targets, in order (the actor only when
/// the text says "myself").
fn pick_targets(
    game: &Game,
    ability: &AbilityDef,
    actor: &str,
    found: &[(usize, String, bool)],
    says_self: bool,
) -> Vec<String> {
    let want = target_count(ability, game.state());
    let mut used: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    for i in 0..want {
        let family = target_kind(ability, i) == TargetKind::Family;
        let pick = found.iter().enumerate().find(|(j, (_, name, is_family))| {
            !used.contains(j) && *is_family == family && (family || name != actor)
        });
        match pick {
            Some((j, (_, name, _))) => {
                used.push(j);
                out.push(name.clone());
            }
            None if !family && says_self && !out.iter().any(|n| n == actor) => {
                out.push(actor.to_string())
            }
            None => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo() -> Game {
        crate::demo::demo_game().expect("demo builds")
    }

    #[test]
    fn finds_actor_ability_and_target() {
        let g = demo();
        let s = suggest(&g, "Hi host,\r\nI heal Carla tonight.\r\n— Ann");
        assert_eq!(s.actor.as_deref(), Some("Ann"));
        assert_eq!(s.ability.as_deref(), Some("doctor"));
        assert_eq!(s.targets, vec!["Carla".to_string()]);
    }

    #[test]
    fn unique_holder_without_signature() {
        let g = demo();
        let s = suggest(&g, "guard leo please");
        assert_eq!(s.actor.as_deref(), Some("Ida"));
        assert_eq!(s.ability.as_deref(), Some("bodyguard"));
        assert_eq!(s.targets, vec!["Leo".to_string()]);
    }

    #[test]
    fn nonsense_suggests_nothing() {
        let g = demo();
        let s = suggest(&g, "lorem ipsum");
        assert_eq!(s.values(), Vec::<String>::new());
    }

    #[test]
    fn whole_words_only() {
        assert_eq!(find_word("anna and ann", "ann"), Some(9));
        assert_eq!(find_word("bob's", "bob"), Some(0));
        assert_eq!(find_word("", "x"), None);
    }
}
