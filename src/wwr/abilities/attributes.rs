//! Attributes: applying a custom or standard attribute to a player (for a duration, with
//! stored values), removing it, and changing one of its stored values.

use crate::wwr::ast::{Duration, Value};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ApplyAttribute {
    pub attribute: Value,
    pub target: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<Value>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RemoveAttribute {
    pub attribute: Value,
    pub target: Value,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChangeAttribute {
    pub attribute: Value,
    pub index: Value,
    pub value: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Value>,
}
