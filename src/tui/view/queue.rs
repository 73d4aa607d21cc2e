//! Pane 3, the priority queue: the resolution of the phase, step by step in stage order, each
//! with its result and reasons. The cursor walks the steps (the roster follows it); `✔` marks
//! steps done, `➜` the current one, `·` those to come; `Δ` marks what changed at the last
//! re-resolution and `⚑` a host override. A step away from the cursor shows its first reason,
//! and, if it did not go through, its last: what stopped it.

use super::{fit, pane_block, styled};
use crate::engine::outcome::{Step, StepResult};
use crate::tui::app::App;
use crate::tui::msg::Pane;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

pub fn render(app: &App, frame: &mut Frame, area: Rect) {
    let steps = &app.resolution.outcome.steps;
    let title = format!(
        "Queue · {} · step {}/{} · preview, not committed",
        app.game.phase_label(),
        app.queue.cursor,
        steps.len()
    );
    let block = pane_block(app, Pane::Queue, title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if app.public {
        let text = "The resolution is hidden in the public view.";
        frame.render_widget(Paragraph::new(Line::styled(text, app.theme.dim())), inner);
        return;
    }
    let width = usize::from(inner.width);
    let queue = lines(app, width);
    let height = usize::from(inner.height);
    let offset = queue.offset(height);
    let shown: Vec<Line> = queue.lines.into_iter().skip(offset).take(height).collect();
    frame.render_widget(Paragraph::new(shown), inner);
}

fn glyph(result: StepResult) -> &'static str {
    match result {
        StepResult::Success => "✓",
        StepResult::Failed => "✗",
        StepResult::Cancelled => "⊘",
        StepResult::Skipped => "↷",
        StepResult::Info => "i",
    }
}

fn result_style(app: &App, result: StepResult) -> Style {
    match result {
        StepResult::Success => app.theme.good(),
        StepResult::Failed | StepResult::Cancelled => app.theme.bad(),
        StepResult::Skipped | StepResult::Info => app.theme.dim(),
    }
}

/// The cursor position under screen row `y` (a click on a step or its reasons).
pub fn row_at(app: &App, rect: Rect, y: u16) -> Option<usize> {
    let first = rect.y + 1;
    let height = rect.height.saturating_sub(2);
    if y < first || y >= first + height || app.public {
        return None;
    }
    let queue = lines(app, usize::from(rect.width.saturating_sub(2)));
    let at = queue.offset(usize::from(height)) + usize::from(y - first);
    queue.positions.get(at).copied().flatten()
}

/// The queue's lines, the line the cursor is on, and for each line the cursor position it
/// stands for (0 for the start, n for step n and its reasons; none for headers).
struct QueueLines {
    lines: Vec<Line<'static>>,
    cursor_line: usize,
    positions: Vec<Option<usize>>,
}

impl QueueLines {
    /// The first line shown: the cursor's line, and the reasons under it, stay in view.
    fn offset(&self, height: usize) -> usize {
        self.cursor_line
            .saturating_sub(height / 3)
            .min(self.lines.len().saturating_sub(height))
    }
}

fn lines(app: &App, width: usize) -> QueueLines {
    let outcome = &app.resolution.outcome;
    let roleset = app.game.roleset();
    let cursor = app.queue.cursor;
    let mut out = Vec::new();
    let start_mark = if cursor == 0 { "➜" } else { "✔" };
    out.push(Line::from(vec![
        styled(format!("{start_mark} "), app.theme.key()),
        styled(
            format!(
                "start of {}: the state before any step",
                app.game.phase_label()
            ),
            app.theme.dim(),
        ),
    ]));
    let mut positions: Vec<Option<usize>> = vec![Some(0)];
    let mut cursor_line = 0;
    let mut stage: Option<&str> = None;
    for (i, step) in outcome.steps.iter().enumerate() {
        if stage != Some(step.stage.as_str()) {
            stage = Some(step.stage.as_str());
            let name = roleset
                .stage(&step.stage)
                .map(|s| s.name.clone())
                .unwrap_or_else(|| step.stage.clone());
            out.push(Line::styled(fit(&name, width), app.theme.header()));
            positions.push(None);
        }
        let n = i + 1;
        let progress = match n.cmp(&cursor) {
            std::cmp::Ordering::Less => "✔",
            std::cmp::Ordering::Equal => "➜",
            std::cmp::Ordering::Greater => "·",
        };
        if n == cursor {
            cursor_line = out.len();
        }
        out.push(step_line(app, step, progress, n == cursor, width));
        positions.push(Some(n));
        // The current step shows all its reasons; the others a summary.
        let reasons: Vec<&String> = if n == cursor {
            step.reasons.iter().collect()
        } else {
            summary_reasons(step)
        };
        for r in reasons {
            out.push(Line::styled(
                fit(&format!("      {r}"), width),
                if n == cursor {
                    Style::new()
                } else {
                    app.theme.dim()
                },
            ));
            positions.push(Some(n));
        }
    }
    if outcome.steps.is_empty() {
        out.push(Line::styled(
            "  (no step: nothing to resolve yet)",
            app.theme.dim(),
        ));
    }
    if !outcome.deaths.is_empty() {
        let deaths = app.deaths_with_causes();
        out.push(Line::from(vec![
            styled("✝ deaths: ", app.theme.bad()),
            Span::raw(deaths.join(", ")),
        ]));
    }
    for w in &outcome.warnings {
        out.push(Line::styled(
            fit(&format!("⚠ {w}"), width),
            app.theme.warning(),
        ));
    }
    // The summary lines after the steps stand for no step.
    positions.resize(out.len(), None);
    QueueLines {
        lines: out,
        cursor_line,
        positions,
    }
}

/// The reasons a step shows when the cursor is not on it: its first, which says what it is,
/// and for a step that did not go through also its last, which says what stopped it. The
/// resolution gives the deciding reason last (the kill, then the watch that stops it; the
/// investigation, then the attribute it did not find), and the host should see why a step
/// failed without walking the cursor to it (hosting-a-game-2.md F10).
fn summary_reasons(step: &Step) -> Vec<&String> {
    let stopped = matches!(
        step.result,
        StepResult::Failed | StepResult::Cancelled | StepResult::Skipped
    );
    let last = step
        .reasons
        .last()
        .filter(|_| stopped && step.reasons.len() > 1);
    step.reasons.first().into_iter().chain(last).collect()
}

fn step_line(app: &App, step: &Step, progress: &str, current: bool, width: usize) -> Line<'static> {
    let state = app.game.state();
    let actor = step
        .actor
        .and_then(|a| state.slots.get(a))
        .map(|s| s.name.clone());
    let mut what = String::new();
    if let Some(a) = actor {
        what.push_str(&a);
        what.push(' ');
    }
    if let Some(ab) = &step.ability {
        what.push_str(ab);
    }
    if !step.targets_after.is_empty() || !step.targets_before.is_empty() {
        let after = step.targets_after.join(", ");
        let before = step.targets_before.join(", ");
        if step.targets_after.is_empty() || after == before {
            what.push_str(&format!(" → {before}"));
        } else if step.targets_before.is_empty() {
            what.push_str(&format!(" → {after}"));
        } else {
            what.push_str(&format!(" → {before} ⇒ {after}"));
        }
    }
    if what.is_empty() {
        what = step.key.clone();
    }
    let overridden = state.overrides.contains_key(&step.key);
    let changed = app.changed.contains(&step.key);
    let mut spans = vec![
        styled(format!("{progress} "), app.theme.key()),
        styled(if changed { "Δ" } else { " " }, app.theme.changed()),
        styled(if overridden { "⚑" } else { " " }, app.theme.changed()),
        styled(
            format!("{} ", glyph(step.result)),
            result_style(app, step.result),
        ),
    ];
    // The result in words when there is room; the glyph says it anyway.
    let label = if width >= 60 {
        format!("{:<10}", step.result.label())
    } else {
        String::new()
    };
    let key = format!("  [{}]", step.key);
    let room = width.saturating_sub(6 + label.len() + key.chars().count());
    spans.push(styled(label, result_style(app, step.result)));
    spans.push(Span::raw(fit(&what, room)));
    spans.push(styled(key, app.theme.dim()));
    let line = Line::from(spans);
    if current && app.focus == Pane::Queue {
        super::selected_line(app, line)
    } else {
        line
    }
}
