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

/// Item 2 of "A game is never lost, part 2": conditions nested about 4,000 deep (an 8 KB file)
/// overflowed the stack and aborted the process. Every kind of nesting is bounded where it is
/// read: a text at the bound has no such error, one level more is an error at the first level
/// too deep, and thousands deep is the same error, never a crash.
#[test]
fn nesting_past_the_bound_is_an_error_at_its_place() {
    fn bullet(line: String) -> String {
        format!("**Judge** | Townsfolk Power\nPassive:\n  • {line}\n")
    }
    fn trigger(line: String) -> String {
        format!("**Judge** | Townsfolk Power\n{line}\n")
    }
    type Deep = fn(usize) -> String;
    // What nests, the text nested k deep, its deep line, and what opens each level on it.
    let cases: [(&str, Deep, usize, &str); 6] = [
        (
            "brackets",
            |k: usize| {
                bullet(format!(
                    "{}@Target exists{}: Learn `x`",
                    "(".repeat(k),
                    ")".repeat(k)
                ))
            },
            3,
            "(",
        ),
        (
            "not",
            |k: usize| bullet(format!("{}@Target exists: Learn `x`", "not ".repeat(k))),
            3,
            "not ",
        ),
        (
            "ceil",
            |k: usize| {
                bullet(format!(
                    "@Self->Counter > {}$total: Learn `x`",
                    "ceil ".repeat(k)
                ))
            },
            3,
            "ceil ",
        ),
        (
            "suffixes",
            |k: usize| bullet(format!("@Self{} exists: Learn `x`", "->Role".repeat(k))),
            3,
            "->Role",
        ),
        (
            "statements",
            |k: usize| bullet(format!("{}Learn `x`", "@Target exists: ".repeat(k))),
            3,
            "@Target",
        ),
        (
            "scaling",
            |k: usize| trigger(format!("Start Night: Learn `x` ⟨{}x1⟩", "Odd: ".repeat(k))),
            2,
            "Odd",
        ),
    ];
    let bound = mafia_mod::wwr::cursor::MAX_NESTING as usize;
    let dir = tempfile::tempdir().expect("tempdir");
    for (what, text, line, opens) in cases {
        let path = dir.path().join(format!("{what}.wwr"));
        let check = |deep: &str| {
            std::fs::write(&path, deep).expect("write");
            mafia_mod::wwr::check_file(&path).err().unwrap_or_default()
        };
        let at_bound = check(text(bound).as_str());
        assert!(
            !at_bound.iter().any(|e| e.contains("nested more than")),
            "{what} {bound} deep: {at_bound:#?}"
        );
        for k in [bound + 1, 4_000] {
            let deep = text(k);
            let deep_line = deep.lines().nth(line - 1).expect("the deep line");
            let byte = deep_line
                .match_indices(opens)
                .nth(bound)
                .expect("deep enough")
                .0;
            let col = deep_line[..byte].chars().count() + 1;
            let wanted = format!("{}:{line}:{col}: ", path.display());
            let errors = check(deep.as_str());
            assert!(
                errors
                    .iter()
                    .any(|e| e.starts_with(&wanted) && e.contains("nested more than")),
                "{what} {k} deep: expected an error at {line}:{col}, got {errors:#?}"
            );
        }
    }
}
