//! Why the engine refused an entry. A refused entry changes nothing.

use super::setup::SetupPlace;
use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// Short id of the rule that refused it (`dead_actor`, `use_limit`, ...).
    pub rule: &'static str,
    pub message: String,
    /// For a refused setup, the part of it at fault, so the caller that read the setup from a
    /// file can name the line and column; `None` for entries and setups refused as a whole.
    pub place: Option<SetupPlace>,
}

impl Refusal {
    pub fn new(rule: &'static str, message: impl Into<String>) -> Self {
        Refusal {
            rule,
            message: message.into(),
            place: None,
        }
    }

    /// A refusal of a setup because of one field of one player (`field` as the files spell
    /// it: `name`, `role`, `extra_roles`, `family`, `level`, `aka`).
    pub fn of_player(index: usize, field: &'static str, message: impl Into<String>) -> Self {
        Refusal {
            place: Some(SetupPlace::Player { index, field }),
            ..Refusal::new("setup", message)
        }
    }

    /// A refusal of a setup because of another of its fields (`options.format`, `players`).
    pub fn of_setup_field(path: impl Into<String>, message: impl Into<String>) -> Self {
        Refusal {
            place: Some(SetupPlace::Field(path.into())),
            ..Refusal::new("setup", message)
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "refused by rule `{}`: {}", self.rule, self.message)
    }
}

impl std::error::Error for Refusal {}
