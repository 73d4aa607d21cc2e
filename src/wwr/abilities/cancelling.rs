//! Cancelling: inside a visit trigger, the visiting ability is cancelled, optionally
//! answering its user with a feedback.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cancel {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feedback: Option<Value>,
}
