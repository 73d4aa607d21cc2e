//! Investigating: the actor learns something about a player (role, alignment, category,
//! class, an attribute) or a number (how often a role exists, how many players a selector
//! holds), optionally through weak and strong disguises.

use crate::wwr::ast::Value;
use serde::Serialize;

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
