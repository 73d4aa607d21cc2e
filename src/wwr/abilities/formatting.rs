//! Formatting: a value is written through a template, optionally split into a list first.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Formatting {
    pub source: Value,
    pub template: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split_by: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split_as: Option<Value>,
}
