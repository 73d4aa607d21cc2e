//! Feedback: the result lines of a complex action: a value told to the actor, success,
//! failure, or going on to the next condition.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ast::Value;
use crate::wwr::compile::{Audience, Compiled, Vocabulary, not_yet, text};
use crate::wwr::cursor::{Cursor, PResult};
use serde::Serialize;
use std::fmt;

/// A complex-action result: `` `text` `` or `@Result2`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Feedback {
    pub value: Value,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Success", parse), ("Failure", parse), ("Continue", parse)],
    verbs: &["Success", "Failure", "Continue"],
};

/// `Success`, `Failure` or `Continue` (a value line is read by `value_led` in
/// [`crate::wwr::ability`]).
fn parse(_c: &mut Cursor, lead: Lead) -> PResult<AbilityKind> {
    Ok(match lead.word {
        "Success" => AbilityKind::Success,
        "Failure" => AbilityKind::Failure,
        _ => AbilityKind::Continue,
    })
}

impl fmt::Display for Feedback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Feedback { value } = self;
        write!(f, "{value}")
    }
}

impl AbilityNode for Feedback {
    fn type_name(&self) -> &'static str {
        "Feedback"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.value]
    }

    fn compile(&self) -> Compiled {
        let Feedback { value } = self;
        Compiled::Executable(Vocabulary::Message {
            audience: Audience::Actor,
            text: text(value),
        })
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}

/// A control line of a complex action: `Success`, `Failure` or `Continue`, the word itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Control(pub &'static str);

impl fmt::Display for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl AbilityNode for Control {
    fn type_name(&self) -> &'static str {
        "Feedback"
    }

    fn compile(&self) -> Compiled {
        not_yet("complex-action control flow runs in the WWR interpreter, not as an engine ability")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
