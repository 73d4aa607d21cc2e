//! Joining: group membership. The actor joins or leaves a group; a player is added to or
//! removed from one, optionally with a membership type and for a duration.

use crate::wwr::ast::{Duration, Value};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Joining {
    pub action: JoinAction,
    /// The player added or removed (`Add`/`Remove`); absent for `Join`/`Leave` (the actor).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<Value>,
    pub group: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub membership: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum JoinAction {
    Join,
    Leave,
    Add,
    Remove,
}
