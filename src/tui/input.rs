//! A one-line text field: the form fields and the `:` command line, on `ratatui-textarea` as
//! the multi-line texts (the draft, a pasted batch, the names of a new game) are.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui_textarea::{CursorMove, TextArea};

/// One line of `ratatui-textarea`: the editing keys (words, Ctrl-W, Ctrl-K, undo, selection)
/// are the crate's; this wrapper only keeps the text to one line and offers the few calls the
/// forms make.
#[derive(Clone, Debug, Default)]
pub struct LineInput {
    area: TextArea<'static>,
}

impl PartialEq for LineInput {
    fn eq(&self, other: &Self) -> bool {
        self.text() == other.text() && self.cursor() == other.cursor()
    }
}

impl LineInput {
    pub fn with_text(text: &str) -> LineInput {
        let mut input = LineInput::default();
        input.set(text);
        input
    }

    pub fn text(&self) -> &str {
        self.area.lines().first().map_or("", String::as_str)
    }

    /// Cursor position in characters (not bytes), `0..=len`.
    pub fn cursor(&self) -> usize {
        self.area.cursor().1
    }

    /// Whether the whole text is selected: the next character typed replaces it.
    pub fn is_selected(&self) -> bool {
        self.area.is_selecting()
    }

    /// Replace the text and put the cursor at its end.
    pub fn set(&mut self, text: &str) {
        self.area = TextArea::new(vec![one_line(text)]);
        self.area.move_cursor(CursorMove::End);
    }

    pub fn clear(&mut self) {
        self.set("");
    }

    /// Select the whole text, so that typing starts afresh while the arrows still edit it (a
    /// line the console refused).
    pub fn select_all(&mut self) {
        self.area.select_all();
    }

    /// Insert text at the cursor (a paste); line breaks become spaces.
    pub fn insert_str(&mut self, s: &str) {
        self.area.insert_str(one_line(s));
    }

    /// A key typed into the field or a paste (other messages are not the field's); whether
    /// the text or the cursor changed.
    pub fn take(&mut self, msg: super::msg::Msg) -> bool {
        match msg {
            super::msg::Msg::Input(key) => self.handle(key),
            super::msg::Msg::Paste(text) => {
                self.insert_str(&text);
                true
            }
            _ => false,
        }
    }

    /// Apply an editing key; returns whether it was one. Keys that would add or move between
    /// lines are not (the forms bind them), and Ctrl-U clears to the start as in a shell.
    pub fn handle(&mut self, key: KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Enter
            | KeyCode::Tab
            | KeyCode::BackTab
            | KeyCode::Up
            | KeyCode::Down
            | KeyCode::PageUp
            | KeyCode::PageDown => false,
            KeyCode::Char('m' | 'n' | 'p' | 'v') if ctrl => false,
            KeyCode::Char('u') if ctrl => {
                self.area.delete_line_by_head();
                true
            }
            _ => {
                let before = (self.text().to_string(), self.cursor());
                self.area.input(key);
                (self.text().to_string(), self.cursor()) != before
            }
        }
    }
}

/// Pasted text arrives with `\r\n` or `\r` line ends (terminals turn LF into CR inside bracketed
/// paste): make them `\n`.
pub fn normalize_newlines(s: &str) -> String {
    s.replace("\r\n", "\n").replace('\r', "\n")
}

fn one_line(s: &str) -> String {
    normalize_newlines(s)
        .replace('\n', " ")
        .chars()
        .filter(|c| !c.is_control())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn edits_with_multibyte_text() {
        let mut input = LineInput::with_text("Zoë");
        input.handle(key(KeyCode::Left));
        input.handle(key(KeyCode::Backspace));
        assert_eq!(input.text(), "Zë");
        input.handle(key(KeyCode::Char('ö')));
        assert_eq!(input.text(), "Zöë");
        input.handle(key(KeyCode::End));
        input.handle(key(KeyCode::Delete));
        input.handle(key(KeyCode::Right));
        assert_eq!(input.cursor(), 3);
    }

    #[test]
    fn paste_is_one_line() {
        let mut input = LineInput::default();
        input.insert_str("heal\r\nBob\rnow\t!");
        assert_eq!(input.text(), "heal Bob now!");
    }

    #[test]
    fn newlines_are_normalised() {
        assert_eq!(normalize_newlines("a\r\nb\rc\nd"), "a\nb\nc\nd");
    }

    #[test]
    fn typing_over_a_selected_line_starts_afresh() {
        let mut input = LineInput::with_text("act Ann nope");
        input.select_all();
        assert!(input.is_selected());
        input.handle(key(KeyCode::Char('v')));
        assert_eq!(input.text(), "v");
        let mut input = LineInput::with_text("act Ann nope");
        input.select_all();
        input.handle(key(KeyCode::End));
        input.handle(key(KeyCode::Backspace));
        assert_eq!(
            input.text(),
            "act Ann nop",
            "an arrow keeps the text to edit"
        );
    }

    #[test]
    fn keys_that_make_lines_are_not_editing_keys() {
        let mut input = LineInput::with_text("vote");
        assert!(!input.handle(key(KeyCode::Enter)));
        assert!(!input.handle(KeyEvent::new(KeyCode::Char('m'), KeyModifiers::CONTROL)));
        assert_eq!(input.text(), "vote");
        input.handle(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
        assert_eq!(input.text(), "");
    }

    #[test]
    fn ctrl_w_deletes_a_word() {
        let mut input = LineInput::with_text("act Ann doc");
        input.handle(KeyEvent::new(KeyCode::Char('w'), KeyModifiers::CONTROL));
        assert_eq!(input.text(), "act Ann ");
    }
}
