//! Granting: extra roles. A role is granted to a player, revoked from one, or transferred from
//! one player to another.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Granting {
    pub action: GrantAction,
    pub role: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<Value>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum GrantAction {
    Grant,
    Revoke,
    Transfer,
}
