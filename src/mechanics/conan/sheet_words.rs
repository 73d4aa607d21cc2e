//! The host sheet's words for Conan's kept values and counters: the code keeps slot ids,
//! `id + 1` marks and phase numbers, which the host should read as names and phases
//! (second newcomer run, F16: "conan:last_protected 8" on the sheet).

use super::book;
use crate::engine::{GameState, SlotId};
use crate::rules::Roleset;

/// Words for one value or counter, `Some("")` for bookkeeping left out, `None` for the
/// sheet's generic wording.
pub fn value_words(
    roleset: &Roleset,
    state: &GameState,
    slot: Option<SlotId>,
    key: &str,
    value: &str,
) -> Option<String> {
    let name = |id: &str| -> String {
        id.trim()
            .parse::<usize>()
            .ok()
            .and_then(|i| state.slots.get(i))
            .map_or_else(|| id.to_string(), |s| s.name.clone())
    };
    let names = |ids: &str| -> String {
        ids.split(',')
            .filter(|i| !i.trim().is_empty())
            .map(name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    // A target remembered as `id + 1`, with the night it was made in `KEY_night`.
    let last_target = |verb: &str| -> String {
        let target = value
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .map_or_else(|| value.to_string(), |i| name(&i.to_string()));
        let night = slot
            .and_then(|s| state.slots.get(s))
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
        book::LEADER => format!("BO leader (elected): {}", name(value)),
        book::CAPSULES_LOST => format!("APTX capsules used up: {value}"),
        book::SUITCASE_LIST => format!("the Suitcase goes to: {}", names(value)),
        book::VENGEANCE => format!("Akai's vengeance stands on {}", name(value)),
        book::ERASED_TYPES => format!("crime types erased: {value}"),
        k => {
            let (item, stock) = (k.strip_prefix("item:"), k.strip_prefix("stock:"));
            let per_slot = |prefix: &str| k.strip_prefix(prefix).map(&name);
            if let Some(item) = item {
                format!("holds {value} × {}", item.replace('_', " "))
            } else if let Some(item) = stock {
                format!("{} in stock: {value}", item.replace('_', " "))
            } else if let Some(who) = per_slot("conan:handoff:") {
                format!("{who} hands his actions to {}", name(value))
            } else if let Some(who) = per_slot("conan:temp_disguise:") {
                let role = value.split('|').next().unwrap_or(value);
                format!(
                    "{who} is disguised for a while as {}",
                    role_name(roleset, role)
                )
            } else if let Some(who) = per_slot("conan:disguise:") {
                format!("{who} is disguised as {}", role_name(roleset, value))
            } else {
                return None;
            }
        }
    };
    Some(words)
}

fn role_name(roleset: &Roleset, id: &str) -> String {
    roleset
        .role(id)
        .map_or_else(|| id.to_string(), |r| r.name.clone())
}
