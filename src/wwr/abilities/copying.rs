//! Copying: the actor takes on a copy of another player's role, optionally without running
//! the copied role's starting abilities.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Copying {
    pub target: Value,
    pub suppressed: bool,
}
