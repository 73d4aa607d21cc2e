//! The project's own WWR texts (`tests/wwr/valid/`), one or more per construct, parse without
//! errors or warnings, and key constructs come out as the intended tree.

use mafia_mod::wwr::ast::{
    AbilityKind, ConditionKind, ElementKind, Joining, Poll, RestrictionKind, StatementKind,
    TriggerKind,
};
use mafia_mod::wwr::{Parsed, parse_element};
use std::path::Path;

fn valid_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wwr/valid")
}

fn parse(name: &str) -> Parsed {
    let path = valid_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_element(&text)
}

#[test]
fn every_valid_text_parses_cleanly() {
    let files = mafia_mod::wwr::report::wwr_files(&valid_dir()).expect("tests/wwr/valid exists");
    assert!(
        files.len() >= 20,
        "expected a text per construct, found {}",
        files.len()
    );
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let parsed = parse_element(&text);
        let messages: Vec<String> = parsed.diagnostics.iter().map(|d| d.render(&path)).collect();
        assert!(messages.is_empty(), "{messages:#?}");
        assert!(parsed.element.is_some(), "{}", path.display());
        assert_eq!(mafia_mod::wwr::check_file(&path), Ok(()));
    }
}

#[test]
fn header_kinds() {
    let kind = |name: &str| parse(name).element.map(|e| e.header.kind.label());
    assert_eq!(kind("header_role.wwr"), Some("role"));
    assert_eq!(kind("header_group.wwr"), Some("group"));
    assert_eq!(kind("header_class_group.wwr"), Some("group"));
    assert_eq!(kind("header_poll.wwr"), Some("poll"));
    assert_eq!(kind("header_attribute.wwr"), Some("attribute"));
    assert_eq!(kind("header_ability_set.wwr"), Some("ability set"));
    assert_eq!(kind("header_team.wwr"), Some("team"));
    assert_eq!(kind("header_location.wwr"), Some("location"));
    assert_eq!(kind("header_display.wwr"), Some("display"));
    let role = parse("header_role.wwr").element.expect("parses");
    let ElementKind::Role { team, .. } = role.header.kind else {
        panic!("not a role")
    };
    assert_eq!(team.map(|t| t.text).as_deref(), Some("Lantern Team"));
    assert_eq!(role.header.tags[0].text, "Limited");
}

#[test]
fn every_trigger_form_is_recognised() {
    let element = parse("triggers.wwr").element.expect("parses");
    let kinds: std::collections::HashSet<TriggerKind> =
        element.triggers.iter().map(|t| t.trigger.kind).collect();
    assert!(kinds.len() >= 55, "only {} trigger kinds", kinds.len());
    let visited = element
        .triggers
        .iter()
        .find(|t| t.trigger.to_string() == "On @Target Visited [Attack Killing]")
        .expect("parameterised visit trigger");
    assert!(visited.trigger.subject.is_some());
}

#[test]
fn six_bullet_levels_nest_despite_irregular_indentation() {
    let element = parse("bullets.wwr").element.expect("parses");
    let body = &element.triggers[0].body;
    assert_eq!(body.len(), 5, "five level-one lines");
    let mut depth = 0;
    let mut statement = &body[2];
    while let StatementKind::Branch { body, .. } = &statement.kind {
        depth += 1;
        statement = &body[0];
    }
    assert_eq!(depth, 5);
    assert!(matches!(statement.kind, StatementKind::Ability { .. }));
    assert_eq!(statement.span.line, 10);
}

#[test]
fn parameters_on_later_bullet_lines_are_kept() {
    let element = parse("params.wwr").element.expect("parses");
    let block = element.triggers.last().expect("a trigger");
    assert_eq!(block.params.restrictions.len(), 1);
    assert_eq!(block.params.compulsion.len(), 1);
    let later = &block.body[1];
    assert!(matches!(
        later.params.restrictions[0].kind,
        RestrictionKind::Quantity { max: 1 }
    ));
    assert_eq!(later.params.compulsion.len(), 1);
}

#[test]
fn complex_actions_and_shorthands() {
    let element = parse("complex.wwr").element.expect("parses");
    let first = &element.triggers[0];
    assert!(matches!(first.body[0].kind, StatementKind::Action));
    assert_eq!(first.effective_params().restrictions.len(), 1);
    assert!(matches!(first.body[1].kind, StatementKind::Process { .. }));
    assert!(matches!(first.body[2].kind, StatementKind::Evaluate { .. }));
    // `End Day: Process: Untarget` and `End Night: @Target exists: Attack @Target`.
    assert!(matches!(
        element.triggers[2].body[0].kind,
        StatementKind::Process { .. }
    ));
    assert!(matches!(
        element.triggers[3].body[0].kind,
        StatementKind::Branch { .. }
    ));
    // A trigger line ending in an ability, followed by evaluate lines.
    assert_eq!(element.triggers[4].body.len(), 3);
}

#[test]
fn mixed_and_or_groups_or_tighter() {
    let element = parse("conditions.wwr").element.expect("parses");
    let condition = |i: usize| match &element.triggers[i].params.restrictions[0].kind {
        RestrictionKind::Condition { condition } => condition.clone(),
        other => panic!("{other:?}"),
    };
    let ConditionKind::And { all } = condition(3).kind else {
        panic!("and-or is an and")
    };
    assert!(matches!(all[1].kind, ConditionKind::Or { .. }));
    let ConditionKind::Or { any } = condition(2).kind else {
        panic!("or chain")
    };
    assert_eq!(any.len(), 5);
}

#[test]
fn every_ability_type_is_present() {
    let element = parse("abilities.wwr").element.expect("parses");
    let types: std::collections::BTreeSet<&str> = element.triggers[0]
        .body
        .iter()
        .filter_map(|s| match &s.kind {
            StatementKind::Ability { ability } => Some(ability.kind.type_name()),
            _ => None,
        })
        .collect();
    for expected in [
        "Killing",
        "Investigating",
        "Targeting",
        "Disguising",
        "Protecting",
        "Applying",
        "Redirecting",
        "Vote Manipulating",
        "Whispering",
        "Joining",
        "Granting",
        "Loyalty",
        "Obstructing",
        "Poll Manipulating",
        "Announcements",
        "Changing",
        "Copying",
        "Choices",
        "Ascend",
        "Descend",
        "Disband",
        "Counting",
        "Conversation Reset",
        "Cancel",
        "Switching",
        "Shuffle",
        "Emitting",
        "Displaying",
        "Locking",
        "Formatting",
        "Executing",
        "Activating",
        "Resurrecting",
        "Feedback",
    ] {
        assert!(types.contains(expected), "missing {expected}");
    }
    let removal = element.triggers[0].body.iter().find_map(|s| match &s.kind {
        StatementKind::Ability { ability } => match &ability.kind {
            AbilityKind::Joining(Joining {
                player: Some(p), ..
            }) => Some(p.to_string()),
            _ => None,
        },
        _ => None,
    });
    assert_eq!(removal.as_deref(), Some("@Selection"));
}

#[test]
fn json_output_is_one_valid_object_per_file() {
    let mut out = Vec::new();
    let ok = mafia_mod::commands::wwr::parse(&[valid_dir()], true, &mut out).expect("readable");
    assert!(ok);
    let text = String::from_utf8(out).expect("UTF-8");
    let lines: Vec<&str> = text.lines().collect();
    let (summary, rest) = lines.split_last().expect("output");
    assert!(summary.ends_with(" parsed, 0 failed"), "{summary}");
    // Diagnostics (here: unresolved references, as the folder is no complete role book)
    // are `path:line:col:` lines; records are JSON objects.
    let records: Vec<&&str> = rest.iter().filter(|l| l.starts_with('{')).collect();
    assert!(
        rest.iter()
            .all(|l| l.starts_with('{') || l.contains(".wwr:"))
    );
    for record in &records {
        let value: serde_json::Value = serde_json::from_str(record).expect("valid JSON");
        assert!(value["path"].is_string() && value["element"]["header"].is_object());
    }
    assert_eq!(format!("{} parsed, 0 failed", records.len()), *summary);
}

/// The archived Pyro roles name their class after their Solo team (`Pyro Killing`).
#[test]
fn a_class_named_after_a_team_is_that_teams_solo_role() {
    let element = parse("header_team_class.wwr").element.expect("parses");
    let ElementKind::Role { class, team, .. } = element.header.kind else {
        panic!("not a role")
    };
    assert_eq!(class, mafia_mod::wwr::ast::RoleClass::Solo);
    assert_eq!(team.map(|t| t.text).as_deref(), Some("Lantern Team"));
}

/// A poll manipulation may last a while: ``Manipulate `Lynch` Poll (…) (~NextDay)``.
#[test]
fn a_poll_manipulation_keeps_its_duration() {
    let element = parse("poll_manipulation.wwr").element.expect("parses");
    let durations: Vec<bool> = element.triggers[0]
        .body
        .iter()
        .map(|s| match &s.kind {
            StatementKind::Ability { ability } => match &ability.kind {
                AbilityKind::Poll(Poll { duration, .. }) => duration.is_some(),
                other => panic!("not a poll: {other:?}"),
            },
            other => panic!("not an ability: {other:?}"),
        })
        .collect();
    assert_eq!(durations, [true, false]);
}
