//! The host sheet's words for Conan's kept values and counters: the code keeps slot ids,
//! `id + 1` marks and phase numbers, which the host should read as names and phases
//! (second newcomer run, F16: "conan:last_protected 8" on the sheet).

use super::book;
use super::kept;
use super::roles::{akai, gin, vermouth};
use crate::engine::{GameState, SlotId};
use crate::rules::Roleset;

/// Words for one counter, `Some("")` for bookkeeping left out, `None` for the sheet's generic
/// wording.
pub fn counter_words(
    roleset: &Roleset,
    state: &GameState,
    slot: SlotId,
    key: &str,
    value: u32,
) -> Option<String> {
    // A target remembered as `id + 1`, with the night it was made in `KEY_night`.
    let last_target = |verb: &str| -> String {
        let target = (value as usize)
            .checked_sub(1)
            .map_or_else(|| value.to_string(), |i| book::name(state, i));
        let night = state
            .slots
            .get(slot)
            .map(|s| s.counter(&format!("{key}_night")))
            .map(|p| format!(" in {}", roleset.phase_name(p)))
            .unwrap_or_default();
        format!("last {verb} {target}{night}")
    };
    let words = match key {
        k if k.ends_with("_night") => String::new(),
        book::TURN_USED => "has had a BO kill turn in this rotation".into(),
        book::LAST_PROTECTED => last_target("protected"),
        book::LAST_FRIGHTENED => last_target("frightened"),
        book::BRIBE_USED => format!("bribes used: {value}"),
        book::OTHER_ERASE_USED => format!("another's crime erased: {value}×"),
        k => {
            if let Some(item) = k.strip_prefix("item:") {
                format!("holds {value} × {}", item.replace('_', " "))
            } else if let Some(item) = k.strip_prefix("stock:") {
                format!("{} in stock: {value}", item.replace('_', " "))
            } else {
                return None;
            }
        }
    };
    Some(words)
}

/// The game-wide values the rules keep, for the host sheet: the crime log and the wills have
/// sections of their own.
pub fn kept_lines(roleset: &Roleset, state: &GameState) -> Vec<String> {
    let kept = kept::of(state);
    let mut lines = Vec::new();
    if let Some(leader) = kept.leader {
        lines.push(format!(
            "BO leader (elected): {}",
            book::name(state, leader)
        ));
    }
    if kept.capsules_lost > 0 {
        lines.push(format!("APTX capsules used up: {}", kept.capsules_lost));
    }
    if !kept.suitcase_list.is_empty() {
        let names = book::names(state, &kept.suitcase_list);
        lines.push(format!("the Suitcase goes to: {names}"));
    }
    let vengeance = state.kept.of::<akai::Vengeance>();
    if let (Some(target), false) = (vengeance.target, vengeance.fired) {
        let target = book::name(state, target);
        lines.push(format!("Akai's vengeance stands on {target}"));
    }
    let erased = &state.kept.of::<gin::ErasedTypes>().0;
    if !erased.is_empty() {
        lines.push(format!("crime types erased: {}", erased.join(", ")));
    }
    for (from, to) in &kept.handoffs {
        let (from, to) = (book::name(state, *from), book::name(state, *to));
        lines.push(format!("{from} hands his actions to {to}"));
    }
    let disguises = state.kept.of::<vermouth::Disguises>();
    for (who, role) in &disguises.prep {
        let who = book::name(state, *who);
        lines.push(format!(
            "{who} is disguised as {}",
            role_name(roleset, role)
        ));
    }
    for (who, t) in &disguises.temporary {
        let (who, role) = (book::name(state, *who), role_name(roleset, &t.role));
        lines.push(format!("{who} is disguised for a while as {role}"));
    }
    lines
}

fn role_name(roleset: &Roleset, id: &str) -> String {
    roleset
        .role(id)
        .map_or_else(|| id.to_string(), |r| r.name.clone())
}
