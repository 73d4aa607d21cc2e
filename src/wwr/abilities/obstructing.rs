//! Obstructing: a player's abilities (all of them, or those of one type or all but one type)
//! fail, optionally answering the player with a fixed or randomly weighted fake feedback.

use crate::wwr::ast::{AbilityFilter, Duration, Value};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Obstructing {
    pub target: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub abilities: Option<AbilityFilter>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feedback: Option<ObstructFeedback>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ObstructFeedback {
    Fixed {
        value: Value,
    },
    /// `⇒ (0.6:`A`,0.4:`B`)`.
    Weighted {
        choices: Vec<WeightedFeedback>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WeightedFeedback {
    pub chance: f64,
    pub value: Value,
}
