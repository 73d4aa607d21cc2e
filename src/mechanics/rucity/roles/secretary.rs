//! The mayor's secretary (§9.3, L161): a title the mayor gives one of his voters. No killer
//! move, no colour check and no journalist's comparison may target her; she loses the title as the mayor's office
//! says (`mayor.rs`).

use super::{Entry, Role, refusal, teams};
use crate::engine::{Refusal, SlotId};

pub struct Secretary;

impl Role for Secretary {
    fn id(&self) -> &'static str {
        teams::SECRETARY
    }
    fn refuse_as_target(&self, entry: &Entry, target: SlotId) -> Result<(), Refusal> {
        if entry.roleset.ability_has_tag(entry.ability, teams::KILLER)
            || super::checks::COLOUR_CHECKS.contains(&entry.ability)
            || entry.ability.starts_with("journalist_")
        {
            return refusal(
                "secretary_protected",
                format!(
                    "{} is the mayor's secretary: she cannot be the target of `{}` (L161)",
                    entry.state.slots[target].name, entry.ability
                ),
            );
        }
        Ok(())
    }
}
