//! Conversation reset: the history of a channel (of a role or group) is cleared.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConversationReset {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Value>,
}
