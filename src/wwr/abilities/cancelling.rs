//! Cancelling: inside a visit trigger, the visiting ability is cancelled, optionally
//! answering its user with a feedback.

use super::{AbilityKind, AbilityNode};
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::Opt;
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Cancel [with <feedback>]`, inside a visit trigger.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cancel {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feedback: Option<Value>,
}

/// After `Cancel` (see [`super::cancel`]): nothing, or `with <feedback>`; `None` when
/// something else follows (a poll cancellation).
pub(super) fn parse_visit(c: &mut Cursor) -> PResult<Option<AbilityKind>> {
    let mut probe = *c;
    probe.skip_ws();
    Ok(if probe.at_end() {
        Some(AbilityKind::Cancel(Cancel { feedback: None }))
    } else if c.eat_phrase("with") {
        Some(AbilityKind::Cancel(Cancel {
            feedback: Some(parse_value(c)?),
        }))
    } else {
        None
    })
}

impl fmt::Display for Cancel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Cancel { feedback } = self;
        write!(f, "Cancel{}", Opt("with", feedback))
    }
}

impl AbilityNode for Cancel {
    fn type_name(&self) -> &'static str {
        "Cancel"
    }

    fn values(&self) -> Vec<&Value> {
        self.feedback.iter().collect()
    }

    fn compile(&self) -> Compiled {
        not_yet("cancelling a visit needs visit triggers in the engine")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
