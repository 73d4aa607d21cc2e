//! Activating: a dead player's abilities work again, while they hold an attribute or always
//! (haunting games).

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Activating {
    pub target: Value,
    /// `while <value>`; absent for `always`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub while_: Option<Value>,
}
