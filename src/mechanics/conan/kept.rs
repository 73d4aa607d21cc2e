//! What the Conan rules keep between phases (conan.md §15) beyond the slots' counters and
//! statuses: the game state's typed [`crate::engine::Kept`] value of this type.

use crate::engine::{GameState, SlotId};
use std::collections::{BTreeMap, BTreeSet};

/// What the Conan rules keep between phases beside the slots' counters and statuses: the game
/// state's [`crate::engine::Kept`] value of this type. A role's own value (Akai's Vengeance,
/// Vermouth's disguises, Gin's erased crime types) is kept in the role's file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Kept {
    /// The BO leader chosen by election; `None`: the default by rank (§8.2).
    pub leader: Option<SlotId>,
    /// APTX capsules the BO have used up (the option gives how many they start with).
    pub capsules_lost: u32,
    /// The Suitcase list the leader handed out for the coming night (§8.5).
    pub suitcase_list: Vec<SlotId>,
    /// The crime log (§4.2), in the order written.
    pub crimes: Vec<super::crimes::Crime>,
    /// Each player's latest will (§10).
    pub wills: BTreeMap<SlotId, String>,
    /// Whom a BO member handed his actions to (§8.3).
    pub handoffs: BTreeMap<SlotId, SlotId>,
    /// The travelers whose return has been announced (§3).
    pub returned: BTreeSet<SlotId>,
}

/// What the rules keep in this state (empty before anything was written).
pub fn of(state: &GameState) -> std::borrow::Cow<'_, Kept> {
    state.kept.of::<Kept>()
}

/// What the rules keep in this state, to change.
pub fn of_mut(state: &mut GameState) -> &mut Kept {
    state.kept.get_mut::<Kept>()
}
