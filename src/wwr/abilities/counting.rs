//! Counting: a counter kept per element is raised, lowered or set, the actor's own or another
//! player's.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::value_after;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, Vocabulary, opt};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::Opt;
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Increment|Decrement Counter [by <amount>] [for <target>]`, `Set Counter to <amount> [for
/// <target>]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Counting {
    pub op: CounterOp,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Value>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CounterOp {
    Increment,
    Decrement,
    Set,
}

pub(super) const TYPE: Type = Type {
    leads: &[
        ("Increment", parse_step),
        ("Decrement", parse_step),
        ("Set", parse_set),
    ],
    verbs: &["Increment", "Decrement", "Set"],
};

/// `Increment|Decrement Counter [by <amount>] [for <target>]`, the two in either order.
fn parse_step(c: &mut Cursor, lead: Lead) -> PResult<AbilityKind> {
    c.expect_phrase("Counter", format_args!("`{}`", lead.word))?;
    let mut amount = None;
    let mut target = None;
    loop {
        if amount.is_none() && c.eat_phrase("by") {
            amount = Some(parse_value(c)?);
        } else if target.is_none() && c.eat_phrase("for") {
            target = Some(parse_value(c)?);
        } else {
            break;
        }
    }
    Ok(AbilityKind::Counting(Counting {
        op: if lead.word == "Increment" {
            CounterOp::Increment
        } else {
            CounterOp::Decrement
        },
        amount,
        target,
    }))
}

/// `Set Counter to <amount> [for <target>]`.
fn parse_set(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    c.expect_phrase("Counter to", "`Set`")?;
    let amount = Some(parse_value(c)?);
    let target = value_after(c, "for")?;
    Ok(AbilityKind::Counting(Counting {
        op: CounterOp::Set,
        amount,
        target,
    }))
}

impl fmt::Display for Counting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Counting { op, amount, target } = self;
        match op {
            CounterOp::Set => write!(
                f,
                "Set Counter to {}{}",
                amount.as_ref().map(ToString::to_string).unwrap_or_default(),
                Opt("for", target)
            ),
            CounterOp::Increment | CounterOp::Decrement => write!(
                f,
                "{op:?} Counter{}{}",
                Opt("by", amount),
                Opt("for", target)
            ),
        }
    }
}

impl AbilityNode for Counting {
    fn type_name(&self) -> &'static str {
        "Counting"
    }

    fn values(&self) -> Vec<&Value> {
        let Counting { amount, target, .. } = self;
        let mut out: Vec<&Value> = Vec::new();
        out.extend(amount.as_ref().into_iter().chain(target.as_ref()));
        out
    }

    fn compile(&self) -> Compiled {
        let Counting { op, amount, target } = self;
        Compiled::Executable(Vocabulary::Counter {
            target: opt(target),
            op: *op,
            amount: opt(amount),
        })
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
