//! The frontier of the best-first searches: a binary heap (with its "next" slot, see the
//! `heap` module) while it is small, then, for costs with few distinct values, buckets by
//! `(f, h)`, each bucket a queue of node indices in the order they came.
//!
//! A heap of millions of entries costs a cache miss per level sifted on every pop, a real
//! share of a large A* search's time. When costs are integers
//! ([`Cost::FEW_VALUES`]: Sokoban's pushes, unit or small step costs) the open nodes share a
//! few dozen `(f, h)` keys, so a push is one lookup among those keys and a pop takes the front
//! of the first bucket, and an entry takes 4 bytes instead of a whole `Entry`. A small heap
//! stays in cache and its slot makes most operations O(1) on maps (the grid benchmarks), so
//! the frontier starts as a heap and moves to buckets once it holds `SWITCH` entries that
//! share keys at least `SHARE` to a key (BENCHMARKS.md has the measurements behind both).
//!
//! The entries move in their heap order, and entries of one key leave in the order they came,
//! so the pop order stays the heap's (lowest `f`, then `h`, then the node created first),
//! except for a re-opened node, which queues behind the newer nodes of its key.

use crate::cost::Cost;
use crate::frontier::{Entry, Frontier};
use crate::heap::MinHeap;
use std::collections::{BTreeMap, VecDeque};

/// Entries the heap holds before the frontier considers buckets.
pub(crate) const SWITCH: usize = 1 << 16;
/// The fewest entries a key, on average, for buckets to be taken.
pub(crate) const SHARE: usize = 16;

/// The key of `entry`'s bucket: the entry with node 0, so that keys order as entries do, by
/// `f` then `h`.
#[inline]
fn key<C: Cost>(entry: &Entry<C>) -> Entry<C> {
    Entry { node: 0, ..*entry }
}

/// Node indices in queues by key (see the module docs).
pub(crate) struct Buckets<C> {
    /// The non-empty queues by key.
    queues: BTreeMap<Entry<C>, VecDeque<u32>>,
    /// Emptied queues kept for new keys, so that their room is reused.
    spare: Vec<VecDeque<u32>>,
    /// Entries queued.
    len: usize,
    /// Node indices the queues (spare ones too) hold without reallocating.
    room: usize,
}

impl<C: Cost> Buckets<C> {
    /// Buckets holding `entries` (in any order), popped in their heap order.
    pub(crate) fn new(mut entries: Vec<Entry<C>>) -> Self {
        entries.sort_unstable();
        let mut buckets = Buckets { queues: BTreeMap::new(), spare: Vec::new(), len: 0, room: 0 };
        for entry in entries {
            buckets.push(entry);
        }
        buckets
    }

    /// Queues `entry` behind the entries of its key.
    #[inline]
    pub(crate) fn push(&mut self, entry: Entry<C>) {
        let spare = &mut self.spare;
        let queue = self.queues.entry(key(&entry)).or_insert_with(|| spare.pop().unwrap_or_default());
        let before = queue.capacity();
        queue.push_back(entry.node);
        self.room += queue.capacity() - before;
        self.len += 1;
    }

    /// Removes and returns the first entry of the first key.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Entry<C>> {
        let mut first = self.queues.first_entry()?;
        let Entry { f, h, .. } = *first.key();
        let node = first.get_mut().pop_front().expect("queues are never empty");
        if first.get().is_empty() {
            self.spare.push(first.remove());
        }
        self.len -= 1;
        Some(Entry { f, h, node })
    }

    /// Entries held without reallocating, counted in entries (a node index is 4 bytes).
    fn capacity(&self) -> usize {
        (self.room * 4).div_ceil(std::mem::size_of::<Entry<C>>())
    }
}

impl<S, C: Cost> Frontier<S, C> for Buckets<C> {
    #[inline(always)]
    fn push(&mut self, entry: Entry<C>, _: &S) {
        Buckets::push(self, entry);
    }
    #[inline(always)]
    fn pop(&mut self) -> Option<Entry<C>> {
        Buckets::pop(self)
    }
    fn len(&self) -> usize {
        self.len
    }
    fn capacity(&self) -> usize {
        Buckets::capacity(self)
    }
}

/// The binary heap (with its slot) that hands its entries over to [`Buckets`] once crowded
/// (see the module docs).
pub(crate) struct Heap<C> {
    heap: MinHeap<Entry<C>>,
    /// The size past which the heap is considered for buckets ([`SWITCH`]; then never again).
    limit: usize,
}

impl<C: Cost> Heap<C> {
    /// An empty heap; `slot` turns its "next" slot on.
    pub(crate) fn new(slot: bool) -> Self {
        Heap { heap: MinHeap::new(slot), limit: if C::FEW_VALUES { SWITCH } else { usize::MAX } }
    }

    /// Queues `entry`.
    #[inline(always)]
    pub(crate) fn push(&mut self, entry: Entry<C>) {
        self.heap.push(entry);
    }

    /// Removes and returns the smallest entry.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<Entry<C>> {
        self.heap.pop()
    }

    /// Entries queued.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.heap.len()
    }

    /// Entries held without reallocating (for memory accounting).
    #[inline(always)]
    pub(crate) fn capacity(&self) -> usize {
        self.heap.capacity()
    }

    /// A heap that never hands over (to compare the two frontiers' pop orders in tests).
    #[cfg(test)]
    pub(crate) fn unswitched(slot: bool) -> Self {
        Heap { heap: MinHeap::new(slot), limit: usize::MAX }
    }

    /// Every entry, taken out, when the heap holds more than [`SWITCH`] entries that share
    /// keys at least [`SHARE`] to a key; else `None` (and, once past [`SWITCH`], ever after).
    #[inline]
    pub(crate) fn crowded(&mut self) -> Option<Vec<Entry<C>>> {
        if self.len() <= self.limit {
            return None;
        }
        self.limit = usize::MAX;
        let mut keys: Vec<Entry<C>> = self.heap.iter().map(key).collect();
        keys.sort_unstable();
        keys.dedup();
        (keys.len() * SHARE <= self.len()).then(|| self.heap.take_all())
    }
}

impl<S, C: Cost> Frontier<S, C> for Heap<C> {
    #[inline(always)]
    fn push(&mut self, entry: Entry<C>, _: &S) {
        Heap::push(self, entry);
    }
    #[inline(always)]
    fn pop(&mut self) -> Option<Entry<C>> {
        Heap::pop(self)
    }
    #[inline(always)]
    fn len(&self) -> usize {
        Heap::len(self)
    }
    #[inline(always)]
    fn capacity(&self) -> usize {
        Heap::capacity(self)
    }
    #[inline(always)]
    fn crowded(&mut self) -> Option<Vec<Entry<C>>> {
        Heap::crowded(self)
    }
}

/// A frontier that is a [`Heap`] or, once that was crowded, [`Buckets`]: for searches that
/// keep their frontier in a field (parallel A*'s threads); the best-first engine switches
/// between the two types instead, which spares a test on every push and pop.
pub(crate) enum Open<C> {
    Heap(Heap<C>),
    Buckets(Buckets<C>),
}

impl<C: Cost> Open<C> {
    /// Queues `entry`.
    #[inline(always)]
    pub(crate) fn push(&mut self, entry: Entry<C>) {
        match self {
            Open::Heap(heap) => heap.push(entry),
            Open::Buckets(buckets) => buckets.push(entry),
        }
    }

    /// Removes and returns the first entry.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<Entry<C>> {
        match self {
            Open::Heap(heap) => heap.pop(),
            Open::Buckets(buckets) => buckets.pop(),
        }
    }

    /// Entries queued.
    pub(crate) fn len(&self) -> usize {
        match self {
            Open::Heap(heap) => heap.len(),
            Open::Buckets(buckets) => buckets.len,
        }
    }

    /// Entries held without reallocating (for memory accounting).
    pub(crate) fn capacity(&self) -> usize {
        match self {
            Open::Heap(heap) => heap.capacity(),
            Open::Buckets(buckets) => buckets.capacity(),
        }
    }

    /// Moves a crowded heap's entries into buckets (call it after each expansion).
    #[inline]
    pub(crate) fn settle(&mut self) {
        if let Open::Heap(heap) = self
            && let Some(entries) = heap.crowded()
        {
            *self = Open::Buckets(Buckets::new(entries));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn entry(f: u32, h: u32, node: u32) -> Entry<u32> {
        Entry { f, h, node }
    }

    proptest! {
        /// Buckets made from a heap's entries, then pushed nodes created later (higher
        /// indices) and popped in turn, pop exactly what the heap pops.
        #[test]
        fn pop_in_the_heap_order(
            start in proptest::collection::vec((0u32..6, 0u32..4), 0..300),
            ops in proptest::collection::vec(proptest::option::of((0u32..8, 0u32..4)), 0..400),
        ) {
            let mut heap = MinHeap::new(true);
            let mut initial = Vec::new();
            for (node, &(f, h)) in start.iter().enumerate() {
                heap.push(entry(f, h, node as u32));
                initial.push(entry(f, h, node as u32));
            }
            initial.reverse();
            let mut buckets = Buckets::new(initial);
            let mut next = start.len() as u32;
            for op in ops {
                match op {
                    Some((f, h)) => {
                        heap.push(entry(f, h, next));
                        buckets.push(entry(f, h, next));
                        next += 1;
                    }
                    None => {
                        let (a, b) = (heap.pop(), buckets.pop());
                        prop_assert_eq!(a.map(|e| (e.f, e.h, e.node)), b.map(|e| (e.f, e.h, e.node)));
                    }
                }
                prop_assert_eq!(heap.len(), buckets.len);
            }
            while let Some(a) = heap.pop() {
                let b = buckets.pop().expect("as many entries");
                prop_assert_eq!((a.f, a.h, a.node), (b.f, b.h, b.node));
            }
            prop_assert!(buckets.pop().is_none());
        }
    }

    #[test]
    fn a_heap_past_the_switch_over_few_keys_hands_its_entries_over() {
        let mut heap = Heap::new(true);
        for node in 0..=SWITCH as u32 {
            heap.push(entry(10 + node % 7, node % 3, node));
        }
        let entries = heap.crowded().expect("21 keys for 65,537 entries");
        assert_eq!(entries.len(), SWITCH + 1);
        assert_eq!(heap.len(), 0);
        let buckets = Buckets::new(entries);
        assert_eq!(buckets.len, SWITCH + 1);
        assert!(buckets.capacity() * std::mem::size_of::<Entry<u32>>() >= (SWITCH + 1) * 4);
    }

    #[test]
    fn a_heap_of_many_keys_or_of_floats_stays_a_heap() {
        let mut heap = Heap::new(true);
        for node in 0..SWITCH as u32 {
            heap.push(entry(node / 8, 0, node));
        }
        assert!(heap.crowded().is_none(), "not past the switch yet");
        heap.push(entry(0, 0, SWITCH as u32));
        assert!(heap.crowded().is_none(), "8,193 keys: fewer than 16 entries a key");
        for node in 0..100 {
            heap.push(entry(0, 0, SWITCH as u32 + 1 + node));
        }
        assert!(heap.crowded().is_none(), "considered once only");
        let mut floats = Heap::new(true);
        for node in 0..=SWITCH as u32 {
            floats.push(Entry { f: 1.0f64, h: 0.0, node });
        }
        assert!(floats.crowded().is_none());
    }
}
