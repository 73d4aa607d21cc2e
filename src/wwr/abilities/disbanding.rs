//! Disbanding: a group (the actor's own when none is named) stops existing.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Disband {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Value>,
}
