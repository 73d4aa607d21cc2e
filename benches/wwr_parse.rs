//! Parses the whole shared WWR corpus in-process (`cargo bench --bench wwr_parse`).
//! The original bot needs about 0.35 s per warm pass; the target is under 7 ms.

use mafia_mod::wwr::{parse_element, report::wwr_files};
use std::path::Path;

fn main() {
    divan::main();
}

/// Every corpus text, read once before measuring; empty when the corpus is absent.
fn corpus_texts() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/wwr-corpus");
    let files = wwr_files(&dir).unwrap_or_default();
    files
        .iter()
        .filter_map(|path| std::fs::read_to_string(path).ok())
        .collect()
}

#[divan::bench(sample_count = 200)]
fn parse_whole_corpus(bencher: divan::Bencher) {
    let texts = corpus_texts();
    if texts.is_empty() {
        eprintln!("skipped: the WWR corpus is not at ../shared/wwr-corpus");
        return;
    }
    bencher.bench(|| {
        for text in &texts {
            divan::black_box(parse_element(divan::black_box(text)));
        }
    });
}
