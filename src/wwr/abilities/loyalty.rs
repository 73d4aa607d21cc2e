//! Loyalty: the actor is bound to a group or an alignment, so leaving it later counts as a
//! betrayal.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::paren_word;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::resolve::{GROUP, Ref, TEAM};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Loyalty to <group or alignment> (Group|Alignment)`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Loyalty {
    pub to: Value,
    pub kind: LoyaltyKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum LoyaltyKind {
    Group,
    Alignment,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Loyalty", parse)],
    verbs: &["Loyalty"],
};

/// `Loyalty to <group or alignment> (Group|Alignment)`.
fn parse(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    c.expect_phrase("to", "`Loyalty`")?;
    let to = parse_value(c)?;
    let kind = match paren_word(c)?.as_deref() {
        Some("Group") => LoyaltyKind::Group,
        Some("Alignment") => LoyaltyKind::Alignment,
        other => {
            return Err(c.error_here(format!(
                "expected `(Group)` or `(Alignment)` after the loyalty target, found {}",
                other.map_or_else(|| c.found(), |w| format!("`({w})`"))
            )));
        }
    };
    Ok(AbilityKind::Loyalty(Loyalty { to, kind }))
}

impl fmt::Display for Loyalty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Loyalty { to, kind } = self;
        let kind = match kind {
            LoyaltyKind::Group => "Group",
            LoyaltyKind::Alignment => "Alignment",
        };
        write!(f, "Loyalty to {to} ({kind})")
    }
}

impl AbilityNode for Loyalty {
    fn type_name(&self) -> &'static str {
        "Loyalty"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.to]
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        let namespace = match self.kind {
            LoyaltyKind::Group => GROUP,
            LoyaltyKind::Alignment => TEAM,
        };
        vec![Ref::Named(namespace, &self.to)]
    }

    fn compile(&self) -> Compiled {
        not_yet("loyalty has no engine effect of its own: the WWR executor runs it")
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
