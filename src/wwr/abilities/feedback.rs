//! Feedback: the result lines of a complex action: a value told to the actor, success,
//! failure, or going on to the next condition.

use crate::wwr::ast::Value;
use serde::Serialize;

/// A complex-action result: `` `text` `` or `@Result2`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Feedback {
    pub value: Value,
}
