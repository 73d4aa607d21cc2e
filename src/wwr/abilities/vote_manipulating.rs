//! Vote manipulating: a player's voting power on one ballot (public, special public, hidden
//! public or private) is set to an amount or changed by one.

use crate::wwr::ast::{Duration, Value};
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VoteManipulating {
    pub target: Value,
    pub vote: VoteKind,
    pub relative: bool,
    pub amount: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum VoteKind {
    Public,
    SpecialPublic,
    HiddenPublic,
    Private,
}
