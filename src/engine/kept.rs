//! What a rule system keeps between phases, held by the engine without knowing its type.
//!
//! Each rule system keeps its game-level values (ru-city's reserve shots and the mayor's fate,
//! Conan's crime log, the WWR world) in structs of its own, and the engine carries them in the
//! game state as [`Kept`]: copied with the state, compared with it, never named by it. A value
//! is found by its type, so a typo is a compile error rather than a key that reads 0, and a
//! role may keep its own struct in its own file (ru-city keeps one per role that needs one).
//!
//! The state is derived by replaying the entries, so nothing here is ever saved.

use std::any::{Any, TypeId};
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

/// What may be kept: any plain value that can be copied and compared and has an empty form (a
/// role file's own struct, a night's record).
pub trait Keepable: Any + Send + Sync + fmt::Debug {
    /// A copy of the value, boxed: what copying a state or a map needs.
    fn boxed_copy(&self) -> Box<dyn Keepable>;
    /// Is `other` a value of the same type, equal to this one?
    fn equals(&self, other: &dyn Keepable) -> bool;
    /// Is it its type's empty value, as good as never written?
    fn is_empty(&self) -> bool;
}

impl<T: Any + Send + Sync + fmt::Debug + Clone + PartialEq + Default> Keepable for T {
    fn boxed_copy(&self) -> Box<dyn Keepable> {
        Box::new(self.clone())
    }
    fn equals(&self, other: &dyn Keepable) -> bool {
        (other as &dyn Any).downcast_ref::<T>() == Some(self)
    }
    fn is_empty(&self) -> bool {
        *self == T::default()
    }
}

/// Values kept by their type, at most one of each, created on first write.
#[derive(Default)]
pub struct KeptMap(Vec<(TypeId, Box<dyn Keepable>)>);

impl KeptMap {
    /// The value of this type, if one was written.
    pub fn get<T: Keepable>(&self) -> Option<&T> {
        let key = TypeId::of::<T>();
        let (_, value) = self.0.iter().find(|(k, _)| *k == key)?;
        (value.as_ref() as &dyn Any).downcast_ref()
    }

    /// What the value of this type says, read through `f`; an empty value if none was written.
    pub fn read<T: Keepable + Default, R>(&self, f: impl FnOnce(&T) -> R) -> R {
        match self.get::<T>() {
            Some(value) => f(value),
            None => f(&T::default()),
        }
    }

    /// The value of this type, to change, if one was written.
    pub fn find_mut<T: Keepable>(&mut self) -> Option<&mut T> {
        let key = TypeId::of::<T>();
        let (_, value) = self.0.iter_mut().find(|(k, _)| *k == key)?;
        (value.as_mut() as &mut dyn Any).downcast_mut()
    }

    /// The value of this type, to write into; created empty on first use.
    pub fn get_mut<T: Keepable + Default>(&mut self) -> &mut T {
        if self.get::<T>().is_none() {
            self.set(T::default());
        }
        self.find_mut()
            .expect("a value is stored under its own type's id")
    }

    /// The value of this type is `value`, whatever it was.
    pub fn set<T: Keepable>(&mut self, value: T) {
        let key = TypeId::of::<T>();
        self.0.retain(|(k, _)| *k != key);
        self.0.push((key, Box::new(value)));
    }

    /// Every value kept, in the order first written.
    pub fn values(&self) -> impl Iterator<Item = &dyn Keepable> {
        self.0.iter().map(|(_, v)| v.as_ref())
    }
}

impl Clone for KeptMap {
    fn clone(&self) -> KeptMap {
        KeptMap(self.0.iter().map(|(k, v)| (*k, v.boxed_copy())).collect())
    }
}

/// Two maps are equal when they keep equal values of the same types, whatever the order of
/// their first writes; an empty value counts as none.
impl PartialEq for KeptMap {
    fn eq(&self, other: &KeptMap) -> bool {
        let holds_all_of = |a: &KeptMap, b: &KeptMap| {
            a.0.iter()
                .filter(|(_, v)| !v.is_empty())
                .all(|(key, value)| {
                    b.0.iter()
                        .any(|(k, v)| k == key && value.equals(v.as_ref()))
                })
        };
        holds_all_of(self, other) && holds_all_of(other, self)
    }
}

impl fmt::Debug for KeptMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.values()).finish()
    }
}

/// The values a rule system keeps in a game state. States are copied for every "what if" (each
/// entry's checks, a preview), and most copies only read: copies share the map, and the first
/// write through [`Kept::get_mut`] copies it only while another copy still holds it.
#[derive(Clone, Default, PartialEq)]
pub struct Kept(Arc<KeptMap>);

impl Kept {
    pub fn get<T: Keepable>(&self) -> Option<&T> {
        self.0.get()
    }
    pub fn read<T: Keepable + Default, R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.0.read(f)
    }
    /// The value of this type, or an empty one if none was written (an empty value of plain
    /// collections costs nothing to make).
    pub fn of<T: Keepable + Default + Clone>(&self) -> Cow<'_, T> {
        match self.0.get::<T>() {
            Some(value) => Cow::Borrowed(value),
            None => Cow::Owned(T::default()),
        }
    }
    pub fn get_mut<T: Keepable + Default>(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0).get_mut()
    }
    pub fn set<T: Keepable>(&mut self, value: T) {
        Arc::make_mut(&mut self.0).set(value)
    }
}

impl fmt::Debug for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Default, Debug, PartialEq)]
    struct Guards(Vec<u32>);
    #[derive(Clone, Default, Debug, PartialEq)]
    struct Fire(bool);

    #[test]
    fn each_type_keeps_its_own_value() {
        let mut map = KeptMap::default();
        assert!(map.get::<Guards>().is_none());
        assert_eq!(map.read(|g: &Guards| g.0.len()), 0);
        map.get_mut::<Guards>().0.push(3);
        map.get_mut::<Fire>().0 = true;
        map.get_mut::<Guards>().0.push(5);
        assert_eq!(map.get::<Guards>(), Some(&Guards(vec![3, 5])));
        assert_eq!(map.get::<Fire>(), Some(&Fire(true)));
        assert_eq!(format!("{map:?}"), "[Guards([3, 5]), Fire(true)]");
    }

    #[test]
    fn maps_compare_by_their_values_not_the_order_written() {
        let mut a = KeptMap::default();
        a.set(Guards(vec![1]));
        a.set(Fire(true));
        let mut b = KeptMap::default();
        b.set(Fire(true));
        b.set(Guards(vec![1]));
        assert_eq!(a, b);
        b.set(Fire(false));
        assert_ne!(a, b);
        let mut c = a.clone();
        assert_eq!(a, c);
        c.set(Guards(vec![]));
        assert_ne!(a, c);
        let mut d = KeptMap::default();
        d.set(Fire(true));
        assert_eq!(c, d, "an empty value counts as none");
    }

    #[test]
    fn a_copy_of_a_state_is_not_changed_by_a_write_to_the_other() {
        let mut first = Kept::default();
        first.get_mut::<Guards>().0.push(1);
        let second = first.clone();
        first.get_mut::<Guards>().0.push(2);
        assert_eq!(second.get::<Guards>(), Some(&Guards(vec![1])));
        assert_eq!(first.get::<Guards>(), Some(&Guards(vec![1, 2])));
    }
}
