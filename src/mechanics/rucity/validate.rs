//! Entries the ru-city rules refuse outright, each with the rule's line: targets nobody may
//! choose, moves a role may not make tonight, votes outside the open round's rules.

use super::detective::requested_role;
use super::teams::{self, KILLER, KillerSide, MAYOR, SECRETARY};
use super::vars::{self, Round};
use super::{doctor, election, hunt, investigator, politician, shots};
use crate::engine::entry::PendingKind;
use crate::engine::resolve::live_acts;
use crate::engine::{GameState, Refusal, SlotId};
use crate::rules::{ABSTAIN, Roleset};
use std::collections::BTreeMap;

fn refuse(rule: &'static str, message: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal::new(rule, message))
}

/// What refuses a move whatever its targets: the host's penalties, a round that is not the
/// move's, a killer side without a shot tonight, a right that is not open or is spent. The
/// console offers only the moves that pass, and every entry is checked by it first.
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
    if !negative && ability != "night_note" && me.has_status("penalty_block_peaceful") {
        return refuse(
            "penalty_block",
            format!(
                "{}'s peaceful role is blocked by the host's penalty (L139)",
                me.name
            ),
        );
    }
    match ability {
        "mafia_kill" | "maniac_kill" => {
            let Some(side) = teams::killer_side(roleset, me) else {
                return Ok(());
            };
            if shots::night_shots(roleset, state).usable(side) == 0 {
                return refuse(
                    "no_shot",
                    format!(
                        "the {} has no shot tonight (no own night, no reserve); a killer may insure instead (L2, L3)",
                        side.id()
                    ),
                );
            }
            Ok(())
        }
        "investigator_shot" => {
            if !investigator::shot_open(state) {
                return refuse(
                    "investigator_shot",
                    "the vigilante shot opens only when both the commissar and the detective are out (L8)",
                );
            }
            if me.counter(investigator::SHOT_DONE) > 0 {
                return refuse(
                    "investigator_shot",
                    format!(
                        "{} has killed a black: his right to shoot is spent (L8, Q11)",
                        me.name
                    ),
                );
            }
            Ok(())
        }
        "power_vertical" | "politician_support" | "shadow_vertical"
            if Round::now(state) != Round::PreVote =>
        {
            refuse(
                "pre_vote",
                format!(
                    "`{ability}` is sent before the vote starts and is fixed after it (L113, L160)"
                ),
            )
        }
        "secretary_pick" if Round::now(state) != Round::Secretary => refuse(
            "secretary_pick",
            "the secretary is chosen right after the election, before its result (L161)",
        ),
        "patronage" => {
            if !teams::holds(me, MAYOR) && !teams::holds(me, SECRETARY) {
                return refuse(
                    "patronage",
                    "only a politician who is the mayor or the secretary takes a player under patronage (L132)",
                );
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

pub fn act_refusal(
    roleset: &Roleset,
    state: &GameState,
    actor: SlotId,
    ability: &str,
    targets: &[String],
    params: &BTreeMap<String, String>,
) -> Result<(), Refusal> {
    let Some(me) = state.slots.get(actor) else {
        return Ok(());
    };
    let ids: Vec<SlotId> = targets
        .iter()
        .filter_map(|t| state.slot_by_name(t).map(|s| s.id))
        .collect();
    for &t in &ids {
        let s = &state.slots[t];
        if t != actor && teams::holds(s, MAYOR) {
            return refuse(
                "mayor_immune",
                format!(
                    "{} is the mayor: no role may choose him as a target (L159)",
                    s.name
                ),
            );
        }
        if teams::holds(s, SECRETARY)
            && (roleset.ability_has_tag(ability, KILLER) || ability == "commissar")
        {
            return refuse(
                "secretary_protected",
                format!(
                    "{} is the mayor's secretary: she cannot be the target of `{ability}` (L161)",
                    s.name
                ),
            );
        }
    }
    let night = super::night::night_number(state.phase);
    match ability {
        "mafia_kill" | "maniac_kill" => killer_shot(roleset, state, actor, ability, &ids, params),
        "insure" => {
            let Some(side) = teams::killer_side(roleset, me) else {
                return Ok(());
            };
            let plan = shots::night_shots(roleset, state);
            if side == KillerSide::Maniac && plan.available(side) > 0 {
                return refuse(
                    "insure",
                    format!(
                        "{} has a shot of his own tonight: a maniac may not combine a kill and insurance (L3)",
                        me.name
                    ),
                );
            }
            Ok(())
        }
        "blacken" => {
            let Some(side) = teams::killer_side(roleset, me) else {
                return Ok(());
            };
            let plan = shots::night_shots(roleset, state);
            if !plan.sides.get(&side).is_some_and(|s| s.due) {
                return refuse(
                    "blacken",
                    format!(
                        "tonight is not the {}'s night: only the side due may spread rumours (L15)",
                        side.id()
                    ),
                );
            }
            Ok(())
        }
        "suicide" => {
            let Some(side) = teams::killer_side(roleset, me) else {
                return Ok(());
            };
            let partner = teams::members(roleset, state, side)
                .into_iter()
                .any(|m| m != actor);
            if partner && params.get("partner_approved").map(String::as_str) != Some("yes") {
                return refuse(
                    "suicide",
                    "a suicide while the partner lives needs his approval: add {\"partner_approved\": \"yes\"} (L14)",
                );
            }
            Ok(())
        }
        "doctor" => doctor_limits(roleset, state, me, &ids, night),
        "commissar_verify" | "investigator_verify" => {
            let Some(&t) = ids.first() else { return Ok(()) };
            match vars::get(state, &vars::check_key("commissar", t)) {
                None => refuse(
                    "verify",
                    format!(
                        "the commissar has no check on {} to verify (L15)",
                        state.slots[t].name
                    ),
                ),
                Some("красный")
                    if ability == "commissar_verify"
                        && state.option(roleset, "commissar_verifies") == "black_only" =>
                {
                    refuse(
                        "verify",
                        "only black checks may be verified (option commissar_verifies, Q7)",
                    )
                }
                Some(_) => Ok(()),
            }
        }
        "detective_role_request" | "investigator_role_request" => {
            let given = params.get("role").map(String::as_str).unwrap_or("");
            match requested_role(roleset, given) {
                Some(r) if teams::is_special_peaceful(roleset, &r) => Ok(()),
                _ => refuse(
                    "role_request",
                    format!(
                        "a role request names a peaceful role with moves: {{\"role\": \"doctor\"}}, not `{given}` (L7)"
                    ),
                ),
            }
        }
        "power_vertical" | "politician_support" | "shadow_vertical" => {
            pre_vote_move(roleset, state, me, ability, &ids)
        }
        "secretary_pick" => {
            let Some(&t) = ids.first() else { return Ok(()) };
            let choice = election::eligible(state, actor);
            if !choice.contains(&t) {
                let names: Vec<&str> = choice
                    .iter()
                    .map(|c| state.slots[*c].name.as_str())
                    .collect();
                return refuse(
                    "secretary_pick",
                    format!(
                        "the secretary must be one of the mayor's voters: {} (L161)",
                        names.join(", ")
                    ),
                );
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// A black side fires at most its usable shots; a partner is shot only with both partners'
/// confirmation (L2, L3, L14).
fn killer_shot(
    roleset: &Roleset,
    state: &GameState,
    actor: SlotId,
    ability: &str,
    ids: &[SlotId],
    params: &BTreeMap<String, String>,
) -> Result<(), Refusal> {
    let me = &state.slots[actor];
    let Some(side) = teams::killer_side(roleset, me) else {
        return Ok(());
    };
    let usable = shots::night_shots(roleset, state).usable(side) as usize;
    let others: usize = live_acts(state)
        .filter(|a| a.actor != actor && a.ability == ability)
        .map(|a| a.targets.len())
        .sum();
    if others + ids.len() > usable {
        return refuse(
            "no_shot",
            format!(
                "the {} has {usable} shot(s) tonight and {others} already sent (L2, L3)",
                side.id()
            ),
        );
    }
    for &t in ids {
        let partner = t != actor && teams::killer_side(roleset, &state.slots[t]) == Some(side);
        if partner && params.get("partner_confirmed").map(String::as_str) != Some("yes") {
            return refuse(
                "partner_kill",
                "a partner is killed only when both partners confirm it: add {\"partner_confirmed\": \"yes\"} (L14)",
            );
        }
    }
    Ok(())
}

/// No double heal and no self-heal on two nights in a row, never himself in a double heal (L4,
/// Q3; by option only the self-heal is limited).
fn doctor_limits(
    roleset: &Roleset,
    state: &GameState,
    me: &crate::engine::Slot,
    ids: &[SlotId],
    night: u32,
) -> Result<(), Refusal> {
    let double = ids.len() > 1;
    let selfish = ids.contains(&me.id);
    if double && selfish {
        return refuse(
            "doctor",
            "the doctor may not include himself in a double heal (L4)",
        );
    }
    let last = |key: &str| me.counter(key) > 0 && me.counter(key) + 1 == night;
    if double
        && last(doctor::LAST_DOUBLE)
        && state.option(roleset, "doctor_repeat_rule") != "self_only"
    {
        return refuse("doctor", "no double heal on two nights in a row (L4, Q3)");
    }
    if selfish && last(doctor::LAST_SELF) {
        return refuse("doctor", "no self-heal on two nights in a row (L4, Q3)");
    }
    Ok(())
}

/// Moves due before the vote opens, fixed once it starts (L113, L160).
fn pre_vote_move(
    roleset: &Roleset,
    state: &GameState,
    me: &crate::engine::Slot,
    ability: &str,
    ids: &[SlotId],
) -> Result<(), Refusal> {
    match ability {
        "politician_support" => {
            if teams::holds(me, MAYOR) {
                return refuse(
                    "politician",
                    "a politician in the mayor's office has the full bonus and names no supporters (L132)",
                );
            }
            let cap = politician::influence(state) as usize;
            if ids.len() > cap {
                return refuse(
                    "politician",
                    format!("the politician's influence allows {cap} supporter(s) (L132)"),
                );
            }
            Ok(())
        }
        "shadow_vertical" => {
            if super::mayor::mayor(state).is_none() {
                return refuse(
                    "politician",
                    "the shadow vertical exists only while the mayor holds office (L132)",
                );
            }
            if ids.contains(&me.id) {
                return refuse(
                    "politician",
                    "the shadow vertical protects anyone but the politician himself (L132)",
                );
            }
            Ok(())
        }
        _ => {
            let _ = roleset;
            Ok(())
        }
    }
}

pub fn vote_refusal(
    roleset: &Roleset,
    state: &GameState,
    ballot: &str,
    voter: SlotId,
    target: &str,
    advance: bool,
) -> Result<(), Refusal> {
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
    let me = &state.slots[voter];
    let target_slot = state.slot_by_name(target).map(|s| s.id);
    let candidates = vars::slots(state, vars::CANDIDATES);
    let mine: Vec<(bool, String)> = live_votes(state, ballot)
        .filter(|(v, _, _)| *v == voter)
        .map(|(_, t, a)| (a, t.to_string()))
        .collect();
    for status in ["no_wall", "penalty_no_vote"] {
        if me.has_status(status) {
            return refuse(
                "not_admitted",
                format!(
                    "{} is {status}: he is not admitted to this vote (L136, L139)",
                    me.name
                ),
            );
        }
    }
    match ballot {
        "election" | "election_round2" => {
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
        "lynch" if me.has_status("forced_victim") => {
            return refuse(
                "forced_victim",
                format!(
                    "{} is the forced victim: his vote is an auto-vote (L141)",
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
                    format!("{} has given his two votes (L163.1)", me.name),
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
        super::mayor::immune(state, t.id)
    };
    why.map(|w| {
        vec![format!(
            "invalid: {voter}'s vote for {} counts as an auto-vote ({w}, L151)",
            t.name
        )]
    })
    .unwrap_or_default()
}
