//! Resurrecting: a dead player comes back to life.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Resurrect <player>`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Resurrecting {
    pub target: Value,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Resurrect", parse)],
    verbs: &["Resurrect"],
};

/// `Resurrect <player>`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    Ok(AbilityKind::Resurrecting(Resurrecting {
        target: parse_value(c)?,
    }))
}

impl fmt::Display for Resurrecting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Resurrecting { target } = self;
        write!(f, "Resurrect {target}")
    }
}

impl AbilityNode for Resurrecting {
    fn type_name(&self) -> &'static str {
        "Resurrecting"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.target]
    }

    fn compile(&self) -> Compiled {
        not_yet("resurrection is not in the engine's vocabulary yet")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
