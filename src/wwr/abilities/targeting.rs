//! Targeting: the actor stores a target (optionally of a stated kind, such as a role or an
//! option) that later abilities read as `@Target`; untargeting clears it.

use super::{AbilityKind, AbilityNode, Lead, Type};
use crate::wwr::ability::paren_word;
use crate::wwr::ast::Value;
use crate::wwr::compile::{Compiled, not_yet};
use crate::wwr::cursor::{Cursor, PResult};
use crate::wwr::names::did_you_mean;
use crate::wwr::resolve::{ROLE, Ref};
use crate::wwr::value::parse_value;
use serde::Serialize;
use std::fmt;

/// `Target <value> [(<type>)]`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Targeting {
    pub target: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub as_type: Option<TargetType>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TargetType {
    Player,
    PlayerOptional,
    Dead,
    Ghost,
    Role,
    Attribute,
    Category,
    FullCategory,
    Boolean,
    Option,
}

pub(super) const TYPE: Type = Type {
    leads: &[("Target", parse_target), ("Untarget", parse_untarget)],
    verbs: &["Target", "Untarget"],
};

/// `Target <value> [(<type>)]`.
fn parse_target(c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    Ok(AbilityKind::Targeting(Targeting {
        target: parse_value(c)?,
        as_type: target_type(c)?,
    }))
}

fn parse_untarget(_c: &mut Cursor, _lead: Lead) -> PResult<AbilityKind> {
    Ok(AbilityKind::Untargeting)
}

fn target_type(c: &mut Cursor) -> PResult<Option<TargetType>> {
    const TYPES: [(&str, TargetType); 10] = [
        ("Player", TargetType::Player),
        ("Player Optional", TargetType::PlayerOptional),
        ("Dead", TargetType::Dead),
        ("Ghost", TargetType::Ghost),
        ("Role", TargetType::Role),
        ("Attribute", TargetType::Attribute),
        ("Category", TargetType::Category),
        ("Full Category", TargetType::FullCategory),
        ("Boolean", TargetType::Boolean),
        ("Option", TargetType::Option),
    ];
    let before = c.pos;
    let Some(word) = paren_word(c)? else {
        return Ok(None);
    };
    match TYPES.iter().find(|(n, _)| n.eq_ignore_ascii_case(&word)) {
        Some(&(_, t)) => Ok(Some(t)),
        None => {
            let mut at = c.sub(before, c.pos);
            at.skip_ws();
            Err(at.error_at(
                at.pos,
                c.pos,
                format!(
                    "unknown target type `({word})`{}; expected Player, Player Optional, Dead, \
                     Ghost, Role, Attribute, Category, Full Category, Boolean or Option",
                    did_you_mean(&word, TYPES.iter().map(|(n, _)| *n))
                ),
            ))
        }
    }
}

/// Why these abilities have no engine vocabulary yet.
const NOT_YET: &str = "the engine has no per-player stored target yet";

impl fmt::Display for Targeting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Targeting { target, as_type } = self;
        write!(f, "Target {target}")?;
        if let Some(t) = as_type {
            let name = match t {
                TargetType::PlayerOptional => "Player Optional".to_string(),
                TargetType::FullCategory => "Full Category".to_string(),
                other => format!("{other:?}"),
            };
            write!(f, " ({name})")?;
        }
        Ok(())
    }
}

impl AbilityNode for Targeting {
    fn type_name(&self) -> &'static str {
        "Targeting"
    }

    fn values(&self) -> Vec<&Value> {
        vec![&self.target]
    }

    fn refs(&self) -> Vec<Ref<'_>> {
        match self.as_type {
            Some(TargetType::Role) => vec![Ref::Named(ROLE, &self.target)],
            _ => Vec::new(),
        }
    }

    fn compile(&self) -> Compiled {
        not_yet(NOT_YET)
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}

/// The `Untarget` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Untarget;

impl fmt::Display for Untarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Untarget")
    }
}

impl AbilityNode for Untarget {
    fn type_name(&self) -> &'static str {
        "Targeting"
    }

    fn compile(&self) -> Compiled {
        not_yet(NOT_YET)
    }

    fn layer(&self) -> Option<&'static str> {
        None
    }
}
