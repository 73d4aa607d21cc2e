//! Runs every scenario file under tests/scenarios/ (the rule systems' executable spec).

use std::path::PathBuf;

#[test]
fn every_scenario_file_passes() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let files = mafia_mod::scenario::collect_files(std::slice::from_ref(&root));
    assert!(
        !files.is_empty(),
        "no scenario files under {}",
        root.display()
    );
    let failures: Vec<String> = files
        .iter()
        .map(|f| mafia_mod::scenario::run_file(f))
        .filter_map(|r| {
            r.failure
                .map(|why| format!("FAIL {}\n  {why}", r.path.display()))
        })
        .collect();
    println!("{} scenario files, {} failed", files.len(), failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
