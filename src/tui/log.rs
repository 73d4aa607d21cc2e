//! The log of every entry of the game, oldest first, with the phase it was made in and whether
//! it is undone: the host picks any entry and undoes or redoes it (an entry too, so the log
//! keeps the whole story). The overlay owns its selection, its answer to each message and its
//! drawing; undone entries are struck through.

use super::app::App;
use super::keymap;
use super::msg::{Answer, Msg};
use super::view::{
    centered, clock_time, fit, hint_line, list_offset, popup_block, selected_line, styled,
};
use crate::engine::{Entry, Game, HostCommand};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

/// The entry log overlay: which entry is selected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryLog {
    pub selected: usize,
}

impl EntryLog {
    /// The log opens on the last entry.
    pub fn new(game: &Game) -> EntryLog {
        EntryLog {
            selected: game.entries().len().saturating_sub(1),
        }
    }

    /// `j`/`k` move; Enter asks before undoing or redoing the selected entry.
    pub fn update(&mut self, msg: Msg, game: &Game) -> Answer {
        let last = game.entries().len().saturating_sub(1);
        self.selected = match msg {
            Msg::Close => return Answer::Close,
            Msg::Submit => {
                return match game.entries().get(self.selected) {
                    Some(e) => Answer::AskToggle(e.seq),
                    None => Answer::Stay,
                };
            }
            Msg::Up => self.selected.saturating_sub(1),
            Msg::Down => (self.selected + 1).min(last),
            Msg::PageUp => self.selected.saturating_sub(10),
            Msg::PageDown => (self.selected + 10).min(last),
            Msg::Top => 0,
            Msg::Bottom => last,
            _ => self.selected,
        };
        Answer::Stay
    }

    pub fn draw(&self, app: &App, frame: &mut Frame, area: Rect) {
        let rect = centered(area, 110, area.height.saturating_sub(2));
        let block = popup_block(app, frame, rect, "Entry log — every entry of the game");
        let inner = block.inner(rect);
        frame.render_widget(block, rect);
        if inner.height < 2 {
            return;
        }
        let rows = rows(&app.game);
        let height = usize::from(inner.height - 1);
        let offset = list_offset(self.selected, rows.len(), height);
        let width = usize::from(inner.width);
        let lines: Vec<Line> = rows
            .iter()
            .enumerate()
            .skip(offset)
            .take(height)
            .map(|(i, r)| {
                let text_style = if r.undone {
                    app.theme.struck()
                } else {
                    Style::new()
                };
                let head = format!("#{:<4} {} {:<8} ", r.seq, clock_time(r.at), r.phase);
                let posted = r
                    .posted
                    .as_ref()
                    .map(|p| format!("  posted {p}"))
                    .unwrap_or_default();
                let room = width.saturating_sub(head.chars().count() + 10);
                let text_room = room.saturating_sub(posted.chars().count().min(room / 2));
                let mut spans = vec![
                    styled(head, app.theme.dim()),
                    styled(fit(&r.text, text_room), text_style),
                    styled(fit(&posted, room - text_room), app.theme.dim()),
                ];
                if r.undone {
                    spans.push(styled("  (undone)", app.theme.warning()));
                }
                let line = Line::from(spans);
                if i == self.selected {
                    selected_line(app, line)
                } else {
                    line
                }
            })
            .collect();
        frame.render_widget(
            Paragraph::new(lines),
            Rect {
                height: inner.height - 1,
                ..inner
            },
        );
        frame.render_widget(
            Paragraph::new(hint_line(app, &keymap::hints(app), inner.width)),
            Rect {
                y: inner.bottom() - 1,
                height: 1,
                ..inner
            },
        );
    }
}

/// One line of the log.
#[derive(Clone, Debug, PartialEq)]
pub struct LogRow {
    pub seq: u64,
    pub at: Option<u64>,
    /// When the player posted the message it was read from (a pasted page's time).
    pub posted: Option<String>,
    pub phase: String,
    pub text: String,
    pub undone: bool,
    /// Undo and redo entries themselves cannot be undone.
    pub toggles: bool,
}

/// Every entry with the phase and round it belongs to: the k-th standing commit closed the
/// k-th place of the history (a ru-city day has one per round); entries after the last commit
/// belong to the phase open now.
pub fn rows(game: &Game) -> Vec<LogRow> {
    let roleset = game.roleset();
    let history = &game.state().history;
    let label = |k: usize| match history.get(k) {
        Some(p) => roleset.phase_label(p.index, p.round.as_deref()),
        None => game.phase_label(),
    };
    let mut phase = 0usize;
    let mut out = Vec::with_capacity(game.entries().len());
    for e in game.entries() {
        let undone = game.is_undone(e.seq);
        out.push(LogRow {
            seq: e.seq,
            at: e.at,
            posted: e.posted.clone(),
            phase: label(phase),
            text: describe(&e.entry),
            undone,
            toggles: !matches!(e.entry, Entry::Undo(_) | Entry::Redo(_)),
        });
        if matches!(e.entry, Entry::Resolve) && !undone {
            phase += 1;
        }
    }
    out
}

/// An entry in words, as the host typed it.
pub fn describe(entry: &Entry) -> String {
    match entry {
        Entry::Act {
            actor,
            ability,
            targets,
            ..
        } => format!("{actor} → {ability} → {}", targets.join(", ")),
        Entry::Vote {
            ballot,
            voter,
            target,
        } => match ballot {
            Some(b) => format!("{voter} votes {target} ({b})"),
            None => format!("{voter} votes {target}"),
        },
        Entry::AdvanceVote {
            ballot,
            voter,
            target,
        } => match ballot {
            Some(b) => format!("{voter} votes {target} ahead by PM ({b})"),
            None => format!("{voter} votes {target} ahead by PM"),
        },
        Entry::Unvote { ballot, voter } => match ballot {
            Some(b) => format!("{voter} withdraws the {b} vote"),
            None => format!("{voter} withdraws the vote"),
        },
        Entry::Host(cmd) => match cmd {
            HostCommand::Modkill(p) => format!("modkill {p}"),
            HostCommand::Revive(p) => format!("revive {p}"),
            HostCommand::SetStatus(p, s) => format!("status {p} +{s}"),
            HostCommand::ClearStatus(p, s) => format!("status {p} -{s}"),
            HostCommand::Replace(p, n) => format!("replace {p} by {n}"),
            HostCommand::ChangeRole(p, r) => format!("role of {p} → {r}"),
            HostCommand::GrantExtra(p, r) => format!("extra role {r} given to {p}"),
            HostCommand::RevokeExtra(p, r) => format!("extra role {r} taken from {p}"),
            HostCommand::Message(None, t) => format!("message to everyone: {t}"),
            HostCommand::Message(Some(p), t) => format!("message to {p}: {t}"),
            HostCommand::Note(t) => format!("note: {t}"),
            HostCommand::Mark { player, text, .. } => format!("marker on {player}: {text}"),
            HostCommand::Unmark(player) => format!("markers taken off {player}"),
            HostCommand::Deadline(None) => "the phase's deadline taken away".into(),
            HostCommand::Deadline(Some((when, zone))) => format!("deadline: {when} {zone}"),
        },
        Entry::Override {
            step,
            verdict,
            reason,
        } => format!("override {step} → {verdict:?}: {reason}"),
        Entry::ReorderStages(order) => format!("stage order: {}", order.join(", ")),
        Entry::EditPost(text) => {
            let first = text.lines().next().unwrap_or("");
            format!("edit the public post: {first}…")
        }
        Entry::Resolve => "commit the phase".into(),
        Entry::Undo(seq) => format!("undo #{seq}"),
        Entry::Redo(seq) => format!("redo #{seq}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_follow_the_commits() {
        let game = crate::demo::demo_game().expect("demo");
        let rows = rows(&game);
        assert_eq!(rows.first().map(|r| r.phase.as_str()), Some("Night 1"));
        assert_eq!(rows.last().map(|r| r.phase.as_str()), Some("Night 2"));
        assert!(
            rows.iter()
                .any(|r| r.text == "commit the phase" && r.phase == "Day 1")
        );
    }
}
