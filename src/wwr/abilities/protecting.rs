//! Protecting: a player is shielded from some kinds of killing (optionally only those caused
//! by certain players, or only by day or night) through a kind of defense: active, passive,
//! partial, recruitment, or being absent at a location.

use crate::wwr::ast::{Duration, PhaseKind, Value};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Protecting {
    pub target: Value,
    pub against: KillFilter,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<Value>,
    pub defense: Defense,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub during: Option<PhaseKind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}

/// Which killings a protection stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum KillFilter {
    Attacks,
    Kills,
    Lynches,
    AttacksAndLynches,
    All,
    Banishments,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Defense {
    Active,
    Passive,
    Partial,
    Recruitment,
    Absence { at: Value },
}
