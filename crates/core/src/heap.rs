//! The best-first frontier: a binary min-heap with a one-entry "next" slot in front of it.
//!
//! An entry pushed while it is smaller than everything queued is kept aside instead of being
//! sifted into the heap, and the next pop takes it in O(1). A* on a map with a consistent
//! heuristic pushes such an entry at nearly every expansion (the child one step closer to the
//! goal: same `f`, lower `h`), so most expansions skip a full push-and-pop through the heap
//! (BENCHMARKS.md, "A*, BFS and uniform-cost search on grid maps", has the figures).
//! Without a heuristic a child is rarely below the frontier's minimum, so uniform-cost search
//! turns the slot off (`MinHeap::new`) rather than pay one comparison a push for nothing.
//!
//! The heap behind the slot is `std`'s `BinaryHeap`: a hand-written 4-ary heap (safe code,
//! bounds-checked) takes more instructions on both A* and uniform-cost search.
//!
//! The order is the element's total order (`Ord`), smallest first, so the pop sequence is
//! exactly the one of any other correct priority queue (a proptest checks it against a plain
//! `BinaryHeap` over `Reverse`), and search node counts do not depend on the slot.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A min-heap of `Copy` entries (see the module documentation).
pub(crate) struct MinHeap<T> {
    /// The smallest entry, when it was pushed as the smallest of all: it is never larger
    /// than an entry of `heap`.
    next: Option<T>,
    /// Whether pushes may use `next`.
    slot: bool,
    /// Everything else.
    heap: BinaryHeap<Reverse<T>>,
}

impl<T: Ord + Copy> MinHeap<T> {
    /// An empty heap; `slot` turns the "next" slot on.
    pub(crate) fn new(slot: bool) -> Self {
        MinHeap { next: None, slot, heap: BinaryHeap::new() }
    }

    /// Entries queued.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.heap.len() + usize::from(self.next.is_some())
    }

    /// Entries the heap can hold without reallocating (for memory accounting).
    #[inline]
    pub(crate) fn capacity(&self) -> usize {
        self.heap.capacity() + 1
    }

    /// Queues `entry`.
    #[inline(always)]
    pub(crate) fn push(&mut self, entry: T) {
        if !self.slot {
            self.heap.push(Reverse(entry));
            return;
        }
        match self.next {
            // Below the slot's entry: it takes the slot, and the old one (still not above any
            // heap entry) goes into the heap.
            Some(next) if entry < next => {
                self.next = Some(entry);
                self.heap.push(Reverse(next));
            }
            Some(_) => self.heap.push(Reverse(entry)),
            None => match self.heap.peek() {
                Some(Reverse(min)) if *min <= entry => self.heap.push(Reverse(entry)),
                _ => self.next = Some(entry),
            },
        }
    }

    /// The entries queued, in no particular order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> {
        self.next.iter().chain(self.heap.iter().map(|Reverse(entry)| entry))
    }

    /// Takes every entry out, in no particular order, and frees the heap's room.
    pub(crate) fn take_all(&mut self) -> Vec<T> {
        let mut all: Vec<T> = std::mem::take(&mut self.heap).into_iter().map(|Reverse(entry)| entry).collect();
        all.extend(self.next.take());
        all
    }

    /// Removes and returns the smallest entry.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<T> {
        if self.slot
            && let Some(next) = self.next.take()
        {
            return Some(next);
        }
        self.heap.pop().map(|Reverse(entry)| entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn pops_smallest_first() {
        for slot in [false, true] {
            let mut heap = MinHeap::new(slot);
            for x in [5, 1, 9, 3, 7, 3, 0, 8, 2, 6, 4] {
                heap.push(x);
            }
            assert_eq!(heap.len(), 11);
            let popped: Vec<i32> = std::iter::from_fn(|| heap.pop()).collect();
            assert_eq!(popped, [0, 1, 2, 3, 3, 4, 5, 6, 7, 8, 9]);
            assert_eq!(heap.len(), 0);
            assert_eq!(heap.pop(), None);
        }
    }

    #[test]
    fn without_the_slot_everything_goes_through_the_heap() {
        let mut heap = MinHeap::new(false);
        heap.push(10);
        heap.push(5);
        assert_eq!((heap.next, heap.heap.len()), (None, 2));
        assert_eq!([heap.pop(), heap.pop(), heap.pop()], [Some(5), Some(10), None]);
    }

    #[test]
    fn an_entry_below_everything_is_popped_next_through_the_slot() {
        let mut heap = MinHeap::new(true);
        heap.push(10);
        heap.push(20);
        assert_eq!(heap.next, Some(10), "the first entry of an empty heap takes the slot");
        heap.push(5);
        assert_eq!(heap.next, Some(5), "a smaller one takes it over");
        assert_eq!(heap.heap.len(), 2, "and the old one goes into the heap");
        heap.push(5);
        assert_eq!(heap.heap.len(), 3, "an equal one does not take it over");
        assert_eq!(
            [heap.pop(), heap.pop(), heap.pop(), heap.pop(), heap.pop()],
            [Some(5), Some(5), Some(10), Some(20), None]
        );
    }

    /// A heap operation for the property test.
    #[derive(Clone, Debug)]
    enum Op {
        Push((u8, u8, u16)),
        Pop,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            3 => (0u8..6, 0u8..4, 0u16..50).prop_map(Op::Push),
            2 => Just(Op::Pop),
        ]
    }

    proptest! {
        /// Any sequence of pushes and pops (small keys, so many ties and duplicates) pops
        /// exactly what `std`'s `BinaryHeap` over `Reverse` pops for the same total order.
        #[test]
        fn pops_in_the_order_of_std_binary_heap(ops in proptest::collection::vec(op(), 0..400), slot: bool) {
            let mut ours = MinHeap::new(slot);
            let mut std_heap = BinaryHeap::new();
            for op in ops {
                match op {
                    Op::Push(x) => {
                        ours.push(x);
                        std_heap.push(Reverse(x));
                    }
                    Op::Pop => prop_assert_eq!(ours.pop(), std_heap.pop().map(|Reverse(x)| x)),
                }
                prop_assert_eq!(ours.len(), std_heap.len());
            }
            while let Some(Reverse(x)) = std_heap.pop() {
                prop_assert_eq!(ours.pop(), Some(x));
            }
            prop_assert_eq!(ours.pop(), None);
        }
    }
}
