//! The best-first graph-search engine behind uniform-cost search, greedy best-first, A* and
//! weighted A*: written once, parameterised by the priority `f(g, h)`.
//!
//! Tie-break policy (documented for all of them): the lowest priority first; among equal
//! priorities the lowest `h` (so, for A*, the deepest node); then first-in, first-out.
//! The goal test is applied when a node is selected for expansion, which is what makes
//! uniform-cost search and A* optimal.

use crate::cost::{Cost, Ordered};
use crate::observe::{Meter, Observer};
use crate::outcome::{Limits, Outcome, SearchResult};
use crate::problem::Problem;
use crate::tree::Tree;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A frontier entry; the heap pops the "largest", so `Ord` is reversed.
struct Entry<C> {
    f: Ordered<C>,
    h: Ordered<C>,
    g: Ordered<C>,
    seq: u64,
    node: u32,
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
    fn cmp(&self, other: &Self) -> Ordering {
        // Written as nested matches: the `then_with` chain compiled to noticeably slower code
        // on the hot heap path (profiled on grid A*).
        match other.f.cmp(&self.f) {
            Ordering::Equal => match other.h.cmp(&self.h) {
                Ordering::Equal => other.seq.cmp(&self.seq),
                order => order,
            },
            order => order,
        }
    }
}

/// How the engine ranks nodes.
pub(crate) struct Policy<F> {
    /// Priority from (g, h).
    pub(crate) priority: F,
    /// Whether to call the heuristic at all (uniform-cost search does not).
    pub(crate) use_heuristic: bool,
    /// Whether a cheaper path to an already expanded state re-opens it (needed by A* with
    /// an inconsistent heuristic; greedy search never re-opens).
    pub(crate) reopen: bool,
}

/// Runs best-first graph search under `policy`.
pub(crate) fn search<P, O, F>(
    problem: &P,
    limits: &Limits,
    observer: O,
    policy: Policy<F>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
    F: Fn(P::Cost, P::Cost) -> P::Cost,
{
    let mut meter = Meter::new(limits, observer);
    let zero = P::Cost::ZERO;
    let heuristic = |s: &P::State| if policy.use_heuristic { problem.heuristic(s) } else { zero };

    let start = problem.initial_state();
    let h0 = heuristic(&start);
    let mut tree: Tree<P::State, P::Action, P::Cost> = Tree::new(start, zero);
    let mut closed: Vec<bool> = vec![false];
    let mut heap = BinaryHeap::new();
    let mut seq = 0u64;
    heap.push(Entry { f: Ordered((policy.priority)(zero, h0)), h: Ordered(h0), g: Ordered(zero), seq, node: 0 });
    let mut buf = Vec::new();

    while let Some(Entry { g, node, .. }) = heap.pop() {
        let idx = node as usize;
        // Lazy deletion: skip entries superseded by a cheaper path or already expanded.
        if closed[idx] || g.0.total_cmp(&tree.nodes[idx].g) == Ordering::Greater {
            continue;
        }
        if problem.is_goal(&tree.nodes[idx].state) {
            let solution = tree.solution(node);
            return meter.finish(Outcome::Solved(solution));
        }
        if let Err(reason) = meter.expand(&tree.nodes[idx].state) {
            return meter.finish(Outcome::Stopped { reason, best_so_far: None });
        }
        closed[idx] = true;
        let g_here = tree.nodes[idx].g;
        buf.clear();
        problem.expand(&tree.nodes[idx].state, &mut buf);
        for succ in buf.drain(..) {
            meter.generated(&succ.state);
            let g_new = g_here + succ.cost;
            let (hash, found) = tree.lookup(&succ.state);
            let child = match found {
                Some(existing) => {
                    let e = existing as usize;
                    if g_new.total_cmp(&tree.nodes[e].g) != Ordering::Less || (closed[e] && !policy.reopen) {
                        continue;
                    }
                    let n = &mut tree.nodes[e];
                    n.g = g_new;
                    n.parent = node;
                    n.action = Some(succ.action);
                    closed[e] = false;
                    existing
                }
                None => {
                    closed.push(false);
                    tree.insert_hashed(hash, succ.state, node, Some(succ.action), g_new)
                }
            };
            let h = heuristic(&tree.nodes[child as usize].state);
            seq += 1;
            heap.push(Entry {
                f: Ordered((policy.priority)(g_new, h)),
                h: Ordered(h),
                g: Ordered(g_new),
                seq,
                node: child,
            });
        }
        meter.frontier(heap.len());
    }
    meter.finish(Outcome::NoSolution)
}
