//! The multi-line overlays: editing the public post, and pasting a PM with the suggested entry
//! under it.

use super::{centered, hint_line, popup_block, styled};
use crate::tui::app::App;
use crate::tui::keymap;
use crate::tui::paste::PastePm;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
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

pub fn paste(app: &App, paste: &PastePm, frame: &mut Frame, area: Rect) {
    let rect = centered(area, 100, area.height.saturating_sub(2));
    let block = popup_block(app, frame, rect, "Paste a player's PM");
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let [text, suggestion, hints] = Layout::vertical([
        Constraint::Min(3),
        Constraint::Length(6),
        Constraint::Length(1),
    ])
    .areas(inner);
    frame.render_widget(&paste.text, text);
    let s = &paste.suggestion;
    let values = s.values();
    let mut lines = vec![Line::from(vec![
        styled("Suggested entry: ", app.theme.header()),
        Span::raw(if values.is_empty() {
            "none yet — names and ability words are matched as you paste".to_string()
        } else {
            format!("act {}", values.join(" "))
        }),
    ])];
    if !s.names.is_empty() {
        lines.push(Line::raw(format!("Names found: {}", s.names.join(", "))));
    }
    for why in &s.why {
        lines.push(Line::styled(format!("· {why}"), app.theme.dim()));
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), suggestion);
    frame.render_widget(
        Paragraph::new(hint_line(app, &keymap::hints(app), hints.width)),
        hints,
    );
}
