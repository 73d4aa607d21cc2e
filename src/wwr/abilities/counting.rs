//! Counting: a counter kept per element is raised, lowered or set, the actor's own or another
//! player's.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Counting {
    pub op: CounterOp,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Value>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CounterOp {
    Increment,
    Decrement,
    Set,
}
