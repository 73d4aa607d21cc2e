//! The error overlay: every refusal and failure lands here, naming the rule or the file, and
//! Esc or Enter closes it; nothing is lost. It owns its text and its drawing.

use super::app::App;
use super::msg::{Answer, Msg};
use super::view::{centered, popup, popup_block};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorPopup {
    pub title: String,
    pub message: String,
    /// An answer to a question the host asked (a claim check), not an error: drawn calm.
    pub answer: bool,
}

impl ErrorPopup {
    /// Only closing answers: the error stays until the host has read it.
    pub fn update(msg: Msg) -> Answer {
        match msg {
            Msg::Close => Answer::Close,
            _ => Answer::Stay,
        }
    }

    pub fn draw(&self, app: &App, frame: &mut Frame, area: Rect) {
        let height = self.message.lines().count() as u16 + 6;
        let rect = centered(area, 72, height.max(7));
        let border = if self.answer {
            app.theme.accent()
        } else {
            app.theme.bad()
        };
        let block = popup_block(app, frame, rect, &self.title).border_style(border);
        let lines: Vec<Line> = self
            .message
            .lines()
            .map(|l| Line::raw(l.to_string()))
            .collect();
        popup::with_hints(app, lines, block, frame, rect);
    }
}
