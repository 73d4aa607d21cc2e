//! Locking: a location (a channel) is locked or unlocked for writing.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Lock|Unlock <location>`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Locking {
    pub lock: bool,
    pub location: Value,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Lock", parse), ("Unlock", parse)],
    verbs: &["Lock", "Unlock"],
};

/// `Lock|Unlock <location>`.
fn parse(c: &mut Cursor, lead: Lead) -> PResult<AbilityKind> {
    Ok(AbilityKind::Locking(Locking {
        lock: lead.word == "Lock",
        location: parse_value(c)?,
    }))
}

impl fmt::Display for Locking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Locking { lock, location } = self;
        write!(f, "{} {location}", if *lock { "Lock" } else { "Unlock" })
    }
}

impl AbilityNode for Locking {
    fn type_name(&self) -> &'static str {
        "Locking"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.location]
    }

    fn compile(&self) -> Compiled {
        not_yet("locking channels is outside the console")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
