//! Cell-cycling best-first search, after the FESS algorithm of Shoham and Schaeffer's
//! Sokoban solver Festival: every generated state falls into a *cell* of a feature space
//! (the caller's `cell` function: for Sokoban, boxes packed, player regions, …), each cell
//! keeps its own frontier ordered by `h`, and the search expands the best state of each
//! non-empty cell in turn. A plain greedy search sinks all its effort into the states that
//! look best on one measure; cycling gives every region of the feature space the same share
//! of expansions, so progress on any feature (opening a passage, packing one more box) is
//! followed up at once even when the heuristic got worse on the way.
//!
//! Cells are visited in increasing key order, wrapping round; a cell created during a round
//! is visited when the turn reaches its key. Within a cell: the lowest `h`, then the node
//! created first. Complete on finite graphs (every frontier entry is eventually popped), not
//! optimal; like greedy search it never re-opens a closed state.

use crate::cost::Cost;
use crate::observe::{Meter, NodeInfo, Observer};
use crate::outcome::{Limits, Outcome, SearchResult, StopReason};
use crate::problem::{OutcomeOf, Problem};
use crate::tree::{Slot, Tree, cheaper, forward_solution};
use std::cmp::{Ordering, Reverse};
use std::collections::{BTreeMap, BinaryHeap};

/// A frontier entry within a cell: by `h`, then node index.
#[derive(Clone, Copy)]
struct Entry<C> {
    h: C,
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
        self.h.total_cmp(&other.h).then(self.node.cmp(&other.node))
    }
}

/// The frontier: one min-heap per non-empty cell, and the key of the cell served last.
struct Cells<C> {
    heaps: BTreeMap<u64, BinaryHeap<Reverse<Entry<C>>>>,
    last: Option<u64>,
    len: usize,
}

impl<C: Cost> Cells<C> {
    fn push(&mut self, cell: u64, entry: Entry<C>) {
        self.heaps.entry(cell).or_default().push(Reverse(entry));
        self.len += 1;
    }

    /// The best entry of the next non-empty cell after the last one served (wrapping).
    fn pop(&mut self) -> Option<Entry<C>> {
        let after = self.last.and_then(|k| self.heaps.range(k.checked_add(1)?..).next().map(|(&k, _)| k));
        let key = after.or_else(|| self.heaps.keys().next().copied())?;
        self.last = Some(key);
        let heap = self.heaps.get_mut(&key).expect("the key was just found");
        let Reverse(entry) = heap.pop().expect("empty cells are removed");
        if heap.is_empty() {
            self.heaps.remove(&key);
        }
        self.len -= 1;
        Some(entry)
    }
}

/// Cell-cycling best-first search (see the module documentation): `cell` maps a state to
/// its feature-space cell.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, informed::cycling};
/// // A line 0..=20 walked from 10 to 0; the heuristic lures towards 20. Cells by sign
/// // of the step from 10 make the search try both directions in turn.
/// let p = FnProblem::new(10i32, |&n: &i32| vec![(n - 1, 1u32), (n + 1, 1)], |&n: &i32| n == 0)
///     .with_heuristic(|&n: &i32| (20 - n).unsigned_abs());
/// let out = cycling(&p, |&n: &i32| u64::from(n < 10), &Limits::none().max_expanded(100), NoObserver);
/// assert_eq!(out.solution().unwrap().cost, 10);
/// ```
pub fn cycling<P, F, O>(
    problem: &P,
    cell: F,
    limits: &Limits,
    observer: O,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    F: Fn(&P::State) -> u64,
    O: Observer<P::State, P::Cost>,
{
    let mut meter = Meter::new(limits, observer);
    let outcome =
        run(problem, &cell, &mut meter).unwrap_or_else(|reason| Outcome::Stopped { reason, best_so_far: None });
    meter.finish(outcome)
}

fn run<P, F, O>(problem: &P, cell: &F, meter: &mut Meter<'_, O>) -> Result<OutcomeOf<P>, StopReason>
where
    P: Problem,
    F: Fn(&P::State) -> u64,
    O: Observer<P::State, P::Cost>,
{
    meter.start::<P::State, P::Cost>("cycling")?;
    let zero = P::Cost::ZERO;
    let start = problem.initial_state();
    let h0 = problem.heuristic(&start);
    let mut cells = Cells { heaps: BTreeMap::new(), last: None, len: 0 };
    cells.push(cell(&start), Entry { h: h0, node: 0 });
    let mut tree: Tree<P::State, P::Cost> = Tree::new(meter.memory_limit());
    tree.insert(start, crate::tree::ROOT, zero)?;
    let mut buf = Vec::new();
    let track_memory = meter.memory_limit().is_some();
    while let Some(Entry { h: h_here, node }) = cells.pop() {
        let idx = node as usize;
        if tree.nodes[idx].is_closed() {
            continue;
        }
        tree.nodes[idx].close();
        let g_here = tree.nodes[idx].g;
        let state = &tree.nodes[idx].state;
        if problem.is_goal(state) {
            return Ok(Outcome::Solved(forward_solution(problem, &tree, node)));
        }
        if !meter.expanding(NodeInfo { state, g: g_here, h: Some(h_here), depth: None })? {
            continue;
        }
        if track_memory {
            let frontier = cells.len * std::mem::size_of::<Entry<P::Cost>>();
            meter.memory(tree.bytes() + frontier as u64)?;
        }
        buf.clear();
        problem.expand(&tree.nodes[idx].state, &mut buf);
        for succ in buf.drain(..) {
            let g_new = g_here + succ.cost;
            if !meter.generated(NodeInfo { state: &succ.state, g: g_new, h: None, depth: None })? {
                continue;
            }
            let child = match tree.entry(succ.state, node, g_new)? {
                Slot::Found(existing) => {
                    let old = &mut tree.nodes[existing as usize];
                    if !cheaper(g_new, old.g) || old.is_closed() {
                        continue;
                    }
                    old.reparent(node, g_new);
                    existing
                }
                Slot::Inserted(child) => child,
            };
            let child_state = &tree.nodes[child as usize].state;
            let h = problem.heuristic_after(&tree.nodes[idx].state, h_here, &succ.action, child_state);
            cells.push(cell(child_state), Entry { h, node: child });
        }
        meter.frontier(cells.len);
    }
    Ok(Outcome::NoSolution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::informed::greedy;
    use crate::{Event, FnObserver, FnProblem};

    /// The cells take turns: with the heuristic pulling far right, greedy search walks right
    /// only, while cycling alternates between the left and right cells.
    #[test]
    fn cells_take_turns_in_key_order() {
        let p = FnProblem::new(0i32, |&n: &i32| vec![(n - 1, 1u32), (n + 1, 1)], |&n: &i32| n == -3)
            .with_heuristic(|&n: &i32| (100 - n).unsigned_abs());
        let mut expanded = Vec::new();
        let out = cycling(
            &p,
            |&n: &i32| u64::from(n > 0),
            &Limits::none(),
            FnObserver(|e: &Event<'_, i32, u32>, _: &_| {
                if let Event::Expand(n) = e {
                    expanded.push(*n.state)
                }
            }),
        );
        assert_eq!(out.into_solution().expect("solvable").cost, 3);
        assert_eq!(expanded, [0, 1, -1, 2, -2, 3]);
        let lured = greedy(&p, &Limits::none().max_expanded(50), crate::NoObserver);
        assert!(lured.solution().is_none(), "greedy search walks right for its whole budget");
    }
}
