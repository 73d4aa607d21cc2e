//! What the popups share: the key hints below their text, and a text scrolled when it is longer
//! than the screen.

use super::{centered, hint_line, popup_block};
use crate::tui::app::App;
use crate::tui::keymap;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};

/// These popups end alike: a blank line, the key hints, the text wrapped in its block.
pub fn with_hints(app: &App, mut lines: Vec<Line>, block: Block, frame: &mut Frame, rect: Rect) {
    lines.push(Line::raw(""));
    lines.push(hint_line(
        app,
        &keymap::hints(app),
        rect.width.saturating_sub(2),
    ));
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        rect,
    );
}

/// Move a scrolled popup's offset for an arrow or page key; false for any other message.
pub fn scroll(offset: &mut u16, msg: &crate::tui::msg::Msg) -> bool {
    use crate::tui::msg::Msg;
    *offset = match msg {
        Msg::Up => offset.saturating_sub(1),
        Msg::Down => offset.saturating_add(1),
        Msg::PageUp => offset.saturating_sub(10),
        Msg::PageDown => offset.saturating_add(10),
        _ => return false,
    };
    true
}

/// A popup whose text may be longer than the screen (the commit check, the draft diff): as
/// tall as its wrapped text allows, the text scrolled, the key hints pinned below it.
pub fn scrolled_with_hints(
    app: &App,
    lines: Vec<Line>,
    title: &str,
    scroll: u16,
    frame: &mut Frame,
    area: Rect,
) {
    let width = 90.min(area.width.saturating_sub(2));
    let inner_width = usize::from(width.saturating_sub(2)).max(1);
    let rows: usize = lines
        .iter()
        .map(|l| l.width().div_ceil(inner_width).max(1))
        .sum();
    let rows = u16::try_from(rows).unwrap_or(u16::MAX);
    let rect = centered(area, width, rows.saturating_add(4));
    let block = popup_block(app, frame, rect, title);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let text = Rect {
        height: inner.height.saturating_sub(2),
        ..inner
    };
    let most = rows.saturating_sub(text.height);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll.min(most), 0)),
        text,
    );
    let hints = Rect {
        y: text.bottom() + 1,
        height: 1,
        ..inner
    };
    frame.render_widget(
        Paragraph::new(hint_line(app, &keymap::hints(app), inner.width)),
        hints,
    );
}
