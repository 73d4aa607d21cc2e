//! Locking: a location (a channel) is locked or unlocked for writing.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Locking {
    pub lock: bool,
    pub location: Value,
}
