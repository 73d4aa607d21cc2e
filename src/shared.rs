//! Values that copies share until one of them changes: parts of the game state, and the
//! sources a roleset runs from.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// A part of the state copied only when written. The engine copies a state whenever it asks
/// "what if" (each vote's and action's checks, a preview, a rule system's dry run), and most of
/// a long game's state is its history and the phase's entries, which such a copy only reads:
/// copies share them, and a write (through `DerefMut`, so code writes as to the value itself)
/// copies the value only while another copy still holds it. Saved, read and compared as the
/// value itself.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    /// Are these the same value, shared, not two equal ones? While one is kept, no write can
    /// change the other (a write copies first), so a cache may key on it.
    pub fn same(a: &Shared<T>, b: &Shared<T>) -> bool {
        Arc::ptr_eq(&a.0, &b.0)
    }
}

impl<T: std::hash::Hash> std::hash::Hash for Shared<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<'a, T> IntoIterator for &'a Shared<Vec<T>> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a, T: Clone> IntoIterator for &'a mut Shared<Vec<T>> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T> FromIterator<T> for Shared<Vec<T>> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        Shared::from(items.into_iter().collect::<Vec<T>>())
    }
}

impl<T> From<T> for Shared<T> {
    fn from(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Shared<T>, D::Error> {
        T::deserialize(deserializer).map(Shared::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_sees_nothing_of_a_later_write() {
        let mut first: Shared<Vec<u32>> = vec![1, 2].into();
        let copy = first.clone();
        first.push(3);
        first[0] = 9;
        assert_eq!(*first, vec![9, 2, 3]);
        assert_eq!(*copy, vec![1, 2]);
    }
}
