//! Redirecting: abilities of a kind that would reach the holder (optionally only from certain
//! players) reach another player instead.

use crate::wwr::ast::{Duration, Value};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Redirecting {
    pub abilities: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Value>,
    pub to: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}
