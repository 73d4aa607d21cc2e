//! Loyalty: the actor is bound to a group or an alignment, so leaving it later counts as a
//! betrayal.

use crate::wwr::ast::Value;
use serde::Serialize;

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
