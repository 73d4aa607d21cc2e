//! Probing the top-level version and dispatching to migrations.

use crate::common;

use std::path::Path;

use common::{Doc, GOOD};
use mafia_mod::store::{FileError, Migration, load_versioned, parse_ron, probe_version};
use serde::Deserialize;

#[test]
fn probe_reads_version_whatever_the_struct_name() {
    let cases: &[(&str, Option<u32>)] = &[
        ("Game(version: 2)", Some(2)),
        ("Roleset(version: 7, name: \"x\")", Some(7)),
        ("(version: 3)", Some(3)),
        ("Game(\n    version: 4,\n)\n", Some(4)),
        (
            "Game(name: \"v\", players: [P(a: 1), P(a: 2)], version: 5)",
            Some(5),
        ),
        (
            "// comment\n/* block /* nested */ */ Game(\n  // version: 1\n  version: 6)",
            Some(6),
        ),
        ("#![enable(implicit_some)]\nGame(version: 8)", Some(8)),
        ("\u{feff}Game(version: 9)", Some(9)),
        ("{\"version\": 10}", Some(10)),
        ("Game(version: 0x0B)", Some(11)),
        ("Game(nested: Inner(version: 1), other: 2)", None),
        ("Game(name: \"x\")", None),
        ("Game()", None),
        ("Unit", None),
        ("[1, 2, 3]", None),
        ("", None),
        ("Game(version: -1)", None),
        ("Game(version: \"2\")", None),
        ("Game(version: 4294967296)", None),
        ("Game(name: \"unclosed, version: 2)", None),
        ("Game(broken: [, version: 2)", None),
    ];
    for (text, expected) in cases {
        assert_eq!(probe_version(text), *expected, "{text:?}");
    }
}

#[test]
fn probe_stops_at_the_version_so_later_mistakes_do_not_hide_it() {
    assert_eq!(probe_version("Game(version: 3, name: \"oops"), Some(3));
    assert_eq!(probe_version("Game(version: 3, players: [[[[ "), Some(3));
    assert_eq!(probe_version(GOOD), Some(3));
}

/// The current shape of the test document is version 3.
const CURRENT: u32 = 3;

/// Version 2 called `name` `title` and had no notes.
#[derive(Deserialize)]
#[serde(rename = "Doc", deny_unknown_fields)]
struct DocV2 {
    #[allow(dead_code)]
    version: u32,
    title: String,
}

fn from_v2(path: &Path, text: &str) -> Result<Doc, FileError> {
    let old: DocV2 = parse_ron(path, text)?;
    Ok(Doc {
        version: CURRENT,
        name: old.title,
        roles: Vec::new(),
        teams: Default::default(),
        notes: None,
    })
}

const MIGRATIONS: &[(u32, Migration<Doc>)] = &[(2, from_v2)];

fn load(text: &str) -> Result<Doc, FileError> {
    load_versioned(Path::new("g.ron"), text, CURRENT, MIGRATIONS)
}

#[test]
fn current_version_parses_directly() {
    let doc = load(GOOD).expect("current");
    assert_eq!(doc.version, 3);
}

#[test]
fn older_version_goes_through_its_migration() {
    let doc = load("Doc(version: 2, title: \"Old game\")").expect("migrated");
    assert_eq!((doc.version, doc.name.as_str()), (3, "Old game"));
    // The migration's own parse errors come back with their positions.
    let e = load("Doc(version: 2, name: \"x\")").expect_err("v2 has no name");
    assert_eq!((e.line, e.col), (Some(1), Some(17)), "{e}");
}

#[test]
fn newer_version_is_refused_with_the_promised_message() {
    let e = load_versioned::<Doc>(Path::new("g.ron"), "Doc(\n    version: 9,\n)", 8, &[])
        .expect_err("newer");
    assert_eq!(
        e.to_string(),
        "g.ron:2:14: version: save version 9 is newer than this mafia-mod understands (8)"
    );
}

#[test]
fn unknown_old_version_lists_what_can_be_read() {
    let e = load("Doc(version: 1)").expect_err("too old");
    assert_eq!(
        e.to_string(),
        "g.ron:1:14: version: save version 1 is too old for this mafia-mod, which reads versions 2, 3"
    );
}

#[test]
fn missing_version_names_line_one() {
    let e = load("Doc(\n    name: \"x\",\n)").expect_err("missing");
    assert_eq!((e.line, e.col), (Some(1), Some(1)));
    assert!(e.message.contains("version"), "{e}");
}

#[test]
fn broken_documents_get_the_typed_parser_s_message() {
    // Broken after the version: the current type reports it with a field path.
    let text = GOOD.replacen("faction: Mafia", "faction: Mafioso", 1);
    let e = load(&text).expect_err("bad variant");
    assert_eq!(e.field, "roles[1].faction");
    // Broken before the version: still a positioned error, not "missing version".
    let e = load("Doc(name: \"x, version: 3)").expect_err("unclosed string");
    assert_eq!((e.line, e.col), (Some(1), Some(11)), "{e}");
    // A version that is not a number.
    let e = load("Doc(version: \"3\")").expect_err("string version");
    assert_eq!((e.line, e.col), (Some(1), Some(14)), "{e}");
    assert_eq!(e.field, "version");
}
