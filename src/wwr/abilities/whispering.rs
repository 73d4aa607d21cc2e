//! Whispering: a channel through which the actor (or another player) writes to a role,
//! optionally under a disguised name.

use crate::wwr::ast::{Duration, Value};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Whispering {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Value>,
    pub to: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disguise: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}
