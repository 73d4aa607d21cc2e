//! Ascending and descending: the actor wins (ascends) or loses (descends) alone, whatever
//! the rest of the game does.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use std::fmt;

pub(super) const TYPE: Type = Type {
    leads: &[("Ascend", parse), ("Descend", parse)],
    verbs: &["Ascend", "Descend"],
};

fn parse(_c: &mut Cursor, lead: Lead) -> PResult<AbilityKind> {
    Ok(if lead.word == "Ascend" {
        AbilityKind::Ascend
    } else {
        AbilityKind::Descend
    })
}

/// The `Ascend` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ascend;

impl fmt::Display for Ascend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Ascend")
    }
}

impl AbilityNode for Ascend {
    fn type_name(&self) -> &'static str {
        "Ascend"
    }

    fn compile(&self) -> Compiled {
        not_yet("winning or losing alone (ascend/descend) needs WWR win rules in the engine")
    }

    fn layer(&self) -> Option<&'static str> {
        Some("ascend and descend (layer B)")
    }
}

/// The `Descend` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Descend;

impl fmt::Display for Descend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Descend")
    }
}

impl AbilityNode for Descend {
    fn type_name(&self) -> &'static str {
        "Descend"
    }

    fn compile(&self) -> Compiled {
        not_yet("winning or losing alone (ascend/descend) needs WWR win rules in the engine")
    }

    fn layer(&self) -> Option<&'static str> {
        Some("ascend and descend (layer B)")
    }
}
