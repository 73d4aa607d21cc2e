//! Executing: a bot command is run in a location.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Executing {
    pub command: Value,
    pub location: Value,
}
