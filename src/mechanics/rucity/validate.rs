//! Entries the ru-city rules refuse outright, each with the rule's line: targets nobody may
//! choose, moves a role may not make tonight, votes outside the open round's rules.

use super::hunt;
use super::kept::{self, Round};
use super::roles;
use super::teams;
use crate::engine::entry::PendingKind;
use crate::engine::{GameState, Refusal, SlotId};
use crate::rules::{ABSTAIN, Roleset};
use std::collections::BTreeMap;

fn refuse(rule: &'static str, message: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal::new(rule, message))
}

/// What refuses a move whatever its targets: the host's penalties, then the acting role's own
/// reasons (a round that is not the move's, a killer side without a shot tonight, a right that
/// is not open or is spent: `roles::Role::usable`). The console offers only the moves that
/// pass, and every entry is checked by it first.
pub fn usable_refusal(
    roleset: &Roleset,
    state: &GameState,
    actor: SlotId,
    ability: &str,
) -> Result<(), Refusal> {
    let Some(me) = state.slots.get(actor) else {
        return Ok(());
    };
    let negative = teams::is_negative_ability(roleset, ability);
    if negative && me.has_status("penalty_block_negative") {
        return refuse(
            "penalty_block",
            format!(
                "{}'s negative role is blocked by the host's penalty (L139)",
                me.name
            ),
        );
    }
    if !negative && !super::notes::is_note(ability) && me.has_status("penalty_block_peaceful") {
        return refuse(
            "penalty_block",
            format!(
                "{}'s peaceful role is blocked by the host's penalty (L139)",
                me.name
            ),
        );
    }
    roles::usable(roleset, state, actor, ability)
}

/// The refusals of an entry's targets (an office that shields its holder) and of the acting
/// role (`roles::Role::refuse_as_target`, `roles::Role::refuse`).
pub fn act_refusal(
    roleset: &Roleset,
    state: &GameState,
    actor: SlotId,
    ability: &str,
    targets: &[String],
    params: &BTreeMap<String, String>,
) -> Result<(), Refusal> {
    let ids: Vec<SlotId> = targets
        .iter()
        .filter_map(|t| state.slot_by_name(t).map(|s| s.id))
        .collect();
    roles::refuse(roleset, state, actor, ability, &ids, params)
}

pub fn vote_refusal(
    roleset: &Roleset,
    state: &GameState,
    ballot: &str,
    voter: SlotId,
    target: &str,
    advance: bool,
) -> Result<(), Refusal> {
    if ballot == super::best_player::BALLOT {
        // The engine opens it once the game is over, to every participant (L174).
        return Ok(());
    }
    let round = Round::now(state);
    let hunt_on = live_votes(state, "witch_hunt").next().is_some();
    let open = match (round.ballot(), hunt_on) {
        (Some("lynch"), true) => Some("witch_hunt"),
        (b, _) => b,
    };
    let hunt_start = ballot == "witch_hunt" && round == Round::Vote && !hunt_on;
    if open != Some(ballot) && !hunt_start {
        return refuse(
            "ballot_closed",
            match open {
                Some(b) => format!("the `{b}` ballot is open now, not `{ballot}`"),
                None => "no ballot is open in this round".into(),
            },
        );
    }
    roles::refuses_vote(state, voter)?;
    let me = &state.slots[voter];
    let target_slot = state.slot_by_name(target).map(|s| s.id);
    let candidates = kept::of(state).candidates.clone();
    let mine: Vec<(bool, String)> = live_votes(state, ballot)
        .filter(|(v, _, _)| *v == voter)
        .map(|(_, t, a)| (a, t.to_string()))
        .collect();
    for status in ["no_wall", "penalty_no_vote"] {
        if me.has_status(status) {
            return refuse(
                "not_admitted",
                format!(
                    "{} is {status}: they are not admitted to this vote (L136, L139)",
                    me.name
                ),
            );
        }
    }
    // By option the priest's re-vote keeps the re-vote's rules (Q56).
    let rules =
        if ballot == "priest_revote" && super::day::priest_revote_by_revote_rules(roleset, state) {
            "revote"
        } else {
            ballot
        };
    match rules {
        "election" | "election_round2" => {
            if let Some(why) = target_slot.and_then(|t| super::elite::no_office(state, t)) {
                return refuse("no_office", why);
            }
            if target_slot == Some(voter) {
                return refuse(
                    "self_vote",
                    "no vote for oneself at the mayor election (L151)",
                );
            }
            if target_slot.is_some_and(|t| state.slots[t].has_status("no_wall")) {
                return refuse(
                    "not_admitted",
                    format!("{target} posted no wall and is not admitted as a candidate (L136)"),
                );
            }
            if ballot == "election_round2" {
                if candidates.contains(&voter) {
                    return refuse(
                        "candidate_vote",
                        format!(
                            "{} is a candidate of the second round and does not vote (L152)",
                            me.name
                        ),
                    );
                }
                if target != ABSTAIN && !target_slot.is_some_and(|t| candidates.contains(&t)) {
                    return refuse(
                        "not_candidate",
                        format!("{target} is not a candidate of the second round (L152)"),
                    );
                }
            }
        }
        "lynch" | "priest_revote" if me.has_status("forced_victim") => {
            return refuse(
                "forced_victim",
                format!(
                    "{} is the forced victim: their vote is an auto-vote (L141)",
                    me.name
                ),
            );
        }
        "revote" => {
            if candidates.contains(&voter) {
                return refuse(
                    "revote_target",
                    format!(
                        "{} is a target of the re-vote: the targets vote against each other (L151)",
                        me.name
                    ),
                );
            }
            if target != ABSTAIN && !target_slot.is_some_and(|t| candidates.contains(&t)) {
                return refuse(
                    "not_candidate",
                    format!("{target} is not a target of the re-vote (L151)"),
                );
            }
        }
        "witch_hunt" => {
            if live_votes(state, "lynch").next().is_some() {
                return refuse(
                    "hunt",
                    "a normal vote is under way: the witch hunt is chosen before it (L164.4)",
                );
            }
            if !hunt_on && let Some(why) = hunt::start_refusal(roleset, state) {
                return refuse("hunt", why);
            }
            if mine.len() >= 2 {
                return refuse(
                    "hunt",
                    format!("{} has given their two votes (L163.1)", me.name),
                );
            }
            if target != ABSTAIN && mine.iter().any(|(_, t)| t.eq_ignore_ascii_case(target)) {
                return refuse("hunt", "the two votes go to different players (L163.1)");
            }
            return Ok(());
        }
        _ => {}
    }
    if let Some((was_advance, _)) = mine.first() {
        if *was_advance && !advance {
            return Ok(());
        }
        return refuse(
            "vote_final",
            format!(
                "{} has voted: a vote cannot be changed (L150); undo it if it was a mistake",
                me.name
            ),
        );
    }
    Ok(())
}

fn live_votes<'a>(
    state: &'a GameState,
    ballot: &'a str,
) -> impl Iterator<Item = (SlotId, &'a str, bool)> {
    state
        .pending
        .iter()
        .filter(|p| p.replaced_by.is_none())
        .filter_map(move |p| match &p.kind {
            PendingKind::Vote {
                ballot: b,
                voter,
                target,
            } if b == ballot => Some((*voter, target.as_str(), p.advance)),
            _ => None,
        })
}

/// Votes that are recorded but count as an auto-vote (L151).
pub fn vote_warnings(state: &GameState, ballot: &str, voter: SlotId, target: &str) -> Vec<String> {
    if !matches!(ballot, "lynch") {
        return Vec::new();
    }
    let Some(t) = state.slot_by_name(target) else {
        return Vec::new();
    };
    let voter = state
        .slots
        .get(voter)
        .map(|s| s.name.as_str())
        .unwrap_or("?");
    let why = if !t.alive || t.has_status("exiled") {
        Some(format!("{} is not an active player", t.name))
    } else {
        super::votes::immune(state, t.id)
    };
    why.map(|w| {
        vec![format!(
            "invalid: {voter}'s vote for {} counts as an auto-vote ({w}, L151)",
            t.name
        )]
    })
    .unwrap_or_default()
}
