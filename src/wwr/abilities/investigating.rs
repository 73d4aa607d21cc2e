//! Investigating: the actor learns something about a player (role, alignment, category,
//! class, an attribute) or a number (how often a role exists, how many players a selector
//! holds), optionally through weak and strong disguises.

use super::AbilityNode;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, Learns, Vocabulary, text};
use crate::wwr::resolve::{ROLE, Ref};
use serde::Serialize;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Investigating {
    pub kind: InvestigationKind,
    pub target: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attribute: Option<Value>,
    pub disguises: DisguiseLevels,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum InvestigationKind {
    Role,
    Alignment,
    Category,
    Class,
    Attribute,
    /// `Investigate <Role> Count`: how many times a role exists.
    Count,
    /// `Investigate <Target> Player Count`: how many players a selector holds.
    PlayerCount,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DisguiseLevels {
    pub weak: bool,
    pub strong: bool,
}

impl InvestigationKind {
    /// The kind as the texts write it, also the subtype word of filters (`Player Count`).
    pub fn name(self) -> &'static str {
        match self {
            InvestigationKind::Role => "Role",
            InvestigationKind::Alignment => "Alignment",
            InvestigationKind::Category => "Category",
            InvestigationKind::Class => "Class",
            InvestigationKind::Attribute => "Attribute",
            InvestigationKind::Count => "Count",
            InvestigationKind::PlayerCount => "Player Count",
        }
    }
}

impl fmt::Display for Investigating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Investigating {
            kind,
            target,
            attribute,
            disguises,
        } = self;
        match kind {
            InvestigationKind::Count => write!(f, "Investigate {target} Count")?,
            InvestigationKind::PlayerCount => write!(f, "Investigate {target} Player Count")?,
            other => write!(f, "{} Investigate {target}", other.name())?,
        }
        if let Some(attribute) = attribute {
            write!(f, " for {attribute}")?;
        }
        match (disguises.strong, disguises.weak) {
            (true, true) => f.write_str(" (SD, WD)"),
            (true, false) => f.write_str(" (SD)"),
            (false, true) => f.write_str(" (WD)"),
            (false, false) => Ok(()),
        }
    }
}

impl AbilityNode for Investigating {
    fn type_name(&self) -> &'static str {
        "Investigating"
    }

    fn subtype(&self) -> &'static str {
        self.kind.name()
    }

    fn values(&self) -> Vec<&Value> {
        let Investigating {
            target, attribute, ..
        } = self;
        let mut out: Vec<&Value> = Vec::new();
        out.extend(std::iter::once(target).chain(attribute.as_ref()));
        out
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        let mut refs: Vec<Ref<'_>> = self.attribute.iter().map(Ref::Attribute).collect();
        if self.kind == InvestigationKind::Count {
            refs.push(Ref::Named(ROLE, &self.target));
        }
        refs
    }

    fn compile(&self) -> Compiled {
        let Investigating {
            kind,
            target,
            attribute,
            disguises,
        } = self;
        Compiled::Executable(Vocabulary::Investigate {
            target: text(target),
            learns: match kind {
                InvestigationKind::Role => Learns::Role,
                InvestigationKind::Alignment => Learns::Alignment,
                InvestigationKind::Category => Learns::Category,
                InvestigationKind::Class => Learns::Class,
                InvestigationKind::Attribute => {
                    Learns::Attribute(attribute.as_ref().map(text).unwrap_or_default())
                }
                InvestigationKind::Count => Learns::RoleCount,
                InvestigationKind::PlayerCount => Learns::PlayerCount,
            },
            weak_disguises_apply: disguises.weak,
            strong_disguises_apply: disguises.strong,
        })
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
