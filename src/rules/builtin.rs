//! The rolesets bundled into the binary, and loading a roleset by id or path.

use super::{Roleset, lint_roleset};
use crate::store::{FileError, parse_ron};
use std::path::{Path, PathBuf};

/// Rolesets compiled into the binary: `(id, file name, RON text)`.
const BUILTIN: &[(&str, &str, &str)] = &[
    (
        "mafia-1923",
        "rolesets/mafia-1923.ron",
        include_str!("../../rolesets/mafia-1923.ron"),
    ),
    (
        "ru-city",
        "rolesets/ru-city.ron",
        include_str!("../../rolesets/ru-city.ron"),
    ),
];

/// The ids of the bundled rolesets.
pub fn builtin_ids() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(id, _, _)| *id)
}

/// A bundled roleset by id, parsed and checked.
pub fn builtin(id: &str) -> Option<Result<Roleset, FileError>> {
    let (_, file, text) = BUILTIN.iter().find(|(bid, _, _)| *bid == id)?;
    Some(parse_checked(Path::new(file), text))
}

/// Load a roleset given as a bundled id or as a path to a RON file.
pub fn load_roleset(id_or_path: &str) -> Result<Roleset, FileError> {
    if let Some(found) = builtin(id_or_path) {
        return found;
    }
    let path = PathBuf::from(id_or_path);
    let text = std::fs::read_to_string(&path).map_err(|e| FileError {
        path: path.clone(),
        line: None,
        col: None,
        field: String::new(),
        message: format!(
            "{e} (not a file, and not a bundled roleset id: {})",
            builtin_ids().collect::<Vec<_>>().join(", ")
        ),
    })?;
    parse_checked(&path, &text)
}

/// Parse a roleset and run its consistency checks; the first problem is the error.
pub fn parse_checked(path: &Path, text: &str) -> Result<Roleset, FileError> {
    let roleset: Roleset = parse_ron(path, text)?;
    if let Some(problem) = lint_roleset(&roleset).into_iter().next() {
        return Err(FileError {
            path: path.to_path_buf(),
            line: None,
            col: None,
            field: problem.field,
            message: problem.message,
        });
    }
    Ok(roleset)
}

#[cfg(test)]
mod tests {
    use super::builtin;

    /// The console marks the hunting minority: the Mafia in 1923, the blacks in ru-city.
    #[test]
    fn hostile_sides_of_the_bundled_rolesets() {
        let m = builtin("mafia-1923").expect("bundled").expect("valid");
        assert!(m.is_hostile_role("mafia_member") && !m.is_hostile_role("doctor"));
        let r = builtin("ru-city").expect("bundled").expect("valid");
        assert!(r.is_hostile_role("mafia") && r.is_hostile_role("maniac"));
        assert!(!r.is_hostile_role("commissar") && !r.is_hostile_role("citizen"));
    }
}
