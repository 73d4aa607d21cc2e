//! Every rule system this build runs: the one registry the engine is handed, and the rolesets
//! bundled with the systems.
//!
//! A new rule system is its module under `crate::mechanics`, its roleset file, and one line in
//! [`SYSTEMS`].

use crate::engine::{PlayerSetup, Refusal, Registry, Setup, SetupReport};
use crate::mechanics::{conan, mafia1923, rucity, wwr};
use crate::rules::{Roleset, lint_roleset};
use crate::store::{FileError, parse_ron};
use std::path::{Path, PathBuf};

/// The registry: one line per rule system.
pub static SYSTEMS: Registry = Registry(&[
    &mafia1923::SYSTEM,
    &rucity::SYSTEM,
    &conan::SYSTEM,
    &wwr::SYSTEM,
]);

/// A rule system's own file format that builds a roleset (WWR's setup file, which names the
/// role book's texts), beside the plain roleset RON every system reads.
pub struct RolesetFormat {
    /// Is this text a file of the format?
    pub is: fn(&str) -> bool,
    /// Build the roleset, with errors at the file's line and column.
    pub read: fn(&Path, &str) -> Result<Roleset, FileError>,
}

/// The rule systems' own roleset formats, one line per format. They live here, with the
/// registry, rather than on `RuleSystem`, because reading a file is no part of the engine.
pub static ROLESET_FORMATS: &[RolesetFormat] = &[RolesetFormat {
    is: wwr::setup::is_setup,
    read: wwr::setup::load,
}];

/// Is this text a roleset in a rule system's own format (not a scenario, not a save)?
pub fn is_own_roleset_format(text: &str) -> bool {
    ROLESET_FORMATS.iter().any(|f| (f.is)(text))
}

/// The ids of the bundled rolesets.
pub fn builtin_ids() -> impl Iterator<Item = &'static str> {
    SYSTEMS
        .0
        .iter()
        .filter(|s| s.bundled_roleset().is_some())
        .map(|s| s.id())
}

/// A bundled roleset by id, parsed and checked.
pub fn builtin(id: &str) -> Option<Result<Roleset, FileError>> {
    let (file, text) = SYSTEMS.find(id)?.bundled_roleset()?;
    Some(parse_checked(Path::new(file), text))
}
/// Load a roleset given as a bundled id or as a path to a RON file.
pub fn load_roleset(id_or_path: &str) -> Result<Roleset, FileError> {
    if let Some(found) = builtin(id_or_path) {
        return found;
    }
    let path = PathBuf::from(id_or_path);
    let text = crate::store::read_text(&path).map_err(|e| {
        if e.line.is_some() {
            return e;
        }
        FileError {
            message: format!(
                "{} (not a file, and not a bundled roleset id: {})",
                e.message,
                builtin_ids().collect::<Vec<_>>().join(", ")
            ),
            ..e
        }
    })?;
    parse_checked(&path, &text)
}

/// Parse a roleset (or build one from a rule system's own format, [`ROLESET_FORMATS`]) and run
/// its consistency checks, the data's own and those of its rule system (the ids the system's
/// code relies on); the first problem is the error.
pub fn parse_checked(path: &Path, text: &str) -> Result<Roleset, FileError> {
    let mut roleset: Roleset = match ROLESET_FORMATS.iter().find(|f| (f.is)(text)) {
        Some(format) => (format.read)(path, text)?,
        None => parse_ron(path, text)?,
    };
    // A roleset file written for an older version gets what its system's code then assumed.
    if let Ok(system) = SYSTEMS.system_for(&roleset) {
        system.upgrade_roleset(&mut roleset);
    }
    let problems = lint_roleset(&roleset)
        .into_iter()
        .chain(SYSTEMS.lint(&roleset));
    if let Some(problem) = problems.into_iter().next() {
        return Err(FileError::at_field(
            path,
            text,
            problem.field,
            problem.message,
        ));
    }
    Ok(roleset)
}

/// Deal roles at random (seeded) by the rules of the system the roleset names.
pub fn assign_roles(
    roleset: &Roleset,
    players: &mut [PlayerSetup],
    seed: u64,
) -> Result<(), Refusal> {
    SYSTEMS
        .system_for(roleset)?
        .assign_roles(roleset, players, seed)
}

/// Check the setup of a new game: its names, the generic checks, then those of the system the
/// roleset names (what [`crate::engine::Game::create`] will refuse).
pub fn check_setup(roleset: &Roleset, setup: &Setup) -> SetupReport {
    match SYSTEMS.system_for(roleset) {
        Ok(system) => {
            let mut report = crate::engine::setup::check_setup(system, roleset, setup);
            let mut errors = crate::engine::setup::check_names(setup);
            errors.append(&mut report.errors);
            report.errors = errors;
            report
        }
        Err(refusal) => SetupReport {
            errors: vec![refusal],
            warnings: Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::builtin;

    /// The console marks the hunting minority: the Mafia in 1923, the blacks in ru-city.
    #[test]
    fn hostile_sides_of_the_bundled_rolesets() {
        let m = builtin("mafia-1923").expect("bundled").expect("valid");
        assert!(m.is_hostile_role("mafia_member") && !m.is_hostile_role("doctor"));
        let r = builtin("ru-city").expect("bundled").expect("valid");
        assert!(r.is_hostile_role("mafia") && r.is_hostile_role("maniac"));
        assert!(!r.is_hostile_role("commissar") && !r.is_hostile_role("citizen"));
    }
}
