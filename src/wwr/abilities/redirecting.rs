//! Redirecting: abilities of a kind that would reach the holder (optionally only from certain
//! players) reach another player instead.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::{duration, value_after};
use crate::wwr::ast::{Duration, Value};
use crate::wwr::compile::{Compiled, Vocabulary, lasting, opt, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::{Dur, Opt};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Redirect <abilities> [from <players>] to <target> [(~Duration)]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Redirecting {
    pub abilities: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Value>,
    pub to: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Redirect", parse)],
    verbs: &["Redirect"],
};

/// `Redirect <abilities> [from <players>] to <target> [(~Duration)]`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let abilities = parse_value(c)?;
    let from = value_after(c, "from")?;
    c.expect_phrase("to", "the redirected abilities")?;
    Ok(AbilityKind::Redirecting(Redirecting {
        abilities,
        from,
        to: parse_value(c)?,
        duration: duration(c)?,
    }))
}

impl fmt::Display for Redirecting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Redirecting {
            abilities,
            from,
            to,
            duration,
        } = self;
        write!(
            f,
            "Redirect {abilities}{} to {to}{}",
            Opt("from", from),
            Dur(*duration)
        )
    }
}

impl AbilityNode for Redirecting {
    fn type_name(&self) -> &'static str {
        "Redirecting"
    }

    fn values(&self) -> Vec<&Value> {
        let Redirecting {
            abilities,
            from,
            to,
            ..
        } = self;
        let mut out: Vec<&Value> = vec![abilities, to];
        out.extend(from.as_ref());
        out
    }

    fn compile(&self) -> Compiled {
        let Redirecting {
            abilities,
            from,
            to,
            duration,
        } = self;
        Compiled::Executable(Vocabulary::Redirect {
            abilities: abilities
                .plain_text()
                .map_or_else(|| text(abilities), str::to_string),
            from: opt(from),
            to: text(to),
            duration: lasting(duration),
        })
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
