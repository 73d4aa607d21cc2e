//! Runs every scenario file under tests/scenarios/ (the rule systems' executable spec), each as
//! its own test case named by its path, so `cargo test` names the file that fails and
//! `cargo test --test scenarios -- ru-city/night` runs a subset.

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
    trials.extend(files.into_iter().map(|file| {
        let name = file
            .strip_prefix(&root)
            .unwrap_or(&file)
            .with_extension("")
            .display()
            .to_string();
        Trial::test(name, move || {
            match mafia_mod::scenario::run_file(&file).failure {
                None => Ok(()),
                Some(why) => Err(Failed::from(format!("{}\n  {why}", file.display()))),
            }
        })
    }));
    libtest_mimic::run(&args, trials).exit();
}
