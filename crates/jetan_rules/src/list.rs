//! A short list stored inline: `Copy`, never allocating, for the parts of a move and an undo.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// At most `N` items of a small `Copy` type, stored inline. Unused slots always hold
/// `T::default()`, so derived equality sees only the items. The length comes first
/// (`repr(C)`), so that the unused slots of lists one after another are one run of defaults.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct List<T: Copy + Default, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy + Default + Hash, const N: usize> Hash for List<T, N> {
    /// Hashes the items only (move generation hashes many lists of a few items).
    fn hash<H: Hasher>(&self, state: &mut H) {
        self[..].hash(state);
    }
}

impl<T: Copy + Default, const N: usize> List<T, N> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        List { len: 0, items: [T::default(); N] }
    }

    /// Appends an item.
    ///
    /// # Panics
    /// If the list is full: the engine sizes lists for the largest move its rules allow.
    #[inline]
    pub fn push(&mut self, item: T) {
        self.items[self.len as usize] = item;
        self.len += 1;
    }

    /// Removes the last item, if any.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        let last = self.len.checked_sub(1)?;
        self.len = last;
        Some(std::mem::take(&mut self.items[last as usize]))
    }

    /// The items, by value (the list is `Copy`, so this outlives any borrow of it).
    pub fn into_iter_copied(self) -> impl Iterator<Item = T> {
        (0..self.len as usize).map(move |i| self.items[i])
    }

    /// Whether another item fits.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.len as usize == N
    }

    /// The items, sorted by `key` from index `start` on.
    pub fn sort_from_by_key<K: Ord>(&mut self, start: usize, key: impl FnMut(&T) -> K) {
        self.items[start..self.len as usize].sort_by_key(key);
    }
}

impl<T: Copy + Default, const N: usize> Default for List<T, N> {
    fn default() -> Self {
        List::new()
    }
}

impl<T: Copy + Default, const N: usize> Deref for List<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for List<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for List<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut list = List::new();
        for item in iter {
            list.push(item);
        }
        list
    }
}
