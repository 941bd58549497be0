//! A value shared between copies of a state until one of them changes it: copying a
//! state (as every change does, so the state before it stays kept for an undo) then
//! copies a pointer per combatant instead of every combatant's maps, and a change
//! copies only the combatants it touches.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `T`, shared by the states copied from one another; written through, it is copied
/// first if another state still shares it ([`Arc::make_mut`]). Reads and writes look
/// as they would on `T` itself.
#[derive(Debug, Default, PartialEq)]
pub struct Shared<T>(Arc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Arc::clone(&self.0))
    }
}

impl<T> From<T> for Shared<T> {
    fn from(value: T) -> Self {
        Shared(Arc::new(value))
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

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize(deserializer).map(Shared::from)
    }
}

#[cfg(test)]
mod tests {
    use super::Shared;

    #[test]
    fn a_write_copies_only_what_is_still_shared() {
        let first: Vec<Shared<Vec<i64>>> = vec![vec![1].into(), vec![2].into()];
        let mut second = first.clone();
        second[0].push(10);
        assert_eq!(*first[0], vec![1], "the state copied from is as it was");
        assert_eq!(*second[0], vec![1, 10]);
        assert!(std::ptr::eq(&*first[1], &*second[1]), "what neither changed is still shared");
    }

    #[test]
    fn it_reads_and_writes_as_the_value_itself() {
        let v: Shared<Vec<i64>> = vec![3, 4].into();
        assert_eq!(serde_json::to_string(&v).unwrap(), "[3,4]");
        let back: Shared<Vec<i64>> = serde_json::from_str("[3,4]").unwrap();
        assert_eq!(back, v);
    }
}
