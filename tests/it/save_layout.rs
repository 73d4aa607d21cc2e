//! The save's log is written one entry a line and read split at its line ends on two threads
//! (`savefile::layout`). That split must be only a faster way to the game the plain RON reader
//! reads: these tests compare the two readings on real saves, on logs holding every awkward
//! string a host types, and on texts mangled anywhere, where the split must either read exactly
//! what the plain reader reads or step aside.

use mafia_mod::engine::{Entry, GameFile, HostCommand, LoggedEntry};
use mafia_mod::savefile::layout::{read_split, write};
use mafia_mod::store::{parse_ron, to_ron};
use proptest::prelude::*;
use std::path::Path;

fn plain(text: &str) -> Option<GameFile> {
    parse_ron(Path::new("t.ron"), text).ok()
}

fn demo_file() -> GameFile {
    mafia_mod::demo::demo_game().expect("demo").file().clone()
}

#[test]
fn the_bundled_saves_read_the_same_split_and_plain() {
    for name in ["demo.ron", "demo-conan.ron", "demo-wwr.ron"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("saves")
            .join(name);
        let text = std::fs::read_to_string(&path).expect("bundled save");
        let file = plain(&text).expect("the bundled save reads");
        let written = write(&file).expect("written");
        assert!(
            written.contains("\n    entries: [\n        LoggedEntry(seq: 1, "),
            "{name}: the log is not one entry a line"
        );
        assert_eq!(read_split(&written), Some(file.clone()), "{name}");
        assert_eq!(plain(&written), Some(file), "{name}");
    }
}

#[test]
fn a_save_in_the_older_pretty_layout_is_read_plainly() {
    let file = demo_file();
    let pretty = to_ron(&file).expect("pretty");
    assert_eq!(read_split(&pretty), None);
    assert_eq!(plain(&pretty), Some(file));
}

#[test]
fn an_empty_log_is_read_either_way() {
    let mut file = demo_file();
    file.entries.clear();
    file.published.clear();
    let text = write(&file).expect("written");
    assert_eq!(read_split(&text), Some(file.clone()));
    assert_eq!(plain(&text), Some(file));
}

/// A hand edit may put a line break inside a string (RON allows it; mafia-mod never writes
/// one): a string, a raw string or a comment holding what looks like the log is not the log.
#[test]
fn a_log_written_inside_a_string_or_comment_by_hand_is_not_the_log() {
    let fake = "\n    entries: [\n        LoggedEntry(seq: 1, entry: Resolve),\n    ],\n";
    for with_log in [true, false] {
        let mut file = demo_file();
        if !with_log {
            file.entries.clear();
            file.published.clear();
        }
        let text = write(&file).expect("written");
        let quoted = format!("\"x{fake}y\"");
        let raw = format!("r#\"x{fake}y\"#");
        let name_line = text
            .lines()
            .find(|l| l.starts_with("    name: "))
            .expect("name");
        for value in [quoted, raw] {
            let edited = text.replacen(name_line, &format!("    name: {value},"), 1);
            let read = plain(&edited).expect("the hand edit is valid RON");
            assert_eq!(read.entries, file.entries);
            assert!(read_split(&edited).is_none_or(|split| split == read));
        }
        let commented = text.replacen(name_line, &format!("    /*{fake}*/\n{name_line}"), 1);
        let read = plain(&commented).expect("a comment is valid RON");
        assert!(read_split(&commented).is_none_or(|split| split == read));
    }
}

/// What hosts type into notes and names: quotes, backslashes, line breaks, brackets, comment
/// markers, the log's own first line, Cyrillic, emoji, and any Unicode at all.
fn awkward() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z \"\\\\\n\t()\\[\\],:#/*'rСергей🎲]{0,16}",
        Just("\n    entries: [\n        LoggedEntry(seq: 1, entry: Resolve),\n    ],\n".into()),
        Just("/* \" r#\"".into()),
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_log_reads_back_the_same_split_and_plain(
        notes in prop::collection::vec(awkward(), 0..6),
        name in awkward(),
    ) {
        let mut file = demo_file();
        file.name = name;
        let mut seq = file.entries.last().map_or(0, |e| e.seq);
        for text in notes {
            seq += 1;
            file.entries.push(LoggedEntry {
                seq,
                at: Some(seq),
                // A post's time as a page shows it is free text too.
                posted: Some(text.chars().rev().collect()),
                entry: Entry::Host(HostCommand::Note(text)),
            });
        }
        let text = write(&file).expect("written");
        prop_assert_eq!(plain(&text), Some(file.clone()));
        if let Some(split) = read_split(&text) {
            prop_assert_eq!(split, file);
        }
    }

    #[test]
    fn a_mangled_save_is_read_split_only_as_the_plain_reader_reads_it(
        at in 0.0f64..1.0,
        cut in 0usize..40,
        insert in awkward(),
    ) {
        let text = write(&demo_file()).expect("written");
        let mut start = ((text.len() as f64) * at) as usize;
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = (start + cut).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mangled = [&text[..start], insert.as_str(), &text[end..]].concat();
        if let Some(split) = read_split(&mangled) {
            prop_assert_eq!(Some(split), plain(&mangled));
        }
    }
}
