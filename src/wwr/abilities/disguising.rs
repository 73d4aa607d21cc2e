//! Disguising: a player appears to investigations as another role, weakly or strongly;
//! investigations say which strengths they are fooled by.

use crate::wwr::ast::{Duration, Value};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Disguising {
    pub strength: DisguiseStrength,
    pub target: Value,
    pub role: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum DisguiseStrength {
    Weak,
    Strong,
}
