//! The yes/no question asked before a change the players may have read: undoing or redoing an
//! entry of a committed phase, or a commit itself. It owns the question, its answer to `y` and
//! `n`, and its drawing. Also the lighter ask of the entry overlays: a vote the rules would
//! record without counting is named on the first Enter and entered on the second.

use super::app::App;
use super::msg::{Answer, Effect, JournalChoice, Msg};
use super::view::{centered, popup, popup_block};
use crate::engine::{Entry, Game};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

/// What the host confirms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Confirmed {
    /// Undo the entry with this number, or redo it if it is undone.
    Toggle(u64),
    /// Quit with entries not in the save: `y` quits, `s` tries the save again, `w` saves
    /// elsewhere, `n` stays.
    Quit,
    /// A journal holds entries the save does not: `y` enters them on top of the save, `k` (or
    /// `n`) keeps the journal aside as a file, `d` drops it after asking again.
    Recover,
    /// Drop the journal for good (`y`); `n` goes back to the journal question under it.
    DropJournal,
    /// Write to a save another console holds.
    Takeover,
    /// Replace existing files with an export.
    Replace(Vec<(std::path::PathBuf, String)>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirm {
    pub question: String,
    pub detail: Vec<String>,
    pub action: Confirmed,
}

impl Confirm {
    /// Yes submits the change (whichever way the entry stands when it is answered); no closes.
    pub fn update(&self, msg: Msg, game: &Game) -> Answer {
        match (msg, &self.action) {
            (Msg::Yes, Confirmed::Toggle(seq)) => Answer::Submit(if game.is_undone(*seq) {
                Entry::Redo(*seq)
            } else {
                Entry::Undo(*seq)
            }),
            (Msg::Yes, Confirmed::Replace(files)) => Answer::Effect(Effect::Write {
                files: files.clone(),
                replace: true,
            }),
            (Msg::Yes, Confirmed::Quit) => Answer::Effect(Effect::Quit),
            (Msg::Save, Confirmed::Quit) => Answer::Effect(Effect::Save),
            (Msg::SaveElsewhere, Confirmed::Quit) => Answer::Effect(Effect::SaveElsewhere),
            (Msg::Yes, Confirmed::Recover) => Answer::Effect(Effect::Recover(JournalChoice::Apply)),
            (Msg::No | Msg::KeepAside, Confirmed::Recover) => {
                Answer::Effect(Effect::Recover(JournalChoice::KeepAside))
            }
            (Msg::DropJournal, Confirmed::Recover) => Answer::AskDropJournal,
            (Msg::Yes, Confirmed::DropJournal) => {
                Answer::Effect(Effect::Recover(JournalChoice::Drop))
            }
            (Msg::Yes, Confirmed::Takeover) => Answer::Effect(Effect::Takeover),
            (Msg::No, _) => Answer::Close,
            _ => Answer::Stay,
        }
    }

    pub fn draw(&self, app: &App, frame: &mut Frame, area: Rect) {
        // Each line as many rows as it wraps to, so the key hints are never cut off.
        let inner = usize::from(72.min(area.width.saturating_sub(2)).saturating_sub(2)).max(1);
        let rows: usize = std::iter::once(self.question.as_str())
            .chain(self.detail.iter().map(String::as_str))
            .map(|l| {
                unicode_width::UnicodeWidthStr::width(l)
                    .div_ceil(inner)
                    .max(1)
            })
            .sum();
        let height = u16::try_from(rows).unwrap_or(u16::MAX).saturating_add(5);
        let rect = centered(area, 72, height);
        let block = popup_block(app, frame, rect, "Confirm");
        let mut lines = vec![
            Line::styled(self.question.clone(), app.theme.title(true)),
            Line::raw(""),
        ];
        lines.extend(self.detail.iter().map(|d| Line::raw(d.clone())));
        popup::with_hints(app, lines, block, frame, rect);
    }
}

/// A second Enter for an entry with doubts (an improper vote, a vote for a dead player): the
/// first Enter names them and arms, the next Enter on the same text enters it. Another text
/// needs its own first Enter, so an edit never goes in unread.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SecondEnter {
    armed: Option<String>,
}

impl SecondEnter {
    /// `None`: go ahead. `Some(warning)`: the first Enter on this text with these doubts;
    /// show the warning and wait for another Enter.
    pub fn first_enter(&mut self, text: &str, doubts: &[String]) -> Option<String> {
        if doubts.is_empty() || self.armed.as_deref() == Some(text) {
            self.armed = None;
            return None;
        }
        self.armed = Some(text.to_string());
        Some(format!(
            "⚠ {} — Enter again enters it anyway",
            doubts.join("; ")
        ))
    }
}

/// The doubts of an entry that is a vote, as the rules would meet it now (`Game::check_vote`):
/// none for any other entry, nor for a vote they refuse (the refusal is said on submitting).
pub fn vote_doubts(game: &Game, entry: &Entry) -> Vec<String> {
    let check = match entry {
        Entry::Vote {
            ballot,
            voter,
            target,
        } => game.check_vote(ballot.as_deref(), voter, target, false),
        Entry::AdvanceVote {
            ballot,
            voter,
            target,
        } => game.check_vote(ballot.as_deref(), voter, target, true),
        _ => return Vec::new(),
    };
    check.map(|c| c.doubts).unwrap_or_default()
}
