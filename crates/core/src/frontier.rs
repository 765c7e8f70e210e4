//! The frontier interface of the best-first engine (`best_first`): the entry it queues, `(f,
//! h, node index)` ordered as it is popped, and the `Frontier` trait the heap, the buckets
//! and the cell-cycling search's per-cell heaps implement.

use crate::cost::Cost;
use std::cmp::Ordering;

/// A frontier entry, ordered as it is popped: by `f`, then `h`, then node index.
#[derive(Clone, Copy)]
pub(crate) struct Entry<C> {
    pub(crate) f: C,
    pub(crate) h: C,
    pub(crate) node: u32,
}

/// Where the engine queues nodes: it pushes each entry with the node's state and pops the
/// next node to expand.
pub(crate) trait Frontier<S, C> {
    /// Queues `entry` for the node holding `state`.
    fn push(&mut self, entry: Entry<C>, state: &S);
    /// The next entry to expand, if any.
    fn pop(&mut self) -> Option<Entry<C>>;
    /// Entries queued.
    fn len(&self) -> usize;
    /// Entries held without reallocating (for memory accounting).
    fn capacity(&self) -> usize;
    /// Whether the engine calls [`children`](Self::children) after each expansion (it then
    /// keeps a list of the children pushed; off for the plain heaps).
    const CHILDREN: bool = false;
    /// Called after the children of `parent` were pushed, with their states in push order:
    /// a frontier that ranks a move by comparing it with its siblings does it here.
    fn children<'s>(&mut self, _parent: &'s S, _kids: impl Iterator<Item = &'s S>) {}
    /// Checked after each expansion: the entries to go on in
    /// [`Buckets`](crate::buckets::Buckets) instead, taken out,
    /// when this frontier is a heap that grew large over few `(f, h)` keys (see the
    /// `buckets` module).
    #[inline(always)]
    fn crowded(&mut self) -> Option<Vec<Entry<C>>> {
        None
    }
}

impl<C: Cost> PartialEq for Entry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<C: Cost> Eq for Entry<C> {}
impl<C: Cost> PartialOrd for Entry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Cost> Ord for Entry<C> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        // Nested matches: a `then_with` chain compiled to slower code on the hot heap path.
        match self.f.total_cmp(&other.f) {
            Ordering::Equal => match self.h.total_cmp(&other.h) {
                Ordering::Equal => self.node.cmp(&other.node),
                order => order,
            },
            order => order,
        }
    }
}
