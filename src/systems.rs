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

/// Parse a roleset (or build one from a WWR setup file) and run its consistency checks, the data's own and those of its rule system
/// (the ids the system's code relies on); the first problem is the error.
pub fn parse_checked(path: &Path, text: &str) -> Result<Roleset, FileError> {
    let mut roleset: Roleset = if wwr::setup::is_setup(text) {
        wwr::setup::load(path, text)?
    } else {
        parse_ron(path, text)?
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
