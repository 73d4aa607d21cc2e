//! `roleset show` on a WWR folder lists every role with its triggers (ability sets inlined)
//! and each ability's compiled mapping or the reason it cannot run yet.

use std::path::Path;

fn show(dir: &Path) -> String {
    let mut out = Vec::new();
    mafia_mod::commands::wwr::show(dir, &mut out).expect("the folder is readable");
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

/// `roleset show DIR --summary`: one line per role, `NAME<TAB>executable` or
/// `NAME<TAB>not yet executable: <reason>` naming the first construct outside layer A.
#[test]
fn the_summary_is_one_truthful_line_per_role() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wwr/folder");
    let mut out = Vec::new();
    mafia_mod::commands::wwr::summary(&dir, &mut out).expect("readable");
    let text = String::from_utf8(out).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "Harbour Master\tnot yet executable: `Activate @Self always`: activation (layer C)",
            "Lamplighter\texecutable",
        ],
        "{text}"
    );
}

/// The research's layer A (§4.1): the 36 named roles of the shared corpus are executable, and
/// so are 8 more of its other classes; every other role names its reason.
#[test]
fn the_summary_marks_layer_a_of_the_corpus_executable() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/wwr-corpus");
    if !corpus.is_dir() {
        eprintln!("skipped: the WWR corpus is not at {}", corpus.display());
        return;
    }
    let mut out = Vec::new();
    mafia_mod::commands::wwr::summary(&corpus, &mut out).expect("readable");
    let text = String::from_utf8(out).expect("UTF-8");
    let executable: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_suffix("\texecutable"))
        .collect();
    let layer_a = [
        "Citizen",
        "Fortune Teller",
        "Aura Teller",
        "Huntsman",
        "Crowd Seeker",
        "Innkeeper",
        "Hooker",
        "Witch",
        "Cleric",
        "Priest",
        "Assassin",
        "Barber",
        "Executioner",
        "Cult Leader",
        "Runner",
        "Macho",
        "Coroner",
        "Ranger",
        "Herald",
        "Town Crier",
        "Alcoholic",
        "Butcher",
        "Bard",
        "Wolf",
        "Warlock",
        "Tracking Wolf",
        "Direwolf",
        "Scared Wolf",
        "Sneaking Wolf",
        "Knowledgeable Wolf",
        "Tanner",
        "Bloody Butcher",
        "Greater Coyote",
        "Lesser Coyote",
        "Ritualist Wolf",
        "Keen Coyote",
    ];
    for role in layer_a {
        assert!(
            executable.contains(&role),
            "{role} is not executable:\n{text}"
        );
    }
    assert!(
        executable.len() >= 44,
        "{} executable:\n{text}",
        executable.len()
    );
    for line in text.lines().filter(|l| !l.ends_with("\texecutable")) {
        let (_, why) = line.split_once("\tnot yet executable: ").expect(line);
        assert!(why.contains("layer"), "{line}");
    }
}
