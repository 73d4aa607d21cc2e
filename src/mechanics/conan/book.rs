//! What the Conan rules keep between phases (conan.md §15): the leader, kill turns, items,
//! capsules, wills, hand-offs, the Vengeance target, the Suitcase list. Values live in
//! `kept.rs` (game-wide, typed) and slot counters (per player, under the names below, which the
//! scenario checks read), so the files that share a value cannot drift apart.

use crate::engine::{GameState, Slot, SlotId};
use crate::rules::Roleset;

pub const BO: &str = "bo";
pub const TOWN: &str = "town";
pub const LOVERS: &str = "lovers";

/// The BO ranks, highest first (§8.1).
pub const RANKS: [&str; 11] = [
    "anokata", "rum", "gin", "vermouth", "bourbon", "chianti", "korn", "pisco", "irish", "tequila",
    "vodka",
];

/// The Detective Boys, by their rank (§12.2).
pub const BOYS: [&str; 3] = ["mitsuhiko", "ayumi", "genta"];

/// The police who may arrest (§4.3).
pub const ARRESTERS: [&str; 4] = ["megure", "takagi", "satou", "shiratori"];

/// The items (§12.3): held as slot counters `item:<id>`, used as roles of the same id.
pub const ITEMS: [&str; 5] = [
    "watch",
    "bowtie",
    "glasses",
    "black_suitcase",
    "aptx_capsule",
];

/// Slot counters.
pub const TURN_USED: &str = "conan:turn_used";
pub const LAST_PROTECTED: &str = "conan:last_protected";
pub const LAST_FRIGHTENED: &str = "conan:last_frightened";
pub const TEMP_DISGUISE_NIGHT: &str = "conan:temp_disguise_night";
pub const OTHER_ERASE_USED: &str = "conan:other_erase_used";
pub const BRIBE_USED: &str = "conan:bribe_used";

pub fn item_key(item: &str) -> String {
    format!("item:{item}")
}
pub fn stock_key(item: &str) -> String {
    format!("stock:{item}")
}
/// The slot's BO rank (0 highest), if he holds a BO role of his own.
pub fn rank(slot: &Slot) -> Option<usize> {
    slot.own_roles()
        .find_map(|r| RANKS.iter().position(|x| *x == r))
}

pub fn is_bo(slot: &Slot) -> bool {
    rank(slot).is_some()
}

/// The side a player plays for: the lovers' for a mixed pair (Q18), else his role's.
pub fn side(roleset: &Roleset, state: &GameState, slot: &Slot) -> &'static str {
    if mixed_lover(roleset, state, slot) {
        return LOVERS;
    }
    if is_bo(slot) { BO } else { TOWN }
}

/// Is this player one of a BO-town pair of lovers playing for the lovers (Q18)?
pub fn mixed_lover(roleset: &Roleset, state: &GameState, slot: &Slot) -> bool {
    if state.option(roleset, "q18_mixed_lovers") != "lovers" {
        return false;
    }
    let Some(partner) = slot
        .statuses
        .get(super::LOVER)
        .and_then(|i| i.link)
        .and_then(|p| state.slots.get(p))
    else {
        return false;
    };
    is_bo(slot) != is_bo(partner)
}

/// In Japan, alive and not arrested: free to act and to be acted on (§3).
pub fn free(slot: &Slot) -> bool {
    slot.alive && !slot.has_status(super::ABROAD) && !slot.has_status(super::ARRESTED)
}

/// The living BO members, highest rank first.
pub fn bo_members(state: &GameState) -> Vec<SlotId> {
    let mut members: Vec<&Slot> = state.living().filter(|s| is_bo(s)).collect();
    members.sort_by_key(|s| rank(s));
    members.into_iter().map(|s| s.id).collect()
}

/// The BO leader now: the elected one while he lives, else the highest-ranked living member
/// (§8.2). An arrested leader keeps the lead.
pub fn leader(state: &GameState) -> Option<SlotId> {
    super::kept::of(state)
        .leader
        .filter(|l| state.slots.get(*l).is_some_and(|s| s.alive && is_bo(s)))
        .or_else(|| bo_members(state).first().copied())
}

/// Whom a member handed his actions to: this phase's hand-off if he sent one, else the one on
/// record (§8.3).
pub fn handed_to(state: &GameState, from: SlotId) -> Option<SlotId> {
    let now = crate::engine::resolve::live_acts(state)
        .rev()
        .find(|a| a.actor == from && a.ability == "handoff")
        .and_then(|a| state.slot_by_name(a.targets.first()?))
        .map(|s| s.id);
    now.or_else(|| super::kept::of(state).handoffs.get(&from).copied())
}

/// Record tonight's target of a "never the same one twice in a row" action (`t` plus one, and
/// the night's phase in `<key>_night`).
pub fn remember_target(state: &mut GameState, slot: SlotId, key: &str, t: SlotId) {
    let night = state.phase;
    if let Some(s) = state.slots.get_mut(slot) {
        s.counters.insert(key.to_string(), t as u32 + 1);
        s.counters.insert(format!("{key}_night"), night);
    }
}

/// Was `t` this player's target of that action on the night before this one?
pub fn same_as_last_night(state: &GameState, slot: &Slot, key: &str, t: SlotId) -> bool {
    slot.counter(key) == t as u32 + 1 && slot.counter(&format!("{key}_night")) + 2 == state.phase
}

/// How many of an item the player holds.
pub fn items(slot: &Slot, item: &str) -> u32 {
    slot.counter(&item_key(item))
}

pub fn give_item(state: &mut GameState, slot: SlotId, item: &str, n: i64) {
    if let Some(s) = state.slots.get_mut(slot) {
        let key = item_key(item);
        let now = i64::from(s.counter(&key)) + n;
        if now <= 0 {
            s.counters.remove(&key);
        } else {
            s.counters.insert(key, now as u32);
        }
    }
}

/// The capsules the BO still share (Q3; `None`: no shared limit).
pub fn capsules_left(roleset: &Roleset, state: &GameState) -> Option<u32> {
    let start: u32 = state.option(roleset, "q3_capsules").parse().unwrap_or(3);
    (start > 0).then(|| start.saturating_sub(super::kept::of(state).capsules_lost))
}

/// What a player's own condition still lets him do with an ability (§3, §4.3, seed line 56):
/// the entry refusals and the resolution's gate read the same answer.
pub struct Leeway {
    /// An item's use (Q16: the Suitcase too), which injured and suspended players keep.
    pub item: bool,
    /// A record rather than an action (a will, a hand-off).
    pub record: bool,
    /// A power of the lead (the leader's kill orders and the hand-out), kept under arrest.
    pub lead: bool,
    /// Allowed while injured: items, records, the lead, the BO kill, Vengeance, APTX under Q5.
    pub injured_ok: bool,
}

pub fn leeway(roleset: &Roleset, state: &GameState, slot: &Slot, ability: &str) -> Leeway {
    let suitcase_item = state.option(roleset, "q16_suitcase_impaired") == "yes";
    let item = matches!(ability, "bowtie" | "glasses")
        || (ability == "suitcase" && suitcase_item)
        || (ability == "aptx" && !is_bo(slot));
    let record = matches!(ability, "will" | "handoff");
    let lead = matches!(ability, "bo_kill" | "suitcase_handout") && leader(state) == Some(slot.id);
    let injured_aptx = ability == "aptx" && state.option(roleset, "q5_injured_aptx") == "yes";
    let injured_ok =
        item || record || lead || injured_aptx || matches!(ability, "bo_kill" | "vengeance");
    Leeway {
        item,
        record,
        lead,
        injured_ok,
    }
}

/// A player's name ("" for no such slot).
pub fn name(state: &GameState, slot: SlotId) -> String {
    state
        .slots
        .get(slot)
        .map(|s| s.name.clone())
        .unwrap_or_default()
}

/// Every player's name in seat order, for "who" lists.
pub fn names(state: &GameState, slots: &[SlotId]) -> String {
    let names: Vec<&str> = slots
        .iter()
        .filter_map(|s| state.slots.get(*s))
        .map(|s| s.name.as_str())
        .collect();
    if names.is_empty() {
        "nobody".into()
    } else {
        names.join(", ")
    }
}

/// The role a player's true role is shown as to an identification (§5): a disguise first, but
/// an injured player's passives are off (§3), his disguise too.
pub fn shown_role(state: &GameState, slot: &Slot) -> String {
    if slot.has_status(super::INJURED) {
        return slot.role.clone();
    }
    super::roles::vermouth::shown_as(state, slot.id).unwrap_or_else(|| slot.role.clone())
}
