//! Rendering a phase's public post and a player's private results as BBCode, Markdown or text.

use crate::engine::outcome::{Audience, Message};
use crate::engine::state::CommittedPhase;
use crate::engine::{Game, SlotId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Markup {
    Bbcode,
    Markdown,
    Text,
}

impl Markup {
    fn bold(self, s: &str) -> String {
        match self {
            Markup::Bbcode => format!("[b]{s}[/b]"),
            Markup::Markdown => format!("**{s}**"),
            Markup::Text => s.to_string(),
        }
    }
    fn list(self, items: &[String]) -> String {
        match self {
            Markup::Bbcode => {
                let body: String = items.iter().map(|i| format!("[*]{i}\n")).collect();
                format!("[list]\n{body}[/list]")
            }
            Markup::Markdown | Markup::Text => items
                .iter()
                .map(|i| format!("- {i}\n"))
                .collect::<String>()
                .trim_end()
                .to_string(),
        }
    }
}

/// The public post of a committed phase: the host's edit if he made one, else the messages.
pub fn public_post(game: &Game, phase: &CommittedPhase, markup: Markup) -> String {
    let title = markup.bold(&phase.name);
    if let Some(edit) = &phase.edited_post {
        return format!("{title}\n\n{edit}\n");
    }
    let lines: Vec<String> = public_messages(&phase.outcome.messages)
        .map(|m| m.text.clone())
        .collect();
    let body = if lines.is_empty() {
        "(nothing to announce)".to_string()
    } else {
        lines.join("\n")
    };
    // Alive as of the end of that phase, not now.
    let alive: Vec<String> = game
        .state()
        .slots
        .iter()
        .filter(|s| s.death.as_ref().is_none_or(|(p, _)| *p > phase.index))
        .map(|s| s.name.clone())
        .collect();
    format!(
        "{title}\n\n{body}\n\n{}\n{}\n",
        markup.bold(&format!("Alive ({})", alive.len())),
        markup.list(&alive)
    )
}

/// The messages of a phase for everyone.
pub fn public_messages(messages: &[Message]) -> impl Iterator<Item = &Message> {
    messages.iter().filter(|m| m.audience == Audience::Public)
}

/// One player's private results of a phase.
pub fn private_results(
    game: &Game,
    phase: &CommittedPhase,
    slot: SlotId,
    markup: Markup,
) -> String {
    let name = game
        .state()
        .slots
        .get(slot)
        .map(|s| s.name.as_str())
        .unwrap_or("?");
    let lines: Vec<String> = phase
        .outcome
        .messages
        .iter()
        .filter(|m| m.audience == Audience::Slot(slot))
        .map(|m| m.text.clone())
        .collect();
    let body = if lines.is_empty() {
        "(no private results)".to_string()
    } else {
        markup.list(&lines)
    };
    format!(
        "{}\n{body}\n",
        markup.bold(&format!("{} — {name}", phase.name))
    )
}
