//! Changing: a player's role, alignment or group becomes another.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, Vocabulary, not_yet, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::resolve::{GROUP, ROLE, Ref, TEAM};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Role|Alignment|Group Change <target> to <value>`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Changing {
    pub kind: ChangeKind,
    pub target: Value,
    pub to: Value,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ChangeKind {
    Role,
    Alignment,
    Group,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Group", parse_group)],
    verbs: &["Role Change", "Alignment Change", "Group Change"],
};

/// `Group Change …` (`Role` and `Alignment` are shared with investigating and come through
/// [`super::role_or_alignment`]).
fn parse_group(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    c.expect_phrase("Change", "`Group`")?;
    parse_rest(c, ChangeKind::Group)
}

/// After `<Kind> Change`: `<target> to <new value>`.
pub(super) fn parse_rest(c: &mut Cursor, kind: ChangeKind) -> PResult<AbilityKind> {
    let target = parse_value(c)?;
    c.expect_phrase("to", "the changed target")?;
    Ok(AbilityKind::Changing(Changing {
        kind,
        target,
        to: parse_value(c)?,
    }))
}

impl fmt::Display for Changing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Changing { kind, target, to } = self;
        let kind = match kind {
            ChangeKind::Role => "Role",
            ChangeKind::Alignment => "Alignment",
            ChangeKind::Group => "Group",
        };
        write!(f, "{kind} Change {target} to {to}")
    }
}

impl AbilityNode for Changing {
    fn type_name(&self) -> &'static str {
        "Changing"
    }

    /// `Alignment` of `[Alignment Changing]` (the Cat's filter).
    fn subtype(&self) -> &'static str {
        match self.kind {
            ChangeKind::Role => "Role",
            ChangeKind::Alignment => "Alignment",
            ChangeKind::Group => "Group",
        }
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.target, &self.to]
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        let namespace = match self.kind {
            ChangeKind::Role => ROLE,
            ChangeKind::Alignment => TEAM,
            ChangeKind::Group => GROUP,
        };
        vec![Ref::Named(namespace, &self.to)]
    }

    fn compile(&self) -> Compiled {
        let Changing { kind, target, to } = self;
        Compiled::Executable(match kind {
            ChangeKind::Role => Vocabulary::ChangeRole {
                target: text(target),
                to: text(to),
            },
            ChangeKind::Alignment => Vocabulary::ChangeAlignment {
                target: text(target),
                to: text(to),
            },
            ChangeKind::Group => {
                return not_yet("renaming a group needs groups in the engine");
            }
        })
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
