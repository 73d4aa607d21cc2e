//! The commit check: before a phase is committed the host sees what is missing (votes not
//! cast, power roles that sent nothing) and what the rules will do about it (deaths, exiles,
//! auto-votes, warnings), and confirms. This file owns the overlay's state, its answer to each
//! message and its drawing; its keys are in the keymap table (`Mode::Commit`).

use super::app::App;
use super::msg::{Answer, Msg};
use super::view::{popup, styled};
use crate::engine::Entry;
use crate::engine::check::{CommitCheck, commit_check};
use crate::export::Markup;
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
            check: commit_check(
                &app.game,
                &app.resolution.outcome,
                &app.resolution.after,
                &app.tally,
            ),
            scroll: 0,
        }
    }

    /// Yes commits; anything else only scrolls or closes. Over a stale edited post, yes is
    /// not enough: the host takes the new text (`t`), keeps his edit (`m`) or edits (`e`), and
    /// the commit follows his choice.
    pub fn update(&mut self, msg: Msg) -> Answer {
        let stale = self.check.stale_post.as_ref();
        match msg {
            Msg::Yes if stale.is_some() => {
                return Answer::Error(
                    "Your edited post is out of date".into(),
                    "the results changed after you wrote it: t takes the new text, m keeps your edit, e edits it".into(),
                );
            }
            Msg::Yes => return Answer::Submit(Entry::Resolve),
            Msg::TakeNew if stale.is_some() => {
                return Answer::SubmitAll(vec![Entry::EditPost(String::new()), Entry::Resolve]);
            }
            Msg::KeepEdit if let Some(stale) = stale => {
                // The edit entered again counts as written against the results now.
                return Answer::SubmitAll(vec![
                    Entry::EditPost(stale.edit.clone()),
                    Entry::Resolve,
                ]);
            }
            Msg::EditDraft if stale.is_some() => return Answer::EditPost,
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
        if let Some(stale) = &check.stale_post {
            lines.push(Line::styled(
                "⚠ Your edited post is out of date: the results changed after you wrote it.",
                app.theme.bad(),
            ));
            let roleset = app.game.roleset();
            let body = |facts| crate::export::facts_body(roleset, facts, Markup::Text);
            let (then, now) = (body(&stale.then), body(&stale.now));
            for change in similar::TextDiff::from_lines(&then, &now).iter_all_changes() {
                let (sign, style) = match change.tag() {
                    similar::ChangeTag::Delete => ("− then: ", app.theme.bad()),
                    similar::ChangeTag::Insert => ("+ now:  ", app.theme.good()),
                    similar::ChangeTag::Equal => continue,
                };
                lines.push(Line::from(vec![
                    styled(sign, style),
                    Span::raw(change.value().trim_end().to_string()),
                ]));
            }
            lines.push(Line::styled(
                "t: commit with the new text · m: commit keeping your edit · e: edit it first",
                app.theme.header(),
            ));
            lines.push(Line::raw(""));
        }
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
        // A host message may be a whole post in the forum's markup (ru-city's header): read as
        // text, line by line, not as tags run together.
        for c in &check.consequences {
            let text = crate::export::from_bbcode(c, Markup::Text);
            for (i, line) in text.lines().enumerate() {
                let lead = if i == 0 { "· " } else { "  " };
                lines.push(Line::raw(format!("{lead}{line}")));
            }
        }
        lines
    }
}

/// The overlay: the check's text, scrolled, above the key hints.
pub fn draw(app: &App, commit: &Commit, frame: &mut Frame, area: Rect) {
    let lines = commit.lines(app);
    popup::scrolled_with_hints(app, lines, "Commit check", commit.scroll, frame, area);
}
