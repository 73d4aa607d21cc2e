//! `view(&App, &mut Frame)`: pure drawing, one file per pane; each overlay draws itself in its
//! own file (`tui::overlay`). Layout helpers live here so that mouse hit tests in `update` use
//! the same rectangles as the drawing.

mod draft;
mod pending;
pub mod popup;
pub mod public;
mod queue;
mod roster;
mod status;
mod tally;

use super::app::App;
use super::input::LineInput;
use super::msg::Pane;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

/// Below this the console draws a "terminal too small" notice instead of the panes.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = 12;
/// Lines of the status bar (status, key hints).
const STATUS_HEIGHT: u16 = 2;

pub fn view(app: &App, frame: &mut Frame) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(frame, area);
        return;
    }
    let main = main_area(area);
    if app.public {
        public::render(app, frame, main);
    }
    for (pane, rect) in pane_rects(main, app).into_iter().filter(|_| !app.public) {
        match pane {
            Pane::Roster => roster::render(app, frame, rect),
            Pane::Pending => pending::render(app, frame, rect),
            Pane::Queue if app.shows_tally() => tally::render(app, frame, rect),
            Pane::Queue => queue::render(app, frame, rect),
            Pane::Draft => draft::render(app, frame, rect),
        }
    }
    status::render(
        app,
        frame,
        Rect {
            y: main.bottom(),
            height: area.height - main.height,
            ..area
        },
    );
    for overlay in &app.overlays {
        overlay.draw(app, frame, area);
    }
}

fn too_small(frame: &mut Frame, area: Rect) {
    let text = format!(
        "Terminal too small: {}×{}. mafia-mod needs {MIN_WIDTH}×{MIN_HEIGHT} (80×24 or more is best).",
        area.width, area.height
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

/// The screen without the status bar.
pub fn main_area(area: Rect) -> Rect {
    Rect {
        height: area.height.saturating_sub(STATUS_HEIGHT),
        ..area
    }
}

/// Where each pane is drawn: a 2×2 grid (roster and pending on the left, queue and draft on
/// the right), or the focused pane alone when zoomed.
pub fn pane_rects(main: Rect, app: &App) -> Vec<(Pane, Rect)> {
    if app.zoom {
        return vec![(app.focus, main)];
    }
    let [left, right] = Layout::horizontal([Constraint::Percentage(50); 2]).areas(main);
    let rows = [Constraint::Percentage(60), Constraint::Percentage(40)];
    let [roster, pending] = Layout::vertical(rows).areas(left);
    let [queue, draft] = Layout::vertical(rows).areas(right);
    vec![
        (Pane::Roster, roster),
        (Pane::Pending, pending),
        (Pane::Queue, queue),
        (Pane::Draft, draft),
    ]
}

/// The bordered block of a pane: thick and bold when focused, whatever the colours.
pub fn pane_block<'a>(app: &App, pane: Pane, title: String) -> Block<'a> {
    let focused = app.focus == pane && app.overlays.is_empty();
    let number = Pane::ALL.iter().position(|p| *p == pane).unwrap_or(0) + 1;
    Block::bordered()
        .border_type(if focused {
            BorderType::Thick
        } else {
            BorderType::Rounded
        })
        .border_style(app.theme.border(focused))
        .title(Line::styled(
            format!(" {number} {title} "),
            app.theme.title(focused),
        ))
}

/// The first row shown of a list so that `selected` stays in view, without stored state:
/// the selection sits in the middle once the list is long enough to scroll.
pub fn list_offset(selected: usize, len: usize, height: usize) -> usize {
    if height == 0 || len <= height {
        return 0;
    }
    selected
        .saturating_sub(height / 2)
        .min(len.saturating_sub(height))
}

/// The list row under a screen row of a pane (for mouse clicks).
pub fn row_at(app: &App, pane: Pane, rect: Rect, y: u16) -> Option<usize> {
    match pane {
        Pane::Roster => roster::row_at(app, rect, y),
        Pane::Pending => pending::row_at(app, rect, y),
        Pane::Queue if !app.shows_tally() => queue::row_at(app, rect, y),
        _ => None,
    }
}

/// A rectangle of at most `width`×`height` in the middle of `area`.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width.saturating_sub(2)).max(1);
    let h = height.min(area.height.saturating_sub(2)).max(1);
    Rect {
        x: area.x + (area.width.saturating_sub(w)) / 2,
        y: area.y + (area.height.saturating_sub(h)) / 2,
        width: w.min(area.width),
        height: h.min(area.height),
    }
}

/// A popup block with a double border, drawn over a cleared area.
pub fn popup_block<'a>(app: &App, frame: &mut Frame, rect: Rect, title: &str) -> Block<'a> {
    frame.render_widget(Clear, rect);
    Block::bordered()
        .border_type(BorderType::Double)
        .border_style(app.theme.border(true))
        .title(Line::styled(format!(" {title} "), app.theme.title(true)))
}

/// `key label · key label …` from the keymap, as a line that fits `width`.
pub fn hint_line<'a>(app: &App, hints: &[(String, &'static str)], width: u16) -> Line<'a> {
    let mut spans = Vec::new();
    let mut used = 0usize;
    for (key, label) in hints {
        let len = key.chars().count() + label.chars().count() + 3;
        if used + len > usize::from(width) {
            break;
        }
        spans.push(Span::styled(key.clone(), app.theme.key()));
        spans.push(Span::raw(format!(" {label}  ")));
        used += len;
    }
    Line::from(spans)
}

/// Put the terminal cursor in a one-line field drawn at `row`, `col` of `inner`.
pub fn place_cursor(frame: &mut Frame, inner: Rect, row: u16, col: u16, input: &LineInput) {
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

/// A string cut to `width` columns with `…` when it does not fit.
pub fn fit(s: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthChar;
    let total: usize = s.chars().map(|c| c.width().unwrap_or(0)).sum();
    if total <= width {
        return s.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    if width > 0 {
        out.push('…');
    }
    out
}

/// `1 entry`, `3 entries`: a count with its noun in the right number.
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `12:34` (UTC) of an entry time.
pub fn clock_time(at: Option<u64>) -> String {
    match at {
        Some(t) => format!("{:02}:{:02}", (t / 3600) % 24, (t / 60) % 60),
        None => "--:--".into(),
    }
}

/// The selected row of a list: one style for the whole line, so coloured parts do not turn
/// into coloured blocks when reversed. Strike-through (a dead player, a replaced entry) stays.
pub fn selected_line<'a>(app: &App, line: Line<'a>) -> Line<'a> {
    let spans = line
        .spans
        .into_iter()
        .map(|s| {
            let kept = s.style.add_modifier & ratatui::style::Modifier::CROSSED_OUT;
            Span::styled(s.content, app.theme.selected().add_modifier(kept))
        })
        .collect::<Vec<_>>();
    Line::from(spans).style(app.theme.selected())
}

pub fn styled<'a>(text: impl Into<String>, style: Style) -> Span<'a> {
    Span::styled(text.into(), style)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_keep_the_selection_visible() {
        assert_eq!(list_offset(0, 5, 10), 0);
        assert_eq!(list_offset(3, 100, 10), 0);
        assert_eq!(list_offset(50, 100, 10), 45);
        assert_eq!(list_offset(99, 100, 10), 90);
        assert_eq!(list_offset(5, 100, 0), 0);
    }

    #[test]
    fn fit_cuts_with_an_ellipsis() {
        assert_eq!(fit("Bruno", 10), "Bruno");
        assert_eq!(fit("Bruno", 4), "Bru…");
        assert_eq!(fit("Bruno", 0), "");
        assert_eq!(clock_time(Some(1_790_000_060)), "14:14");
    }
}
