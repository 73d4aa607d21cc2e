//! The engine, the roleset model and the resolution kernel name no rule system: they never import the code above them,
//! and no role, side, status, ability or rule-system id of a bundled roleset appears in them as
//! a string. A new rule system plugs in through `engine::system::RuleSystem` and the registry
//! alone (DESIGN.md, "Adding a rule system"). The WWR language (`wwr/`) sits below its
//! executor and the commands: it imports only itself and the shared model.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The engine's, the model's and the kernel's source files, each cut at its unit tests.
fn layer_sources() -> Vec<(PathBuf, String)> {
    sources_of(&["engine", "rules", "kernel"])
}

fn sources_of(dirs: &[&str]) -> Vec<(PathBuf, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for dir in dirs {
        sources(&root.join(dir), &mut files);
    }
    assert!(files.len() > 5, "the sources of {dirs:?} are found");
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            (p, code)
        })
        .collect()
}

#[test]
fn engine_and_rules_import_nothing_above_them() {
    let forbidden = [
        "crate::mechanics",
        "crate::wwr",
        "crate::tui",
        "crate::export",
        "crate::systems",
        "crate::demo",
        "crate::scenario",
        "crate::commands",
    ];
    let mut found = Vec::new();
    for (path, code) in layer_sources() {
        for (n, line) in code.lines().enumerate() {
            let code_part = line.split("//").next().unwrap_or("");
            for f in forbidden.iter().filter(|f| code_part.contains(*f)) {
                found.push(format!("{}:{}: {f}", path.display(), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "layering broken:\n{}", found.join("\n"));
}

/// The WWR language reads text into a tree and a compiled view: it imports itself and the
/// shared model (`crate::rules`, for `engine_map`'s effects), never the executor
/// (`mechanics::wwr`), the engine, the console or the commands that run it.
#[test]
fn the_wwr_language_imports_only_itself_and_the_model() {
    let mut found = Vec::new();
    for (path, code) in sources_of(&["wwr"]) {
        for (n, line) in code.lines().enumerate() {
            let code_part = line.split("//").next().unwrap_or("");
            let above = code_part.match_indices("crate::").any(|(i, _)| {
                let rest = &code_part[i + "crate::".len()..];
                !(rest.starts_with("wwr::") || rest.starts_with("rules::"))
            }) || code_part.contains("super::super::super");
            if above {
                found.push(format!(
                    "{}:{}: {}",
                    path.display(),
                    n + 1,
                    code_part.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the WWR language imports from above it:\n{}",
        found.join("\n")
    );
}

/// The bundled rolesets, and the roleset of the bundled WWR demo (a WWR roleset is built from
/// a setup file and its role texts, not bundled).
fn every_roleset() -> Vec<mafia_mod::rules::Roleset> {
    let mut out: Vec<_> = mafia_mod::systems::builtin_ids()
        .map(|id| {
            mafia_mod::systems::builtin(id)
                .expect("bundled")
                .expect("valid")
        })
        .collect();
    out.push(
        mafia_mod::systems::load_roleset("rolesets/wwr-demo/setup.ron").expect("the WWR demo"),
    );
    out
}

/// Every string literal of a source text (plain `"..."` literals; enough for this tree).
fn string_literals(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or("");
        let mut parts = line.split('"');
        parts.next();
        while let Some(inside) = parts.next() {
            out.push(inside.to_string());
            parts.next();
        }
    }
    out
}

#[test]
fn engine_and_rules_name_no_rule_system_role_side_or_status() {
    let mut ids = BTreeSet::new();
    ids.extend(mafia_mod::systems::SYSTEMS.ids().map(str::to_string));
    for roleset in every_roleset() {
        ids.insert(roleset.id.clone());
        ids.extend(roleset.roles.iter().map(|r| r.id.clone()));
        ids.extend(roleset.sides.iter().map(|s| s.id.clone()));
        ids.extend(roleset.statuses.iter().map(|s| s.id.clone()));
        ids.extend(roleset.abilities.iter().map(|a| a.id.clone()));
        ids.extend(roleset.ballots.iter().map(|b| b.id.clone()));
        ids.extend(roleset.stages.iter().map(|s| s.id.clone()));
    }
    assert!(ids.contains("exiled") && ids.contains("mafia-1923"));
    // The engine's own words for its target kinds are its vocabulary, even where a roleset
    // reuses one as an id (1923's `family` ballot).
    use mafia_mod::rules::TargetKind;
    for kind in [
        TargetKind::Player,
        TargetKind::Family,
        TargetKind::Role,
        TargetKind::Group,
        TargetKind::Choice(Vec::new()),
    ] {
        ids.remove(kind.word());
    }
    let mut found = Vec::new();
    for (path, code) in layer_sources() {
        for lit in string_literals(&code) {
            if ids.contains(&lit) {
                found.push(format!("{}: \"{lit}\"", path.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the engine names rule-system ids:\n{}",
        found.join("\n")
    );
}

/// The kernel's messages are the roleset's: every template an effect sends is named in the
/// ability's `tell`, none in the kernel's code.
#[test]
fn the_kernel_names_no_template() {
    let mut templates = BTreeSet::new();
    for roleset in every_roleset() {
        templates.extend(roleset.templates.keys().cloned());
    }
    let mut found = Vec::new();
    for (path, code) in sources_of(&["kernel"]) {
        for lit in string_literals(&code) {
            if templates.contains(&lit) {
                found.push(format!("{}: \"{lit}\"", path.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the kernel names templates:\n{}",
        found.join("\n")
    );
}
