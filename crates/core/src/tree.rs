//! The search tree shared by the graph-search algorithms: an arena of nodes with
//! index-based parent links, plus a hash index over their states that stores only node
//! indices (each state is held once).

use crate::hash::FxBuildHasher;
use crate::outcome::Solution;
use hashbrown::HashTable;
use std::hash::{BuildHasher, Hash};

/// Parent link of the root.
const ROOT: u32 = u32::MAX;

/// One node: a state, how it was reached, and its path cost.
pub(crate) struct Node<S, A, C> {
    pub(crate) state: S,
    pub(crate) parent: u32,
    pub(crate) action: Option<A>,
    pub(crate) g: C,
}

/// Arena of nodes with a state → node index.
pub(crate) struct Tree<S, A, C> {
    pub(crate) nodes: Vec<Node<S, A, C>>,
    index: HashTable<u32>,
    hasher: FxBuildHasher,
}

impl<S: Eq + Hash + Clone, A: Clone, C: Copy> Tree<S, A, C> {
    /// A tree holding only the root.
    pub(crate) fn new(root: S, g: C) -> Self {
        let mut tree = Tree { nodes: Vec::new(), index: HashTable::new(), hasher: FxBuildHasher };
        tree.insert(root, ROOT, None, g);
        tree
    }

    /// A tree with several roots (each at cost `g`), duplicates ignored; bidirectional search
    /// roots its backward tree at every goal state.
    pub(crate) fn with_roots(roots: impl IntoIterator<Item = S>, g: C) -> Self {
        let mut tree = Tree { nodes: Vec::new(), index: HashTable::new(), hasher: FxBuildHasher };
        for root in roots {
            if tree.find(&root).is_none() {
                tree.insert(root, ROOT, None, g);
            }
        }
        tree
    }

    /// The index of the node holding `state`, if any.
    #[inline]
    pub(crate) fn find(&self, state: &S) -> Option<u32> {
        self.lookup(state).1
    }

    /// The hash of `state` and the index of the node holding it, if any; pass the hash to
    /// [`Tree::insert_hashed`] so a new state is hashed once.
    #[inline]
    pub(crate) fn lookup(&self, state: &S) -> (u64, Option<u32>) {
        let hash = self.hasher.hash_one(state);
        (hash, self.index.find(hash, |&i| self.nodes[i as usize].state == *state).copied())
    }

    /// Adds a node for a state not yet in the tree; returns its index.
    #[inline]
    pub(crate) fn insert(&mut self, state: S, parent: u32, action: Option<A>, g: C) -> u32 {
        let hash = self.hasher.hash_one(&state);
        self.insert_hashed(hash, state, parent, action, g)
    }

    /// [`Tree::insert`] with the hash [`Tree::lookup`] already computed.
    #[inline]
    pub(crate) fn insert_hashed(&mut self, hash: u64, state: S, parent: u32, action: Option<A>, g: C) -> u32 {
        let idx = u32::try_from(self.nodes.len()).expect("more than 4 billion nodes");
        let nodes = &self.nodes;
        let hasher = &self.hasher;
        self.index.insert_unique(hash, idx, |&i| hasher.hash_one(&nodes[i as usize].state));
        self.nodes.push(Node { state, parent, action, g });
        idx
    }

    /// The path from the root to node `idx`.
    pub(crate) fn solution(&self, mut idx: u32) -> Solution<S, A, C> {
        let cost = self.nodes[idx as usize].g;
        let mut states = Vec::new();
        let mut actions = Vec::new();
        loop {
            let node = &self.nodes[idx as usize];
            states.push(node.state.clone());
            if node.parent == ROOT {
                break;
            }
            actions.push(node.action.clone().expect("non-root nodes carry their action"));
            idx = node.parent;
        }
        states.reverse();
        actions.reverse();
        Solution { actions, states, cost }
    }
}
