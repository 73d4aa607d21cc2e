//! Emitting: a value is sent to the emit triggers of a player (now, or at the end of the
//! phase), so one element can signal another.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Emitting {
    pub value: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Value>,
    pub at_end_of_phase: bool,
}
