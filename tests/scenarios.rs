//! Runs every scenario file under tests/scenarios/ (the rule systems' executable spec), each as
//! its own test case named by its path, so `cargo test` names the file that fails and
//! `cargo test --test scenarios -- ru-city/night` runs a subset.
//!
//! Each run is watched for the invariants every scenario keeps (`tests/invariants`): the tally
//! predicts each day's count, and no public post gives a secret away.

mod invariants;

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::PathBuf;

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let files = mafia_mod::scenario::collect_files(std::slice::from_ref(&root));
    let mut trials = vec![Trial::test("scenario files exist", {
        let count = files.len();
        let root = root.clone();
        move || {
            if count == 0 {
                return Err(format!("no scenario files under {}", root.display()).into());
            }
            Ok(())
        }
    })];
    // The WWR scenarios on the shared corpus need it beside the repository; without it they
    // are skipped, and said to be.
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/wwr-corpus");
    let corpus_there = corpus.is_dir();
    let on_corpus = |file: &std::path::Path| file.components().any(|c| c.as_os_str() == "corpus");
    let skipped = files.iter().filter(|f| on_corpus(f)).count();
    if !corpus_there && skipped > 0 {
        eprintln!(
            "skipping {skipped} WWR scenario(s) on the shared corpus: it is not at {}",
            corpus.display()
        );
    }
    trials.extend(files.into_iter().map(|file| {
        let name = file
            .strip_prefix(&root)
            .unwrap_or(&file)
            .with_extension("")
            .display()
            .to_string();
        let ignored = !corpus_there && on_corpus(&file);
        Trial::test(name, move || {
            let mut invariants = invariants::Invariants::default();
            let mut watch = |moment, step, game: &_| invariants.watch(moment, step, game);
            match mafia_mod::scenario::run_file_watched(&file, &mut watch).failure {
                None => Ok(()),
                Some(why) => Err(Failed::from(format!("{}\n  {why}", file.display()))),
            }
        })
        .with_ignored_flag(ignored)
    }));
    libtest_mimic::run(&args, trials).exit();
}
