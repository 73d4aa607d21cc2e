//! Rule-system code that does not fit the shared vocabulary, one module per rule system. Each
//! module exports a `SYSTEM` value implementing [`crate::engine::RuleSystem`], listed once in
//! the registry (`crate::systems`).

pub mod mafia1923;
pub mod rucity;

use crate::rules::Roleset;

/// Saves written before `StatusDef::removes_from_game` existed embed a roleset whose exile
/// status lacks the flag; it meant the same then, so an old game replays as it did.
fn upgrade_exile_flag(roleset: &mut Roleset, status: &str) {
    if let Some(def) = roleset.statuses.iter_mut().find(|s| s.id == status) {
        def.removes_from_game = true;
    }
}
