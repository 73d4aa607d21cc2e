//! Parses the whole shared WWR corpus in-process (`cargo bench --bench wwr_parse`).
//! The original bot needs about 0.35 s per warm pass; the target is under 7 ms.

use mafia_mod::wwr::{parse_element, report::wwr_files};
use std::path::Path;

/// The allocator the binary uses (`src/main.rs`), so the numbers are the console's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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

/// One role text of `kib` KiB: an ability line with a bullet (a non-ASCII character) and many
/// `@(` inside a backtick string, repeated, then an unknown word as long as a twentieth of the
/// text; the two shapes that once parsed in quadratic time. The time per KiB should not grow
/// with the size.
fn scaled_text(kib: usize) -> String {
    let target = kib * 1024;
    let mut text = String::from("**Scaling Test** | Unaligned Align\nPassive End Day:\n");
    while text.len() < target {
        text.push_str("  • (@Target[role] is `Vicious@(@(@(@(@( Hag`) and (@Self->Counter < 3): Role Change @Self to `Cautious Hag`\n");
    }
    text.push_str("Starting: ");
    text.push_str(&"é".repeat(target / 40));
    text.push('\n');
    text
}

#[divan::bench(args = [10, 100, 1000], sample_count = 20)]
fn parse_scaling_kib(bencher: divan::Bencher, kib: usize) {
    let text = scaled_text(kib);
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| divan::black_box(parse_element(divan::black_box(&text))));
}
