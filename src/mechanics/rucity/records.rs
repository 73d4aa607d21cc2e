//! Each role's own record of a night, kept in the night's ledger by its type. The ledger holds
//! them without naming them, so a role's night data lives in the role's file and adding a role
//! never touches the shared night (the review's "CityNight has 36 fields every role can touch").

use std::any::{Any, TypeId};
use std::fmt;

/// What a role may keep for a night: any `Default` type of its own (a role file's `Tonight`).
pub trait Record: Any + fmt::Debug {}
impl<T: Any + fmt::Debug> Record for T {}

/// The roles' records of one night, one per type, created on first write.
#[derive(Default)]
pub struct Records(Vec<(TypeId, Box<dyn Record>)>);

impl Records {
    /// The role's record, if it wrote one tonight.
    pub fn get<T: Record>(&self) -> Option<&T> {
        let key = TypeId::of::<T>();
        let (_, record) = self.0.iter().find(|(k, _)| *k == key)?;
        (record.as_ref() as &dyn Any).downcast_ref()
    }

    /// What the role's record says, read through `f`; an empty record if it wrote none.
    pub fn read<T: Record + Default, R>(&self, f: impl FnOnce(&T) -> R) -> R {
        match self.get::<T>() {
            Some(record) => f(record),
            None => f(&T::default()),
        }
    }

    /// The role's record, to change, if it wrote one tonight.
    pub fn find_mut<T: Record>(&mut self) -> Option<&mut T> {
        let key = TypeId::of::<T>();
        let (_, record) = self.0.iter_mut().find(|(k, _)| *k == key)?;
        (record.as_mut() as &mut dyn Any).downcast_mut()
    }

    /// The role's record, to write into; created empty on first use.
    pub fn get_mut<T: Record + Default>(&mut self) -> &mut T {
        if self.get::<T>().is_none() {
            self.set(T::default());
        }
        self.find_mut()
            .expect("a record is stored under its own type's id")
    }

    /// Tonight's record of the role is `record`, whatever it was.
    pub fn set<T: Record>(&mut self, record: T) {
        let key = TypeId::of::<T>();
        self.0.retain(|(k, _)| *k != key);
        self.0.push((key, Box::new(record)));
    }
}

impl fmt::Debug for Records {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.0.iter().map(|(_, r)| r))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default, Debug, PartialEq)]
    struct Guards(Vec<u32>);
    #[derive(Default, Debug, PartialEq)]
    struct Fire(bool);

    #[test]
    fn each_type_keeps_its_own_record() {
        let mut records = Records::default();
        assert!(records.get::<Guards>().is_none());
        assert_eq!(records.read(|g: &Guards| g.0.len()), 0);
        records.get_mut::<Guards>().0.push(3);
        records.get_mut::<Fire>().0 = true;
        records.get_mut::<Guards>().0.push(5);
        assert_eq!(records.get::<Guards>(), Some(&Guards(vec![3, 5])));
        assert_eq!(records.get::<Fire>(), Some(&Fire(true)));
        assert_eq!(format!("{records:?}"), "[Guards([3, 5]), Fire(true)]");
    }
}
