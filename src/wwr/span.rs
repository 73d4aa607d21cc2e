//! Source positions and diagnostics.
//!
//! Every AST node carries a [`Span`]: 1-based line and column numbers, columns counted in
//! characters (not bytes), because the texts are full of multi-byte bullets and symbols and a
//! host reads columns in an editor.

use serde::Serialize;
use std::fmt;

/// A region of one source file: from `line:col` (inclusive) to `end_line:end_col` (exclusive).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Span {
    pub line: u32,
    pub col: u32,
    pub end_line: u32,
    pub end_col: u32,
}

impl Span {
    /// The span covering both `self` and `other` (which must not start before `self`).
    pub fn to(self, other: Span) -> Span {
        Span {
            end_line: other.end_line,
            end_col: other.end_col,
            ..self
        }
    }
}

/// How bad a diagnostic is: errors make a file fail, warnings do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Error,
    Warning,
}

/// One message about a place in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    pub message: String,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: clip_quoted(message.into()),
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            span,
            message: clip_quoted(message.into()),
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The `path:line:col: message` form every tool of the project prints; warnings say so.
    pub fn render(&self, path: &std::path::Path) -> String {
        let level = match self.severity {
            Severity::Error => "",
            Severity::Warning => "warning: ",
        };
        format!(
            "{}:{}:{}: {}{}",
            path.display(),
            self.span.line,
            self.span.col,
            level,
            self.message
        )
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.span.line, self.span.col, self.message)
    }
}

/// The most characters of a quoted piece of the text a message repeats.
const QUOTED: usize = 64;

/// A message quoting a huge piece of the text (an unknown word of a million characters) quotes
/// its start only: the position already says where it is.
fn clip_quoted(message: String) -> String {
    if message.chars().count() <= 4 * QUOTED {
        return message;
    }
    let mut out = String::with_capacity(4 * QUOTED);
    for (i, piece) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        let quoted = i % 2 == 1;
        if quoted && piece.chars().count() > QUOTED {
            out.extend(piece.chars().take(QUOTED));
            out.push('…');
        } else {
            out.push_str(piece);
        }
    }
    out
}

/// One line of source text, with what is needed to turn byte offsets into character columns.
#[derive(Clone, Copy, Debug)]
pub struct SrcLine<'a> {
    pub text: &'a str,
    pub number: u32,
    /// Where the line's all-ASCII tail begins (0 for an ASCII line): a column at or past it is
    /// the characters before it plus the bytes after. The role book's only non-ASCII
    /// characters are mostly a bullet at the line's start, so nearly every column is this sum.
    tail: usize,
    /// The characters that start before `tail`.
    tail_chars: usize,
    /// For a line with non-ASCII text far into it: how many characters start before each
    /// multiple of [`CHECKPOINT`] bytes, so a column costs a few bytes' scan however long the
    /// line ([`checkpoints`]); empty: scan from the line's start.
    marks: &'a [u32],
}

/// The distance in bytes between a line's character-count checkpoints.
const CHECKPOINT: usize = 64;

/// The byte offset just past the line's last non-ASCII character (0 for an ASCII line).
fn ascii_tail(text: &str) -> usize {
    match text.bytes().rposition(|b| !b.is_ascii()) {
        Some(last) => (last + 1..=text.len())
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(text.len()),
        None => 0,
    }
}

/// The character-count checkpoints of a line (empty when its non-ASCII text ends within two
/// checkpoints of its start, where a scan from the start is as short): entry `k` counts the
/// characters starting before byte `k * CHECKPOINT`.
pub fn checkpoints(text: &str) -> Vec<u32> {
    // (most lines are ASCII, or have their one bullet at the start)
    if text.len() <= 2 * CHECKPOINT || ascii_tail(text) <= 2 * CHECKPOINT {
        return Vec::new();
    }
    let mut marks = Vec::with_capacity(text.len() / CHECKPOINT + 2);
    let mut count = 0u32;
    for (i, _) in text.char_indices() {
        while marks.len() * CHECKPOINT <= i {
            marks.push(count);
        }
        count = count.saturating_add(1);
    }
    while marks.len() * CHECKPOINT <= text.len() {
        marks.push(count);
    }
    marks
}

impl<'a> SrcLine<'a> {
    pub fn new(text: &'a str, number: u32) -> Self {
        let tail = ascii_tail(text);
        SrcLine {
            text,
            number,
            tail,
            tail_chars: text[..tail].chars().count(),
            marks: &[],
        }
    }

    /// A line whose columns come from its [`checkpoints`], in constant time.
    pub fn indexed(text: &'a str, number: u32, marks: &'a [u32]) -> Self {
        SrcLine {
            marks,
            ..SrcLine::new(text, number)
        }
    }

    /// The 1-based character column of a byte offset (offsets inside a character round down).
    pub fn col(&self, byte: usize) -> u32 {
        let byte = byte.min(self.text.len());
        let chars = if byte >= self.tail {
            self.tail_chars + (byte - self.tail)
        } else {
            let k = byte / CHECKPOINT;
            let (base, mut from) = match self.marks.get(k) {
                Some(&base) => (base as usize, k * CHECKPOINT),
                None => (0, 0),
            };
            while from < byte && !self.text.is_char_boundary(from) {
                from += 1;
            }
            // the characters that start before `byte` (an offset inside one counts it), by
            // the standard library's fast count of a whole slice
            let mut end = byte;
            while end < self.text.len() && !self.text.is_char_boundary(end) {
                end += 1;
            }
            base + self
                .text
                .get(from..end.max(from))
                .map_or(0, |s| s.chars().count())
        };
        u32::try_from(chars).unwrap_or(u32::MAX - 1) + 1
    }

    pub fn span(&self, start: usize, end: usize) -> Span {
        Span {
            line: self.number,
            col: self.col(start),
            end_line: self.number,
            end_col: self.col(end.max(start)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The column the slow way: the characters starting before the byte.
    fn naive(text: &str, byte: usize) -> u32 {
        text.char_indices().take_while(|(i, _)| *i < byte).count() as u32 + 1
    }

    proptest! {
        /// Columns from the checkpoints are the columns of a scan from the line's start, for
        /// every byte offset, inside characters too.
        #[test]
        fn checkpoint_columns_match_a_scan(text in "[a-zé•ё\u{1F600} ]{0,300}") {
            let marks = checkpoints(&text);
            let line = SrcLine::indexed(&text, 1, &marks);
            let plain = SrcLine::new(&text, 1);
            for byte in 0..=text.len() + 2 {
                prop_assert_eq!(line.col(byte), naive(&text, byte.min(text.len())));
                prop_assert_eq!(plain.col(byte), naive(&text, byte.min(text.len())));
            }
        }
    }
}
