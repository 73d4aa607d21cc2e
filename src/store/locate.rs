//! Where a field path (`roleset.abilities[3].stage`) is in a RON text, so that a problem found
//! after parsing (a roleset's unknown stage, an entry the rules refuse) is reported at its line
//! and column like a syntax error is.
//!
//! The scanner walks the text once along the path: struct fields by name, list items by index,
//! map entries by key, through `Some(…)` and named structs or enum variants. It skips values it
//! does not enter, with strings, raw strings, characters and comments, so its cost is linear in
//! the text. A path it cannot follow to the end gives the deepest place it reached.

use super::ron_io::end_position;

/// One step of a field path.
#[derive(Debug, PartialEq)]
enum Segment<'p> {
    Field(&'p str),
    Index(usize),
}

fn segments(path: &str) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (name, mut rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !name.is_empty() {
            out.push(Segment::Field(name));
        }
        while let Some(inner) = rest.strip_prefix('[') {
            let Some(close) = inner.find(']') else { break };
            if let Ok(i) = inner[..close].trim().parse() {
                out.push(Segment::Index(i));
            }
            rest = &inner[close + 1..];
        }
    }
    out
}

/// The 1-based line and column of the value at `path` in `text`, or of the deepest part of the
/// path found; `None` if the text does not start with a value.
pub fn locate(text: &str, path: &str) -> Option<(usize, usize)> {
    let mut s = Scanner { text, at: 0 };
    s.skip_blank();
    let mut found = s.at;
    for segment in segments(path) {
        s.enter_wrappers();
        let ok = match segment {
            Segment::Field(name) => s.field(name),
            Segment::Index(i) => s.item(i),
        };
        if !ok {
            break;
        }
        found = s.at;
    }
    (found < text.len() || text.is_empty()).then(|| end_position(&text[..found.min(text.len())]))
}

struct Scanner<'t> {
    text: &'t str,
    at: usize,
}

impl Scanner<'_> {
    fn rest(&self) -> &str {
        self.text.get(self.at..).unwrap_or("")
    }
    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    /// Whitespace and comments (block comments nest, as in RON).
    fn skip_blank(&mut self) {
        loop {
            let rest = self.rest();
            if let Some(c) = rest.chars().next().filter(|c| c.is_whitespace()) {
                self.at += c.len_utf8();
            } else if rest.starts_with("//") {
                self.at += rest.find('\n').unwrap_or(rest.len());
            } else if rest.starts_with("/*") {
                let mut depth = 0usize;
                while !self.rest().is_empty() {
                    if self.rest().starts_with("/*") {
                        depth += 1;
                        self.at += 2;
                    } else if self.rest().starts_with("*/") {
                        depth -= 1;
                        self.at += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        self.bump();
                    }
                }
            } else {
                return;
            }
        }
    }

    fn ident(&mut self) -> &str {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.bump();
        }
        &self.text[start..self.at]
    }

    /// Past a `Some(` or a struct's or variant's name, to the brackets that hold the fields or
    /// items.
    fn enter_wrappers(&mut self) {
        loop {
            self.skip_blank();
            let save = self.at;
            let name = self.ident().to_string();
            self.skip_blank();
            if name.is_empty() || self.peek() != Some('(') {
                self.at = save;
                return;
            }
            if name != "Some" {
                // A named struct or variant: its `(` holds the fields.
                return;
            }
            // `Some(` holds the value itself.
            self.bump();
        }
    }

    /// Inside `(` … `)` or `{` … `}` at the cursor: the value of `name`.
    fn field(&mut self, name: &str) -> bool {
        self.skip_blank();
        let open = self.peek();
        if !matches!(open, Some('(' | '{')) {
            return false;
        }
        self.bump();
        loop {
            self.skip_blank();
            match self.peek() {
                None | Some(')' | '}') => return false,
                _ => {}
            }
            let key = if self.peek() == Some('"') {
                let start = self.at;
                self.skip_string();
                self.text[start + 1..self.at.saturating_sub(1).max(start + 1)].to_string()
            } else {
                self.ident().to_string()
            };
            self.skip_blank();
            if self.peek() != Some(':') {
                return false;
            }
            self.bump();
            self.skip_blank();
            if key == name {
                return true;
            }
            self.skip_value();
            self.skip_blank();
            if self.peek() == Some(',') {
                self.bump();
            }
        }
    }

    /// Inside `[` … `]` at the cursor: the `index`th item.
    fn item(&mut self, index: usize) -> bool {
        self.skip_blank();
        if self.peek() != Some('[') {
            return false;
        }
        self.bump();
        for _ in 0..index {
            self.skip_blank();
            if matches!(self.peek(), None | Some(']')) {
                return false;
            }
            self.skip_value();
            self.skip_blank();
            if self.peek() != Some(',') {
                return false;
            }
            self.bump();
        }
        self.skip_blank();
        !matches!(self.peek(), None | Some(']'))
    }

    /// Past one value: up to the `,` or closing bracket that ends it at this depth.
    fn skip_value(&mut self) {
        let mut depth = 0usize;
        loop {
            self.skip_blank();
            match self.peek() {
                None => return,
                Some('"') => self.skip_string(),
                // `r#"…"#` is a raw string; `r#None` is a raw identifier, an enum variant
                // named like a keyword (a save's `effect: r#None`).
                Some('r') if self.rest()[1..].trim_start_matches('#').starts_with('"') => {
                    self.skip_raw_string()
                }
                Some('\'') => self.skip_char(),
                Some('(' | '[' | '{') => {
                    depth += 1;
                    self.bump();
                }
                Some(')' | ']' | '}') => {
                    if depth == 0 {
                        return;
                    }
                    depth -= 1;
                    self.bump();
                }
                Some(',') if depth == 0 => return,
                Some(_) => {
                    self.bump();
                }
            }
        }
    }

    fn skip_string(&mut self) {
        self.bump();
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '"' => return,
                _ => {}
            }
        }
    }

    fn skip_raw_string(&mut self) {
        self.bump();
        let hashes = self.rest().chars().take_while(|c| *c == '#').count();
        self.at += hashes;
        self.bump();
        let close = format!("\"{}", "#".repeat(hashes));
        match self.rest().find(&close) {
            Some(i) => self.at += i + close.len(),
            None => self.at = self.text.len(),
        }
    }

    fn skip_char(&mut self) {
        self.bump();
        if self.bump() == Some('\\') {
            self.bump();
        }
        // Past the closing quote, or whatever stands there in a broken text.
        if self.peek() == Some('\'') {
            self.bump();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAVE: &str = r##"// a save
(
    version: 1,
    name: "a, (tricky) \"name\"",
    setup: (players: [(name: "Ann", role: "doctor"), (name: "Bob", role: 'x')]),
    entries: [
        (seq: 1, entry: Act(actor: 0, ability: "doctor", targets: ["Bob"])),
        /* a comment ] with brackets */
        (seq: 2, entry: Resolve),
    ],
    roleset: Roleset(
        templates: {"pub_x": "y", "pub_z": r#"raw "quoted" ]"#},
        phases: (cycle: [], names: Some((night: "N"))),
        abilities: [
            (id: "a", stage: "one"),
            (id: "b", stage: "bureaucrat"),
        ],
    ),
)"##;

    #[test]
    fn finds_fields_items_and_map_keys_past_strings_and_comments() {
        let at = |path| locate(SAVE, path).expect(path);
        assert_eq!(at("roleset.abilities[1].stage"), (16, 30));
        assert_eq!(at("entries[1]"), (9, 9));
        assert_eq!(at("setup.players[1].role"), (5, 74));
        assert_eq!(at("roleset.templates.pub_z"), (12, 44));
        assert_eq!(at("roleset.phases.names.night"), (13, 49));
    }

    #[test]
    fn a_real_save_finds_its_published_posts_past_raw_identifiers() {
        let demo = include_str!("../../saves/demo.ron");
        let (line, _) = locate(demo, "published[1]").expect("found");
        let at = demo.lines().nth(line - 1).unwrap_or_default();
        assert!(
            at.trim_start().starts_with("Published("),
            "line {line}: {at}"
        );
        let posts = demo
            .lines()
            .position(|l| l == "    published: [")
            .expect("posts");
        assert!(line > posts + 1, "line {line}");
    }

    #[test]
    fn a_path_not_found_gives_the_deepest_place_reached() {
        // `abilities[7]` does not exist: the list itself is the place.
        assert_eq!(locate(SAVE, "roleset.abilities[7].stage"), Some((14, 20)));
        assert_eq!(locate(SAVE, "nothing.here"), Some((2, 1)));
    }

    #[test]
    fn garbage_never_panics() {
        for text in [
            "",
            "(",
            "[[[",
            "\"",
            "r#\"",
            "'",
            "(a: /*",
            "(a: [1, 2",
            "é(ü: 'é')",
        ] {
            for path in ["a", "a[3]", "a.b[1].c", "[0]", ""] {
                let _ = locate(text, path);
            }
        }
    }
}
