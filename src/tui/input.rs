//! A one-line text field: the form fields and the `:` command line. Multi-line text (the draft,
//! a pasted PM, the names of a new game) uses `ratatui-textarea` instead.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineInput {
    text: String,
    /// Cursor position in characters (not bytes), `0..=len`.
    cursor: usize,
}

impl LineInput {
    pub fn with_text(text: &str) -> LineInput {
        let mut input = LineInput::default();
        input.set(text);
        input
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Replace the text and put the cursor at its end.
    pub fn set(&mut self, text: &str) {
        self.text = one_line(text);
        self.cursor = self.text.chars().count();
    }

    pub fn clear(&mut self) {
        self.set("");
    }

    /// Insert text at the cursor (a paste); line breaks become spaces.
    pub fn insert_str(&mut self, s: &str) {
        for c in one_line(s).chars() {
            self.insert(c);
        }
    }

    fn insert(&mut self, c: char) {
        let at = self.byte_at(self.cursor);
        self.text.insert(at, c);
        self.cursor += 1;
    }

    fn byte_at(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map(|(i, _)| i)
            .unwrap_or(self.text.len())
    }

    fn len(&self) -> usize {
        self.text.chars().count()
    }

    /// Apply an editing key; returns whether the key was an editing key.
    pub fn handle(&mut self, key: KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('u') if ctrl => {
                let at = self.byte_at(self.cursor);
                self.text.replace_range(..at, "");
                self.cursor = 0;
            }
            KeyCode::Char('w') if ctrl => self.delete_word(),
            KeyCode::Char('a') if ctrl => self.cursor = 0,
            KeyCode::Char('e') if ctrl => self.cursor = self.len(),
            KeyCode::Char(_) if ctrl || key.modifiers.contains(KeyModifiers::ALT) => return false,
            KeyCode::Char(c) => self.insert(c),
            KeyCode::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                let at = self.byte_at(self.cursor);
                self.text.remove(at);
            }
            KeyCode::Delete if self.cursor < self.len() => {
                let at = self.byte_at(self.cursor);
                self.text.remove(at);
            }
            KeyCode::Left => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right => self.cursor = (self.cursor + 1).min(self.len()),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = self.len(),
            KeyCode::Backspace | KeyCode::Delete => {}
            _ => return false,
        }
        true
    }

    fn delete_word(&mut self) {
        let chars: Vec<char> = self.text.chars().collect();
        let mut start = self.cursor.min(chars.len());
        while start > 0 && chars[start - 1].is_whitespace() {
            start -= 1;
        }
        while start > 0 && !chars[start - 1].is_whitespace() {
            start -= 1;
        }
        let (from, to) = (self.byte_at(start), self.byte_at(self.cursor));
        self.text.replace_range(from..to, "");
        self.cursor = start;
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
    fn ctrl_w_deletes_a_word() {
        let mut input = LineInput::with_text("act Ann doc");
        input.handle(KeyEvent::new(KeyCode::Char('w'), KeyModifiers::CONTROL));
        assert_eq!(input.text(), "act Ann ");
    }
}
