//! Every ability type maps to the engine vocabulary or says why it cannot run yet.

use mafia_mod::wwr::ast::StatementKind;
use mafia_mod::wwr::compile::{Compiled, compile};
use mafia_mod::wwr::parse_element;
use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn every_ability_type_compiles_to_the_vocabulary_or_a_reason() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wwr/valid/abilities.wwr");
    let text = std::fs::read_to_string(path).expect("readable");
    let element = parse_element(&text).element.expect("parses");
    let mut actions = BTreeSet::new();
    let mut not_yet = BTreeSet::new();
    for statement in &element.triggers[0].body {
        let StatementKind::Ability { ability } = &statement.kind else {
            continue;
        };
        match compile(ability) {
            Compiled::Executable(v) => {
                let json = serde_json::to_value(&v).expect("serialisable");
                actions.insert(json["action"].as_str().unwrap_or_default().to_string());
            }
            Compiled::NotYetExecutable { reason } => {
                assert!(!reason.is_empty());
                not_yet.insert(ability.kind.type_name());
            }
        }
    }
    let expected_actions = [
        "apply_status",
        "block",
        "change_alignment",
        "change_role",
        "change_votes",
        "copy_role",
        "counter",
        "disguise",
        "grant_role",
        "investigate",
        "kill",
        "message",
        "protect",
        "redirect",
        "remove_status",
        "revoke_role",
        "swap_roles",
        "transfer_role",
    ];
    assert_eq!(
        actions,
        expected_actions.iter().map(|s| s.to_string()).collect()
    );
    for type_name in [
        "Targeting",
        "Joining",
        "Poll Manipulating",
        "Choices",
        "Emitting",
        "Resurrecting",
    ] {
        assert!(
            not_yet.contains(type_name),
            "{type_name} should be marked not yet executable"
        );
    }
}

#[test]
fn readable_forms() {
    let text = "**T** | Townsfolk Power\nImmediate Night:\n  • Protect @Selection from `Attacks` by @(Attr:Wolfish) through Absence at #tavern during Night (~Phase)\n  • Manipulate @Self's `public voting power` by `-1`\n  • Obstruct !Killing for @Selection\n";
    let element = parse_element(text).element.expect("parses");
    let rendered: Vec<String> = element.triggers[0]
        .body
        .iter()
        .filter_map(|s| match &s.kind {
            StatementKind::Ability { ability } => Some(compile(ability).to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(
        rendered,
        [
            "protect @Selection from Attacks (Absence defense at #tavern) when caused by @(Attr:Wolfish) during Night for ~Phase",
            "adjust the public voting power of @Self by `-1`",
            "block all but Killing abilities of @Selection",
        ]
    );
}
