//! Killing: ends a player's life. The verb sets the strength: an attack is stopped by any
//! matching defense, a kill only by defenses against kills, a lynch only by defenses against
//! lynches, a true kill by nothing; banishment makes a ghost in haunting games.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::expected_after;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, KillStrength, Vocabulary, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Kill|Attack|Lynch|Banish <target>`, `True Kill|Banish <target>`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Killing {
    pub kind: KillingKind,
    pub target: Value,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum KillingKind {
    Kill,
    Attack,
    Lynch,
    TrueKill,
    Banish,
    TrueBanish,
}

pub(super) const TYPE: Type = Type {
    leads: &[
        ("Kill", parse),
        ("Attack", parse),
        ("Lynch", parse),
        ("Banish", parse),
        ("True", parse),
    ],
    verbs: &[
        "Kill",
        "Attack",
        "Lynch",
        "Banish",
        "True Kill",
        "True Banish",
    ],
};

/// `Kill|Attack|Lynch|Banish <target>` or `True Kill|Banish <target>`.
fn parse(c: &mut Cursor, lead: Lead) -> PResult<AbilityKind> {
    let kind = match lead.word {
        "Kill" => KillingKind::Kill,
        "Attack" => KillingKind::Attack,
        "Lynch" => KillingKind::Lynch,
        "Banish" => KillingKind::Banish,
        _ if c.eat_phrase("Kill") => KillingKind::TrueKill,
        _ if c.eat_phrase("Banish") => KillingKind::TrueBanish,
        _ => return Err(expected_after(c, "`Kill` or `Banish`", "`True`")),
    };
    Ok(AbilityKind::Killing(Killing {
        kind,
        target: parse_value(c)?,
    }))
}

impl KillingKind {
    /// The verb as the texts write it, also the subtype word of `[Attack Killing]` filters.
    pub fn verb(self) -> &'static str {
        match self {
            KillingKind::Kill => "Kill",
            KillingKind::Attack => "Attack",
            KillingKind::Lynch => "Lynch",
            KillingKind::TrueKill => "True Kill",
            KillingKind::Banish => "Banish",
            KillingKind::TrueBanish => "True Banish",
        }
    }
}

impl fmt::Display for Killing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.verb(), self.target)
    }
}

impl AbilityNode for Killing {
    fn type_name(&self) -> &'static str {
        "Killing"
    }

    fn subtype(&self) -> &'static str {
        self.kind.verb()
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.target]
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }

    fn compile(&self) -> Compiled {
        let Killing { kind, target } = self;
        Compiled::Executable(Vocabulary::Kill {
            target: text(target),
            strength: match kind {
                KillingKind::Attack => KillStrength::Attack,
                KillingKind::Kill => KillStrength::Kill,
                KillingKind::Lynch => KillStrength::Lynch,
                KillingKind::TrueKill => KillStrength::TrueKill,
                KillingKind::Banish => KillStrength::Banish,
                KillingKind::TrueBanish => KillStrength::TrueBanish,
            },
        })
    }
}
