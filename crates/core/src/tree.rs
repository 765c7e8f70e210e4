//! The node store shared by the graph-search algorithms: an arena of compact nodes (state,
//! parent index, path cost), the action that reached each node in a parallel array, and a hash
//! index over the states that stores only node indices, so each state is held once.
//!
//! The action kept for a node is the one of the edge its parent link and path cost came from,
//! so a solution is read from the store alone (no successor is generated again) and its
//! actions and cost are those of the path the search followed, parallel edges included. A node
//! costs `size_of::<S>() + 4 + size_of::<C>()` bytes (rounded up for alignment) plus
//! `size_of::<A>()` for its action (nothing for `()`, the actions of
//! [`FnProblem`](crate::FnProblem)) plus about 5–10 bytes of index: with a packed `u64` state,
//! `u32` costs and `()` actions, 50 million nodes fit in about 1.2 GB (BENCHMARKS.md, "node
//! store"); a one-byte action adds 50 MB.
//!
//! Growth is checked against the memory limit *before* a buffer grows, so a search stops with
//! [`StopReason::Memory`] instead of failing an allocation; past 2³¹ − 1 nodes it stops with
//! [`StopReason::NodeCapacity`].

use crate::cost::Cost;
use crate::hash::FxBuildHasher;
use crate::outcome::{Solution, StopReason};
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

/// The best node a stopped search hands back the path to (`best_so_far`): the lowest `h`,
/// then the lowest `g`; the first offered among equals.
#[derive(Clone, Copy)]
pub(crate) struct Best<C> {
    /// Its heuristic value.
    pub(crate) h: C,
    /// Its path cost.
    pub(crate) g: C,
    /// Its index in the tree.
    pub(crate) node: u32,
}

/// Whether a node at `(h, g)` is better than one at `(best_h, best_g)` for `best_so_far`:
/// a lower `h`, or the same `h` and a lower `g`.
#[inline]
pub(crate) fn beats<C: Cost>((h, g): (C, C), (best_h, best_g): (C, C)) -> bool {
    h.total_cmp(&best_h).then(g.total_cmp(&best_g)) == Ordering::Less
}

impl<C: Cost> Best<C> {
    /// Keeps `node` in `best` if it beats the one there.
    #[inline]
    pub(crate) fn offer(best: &mut Option<Best<C>>, h: C, g: C, node: u32) {
        if best.is_none_or(|b| beats((h, g), (b.h, b.g))) {
            *best = Some(Best { h, g, node });
        }
    }

    /// Whether no node with a non-negative `h` and `g` can beat this one.
    pub(crate) fn unbeatable(&self) -> bool {
        self.h == C::ZERO && self.g == C::ZERO
    }
}

/// Arena of nodes with a state → node index.
pub(crate) struct Tree<S, A, C> {
    pub(crate) nodes: Vec<Node<S, C>>,
    /// The action that reached each node after the roots: node `i`'s is `actions[i - roots]`.
    actions: Vec<A>,
    /// How many roots the tree has; they are the first nodes.
    roots: u32,
    index: HashTable<u32>,
    hasher: FxBuildHasher,
    /// Bytes the arena, the actions and the index may use, if limited.
    memory_limit: Option<u64>,
}

/// Bytes one slot of the index takes: a `u32` plus hashbrown's control byte.
const INDEX_SLOT: u64 = 5;

impl<S: Eq + Hash + Clone, A: Clone, C: Cost> Tree<S, A, C> {
    /// An empty tree whose storage stays within `memory_limit` bytes.
    pub(crate) fn new(memory_limit: Option<u64>) -> Self {
        Tree {
            nodes: Vec::new(),
            actions: Vec::new(),
            roots: 0,
            index: HashTable::new(),
            hasher: FxBuildHasher,
            memory_limit,
        }
    }

    /// Bytes held by the arena, the actions and the index now.
    pub(crate) fn bytes(&self) -> u64 {
        let nodes = self.nodes.capacity() as u64 * std::mem::size_of::<Node<S, C>>() as u64;
        let actions = self.actions.capacity() as u64 * std::mem::size_of::<A>() as u64;
        let slots =
            if self.index.capacity() == 0 { 0 } else { (self.index.capacity() as u64 * 8 / 7).next_power_of_two() };
        nodes + actions + slots * INDEX_SLOT
    }

    /// The action that reached node `idx` (not a root).
    #[inline]
    pub(crate) fn action(&self, idx: u32) -> &A {
        &self.actions[(idx - self.roots) as usize]
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

    /// Adds a node for a state not yet in the tree (hashed by [`Tree::lookup`]), reached from
    /// node `parent` by `action` at path cost `g`; returns its index, or why it cannot be
    /// stored.
    #[inline]
    pub(crate) fn insert_hashed(
        &mut self,
        hash: u64,
        state: S,
        parent: u32,
        action: A,
        g: C,
    ) -> Result<u32, StopReason> {
        let idx = self.push_index(hash, state, parent, g)?;
        self.actions.push(action);
        Ok(idx)
    }

    /// Adds a root (a node with an empty path, at cost zero) for a state not yet in the tree.
    /// Roots come before every other node.
    pub(crate) fn insert_root(&mut self, state: S) -> Result<u32, StopReason> {
        assert_eq!(self.roots as usize, self.nodes.len(), "roots are stored before other nodes");
        let hash = self.hasher.hash_one(&state);
        let idx = self.push_index(hash, state, ROOT, C::ZERO)?;
        self.roots += 1;
        Ok(idx)
    }

    /// Indexes and stores a node for a new state.
    #[inline(always)]
    fn push_index(&mut self, hash: u64, state: S, link: u32, g: C) -> Result<u32, StopReason> {
        let len = self.nodes.len();
        if len == self.nodes.capacity() {
            self.grow()?;
        }
        // `grow` never lets the arena pass ROOT nodes, so the index fits.
        let idx = len as u32;
        let nodes = &self.nodes;
        let hasher = &self.hasher;
        self.index.insert_unique(hash, idx, |&i| hasher.hash_one(&nodes[i as usize].state));
        self.nodes.push(Node { state, link, g });
        Ok(idx)
    }

    /// Offers `state` reached from node `parent` by `action` at path cost `g`: the index of its
    /// node when it is new, or stored at a dearer cost (the node then takes this parent, action
    /// and cost, re-opened; an expanded node only if `reopen`), else `None`. A root keeps its
    /// empty path. The step every graph search makes with each successor: one hash and one
    /// probe of the index.
    #[inline(always)]
    pub(crate) fn relax(
        &mut self,
        state: S,
        parent: u32,
        action: A,
        g: C,
        reopen: bool,
    ) -> Result<Option<u32>, StopReason> {
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
            hashbrown::hash_table::Entry::Occupied(found) => {
                let existing = *found.get();
                let old = &mut self.nodes[existing as usize];
                if !cheaper(g, old.g) || (old.is_closed() && !reopen) || existing < self.roots {
                    return Ok(None);
                }
                old.reparent(parent, g);
                self.actions[(existing - self.roots) as usize] = action;
                Ok(Some(existing))
            }
            hashbrown::hash_table::Entry::Vacant(vacant) => {
                let idx = len as u32;
                vacant.insert(idx);
                self.nodes.push(Node { state, link: parent, g });
                self.actions.push(action);
                Ok(Some(idx))
            }
        }
    }

    /// Makes room for at least one more node in the arena, the actions and the index together
    /// (doubling, as the standard collections do), unless that would pass the memory limit or
    /// the [`ROOT`] − 1 nodes a link can address. The actions and the index are always grown
    /// with the arena, so checking the arena's capacity alone is enough on insertion.
    #[cold]
    fn grow(&mut self) -> Result<(), StopReason> {
        let len = self.nodes.len();
        if len >= ROOT as usize {
            return Err(StopReason::NodeCapacity);
        }
        let want = (len * 2).clamp(64, ROOT as usize);
        if let Some(limit) = self.memory_limit {
            let node = (std::mem::size_of::<Node<S, C>>() + std::mem::size_of::<A>()) as u64;
            let slots = (want as u64 * 8 / 7).next_power_of_two();
            if want as u64 * node + slots * INDEX_SLOT > limit {
                return Err(StopReason::Memory);
            }
        }
        self.nodes.reserve_exact(want - len);
        self.actions.reserve_exact(want - len);
        let nodes = &self.nodes;
        let hasher = &self.hasher;
        self.index.reserve(want - len, |&i| hasher.hash_one(&nodes[i as usize].state));
        Ok(())
    }

    /// The path from a root to node `idx`, as stored.
    pub(crate) fn solution(&self, idx: u32) -> Solution<S, A, C> {
        trace(idx, |link| &self.nodes[link as usize], |link| self.action(link))
    }
}

/// The path from a root to the node linked as `link`, where `node` and `action` find the node
/// a link names and the action that reached it (an index into one tree, or an id across the
/// trees of parallel searches).
pub(crate) fn trace<'t, S, A, C, N, F>(mut link: u32, node: N, action: F) -> Solution<S, A, C>
where
    S: Clone + 't,
    A: Clone + 't,
    C: Cost + 't,
    N: Fn(u32) -> &'t Node<S, C>,
    F: Fn(u32) -> &'t A,
{
    let cost = node(link).g;
    let mut states = Vec::new();
    let mut actions = Vec::new();
    loop {
        let here = node(link);
        states.push(here.state.clone());
        if here.parent() == ROOT {
            break;
        }
        actions.push(action(link).clone());
        link = here.parent();
    }
    states.reverse();
    actions.reverse();
    Solution { actions, states, cost }
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
        let mut tree: Tree<u64, u8, u32> = Tree::new(Some(100_000));
        tree.insert_root(0).expect("room for a root");
        let mut stored = 1u64;
        let reason = loop {
            let (hash, _) = tree.lookup(&stored);
            match tree.insert_hashed(hash, stored, 0, 1, 1) {
                Ok(_) => stored += 1,
                Err(reason) => break reason,
            }
        };
        assert_eq!(reason, StopReason::Memory);
        assert!(stored >= 1024, "stored only {stored}");
        assert!(tree.bytes() <= 100_000, "{} bytes", tree.bytes());
    }

    #[test]
    fn a_cheaper_edge_replaces_the_parent_the_action_and_the_cost() {
        let mut tree: Tree<char, &str, u32> = Tree::new(None);
        let root = tree.insert_root('a').unwrap();
        let b = tree.relax('b', root, "toll", 5, true).unwrap().expect("new");
        assert_eq!(tree.relax('b', root, "dearer", 7, true).unwrap(), None);
        assert_eq!(tree.relax('b', root, "free", 1, true).unwrap(), Some(b));
        let sol = tree.solution(b);
        assert_eq!((sol.states, sol.actions, sol.cost), (vec!['a', 'b'], vec!["free"], 1));
    }

    #[test]
    fn a_root_keeps_its_empty_path() {
        // A negative step back into the root would otherwise make a cycle of parent links.
        let mut tree: Tree<char, &str, i32> = Tree::new(None);
        let root = tree.insert_root('a').unwrap();
        let b = tree.relax('b', root, "there", 1, true).unwrap().expect("new");
        assert_eq!(tree.relax('a', b, "back", -5, true).unwrap(), None);
        let sol = tree.solution(b);
        assert_eq!((sol.states, sol.actions, sol.cost), (vec!['a', 'b'], vec!["there"], 1));
    }
}
