//! What the shared vocabulary's investigations told a player about other players' sides, read
//! back from the committed phases: a successful `Investigate` step of his and the message it
//! sent him (`side_yes` or `side_no` by the ability's `tell`). A simulated player who plays on
//! what he knows (`crate::simulate::InformedPlay`) reads it through
//! [`crate::engine::RuleSystem::told_sides`].

use crate::engine::outcome::{Audience, StepResult};
use crate::engine::{GameState, SlotId};
use crate::rules::{Effect, Roleset};

/// Each player `slot` was told about, oldest first: whether he was told that player is hostile.
/// A role learnt (the `role` option) counts as told the side of that role.
pub fn told_sides(roleset: &Roleset, state: &GameState, slot: SlotId) -> Vec<(SlotId, bool)> {
    let mut out = Vec::new();
    for phase in state.history.iter() {
        let sent_to_me = |template: &str| {
            (phase.outcome.messages.iter())
                .any(|m| m.audience == Audience::Slot(slot) && m.template == template)
        };
        for step in &phase.outcome.steps {
            if step.actor != Some(slot) || step.result != StepResult::Success {
                continue;
            }
            let Some(ability) = step.ability.as_deref().and_then(|a| roleset.ability(a)) else {
                continue;
            };
            let Effect::Investigate { side, .. } = &ability.effect else {
                continue;
            };
            let Some(target) = (step.targets_after.first()).and_then(|t| state.slot_by_name(t))
            else {
                continue;
            };
            let side_hostile = roleset.sides.iter().any(|s| s.id == *side && s.hostile);
            let template = |event: &str| ability.tell.get(event).map(String::as_str);
            let told = if template("side_yes").is_some_and(sent_to_me) {
                Some(side_hostile)
            } else if template("side_no").is_some_and(sent_to_me) {
                Some(!side_hostile)
            } else if template("role").is_some_and(sent_to_me) {
                Some(target.roles().any(|r| roleset.is_hostile_role(r)))
            } else {
                None
            };
            if let Some(hostile) = told {
                out.push((target.id, hostile));
            }
        }
    }
    out
}
