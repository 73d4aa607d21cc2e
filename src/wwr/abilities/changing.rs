//! Changing: a player's role, alignment or group becomes another.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Changing {
    pub kind: ChangeKind,
    pub target: Value,
    pub to: Value,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ChangeKind {
    Role,
    Alignment,
    Group,
}
