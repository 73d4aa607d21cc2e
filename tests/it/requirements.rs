//! Each rule system declares the roleset ids its code names (`RuleSystem::requires`), and
//! `check` refuses a roleset that lacks one. These tests keep the declaration complete (every
//! id of the bundled roleset written as a string in the system's sources is declared) and show
//! the refusal naming the missing id.

use mafia_mod::rules::Roleset;
use mafia_mod::systems::{SYSTEMS, builtin, parse_checked};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Where each system's code lives.
const SOURCES: &[(&str, &[&str])] = &[
    ("mafia-1923", &["src/mechanics/mafia1923"]),
    ("ru-city", &["src/mechanics/rucity"]),
    ("conan", &["src/mechanics/conan"]),
    ("wwr", &["src/mechanics/wwr"]),
];

/// The roleset a system's ids are checked against: its bundled one, or for WWR (whose rolesets
/// are built from a setup file and role texts) the demo's.
fn roleset_of(id: &str) -> Roleset {
    match builtin(id) {
        Some(found) => found.expect("valid"),
        None => mafia_mod::systems::load_roleset("rolesets/wwr-demo/setup.ron").expect("the demo"),
    }
}

fn literals_under(path: &Path, out: &mut BTreeSet<String>) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).expect("folder") {
            literals_under(&entry.expect("entry").path(), out);
        }
        return;
    }
    // An upgrade names what rolesets of an older build meant; it requires nothing of a
    // current one.
    if path.file_name().is_some_and(|n| n == "upgrade.rs") {
        return;
    }
    let text = std::fs::read_to_string(path).expect("source");
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or("");
        out.extend(line.split('"').skip(1).step_by(2).map(str::to_string));
    }
}

fn ids_of(r: &Roleset) -> Vec<(&'static str, BTreeSet<String>)> {
    vec![
        ("templates", r.templates.keys().cloned().collect()),
        ("stages", r.stages.iter().map(|x| x.id.clone()).collect()),
        (
            "statuses",
            r.statuses.iter().map(|x| x.id.clone()).collect(),
        ),
        ("options", r.options.iter().map(|x| x.id.clone()).collect()),
        ("roles", r.roles.iter().map(|x| x.id.clone()).collect()),
        (
            "abilities",
            r.abilities.iter().map(|x| x.id.clone()).collect(),
        ),
        ("sides", r.sides.iter().map(|x| x.id.clone()).collect()),
        ("ballots", r.ballots.iter().map(|x| x.id.clone()).collect()),
        ("rounds", r.rounds.iter().map(|x| x.id.clone()).collect()),
    ]
}

#[test]
fn every_id_a_system_names_is_declared() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    assert_eq!(
        SOURCES.iter().map(|(id, _)| *id).collect::<Vec<_>>(),
        SYSTEMS.ids().collect::<Vec<_>>(),
        "every registered system has its sources listed here"
    );
    for (id, paths) in SOURCES {
        let system = SYSTEMS.find(id).expect("registered");
        let roleset = roleset_of(id);
        let mut literals = BTreeSet::new();
        for p in *paths {
            literals_under(&root.join(p), &mut literals);
        }
        let req = system.requires();
        let declared: Vec<(&str, &[&str])> = vec![
            ("templates", req.templates),
            ("stages", req.stages),
            ("statuses", req.statuses),
            ("options", req.options),
            ("roles", req.roles),
            ("abilities", req.abilities),
            ("sides", req.sides),
            ("ballots", req.ballots),
            ("rounds", req.rounds),
        ];
        let mut undeclared = Vec::new();
        for ((kind, ids), (_, list)) in ids_of(&roleset).into_iter().zip(declared) {
            for used in ids.intersection(&literals) {
                if !list.contains(&used.as_str()) && !req.built.contains(&used.as_str()) {
                    undeclared.push(format!("{kind}: {used}"));
                }
            }
        }
        assert!(
            undeclared.is_empty(),
            "{id} names ids its requires() does not declare:\n{}",
            undeclared.join("\n")
        );
    }
}

#[test]
fn a_roleset_lacking_a_required_id_is_refused_naming_it() {
    for id in mafia_mod::systems::builtin_ids() {
        let (file, text) = SYSTEMS
            .find(id)
            .and_then(|s| s.bundled_roleset())
            .expect("bundled");
        let req = SYSTEMS.find(id).expect("registered").requires();
        let template = req.templates.first().expect("a system needs templates");
        // Rename the template's key in the text: the roleset still parses, the id is gone.
        let key = format!("\"{template}\":");
        assert!(text.contains(&key), "{id}: template {template} in {file}");
        let broken = text.replacen(&key, &format!("\"{template}_typo\":"), 1);
        let err = parse_checked(Path::new(file), &broken).expect_err("refused");
        let shown = err.to_string();
        assert!(
            shown.contains(template) && shown.contains("lacks"),
            "{id}: {shown}"
        );
        let stage = req.stages.first().expect("a system needs stages");
        let broken = text.replace(
            &format!("StageDef(id: \"{stage}\""),
            &format!("StageDef(id: \"{stage}_typo\""),
        );
        let err = parse_checked(Path::new(file), &broken).expect_err("refused");
        assert!(err.to_string().contains(stage), "{id}: {err}");
    }
}

#[test]
fn an_unknown_rule_system_is_refused() {
    let (file, text) = SYSTEMS
        .find("ru-city")
        .and_then(|s| s.bundled_roleset())
        .expect("bundled");
    let broken = text.replacen("mechanics: \"ru-city\"", "mechanics: \"ru-sity\"", 1);
    let err = parse_checked(Path::new(file), &broken).expect_err("refused");
    assert!(
        err.to_string().contains("unknown mechanics `ru-sity`"),
        "{err}"
    );
}

/// A WWR roleset is built by the executor, so only an edited save can lack an id: the check
/// that loads a save refuses it, naming the id.
#[test]
fn a_wwr_roleset_lacking_a_required_id_is_refused_naming_it() {
    let mut roleset = roleset_of("wwr");
    let req = SYSTEMS.find("wwr").expect("registered").requires();
    let template = req.templates.first().expect("the text template");
    roleset.templates.remove(*template);
    let problems = SYSTEMS.lint(&roleset);
    assert!(
        problems
            .iter()
            .any(|p| p.message.contains(template) && p.message.contains("lacks")),
        "{problems:?}"
    );
}
