//! Emitting: a value is sent to the emit triggers of a player (now, or at the end of the
//! phase), so one element can signal another.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::value_after;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::Opt;
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `[End] Emit <value> [for <target>]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Emitting {
    pub value: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Value>,
    pub at_end_of_phase: bool,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Emit", parse), ("End", parse)],
    verbs: &["Emit", "End Emit"],
};

/// `[End] Emit <value> [for <target>]`.
fn parse(c: &mut Cursor, lead: Lead) -> PResult<AbilityKind> {
    let at_end_of_phase = lead.word == "End";
    if at_end_of_phase {
        c.expect_phrase("Emit", "`End`")?;
    }
    let value = parse_value(c)?;
    let target = value_after(c, "for")?;
    Ok(AbilityKind::Emitting(Emitting {
        value,
        target,
        at_end_of_phase,
    }))
}

impl fmt::Display for Emitting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Emitting {
            value,
            target,
            at_end_of_phase,
        } = self;
        let end = if *at_end_of_phase { "End " } else { "" };
        write!(f, "{end}Emit {value}{}", Opt("for", target))
    }
}

impl AbilityNode for Emitting {
    fn type_name(&self) -> &'static str {
        "Emitting"
    }

    fn values(&self) -> Vec<&Value> {
        let Emitting { value, target, .. } = self;
        let mut out: Vec<&Value> = vec![value];
        out.extend(target.as_ref());
        out
    }

    fn compile(&self) -> Compiled {
        not_yet("emitted values need WWR triggers in the engine")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
