//! Error messages for broken files: every mangled document gives a `FileError` with the right
//! line, column and field path, and nothing panics.

use crate::common;

use std::path::Path;

use common::{Doc, GOOD};
use mafia_mod::store::{FileError, parse_ron, read_ron};

const PATH: &str = "rolesets/test.ron";

fn parse(text: &str) -> Result<Doc, FileError> {
    parse_ron(Path::new(PATH), text)
}

/// 1-based (line, column in characters) of the first occurrence of `needle` in `text`.
fn position_of(text: &str, needle: &str) -> (usize, usize) {
    let Some(offset) = text.find(needle) else {
        panic!("{needle:?} not in the test document");
    };
    let before = &text[..offset];
    let line = 1 + before.matches('\n').count();
    let col = 1 + before.rsplit('\n').next().unwrap_or("").chars().count();
    (line, col)
}

/// Replace exactly one occurrence, so a typo in a test cannot silently test nothing.
fn mangle(from: &str, to: &str) -> String {
    assert_eq!(GOOD.matches(from).count(), 1, "{from:?} must occur once");
    GOOD.replacen(from, to, 1)
}

struct Case {
    what: &'static str,
    text: String,
    /// Where the error must point, as a needle whose first occurrence is the spot.
    at: Position,
    field: &'static str,
    message_contains: &'static str,
}

enum Position {
    Needle(&'static str),
    LineCol(usize, usize),
}

fn cases() -> Vec<Case> {
    use Position::{LineCol, Needle};
    vec![
        Case {
            what: "unknown field in a nested struct",
            text: mangle("limit: None,", "limit: None, colour: 3,"),
            at: Needle("colour"),
            field: "roles[0].colour",
            message_contains: "Unexpected field named `colour` in `Role`",
        },
        Case {
            what: "unknown field in a map value",
            text: mangle("chat: true", "chat: true, colour: 3"),
            at: Needle("colour"),
            field: "teams.mafia.colour",
            message_contains: "Unexpected field named `colour` in `Team`",
        },
        Case {
            what: "unknown field in a struct variant",
            text: mangle("strength: 1", "strength: 1, range: 2"),
            at: Needle("range"),
            field: "roles[1].abilities[0].effect.Kill.range",
            message_contains: "Unexpected field named `range`",
        },
        Case {
            what: "bad enum variant",
            text: mangle("faction: Mafia", "faction: Mafioso"),
            at: Needle("Mafioso"),
            field: "roles[1].faction",
            message_contains: "Unexpected variant named `Mafioso` in enum `Faction`",
        },
        Case {
            what: "wrong type at the top level",
            text: mangle("version: 3", "version: three"),
            at: Needle("three"),
            field: "version",
            message_contains: "Expected integer",
        },
        Case {
            what: "wrong type inside an option",
            text: mangle("limit: Some(2)", "limit: Some(\"2\")"),
            at: Needle("\"2\""),
            field: "roles[1].limit",
            message_contains: "Expected integer",
        },
        Case {
            what: "wrong type: a string where a list is expected",
            text: mangle("targets: [[3]]", "targets: \"3\""),
            at: Needle("\"3\""),
            field: "roles[1].abilities[0].targets",
            message_contains: "Expected opening `[`",
        },
        Case {
            what: "integer out of range in a nested list",
            text: mangle("[[3]]", "[[3, -1]]"),
            at: Needle("-1"),
            field: "roles[1].abilities[0].targets[0][1]",
            message_contains: "out of bounds",
        },
        Case {
            what: "unclosed string runs to the end of the file",
            text: mangle("Some(\"Мафия\\nline two\"),", "Some(\"Мафия),"),
            at: Needle("\"Мафия"),
            field: "notes",
            message_contains: "Expected end of string",
        },
        Case {
            what: "struct variant written as a unit variant",
            text: mangle("Kill(strength: 1)", "Kill"),
            at: Needle(", targets: [[3]]"),
            field: "roles[1].abilities[0].effect.Kill",
            message_contains: "",
        },
        Case {
            what: "tuple variant with too few members",
            text: mangle("Redirect(1, 2)", "Redirect(1)"),
            at: Needle("), targets: []),\n                Ability(id: \"block\""),
            field: "roles[1].abilities[1].effect.Redirect",
            message_contains: "2 elements but found one",
        },
        Case {
            what: "wrong struct name",
            text: mangle("Doc(", "Game("),
            at: Needle("Game("),
            field: "",
            message_contains: "Expected struct `Doc` but found `Game`",
        },
        Case {
            what: "missing field is reported where the struct closes",
            text: mangle("    name: \"Test \\\"city\\\"\",\n", ""),
            at: Needle(")\n"),
            field: "",
            message_contains: "missing field named `name`",
        },
        Case {
            what: "missing comma between fields",
            text: mangle("faction: Town,", "faction: Town"),
            at: Needle("abilities: [\n                Ability(id: \"check\""),
            field: "roles[0]",
            message_contains: "",
        },
        Case {
            what: "trailing junk after the document",
            text: format!("{GOOD}junk"),
            at: Needle("junk"),
            field: "",
            message_contains: "trailing characters",
        },
        Case {
            what: "empty file",
            text: String::new(),
            at: LineCol(1, 1),
            field: "",
            message_contains: "empty",
        },
        Case {
            what: "whitespace-only file",
            text: "  \n\t\n".to_string(),
            at: LineCol(1, 1),
            field: "",
            message_contains: "empty",
        },
        Case {
            what: "unclosed block comment",
            text: format!("/* notes\n{GOOD}"),
            at: LineCol(1, 1),
            field: "",
            message_contains: "",
        },
    ]
}

#[test]
fn the_good_document_parses() {
    let doc = parse(GOOD).expect("GOOD must parse");
    assert_eq!(doc.roles.len(), 2);
    assert_eq!(doc.notes.as_deref(), Some("Мафия\nline two"));
}

#[test]
fn mangled_documents_point_at_the_mistake() {
    let mut failures = Vec::new();
    for case in cases() {
        let expected = match case.at {
            Position::Needle(n) => position_of(&case.text, n),
            Position::LineCol(l, c) => (l, c),
        };
        match parse(&case.text) {
            Ok(_) => failures.push(format!("{}: parsed but should not", case.what)),
            Err(e) => {
                let got = (e.line.unwrap_or(0), e.col.unwrap_or(0));
                if got != expected
                    || e.field != case.field
                    || !e.message.contains(case.message_contains)
                    || e.path != Path::new(PATH)
                {
                    failures.push(format!(
                        "{}: expected {}:{} field {:?} containing {:?}, got {e}",
                        case.what, expected.0, expected.1, case.field, case.message_contains
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Cutting the file anywhere (a crash while someone else wrote it, a bad copy) must give an
/// error that points inside what is left, never a panic and never a position past the end.
#[test]
fn truncation_at_every_character_is_an_error_inside_the_text() {
    let cut_points: Vec<usize> = GOOD.char_indices().map(|(i, _)| i).collect();
    let complete = GOOD.trim_end().len();
    for &cut in &cut_points {
        let text = &GOOD[..cut];
        match parse(text) {
            Ok(_) => assert!(cut >= complete, "prefix of {cut} bytes parsed"),
            Err(e) => {
                let (Some(line), Some(col)) = (e.line, e.col) else {
                    panic!("no position for a cut at {cut}: {e}");
                };
                let lines: Vec<&str> = text.split('\n').collect();
                assert!(line >= 1 && line <= lines.len(), "cut {cut}: {e}");
                let width = lines[line - 1].chars().count();
                assert!(col >= 1 && col <= width + 1, "cut {cut}: {e}");
            }
        }
    }
}

#[test]
fn garbage_never_panics() {
    let samples = [
        "(",
        ")",
        "[",
        "{",
        "\"",
        "'",
        "r#\"",
        "/*",
        "//",
        "#![",
        "#![enable(",
        "Doc(version:",
        "Doc(version: 99999999999999999999)",
        "Doc(,)",
        "Doc(version: 3,,)",
        "\u{feff}",
        "Doc(version: 0x, name: b\"\")",
        "Doc(roles: [Role(faction: ",
        "\0\0\0",
    ];
    for s in samples {
        let e = parse(s).expect_err(s);
        assert!(e.line.is_some() && e.col.is_some(), "{s:?}: {e}");
    }
    // Deep nesting is refused by RON's recursion limit instead of overflowing the stack.
    let deep = format!("Doc(version: 1, name: \"\", roles: {}", "[".repeat(100_000));
    assert!(parse(&deep).is_err());
}

#[test]
fn byte_order_mark_is_ignored() {
    let with_bom = format!("\u{feff}{GOOD}");
    assert!(parse(&with_bom).is_ok());
}

#[test]
fn read_ron_reports_non_utf8_at_the_bad_byte() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("latin1.ron");
    let mut bytes = GOOD.replace("Cop", "Cop?").into_bytes();
    let at = bytes
        .iter()
        .position(|&b| b == b'?')
        .expect("placeholder present");
    bytes[at] = 0xE9; // 'é' in Latin-1, not UTF-8
    std::fs::write(&path, &bytes).expect("write");
    let e = read_ron::<Doc>(&path).expect_err("not UTF-8");
    assert_eq!(e.path, path);
    let expected = position_of(&GOOD.replace("Cop", "Cop?"), "?");
    assert_eq!((e.line, e.col), (Some(expected.0), Some(expected.1)));
    assert!(
        e.message.contains("UTF-8") && e.message.contains("0xE9"),
        "{e}"
    );
}

#[test]
fn read_ron_reports_io_errors_as_file_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("missing.ron");
    let e = read_ron::<Doc>(&path).expect_err("missing");
    assert_eq!((e.line, e.col), (None, None));
    assert!(e.to_string().starts_with(&format!("{}: ", path.display())));
    let ok: Doc = {
        let good = dir.path().join("good.ron");
        std::fs::write(&good, GOOD).expect("write");
        read_ron(&good).expect("good file")
    };
    assert_eq!(ok.version, 3);
}

/// The exact wording hosts will see, pinned so a dependency upgrade that changes it is noticed.
#[test]
fn messages_snapshot() {
    let report: Vec<String> = cases()
        .into_iter()
        .map(|case| match parse(&case.text) {
            Ok(_) => format!("{}: OK", case.what),
            Err(e) => format!("{}:\n    {e}", case.what),
        })
        .collect();
    insta::assert_snapshot!(report.join("\n"));
}
