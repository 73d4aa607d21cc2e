//! [`FileError`]: what went wrong in a file the user gave us, in the one format every tool prints.

use std::fmt;
use std::path::{Path, PathBuf};

/// An error in a file the user gave us.
///
/// Printed as `path:line:col: field.path: message`, the shape compilers use, so editors and
/// terminals can jump to the spot. Parts that are unknown are left out: no field path gives
/// `path:line:col: message`, no position gives `path: message`. Lines and columns are 1-based and
/// columns count characters, not bytes, because that is what a host sees in an editor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// The file as the user named it (not canonicalised, so the message matches what they typed).
    pub path: PathBuf,
    /// 1-based line, if the error has a position.
    pub line: Option<usize>,
    /// 1-based column in characters, if the error has a position.
    pub col: Option<usize>,
    /// Where in the document's structure, e.g. `roles[3].abilities`; empty at the top level.
    pub field: String,
    /// What is wrong, in words.
    pub message: String,
}

impl FileError {
    /// An error about the whole file (for example, it could not be read).
    pub fn whole_file(path: &Path, message: impl Into<String>) -> Self {
        FileError {
            path: path.to_path_buf(),
            line: None,
            col: None,
            field: String::new(),
            message: message.into(),
        }
    }

    /// An error at a known position.
    pub fn at(path: &Path, line: usize, col: usize, message: impl Into<String>) -> Self {
        FileError {
            path: path.to_path_buf(),
            line: Some(line),
            col: Some(col),
            field: String::new(),
            message: message.into(),
        }
    }

    /// An error about a field of the document `text`, placed at the field's line and column
    /// (`roles[3].abilities`; the deepest place found when the text lacks it).
    pub fn at_field(
        path: &Path,
        text: &str,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        let field = field.into();
        let (line, col) = super::locate(text, &field).unzip();
        FileError {
            path: path.to_path_buf(),
            line,
            col,
            field,
            message: message.into(),
        }
    }

    /// The same error with a field path attached.
    #[must_use]
    pub fn with_field(mut self, field: impl Into<String>) -> Self {
        self.field = field.into();
        self
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.col {
                write!(f, ":{col}")?;
            }
        }
        if !self.field.is_empty() {
            write!(f, ": {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for FileError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_leaves_out_unknown_parts() {
        let p = Path::new("saves/g.ron");
        assert_eq!(
            FileError::at(p, 4, 9, "Expected integer").to_string(),
            "saves/g.ron:4:9: Expected integer"
        );
        assert_eq!(
            FileError::at(p, 6, 29, "bad")
                .with_field("roles[1].faction")
                .to_string(),
            "saves/g.ron:6:29: roles[1].faction: bad"
        );
        assert_eq!(
            FileError::whole_file(p, "No such file").to_string(),
            "saves/g.ron: No such file"
        );
        let line_only = FileError {
            col: None,
            ..FileError::at(p, 3, 1, "x")
        };
        assert_eq!(line_only.to_string(), "saves/g.ron:3: x");
    }
}
