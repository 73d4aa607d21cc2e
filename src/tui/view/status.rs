//! The status bar: game, roleset, phase, saved or not, the view, the last notice; and under it
//! the key hints of the focused pane or overlay, straight from the keymap table.

use super::{hint_line, styled};
use crate::tui::app::{App, SaveState};
use crate::tui::keymap;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

pub fn render(app: &App, frame: &mut Frame, area: Rect) {
    let save = match &app.save_state {
        // Nothing this console enters reaches the save while another console holds it.
        _ if app.read_only.is_some() || app.game.replay_differs().is_some() => {
            "◌ read-only".to_string()
        }
        SaveState::Saved => "● saved".to_string(),
        SaveState::Journaled => "◐ in the journal".to_string(),
        SaveState::Unsaved => "○ unsaved".to_string(),
        SaveState::Failed(_) => "✗ SAVE FAILED".to_string(),
    };
    let phase = match &app.game.state().game_over {
        Some(over) => format!(
            "{} · {} won",
            app.game.phase_label(),
            over.winners.join(", ")
        ),
        None => app.game.phase_label(),
    };
    // The open phase's deadline, counting down (the console redraws at least once a minute
    // while one is set).
    let state = app.game.state();
    let phase = match (state.deadlines.get(&state.phase), app.clock.now()) {
        (Some(d), Some(now)) if state.game_over.is_none() => {
            let now = i64::try_from(now).unwrap_or(i64::MAX);
            format!("{phase} · deadline {} ({})", d.shown(), d.left(now))
        }
        _ => phase,
    };
    // The save's state is the host's business, not the shared screen's.
    let save = if app.public {
        String::new()
    } else {
        format!(" · {save}")
    };
    let mut spans = vec![Span::raw(format!(
        " {} · {} · {phase}{save} ",
        app.game_name(),
        app.game.roleset().name,
    ))];
    if app.game.state().game_over.is_some() {
        spans.push(styled(" GAME OVER ", app.theme.public_banner()));
    }
    if app.public {
        spans.push(styled(" PUBLIC VIEW ", app.theme.public_banner()));
    }
    // A notice speaks of the host's last entry ("entry #54 accepted; re-resolved: …"): never
    // on a shared screen.
    if let Some(n) = app.notice.as_ref().filter(|_| !app.public) {
        spans.push(Span::raw(format!(" {n}")));
    }
    let top = Rect { height: 1, ..area };
    frame.render_widget(
        Paragraph::new(Line::from(spans)).style(app.theme.status_bar()),
        top,
    );
    if area.height > 1 {
        let bottom = Rect {
            y: area.y + 1,
            height: 1,
            ..area
        };
        let hints = keymap::hints(app);
        frame.render_widget(Paragraph::new(hint_line(app, &hints, area.width)), bottom);
    }
}
