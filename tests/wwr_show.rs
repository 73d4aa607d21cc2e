//! `roleset show` on a WWR folder lists every role with its triggers (ability sets inlined)
//! and each ability's compiled mapping or the reason it cannot run yet.

use std::path::Path;

fn show(dir: &Path) -> String {
    let mut out = Vec::new();
    mafia_mod::wwr::run_show_command(dir, &mut out).expect("the folder is readable");
    String::from_utf8(out).expect("UTF-8 output")
}

#[test]
fn roles_are_listed_with_compiled_abilities() {
    let text = show(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wwr/folder"));
    let lamplighter = text
        .split("\n\n")
        .find(|block| block.contains("Lamplighter | Solo Power - Lantern Team"))
        .unwrap_or_else(|| panic!("no Lamplighter in:\n{text}"));
    let expected_lines = [
        "  Starting  (from ability set Harbour Kin)",
        "    - Apply `SootCovered` to @Self",
        "        -> apply status `SootCovered` to @Self",
        "  Starting  (from ability set Lantern Kin)",
        "    - Join #Lanterns",
        "        -> not yet executable: group membership is not in the engine's vocabulary yet",
        "  Immediate Night [Condition: not (@Selection is in #lanterns)]",
    ];
    for line in expected_lines {
        assert!(
            lamplighter.lines().any(|l| l == line),
            "missing {line:?} in:\n{lamplighter}"
        );
    }
    assert!(text.contains("Harbour Master | Solo Miscellaneous - Lantern Team"));
    assert!(
        text.lines()
            .last()
            .is_some_and(|l| l.starts_with("2 roles, ")),
        "summary line: {:?}",
        text.lines().last()
    );
    // Unresolved references are listed before the roles.
    assert!(text.starts_with(&format!(
        "{}",
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wwr/folder").display()
    )));
}

#[test]
fn the_shared_corpus_shows_every_role() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/wwr-corpus");
    if !corpus.is_dir() {
        eprintln!("skipped: the WWR corpus is not at {}", corpus.display());
        return;
    }
    let text = show(&corpus);
    let summary = text.lines().last().unwrap_or_default();
    assert!(summary.starts_with("114 roles, "), "{summary}");
    assert!(text.contains("Fortune Teller | Townsfolk Investigative"));
    assert!(
        text.contains("-> investigate the role of @Selection (weak and strong disguises apply)")
    );
}

/// `roleset show DIR --summary`: one line per role, `NAME<TAB>...`; no WWR game runs yet, so
/// every role says it is not yet executable, naming the first ability the compiled view cannot
/// map where there is one.
#[test]
fn the_summary_is_one_truthful_line_per_role() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wwr/folder");
    let mut out = Vec::new();
    mafia_mod::wwr::report::run_summary_command(&dir, &mut out).expect("readable");
    let text = String::from_utf8(out).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    for line in &lines {
        let (name, status) = line.split_once('\t').expect("a tab after the name");
        assert!(!name.is_empty());
        assert!(status.starts_with("not yet executable: "), "{line}");
    }
    let lamplighter = lines
        .iter()
        .find(|l| l.starts_with("Lamplighter\t"))
        .expect("Lamplighter");
    assert!(
        lamplighter.contains("group membership is not in the engine's vocabulary yet"),
        "{lamplighter}"
    );
}
