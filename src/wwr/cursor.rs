//! A cursor over part of one source line, and the bracket-aware scans the line grammar needs.
//!
//! All parsers below the line level work on a [`Cursor`]: a byte range of one [`SrcLine`].
//! The cursor only ever moves by whole characters, so slicing never splits a multi-byte
//! character, and every error it builds names the line and the character column.

use super::span::{Diagnostic, Span, SrcLine};

pub type PResult<T> = Result<T, Diagnostic>;

/// How deep a text may nest: in one value, condition or scaling, each bracketed condition,
/// `not`, `ceil`/`floor`/`round`, `Odd:`/`Even:` and each `->property` or `[type]` suffix is a
/// level; in a trigger's body, each condition or keyword before a `:` is one. The parser, the
/// executor, the renderer and even dropping the tree recurse once per level, and the executor
/// does so again for every trigger a trigger fires (up to its own cascade bound), so a few
/// kilobytes nested thousands deep would overflow the stack and abort the process. Bounded
/// where the text is read, it is an error at its line and column instead. The role book nests
/// at most 5 deep; 32 leaves room for any text a person writes.
pub const MAX_NESTING: u32 = 32;

thread_local! {
    /// Characters the parsers of this thread have stepped over, for the fuzz harness's budget:
    /// parsing is linear when this stays proportional to the text.
    static STEPS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The steps counted since [`reset_steps`].
pub fn steps() -> u64 {
    STEPS.with(std::cell::Cell::get)
}

pub fn reset_steps() {
    STEPS.with(|s| s.set(0));
}

#[derive(Clone, Copy, Debug)]
pub struct Cursor<'a> {
    pub src: SrcLine<'a>,
    pub pos: usize,
    pub end: usize,
    /// The levels of nesting this cursor parses inside (see [`MAX_NESTING`]); a cursor over
    /// part of another ([`Cursor::sub`]) is as deep as it.
    depth: u32,
}

impl<'a> Cursor<'a> {
    pub fn new(src: SrcLine<'a>, start: usize, end: usize) -> Self {
        let end = end.min(src.text.len());
        Cursor {
            src,
            pos: start.min(end),
            end,
            depth: 0,
        }
    }

    /// A cursor over `start..end` of the same line, at the same depth.
    pub fn sub(&self, start: usize, end: usize) -> Cursor<'a> {
        Cursor {
            depth: self.depth,
            ..Cursor::new(self.src, start, end)
        }
    }

    /// Runs `parse` one level of nesting deeper, for the construct (a `(`, `not`, `ceil`,
    /// `Odd:`) that starts at byte `opened_at`; past [`MAX_NESTING`] levels, an error there
    /// instead.
    pub fn nested<T>(
        &mut self,
        opened_at: usize,
        parse: impl FnOnce(&mut Cursor<'a>) -> PResult<T>,
    ) -> PResult<T> {
        if self.depth >= MAX_NESTING {
            return Err(self.too_deep(opened_at));
        }
        let outer = self.depth;
        self.depth += 1;
        let result = parse(self);
        // Restored whatever `parse` did with the cursor (a parser may put back a saved copy).
        self.depth = outer;
        result
    }

    /// Fails at the cursor unless `levels` more levels of nesting fit under [`MAX_NESTING`]
    /// (for levels a loop adds, as a chain of `->` suffixes does, rather than recursion).
    pub fn room_for(&self, levels: u32) -> PResult<()> {
        if self.depth.saturating_add(levels) <= MAX_NESTING {
            Ok(())
        } else {
            Err(self.too_deep(self.pos))
        }
    }

    fn too_deep(&self, at: usize) -> Diagnostic {
        self.error_at(
            at,
            at + 1,
            format!(
                "nested more than {MAX_NESTING} levels deep (brackets, `not`, `ceil`, \
                 `Odd:`/`Even:`, `->` and `[…]` suffixes each count one); write it in simpler \
                 steps"
            ),
        )
    }

    pub fn rest(&self) -> &'a str {
        self.src.text.get(self.pos..self.end).unwrap_or("")
    }

    pub fn slice(&self, start: usize, end: usize) -> &'a str {
        self.src.text.get(start..end).unwrap_or("")
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    pub fn peek(&self) -> Option<char> {
        if self.pos >= self.end {
            return None;
        }
        match self.src.text.as_bytes().get(self.pos) {
            Some(&b) if b.is_ascii() => Some(char::from(b)),
            _ => self.rest().chars().next(),
        }
    }

    pub fn peek_second(&self) -> Option<char> {
        let mut chars = self.rest().chars();
        chars.next();
        chars.next()
    }

    pub fn bump(&mut self) -> Option<char> {
        STEPS.with(|s| s.set(s.get() + 1));
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    pub fn skip_ws(&mut self) {
        self.take_while(char::is_whitespace);
    }

    /// Consumes `s` when the rest starts with it.
    pub fn eat(&mut self, s: &str) -> bool {
        if self.rest().starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    /// Consumes the word `kw` when it is followed by a non-word character or the end.
    pub fn eat_keyword(&mut self, kw: &str) -> bool {
        let rest = self.rest();
        if rest.starts_with(kw)
            && !rest[kw.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            self.pos += kw.len();
            true
        } else {
            false
        }
    }

    /// Skips whitespace, then consumes the words of `phrase` (separated by single spaces in
    /// `phrase`, by any whitespace in the text); on failure the cursor does not move.
    pub fn eat_phrase(&mut self, phrase: &str) -> bool {
        let saved = *self;
        self.skip_ws();
        // (most calls probe for a word that is not there: the first byte settles them)
        if self.rest().as_bytes().first() != phrase.as_bytes().first() {
            *self = saved;
            return false;
        }
        let mut words = phrase;
        loop {
            let (word, more) = match words.bytes().position(|b| b == b' ') {
                Some(space) => (&words[..space], Some(&words[space + 1..])),
                None => (words, None),
            };
            if !self.eat_keyword(word) {
                *self = saved;
                return false;
            }
            let Some(more) = more else { return true };
            if !self.peek().is_some_and(char::is_whitespace) {
                *self = saved;
                return false;
            }
            self.skip_ws();
            words = more;
        }
    }

    /// Like [`Cursor::eat_phrase`], but an error naming what was found when it is missing.
    pub fn expect_phrase(&mut self, phrase: &str, after: impl std::fmt::Display) -> PResult<()> {
        if self.eat_phrase(phrase) {
            Ok(())
        } else {
            let mut at = *self;
            at.skip_ws();
            Err(at.error_here(format!(
                "expected `{phrase}` after {after}, found {}",
                at.found()
            )))
        }
    }

    /// A short description of what comes next, for "found …" in error messages.
    pub fn found(&self) -> String {
        let rest = self.rest().trim_start();
        if rest.is_empty() {
            return "the end of the text".to_string();
        }
        // A string literal is shown whole, in double backticks so its own backticks read.
        if let Some(inner) = rest.strip_prefix('`')
            && let Some(close) = inner.find('`')
        {
            let literal: String = inner[..close].chars().take(40).collect();
            return format!("`` `{literal}` ``");
        }
        let word: String = rest
            .chars()
            .take_while(|c| !c.is_whitespace())
            .take(30)
            .collect();
        if word.contains('`') {
            format!("`` {word} ``")
        } else {
            format!("`{word}`")
        }
    }

    pub fn span_from(&self, start: usize) -> Span {
        self.src.span(start, self.pos)
    }

    pub fn span_of(&self, start: usize, end: usize) -> Span {
        self.src.span(start, end)
    }

    pub fn error_here(&self, message: impl Into<String>) -> Diagnostic {
        let end = self.pos + self.peek().map_or(0, char::len_utf8);
        Diagnostic::error(self.src.span(self.pos, end), message)
    }

    pub fn error_at(&self, start: usize, end: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.src.span(start, end), message)
    }

    /// Fails unless only whitespace remains.
    pub fn expect_end(&mut self, what: impl std::fmt::Display) -> PResult<()> {
        self.skip_ws();
        if self.at_end() {
            Ok(())
        } else {
            Err(self.error_here(format!(
                "unexpected {} after {what}; expected the end of it",
                self.found()
            )))
        }
    }

    /// Consumes characters while `f` holds and returns them.
    pub fn take_while(&mut self, f: impl Fn(char) -> bool) -> &'a str {
        let rest = self.rest();
        let bytes = rest.as_bytes();
        let mut taken = 0;
        let mut len = 0;
        // ASCII bytes are tested as they are; a longer character is decoded
        while len < bytes.len() {
            let (c, width) = if bytes[len].is_ascii() {
                (char::from(bytes[len]), 1)
            } else {
                match rest[len..].chars().next() {
                    Some(c) => (c, c.len_utf8()),
                    None => break,
                }
            };
            if !f(c) {
                break;
            }
            len += width;
            taken += 1;
        }
        if taken > 0 {
            STEPS.with(|s| s.set(s.get() + taken));
        }
        self.pos += len;
        &rest[..len]
    }

    /// From an opening bracket at the cursor, the byte offset just past its matching closer.
    pub fn matching_close(&self) -> Option<usize> {
        matching_close(self.src.text, self.pos, self.end)
    }
}

/// The closing character for an opening bracket the language uses.
pub fn closer(open: char) -> Option<char> {
    match open {
        '(' => Some(')'),
        '[' => Some(']'),
        '{' => Some('}'),
        '⟨' => Some('⟩'),
        _ => None,
    }
}

/// What a byte of a line is to the nesting scans. The language's brackets and backticks are
/// ASCII except `⟨` and `⟩` (three bytes each, `E2 9F A8`/`A9`), and no byte of another
/// character's UTF-8 form equals an ASCII byte, so the scans read bytes, not characters: the
/// corpus's lines are scanned several times each while parsing, and decoding characters made
/// those scans a fifth of the parse.
#[derive(Clone, Copy, PartialEq)]
enum Byte {
    Backtick,
    /// An opening bracket of this many bytes.
    Open(usize),
    /// A closing bracket of this many bytes.
    Close(usize),
    Other,
}

/// The bytes any scan below looks at: backticks, brackets, the first byte of `⟨`/`⟩`, and the
/// separators `:`, `,` and `|`. Every other byte is skipped at the cost of one table load.
const SPECIAL: [bool; 256] = {
    let mut table = [false; 256];
    let mut k = 0;
    let special = b"`()[]{}:,|\xE2";
    while k < special.len() {
        table[special[k] as usize] = true;
        k += 1;
    }
    table
};

#[inline]
fn special(bytes: &[u8], i: usize) -> bool {
    SPECIAL[usize::from(bytes[i])]
}

#[inline]
fn classify(bytes: &[u8], i: usize) -> Byte {
    match bytes[i] {
        b'`' => Byte::Backtick,
        b'(' | b'[' | b'{' => Byte::Open(1),
        b')' | b']' | b'}' => Byte::Close(1),
        0xE2 if bytes.get(i + 1) == Some(&0x9F) => match bytes.get(i + 2) {
            Some(0xA8) => Byte::Open(3),
            Some(0xA9) => Byte::Close(3),
            _ => Byte::Other,
        },
        _ => Byte::Other,
    }
}

/// Tracks backtick strings and bracket depth while scanning a line left to right.
#[derive(Default)]
struct Nesting {
    in_string: bool,
    depth: u32,
}

impl Nesting {
    /// Updates the state for a byte of kind `b`; true when the byte itself is at the top
    /// level (outside strings and brackets, and not a bracket or backtick).
    #[inline]
    fn step(&mut self, b: Byte) -> bool {
        if b == Byte::Backtick {
            self.in_string = !self.in_string;
            return false;
        }
        if self.in_string {
            return false;
        }
        match b {
            Byte::Open(_) => {
                self.depth += 1;
                false
            }
            Byte::Close(_) => {
                self.depth = self.depth.saturating_sub(1);
                false
            }
            _ => self.depth == 0,
        }
    }

    fn at_top(&self) -> bool {
        !self.in_string && self.depth == 0
    }
}

/// Whether the character that starts at byte `i` of `text` is whitespace (false at the end).
fn whitespace_at(text: &str, i: usize) -> bool {
    match text.as_bytes().get(i) {
        Some(&b) if b.is_ascii() => char::from(b).is_whitespace(),
        Some(_) => text
            .get(i..)
            .and_then(|s| s.chars().next())
            .is_some_and(char::is_whitespace),
        None => false,
    }
}

/// The byte offset just past the bracket that closes the one at `open_at`.
pub fn matching_close(text: &str, open_at: usize, end: usize) -> Option<usize> {
    text.get(open_at..end)?;
    let bytes = &text.as_bytes()[..end];
    if !matches!(classify(bytes, open_at), Byte::Open(_)) {
        return None;
    }
    let mut nesting = Nesting::default();
    for i in open_at..end {
        if !special(bytes, i) {
            continue;
        }
        let b = classify(bytes, i);
        nesting.step(b);
        if let Byte::Close(len) = b
            && nesting.at_top()
        {
            return Some(i + len);
        }
    }
    None
}

/// The opening bracket that the closing bracket at `close` closes: the one offset `open` from
/// `start` on whose [`matching_close`] ends just past `close`. Found in one pass, where trying
/// each opener in turn would cost the rest of the text per opener.
///
/// An opener's scan counts the brackets outside strings as seen from the opener, which are
/// those with as many backticks before them (from `start`, odd or even) as the opener has. So
/// each of the two kinds keeps its own stack of openers, and a closer closes the last opener
/// of its kind still open, as the scan from that opener would find it.
pub fn matching_open(text: &str, start: usize, close: usize) -> Option<usize> {
    let mut open: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let mut odd = false;
    for (i, c) in text.get(start..)?.char_indices() {
        let at = start + i;
        if c == '`' {
            odd = !odd;
        } else if closer(c).is_some() {
            open[usize::from(odd)].push(at);
        } else if matches!(c, ')' | ']' | '}' | '⟩') {
            let opener = open[usize::from(odd)].pop();
            if at == close {
                return opener;
            }
        }
        if at >= close {
            return None;
        }
    }
    None
}

/// The first top-level `:` of `start..end` that ends a segment (`segment_colons`), found
/// without scanning the rest.
pub fn first_segment_colon(text: &str, start: usize, end: usize) -> Option<usize> {
    text.get(start..end)?;
    let bytes = &text.as_bytes()[..end];
    let mut nesting = Nesting::default();
    (start..end).find(|&i| {
        special(bytes, i)
            && nesting.step(classify(bytes, i))
            && bytes[i] == b':'
            && (i + 1 == end || whitespace_at(text, i + 1))
    })
}

/// Byte positions or ranges in one line: rarely more than four, so kept inline.
pub type Few<T> = smallvec::SmallVec<[T; 4]>;

/// `params_start` of `start..end`, and the `segment_colons` of the text before it, in one
/// pass: every line is cut so, and the two scans were a tenth of the parse.
pub fn colons_and_params(text: &str, start: usize, end: usize) -> (Few<usize>, Option<usize>) {
    let mut colons = Few::new();
    let Some(region) = text.get(start..end) else {
        return (colons, None);
    };
    let bytes = &text.as_bytes()[..end];
    let mut nesting = Nesting::default();
    for i in start..end {
        if !special(bytes, i) {
            continue;
        }
        let was_top = nesting.at_top();
        let b = classify(bytes, i);
        let top = nesting.step(b);
        let opener = matches!(b, Byte::Open(_)) && bytes[i] != b'(' || bytes[i] == b'|';
        if was_top
            && opener
            && region[..i - start]
                .chars()
                .next_back()
                .is_none_or(char::is_whitespace)
        {
            return (colons, Some(i));
        }
        if top && bytes[i] == b':' && (i + 1 == end || whitespace_at(text, i + 1)) {
            colons.push(i);
        }
    }
    (colons, None)
}

/// Splits `start..end` at top-level commas; returns trimmed `(start, end)` byte ranges.
pub fn split_commas(text: &str, start: usize, end: usize) -> Few<(usize, usize)> {
    let mut parts = Few::new();
    if text.get(start..end).is_none() {
        return parts;
    }
    let bytes = &text.as_bytes()[..end];
    let mut nesting = Nesting::default();
    let mut part_start = start;
    for i in start..end {
        if special(bytes, i) && nesting.step(classify(bytes, i)) && bytes[i] == b',' {
            parts.push(trim_range(text, part_start, i));
            part_start = i + 1;
        }
    }
    parts.push(trim_range(text, part_start, end));
    parts
}

/// Shrinks `start..end` past leading and trailing whitespace.
pub fn trim_range(text: &str, start: usize, end: usize) -> (usize, usize) {
    let Some(region) = text.get(start..end) else {
        return (start, start);
    };
    let lead = region.len() - region.trim_start().len();
    let trail = region.len() - region.trim_end().len();
    if lead == region.len() {
        (start, start)
    } else {
        (start + lead, end - trail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    // The two scans `colons_and_params` does in one, written plainly: its test's reference.

    /// Offsets of every top-level `:` in `start..end` that ends a segment: followed by whitespace
    /// or by the end of the range. Colons inside strings and brackets (`@(Role:Wolf)`) do not count.
    fn segment_colons(text: &str, start: usize, end: usize) -> Vec<usize> {
        let mut found = Vec::new();
        if text.get(start..end).is_none() {
            return found;
        }
        let bytes = &text.as_bytes()[..end];
        let mut nesting = Nesting::default();
        for i in start..end {
            if !special(bytes, i) {
                continue;
            }
            let top = nesting.step(classify(bytes, i));
            if top && bytes[i] == b':' && (i + 1 == end || whitespace_at(text, i + 1)) {
                found.push(i);
            }
        }
        found
    }

    /// Where the trailing parameter groups (`[…]`, `{…}`, `⟨…⟩`, `|…|`) of a line begin: the
    /// first top-level opener at the start of the range or after whitespace.
    fn params_start(text: &str, start: usize, end: usize) -> Option<usize> {
        let region = text.get(start..end)?;
        let bytes = &text.as_bytes()[..end];
        let mut nesting = Nesting::default();
        for i in start..end {
            if !special(bytes, i) {
                continue;
            }
            let was_top = nesting.at_top();
            let b = classify(bytes, i);
            nesting.step(b);
            let opener = matches!(b, Byte::Open(_)) && bytes[i] != b'(' || bytes[i] == b'|';
            if was_top
                && opener
                && region[..i - start]
                    .chars()
                    .next_back()
                    .is_none_or(char::is_whitespace)
            {
                return Some(i);
            }
        }
        None
    }

    proptest! {
        /// One pass finds what the two scans find: the parameters' start, and the segment
        /// colons of the trimmed text before it.
        #[test]
        fn colons_and_params_is_the_two_scans(text in "[()\\[\\]{}⟨⟩`|: ab]{0,40}") {
            let end = text.len();
            let params = params_start(&text, 0, end);
            let (bs, be) = trim_range(&text, 0, params.unwrap_or(end));
            let colons = if bs == be { Vec::new() } else { segment_colons(&text, bs, be) };
            let (found, found_params) = colons_and_params(&text, 0, end);
            prop_assert_eq!(found_params, params, "{:?}", text);
            if bs != be {
                prop_assert_eq!(found.to_vec(), colons, "{:?}", text);
            }
            prop_assert_eq!(first_segment_colon(&text, 0, end), segment_colons(&text, 0, end).first().copied());
        }

        /// The opener found in one pass is the one whose own scan ends at the closer, for every
        /// closer of texts full of brackets and backticks.
        #[test]
        fn matching_open_is_the_opener_whose_scan_ends_there(
            text in "[()\\[\\]{}⟨⟩` a]{0,30}",
            start in 0usize..4,
        ) {
            let start = start.min(text.len());
            prop_assume!(text.is_char_boundary(start));
            for (close, c) in text.char_indices().filter(|&(i, _)| i >= start) {
                let end = close + c.len_utf8();
                let by_scans = (start..close)
                    .filter(|&o| text.is_char_boundary(o))
                    .find(|&o| matching_close(&text, o, end) == Some(end));
                let found = matching_open(&text, start, close);
                prop_assert_eq!(found, by_scans, "{:?} at {}", text, close);
            }
        }
    }
}
