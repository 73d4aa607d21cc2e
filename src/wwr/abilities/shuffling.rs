//! Shuffling: the values of up to five lists are shuffled.

use crate::wwr::ast::Value;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Shuffle {
    pub targets: Vec<Value>,
}
