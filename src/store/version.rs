//! Version probing and versioned loading.

use std::cell::Cell;
use std::fmt;
use std::path::Path;

use serde::de::{self, DeserializeOwned, IgnoredAny, MapAccess, Visitor};

use super::error::FileError;
use super::ron_io::{byte_offset, end_position, options, parse_ron};

/// A function that reads an older document and returns the current type.
///
/// It receives the file's path (for error messages) and its whole text. Typically it parses a
/// frozen copy of the old type, renamed to the current struct name because RON checks struct
/// names (`#[serde(rename = "Game")] struct GameV1 { .. }`), and runs the migration chain from
/// that version up to the current one.
pub type Migration<T> = fn(&Path, &str) -> Result<T, FileError>;

/// What the probe found at the top level of a document.
#[derive(Debug)]
enum Probe {
    /// `version: N`, with the 1-based position just after the number.
    Found {
        version: u32,
        line: usize,
        col: usize,
    },
    /// The document has no top-level `version` field (or is not a struct or map at all).
    Missing,
    /// The document is not RON up to the version field, or the version is not a `u32`.
    Invalid(ron::error::SpannedError),
}

/// Read only the top-level `version: N` field of a RON document, whatever its struct name.
///
/// A typed probe struct would not do: RON checks struct names, so `Probe` fails on `Game(`.
/// Instead the top level is read as "any struct or map" and its fields are skipped until
/// `version`; parsing stops right there, so a mistake later in the file does not hide the
/// version from the loader, which then reports that mistake with its field path. Fields before
/// `version` must still be well-formed RON. Comments, `#![enable(..)]` attributes, an unnamed
/// top level `( .. )` and a RON map `{ "version": 2 }` all work.
pub fn probe_version(text: &str) -> Option<u32> {
    match probe(text) {
        Probe::Found { version, .. } => Some(version),
        Probe::Missing | Probe::Invalid(_) => None,
    }
}

/// The message used to stop parsing once the version is known; never shown to users.
const STOP: &str = "mafia-mod store: version probe finished";

fn probe(text: &str) -> Probe {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let found = Cell::new(None);
    let in_version = Cell::new(false);
    let mut de = match ron::Deserializer::from_str_with_options(text, &options()) {
        Ok(de) => de,
        Err(e) => return Probe::Invalid(e),
    };
    let result = de::Deserializer::deserialize_any(
        &mut de,
        TopLevel {
            found: &found,
            in_version: &in_version,
        },
    );
    if let Some(version) = found.get() {
        // The parser stands just after the number and its comma; step back onto the number.
        let after = de.span_error(ron::Error::Eof).span.start;
        let (line, col) = start_of_token_before(text, after.line, after.col);
        return Probe::Found { version, line, col };
    }
    match result {
        Err(e) if in_version.get() => Probe::Invalid(de.span_error(e)),
        Err(e) if is_syntax_error(&e) => Probe::Invalid(de.span_error(e)),
        _ => Probe::Missing,
    }
}

/// The position of the first character of the token that ends before (`line`, `col`), skipping
/// whitespace and a comma; falls back to the given position if it is not in `text`.
fn start_of_token_before(text: &str, line: usize, col: usize) -> (usize, usize) {
    let Some(end) = byte_offset(text, line, col) else {
        return (line, col);
    };
    let before = text.get(..end).unwrap_or("");
    let trimmed = before.trim_end_matches(|c: char| c.is_whitespace() || c == ',');
    let token = trimmed
        .rsplit(|c: char| !(c.is_alphanumeric() || c == '_' || c == '+' || c == '-'))
        .next()
        .unwrap_or("");
    end_position(trimmed.get(..trimmed.len() - token.len()).unwrap_or(""))
}

/// Whether an error means "this is not valid RON" rather than "the top level has another
/// shape" (a list, a number), which the probe reports as a missing version.
fn is_syntax_error(e: &ron::Error) -> bool {
    !matches!(
        e,
        ron::Error::Message(_) | ron::Error::InvalidValueForType { .. }
    )
}

struct TopLevel<'a> {
    found: &'a Cell<Option<u32>>,
    in_version: &'a Cell<bool>,
}

impl<'de> Visitor<'de> for TopLevel<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a struct with a `version` field")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if key == "version" {
                self.in_version.set(true);
                let version: u32 = map.next_value()?;
                self.found.set(Some(version));
                // Stop here: the rest of the document is the typed parser's business.
                return Err(de::Error::custom(STOP));
            }
            map.next_value::<IgnoredAny>()?;
        }
        Ok(())
    }
}

/// Load a versioned document: probe its version, then parse it as the current type or hand it
/// to the migration registered for its version.
///
/// * `version == current`: parsed straight into `T` with [`parse_ron`].
/// * `version > current`: an error pointing at the version, because guessing at a newer format
///   could silently drop the host's data.
/// * `version < current`: the entry of `migrations` for exactly that version is called. Each
///   entry must take the document all the way to `T` (chain the steps inside). A version with no
///   entry is an error that lists the versions this build can read.
/// * no top-level `version`: an error at line 1.
///
/// ```
/// use std::path::Path;
/// use mafia_mod::store::{FileError, Migration, load_versioned, parse_ron};
///
/// #[derive(serde::Deserialize)]
/// struct Game { version: u32, host: String }
///
/// // The frozen shape of version 1, named like the current struct because RON checks names.
/// #[derive(serde::Deserialize)]
/// #[serde(rename = "Game")]
/// struct GameV1 { version: u32, moderator: String }
///
/// fn from_v1(path: &Path, text: &str) -> Result<Game, FileError> {
///     let old: GameV1 = parse_ron(path, text)?;
///     Ok(Game { version: 2, host: old.moderator })
/// }
///
/// const MIGRATIONS: &[(u32, Migration<Game>)] = &[(1, from_v1)];
/// let path = Path::new("old.ron");
/// let game = load_versioned(path, r#"Game(version: 1, moderator: "Ann")"#, 2, MIGRATIONS)?;
/// assert_eq!((game.version, game.host.as_str()), (2, "Ann"));
/// let err = load_versioned::<Game>(path, "Game(version: 9)", 2, MIGRATIONS).err();
/// assert!(err.is_some_and(|e| e.message.contains("newer")));
/// # Ok::<(), FileError>(())
/// ```
pub fn load_versioned<T: DeserializeOwned>(
    path: &Path,
    text: &str,
    current: u32,
    migrations: &[(u32, Migration<T>)],
) -> Result<T, FileError> {
    match probe(text) {
        Probe::Found { version, .. } if version == current => parse_ron(path, text),
        Probe::Found { version, line, col } if version > current => Err(FileError::at(
            path,
            line,
            col,
            format!("save version {version} is newer than this mafia-mod understands ({current})"),
        )
        .with_field("version")),
        Probe::Found { version, line, col } => {
            match migrations.iter().find(|(from, _)| *from == version) {
                Some((_, migrate)) => migrate(path, text),
                None => {
                    let mut known: Vec<u32> = migrations.iter().map(|(v, _)| *v).collect();
                    known.push(current);
                    known.sort_unstable();
                    known.dedup();
                    let known: Vec<String> = known.iter().map(u32::to_string).collect();
                    Err(FileError::at(
                        path,
                        line,
                        col,
                        format!(
                            "save version {version} is too old for this mafia-mod, which reads \
                             versions {}",
                            known.join(", ")
                        ),
                    )
                    .with_field("version"))
                }
            }
        }
        Probe::Missing => Err(FileError::at(
            path,
            1,
            1,
            format!(
                "no top-level `version` field; expected `version: {current}` as the first field"
            ),
        )),
        Probe::Invalid(spanned) => {
            // Prefer the typed parser's message: it knows the field path and struct names.
            match parse_ron::<T>(path, text) {
                Err(e) => Err(e),
                Ok(_) => Err(FileError::at(
                    path,
                    spanned.span.start.line,
                    spanned.span.start.col,
                    format!("cannot read the version: {}", spanned.code),
                )
                .with_field("version")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probe_reports_where_the_version_is() {
        match probe("Game(\n    version: 12,\n)") {
            Probe::Found { version, line, col } => assert_eq!((version, line, col), (12, 2, 14)),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn probe_distinguishes_missing_from_broken() {
        assert!(matches!(probe("Game(name: \"x\")"), Probe::Missing));
        assert!(matches!(probe("[1, 2]"), Probe::Missing));
        assert!(matches!(probe("Game(name: \"x)"), Probe::Invalid(_)));
        assert!(matches!(probe("Game(version: \"2\")"), Probe::Invalid(_)));
    }
}
