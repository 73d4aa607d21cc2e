//! Killing: ends a player's life. The verb sets the strength: an attack is stopped by any
//! matching defense, a kill only by defenses against kills, a lynch only by defenses against
//! lynches, a true kill by nothing; banishment makes a ghost in haunting games.

use crate::wwr::ast::Value;
use serde::Serialize;

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
