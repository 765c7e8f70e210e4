//! [`Domain`]: a finite set of small non-negative values stored as a bitset.

use std::fmt;

/// A finite domain: a set of values in `0..universe`, one bit per value.
///
/// ```
/// use delve_csp::Domain;
/// let mut d = Domain::range(1, 10); // 1..=9, e.g. a Sudoku cell
/// d.remove(5);
/// assert_eq!(d.len(), 8);
/// assert!(!d.contains(5) && d.contains(9));
/// assert_eq!(d.min(), Some(1));
/// assert_eq!(d.iter().collect::<Vec<_>>(), vec![1, 2, 3, 4, 6, 7, 8, 9]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Domain {
    words: Vec<u64>,
    universe: u32,
}

impl Domain {
    /// The empty set over `0..universe`.
    pub fn empty(universe: u32) -> Self {
        Domain { words: vec![0; words_for(universe)], universe }
    }

    /// Every value of `0..universe`.
    pub fn full(universe: u32) -> Self {
        Self::range(0, universe)
    }

    /// The values `lo..hi` (the universe is `0..hi`).
    pub fn range(lo: u32, hi: u32) -> Self {
        let mut d = Self::empty(hi);
        for v in lo..hi {
            d.insert(v);
        }
        d
    }

    /// The single value `v` (universe `0..=v`).
    pub fn singleton(v: u32) -> Self {
        let mut d = Self::empty(v + 1);
        d.insert(v);
        d
    }

    /// The given values; the universe is one past the largest.
    pub fn from_values(values: impl IntoIterator<Item = u32>) -> Self {
        let values: Vec<u32> = values.into_iter().collect();
        let universe = values.iter().max().map_or(0, |&m| m + 1);
        let mut d = Self::empty(universe);
        for v in values {
            d.insert(v);
        }
        d
    }

    /// One past the largest value this domain can hold.
    pub fn universe(&self) -> u32 {
        self.universe
    }

    /// The raw bit words (bit `v % 64` of word `v / 64` is value `v`).
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Whether `v` is in the set.
    #[inline]
    pub fn contains(&self, v: u32) -> bool {
        v < self.universe && self.words[(v / 64) as usize] & (1u64 << (v % 64)) != 0
    }

    /// Adds `v`, growing the universe if needed.
    pub fn insert(&mut self, v: u32) {
        if v >= self.universe {
            self.universe = v + 1;
            self.words.resize(words_for(self.universe), 0);
        }
        self.words[(v / 64) as usize] |= 1u64 << (v % 64);
    }

    /// Removes `v`; returns whether it was present.
    pub fn remove(&mut self, v: u32) -> bool {
        let had = self.contains(v);
        if had {
            self.words[(v / 64) as usize] &= !(1u64 << (v % 64));
        }
        had
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True when no value is left.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The smallest value.
    pub fn min(&self) -> Option<u32> {
        self.iter().next()
    }

    /// The largest value.
    pub fn max(&self) -> Option<u32> {
        self.words.iter().enumerate().rev().find(|(_, w)| **w != 0).map(|(i, w)| i as u32 * 64 + 63 - w.leading_zeros())
    }

    /// The value, when exactly one is left.
    pub fn single(&self) -> Option<u32> {
        (self.len() == 1).then(|| self.min()).flatten()
    }

    /// The values in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        BitIter::new(&self.words)
    }
}

impl fmt::Debug for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<u32> for Domain {
    fn from_iter<T: IntoIterator<Item = u32>>(iter: T) -> Self {
        Self::from_values(iter)
    }
}

/// Number of 64-bit words for a universe of `n` values.
pub(crate) fn words_for(n: u32) -> usize {
    (n as usize).div_ceil(64)
}

/// Iterates the set bits of a word slice in increasing order.
pub(crate) struct BitIter<'a> {
    words: &'a [u64],
    index: usize,
    current: u64,
}

impl<'a> BitIter<'a> {
    pub(crate) fn new(words: &'a [u64]) -> Self {
        BitIter { words, index: 0, current: words.first().copied().unwrap_or(0) }
    }
}

impl Iterator for BitIter<'_> {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        loop {
            if self.current != 0 {
                let bit = self.current.trailing_zeros();
                self.current &= self.current - 1;
                return Some(self.index as u32 * 64 + bit);
            }
            self.index += 1;
            if self.index >= self.words.len() {
                return None;
            }
            self.current = self.words[self.index];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_across_words() {
        let mut d = Domain::range(60, 130);
        assert_eq!(d.len(), 70);
        assert_eq!((d.min(), d.max()), (Some(60), Some(129)));
        assert!(d.remove(64));
        assert!(!d.remove(64));
        assert!(!d.contains(64) && d.contains(63) && d.contains(65));
        assert!(!d.contains(500));
        d.insert(200);
        assert_eq!(d.max(), Some(200));
        assert_eq!(d.universe(), 201);
        let e = Domain::from_values([3, 7]);
        assert_eq!(e.single(), None);
        assert_eq!(Domain::singleton(9).single(), Some(9));
        assert!(Domain::empty(10).is_empty());
        assert_eq!(format!("{e:?}"), "{3, 7}");
    }
}
