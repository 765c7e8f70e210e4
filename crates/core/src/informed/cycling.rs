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

use crate::best_first::{self, Entry, Frontier, Policy};
use crate::cost::Cost;
use crate::observe::Observer;
use crate::outcome::{Limits, SearchResult};
use crate::problem::Problem;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// The frontier: one min-heap per non-empty cell, and the key of the cell served last.
struct Cells<C, F> {
    cell: F,
    heaps: BTreeMap<u64, BinaryHeap<Reverse<Entry<C>>>>,
    last: Option<u64>,
    len: usize,
}

impl<S, C: Cost, F: Fn(&S) -> u64> Frontier<S, C> for Cells<C, F> {
    fn push(&mut self, entry: Entry<C>, state: &S) {
        self.heaps.entry((self.cell)(state)).or_default().push(Reverse(entry));
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

    fn len(&self) -> usize {
        self.len
    }

    fn capacity(&self) -> usize {
        self.len
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
    // Within a cell: greedy's order (lowest `h`, then the node created first); a closed
    // node is never re-opened.
    let policy = Policy { name: "cycling", priority: |_, h| h, use_heuristic: true, reopen: false };
    let cells = Cells { cell, heaps: BTreeMap::new(), last: None, len: 0 };
    best_first::search_with(problem, limits, observer, policy, cells)
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
