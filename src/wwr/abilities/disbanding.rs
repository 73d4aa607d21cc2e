//! Disbanding: a group (the actor's own when none is named) stops existing.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::optional_value;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::Opt;
use serde::Serialize;
use std::fmt;

/// `Disband [<group>]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Disband {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Value>,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Disband", parse)],
    verbs: &["Disband"],
};

/// `Disband [<group>]`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    Ok(AbilityKind::Disband(Disband {
        target: optional_value(c)?,
    }))
}

impl fmt::Display for Disband {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Disband { target } = self;
        write!(f, "Disband{}", Opt("", target))
    }
}

impl AbilityNode for Disband {
    fn type_name(&self) -> &'static str {
        "Disband"
    }

    fn values(&self) -> Vec<&Value> {
        self.target.iter().collect()
    }

    fn compile(&self) -> Compiled {
        not_yet(super::joining::NO_GROUPS_YET)
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
