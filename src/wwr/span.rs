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
            message: message.into(),
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            span,
            message: message.into(),
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

/// One line of source text, with what is needed to turn byte offsets into character columns.
#[derive(Clone, Copy, Debug)]
pub struct SrcLine<'a> {
    pub text: &'a str,
    pub number: u32,
    ascii: bool,
}

impl<'a> SrcLine<'a> {
    pub fn new(text: &'a str, number: u32) -> Self {
        SrcLine {
            text,
            number,
            ascii: text.is_ascii(),
        }
    }

    /// The 1-based character column of a byte offset (offsets inside a character round down).
    pub fn col(&self, byte: usize) -> u32 {
        let byte = byte.min(self.text.len());
        let chars = if self.ascii {
            byte
        } else {
            self.text
                .char_indices()
                .take_while(|(i, _)| *i < byte)
                .count()
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
