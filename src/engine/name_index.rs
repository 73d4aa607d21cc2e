//! Finding a slot by name without scanning every slot: a long game's replay looks up two
//! names for each of its thousands of votes, each among hundreds of slots.

use super::state::{Slot, SlotId};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Each slot's place by its name, names compared as the host types them (ASCII case ignored,
/// as everywhere a name is looked up). Built at the first lookup and forgotten when a slot is
/// renamed ([`NameIndex::forget`]); every hit is checked against the slot itself, so a hash
/// that two names share only costs the plain scan. It is not part of the game: two states
/// equal in every field are equal whatever their indexes hold, and no save writes it.
#[derive(Clone, Debug, Default)]
pub struct NameIndex(OnceLock<HashMap<u64, SlotId>>);

impl PartialEq for NameIndex {
    fn eq(&self, _: &NameIndex) -> bool {
        true
    }
}

impl NameIndex {
    /// The slot named `name` (already trimmed), the first one if a hash is shared.
    pub fn find<'s>(&self, slots: &'s [Slot], name: &str) -> Option<&'s Slot> {
        let index = self.0.get_or_init(|| {
            let mut index = HashMap::with_capacity(slots.len());
            for slot in slots {
                index.entry(caseless_hash(&slot.name)).or_insert(slot.id);
            }
            index
        });
        let scan = || slots.iter().find(|s| s.name.eq_ignore_ascii_case(name));
        let found = match index.get(&caseless_hash(name)) {
            None => None,
            Some(&id) => match slots.get(id) {
                Some(slot) if slot.name.eq_ignore_ascii_case(name) => Some(slot),
                _ => scan(),
            },
        };
        debug_assert_eq!(
            found.map(|s| s.id),
            scan().map(|s| s.id),
            "a slot was renamed without NameIndex::forget"
        );
        found
    }

    /// A slot's name changed: the next lookup builds the index again.
    pub fn forget(&mut self) {
        self.0 = OnceLock::new();
    }
}

/// FNV-1a of the name with ASCII letters lowered: equal for exactly the names
/// `eq_ignore_ascii_case` calls equal, and cheap on the short names players have.
fn caseless_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte.to_ascii_lowercase())).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots(names: &[&str]) -> Vec<Slot> {
        let slot = |(id, name): (usize, &&str)| Slot {
            id,
            name: name.to_string(),
            ..Slot::default()
        };
        names.iter().enumerate().map(slot).collect()
    }

    #[test]
    fn finds_names_as_typed_and_misses_others() {
        let slots = slots(&["Ann", "Bruno", "Сергей"]);
        let index = NameIndex::default();
        assert_eq!(index.find(&slots, "ann").map(|s| s.id), Some(0));
        assert_eq!(index.find(&slots, "BRUNO").map(|s| s.id), Some(1));
        assert_eq!(index.find(&slots, "Сергей").map(|s| s.id), Some(2));
        // Only ASCII case is ignored, as `eq_ignore_ascii_case` does.
        assert_eq!(index.find(&slots, "сергей").map(|s| s.id), None);
        assert_eq!(index.find(&slots, "Annie").map(|s| s.id), None);
    }

    #[test]
    fn a_renamed_slot_is_found_once_forgotten() {
        let mut slots = slots(&["Ann", "Bruno"]);
        let mut index = NameIndex::default();
        assert!(index.find(&slots, "Bruno").is_some());
        slots[1].name = "Carla".into();
        index.forget();
        assert_eq!(index.find(&slots, "carla").map(|s| s.id), Some(1));
        assert_eq!(index.find(&slots, "Bruno").map(|s| s.id), None);
    }
}
