//! The WWR commands: `mafia-mod wwr parse`, and `mafia-mod roleset show DIR` (with or without
//! `--summary`) for a folder of WWR texts. They sit above both halves of WWR: the language
//! (`crate::wwr`: parsing, resolving, the compiled view) and the executor
//! (`crate::mechanics::wwr`, whose support check the summary prints).

use crate::mechanics::wwr::{program::Program, support};
use crate::rules::SourceText;
use crate::wwr::ast::{ElementKind, SpecialKind, Statement, StatementKind};
use crate::wwr::compile::{Compiled, compile};
use crate::wwr::engine_map::engine_effect;
use crate::wwr::render::{GuardText, ParamsText, role_descriptor};
use crate::wwr::report::{parse_file, wwr_files};
use crate::wwr::resolve::{Entry, Library};
use crate::wwr::span::Diagnostic;
use anyhow::Context;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `mafia-mod wwr parse PATH... [--json]`: parse files and folders (recursively, `*.wwr`
/// files), print `path:line:col: message` per error and warning to `out`, the AST as JSON
/// (one object per line: `{"path": …, "element": …}`) when `json`, and end with the line
/// `N parsed, M failed`. Returns Ok(true) when nothing failed.
///
/// A folder is loaded as one library, so its references are resolved and every name that
/// names nothing in the folder is reported as a warning; a single file is only parsed.
pub fn parse(paths: &[PathBuf], json: bool, out: &mut dyn Write) -> anyhow::Result<bool> {
    let mut parsed_ok = 0usize;
    let mut failed = 0usize;
    for root in paths {
        let (library, resolve) = if root.is_dir() {
            let library =
                Library::load(root).with_context(|| format!("cannot list {}", root.display()))?;
            (library, true)
        } else {
            let entry = Entry {
                path: root.clone(),
                parsed: parse_file(root),
            };
            (Library::new(vec![entry]), false)
        };
        let mut extra: Vec<Vec<Diagnostic>> = vec![Vec::new(); library.entries.len()];
        if resolve {
            for (i, d) in library.unresolved() {
                if let Some(list) = extra.get_mut(i) {
                    list.push(d);
                }
            }
        }
        for (entry, extra) in library.entries.iter().zip(extra) {
            let mut diagnostics: Vec<&Diagnostic> =
                entry.parsed.diagnostics.iter().chain(&extra).collect();
            diagnostics.sort_by_key(|d| (d.span.line, d.span.col));
            for d in diagnostics {
                writeln!(out, "{}", d.render(&entry.path))?;
            }
            if entry.parsed.has_errors() {
                failed += 1;
            } else {
                parsed_ok += 1;
            }
            if json && let Some(element) = &entry.parsed.element {
                let record = serde_json::json!({ "path": entry.path.display().to_string(), "element": element });
                writeln!(out, "{record}")?;
            }
        }
    }
    writeln!(out, "{parsed_ok} parsed, {failed} failed")?;
    Ok(failed == 0)
}

/// `mafia-mod roleset show DIR` for a WWR folder: every role with triggers and abilities in
/// readable form, each ability's compiled mapping or `not yet executable: <reason>`.
/// Parse errors and unresolved references of the folder are listed first.
pub fn show(dir: &Path, out: &mut dyn Write) -> anyhow::Result<()> {
    let library = Library::load(dir).with_context(|| format!("cannot list {}", dir.display()))?;
    for entry in &library.entries {
        for d in entry.parsed.diagnostics.iter().filter(|d| d.is_error()) {
            writeln!(out, "{}", d.render(&entry.path))?;
        }
    }
    for (i, d) in library.unresolved() {
        if let Some(entry) = library.entries.get(i) {
            writeln!(out, "{}", d.render(&entry.path))?;
        }
    }
    let mut roles: Vec<usize> = (0..library.entries.len())
        .filter(|&i| {
            library.entries[i]
                .element()
                .is_some_and(|e| matches!(e.header.kind, ElementKind::Role { .. }))
        })
        .collect();
    roles.sort_by_key(|&i| {
        library.entries[i]
            .element()
            .map(|e| e.header.name.text.to_lowercase())
    });
    let mut tally = Tally::default();
    for i in roles {
        show_role(&library, i, out, &mut tally)?;
    }
    writeln!(
        out,
        "{} roles, {} abilities: {} executable, {} not yet executable; {} run on the engine's effects today",
        tally.roles,
        tally.executable + tally.not_yet,
        tally.executable,
        tally.not_yet,
        tally.engine
    )?;
    Ok(())
}

/// `roleset show DIR --summary`: one line per role, `NAME<TAB>executable` or
/// `NAME<TAB>not yet executable: <reason>`, as the executor's support check
/// ([`support`]) finds it: a role is executable when every construct
/// of its text and of the elements it pulls in is one the executor runs.
pub fn summary(dir: &Path, out: &mut dyn Write) -> anyhow::Result<()> {
    let files = wwr_files(dir).with_context(|| format!("cannot list {}", dir.display()))?;
    let mut sources = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let rel = path.strip_prefix(dir).unwrap_or(&path);
        sources.push(SourceText {
            path: rel.to_string_lossy().replace('\\', "/"),
            text,
        });
    }
    let program = Program::new(&sources);
    let mut roles: Vec<(String, usize)> = program
        .roles
        .values()
        .map(|f| (program.name(*f).to_string(), *f))
        .collect();
    roles.sort_by_key(|(name, _)| name.to_lowercase());
    for (name, file) in roles {
        match support::role_support(&program, file) {
            Ok(()) => writeln!(out, "{name}\texecutable")?,
            Err(why) => writeln!(out, "{name}\tnot yet executable: {why}")?,
        }
    }
    Ok(())
}

#[derive(Default)]
struct Tally {
    roles: usize,
    executable: usize,
    not_yet: usize,
    /// Executable abilities that also map to an engine effect today.
    engine: usize,
}

fn show_role(
    library: &Library,
    index: usize,
    out: &mut dyn Write,
    tally: &mut Tally,
) -> anyhow::Result<()> {
    let Some(entry) = library.entries.get(index) else {
        return Ok(());
    };
    let Some(element) = entry.element() else {
        return Ok(());
    };
    tally.roles += 1;
    let header = &element.header;
    let descriptor = match &header.kind {
        ElementKind::Role {
            class,
            category,
            team,
        } => role_descriptor(*class, *category, team.as_ref()),
        other => other.label().to_string(),
    };
    writeln!(
        out,
        "{} | {descriptor}  ({})",
        header.name.text,
        entry.path.display()
    )?;
    for flag in &element.flags {
        writeln!(out, "  {:?}", flag.kind)?;
    }
    for special in &element.specials {
        writeln!(out, "  {:?}: {}", special.kind, special.value)?;
    }
    for set in library.ability_sets(index) {
        let Some(set_element) = library.entries.get(set).and_then(Entry::element) else {
            continue;
        };
        for special in set_element
            .specials
            .iter()
            .filter(|s| s.kind != SpecialKind::Inherit)
        {
            writeln!(
                out,
                "  {:?}: {}  (from ability set {})",
                special.kind, special.value, set_element.header.name.text
            )?;
        }
    }
    for inlined in library.inlined_triggers(index) {
        let block = inlined.block;
        let mut line = format!("  {}", block.trigger);
        let params = ParamsText(&block.params).to_string();
        if !params.is_empty() {
            line.push(' ');
            line.push_str(&params);
        }
        if let Some(set) = inlined.from_set {
            line.push_str(&format!("  (from ability set {set})"));
        }
        writeln!(out, "{line}")?;
        for statement in &block.body {
            show_statement(statement, 2, out, tally)?;
        }
    }
    writeln!(out)?;
    Ok(())
}

fn show_statement(
    statement: &Statement,
    depth: usize,
    out: &mut dyn Write,
    tally: &mut Tally,
) -> anyhow::Result<()> {
    let indent = "  ".repeat(depth);
    let params = ParamsText(&statement.params).to_string();
    let params = if params.is_empty() {
        String::new()
    } else {
        format!(" {params}")
    };
    let (head, body) = match &statement.kind {
        StatementKind::Ability { ability } => {
            let compiled = compile(ability);
            writeln!(out, "{indent}- {ability}{params}")?;
            writeln!(out, "{indent}    -> {compiled}")?;
            match &compiled {
                Compiled::Executable(v) => {
                    tally.executable += 1;
                    match engine_effect(v) {
                        Ok(effect) => {
                            tally.engine += 1;
                            writeln!(out, "{indent}       engine: {effect:?}")?;
                        }
                        Err(why) => writeln!(out, "{indent}       engine: not yet: {why}")?,
                    }
                }
                Compiled::NotYetExecutable { .. } => tally.not_yet += 1,
            }
            return Ok(());
        }
        StatementKind::Action => ("Action".to_string(), &[][..]),
        StatementKind::Process { body } => ("Process".to_string(), &body[..]),
        StatementKind::Evaluate { body } => ("Evaluate".to_string(), &body[..]),
        StatementKind::Branch { guard, body } => (format!("{}", GuardText(guard)), &body[..]),
        StatementKind::ForEach { over, body } => (format!("For Each {over}"), &body[..]),
    };
    writeln!(out, "{indent}- {head}:{params}")?;
    for child in body {
        show_statement(child, depth + 1, out, tally)?;
    }
    Ok(())
}
