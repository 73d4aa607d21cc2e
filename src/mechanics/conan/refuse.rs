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
    match ability {
        "bo_kill"
            if state.option(roleset, "q29_night_one_kill") == "no"
                && roleset.canonical_phase_name(state.phase) == "Night 1" =>
        {
            no("bo_kill", "no BO kill on Night 1 in this game (Q29)")
        }
        "arrest"
            if state.phase_kind(roleset) == crate::rules::PhaseKind::Day
                && state.option(roleset, "q10_day_arrests") == "no" =>
        {
            no(
                "arrest",
                "arrests are made at night only in this game (Q10)",
            )
        }
        "suitcase_handout" if book::leader(state) != Some(actor) => no(
            "suitcase_handout",
            "only the BO leader hands out the Suitcase (§8.2)",
        ),
        "handoff" if !book::is_bo(slot) => no("handoff", "hand-offs are between BO members (§8.3)"),
        "lawsuit" => {
            let allowed: u32 = state.option(roleset, "q24_lawsuits").parse().unwrap_or(1);
            if slot.uses.get("lawsuit").copied().unwrap_or(0) >= allowed {
                return no(
                    "lawsuit",
                    format!("Eri has used her {allowed} Lawsuit(s) (Q24)"),
                );
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// With the targets and parameters.
pub fn act(q: &ActQuery<'_>) -> Result<(), Refusal> {
    let state = q.state;
    let slot = &state.slots[q.actor];
    let target = |i: usize| q.targets.get(i).and_then(|n| state.slot_by_name(n));
    match q.ability {
        "bo_kill" => kill_order(q),
        "arrest" => {
            let when = q.params.get("phase").map(String::as_str).unwrap_or("");
            let Some(at) = q.roleset.phase_index(when) else {
                return no(
                    "arrest",
                    format!("`{when}` names no phase (\"Night 1\", \"Day 2\")"),
                );
            };
            if at >= state.phase {
                return no(
                    "arrest",
                    format!("the charge's phase ({when}) must be earlier than this one (§4.3)"),
                );
            }
            if state.option(q.roleset, "q11_charge") == "victim_required"
                && !q.params.contains_key("victim")
            {
                return no("arrest", "this game's charges name the victim (Q11)");
            }
            Ok(())
        }
        "aptx" => {
            let guess = state.option(q.roleset, "q4_aptx_guess") != "no";
            if guess && !q.params.contains_key("role") {
                return no(
                    "aptx",
                    "an APTX names the role the user believes the target has (§8.6)",
                );
            }
            Ok(())
        }
        "slander" => {
            let bo = q
                .targets
                .iter()
                .filter_map(|n| state.slot_by_name(n))
                .filter(|s| book::is_bo(s))
                .count();
            if q.targets.len() == 2 && bo != 1 {
                return no(
                    "slander",
                    "two slanders are one BO member and one player who is not (§12.1)",
                );
            }
            Ok(())
        }
        "accompany"
            if state.option(q.roleset, "q25_self_accompany") != "yes"
                && target(0).is_some_and(|t| t.id == q.actor) =>
        {
            no(
                "accompany",
                "Kazuha may not accompany herself in this game (Q25)",
            )
        }
        "protect" => match target(0) {
            Some(t) if book::same_as_last_night(state, slot, book::LAST_PROTECTED, t.id) => no(
                "protect",
                format!(
                    "{} was protected last night: never the same one twice in a row",
                    t.name
                ),
            ),
            _ => Ok(()),
        },
        "frighten" => match target(0) {
            Some(t) if book::same_as_last_night(state, slot, book::LAST_FRIGHTENED, t.id) => no(
                "frighten",
                format!(
                    "{} was frightened last time: never the same one twice in a row",
                    t.name
                ),
            ),
            _ => Ok(()),
        },
        "disguise" => match q.targets.first().and_then(|r| q.roleset.role(r)) {
            Some(r) if r.side == book::TOWN && !book::ITEMS.contains(&r.id.as_str()) => Ok(()),
            _ => no("disguise", "Vermouth disguises as a town role (§12.1)"),
        },
        "suitcase" if state.option(q.roleset, "q28_suitcase_mode") == "frame_or_slander" => {
            let fake = q.params.get("fake").map(String::as_str).unwrap_or("");
            if fake == "frame" && !q.params.contains_key("crime") {
                return no(
                    "suitcase",
                    "a Suitcase Frame names its crime: add {\"crime\": ...} (Q28)",
                );
            }
            match fake {
                "frame" | "slander" => Ok(()),
                _ => no(
                    "suitcase",
                    "in this game the Suitcase gives one Frame or one Slander (Q28)",
                ),
            }
        }
        "handoff" if state.option(q.roleset, "q30_handoffs") == "one" => {
            let to = target(0).map(|t| t.id);
            let holds_another = state
                .slots
                .iter()
                .any(|s| s.id != q.actor && book::handed_to(state, s.id) == to);
            match target(0) {
                Some(t) if holds_another => no(
                    "handoff",
                    format!(
                        "{} already plays another member's actions: at most one other (Q30)",
                        t.name
                    ),
                ),
                _ => Ok(()),
            }
        }
        "suitcase" => {
            let fake = q.params.get("fake").map(String::as_str).unwrap_or("");
            let banned = match state.option(q.roleset, "q17_suitcase_fakes") {
                "not_arrest" => vec!["arrest"],
                _ => vec!["bo_kill", "aptx", "arrest"],
            };
            if q.roleset.ability(fake).is_none() || banned.contains(&fake) {
                return no(
                    "suitcase",
                    format!(
                        "the Suitcase fakes an action of the roleset, not `{fake}` (§8.5, Q17)"
                    ),
                );
            }
            Ok(())
        }
        "lawsuit" | "release" => match target(0) {
            Some(t) if !t.has_status(super::ARRESTED) => {
                no("release", format!("{} is not arrested (§4.3)", t.name))
            }
            _ => Ok(()),
        },
        "investigate" => {
            const FAMILIES: [&str; 4] = ["kill", "attack", "killing", "attacking"];
            let action = q.params.get("action").map(String::as_str).unwrap_or("");
            if q.roleset.ability(action).is_none() && !FAMILIES.contains(&action) {
                return no(
                    "investigate",
                    format!(
                        "`{action}` is no action of the game: name an ability id (bo_kill, heal, protect, ...) (§5)"
                    ),
                );
            }
            let per_night = if slot.own_roles().any(|r| r == "conan") {
                2
            } else {
                1
            };
            let sent = crate::engine::resolve::live_acts(state)
                .filter(|a| a.actor == q.actor && a.ability == "investigate")
                .count();
            if sent >= per_night {
                return no(
                    "investigate",
                    format!(
                        "{} investigates {per_night} time(s) a night (§12.2)",
                        slot.name
                    ),
                );
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// §8.2–§8.4: a member orders himself if he is an eligible killer; an order for another member
/// is the leader's, or comes from a member that member handed his actions to. Modifiers belong
/// to their holders, and an injured killer has none.
fn kill_order(q: &ActQuery<'_>) -> Result<(), Refusal> {
    let state = q.state;
    let sender = &state.slots[q.actor];
    if !book::is_bo(sender) {
        return no("bo_kill", "only BO members send kill orders (§8.3)");
    }
    let killer = match q.params.get("killer").and_then(|n| state.slot_by_name(n)) {
        Some(k) => k,
        None => sender,
    };
    let leader = book::leader(state) == Some(q.actor);
    let handed = book::handed_to(state, killer.id) == Some(q.actor);
    if killer.id != q.actor && !leader && !handed {
        return no(
            "bo_kill",
            format!(
                "{} may order only himself: {} did not hand him his actions and he is not the leader (§8.3)",
                sender.name, killer.name
            ),
        );
    }
    if !book::is_bo(killer) {
        return no(
            "bo_kill",
            format!("{} is not in the BO (§8.3)", killer.name),
        );
    }
    let turns_rule = state.option(q.roleset, "q8_leader_vs_turns") != "leader";
    let eligible = super::kill::eligible(state).contains(&killer.id);
    if !eligible && (turns_rule || !leader) {
        return no(
            "bo_kill",
            format!(
                "{} cannot kill tonight: arrested, abroad, or everyone else kills before he kills twice (§8.4)",
                killer.name
            ),
        );
    }
    let injured = killer.has_status(super::INJURED);
    let holds = |role: &str| killer.own_roles().any(|r| r == role);
    for (modifier, owners) in [
        ("snipe", &["chianti", "korn"][..]),
        ("bribe", &["rum"][..]),
        ("insult_to_injury", &["chianti"][..]),
    ] {
        if q.params.get(modifier).is_some_and(|v| v == "yes") {
            if injured {
                return no(
                    "bo_kill",
                    format!(
                        "{} is injured: his kill has no {modifier} (§3)",
                        killer.name
                    ),
                );
            }
            if !owners.iter().any(|o| holds(o)) {
                return no(
                    "bo_kill",
                    format!("{} has no {modifier} (§12.1)", killer.name),
                );
            }
        }
    }
    if q.params.get("bribe").is_some_and(|v| v == "yes") && killer.counter(book::BRIBE_USED) > 0 {
        return no("bo_kill", "Rum's bribe is once a game (§12.1)");
    }
    if q.params.get("erase_body").is_some_and(|v| v == "yes") {
        let pisco = state.living().find(|s| s.own_roles().any(|r| r == "pisco"));
        let ok = match pisco {
            Some(p) if p.id == killer.id => !injured,
            Some(p) => {
                p.counter(book::OTHER_ERASE_USED) == 0 && !p.has_status(super::INJURED) && !injured
            }
            None => false,
        };
        if !ok {
            return no(
                "bo_kill",
                "Pisco erases his own kills, another member's once a game, never while injured (§12.1)",
            );
        }
    }
    Ok(())
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
