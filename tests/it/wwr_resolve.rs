//! Loading a folder resolves names the way WWR compares them, inlines ability sets, and
//! reports every reference that names nothing (with its span, and a suggestion when a name
//! is close).

use mafia_mod::wwr::resolve::{Library, Namespace};
use std::path::Path;

fn library() -> Library {
    Library::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wwr/folder")).expect("loads")
}

#[test]
fn names_match_regardless_of_case_spacing_and_punctuation() {
    let lib = library();
    assert!(
        lib.entries.iter().all(|e| !e.parsed.has_errors()),
        "the folder's texts parse"
    );
    for name in [
        "Soot Covered",
        "SootCovered",
        "soot-covered",
        "SOOT_COVERED",
    ] {
        assert!(
            lib.lookup(&[Namespace::Attribute], name).is_some(),
            "{name}"
        );
    }
    // A team answers to its header name, its file name and its name without ` Team`.
    for name in ["Lantern Team", "Lantern", "lantern"] {
        assert!(lib.lookup(&[Namespace::Team], name).is_some(), "{name}");
    }
    assert!(lib.lookup(&[Namespace::Role], "Soot Covered").is_none());
}

#[test]
fn ability_sets_are_inlined_recursively() {
    let lib = library();
    let index = lib
        .entries
        .iter()
        .position(|e| e.path.ends_with("roles/lamplighter.wwr"))
        .expect("the lamplighter");
    let inlined = lib.inlined_triggers(index);
    let sources: Vec<Option<&str>> = inlined.iter().map(|t| t.from_set).collect();
    assert_eq!(
        sources,
        [Some("Harbour Kin"), Some("Lantern Kin"), None, None],
        "the nested set's trigger, the set's own, then the role's two"
    );
}

#[test]
fn unresolved_references_are_reported_where_they_are_written() {
    let lib = library();
    let mut found: Vec<String> = lib
        .unresolved()
        .into_iter()
        .map(|(i, d)| {
            let file = lib.entries[i]
                .path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_string();
            format!("{file}:{}:{}: {}", d.span.line, d.span.col, d.message)
        })
        .collect();
    found.sort();
    assert_eq!(
        found,
        [
            "harbour-master.wwr:2:10: no ability set named `Lantern Kinn` in this folder (did you mean `Lantern Kin`?)",
            "harbour-master.wwr:3:24: no attribute named `Sot Covered` in this folder (did you mean `Soot Covered`?)",
            "harbour-master.wwr:4:42: no role named `Lamplightr` in this folder (did you mean `Lamplighter`?)",
            "harbour-master.wwr:5:34: no team named `Lantrn` in this folder (did you mean `Lantern`?)",
            "harbour-master.wwr:6:16: no group or location named `Lantern-Guild` in this folder",
        ]
    );
}

#[test]
fn spacing_and_case_variants_are_the_same_name() {
    // `Lanternkin` is `Lantern Kin` as WWR compares names: not reported.
    let lib = library();
    assert!(lib.lookup(&[Namespace::AbilitySet], "Lanternkin").is_some());
}
