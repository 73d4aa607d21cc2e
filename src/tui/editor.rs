//! The post editor: the host rewrites the public post of the current phase (kept in the save as
//! an entry, so undo brings the generated post back). It owns the text, its answer to each
//! message and its drawing; `Ctrl-D` keeps the text, `Esc` drops it.

use super::app::App;
use super::keymap;
use super::msg::{Answer, Msg};
use super::view::{centered, hint_line, popup_block};
use crate::engine::Entry;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::Paragraph;
use ratatui_textarea::{TextArea, WrapMode};

#[derive(Clone, Debug)]
pub struct PostEditor {
    pub text: TextArea<'static>,
    /// The post as it was when the editor opened: keeping it unchanged enters nothing.
    original: String,
}

impl PostEditor {
    pub fn new(post: &str) -> PostEditor {
        let mut text = TextArea::new(post.lines().map(str::to_string).collect());
        text.set_wrap_mode(WrapMode::Word);
        PostEditor {
            text,
            original: post.to_string(),
        }
    }

    pub fn update(&mut self, msg: Msg) -> Answer {
        match msg {
            Msg::Close => return Answer::Close,
            Msg::Finish => {
                let text = self.text.lines().join("\n");
                if text.trim() == self.original.trim() {
                    return Answer::CloseSaying("the post is unchanged".into());
                }
                return Answer::Submit(Entry::EditPost(text));
            }
            Msg::Input(key) => {
                self.text.input(key);
            }
            Msg::Paste(text) => {
                self.text.insert_str(text);
            }
            _ => {}
        }
        Answer::Stay
    }

    pub fn draw(&self, app: &App, frame: &mut Frame, area: Rect) {
        let rect = centered(area, 100, area.height.saturating_sub(2));
        let title = format!(
            "Edit the public post of {} — kept in the save",
            app.game.phase_label()
        );
        let block = popup_block(app, frame, rect, &title);
        let inner = block.inner(rect);
        frame.render_widget(block, rect);
        let [text, hints] =
            Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
        frame.render_widget(&self.text, text);
        frame.render_widget(
            Paragraph::new(hint_line(app, &keymap::hints(app), hints.width)),
            hints,
        );
    }
}
