//! Reading and writing RON with errors a host can act on.

use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::FileError;

/// Parser options shared by every reader here.
///
/// The defaults keep RON's recursion limit, which is what stops a hostile or corrupted file made
/// of thousands of nested brackets from overflowing the stack.
pub(crate) fn options() -> ron::Options {
    ron::Options::default()
}

/// Parse RON text into `T`.
///
/// The error names the field path (`roles[3].abilities`) as well as the line and column, because
/// in a long roleset "line 212" alone does not say which role is broken. The path comes from
/// `serde_path_to_error`; the position from the RON parser's cursor at the moment of failure.
/// Unknown fields (`#[serde(deny_unknown_fields)]`) fail inside the struct's field loop, so their
/// path is the struct holding them and the position is the misspelt key.
///
/// A leading byte-order mark is ignored: some Windows editors add one and it is invisible.
pub fn parse_ron<T: DeserializeOwned>(path: &Path, text: &str) -> Result<T, FileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        // RON would say "Expected opening `(`", which hides the real problem.
        return Err(FileError::at(path, 1, 1, "the file is empty"));
    }
    // The plain reading first: a good file (every save at every start) pays nothing for the
    // field path, which only a bad one needs, and gets from a second, tracked reading below.
    if let Ok(mut de) = ron::Deserializer::from_str_with_options(text, &options())
        && let Ok(value) = T::deserialize(&mut de)
        && de.end().is_ok()
    {
        return Ok(value);
    }
    let mut de = match ron::Deserializer::from_str_with_options(text, &options()) {
        Ok(de) => de,
        Err(e) => return Err(from_spanned(path, text, &e, String::new())),
    };
    let value = match serde_path_to_error::deserialize::<_, T>(&mut de) {
        Ok(value) => value,
        Err(e) => {
            let field = field_path(e.path());
            let spanned = de.span_error(e.into_inner());
            return Err(from_spanned(path, text, &spanned, field));
        }
    };
    if let Err(e) = de.end() {
        let spanned = de.span_error(e);
        return Err(from_spanned(path, text, &spanned, String::new()));
    }
    Ok(value)
}

/// Read a file and parse it with [`parse_ron`].
///
/// Every failure is a [`FileError`], including IO errors and bytes that are not UTF-8 (reported at
/// the first bad byte), so a caller has a single kind of error to show.
pub fn read_ron<T: DeserializeOwned>(path: &Path) -> Result<T, FileError> {
    let text = read_text(path)?;
    parse_ron(path, &text)
}

/// Read a file as UTF-8 text, with every failure as a [`FileError`].
pub fn read_text(path: &Path) -> Result<String, FileError> {
    let bytes = std::fs::read(path).map_err(|e| FileError::whole_file(path, e.to_string()))?;
    text_from_bytes(path, bytes)
}

/// Turn bytes into text, pointing at the first byte that is not UTF-8.
pub(crate) fn text_from_bytes(path: &Path, bytes: Vec<u8>) -> Result<String, FileError> {
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let raw = e.as_bytes();
        let prefix = raw
            .get(..good)
            .and_then(|b| std::str::from_utf8(b).ok())
            .unwrap_or("");
        let (line, col) = end_position(prefix);
        let byte = raw
            .get(good)
            .map_or_else(String::new, |b| format!(" (byte 0x{b:02X})"));
        FileError::at(
            path,
            line,
            col,
            format!("the file is not valid UTF-8 text{byte}; save it as UTF-8"),
        )
    })
}

/// The 1-based line and column just after `prefix`, counting characters.
pub(crate) fn end_position(prefix: &str) -> (usize, usize) {
    let line = 1 + prefix.matches('\n').count();
    let last_line = prefix.rsplit('\n').next().unwrap_or("");
    (line, 1 + last_line.chars().count())
}

/// Render a `serde_path_to_error` path without its `.` for "the top level".
///
/// Trailing unknown segments (`?`, where the parser failed before it could read a key) are
/// dropped: `roles[1]` says more to a host than `roles[1].?`.
fn field_path(path: &serde_path_to_error::Path) -> String {
    let segments: Vec<&serde_path_to_error::Segment> = path.iter().collect();
    let known = segments
        .iter()
        .rposition(|s| !matches!(s, serde_path_to_error::Segment::Unknown))
        .map_or(0, |i| i + 1);
    let mut out = String::new();
    for segment in segments.into_iter().take(known) {
        match segment {
            serde_path_to_error::Segment::Seq { index } => {
                out.push_str(&format!("[{index}]"));
            }
            other => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(&other.to_string());
            }
        }
    }
    out
}

/// Convert RON's spanned error into ours.
///
/// RON's span starts where the parser stood before the failing token, which is often the space
/// in front of it (`day: two` is reported at the space after the colon). We move the start past
/// whitespace, staying inside the span, so the column lands on the token itself.
fn from_spanned(path: &Path, text: &str, e: &ron::error::SpannedError, field: String) -> FileError {
    let start = e.span.start;
    let end = e.span.end;
    let (mut line, mut col) = (start.line, start.col);
    if let (Some(mut offset), Some(end_offset)) = (
        byte_offset(text, start.line, start.col),
        byte_offset(text, end.line, end.col),
    ) {
        while offset < end_offset {
            let Some(c) = text.get(offset..).and_then(|rest| rest.chars().next()) else {
                break;
            };
            if !c.is_whitespace() {
                break;
            }
            offset += c.len_utf8();
            if c == '\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
        }
    }
    match &e.code {
        // RON reports this where its scan gave up; the host needs the `/*` that is not closed.
        ron::Error::UnclosedBlockComment => {
            if let Some((l, c)) = unclosed_comment_start(text) {
                (line, col) = (l, c);
            }
        }
        // The span of `-1` starts after the sign; point at the whole number.
        ron::Error::IntegerOutOfBounds if col > 1 => {
            let sign = byte_offset(text, line, col - 1)
                .and_then(|o| text.get(o..))
                .and_then(|rest| rest.chars().next());
            if matches!(sign, Some('-' | '+')) {
                col -= 1;
            }
        }
        _ => {}
    }
    FileError {
        path: path.to_path_buf(),
        line: Some(line),
        col: Some(col),
        field,
        message: e.code.to_string(),
    }
}

/// The position of the outermost `/*` that is never closed, skipping strings, character
/// literals and line comments the way RON does (block comments nest in RON).
fn unclosed_comment_start(text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes.get(i..i + 2) {
            Some(b"//") => {
                i = text.get(i..)?.find('\n').map_or(bytes.len(), |n| i + n);
                continue;
            }
            Some(b"/*") => {
                let start = i;
                let mut depth = 0usize;
                while i < bytes.len() {
                    match bytes.get(i..i + 2) {
                        Some(b"/*") => {
                            depth += 1;
                            i += 2;
                        }
                        Some(b"*/") => {
                            depth -= 1;
                            i += 2;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => i += 1,
                    }
                }
                if depth > 0 {
                    return Some(end_position(text.get(..start)?));
                }
                continue;
            }
            _ => {}
        }
        match bytes.get(i) {
            Some(b'"') => i = skip_quoted(bytes, i, b'"'),
            Some(b'\'') => i = skip_quoted(bytes, i, b'\''),
            Some(b'r') if matches!(bytes.get(i + 1), Some(b'#' | b'"')) => {
                let hashes = bytes
                    .get(i + 1..)?
                    .iter()
                    .take_while(|&&b| b == b'#')
                    .count();
                let open = i + 1 + hashes;
                if bytes.get(open) == Some(&b'"') {
                    let mut close = vec![b'"'];
                    close.extend(std::iter::repeat_n(b'#', hashes));
                    i = bytes
                        .get(open + 1..)?
                        .windows(close.len())
                        .position(|w| w == close.as_slice())
                        .map_or(bytes.len(), |n| open + 1 + n + close.len());
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// The index just after a `quote`-delimited literal starting at `start`, honouring `\` escapes.
fn skip_quoted(bytes: &[u8], start: usize, quote: u8) -> usize {
    let mut i = start + 1;
    while let Some(&b) = bytes.get(i) {
        if b == b'\\' {
            i += 2;
        } else if b == quote {
            return i + 1;
        } else {
            i += 1;
        }
    }
    bytes.len()
}

/// Byte offset of a 1-based (line, column-in-characters) position, if it lies in `text`.
pub(crate) fn byte_offset(text: &str, line: usize, col: usize) -> Option<usize> {
    let mut line_start = 0;
    for _ in 1..line {
        line_start += text.get(line_start..)?.find('\n')? + 1;
    }
    let rest = text.get(line_start..)?;
    let mut chars = rest.char_indices();
    for _ in 1..col {
        chars.next()?;
    }
    Some(line_start + chars.next().map_or(rest.len(), |(i, _)| i))
}

/// Serialise `value` as pretty, stable RON.
///
/// Struct names are written (`Game(`, `Player(`) so a hand-edited file says what it is; the
/// indent is four spaces and lines end in `\n` on every platform, so a save moved between
/// machines does not change bytes; the text ends with one newline like any text file. For output
/// to be byte-stable across runs, saved types must use ordered maps (`BTreeMap`), never
/// `HashMap`, whose iteration order changes from run to run.
pub fn to_ron<T: Serialize>(value: &T) -> Result<String, ron::Error> {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(true)
        .indentor("    ")
        .new_line("\n");
    let mut text = options().to_string_pretty(value, config)?;
    text.push('\n');
    Ok(text)
}

/// Check that `bytes` are exactly what [`to_ron`] writes for the value they parse to, and return
/// that value.
///
/// This is the last gate before bytes replace a good save: it catches a type whose
/// serialisation cannot be read back (renamed or skipped fields it then requires, custom
/// (de)serialisers that disagree, a `HashMap` whose order changed) before the old file is gone.
/// It compares bytes, not values, so it cannot see a field that is silently dropped both ways;
/// `deny_unknown_fields` and tests on the saved types cover that. `path` is only used in errors.
pub fn verify_roundtrip<T: Serialize + DeserializeOwned>(
    path: &Path,
    bytes: &[u8],
) -> Result<T, FileError> {
    let text = text_from_bytes(path, bytes.to_vec())?;
    let value: T = parse_ron(path, &text)?;
    let again = to_ron(&value).map_err(|e| {
        FileError::whole_file(path, format!("cannot serialise the value read back: {e}"))
    })?;
    if again != text {
        let (line, col) = first_difference(&text, &again);
        return Err(FileError::at(
            path,
            line,
            col,
            "refusing to save: the text does not read back to the same bytes",
        ));
    }
    Ok(value)
}

/// Where two texts first differ, as a 1-based line and column in `a`.
fn first_difference(a: &str, b: &str) -> (usize, usize) {
    let common: usize = a
        .chars()
        .zip(b.chars())
        .take_while(|(x, y)| x == y)
        .map(|(x, _)| x.len_utf8())
        .sum();
    end_position(a.get(..common).unwrap_or(""))
}

/// Serialise, verify the round trip, then [`write_atomic`](super::write_atomic): the safe way
/// to save.
///
/// Returns an error (and leaves the previous file and backups untouched) if the value cannot be
/// serialised or would not read back identically.
pub fn save_ron<T: Serialize + DeserializeOwned>(
    path: &Path,
    value: &T,
    keep: usize,
) -> anyhow::Result<()> {
    let text =
        to_ron(value).map_err(|e| anyhow::anyhow!("{}: cannot serialise: {e}", path.display()))?;
    verify_roundtrip::<T>(path, text.as_bytes())?;
    super::write_atomic(path, text.as_bytes(), keep)
        .map_err(|e| anyhow::anyhow!("{}: cannot save: {e}", path.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_offset_and_end_position_agree() {
        let text = "ab\nпривет\nx";
        assert_eq!(byte_offset(text, 1, 1), Some(0));
        assert_eq!(byte_offset(text, 2, 1), Some(3));
        assert_eq!(byte_offset(text, 2, 3), Some(7));
        assert_eq!(byte_offset(text, 3, 2), Some(text.len()));
        assert_eq!(byte_offset(text, 9, 1), None);
        assert_eq!(end_position("ab\nпр"), (2, 3));
        assert_eq!(end_position(""), (1, 1));
    }

    #[test]
    fn unclosed_comment_start_skips_strings_and_closed_comments() {
        assert_eq!(unclosed_comment_start("a /* b */ c"), None);
        assert_eq!(unclosed_comment_start("x\n  /* a /* b */ c"), Some((2, 3)));
        assert_eq!(unclosed_comment_start("\"/*\" // /*\n'/' /*"), Some((2, 5)));
        assert_eq!(unclosed_comment_start("r#\"/*\"# \"\\\"/*\""), None);
    }

    #[test]
    fn first_difference_points_into_the_first_text() {
        assert_eq!(first_difference("a\nbc", "a\nbd"), (2, 2));
        assert_eq!(first_difference("same", "same"), (1, 5));
    }
}
