//! Temporary minimal store (replaced by the full module on the `store` branch).
use serde::{Serialize, de::DeserializeOwned};
use std::fmt;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone)]
pub struct FileError {
    pub path: PathBuf,
    pub line: Option<usize>,
    pub col: Option<usize>,
    pub field: String,
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let (Some(l), Some(c)) = (self.line, self.col) {
            write!(f, ":{l}:{c}")?;
        }
        if !self.field.is_empty() {
            write!(f, ": {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}
impl std::error::Error for FileError {}

pub fn parse_ron<T: DeserializeOwned>(path: &Path, text: &str) -> Result<T, FileError> {
    ron::from_str(text).map_err(|e| FileError {
        path: path.to_path_buf(),
        line: Some(e.span.start.line),
        col: Some(e.span.start.col),
        field: String::new(),
        message: e.code.to_string(),
    })
}

pub fn read_ron<T: DeserializeOwned>(path: &Path) -> Result<T, FileError> {
    let text = std::fs::read_to_string(path).map_err(|e| FileError {
        path: path.to_path_buf(),
        line: None,
        col: None,
        field: String::new(),
        message: e.to_string(),
    })?;
    parse_ron(path, &text)
}

pub fn to_ron<T: Serialize>(value: &T) -> Result<String, ron::Error> {
    ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default().struct_names(true))
}

pub fn write_atomic(path: &Path, bytes: &[u8], _keep: usize) -> std::io::Result<()> {
    std::fs::write(path, bytes)
}
