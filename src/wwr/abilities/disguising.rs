//! Disguising: a player appears to investigations as another role, weakly or strongly;
//! investigations say which strengths they are fooled by.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::duration;
use crate::wwr::ast::{Duration, Value};
use crate::wwr::compile::{Compiled, Vocabulary, lasting, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::render::Dur;
use crate::wwr::resolve::{ROLE, Ref};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Weakly|Strongly Disguise <target> as <role> [(~Duration)]`.
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

pub(super) const TYPE: Type = Type {
    leads: &[("Weakly", parse), ("Strongly", parse)],
    verbs: &["Weakly Disguise", "Strongly Disguise"],
};

/// `Weakly|Strongly Disguise <target> as <role> [(~Duration)]`.
fn parse(c: &mut Cursor, lead: Lead) -> PResult<AbilityKind> {
    c.expect_phrase("Disguise", format_args!("`{}`", lead.word))?;
    let target = parse_value(c)?;
    c.expect_phrase("as", "the disguised player")?;
    Ok(AbilityKind::Disguising(Disguising {
        strength: if lead.word == "Weakly" {
            DisguiseStrength::Weak
        } else {
            DisguiseStrength::Strong
        },
        target,
        role: parse_value(c)?,
        duration: duration(c)?,
    }))
}

impl fmt::Display for Disguising {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Disguising {
            strength,
            target,
            role,
            duration,
        } = self;
        let adverb = match strength {
            DisguiseStrength::Weak => "Weakly",
            DisguiseStrength::Strong => "Strongly",
        };
        write!(f, "{adverb} Disguise {target} as {role}{}", Dur(*duration))
    }
}

impl AbilityNode for Disguising {
    fn type_name(&self) -> &'static str {
        "Disguising"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.target, &self.role]
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        vec![Ref::Named(ROLE, &self.role)]
    }

    fn compile(&self) -> Compiled {
        let Disguising {
            strength,
            target,
            role,
            duration,
        } = self;
        Compiled::Executable(Vocabulary::Disguise {
            target: text(target),
            as_role: text(role),
            strong: *strength == DisguiseStrength::Strong,
            duration: lasting(duration),
        })
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
