//! Displays: a display is posted with its values, and one value of a posted display is
//! updated.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Displaying {
    pub display: Value,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<Value>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DisplayUpdate {
    pub display: Value,
    pub index: Value,
    pub value: Value,
}
