//! Rendering a phase's public post and a player's private results as BBCode, Markdown or text.

use crate::engine::outcome::{Audience, Message, Outcome};
use crate::engine::published::{PostFacts, public_lines};
use crate::engine::state::CommittedPhase;
use crate::engine::template::render;
use crate::engine::{Game, GameState, SlotId};
use crate::rules::Roleset;

pub mod deadline_post;
pub mod ledger;
pub mod night_order;
pub mod rules_post;
pub mod sheets;

/// Text safe to print or paste: terminal control sequences (C0 controls but newline and tab,
/// DEL, C1 controls) and the bidirectional overrides that reorder what a reader sees are taken
/// out. A player's name typed with an escape sequence must not retitle or clear the host's
/// terminal, nor hide text in a forum post.
pub fn clean_controls(text: &str) -> String {
    text.chars()
        .filter(|c| {
            let code = *c as u32;
            let control = (code < 0x20 && !matches!(c, '\n' | '\t'))
                || (0x7F..=0x9F).contains(&code)
                || (0x202A..=0x202E).contains(&code)
                || (0x2066..=0x2069).contains(&code);
            !control
        })
        .collect()
}

/// A roleset's wording for something players read, or the English where it has none.
pub(crate) fn template_or(roleset: &Roleset, id: &str, english: &str) -> String {
    match roleset.template(id) {
        "" => english.to_string(),
        t => t.to_string(),
    }
}

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

/// The public post of a committed round as it was published: the record its commit kept
/// (`engine::published`), with the corrections made while it was open. A round with no record
/// (a phase handed in by hand) is rendered from its outcome and the state at its end.
pub fn public_post(game: &Game, phase: &CommittedPhase, markup: Markup) -> String {
    let state = game.state();
    let position = state.history.iter().position(|p| std::ptr::eq(p, phase));
    let roleset = game.roleset();
    let post = match position.and_then(|p| game.published(p)) {
        Some(r) => render_post(
            roleset,
            &r.title,
            r.edited.as_deref(),
            &r.lines,
            &r.alive,
            markup,
        ),
        None => render_post(
            roleset,
            &phase.name,
            phase.edited_post.as_deref(),
            &public_lines(&phase.outcome),
            &living_at_end(game, phase),
            markup,
        ),
    };
    match position {
        Some(p) => with_corrections(post, &corrections_section(game, Some(p), markup)),
        None => post,
    }
}

/// Alive and in the game as of the end of a committed phase, from today's state: the
/// fallback for a round without a record.
fn living_at_end(game: &Game, phase: &CommittedPhase) -> Vec<String> {
    let state = game.state();
    let out_by_then = |s: &crate::engine::Slot| {
        state
            .out_of_game_statuses
            .iter()
            .any(|st| s.statuses.get(st).is_some_and(|i| i.since <= phase.index))
    };
    state
        .slots
        .iter()
        .filter(|s| s.death.as_ref().is_none_or(|(p, _)| *p > phase.index))
        .filter(|s| !out_by_then(s))
        .map(|s| s.listed_name(game.roleset(), Some(phase.index)))
        .collect()
}

/// The current phase's draft post with the corrections made while it is open: what the next
/// post must say about the posts already read.
pub fn draft_post_of(game: &Game, preview: &Outcome, after: &GameState, markup: Markup) -> String {
    let state = game.state();
    let post = draft_post(
        game.roleset(),
        &game.phase_name(),
        preview,
        state.draft_edit.as_deref(),
        after,
        markup,
    );
    with_corrections(post, &corrections_section(game, None, markup))
}

/// The public post of the current phase as it would read if the host committed now: the
/// preview's public messages (or the host's edit) and who would be alive after it.
pub fn draft_post(
    roleset: &Roleset,
    phase_name: &str,
    preview: &Outcome,
    edited: Option<&str>,
    after: &GameState,
    markup: Markup,
) -> String {
    let facts = PostFacts::of(roleset, preview, after);
    render_post(
        roleset,
        phase_name,
        edited,
        &facts.lines,
        &facts.alive,
        markup,
    )
}

/// The body of the current phase's post without its title, as the host starts editing it.
pub fn draft_body(
    roleset: &Roleset,
    preview: &Outcome,
    after: &GameState,
    markup: Markup,
) -> String {
    facts_body(roleset, &PostFacts::of(roleset, preview, after), markup)
}

/// The body a generated post with these facts has.
pub fn facts_body(roleset: &Roleset, facts: &PostFacts, markup: Markup) -> String {
    body_of(roleset, &facts.lines, &facts.alive, markup)
}

/// A post: its title, then the host's edit where he made one, else its public lines and the
/// list of the living.
fn render_post(
    roleset: &Roleset,
    title: &str,
    edited: Option<&str>,
    lines: &[String],
    alive: &[String],
    markup: Markup,
) -> String {
    let title = markup.bold(title);
    match edited {
        Some(edit) => format!("{title}\n\n{edit}\n"),
        None => format!("{title}\n\n{}\n", body_of(roleset, lines, alive, markup)),
    }
}

/// A post's body from its public lines (in the roleset's words) and its list of the living.
fn body_of(roleset: &Roleset, lines: &[String], alive: &[String], markup: Markup) -> String {
    let lines: Vec<String> = lines.iter().map(|l| from_bbcode(l, markup)).collect();
    let body = if lines.is_empty() {
        "(nothing to announce)".to_string()
    } else {
        lines.join("\n")
    };
    format!(
        "{body}\n\n{}\n{}",
        markup.bold(&alive_heading(roleset, alive.len())),
        markup.list(alive)
    )
}

/// The heading of the list of the living, in the roleset's language: its `post_alive`
/// template, or English when it has none.
fn alive_heading(roleset: &Roleset, count: usize) -> String {
    let template = template_or(roleset, "post_alive", "Alive ({count})");
    render(&template, &[("count", count.to_string())])
}

/// The section a post carries for the corrections made while its phase was open: for each
/// committed phase whose results an undo or redo changed, the lines it had (`was`) and the
/// lines it has now (`now`). Empty when there is none. Its words come from the roleset's
/// `post_correction`, `post_correction_was` and `post_correction_now` templates, English
/// where it has none.
pub fn corrections_section(game: &Game, position: Option<usize>, markup: Markup) -> String {
    let roleset = game.roleset();
    let word = |id: &str, english: &str| template_or(roleset, id, english);
    let mut out = Vec::new();
    for c in crate::engine::correction::corrections_during(game, position) {
        let phase = roleset.phase_label(c.after.index, c.after.round.as_deref());
        let text = |p: &CommittedPhase| -> String {
            public_messages(&p.outcome.messages)
                .map(|m| format!("{}\n", from_bbcode(&m.text, markup)))
                .collect()
        };
        let (before, after) = (text(&c.before), text(&c.after));
        out.push(markup.bold(&render(
            &word("post_correction", "Correction to {phase}"),
            &[("phase", phase)],
        )));
        for change in similar::TextDiff::from_lines(&before, &after).iter_all_changes() {
            let label = match change.tag() {
                similar::ChangeTag::Delete => word("post_correction_was", "was"),
                similar::ChangeTag::Insert => word("post_correction_now", "now"),
                similar::ChangeTag::Equal => continue,
            };
            out.push(format!("{label}: {}", change.value().trim_end()));
        }
    }
    out.join("\n")
}

/// The post with its corrections section, if it has one.
fn with_corrections(post: String, corrections: &str) -> String {
    if corrections.is_empty() {
        post
    } else {
        format!("{}\n\n{corrections}\n", post.trim_end())
    }
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
    private_text(&phase.name, &phase.outcome, slot, name, markup)
}

/// One player's private results of an outcome (committed or a preview).
pub fn private_text(
    phase_name: &str,
    outcome: &Outcome,
    slot: SlotId,
    name: &str,
    markup: Markup,
) -> String {
    let lines: Vec<String> = outcome
        .messages
        .iter()
        .filter(|m| m.audience == Audience::Slot(slot))
        .map(|m| from_bbcode(&m.text, markup))
        .collect();
    let body = if lines.is_empty() {
        "(no private results)".to_string()
    } else {
        markup.list(&lines)
    };
    format!(
        "{}\n{body}\n",
        markup.bold(&format!("{phase_name} — {name}"))
    )
}

/// The messages of an outcome to a group's channel (a WWR pack's `#Den`), by the group's name
/// (any case); `None` when that group got none.
pub fn group_results(
    phase_name: &str,
    outcome: &Outcome,
    group: &str,
    markup: Markup,
) -> Option<String> {
    let mut name = None;
    let lines: Vec<String> = outcome
        .messages
        .iter()
        .filter_map(|m| match &m.audience {
            Audience::Group(g) if g.eq_ignore_ascii_case(group.trim()) => {
                name = Some(g.clone());
                Some(from_bbcode(&m.text, markup))
            }
            _ => None,
        })
        .collect();
    let name = name?;
    Some(format!(
        "{}\n{}\n",
        markup.bold(&format!("{phase_name} — to {name}")),
        markup.list(&lines)
    ))
}

/// Message templates may carry BBCode (the forums' markup): keep it for BBCode, turn bold into
/// Markdown bold, and drop every other tag for Markdown and plain text.
pub fn from_bbcode(text: &str, markup: Markup) -> String {
    if markup == Markup::Bbcode {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let tag = after.find(']').map(|close| &after[..close]);
        match tag.filter(|t| is_bbcode_tag(t)) {
            Some(t) => {
                let name = t.trim_start_matches('/').to_lowercase();
                if markup == Markup::Markdown && name == "b" {
                    out.push_str("**");
                }
                rest = &after[t.len() + 1..];
            }
            None => {
                out.push('[');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Tags the forums accept in posts: `b`, `i`, `u`, `s`, `color=…`, `spoiler`, `quote`, `size=…`.
fn is_bbcode_tag(tag: &str) -> bool {
    let name = tag.trim_start_matches('/');
    let name = name.split('=').next().unwrap_or("").to_lowercase();
    ["b", "i", "u", "s", "color", "spoiler", "quote", "size"].contains(&name.as_str())
}

#[cfg(test)]
mod tests {
    use super::{Markup, from_bbcode};

    #[test]
    fn bbcode_becomes_plain_text_and_markdown() {
        let s = "[b]Bob[/b] — [color=green]Доктор[/color] [x]";
        assert_eq!(from_bbcode(s, Markup::Text), "Bob — Доктор [x]");
        assert_eq!(from_bbcode(s, Markup::Markdown), "**Bob** — Доктор [x]");
        assert_eq!(from_bbcode(s, Markup::Bbcode), s);
    }
}
