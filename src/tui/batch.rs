//! The batch review overlay: the host pastes a whole batch (PMs, vote posts, a table of form
//! submissions), and every message becomes a suggested line in the `:` syntax with what it
//! matched and any doubt. The host drops a line, fixes one, or enters them all at once, all or
//! nothing. This file owns the overlay's state, its answer to each message and its drawing;
//! its keys are in the one keymap table (`Mode::BatchText`, `Mode::Batch`, `Mode::BatchFix`).

use super::app::App;
use super::keymap::{self, Mode};
use super::msg::{Answer, Msg};
use super::view::{centered, hint_line, popup_block, styled};
use crate::engine::Game;
use crate::engine::outcome::Outcome;
use crate::understand::{self, Suggested};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui_textarea::TextArea;

/// One suggested line and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub line: String,
    /// The host left it out.
    pub dropped: bool,
    /// `? NAME: reason`: cannot be entered until fixed.
    pub undecided: bool,
    /// The message's first line in the paste, and its first words.
    pub from_line: usize,
    pub excerpt: String,
    pub matched: Vec<String>,
    pub doubts: Vec<String>,
    /// When the message was posted, as its page shows it; kept on the entry.
    pub posted: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Batch {
    pub text: TextArea<'static>,
    pub rows: Vec<Row>,
    pub selected: usize,
    /// The list has the keys (else the pasted text does).
    pub reviewing: bool,
    /// The selected line being fixed.
    /// The line being fixed, with the `:` line's Tab completion.
    pub fixing: Option<super::command::CommandLine>,
    /// Why the last "enter all" or fix did not go through.
    pub problem: Option<String>,
    /// "Enter all" over lines the rules have doubts about (an improper vote, a vote for the
    /// dead) goes through on a second Enter only, as a single vote does.
    second_enter: super::confirm::SecondEnter,
}

impl Batch {
    pub fn new() -> Batch {
        let mut text = TextArea::default();
        text.set_placeholder_text(
            "Paste PMs, vote posts or a table of form submissions here, then Ctrl-D…",
        );
        Batch {
            text,
            rows: Vec::new(),
            selected: 0,
            reviewing: false,
            fixing: None,
            problem: None,
            second_enter: Default::default(),
        }
    }

    /// A batch pasted on the main screen: read at once.
    pub fn pasted(text: &str, game: &Game) -> Batch {
        let mut batch = Batch::new();
        batch.text.insert_str(text);
        batch.read(game);
        batch
    }

    pub fn mode(&self) -> Mode {
        match (self.reviewing, self.fixing.is_some()) {
            (_, true) => Mode::BatchFix,
            (true, false) => Mode::Batch,
            (false, false) => Mode::BatchText,
        }
    }

    /// Read the pasted text again: one row per suggested line.
    pub fn read(&mut self, game: &Game) {
        self.problem = None;
        self.rows = match understand::read_batch(game, &self.text.lines().join("\n")) {
            Ok(readings) => readings
                .into_iter()
                .flat_map(|r| {
                    let excerpt = r
                        .message
                        .text
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ");
                    r.suggested
                        .iter()
                        .map(|s| Row {
                            line: understand::line(s),
                            dropped: false,
                            undecided: matches!(s, Suggested::Undecided { .. }),
                            from_line: r.message.line,
                            excerpt: excerpt.clone(),
                            matched: r.matched.clone(),
                            doubts: r.doubts.clone(),
                            posted: r.message.time.clone(),
                        })
                        .collect::<Vec<_>>()
                })
                .collect(),
            Err(e) => {
                self.problem = Some(e);
                Vec::new()
            }
        };
        self.selected = 0;
        self.reviewing = !self.rows.is_empty();
    }

    /// The lines to enter: every kept row, or why not yet.
    fn kept_lines(&self) -> Result<Vec<(usize, &Row)>, String> {
        let kept: Vec<(usize, &Row)> = self
            .rows
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.dropped)
            .collect();
        if let Some((i, _)) = kept.iter().find(|(_, r)| r.undecided) {
            return Err(format!(
                "line {} is undecided: fix it (e) or drop it (d)",
                i + 1
            ));
        }
        if kept.is_empty() {
            return Err("every line is dropped: nothing to enter".into());
        }
        Ok(kept)
    }

    /// A fixed line as the batch will enter it: read in the `:` syntax and, for an entry, met by
    /// the rules on a copy of the game, so a line the rules refuse is named before Enter, not
    /// when the whole batch is entered.
    fn checked_line(line: &str, game: &Game) -> Result<(), String> {
        match crate::script::parse(line, game)? {
            crate::script::Command::Entry(entry) => game
                .clone()
                .submit(entry, None)
                .map(|_| ())
                .map_err(|refusal| refusal.to_string()),
            _ => Ok(()),
        }
    }

    /// The answer to one message.
    /// `preview` is the console's resolution of the phase now, which a fixed line's Tab
    /// completion and spelling read (step keys, the living).
    pub fn update(&mut self, msg: Msg, game: &Game, preview: &Outcome) -> Answer {
        if let Some(fix) = &mut self.fixing {
            match msg {
                Msg::Close => self.fixing = None,
                Msg::Submit => {
                    let line =
                        super::command::names_as_written(game, preview, fix.input.text().trim());
                    match Self::checked_line(&line, game) {
                        Ok(()) => {
                            if let Some(row) = self.rows.get_mut(self.selected) {
                                row.line = line;
                                row.undecided = false;
                                row.dropped = false;
                            }
                            self.fixing = None;
                            self.problem = None;
                        }
                        Err(e) => self.problem = Some(e),
                    }
                }
                Msg::Input(key) => {
                    fix.input.handle(key);
                    fix.edited();
                }
                Msg::Paste(text) => {
                    fix.input.insert_str(text.lines().next().unwrap_or(""));
                    fix.edited();
                }
                Msg::Complete => fix.complete(game, preview),
                _ => {}
            }
            return Answer::Stay;
        }
        if !self.reviewing {
            match msg {
                Msg::Close => return Answer::Close,
                Msg::Finish => self.read(game),
                Msg::Input(key) => {
                    self.text.input(key);
                }
                Msg::Paste(text) => {
                    self.text.insert_str(text);
                    self.read(game);
                }
                _ => {}
            }
            return Answer::Stay;
        }
        let last = self.rows.len().saturating_sub(1);
        match msg {
            Msg::Close => return Answer::Close,
            Msg::Up => self.selected = self.selected.saturating_sub(1),
            Msg::Down => self.selected = (self.selected + 1).min(last),
            Msg::Top => self.selected = 0,
            Msg::Bottom => self.selected = last,
            Msg::DropLine => {
                if let Some(row) = self.rows.get_mut(self.selected) {
                    row.dropped = !row.dropped;
                }
            }
            Msg::FixLine => {
                if let Some(row) = self.rows.get(self.selected) {
                    let start = if row.undecided { "" } else { row.line.as_str() };
                    self.fixing = Some(super::command::CommandLine::with_text(start));
                }
            }
            Msg::EditText => self.reviewing = false,
            Msg::Submit => match self.kept_lines() {
                Ok(kept) => {
                    let lines: Vec<&str> = kept.iter().map(|(_, r)| r.line.as_str()).collect();
                    let doubts: Vec<String> = kept
                        .iter()
                        .flat_map(|(i, r)| {
                            let entry = match crate::script::parse(&r.line, game) {
                                Ok(crate::script::Command::Entry(entry)) => Some(entry),
                                _ => None,
                            };
                            entry
                                .map(|e| super::confirm::vote_doubts(game, &e))
                                .unwrap_or_default()
                                .into_iter()
                                .map(move |d| format!("line {}: {d}", i + 1))
                        })
                        .collect();
                    let text = lines.join("\n");
                    let posted: Vec<Option<String>> =
                        kept.iter().map(|(_, r)| r.posted.clone()).collect();
                    if let Some(warning) = self.second_enter.first_enter(&text, &doubts) {
                        self.problem = Some(warning);
                        return Answer::Stay;
                    }
                    return Answer::Enter {
                        lines: text,
                        posted,
                    };
                }
                Err(e) => self.problem = Some(e),
            },
            _ => {}
        }
        Answer::Stay
    }

    /// The entry of kept line `n` (1-based, as `apply` counts) was refused: select its row.
    pub fn refused(&mut self, line: usize, message: String) {
        if let Ok(kept) = self.kept_lines()
            && let Some((i, _)) = kept.get(line.saturating_sub(1))
        {
            self.selected = *i;
        }
        self.problem = Some(format!(
            "line {}: {message}; nothing was entered",
            self.selected + 1
        ));
    }
}

impl Default for Batch {
    fn default() -> Self {
        Batch::new()
    }
}

/// The overlay: the pasted text, the suggested lines, the selected line's reading, the keys.
pub fn draw(app: &App, batch: &Batch, frame: &mut Frame, area: Rect) {
    let rect = centered(area, 110, area.height.saturating_sub(2));
    let kept = batch.rows.iter().filter(|r| !r.dropped).count();
    let title = if batch.rows.is_empty() {
        format!("Paste a batch — {}", app.game.phase_label())
    } else {
        format!(
            "Batch review — {}, {kept} kept — {}",
            super::view::counted(batch.rows.len(), "line", "lines"),
            app.game.phase_label()
        )
    };
    let block = popup_block(app, frame, rect, &title);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let text_height = if batch.reviewing { 5 } else { inner.height / 2 };
    let [text, list, detail, status, hints] = Layout::vertical([
        Constraint::Length(text_height),
        Constraint::Min(3),
        Constraint::Length(5),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(inner);
    frame.render_widget(&batch.text, text);
    frame.render_widget(Paragraph::new(row_lines(app, batch, list)), list);
    frame.render_widget(
        Paragraph::new(detail_lines(app, batch)).wrap(Wrap { trim: true }),
        detail,
    );
    let status_line = match (&batch.fixing, &batch.problem) {
        (Some(fix), _) => Line::from(vec![
            styled("fix: ", app.theme.header()),
            Span::raw(fix.input.text().to_string()),
            styled("▏", app.theme.key()),
        ]),
        (None, Some(problem)) => Line::styled(problem.clone(), app.theme.bad()),
        (None, None) if batch.rows.is_empty() => Line::styled(
            "one suggested line per message appears here",
            app.theme.dim(),
        ),
        (None, None) => Line::styled(
            "Enter enters every kept line, all or nothing",
            app.theme.dim(),
        ),
    };
    frame.render_widget(Paragraph::new(status_line), status);
    frame.render_widget(
        Paragraph::new(hint_line(app, &keymap::hints(app), hints.width)),
        hints,
    );
}

/// One line per row, scrolled so the selected one shows.
fn row_lines(app: &App, batch: &Batch, area: Rect) -> Vec<Line<'static>> {
    let height = usize::from(area.height.max(1));
    let first = batch.selected.saturating_sub(height - 1);
    batch
        .rows
        .iter()
        .enumerate()
        .skip(first)
        .take(height)
        .map(|(i, row)| {
            let (mark, style) = if row.dropped {
                ("✗", app.theme.dim())
            } else if row.undecided {
                ("·", app.theme.bad())
            } else if !row.doubts.is_empty() {
                ("!", app.theme.warning())
            } else {
                ("✓", app.theme.good())
            };
            let selected = i == batch.selected && batch.reviewing;
            let line_style = if selected {
                app.theme.selected()
            } else if row.dropped {
                app.theme.dim()
            } else {
                ratatui::style::Style::default()
            };
            let width = usize::from(area.width).saturating_sub(row.line.chars().count() + 15);
            let excerpt: String = row.excerpt.chars().take(width).collect();
            Line::from(vec![
                styled(if selected { "▸" } else { " " }, app.theme.key()),
                styled(format!("{mark} "), style),
                styled(row.line.clone(), line_style),
                styled(
                    format!("   ← l.{} {excerpt}", row.from_line),
                    app.theme.dim(),
                ),
            ])
        })
        .collect()
}

/// What the selected line matched and doubts.
fn detail_lines(app: &App, batch: &Batch) -> Vec<Line<'static>> {
    let Some(row) = batch.rows.get(batch.selected).filter(|_| batch.reviewing) else {
        return Vec::new();
    };
    let mut lines = vec![Line::from(vec![
        styled("matched: ", app.theme.header()),
        Span::raw(if row.matched.is_empty() {
            "nothing".to_string()
        } else {
            row.matched.join("; ")
        }),
    ])];
    if let Some(posted) = &row.posted {
        lines.push(Line::from(vec![
            styled("posted: ", app.theme.header()),
            Span::raw(format!("{posted} (kept on the entry)")),
        ]));
        // Posted after the open phase's deadline: the host decides whether it counts.
        let state = app.game.state();
        if let Some(deadline) = state.deadlines.get(&state.phase)
            && deadline
                .posted_unix(posted)
                .is_some_and(|at| at > deadline.unix)
        {
            lines.push(Line::styled(
                format!("⏰ posted after the deadline ({})", deadline.shown()),
                app.theme.warning(),
            ));
        }
    }
    for d in &row.doubts {
        lines.push(Line::styled(format!("doubt: {d}"), app.theme.warning()));
    }
    lines
}
