//! Rendering a parsed text back to canonical WWR and parsing that again gives the same tree
//! (spans aside): the renderer and the parser agree on every construct they meet.

use mafia_mod::wwr::{parse_element, render::element_text};
use std::path::{Path, PathBuf};

fn without_spans(value: serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Object(map) => map
            .into_iter()
            .filter(|(k, _)| k != "span")
            .map(|(k, v)| (k, without_spans(v)))
            .collect(),
        serde_json::Value::Array(items) => items.into_iter().map(without_spans).collect(),
        other => other,
    }
}

fn texts_under(dir: &Path) -> Vec<PathBuf> {
    mafia_mod::wwr::report::wwr_files(dir).unwrap_or_default()
}

fn assert_round_trip(path: &Path) {
    let text = std::fs::read_to_string(path).expect("readable");
    let first = parse_element(&text);
    let Some(element) = first.element else { return };
    if first.diagnostics.iter().any(|d| d.is_error()) {
        return;
    }
    let rendered = element_text(&element);
    let second = parse_element(&rendered);
    let errors: Vec<String> = second.diagnostics.iter().map(ToString::to_string).collect();
    let reparsed = second.element.unwrap_or_else(|| {
        panic!(
            "{}: rendering does not parse: {errors:?}\n{rendered}",
            path.display()
        )
    });
    assert!(
        !second.diagnostics.iter().any(|d| d.is_error()),
        "{}: rendering has errors {errors:?}\n{rendered}",
        path.display()
    );
    let a = without_spans(serde_json::to_value(&element).expect("serialisable"));
    let b = without_spans(serde_json::to_value(&reparsed).expect("serialisable"));
    assert_eq!(
        a,
        b,
        "{}: the rendering parses differently:\n{rendered}",
        path.display()
    );
}

#[test]
fn own_texts_round_trip() {
    for path in texts_under(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wwr/valid")) {
        assert_round_trip(&path);
    }
}

#[test]
fn corpus_round_trips() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/wwr-corpus");
    if !corpus.is_dir() {
        eprintln!("skipped: the WWR corpus is not at {}", corpus.display());
        return;
    }
    for path in texts_under(&corpus) {
        assert_round_trip(&path);
    }
}
