//! Executing: a bot command is run in a location.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Execute <command> to <location>`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Executing {
    pub command: Value,
    pub location: Value,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Execute", parse)],
    verbs: &["Execute"],
};

/// `Execute <command> to <location>`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let command = parse_value(c)?;
    c.expect_phrase("to", "the command name")?;
    Ok(AbilityKind::Executing(Executing {
        command,
        location: parse_value(c)?,
    }))
}

impl fmt::Display for Executing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Executing { command, location } = self;
        write!(f, "Execute {command} to {location}")
    }
}

impl AbilityNode for Executing {
    fn type_name(&self) -> &'static str {
        "Executing"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.command, &self.location]
    }

    fn compile(&self) -> Compiled {
        not_yet("bot commands are outside the console")
    }

    fn layer(&self) -> Option<&'static str> {
        Some("list commands (layer C)")
    }
}
