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

/// `Ascend` or `Descend`, the word itself; the guides name each its own type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alone(pub &'static str);

impl fmt::Display for Alone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl AbilityNode for Alone {
    fn type_name(&self) -> &'static str {
        self.0
    }

    fn compile(&self) -> Compiled {
        not_yet("winning or losing alone (ascend/descend) needs WWR win rules in the engine")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
