//! The entry log overlay: every entry of the game, oldest first, with its phase and time;
//! undone entries are struck through.

use super::{
    centered, clock_time, fit, hint_line, list_offset, popup_block, selected_line, styled,
};
use crate::tui::app::App;
use crate::tui::keymap;
use crate::tui::log::rows;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

pub fn render(app: &App, selected: usize, frame: &mut Frame, area: Rect) {
    let rect = centered(area, 110, area.height.saturating_sub(2));
    let block = popup_block(app, frame, rect, "Entry log — every entry of the game");
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    if inner.height < 2 {
        return;
    }
    let rows = rows(&app.game);
    let height = usize::from(inner.height - 1);
    let offset = list_offset(selected, rows.len(), height);
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
            let room = width.saturating_sub(head.chars().count() + 10);
            let mut spans = vec![
                styled(head, app.theme.dim()),
                styled(fit(&r.text, room), text_style),
            ];
            if r.undone {
                spans.push(styled("  (undone)", app.theme.warning()));
            }
            let line = Line::from(spans);
            if i == selected {
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
