//! The shared WWR corpus (236 texts from the role book) must parse without a single failure.
//! The corpus is not part of this repository; the test is skipped when it is absent.

use std::path::{Path, PathBuf};

fn corpus() -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/wwr-corpus");
    if path.is_dir() {
        Some(path)
    } else {
        eprintln!(
            "skipped: the WWR corpus is not at {} (it is not part of the repository)",
            path.display()
        );
        None
    }
}

#[test]
fn whole_corpus_parses_without_failures() {
    let Some(path) = corpus() else { return };
    let mut out = Vec::new();
    let ok =
        mafia_mod::commands::wwr::parse(&[path], false, &mut out).expect("the corpus is readable");
    let text = String::from_utf8_lossy(&out);
    let summary = text.lines().last().unwrap_or_default().to_string();
    assert!(ok, "{text}");
    assert_eq!(summary, "236 parsed, 0 failed", "{text}");
}
