//! Entries the Conan rules refuse before they are logged (the contract's readings): an actor
//! whose own state forbids the action, a kill order the sender may not give, a charge for a
//! phase that has not passed, a leader ballot from outside the BO. An action on a target who is
//! abroad or arrested is accepted and fails at resolution.

use super::book;
use crate::engine::system::{ActQuery, VoteQuery};
use crate::engine::{GameState, Refusal, SlotId};
use crate::rules::Roleset;

fn no(rule: &'static str, why: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal::new(rule, why))
}

/// Whatever the targets: the actor's condition and the ability's own rules.
pub fn usable(
    roleset: &Roleset,
    state: &GameState,
    actor: SlotId,
    ability: &str,
) -> Result<(), Refusal> {
    let Some(slot) = state.slots.get(actor) else {
        return Ok(());
    };
    let book::Leeway {
        item,
        record,
        lead,
        injured_ok,
    } = book::leeway(roleset, state, slot, ability);
    // An arrested leader keeps the lead (seed line 56); nothing else of an arrested player's.
    if slot.has_status(super::ARRESTED) && !lead && !record {
        return no(
            "blocked_actor",
            format!("{} is arrested and cannot act (§3)", slot.name),
        );
    }
    if slot.has_status(super::SUSPENDED) && !item && !record {
        return no(
            "suspended",
            format!(
                "{} is suspended: no abilities but items until the suspension ends (§4.3)",
                slot.name
            ),
        );
    }
    if slot.has_status(super::INJURED) && !injured_ok {
        return no(
            "injured",
            format!(
                "{} is injured: no abilities but the BO kill, Vengeance and items (§3, Q5)",
                slot.name
            ),
        );
    }
    super::roles::of_ability(ability).map_or(Ok(()), |r| r.usable(roleset, state, actor, ability))
}

/// With the targets and parameters: the refusals of the ability's own file.
pub fn act(q: &ActQuery<'_>) -> Result<(), Refusal> {
    super::roles::of_ability(q.ability).map_or(Ok(()), |r| r.refuse(q))
}

pub fn vote(q: &VoteQuery<'_>) -> Result<(), Refusal> {
    let voter = &q.state.slots[q.voter];
    if q.ballot == "lynch"
        && let Some(t) = q.state.slot_by_name(q.target)
    {
        if !t.alive {
            return no(
                "illegal_target",
                format!("{} is dead: no vote for him (§9)", t.name),
            );
        }
        if t.has_status(super::ARRESTED) {
            return no(
                "illegal_target",
                format!("{} is arrested and cannot be lynched (§3)", t.name),
            );
        }
    }
    if q.ballot == "lynch" && (voter.has_status(super::ABROAD) || voter.has_status(super::ARRESTED))
    {
        return no(
            "blocked_actor",
            format!(
                "{} is {} and cannot vote (§9)",
                voter.name,
                if voter.has_status(super::ABROAD) {
                    "abroad"
                } else {
                    "arrested"
                }
            ),
        );
    }
    if q.ballot == "bo_leader" {
        let voter = &q.state.slots[q.voter];
        if !book::is_bo(voter) {
            return no("bo_leader", "only BO members elect their leader (§8.2)");
        }
        if let Some(t) = q.state.slot_by_name(q.target)
            && !book::is_bo(t)
        {
            return no("bo_leader", format!("{} is not in the BO (§8.2)", t.name));
        }
    }
    Ok(())
}

/// A vote recorded that will not count (§9): a hindered or frightened voter's.
pub fn vote_warnings(q: &VoteQuery<'_>) -> Vec<String> {
    let voter = &q.state.slots[q.voter];
    if q.ballot == "lynch" && voter.has_status(super::FRIGHTENED) {
        return vec![format!(
            "{} is frightened: his vote will not count (§3)",
            voter.name
        )];
    }
    Vec::new()
}
