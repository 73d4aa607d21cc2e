//! The entry form overlay (fields filled so far, the current field with its fuzzy matches,
//! the fields to come) and the `:` command line with its completions.

use super::{centered, fit, hint_line, popup_block, styled};
use crate::tui::app::App;
use crate::tui::command::CommandLine;
use crate::tui::form::Form;
use crate::tui::input::LineInput;
use crate::tui::keymap;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

/// How many matches the form lists.
const MATCHES: usize = 8;

pub fn render(app: &App, form: &Form, frame: &mut Frame, area: Rect) {
    let ctx = app.form_ctx();
    let fields = form.fields(&ctx);
    let current = form.current(&ctx);
    let matches = current
        .as_ref()
        .map(|f| form.matches(f))
        .unwrap_or_default();
    let list = matches.len().min(MATCHES) as u16;
    let height = fields.len() as u16 + list + 7;
    let rect = centered(area, 76, height);
    let block = popup_block(app, frame, rect, form.kind.title());
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let label_width = fields
        .iter()
        .map(|f| f.label.chars().count())
        .max()
        .unwrap_or(0)
        + 2;
    let mut lines = Vec::new();
    let mut cursor = None;
    for (i, field) in fields.iter().enumerate() {
        let label = format!("{:<label_width$}", format!("{}:", field.label));
        let line = match form.values.get(i) {
            Some(v) => Line::from(vec![styled(label, app.theme.dim()), Span::raw(v.clone())]),
            None if i == form.values.len() && !field.placeholder => {
                cursor = Some((lines.len() as u16, label_width as u16));
                Line::from(vec![
                    styled(label, app.theme.title(true)),
                    Span::raw(form.input.text().to_string()),
                ])
            }
            None => Line::styled(format!("{label}…"), app.theme.dim()),
        };
        lines.push(line);
    }
    lines.push(Line::raw(""));
    match &current {
        Some(field) if matches.is_empty() && !field.free => {
            let why = match (&field.note, field.choices.is_empty()) {
                (Some(note), true) => note.clone(),
                _ => format!("nothing matches `{}`", form.input.text()),
            };
            lines.push(Line::styled(why, app.theme.warning()));
        }
        Some(field) if matches.is_empty() => {
            if let Some(note) = &field.note {
                lines.push(Line::styled(note.clone(), app.theme.dim()));
            }
        }
        Some(_) => {
            let start = form.choice.saturating_sub(MATCHES - 1);
            for (i, c) in matches.iter().enumerate().skip(start).take(MATCHES) {
                let text = fit(&c.label, usize::from(inner.width).saturating_sub(2));
                lines.push(if i == form.choice {
                    Line::from(vec![Span::raw("▶ "), Span::raw(text)]).style(app.theme.selected())
                } else {
                    Line::raw(format!("  {text}"))
                });
            }
        }
        None => lines.push(Line::styled("Enter submits.", app.theme.dim())),
    }
    if let Some(e) = &form.error {
        lines.push(Line::styled(format!("✗ {e}"), app.theme.bad()));
    }
    let hints_at = inner.height.saturating_sub(1);
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
    frame.render_widget(
        Paragraph::new(hint_line(app, &keymap::hints(app), inner.width)),
        Rect {
            y: inner.y + hints_at,
            height: 1,
            ..inner
        },
    );
    if let Some((row, col)) = cursor {
        set_cursor(frame, inner, row, col, &form.input);
    }
}

fn set_cursor(frame: &mut Frame, inner: Rect, row: u16, col: u16, input: &LineInput) {
    use unicode_width::UnicodeWidthChar;
    let before: usize = input
        .text()
        .chars()
        .take(input.cursor())
        .map(|c| c.width().unwrap_or(0))
        .sum();
    let x = inner.x + col + before as u16;
    let y = inner.y + row;
    if x < inner.right() && y < inner.bottom() {
        frame.set_cursor_position(Position::new(x, y));
    }
}

pub fn command_line(app: &App, line: &CommandLine, frame: &mut Frame, main: Rect) {
    if main.height < 3 {
        return;
    }
    let bar = Rect {
        y: main.bottom() - 1,
        height: 1,
        ..main
    };
    frame.render_widget(Clear, bar);
    // A refused line stays selected: typing replaces it, an arrow keeps it to mend.
    let text_style = if line.input.is_selected() {
        app.theme.selected()
    } else {
        Style::new()
    };
    let prompt = Line::from(vec![
        styled(":", app.theme.key()),
        styled(line.input.text().to_string(), text_style),
    ]);
    frame.render_widget(Paragraph::new(prompt), bar);
    set_cursor(frame, bar, 0, 1, &line.input);
    let mut above: Vec<Line> = Vec::new();
    if let Some(c) = &line.completion {
        if c.candidates.is_empty() {
            above.push(Line::styled("no completion", app.theme.dim()));
        } else {
            let shown: Vec<Span> = c
                .candidates
                .iter()
                .enumerate()
                .map(|(i, cand)| {
                    let style = if i == c.index {
                        app.theme.selected()
                    } else {
                        Style::new()
                    };
                    Span::styled(format!(" {cand} "), style)
                })
                .collect();
            above.push(Line::from(shown));
        }
    }
    if let Some(e) = &line.error {
        above.push(Line::styled(format!("✗ {e}"), app.theme.bad()));
    }
    if above.is_empty() {
        return;
    }
    let height = (above.len() as u16 + 2).min(main.height - 1);
    let rect = Rect {
        y: bar.y.saturating_sub(height),
        height,
        ..main
    };
    let block = popup_block(app, frame, rect, "Command");
    frame.render_widget(
        Paragraph::new(above).block(block).wrap(Wrap { trim: true }),
        rect,
    );
}
