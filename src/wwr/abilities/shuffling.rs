//! Shuffling: the values of up to five targets (selectors or stored lists) are put in a random
//! order.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::optional_value;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Shuffle <list> …` (at most five).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Shuffle {
    pub targets: Vec<Value>,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Shuffle", parse)],
    verbs: &["Shuffle"],
};

/// `Shuffle <list> [<list> …]`, at most five.
fn parse(c: &mut Cursor, lead: Lead) -> PResult<AbilityKind> {
    let mut targets = vec![parse_value(c)?];
    while let Some(next) = optional_value(c)? {
        targets.push(next);
    }
    if targets.len() > 5 {
        return Err(c.error_at(lead.start, c.pos, "`Shuffle` takes at most 5 targets"));
    }
    Ok(AbilityKind::Shuffle(Shuffle { targets }))
}

impl fmt::Display for Shuffle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Shuffle { targets } = self;
        let items: Vec<String> = targets.iter().map(ToString::to_string).collect();
        write!(f, "Shuffle {}", items.join(" "))
    }
}

impl AbilityNode for Shuffle {
    fn type_name(&self) -> &'static str {
        "Shuffle"
    }

    fn values(&self) -> Vec<&Value> {
        self.targets.iter().collect()
    }

    fn compile(&self) -> Compiled {
        not_yet("shuffling lists is WWR interpreter work, not an engine ability")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
