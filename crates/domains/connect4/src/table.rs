//! The transposition table of the solver: one `u64` per entry in a flat array of atomics,
//! so that threads can share it without locks or `unsafe` (a relaxed load or store of a
//! whole word is one plain move on x86-64, and a word is never torn).
//!
//! **Exact without storing the key.** The 49-bit position key is first scrambled by a
//! bijection of 49-bit words; the low `bits` of the result pick the slot and the remaining
//! `49 - bits` bits (at most 37) are kept as the tag. Slot and tag together give back the
//! scrambled key and so the position: a hit is never a different position.
//!
//! **Layout of an entry**: bits 0..37 the tag, 37..40 the best move's column + 1 (0 for
//! none), 40..48 the lower bound, 48..56 the upper bound (each as `value + 64`, 0 for none),
//! 56..64 the entry's worth: the bit length of the number of nodes its search took. An
//! all-zero word is empty.
//!
//! **Buckets**: with `two_way`, slots come in pairs in the same cache line: the first keeps
//! the entry that took the most work to find, the second takes everything else (the most
//! recent). Worth by work (nodes searched) rather than by stones keeps the entries whose loss
//! would cost the most to search again.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

const KEY_BITS: u32 = 49;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
const TAG_BITS: u32 = 37;
const TAG_MASK: u64 = (1 << TAG_BITS) - 1;
const NONE: u64 = 0;
const OFFSET: i32 = 64;

/// A bound that no value reaches: "no lower bound" and "no upper bound".
pub(crate) const NO_BOUND: i32 = 100;

/// A bijection of 49-bit words that spreads every key bit into the low bits.
#[inline]
fn scramble(key: u64) -> u64 {
    // Multiplying by an odd number and xor-shifting right are both invertible modulo 2^49.
    let mut h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15 | 1) & KEY_MASK;
    h ^= h >> 24;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9 | 1) & KEY_MASK;
    h ^ (h >> 21)
}

/// The solver's shared table of lower and upper bounds.
pub(crate) struct Table {
    slots: Vec<AtomicU64>,
    /// Bits of the bucket index.
    bits: u32,
    two_way: bool,
}

impl Table {
    /// A table of `2^bits` buckets (of two entries with `two_way`), each entry 8 bytes.
    /// `bits` is clamped to 12..=30 (the tag must fit its 37 bits).
    pub(crate) fn new(bits: u32, two_way: bool) -> Self {
        let bits = bits.clamp(KEY_BITS - TAG_BITS, 30);
        let len = (1usize << bits) << usize::from(two_way);
        Table { slots: (0..len).map(|_| AtomicU64::new(NONE)).collect(), bits, two_way }
    }

    /// The table's size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// Empties the table.
    pub(crate) fn clear(&self) {
        for s in &self.slots {
            s.store(NONE, Relaxed);
        }
    }

    #[inline]
    fn place(&self, key: u64) -> (usize, u64) {
        let h = scramble(key);
        let bucket = (h & ((1 << self.bits) - 1)) as usize;
        (bucket << usize::from(self.two_way), h >> self.bits)
    }

    /// The bounds `(lower, upper)` known for `key` (`∓NO_BOUND` where none is known) and its
    /// best move's column, or `None` when the table has nothing.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<(i32, i32, Option<usize>)> {
        let (slot, tag) = self.place(key);
        let ways = 1 + usize::from(self.two_way);
        self.slots[slot..slot + ways].iter().find_map(|s| {
            let e = s.load(Relaxed);
            (e != NONE && e & TAG_MASK == tag).then(|| decode(e))
        })
    }

    /// Records that the value of `key` lies in `lower..=upper` (`∓NO_BOUND` for none) and
    /// that `best` (a column) was its best move, keeping any tighter bound already known.
    /// `worth` (clamped to 0..=255; the bit length of the nodes searched) decides which
    /// entry keeps the first way of a bucket.
    #[inline]
    pub(crate) fn put(&self, key: u64, lower: i32, upper: i32, worth: u32, best: usize) {
        let (slot, tag) = self.place(key);
        let encode = |lower: i32, upper: i32| {
            let lo = if lower <= -NO_BOUND { 0 } else { (lower + OFFSET) as u64 };
            let hi = if upper >= NO_BOUND { 0 } else { (upper + OFFSET) as u64 };
            tag | (best as u64 + 1) << TAG_BITS | lo << 40 | hi << 48 | u64::from(worth.min(255)) << 56
        };
        let ways = 1 + usize::from(self.two_way);
        for s in &self.slots[slot..slot + ways] {
            let e = s.load(Relaxed);
            if e != NONE && e & TAG_MASK == tag {
                let (lo, hi, _) = decode(e);
                s.store(encode(lo.max(lower), hi.min(upper)), Relaxed);
                return;
            }
        }
        let entry = encode(lower, upper);
        if !self.two_way {
            self.slots[slot].store(entry, Relaxed);
            return;
        }
        let first = self.slots[slot].load(Relaxed);
        if first == NONE || u64::from(worth.min(255)) >= first >> 56 {
            // The bigger search takes the first way; the one it displaces moves down.
            self.slots[slot + 1].store(first, Relaxed);
            self.slots[slot].store(entry, Relaxed);
        } else {
            self.slots[slot + 1].store(entry, Relaxed);
        }
    }
}

/// Two tables split by depth: positions with fewer than `split` stones (rare, with big
/// subtrees) go to the big `near` table; the many positions deeper in the tree go to the
/// small `far` table, which stays in the processor's cache. This beats one big table, whose
/// every probe is a cache and TLB miss.
pub(crate) struct Tables {
    near: Table,
    far: Table,
    split: u32,
}

impl Tables {
    /// A big table of `2^near_bits` buckets for positions with fewer than `split` stones and
    /// a small one of `2^far_bits` buckets for the rest.
    pub(crate) fn new(near_bits: u32, far_bits: u32, split: u32, two_way: bool) -> Self {
        let near_bits = if split == 0 { 0 } else { near_bits };
        Tables { near: Table::new(near_bits, two_way), far: Table::new(far_bits, two_way), split }
    }

    #[inline]
    fn of(&self, stones: u32) -> &Table {
        if stones < self.split { &self.near } else { &self.far }
    }

    /// See [`Table::get`]; `stones` picks the table.
    #[inline]
    pub(crate) fn get(&self, key: u64, stones: u32) -> Option<(i32, i32, Option<usize>)> {
        self.of(stones).get(key)
    }

    /// See [`Table::put`]; `stones` picks the table.
    #[inline]
    pub(crate) fn put(&self, key: u64, lower: i32, upper: i32, stones: u32, worth: u32, best: usize) {
        self.of(stones).put(key, lower, upper, worth, best);
    }

    /// Both tables' size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.near.bytes() + self.far.bytes()
    }

    /// Empties both tables.
    pub(crate) fn clear(&self) {
        self.near.clear();
        self.far.clear();
    }
}

#[inline]
fn decode(e: u64) -> (i32, i32, Option<usize>) {
    let lo = ((e >> 40) & 0xff) as i32;
    let hi = ((e >> 48) & 0xff) as i32;
    let best = ((e >> TAG_BITS) & 7) as usize;
    let best = best.checked_sub(1);
    (if lo == 0 { -NO_BOUND } else { lo - OFFSET }, if hi == 0 { NO_BOUND } else { hi - OFFSET }, best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_scramble_is_a_bijection_on_a_sample(a in 0u64..KEY_MASK, b in 0u64..KEY_MASK) {
            prop_assume!(a != b);
            prop_assert_ne!(scramble(a), scramble(b));
            prop_assert!(scramble(a) <= KEY_MASK);
        }

        #[test]
        fn bounds_come_back_and_tighten(key in 0u64..KEY_MASK, lo in -21i32..=21, width in 0i32..10, two_way in any::<bool>()) {
            let t = Table::new(12, two_way);
            let hi = (lo + width).min(21);
            t.put(key, lo, NO_BOUND, 5, 6);
            prop_assert_eq!(t.get(key), Some((lo, NO_BOUND, Some(6))));
            t.put(key, -NO_BOUND, hi, 5, 0);
            prop_assert_eq!(t.get(key), Some((lo, hi, Some(0))));
            // A different key never reads this entry.
            prop_assert_eq!(t.get(key ^ 1), None);
        }
    }

    #[test]
    fn two_ways_keep_the_bigger_subtree() {
        let t = Table::new(12, true);
        // Keys with the same bucket: search for three.
        let bucket = |k: u64| scramble(k) & ((1 << 12) - 1);
        let keys: Vec<u64> = (0..).filter(|&k| bucket(k) == bucket(0)).take(3).collect();
        t.put(keys[0], 1, 1, 30, 3); // a big subtree
        t.put(keys[1], 2, 2, 5, 3);
        t.put(keys[2], 3, 3, 4, 3); // displaces keys[1], never keys[0]
        assert_eq!(t.get(keys[0]), Some((1, 1, Some(3))));
        assert_eq!(t.get(keys[1]), None);
        assert_eq!(t.get(keys[2]), Some((3, 3, Some(3))));
        t.clear();
        assert_eq!(t.get(keys[0]), None);
    }
}
