//! `to_ron` and `parse_ron` agree: what we write reads back equal, and writing it again gives
//! the same bytes, for documents with maps, enums, options, nested lists and awkward strings.

use crate::common;

use std::path::Path;

use common::{Ability, Doc, Effect, Faction, GOOD, Role, Team};
use mafia_mod::store::{backup_path, parse_ron, save_ron, to_ron, verify_roundtrip};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

/// Strings a host really types (quotes, backslashes, newlines, Cyrillic, emoji, tabs) plus
/// arbitrary Unicode, control characters included.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 \"\\\\\n\t{}()\\[\\],:#/*'rМафияé🎲]{0,12}",
        any::<String>(),
    ]
}

fn effect() -> impl Strategy<Value = Effect> {
    prop_oneof![
        Just(Effect::Block),
        any::<u8>().prop_map(|strength| Effect::Kill { strength }),
        text().prop_map(Effect::Message),
        (any::<u16>(), any::<u16>()).prop_map(|(a, b)| Effect::Redirect(a, b)),
    ]
}

fn role() -> impl Strategy<Value = Role> {
    let faction = prop_oneof![
        Just(Faction::Town),
        Just(Faction::Mafia),
        Just(Faction::Neutral)
    ];
    let ability = (
        text(),
        effect(),
        prop::collection::vec(prop::collection::vec(any::<u16>(), 0..3), 0..3),
    )
        .prop_map(|(id, effect, targets)| Ability {
            id,
            effect,
            targets,
        });
    (
        text(),
        faction,
        prop::collection::vec(ability, 0..3),
        any::<Option<u32>>(),
    )
        .prop_map(|(name, faction, abilities, limit)| Role {
            name,
            faction,
            abilities,
            limit,
        })
}

fn doc() -> impl Strategy<Value = Doc> {
    let team = (prop::collection::vec(text(), 0..3), any::<bool>())
        .prop_map(|(members, chat)| Team { members, chat });
    (
        any::<u32>(),
        text(),
        prop::collection::vec(role(), 0..4),
        prop::collection::btree_map(text(), team, 0..3),
        proptest::option::of(text()),
    )
        .prop_map(|(version, name, roles, teams, notes)| Doc {
            version,
            name,
            roles,
            teams,
            notes,
        })
}

proptest! {
    #[test]
    fn to_ron_then_parse_is_identity_and_byte_stable(doc in doc()) {
        let path = Path::new("prop.ron");
        let first = to_ron(&doc).expect("serialise");
        let back: Doc = parse_ron(path, &first).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&back, &doc);
        let second = to_ron(&back).expect("serialise again");
        prop_assert_eq!(&second, &first);
        prop_assert!(verify_roundtrip::<Doc>(path, first.as_bytes()).is_ok());
    }
}

#[test]
fn output_shape_is_pinned() {
    let doc: Doc = parse_ron(Path::new("good.ron"), GOOD).expect("parse");
    let text = to_ron(&doc).expect("serialise");
    assert!(text.starts_with("Doc(\n    version: 3,\n"), "{text}");
    assert!(text.ends_with(")\n") && !text.ends_with("\n\n"));
    assert!(!text.contains('\r') && !text.contains('\t'));
    assert!(text.contains("Мафия"), "non-ASCII stays readable");
    insta::assert_snapshot!(text);
}

/// Written as `a`, read as `b`: what it writes cannot be read back at all.
#[derive(Debug, Serialize, Deserialize)]
struct Unreadable {
    #[serde(rename(serialize = "a", deserialize = "b"))]
    value: u8,
}

/// Reads back as a different value, so writing it again changes the bytes.
#[derive(Debug, Serialize, Deserialize)]
struct Drifting {
    #[serde(deserialize_with = "plus_one")]
    count: u8,
}

fn plus_one<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    Ok(u8::deserialize(d)?.saturating_add(1))
}

#[test]
fn verify_roundtrip_refuses_text_that_is_not_canonical() {
    let path = Path::new("g.ron");
    // Hand-written text parses, but is not what `to_ron` writes: refuse to save it verbatim.
    let e = verify_roundtrip::<Doc>(path, GOOD.as_bytes()).expect_err("not canonical");
    assert_eq!(e.line, Some(1), "{e}");
    assert!(e.message.contains("refusing"), "{e}");
    assert!(verify_roundtrip::<Doc>(path, b"\xff").is_err());

    let drifting = to_ron(&Drifting { count: 1 }).expect("serialise");
    let e = verify_roundtrip::<Drifting>(path, drifting.as_bytes()).expect_err("drifts");
    assert_eq!((e.line, e.col), (Some(2), Some(12)), "{e}");
}

#[test]
fn save_ron_keeps_the_last_good_save_when_the_value_is_bad() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("game.ron");
    let doc: Doc = parse_ron(&path, GOOD).expect("parse");
    save_ron(&path, &doc, 2).expect("save");
    let saved = std::fs::read_to_string(&path).expect("read");
    assert_eq!(saved, to_ron(&doc).expect("serialise"));

    for (name, result) in [
        (
            "unreadable.ron",
            save_ron(
                &dir.path().join("unreadable.ron"),
                &Unreadable { value: 1 },
                2,
            ),
        ),
        (
            "drifting.ron",
            save_ron(&dir.path().join("drifting.ron"), &Drifting { count: 1 }, 2),
        ),
    ] {
        assert!(result.is_err(), "{name} must be refused");
        assert!(
            !dir.path().join(name).exists(),
            "{name} must not be written"
        );
    }

    // A refused save leaves an existing file and its backups alone.
    let existing = dir.path().join("drifting.ron");
    std::fs::write(&existing, "previous").expect("write");
    assert!(save_ron(&existing, &Drifting { count: 7 }, 2).is_err());
    assert_eq!(
        std::fs::read_to_string(&existing).expect("read"),
        "previous"
    );
    assert!(!backup_path(&existing, 1).exists());
}
