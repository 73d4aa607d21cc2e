//! Resurrecting: a dead player comes back to life.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Resurrecting {
    pub target: Value,
}
