//! Whispering: a channel through which the actor (or another player) writes to a role,
//! optionally under a disguised name.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::{duration, value_after};
use crate::wwr::ast::{Duration, Value};
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::{Dur, Opt};
use crate::wwr::resolve::{ROLE, Ref};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Whisper [from <player>] to <role> [as <name>] [(~Duration)]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Whispering {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Value>,
    pub to: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disguise: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Whisper", parse)],
    verbs: &["Whisper"],
};

/// `Whisper [from <player>] to <role> [as <name>] [(~Duration)]`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let from = value_after(c, "from")?;
    c.expect_phrase("to", "`Whisper`")?;
    let to = parse_value(c)?;
    let disguise = value_after(c, "as")?;
    Ok(AbilityKind::Whispering(Whispering {
        from,
        to,
        disguise,
        duration: duration(c)?,
    }))
}

impl fmt::Display for Whispering {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Whispering {
            from,
            to,
            disguise,
            duration,
        } = self;
        write!(
            f,
            "Whisper{} to {to}{}{}",
            Opt("from", from),
            Opt("as", disguise),
            Dur(*duration)
        )
    }
}

impl AbilityNode for Whispering {
    fn type_name(&self) -> &'static str {
        "Whispering"
    }

    fn values(&self) -> Vec<&Value> {
        let Whispering {
            from, to, disguise, ..
        } = self;
        let mut out: Vec<&Value> = vec![to];
        out.extend(from.as_ref().into_iter().chain(disguise.as_ref()));
        out
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        vec![Ref::Named(ROLE, &self.to)]
    }

    fn compile(&self) -> Compiled {
        not_yet("whisper channels are not modelled by the engine")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
