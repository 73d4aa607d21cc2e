//! Copying: the actor takes on a copy of another player's role, optionally without running
//! the copied role's starting abilities.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::paren_word;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, Vocabulary, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Copy <player> [(Suppressed)]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Copying {
    pub target: Value,
    pub suppressed: bool,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Copy", parse)],
    verbs: &["Copy"],
};

/// `Copy <player> [(Suppressed)]`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let target = parse_value(c)?;
    let suppressed = match paren_word(c)?.as_deref() {
        None => false,
        Some("Suppressed") => true,
        Some(other) => {
            return Err(c.error_here(format!(
                "expected `(Suppressed)` or nothing after the copied player, found `({other})`"
            )));
        }
    };
    Ok(AbilityKind::Copying(Copying { target, suppressed }))
}

impl fmt::Display for Copying {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Copying { target, suppressed } = self;
        let suffix = if *suppressed { " (Suppressed)" } else { "" };
        write!(f, "Copy {target}{suffix}")
    }
}

impl AbilityNode for Copying {
    fn type_name(&self) -> &'static str {
        "Copying"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.target]
    }

    fn compile(&self) -> Compiled {
        let Copying { target, suppressed } = self;
        Compiled::Executable(Vocabulary::CopyRole {
            from: text(target),
            suppress_starting: *suppressed,
        })
    }

    fn layer(&self) -> Option<&'static str> {
        Some("copying (layer C)")
    }
}
