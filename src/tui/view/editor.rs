//! The draft editor overlay: editing the public post.

use super::{centered, hint_line, popup_block};
use crate::tui::app::App;
use crate::tui::keymap;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::Paragraph;
use ratatui_textarea::TextArea;

pub fn draft_editor(app: &App, editor: &TextArea<'static>, frame: &mut Frame, area: Rect) {
    let rect = centered(area, 100, area.height.saturating_sub(2));
    let title = format!(
        "Edit the public post of {} — kept in the save",
        app.game.phase_label()
    );
    let block = popup_block(app, frame, rect, &title);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let [text, hints] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    frame.render_widget(editor, text);
    frame.render_widget(
        Paragraph::new(hint_line(app, &keymap::hints(app), hints.width)),
        hints,
    );
}
