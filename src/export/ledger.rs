//! What each player was told: his role PMs, every private result and every message to a channel
//! he was in, with the phase it came in, all from the game's log (`export --ledger NAME`). A
//! player's claim ("I checked Bob: mafia, N1") is checked against it (`claim NAME TEXT`): the
//! host sees whether he was told that, and when, without searching a notebook.

use super::Markup;
use super::sheets;
use crate::engine::outcome::Audience;
use crate::engine::{Game, SlotId};

/// How a line reached the player.
#[derive(Clone, Debug, PartialEq)]
pub enum Channel {
    /// His role PM, as dealt or after a change of role.
    RolePm,
    /// A private result or a host's message to him.
    Private,
    /// A message to a group he was in (a WWR pack's channel).
    Group(String),
}

/// One thing a player was told.
#[derive(Clone, Debug, PartialEq)]
pub struct Told {
    /// The phase it came in (`Night 1`); the deal's PMs come "before the game".
    pub phase: String,
    /// The phase's index in the game, `None` for the deal.
    pub index: Option<u32>,
    pub channel: Channel,
    pub text: String,
}

/// Everything `slot` was told, oldest first.
pub fn ledger(game: &Game, slot: SlotId, markup: Markup) -> Vec<Told> {
    let state = game.state();
    let dealt = sheets::named_now(game, game.dealt_state());
    let mut out = vec![Told {
        phase: "before the game".into(),
        index: None,
        channel: Channel::RolePm,
        text: sheets::dealt_pm(game, &dealt, slot, markup),
    }];
    let members_after: Vec<Vec<String>> = groups_after_each_commit(game, slot);
    for (position, phase) in state.history.iter().enumerate() {
        for change in state.role_changes.iter() {
            if change.slot == slot
                && change.position == position
                && let Some(text) = sheets::change_pm(game, change, markup)
            {
                out.push(told(phase.name.clone(), phase.index, Channel::RolePm, text));
            }
        }
        let groups = members_after.get(position);
        for m in &phase.outcome.messages {
            let channel = match &m.audience {
                Audience::Slot(s) if *s == slot => Channel::Private,
                Audience::Group(g) if groups.is_some_and(|gs| gs.iter().any(|x| x == g)) => {
                    Channel::Group(g.clone())
                }
                _ => continue,
            };
            let text = super::from_bbcode(&m.text, markup);
            out.push(told(phase.name.clone(), phase.index, channel, text));
        }
    }
    out
}

fn told(phase: String, index: u32, channel: Channel, text: String) -> Told {
    Told {
        phase,
        index: Some(index),
        channel,
        text,
    }
}

/// The groups `slot` was in right after each commit: who heard a committed phase's messages
/// to a group. Only a game whose phases spoke to a group is replayed for it.
fn groups_after_each_commit(game: &Game, slot: SlotId) -> Vec<Vec<String>> {
    let spoke_to_groups = game
        .state()
        .history
        .iter()
        .any(|p| (p.outcome.messages.iter()).any(|m| matches!(m.audience, Audience::Group(_))));
    if !spoke_to_groups {
        return Vec::new();
    }
    game.states_after_commits()
        .iter()
        .map(|state| {
            let facts = game.system().facts(game.roleset(), state);
            (facts.members.into_iter())
                .filter(|(s, _, _)| *s == slot)
                .map(|(_, group, _)| group)
                .collect()
        })
        .collect()
}

/// The ledger as the host reads it (and may paste to check a claim in public).
pub fn ledger_text(game: &Game, slot: SlotId, markup: Markup) -> String {
    let name = game
        .state()
        .slots
        .get(slot)
        .map_or("?", |s| s.name.as_str());
    let mut out = vec![markup.bold(&format!("What {name} was told (for the host only)"))];
    for t in ledger(game, slot, markup) {
        let how = match &t.channel {
            Channel::RolePm => "role PM".to_string(),
            Channel::Private => "private".to_string(),
            Channel::Group(g) => format!("to {g}"),
        };
        out.push(String::new());
        out.push(markup.bold(&format!("{} · {how}", t.phase)));
        out.push(t.text);
    }
    out.join("\n")
}

/// The answer to a claim.
#[derive(Clone, Debug, PartialEq)]
pub struct ClaimAnswer {
    pub verdict: Verdict,
    /// The answer in words, with the lines that decided it.
    pub text: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A line of the claimed phase (or any, when the claim names none) has every player and
    /// every word of the claim.
    Told,
    /// He was told about the players, but not those words or not in that phase.
    Differs,
    /// Nothing he was told names the players of the claim.
    NotTold,
}

/// Words of a claim that carry no result ("I checked Bob: he is mafia").
const FILLER: &[&str] = &[
    "a",
    "an",
    "and",
    "as",
    "at",
    "by",
    "checked",
    "check",
    "checks",
    "got",
    "he",
    "her",
    "him",
    "his",
    "i",
    "in",
    "is",
    "it",
    "me",
    "my",
    "night",
    "day",
    "of",
    "on",
    "she",
    "that",
    "the",
    "they",
    "to",
    "told",
    "was",
    "were",
    "result",
    "results",
    "came",
    "back",
    "says",
    "said",
    "claims",
    "claim",
    "inquired",
    "inquire",
    "investigated",
    "investigate",
    "learned",
    "learnt",
    "found",
    "saw",
    "watched",
    "visited",
    "targeted",
    "used",
    "ночью",
    "проверил",
    "проверила",
    "проверка",
    "чекнул",
    "чекнула",
    "узнал",
    "узнала",
    "пришло",
    "пришел",
    "пришла",
    "что",
    "это",
    "был",
    "была",
    "мне",
];

/// Check `player`'s claim (`text`, in the host's or the player's words) against what he was
/// told. The words that count are the other players it names, a phase (`N1`, `D2`, `Night 1`,
/// as the roleset names them) and the rest, which a line must contain (by their first five
/// letters, so "mafioso" meets "mafia" and "checked" meets "check").
pub fn check_claim(game: &Game, player: SlotId, text: &str) -> ClaimAnswer {
    let state = game.state();
    let roleset = game.roleset();
    let name = state.slots.get(player).map_or("?", |s| s.name.as_str());
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let named: Vec<&str> = (state.slots.iter())
        .filter(|s| s.id != player)
        .filter(|s| words.iter().any(|w| w.eq_ignore_ascii_case(&s.name)))
        .map(|s| s.name.as_str())
        .collect();
    let (phase, phase_words) = claimed_phase(roleset, &words);
    let content: Vec<String> = (words.iter())
        .filter(|w| !named.iter().any(|n| w.eq_ignore_ascii_case(n)))
        .filter(|w| !w.eq_ignore_ascii_case(name))
        .filter(|w| !phase_words.contains(&w.to_lowercase()))
        .map(|w| w.to_lowercase())
        .filter(|w| w.chars().count() >= 3 && !FILLER.contains(&w.as_str()))
        .collect();
    let lines = ledger(game, player, Markup::Text);
    let names_all = |t: &Told| {
        let lower = t.text.to_lowercase();
        named.iter().all(|n| lower.contains(&n.to_lowercase()))
    };
    // Every word of the claim, or two thirds of them (the claim's own verbs: "inquired",
    // "checked"), and the same negation: "not mafia" is never "mafia".
    let has_words = |t: &Told| {
        let met = content.iter().filter(|w| mentions(&t.text, w)).count();
        let enough = met == content.len() || (content.len() >= 3 && met * 3 >= content.len() * 2);
        enough && negated(text) == negated(&t.text)
    };
    let in_phase = |t: &Told| phase.is_none_or(|p| t.index == Some(p));
    let quote = |t: &Told| format!("{} ({}): {}", t.phase, channel_name(&t.channel), t.text);
    if let Some(t) = lines
        .iter()
        .find(|t| names_all(t) && has_words(t) && in_phase(t))
    {
        return ClaimAnswer {
            verdict: Verdict::Told,
            text: format!("Yes: {name} was told this in {}.\n  {}", t.phase, quote(t)),
        };
    }
    let near: Vec<&Told> = lines
        .iter()
        .filter(|t| t.channel != Channel::RolePm || named.is_empty())
        .filter(|t| names_all(t) && (!named.is_empty() || has_words(t)))
        .collect();
    if near.is_empty() {
        let about = if named.is_empty() {
            format!("the words {}", content.join(", "))
        } else {
            named.join(", ")
        };
        return ClaimAnswer {
            verdict: Verdict::NotTold,
            text: format!("No: nothing {name} was told mentions {about}."),
        };
    }
    let same_phase: Vec<&Told> = near.iter().copied().filter(|t| in_phase(t)).collect();
    let (mut text, near) = match (phase, same_phase.is_empty()) {
        (Some(p), true) => (
            format!(
                "Not in {}: {name} was told about this in another phase",
                roleset.phase_name(p)
            ),
            near,
        ),
        _ => (
            format!("Not in these words: compare what {name} was told"),
            same_phase,
        ),
    };
    text.push(':');
    for t in near.iter().take(3) {
        text.push_str(&format!("\n  {}", quote(t)));
    }
    ClaimAnswer {
        verdict: Verdict::Differs,
        text,
    }
}

fn channel_name(channel: &Channel) -> String {
    match channel {
        Channel::RolePm => "role PM".into(),
        Channel::Private => "private".into(),
        Channel::Group(g) => format!("to {g}"),
    }
}

/// Does the text deny something ("is not", "не", "нет")?
fn negated(text: &str) -> bool {
    const NEGATIONS: [&str; 6] = ["not", "no", "isn't", "не", "нет", "ни"];
    text.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .any(|w| NEGATIONS.contains(&w.to_lowercase().as_str()))
}

/// Does the text contain the word, by its first five letters (any case)?
fn mentions(text: &str, word: &str) -> bool {
    let stem: String = word.chars().take(5).collect::<String>().to_lowercase();
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .any(|w| w.to_lowercase().starts_with(&stem))
}

/// The phase a claim names, and its words: `N1`/`D2` short forms, or a phase name the
/// roleset knows (`Night 1`, `Ночь 1`).
fn claimed_phase(roleset: &crate::rules::Roleset, words: &[String]) -> (Option<u32>, Vec<String>) {
    for w in words {
        let lower = w.to_lowercase();
        let mut chars = lower.chars();
        let kind = chars.next().map(String::from).unwrap_or_default();
        let n = chars.as_str();
        if n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty() {
            let long = match kind.as_str() {
                "n" => format!("Night {n}"),
                "d" => format!("Day {n}"),
                _ => continue,
            };
            if let Some(i) = roleset.phase_index(&long) {
                return (Some(i), vec![lower]);
            }
        }
    }
    for pair in words.windows(2) {
        let both = format!("{} {}", pair[0], pair[1]);
        if let Some(i) = roleset.phase_index(&both) {
            return (Some(i), pair.iter().map(|w| w.to_lowercase()).collect());
        }
    }
    (None, Vec::new())
}
