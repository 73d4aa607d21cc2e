//! Pane 2, the pending entries of the phase: actor → ability → targets with the time they were
//! entered and their warnings; an entry replaced by a later one of the same actor is struck
//! through. Then the phase's overrides and host messages. One row per entry.

use super::{clock_time, list_offset, pane_block, styled};
use crate::engine::entry::{Pending, PendingKind};
use crate::engine::outcome::Audience;
use crate::tui::app::App;
use crate::tui::msg::Pane;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

pub fn render(app: &App, frame: &mut Frame, area: Rect) {
    let state = app.game.state();
    let live = state.pending.iter().filter(|p| p.is_live()).count();
    let title = format!(
        "Pending · {} · {live} live of {}",
        app.game.phase_label(),
        state.pending.len()
    );
    let block = pane_block(app, Pane::Pending, title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let lines = rows(app);
    if lines.is_empty() {
        let hint = "Nothing entered yet: a act · v vote · h host · : command · p paste a PM";
        frame.render_widget(
            Paragraph::new(Line::styled(hint, app.theme.dim()))
                .wrap(ratatui::widgets::Wrap { trim: true }),
            inner,
        );
        return;
    }
    // The last line: the selected entry in full when its row is cut, else a summary.
    let footer = inner.height >= 4;
    let height = usize::from(inner.height) - usize::from(footer);
    if footer {
        let selected = lines
            .get(app.pending_sel)
            .map(|l| {
                l.spans
                    .iter()
                    .map(|s| s.content.as_ref())
                    .collect::<String>()
            })
            .unwrap_or_default();
        let text = if selected.chars().count() + 1 > usize::from(inner.width) {
            selected
        } else {
            summary(app)
        };
        frame.render_widget(
            Paragraph::new(Line::styled(
                super::fit(text.trim(), usize::from(inner.width)),
                app.theme.dim(),
            )),
            Rect {
                y: inner.bottom() - 1,
                height: 1,
                ..inner
            },
        );
    }
    let offset = list_offset(app.pending_sel, lines.len(), height);
    let shown: Vec<Line> = lines
        .into_iter()
        .enumerate()
        .skip(offset)
        .take(height)
        .map(|(i, line)| {
            if i == app.pending_sel && app.focus == Pane::Pending {
                let mut line = line;
                line.spans.insert(0, Span::raw("▶"));
                super::selected_line(app, line)
            } else {
                let mut line = line;
                line.spans.insert(0, Span::raw(" "));
                line
            }
        })
        .collect();
    frame.render_widget(Paragraph::new(shown), inner);
}

pub fn row_at(app: &App, rect: Rect, y: u16) -> Option<usize> {
    let first = rect.y + 1;
    let inner = rect.height.saturating_sub(2);
    let height = if inner >= 4 { inner - 1 } else { inner };
    if y < first || y >= first + height {
        return None;
    }
    let len = app.pending_rows();
    let row = list_offset(app.pending_sel, len, usize::from(height)) + usize::from(y - first);
    (row < len).then_some(row)
}

/// Counts of the phase's entries.
fn summary(app: &App) -> String {
    let state = app.game.state();
    let replaced = state
        .pending
        .iter()
        .filter(|p| p.replaced_by.is_some())
        .count();
    let warned = state
        .pending
        .iter()
        .filter(|p| !p.warnings.is_empty())
        .count();
    format!(
        "{} · {replaced} replaced · {warned} with warnings · {}",
        super::counted(state.pending.len(), "entry", "entries"),
        super::counted(state.overrides.len(), "override", "overrides")
    )
}

/// Every row, in the order of [`App::pending_rows`].
fn rows(app: &App) -> Vec<Line<'static>> {
    let state = app.game.state();
    let mut out: Vec<Line> = state.pending.iter().map(|p| entry_line(app, p)).collect();
    for (key, (verdict, reason)) in &state.overrides {
        if app.public {
            out.push(Line::styled(
                "⚑ (an override — hidden in the public view)",
                app.theme.dim(),
            ));
            continue;
        }
        out.push(Line::from(vec![
            styled("⚑ override ", app.theme.changed()),
            Span::raw(format!("{key} → {verdict:?}: {reason}")),
        ]));
    }
    for m in &state.host_messages {
        let line = match &m.audience {
            Audience::Public => format!("✉ public: {}", m.text),
            Audience::Slot(id) if !app.public => {
                let name = app.slot_name(*id);
                format!("✉ to {name}: {}", m.text)
            }
            Audience::Host if !app.public => format!("✎ note: {}", m.text),
            Audience::Group(g) if !app.public => format!("✉ to {g}: {}", m.text),
            _ => "✉ (hidden in the public view)".into(),
        };
        out.push(Line::styled(line, app.theme.accent()));
    }
    out
}

fn entry_line(app: &App, p: &Pending) -> Line<'static> {
    let text = match &p.kind {
        PendingKind::Act { .. } if app.public => "(an action — hidden in the public view)".into(),
        PendingKind::Act {
            actor,
            ability,
            targets,
            ..
        } => format!(
            "{} → {ability} → {}",
            app.slot_name(*actor),
            targets.join(", ")
        ),
        PendingKind::Vote { ballot, .. }
            if app.public && app.game.roleset().ballot(ballot).is_some_and(|b| b.private) =>
        {
            "(a private vote — hidden in the public view)".into()
        }
        PendingKind::Vote {
            ballot,
            voter,
            target,
        } => format!("{} votes {target} ({ballot})", app.slot_name(*voter)),
        PendingKind::Unvote { ballot, voter } => {
            format!("{} withdraws the {ballot} vote", app.slot_name(*voter))
        }
    };
    let replaced = p.replaced_by.is_some();
    let body_style = if replaced {
        app.theme.struck()
    } else {
        Style::new()
    };
    let mut spans = vec![
        styled(format!("#{:<3} ", p.seq), app.theme.dim()),
        styled(format!("{} ", clock_time(p.at)), app.theme.dim()),
        styled(text, body_style),
    ];
    if let Some(by) = p.replaced_by {
        spans.push(styled(format!("  (replaced by #{by})"), app.theme.dim()));
    }
    if crate::engine::check::after_deadline(app.game.state(), p) {
        spans.push(styled("  ⏰ after the deadline", app.theme.warning()));
    }
    for w in &p.warnings {
        spans.push(styled(format!("  ⚠ {w}"), app.theme.warning()));
    }
    Line::from(spans)
}
