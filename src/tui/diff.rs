//! The draft diff: when entries change the resolution after the host edited the post, the
//! edit would keep stale results. This overlay shows what the generated post said when it was
//! edited and what it says now, line by line, beside the host's edit, and lets the host take
//! the new text, edit again, or keep the edit as it is. It owns its state, its answer to each
//! message and its drawing; its keys are in the keymap table (`Mode::DraftDiff`).

use super::app::App;
use super::draft::StaleEdit;
use super::msg::{Answer, Msg};
use super::view::{popup, styled};
use crate::engine::Entry;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use similar::{ChangeTag, TextDiff};

#[derive(Clone, Debug)]
pub struct DraftDiff {
    pub stale: StaleEdit,
    /// The host's edit as it stands.
    pub edit: String,
    pub scroll: u16,
}

impl DraftDiff {
    pub fn new(stale: StaleEdit, edit: String) -> DraftDiff {
        DraftDiff {
            stale,
            edit,
            scroll: 0,
        }
    }

    /// `n` drops the edit (an empty edit: the post is generated again, with the new results),
    /// `e` opens the editor on it, `y` keeps it as it is (it then counts as current).
    pub fn update(&mut self, msg: Msg) -> Answer {
        match msg {
            Msg::Close => return Answer::Close,
            Msg::TakeNew => return Answer::Submit(Entry::EditPost(String::new())),
            Msg::EditDraft => return Answer::EditPost,
            Msg::KeepEdit => return Answer::Submit(Entry::EditPost(self.edit.clone())),
            other => {
                popup::scroll(&mut self.scroll, &other);
            }
        }
        Answer::Stay
    }

    /// The changed lines of the generated post (− then, + now), then the edit.
    fn lines<'a>(&self, app: &App) -> Vec<Line<'a>> {
        let mut lines = vec![
            Line::styled(
                "The results changed after you edited the post. The generated post:",
                app.theme.title(true),
            ),
            Line::raw(""),
        ];
        let diff = TextDiff::from_lines(&self.stale.then, &self.stale.now);
        // The changed lines with one line of context each side; `…` between groups.
        for (i, group) in diff.grouped_ops(1).iter().enumerate() {
            if i > 0 {
                lines.push(Line::styled("  …", app.theme.dim()));
            }
            for change in group.iter().flat_map(|op| diff.iter_changes(op)) {
                let text = change.value().trim_end().to_string();
                lines.push(match change.tag() {
                    ChangeTag::Delete => Line::styled(format!("− {text}"), app.theme.bad()),
                    ChangeTag::Insert => Line::styled(format!("+ {text}"), app.theme.good()),
                    ChangeTag::Equal => Line::styled(format!("  {text}"), app.theme.dim()),
                });
            }
        }
        lines.push(Line::raw(""));
        lines.push(Line::from(styled("Your edit:", app.theme.header())));
        lines.extend(self.edit.lines().map(|l| Line::raw(format!("  {l}"))));
        lines
    }
}

/// The overlay: the diff and the edit, scrolled, above the key hints.
pub fn draw(app: &App, diff: &DraftDiff, frame: &mut Frame, area: Rect) {
    let lines = diff.lines(app);
    let title = "Draft diff: the edited post is out of date";
    popup::scrolled_with_hints(app, lines, title, diff.scroll, frame, area);
}
