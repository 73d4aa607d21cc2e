//! Targeting: the actor stores a target (optionally of a stated kind, such as a role or an
//! option) that later abilities read as `@Target`; untargeting clears it.

use crate::wwr::ast::Value;
use serde::Serialize;

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
