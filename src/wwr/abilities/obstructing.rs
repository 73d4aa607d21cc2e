//! Obstructing: a player's abilities (all of them, or those of one type or all but one type)
//! fail, optionally answering the player with a fixed or randomly weighted fake feedback.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::{duration, paren_items};
use crate::wwr::ast::{AbilityFilter, Duration, Value};
use crate::wwr::compile::{Compiled, Vocabulary, lasting, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::Dur;
use crate::wwr::trigger::parse_filter;
use crate::wwr::value::{parse_value, parse_value_exact};
use serde::Serialize;
use std::fmt;

/// `Obstruct [[!]<Ability Type> for] <target> [⇒ <feedback>] [(~Duration)]`.
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

pub(super) const TYPE: Type = Type {
    leads: &[("Obstruct", parse)],
    verbs: &["Obstruct"],
};

/// `Obstruct <target>` or `Obstruct [!]<Ability Type> for <target>`, then optionally
/// `⇒ <feedback>` or `⇒ (<chance>:<feedback>, …)` and `(~Duration)`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    c.skip_ws();
    let starts_with_value = c
        .peek()
        .is_some_and(|ch| matches!(ch, '@' | '&' | '#' | '%' | '`' | '^'));
    let abilities = if starts_with_value {
        None
    } else {
        let start = c.pos;
        let Some(offset) = c.rest().find(" for ") else {
            return Err(c.error_here(format!(
                "expected `Obstruct <target>` or `Obstruct <Ability Type> for <target>`, found {}",
                c.found()
            )));
        };
        let filter = parse_filter(c, start, start + offset)?;
        c.pos = start + offset + " for".len();
        Some(filter)
    };
    let target = parse_value(c)?;
    let feedback = if c.eat_phrase("⇒") || c.eat_phrase("=>") {
        c.skip_ws();
        if c.peek() == Some('(') && !c.rest().starts_with("(~") {
            Some(weighted(c)?)
        } else {
            Some(ObstructFeedback::Fixed {
                value: parse_value(c)?,
            })
        }
    } else {
        None
    };
    Ok(AbilityKind::Obstructing(Obstructing {
        target,
        abilities,
        feedback,
        duration: duration(c)?,
    }))
}

/// `(0.6:`A`,0.4:`B`)`: feedbacks with their chances.
fn weighted(c: &mut Cursor) -> PResult<ObstructFeedback> {
    let items = paren_items(c)?.unwrap_or_default();
    let mut choices = Vec::new();
    for (start, end) in items {
        let item = c.slice(start, end);
        let Some(colon) = item.find(':') else {
            return Err(c.error_at(
                start,
                end.max(start + 1),
                format!("expected `<chance>:<feedback>`, found `{item}`"),
            ));
        };
        let chance = item[..colon].trim().parse::<f64>().map_err(|_| {
            c.error_at(
                start,
                start + colon,
                format!("`{}` is not a chance", &item[..colon]),
            )
        })?;
        let mut inner = c.sub(start + colon + 1, end);
        choices.push(WeightedFeedback {
            chance,
            value: parse_value_exact(&mut inner, "the feedback")?,
        });
    }
    Ok(ObstructFeedback::Weighted { choices })
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
        None
    }
}
