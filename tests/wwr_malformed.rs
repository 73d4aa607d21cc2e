//! Malformed WWR texts (`tests/wwr/malformed/`) are rejected with an error at the right line
//! and column, and the message says what was found and what was expected. `expected.tsv`
//! lists, for every text, where the error must be and a fragment of its message.

use std::path::Path;

#[test]
fn every_malformed_text_is_rejected_where_it_goes_wrong() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wwr/malformed");
    let table = std::fs::read_to_string(dir.join("expected.tsv")).expect("expected.tsv");
    let mut listed = Vec::new();
    let mut problems = Vec::new();
    for row in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = row.split('\t').collect();
        let [file, position, fragment] = fields[..] else {
            panic!("bad row in expected.tsv: {row}");
        };
        listed.push(file.to_string());
        let path = dir.join(file);
        match mafia_mod::wwr::check_file(&path) {
            Ok(()) => problems.push(format!("{file}: accepted, expected an error at {position}")),
            Err(errors) => {
                let wanted = format!("{}:{position}: ", path.display());
                let hit = errors
                    .iter()
                    .any(|e| e.starts_with(&wanted) && e.contains(fragment));
                if !hit {
                    problems.push(format!(
                        "{file}: expected an error at {position} containing {fragment:?}, got {errors:#?}"
                    ));
                }
            }
        }
    }
    assert!(listed.len() >= 30, "only {} malformed texts", listed.len());
    let on_disk = mafia_mod::wwr::report::wwr_files(&dir).expect("listable");
    for path in on_disk {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if !listed.iter().any(|l| l == name) {
            problems.push(format!("{name}: not listed in expected.tsv"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
