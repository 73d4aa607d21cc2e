//! Switching: the actor and another player swap their roles.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Switching {
    pub target: Value,
}
