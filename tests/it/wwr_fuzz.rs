//! Random edits of valid texts (characters and lines deleted, duplicated and swapped) never
//! panic the parser, every diagnostic points inside the edited text, and whatever still
//! parses can be rendered.

use mafia_mod::wwr::{parse_element, render::element_text};
use proptest::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

/// The project's valid texts, plus the shared corpus when it is present.
fn seeds() -> &'static [String] {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files =
            mafia_mod::wwr::report::wwr_files(&root.join("tests/wwr/valid")).unwrap_or_default();
        files.extend(
            mafia_mod::wwr::report::wwr_files(&root.join("../shared/wwr-corpus"))
                .unwrap_or_default(),
        );
        files
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .collect()
    })
}

#[derive(Clone, Debug)]
enum Edit {
    DeleteChar(usize),
    DuplicateChar(usize),
    SwapChars(usize, usize),
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        any::<usize>().prop_map(Edit::DeleteChar),
        any::<usize>().prop_map(Edit::DuplicateChar),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapChars(a, b)),
        any::<usize>().prop_map(Edit::DeleteLine),
        any::<usize>().prop_map(Edit::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
    ]
}

fn apply(text: &str, edit: &Edit) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let mut lines: Vec<&str> = text.split('\n').collect();
    let n = chars.len().max(1);
    let m = lines.len().max(1);
    match *edit {
        Edit::DeleteChar(i) if !chars.is_empty() => {
            chars.remove(i % n);
        }
        Edit::DuplicateChar(i) if !chars.is_empty() => {
            let c = chars[i % n];
            chars.insert(i % n, c);
        }
        Edit::SwapChars(a, b) if !chars.is_empty() => chars.swap(a % n, b % n),
        Edit::DeleteLine(i) => {
            lines.remove(i % m);
            return lines.join("\n");
        }
        Edit::DuplicateLine(i) => {
            let line = lines[i % m];
            lines.insert(i % m, line);
            return lines.join("\n");
        }
        Edit::SwapLines(a, b) => {
            lines.swap(a % m, b % m);
            return lines.join("\n");
        }
        _ => {}
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn edited_texts_never_panic(seed in any::<usize>(), edits in prop::collection::vec(edit(), 1..6)) {
        let seeds = seeds();
        prop_assume!(!seeds.is_empty());
        let mut text = seeds[seed % seeds.len()].clone();
        for e in &edits {
            text = apply(&text, e);
        }
        let parsed = parse_element(&text);
        let lines: Vec<&str> = text.split('\n').collect();
        for d in &parsed.diagnostics {
            let line = d.span.line as usize;
            prop_assert!(line >= 1 && line <= lines.len().max(1), "{d} outside {} lines", lines.len());
            let width = lines.get(line - 1).map_or(0, |l| l.chars().count());
            prop_assert!(d.span.col as usize >= 1 && d.span.col as usize <= width + 1, "{d}: column past the line ({width} chars)");
        }
        if let Some(element) = parsed.element {
            let _ = element_text(&element);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Arbitrary text (any Unicode, bullets and brackets favoured) under a valid header.
    #[test]
    fn arbitrary_bodies_never_panic(body in "([•‣◦`@&#%$()\\[\\]{}⟨⟩|:, ~!>-]|\\PC|\n){0,200}") {
        let text = format!("**Fuzz** | Townsfolk Miscellaneous\n{body}");
        let parsed = parse_element(&text);
        if let Some(element) = parsed.element {
            let _ = element_text(&element);
        }
    }
}
