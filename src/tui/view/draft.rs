//! Pane 4, the announcement draft: the public post of the phase rendered from the roleset's
//! templates (or the host's edit), or every player's private results; earlier committed posts
//! can be browsed. The text is exactly what export and copy produce.

use super::pane_block;
use crate::export::Markup;
use crate::tui::app::App;
use crate::tui::draft;
use crate::tui::msg::Pane;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Wrap};

pub fn render(app: &App, frame: &mut Frame, area: Rect) {
    let what = if app.public {
        "public post"
    } else {
        app.draft.shows.label()
    };
    let format = match app.draft.markup {
        Markup::Text => "text",
        Markup::Bbcode => "BBCode",
        Markup::Markdown => "Markdown",
    };
    let edited = app.draft.committed.is_none() && app.game.state().draft_edit.is_some();
    let mark = match (edited, &app.stale_edit) {
        (true, Some(_)) => " · edited · ⚠ results changed since: D compares",
        (true, None) => " · edited",
        _ => "",
    };
    let title = format!(
        "Draft · {} · {what} · {format}{mark}",
        draft::phase_label(app)
    );
    let block = pane_block(app, Pane::Draft, title);
    let text = draft::shown(app);
    frame.render_widget(
        Paragraph::new(text)
            .block(block)
            .wrap(Wrap { trim: false })
            .scroll((app.draft.scroll, 0)),
        area,
    );
}
