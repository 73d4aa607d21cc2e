//! The commit check: before a phase is committed the host sees what is missing (votes not
//! cast, power roles that sent nothing) and what the rules will do about it (deaths, exiles,
//! auto-votes, warnings), and confirms. This file owns the overlay's state, its answer to each
//! message and its drawing; its keys are in the keymap table (`Mode::Commit`).

use super::app::App;
use super::msg::{Answer, Msg};
use super::view::{popup, styled};
use crate::engine::Entry;
use crate::engine::check::{CommitCheck, commit_check};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

#[derive(Clone, Debug)]
pub struct Commit {
    pub check: CommitCheck,
    pub scroll: u16,
}

impl Commit {
    pub fn new(app: &App) -> Commit {
        Commit {
            check: commit_check(&app.game, &app.resolution.outcome, &app.tally),
            scroll: 0,
        }
    }

    /// Yes commits; anything else only scrolls or closes.
    pub fn update(&mut self, msg: Msg) -> Answer {
        match msg {
            Msg::Yes => return Answer::Submit(Entry::Resolve),
            Msg::No | Msg::Close => return Answer::Close,
            other => {
                popup::scroll(&mut self.scroll, &other);
            }
        }
        Answer::Stay
    }

    /// The overlay's text: the question, what is missing, what the rules do.
    fn lines<'a>(&self, app: &App) -> Vec<Line<'a>> {
        let check = &self.check;
        let mut lines = vec![
            Line::styled(
                format!(
                    "Commit {}? Its posts become final; {}.",
                    check.phase, check.next
                ),
                app.theme.title(true),
            ),
            Line::raw(""),
        ];
        if check.missing.is_empty() {
            lines.push(Line::styled(
                "Nothing is missing: every vote and action is in.",
                app.theme.good(),
            ));
        } else {
            lines.push(Line::styled("Missing", app.theme.header()));
            for m in &check.missing {
                lines.push(Line::from(vec![
                    styled("⚠ ", app.theme.bad()),
                    Span::raw(m.clone()),
                ]));
            }
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled("At commit", app.theme.header()));
        if check.consequences.is_empty() {
            lines.push(Line::raw("nothing happens: nobody dies"));
        }
        for c in &check.consequences {
            lines.push(Line::raw(format!("· {c}")));
        }
        lines
    }
}

/// The overlay: the check's text, scrolled, above the key hints.
pub fn draw(app: &App, commit: &Commit, frame: &mut Frame, area: Rect) {
    let lines = commit.lines(app);
    popup::scrolled_with_hints(app, lines, "Commit check", commit.scroll, frame, area);
}
