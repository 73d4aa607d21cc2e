//! Switching: the actor and another player swap their roles.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, Vocabulary, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Switch with <player>`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Switching {
    pub target: Value,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Switch", parse)],
    verbs: &["Switch"],
};

/// `Switch with <player>`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    c.expect_phrase("with", "`Switch`")?;
    Ok(AbilityKind::Switching(Switching {
        target: parse_value(c)?,
    }))
}

impl fmt::Display for Switching {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Switching { target } = self;
        write!(f, "Switch with {target}")
    }
}

impl AbilityNode for Switching {
    fn type_name(&self) -> &'static str {
        "Switching"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.target]
    }

    fn compile(&self) -> Compiled {
        let Switching { target } = self;
        Compiled::Executable(Vocabulary::SwapRoles { with: text(target) })
    }

    fn layer(&self) -> Option<&'static str> {
        Some("switching (layer C)")
    }
}
