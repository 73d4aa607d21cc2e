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
    assert!(!files.is_empty(), "the sources of {dirs:?} are found");
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            (p, code)
        })
        .collect()
}

/// The code lines (comments cut off) of these sources where `offends` holds, as
/// `path:line: code`.
fn offending_lines(sources: Vec<(PathBuf, String)>, offends: impl Fn(&str) -> bool) -> Vec<String> {
    let mut found = Vec::new();
    for (path, code) in sources {
        for (n, line) in code.lines().enumerate() {
            let code_part = line.split("//").next().unwrap_or("");
            if offends(code_part) {
                found.push(format!(
                    "{}:{}: {}",
                    path.display(),
                    n + 1,
                    code_part.trim()
                ));
            }
        }
    }
    found
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
    let found = offending_lines(layer_sources(), |code| {
        forbidden.iter().any(|f| code.contains(f))
    });
    assert!(found.is_empty(), "layering broken:\n{}", found.join("\n"));
}

/// The rules model (`src/rules`) is data and its checks: the engine and the kernel run it, so
/// it names neither (architecture-review-2.md, "Layering").
#[test]
fn the_rules_model_imports_neither_engine_nor_kernel() {
    let found = offending_lines(sources_of(&["rules"]), |code| {
        code.contains("crate::engine") || code.contains("crate::kernel")
    });
    assert!(
        found.is_empty(),
        "the rules model imports the engine or the kernel:\n{}",
        found.join("\n")
    );
}

/// The WWR language reads text into a tree and a compiled view: it imports itself and the
/// shared model (`crate::rules`, for `engine_map`'s effects), never the executor
/// (`mechanics::wwr`), the engine, the console or the commands that run it.
#[test]
fn the_wwr_language_imports_only_itself_and_the_model() {
    let found = offending_lines(sources_of(&["wwr"]), |code| {
        code.match_indices("crate::").any(|(i, _)| {
            let rest = &code[i + "crate::".len()..];
            !(rest.starts_with("wwr::") || rest.starts_with("rules::"))
        }) || code.contains("super::super::super")
    });
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

/// The source with comments, string and char literals blanked (newlines kept), so the braces
/// they hold do not count.
fn code_only(src: &str) -> String {
    let chars: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let blank = |out: &mut String, run: &[char]| {
        out.extend(run.iter().map(|&c| if c == '\n' { '\n' } else { ' ' }));
    };
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        let end = if rest.starts_with(&['/', '/']) {
            rest.iter().position(|&c| c == '\n').unwrap_or(rest.len())
        } else if rest.starts_with(&['/', '*']) {
            rest.windows(2)
                .position(|w| w == ['*', '/'])
                .map_or(rest.len(), |p| p + 2)
        } else if rest[0] == 'r'
            && (i == 0 || !ident(chars[i - 1]))
            && rest[1..].iter().take_while(|&&c| c == '#').count() + 1 < rest.len()
            && rest[1 + rest[1..].iter().take_while(|&&c| c == '#').count()] == '"'
        {
            let hashes = rest[1..].iter().take_while(|&&c| c == '#').count();
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let from = hashes + 2;
            rest[from..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(rest.len(), |p| from + p + close.len())
        } else if rest[0] == '"' {
            let mut j = 1;
            while j < rest.len() && rest[j] != '"' {
                j += if rest[j] == '\\' { 2 } else { 1 };
            }
            (j + 1).min(rest.len())
        } else if rest[0] == '\'' && rest.get(1) == Some(&'\\') {
            rest[2..]
                .iter()
                .position(|&c| c == '\'')
                .map_or(1, |p| p + 3)
        } else if rest[0] == '\'' && rest.get(2) == Some(&'\'') {
            3
        } else {
            out.push(rest[0]);
            i += 1;
            continue;
        };
        blank(&mut out, &rest[..end]);
        i += end;
    }
    out
}

/// Every function of `code` (from `code_only`) with the number of lines from `fn` to its
/// closing brace.
fn function_lengths(code: &str) -> Vec<(String, usize, usize)> {
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
            continue;
        }
        let name: String = code[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let (mut i, mut depth) = (at, 0i32);
        let open = loop {
            match bytes.get(i) {
                None | Some(b';') if depth <= 0 => break None,
                Some(b'-') if bytes.get(i + 1) == Some(&b'>') => i += 1,
                Some(b'(' | b'<' | b'[') => depth += 1,
                Some(b')' | b'>' | b']') => depth -= 1,
                Some(b'{') if depth <= 0 => break Some(i),
                None => break None,
                _ => {}
            }
            i += 1;
        };
        let Some(open) = open else { continue };
        let mut level = 0;
        let close = (open..bytes.len()).find(|&j| {
            match bytes[j] {
                b'{' => level += 1,
                b'}' => level -= 1,
                _ => {}
            }
            level == 0
        });
        let Some(close) = close else { continue };
        let line = code[..at].matches('\n').count() + 1;
        let lines = code[at..close].matches('\n').count() + 1;
        found.push((name, line, lines));
    }
    found
}

/// No function of the WWR language is longer than 120 lines: a new construct goes into its
/// type's module or a helper, not into a growing match.
#[test]
fn no_wwr_function_is_longer_than_120_lines() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/wwr");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut long = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        for (name, line, lines) in function_lengths(&code_only(&text)) {
            if lines > 120 {
                long.push(format!("{}:{line}: {name} ({lines} lines)", path.display()));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over 120 lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_length_check_sees_through_strings_and_chars() {
    let code =
        code_only("fn a() {\n    let _ = \"}}\";\n    let _ = '{';\n    // }\n}\nfn b() {}\n");
    let lengths: Vec<(String, usize)> = function_lengths(&code)
        .into_iter()
        .map(|(name, _, lines)| (name, lines))
        .collect();
    assert_eq!(lengths, [("a".to_string(), 5), ("b".to_string(), 1)]);
}

/// ru-city's shared files (everything outside `roles/`) reach the roles only through the
/// `Role` trait's hooks, the registry and the components it registers, never by naming a
/// role's module: a role's rules live in its file (or its folder), so adding or changing a role
/// touches that file, one registry line and the RON (architecture-review-2.md, problem 1).
#[test]
fn rucity_shared_files_name_no_role_module() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/mechanics/rucity");
    let role_modules: Vec<String> = std::fs::read_dir(root.join("roles"))
        .expect("the roles folder")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            // A role is a file, or a folder when its rules need several.
            let stem = name.strip_suffix(".rs").unwrap_or(&name);
            (stem != "mod").then(|| stem.to_string())
        })
        .collect();
    let names_a_role = |code: &str| {
        role_modules.iter().any(|m| {
            code.match_indices(m.as_str()).any(|(i, _)| {
                let before = code[..i].chars().next_back();
                let after = &code[i + m.len()..];
                let whole_word =
                    before.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.'));
                // Named in an import list: `use super::roles::{a, b};`.
                let listed = after.starts_with(',') || after.starts_with('}');
                let in_roles_import = code[..i]
                    .rfind("roles::{")
                    .is_some_and(|at| !code[at..i].contains(['(', ')', ';']));
                whole_word && (after.starts_with("::") || (listed && in_roles_import))
            })
        })
    };
    let shared: Vec<(PathBuf, String)> = std::fs::read_dir(&root)
        .expect("the ru-city folder")
        .filter_map(|e| {
            let path = e.ok()?.path();
            let text = std::fs::read_to_string(&path).ok()?;
            let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
            Some((path, code))
        })
        .collect();
    let found = offending_lines(shared, names_a_role);
    assert!(
        found.is_empty(),
        "a shared ru-city file names a role module (add a Role hook instead):\n{}",
        found.join("\n")
    );
}
