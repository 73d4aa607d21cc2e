//! Why the engine refused an entry. A refused entry changes nothing.

use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// Short id of the rule that refused it (`dead_actor`, `use_limit`, ...).
    pub rule: &'static str,
    pub message: String,
}

impl Refusal {
    pub fn new(rule: &'static str, message: impl Into<String>) -> Self {
        Refusal {
            rule,
            message: message.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "refused by rule `{}`: {}", self.rule, self.message)
    }
}

impl std::error::Error for Refusal {}
