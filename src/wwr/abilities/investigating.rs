//! Investigating: the actor learns something about a player (role, alignment, category,
//! class, an attribute) or a number (how often a role exists, how many players a selector
//! holds), optionally through weak and strong disguises.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::{expected_after, paren_items};
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, Learns, Vocabulary, text};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::resolve::{ROLE, Ref};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `<Kind> Investigate <target> [for <attribute>] [(SD, WD)]` or `Investigate <value> [Player]
/// Count`.
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

pub(super) const TYPE: Type = Type {
    leads: &[
        ("Category", parse_named),
        ("Class", parse_named),
        ("Attribute", parse_named),
        ("Investigate", parse_count),
    ],
    verbs: &[
        "Role Investigate",
        "Alignment Investigate",
        "Category Investigate",
        "Class Investigate",
        "Attribute Investigate",
        "Investigate",
    ],
};

/// `Category|Class|Attribute Investigate …` (`Role` and `Alignment` are shared with
/// changing and come through [`super::role_or_alignment`]).
fn parse_named(c: &mut Cursor, lead: Lead) -> PResult<AbilityKind> {
    c.expect_phrase("Investigate", format_args!("`{}`", lead.word))?;
    let kind = match lead.word {
        "Category" => InvestigationKind::Category,
        "Class" => InvestigationKind::Class,
        _ => InvestigationKind::Attribute,
    };
    parse_rest(c, kind)
}

/// After `<Kind> Investigate`: the target, `for <attribute>` for an attribute investigation,
/// and the disguise levels.
pub(super) fn parse_rest(c: &mut Cursor, kind: InvestigationKind) -> PResult<AbilityKind> {
    let target = parse_value(c)?;
    let attribute = if kind == InvestigationKind::Attribute {
        c.expect_phrase("for", "the investigated player")?;
        Some(parse_value(c)?)
    } else {
        None
    };
    Ok(AbilityKind::Investigating(Investigating {
        kind,
        target,
        attribute,
        disguises: disguise_levels(c)?,
    }))
}

/// `Investigate <value> Count` or `Investigate <value> Player Count`.
fn parse_count(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    let target = parse_value(c)?;
    let kind = if c.eat_phrase("Player Count") {
        InvestigationKind::PlayerCount
    } else if c.eat_phrase("Count") {
        InvestigationKind::Count
    } else {
        return Err(expected_after(
            c,
            "`Count` or `Player Count`",
            "the investigated value",
        ));
    };
    Ok(AbilityKind::Investigating(Investigating {
        kind,
        target,
        attribute: None,
        disguises: disguise_levels(c)?,
    }))
}

/// `(SD, WD)`, `(WD)`, `(SD)` or nothing.
fn disguise_levels(c: &mut Cursor) -> PResult<DisguiseLevels> {
    let mut levels = DisguiseLevels::default();
    let Some(items) = paren_items(c)? else {
        return Ok(levels);
    };
    for (start, end) in items {
        match c.slice(start, end) {
            "SD" => levels.strong = true,
            "WD" => levels.weak = true,
            other => {
                return Err(c.error_at(
                    start,
                    end.max(start + 1),
                    format!("expected `SD` or `WD` in the disguise levels, found `{other}`"),
                ));
            }
        }
    }
    Ok(levels)
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
