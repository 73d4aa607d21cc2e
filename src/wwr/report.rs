//! Listing, reading and checking `.wwr` files: the file side of the language, used by folder
//! loading ([`super::resolve`]), `mafia-mod check`, the WWR commands (`crate::commands::wwr`)
//! and the executor's setup.

use super::element::{Parsed, parse_element};
use super::span::Diagnostic;
use std::path::{Path, PathBuf};

/// Every `*.wwr` file under `dir`, recursively, in a stable (sorted) order.
pub fn wwr_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        for entry in std::fs::read_dir(&current)? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "wwr") {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Reads and parses one file; an unreadable file is reported as an error at 1:1.
pub fn parse_file(path: &Path) -> Parsed {
    match std::fs::read(path) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => parse_element(&text),
            Err(e) => Parsed {
                element: None,
                diagnostics: vec![Diagnostic::error(
                    start_span(),
                    format!(
                        "not UTF-8 text (invalid byte at offset {})",
                        e.utf8_error().valid_up_to()
                    ),
                )],
            },
        },
        Err(e) => Parsed {
            element: None,
            diagnostics: vec![Diagnostic::error(
                start_span(),
                format!("cannot read the file: {e}"),
            )],
        },
    }
}

fn start_span() -> super::span::Span {
    super::span::Span {
        line: 1,
        col: 1,
        end_line: 1,
        end_col: 1,
    }
}

/// `mafia-mod check` on a .wwr file: Ok(()) or the list of `path:line:col: message` errors.
pub fn check_file(path: &Path) -> Result<(), Vec<String>> {
    let parsed = parse_file(path);
    let errors: Vec<String> = parsed
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.render(path))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
