//! Obstructing: a player's abilities (all of them, or those of one type or all but one type)
//! fail, optionally answering the player with a fixed or randomly weighted fake feedback.

use super::AbilityNode;
use crate::wwr::ast::{AbilityFilter, Duration, Value};
use crate::wwr::compile::{Compiled, Vocabulary, lasting, text};
use crate::wwr::render::Dur;
use serde::Serialize;
use std::fmt;

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

impl fmt::Display for Obstructing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Obstructing {
            target,
            abilities,
            feedback,
            duration,
        } = self;
        f.write_str("Obstruct ")?;
        if let Some(filter) = abilities {
            let bang = if filter.negated { "!" } else { "" };
            write!(f, "{bang}{} for ", filter.name)?;
        }
        write!(f, "{target}")?;
        match feedback {
            Some(ObstructFeedback::Fixed { value }) => write!(f, " ⇒ {value}")?,
            Some(ObstructFeedback::Weighted { choices }) => {
                let items: Vec<String> = choices
                    .iter()
                    .map(|c| format!("{}:{}", c.chance, c.value))
                    .collect();
                write!(f, " ⇒ ({})", items.join(","))?;
            }
            None => {}
        }
        write!(f, "{}", Dur(*duration))
    }
}

impl AbilityNode for Obstructing {
    fn type_name(&self) -> &'static str {
        "Obstructing"
    }

    fn values(&self) -> Vec<&Value> {
        let Obstructing {
            target, feedback, ..
        } = self;
        let mut out: Vec<&Value> = vec![target];
        match feedback {
            Some(ObstructFeedback::Fixed { value }) => out.push(value),
            Some(ObstructFeedback::Weighted { choices }) => {
                out.extend(choices.iter().map(|c| &c.value));
            }
            None => {}
        }
        out
    }

    fn compile(&self) -> Compiled {
        let Obstructing {
            target,
            abilities,
            feedback,
            duration,
        } = self;
        Compiled::Executable(Vocabulary::Block {
            target: text(target),
            abilities: abilities.as_ref().map(|f| {
                let bang = if f.negated { "all but " } else { "" };
                format!("{bang}{}", f.name)
            }),
            fake_feedback: feedback.as_ref().map(|f| match f {
                ObstructFeedback::Fixed { value } => text(value),
                ObstructFeedback::Weighted { choices } => choices
                    .iter()
                    .map(|c| format!("{} with chance {}", c.value, c.chance))
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
            duration: lasting(duration),
        })
    }

    fn layer(&self) -> Option<&'static str> {
        Some("obstruction (layer B)")
    }
}
