//! The node store shared by the graph-search algorithms: an arena of compact nodes (state,
//! parent index, path cost) plus a hash index over their states that stores only node indices,
//! so each state is held once.
//!
//! Nodes store no action: a solution's actions are rebuilt at the end by expanding each parent
//! on the path again and picking the successor that leads to the child (the [`Problem::expand`]
//! contract makes that exact). A node therefore costs `size_of::<S>() + 4 + size_of::<C>()`
//! bytes (rounded up for alignment) plus about 5–10 bytes of index: with a packed `u64` state
//! and `u32` costs, 50 million nodes fit in about 1.2 GB (BENCHMARKS.md, "node store").
//!
//! Growth is checked against the memory limit *before* a buffer grows, so a search stops with
//! [`StopReason::Memory`] instead of failing an allocation; past 2³¹ − 1 nodes it stops with
//! [`StopReason::NodeCapacity`].

use crate::cost::Cost;
use crate::hash::FxBuildHasher;
use crate::outcome::{Solution, StopReason};
use crate::problem::{Problem, Successor};
use hashbrown::HashTable;
use std::cmp::Ordering;
use std::hash::{BuildHasher, Hash};

/// Parent link of a root.
pub(crate) const ROOT: u32 = u32::MAX >> 1;
/// The bit of a node's link that marks it closed (expanded), for the best-first searches.
const CLOSED: u32 = 1 << 31;

/// One node: a state, its parent's index (with the closed flag in the top bit) and its path
/// cost.
pub(crate) struct Node<S, C> {
    pub(crate) state: S,
    link: u32,
    pub(crate) g: C,
}

impl<S, C> Node<S, C> {
    /// The parent's index, or [`ROOT`].
    #[inline]
    pub(crate) fn parent(&self) -> u32 {
        self.link & !CLOSED
    }
    /// Whether the node was expanded (and not re-opened since).
    #[inline]
    pub(crate) fn is_closed(&self) -> bool {
        self.link & CLOSED != 0
    }
    /// Marks the node expanded.
    #[inline]
    pub(crate) fn close(&mut self) {
        self.link |= CLOSED;
    }
    /// Gives the node a cheaper path through `parent`, re-opening it.
    #[inline]
    pub(crate) fn reparent(&mut self, parent: u32, g: C) {
        self.link = parent;
        self.g = g;
    }
}

/// What [`Tree::entry`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// The state was already stored at this index.
    Found(u32),
    /// The state is new and now stored at this index.
    Inserted(u32),
}

/// Arena of nodes with a state → node index.
pub(crate) struct Tree<S, C> {
    pub(crate) nodes: Vec<Node<S, C>>,
    index: HashTable<u32>,
    hasher: FxBuildHasher,
    /// Bytes the arena and index may use, if limited.
    memory_limit: Option<u64>,
}

/// Bytes one slot of the index takes: a `u32` plus hashbrown's control byte.
const INDEX_SLOT: u64 = 5;

impl<S: Eq + Hash + Clone, C: Cost> Tree<S, C> {
    /// An empty tree whose storage stays within `memory_limit` bytes.
    pub(crate) fn new(memory_limit: Option<u64>) -> Self {
        Tree { nodes: Vec::new(), index: HashTable::new(), hasher: FxBuildHasher, memory_limit }
    }

    /// Bytes held by the arena and the index now.
    pub(crate) fn bytes(&self) -> u64 {
        let nodes = self.nodes.capacity() as u64 * std::mem::size_of::<Node<S, C>>() as u64;
        let slots =
            if self.index.capacity() == 0 { 0 } else { (self.index.capacity() as u64 * 8 / 7).next_power_of_two() };
        nodes + slots * INDEX_SLOT
    }

    /// The hash of `state` and the index of the node holding it, if any; pass the hash to
    /// [`Tree::insert_hashed`] so a new state is hashed once.
    #[inline]
    pub(crate) fn lookup(&self, state: &S) -> (u64, Option<u32>) {
        let hash = self.hasher.hash_one(state);
        (hash, self.index.find(hash, |&i| self.nodes[i as usize].state == *state).copied())
    }

    /// The index of the node holding `state`, if any.
    #[inline]
    pub(crate) fn find(&self, state: &S) -> Option<u32> {
        self.lookup(state).1
    }

    /// Adds a node for a state not yet in the tree (hashed by [`Tree::lookup`]); returns its
    /// index, or why it cannot be stored.
    #[inline]
    pub(crate) fn insert_hashed(&mut self, hash: u64, state: S, parent: u32, g: C) -> Result<u32, StopReason> {
        let len = self.nodes.len();
        if len == self.nodes.capacity() {
            self.grow()?;
        }
        // `grow` never lets the arena pass ROOT nodes, so the index fits.
        let idx = len as u32;
        let nodes = &self.nodes;
        let hasher = &self.hasher;
        self.index.insert_unique(hash, idx, |&i| hasher.hash_one(&nodes[i as usize].state));
        self.nodes.push(Node { state, link: parent, g });
        Ok(idx)
    }

    /// The node holding `state` (`Found`), or a new node for it with this parent and cost
    /// (`Inserted`): one hash and one probe of the index for both.
    #[inline(always)]
    pub(crate) fn entry(&mut self, state: S, parent: u32, g: C) -> Result<Slot, StopReason> {
        let len = self.nodes.len();
        if len == self.nodes.capacity() {
            self.grow()?;
        }
        let hash = self.hasher.hash_one(&state);
        let nodes = &self.nodes;
        let hasher = &self.hasher;
        match self.index.entry(
            hash,
            |&i| nodes[i as usize].state == state,
            |&i| hasher.hash_one(&nodes[i as usize].state),
        ) {
            hashbrown::hash_table::Entry::Occupied(found) => Ok(Slot::Found(*found.get())),
            hashbrown::hash_table::Entry::Vacant(vacant) => {
                let idx = len as u32;
                vacant.insert(idx);
                self.nodes.push(Node { state, link: parent, g });
                Ok(Slot::Inserted(idx))
            }
        }
    }

    /// Offers `state` reached through `parent` at cost `g`: the index of its node when it is
    /// new, or stored at a dearer cost (the node then takes this parent and cost, re-opened;
    /// an expanded node only if `reopen`), else `None`. The step every graph search makes with
    /// each successor.
    #[inline(always)]
    pub(crate) fn relax(&mut self, state: S, parent: u32, g: C, reopen: bool) -> Result<Option<u32>, StopReason> {
        match self.entry(state, parent, g)? {
            Slot::Found(existing) => {
                let old = &mut self.nodes[existing as usize];
                if !cheaper(g, old.g) || (old.is_closed() && !reopen) {
                    return Ok(None);
                }
                old.reparent(parent, g);
                Ok(Some(existing))
            }
            Slot::Inserted(child) => Ok(Some(child)),
        }
    }

    /// Adds a node for a state not yet in the tree.
    pub(crate) fn insert(&mut self, state: S, parent: u32, g: C) -> Result<u32, StopReason> {
        let hash = self.hasher.hash_one(&state);
        self.insert_hashed(hash, state, parent, g)
    }

    /// Makes room for at least one more node in the arena and the index together (doubling,
    /// as the standard collections do), unless that would pass the memory limit or the
    /// [`ROOT`] − 1 nodes a link can address. The index is always grown with the arena, so
    /// checking the arena's capacity alone is enough on insertion.
    #[cold]
    fn grow(&mut self) -> Result<(), StopReason> {
        let len = self.nodes.len();
        if len >= ROOT as usize {
            return Err(StopReason::NodeCapacity);
        }
        let want = (len * 2).clamp(64, ROOT as usize);
        if let Some(limit) = self.memory_limit {
            let node = std::mem::size_of::<Node<S, C>>() as u64;
            let slots = (want as u64 * 8 / 7).next_power_of_two();
            if want as u64 * node + slots * INDEX_SLOT > limit {
                return Err(StopReason::Memory);
            }
        }
        self.nodes.reserve_exact(want - len);
        let nodes = &self.nodes;
        let hasher = &self.hasher;
        self.index.reserve(want - len, |&i| hasher.hash_one(&nodes[i as usize].state));
        Ok(())
    }

    /// The path from a root to node `idx`. Each action is found again by expanding the parent
    /// (with `expand`) and taking the cheapest successor that reaches the child.
    pub(crate) fn solution<A, E>(&self, idx: u32, expand: E) -> Solution<S, A, C>
    where
        E: FnMut(&S, &mut Vec<Successor<S, A, C>>),
    {
        trace(idx, |link| &self.nodes[link as usize], expand)
    }
}

/// The path from a root to the node linked as `link`, where `node` finds the node a link
/// names (an index into one tree, or an id across the trees of parallel searches). Each
/// action is found again by expanding the parent (with `expand`) and taking the cheapest
/// successor that reaches the child.
pub(crate) fn trace<'t, S, A, C, N, E>(mut link: u32, node: N, mut expand: E) -> Solution<S, A, C>
where
    S: Eq + Clone + 't,
    C: Cost + 't,
    N: Fn(u32) -> &'t Node<S, C>,
    E: FnMut(&S, &mut Vec<Successor<S, A, C>>),
{
    let cost = node(link).g;
    let mut states = Vec::new();
    let mut actions = Vec::new();
    let mut buf = Vec::new();
    loop {
        let here = node(link);
        states.push(here.state.clone());
        if here.parent() == ROOT {
            break;
        }
        let parent = node(here.parent());
        buf.clear();
        expand(&parent.state, &mut buf);
        let action =
            buf.drain(..).filter(|s| s.state == here.state).min_by(|a, b| a.cost.total_cmp(&b.cost)).map(|s| s.action);
        match action {
            Some(action) => actions.push(action),
            None => panic!("Problem::expand is not a function of the state: a stored edge disappeared"),
        }
        link = here.parent();
    }
    states.reverse();
    actions.reverse();
    Solution { actions, states, cost }
}

/// The path to node `idx` of a forward search tree over `problem`.
pub(crate) fn forward_solution<P: Problem>(
    problem: &P,
    tree: &Tree<P::State, P::Cost>,
    idx: u32,
) -> Solution<P::State, P::Action, P::Cost> {
    tree.solution(idx, |s, out| problem.expand(s, out))
}

/// Whether `a` is strictly cheaper than `b`.
#[inline]
pub(crate) fn cheaper<C: Cost>(a: C, b: C) -> bool {
    a.total_cmp(&b) == Ordering::Less
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growth_stops_at_the_memory_limit_not_at_an_allocation() {
        let mut tree: Tree<u64, u32> = Tree::new(Some(100_000));
        let mut stored = 0u64;
        let reason = loop {
            match tree.insert(stored, ROOT, 0) {
                Ok(_) => stored += 1,
                Err(reason) => break reason,
            }
        };
        assert_eq!(reason, StopReason::Memory);
        assert!(stored >= 1024, "stored only {stored}");
        assert!(tree.bytes() <= 100_000, "{} bytes", tree.bytes());
    }
}
