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
//!
//! [`weighted_cycling`] adds FESS's move weights: the caller's *advisor* weighs each move of
//! an expansion against its siblings (FESS: 0 for the few moves advisors recommend, 1 for
//! the rest), a node carries the sum of the weights on its path, and within a cell the
//! lightest node comes first, then the lowest `h`. A move is filed under the cell of the
//! state it leads to (FESS describes filing it under its parent's cell; filing it under its
//! own lets the cycle reach a move's new cell as soon as the move is made).

use crate::best_first::{self, Policy};
use crate::cost::Cost;
use crate::frontier::{Entry, Frontier};
use crate::observe::Observer;
use crate::outcome::{Limits, SearchResult};
use crate::problem::Problem;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// One move of an expansion as the advisor of [`weighted_cycling`] sees it: the child's
/// state, its cell and its heuristic value.
pub struct Move<'a, S, C> {
    /// The state the move leads to.
    pub state: &'a S,
    /// Its cell (the caller's `cell` function).
    pub cell: u64,
    /// Its heuristic value.
    pub h: C,
}

/// A queued node: accumulated weight, then the engine's order.
type Queued<C> = Reverse<(u32, Entry<C>)>;

/// The frontier: one min-heap per non-empty cell, the key of the cell served last, and the
/// children of the node being expanded until the advisor has weighed them.
struct Cells<C, F, A> {
    cell: F,
    advise: A,
    heaps: BTreeMap<u64, BinaryHeap<Queued<C>>>,
    last: Option<u64>,
    /// The cell and accumulated weight of the node popped last (`None` before the first pop).
    parent: Option<(u64, u32)>,
    pending: Vec<(Entry<C>, u64)>,
    len: usize,
}

impl<C: Cost, F, A> Cells<C, F, A> {
    fn file(&mut self, key: u64, weight: u32, entry: Entry<C>) {
        self.heaps.entry(key).or_default().push(Reverse((weight, entry)));
        self.len += 1;
    }
}

impl<S, C, F, A> Frontier<S, C> for Cells<C, F, A>
where
    C: Cost,
    F: Fn(&S) -> u64,
    A: for<'a> FnMut(&'a S, u64, &[Move<'a, S, C>], &mut [u32]),
{
    const CHILDREN: bool = true;

    fn push(&mut self, entry: Entry<C>, state: &S) {
        let cell = (self.cell)(state);
        match self.parent {
            // The start node: nothing to weigh it against.
            None => self.file(cell, 0, entry),
            Some(_) => self.pending.push((entry, cell)),
        }
    }

    /// Weighs the children pushed since the last pop and files them.
    fn children<'s>(&mut self, parent: &'s S, kids: impl Iterator<Item = &'s S>) {
        let (parent_cell, parent_weight) = self.parent.expect("children follow a pop");
        let pending = std::mem::take(&mut self.pending);
        let moves: Vec<Move<'s, S, C>> =
            kids.zip(&pending).map(|(state, &(entry, cell))| Move { state, cell, h: entry.h }).collect();
        let mut weights = vec![0; moves.len()];
        (self.advise)(parent, parent_cell, &moves, &mut weights);
        for (&(entry, cell), w) in pending.iter().zip(weights) {
            self.file(cell, parent_weight.saturating_add(w), entry);
        }
        self.pending = pending;
        self.pending.clear();
    }

    /// The best entry of the next non-empty cell after the last one served (wrapping).
    fn pop(&mut self) -> Option<Entry<C>> {
        let after = self.last.and_then(|k| self.heaps.range(k.checked_add(1)?..).next().map(|(&k, _)| k));
        let key = after.or_else(|| self.heaps.keys().next().copied())?;
        self.last = Some(key);
        let heap = self.heaps.get_mut(&key).expect("the key was just found");
        let Reverse((weight, entry)) = heap.pop().expect("empty cells are removed");
        if heap.is_empty() {
            self.heaps.remove(&key);
        }
        self.len -= 1;
        self.parent = Some((key, weight));
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
    weighted_cycling(
        problem,
        cell,
        |_: &P::State, _, _: &[Move<'_, P::State, P::Cost>], _: &mut [u32]| {},
        limits,
        observer,
    )
}

/// Cell-cycling search with FESS's move weights (see the module documentation): after each
/// expansion `advise(parent, parent's cell, children, weights)` sets the weight of each move (`weights` starts at 0);
/// a node's accumulated weight is its parent's plus its move's, and within a cell the lowest
/// accumulated weight comes first, then the lowest `h`, then the node created first. With
/// weight 0 for the moves an advisor recommends and 1 for the rest, sequences of advised
/// moves are followed before anything else, whatever the heuristic says.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, informed::{Move, weighted_cycling}};
/// // From 10 to 0 with the heuristic luring upwards and one cell: plain cycling is greedy
/// // search and walks up; an advisor that recommends stepping down gets there at once.
/// let p = FnProblem::new(10i32, |&n: &i32| vec![(n + 1, 1u32), (n - 1, 1)], |&n: &i32| n == 0)
///     .with_heuristic(|&n: &i32| (100 - n).unsigned_abs());
/// let down = |&n: &i32, _, moves: &[Move<'_, i32, u32>], w: &mut [u32]| {
///     for (m, w) in moves.iter().zip(w) {
///         *w = u32::from(*m.state > n);
///     }
/// };
/// let limits = Limits::none().max_expanded(20);
/// let out = weighted_cycling(&p, |_: &i32| 0, down, &limits, NoObserver);
/// assert_eq!(out.solution().unwrap().cost, 10);
/// ```
pub fn weighted_cycling<P, F, A, O>(
    problem: &P,
    cell: F,
    advise: A,
    limits: &Limits,
    observer: O,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    F: Fn(&P::State) -> u64,
    A: for<'a> FnMut(&'a P::State, u64, &[Move<'a, P::State, P::Cost>], &mut [u32]),
    O: Observer<P::State, P::Cost>,
{
    // Within a cell: the lowest accumulated weight, then greedy's order (lowest `h`, then
    // the node created first); a closed node is never re-opened.
    let policy = Policy { name: "cycling", priority: |_, h| h, use_heuristic: true, reopen: false };
    let cells = Cells { cell, advise, heaps: BTreeMap::new(), last: None, parent: None, pending: Vec::new(), len: 0 };
    best_first::search_with(problem, limits, observer, policy, cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::informed::greedy;
    use crate::{Event, FnObserver, FnProblem, Observer};

    /// An observer that records the expanded states in order.
    fn recorder(expanded: &mut Vec<i32>) -> impl Observer<i32, u32> + '_ {
        FnObserver(|e: &Event<'_, i32, u32>, _: &_| {
            if let Event::Expand(n) = e {
                expanded.push(*n.state)
            }
        })
    }

    /// The cells take turns: with the heuristic pulling far right, greedy search walks right
    /// only, while cycling alternates between the left and right cells.
    #[test]
    fn cells_take_turns_in_key_order() {
        let p = FnProblem::new(0i32, |&n: &i32| vec![(n - 1, 1u32), (n + 1, 1)], |&n: &i32| n == -3)
            .with_heuristic(|&n: &i32| (100 - n).unsigned_abs());
        let mut expanded = Vec::new();
        let out = cycling(&p, |&n: &i32| u64::from(n > 0), &Limits::none(), recorder(&mut expanded));
        assert_eq!(out.into_solution().expect("solvable").cost, 3);
        assert_eq!(expanded, [0, 1, -1, 2, -2, 3]);
        let lured = greedy(&p, &Limits::none().max_expanded(50), crate::NoObserver);
        assert!(lured.solution().is_none(), "greedy search walks right for its whole budget");
    }

    /// Within a cell the lowest weight goes first: with one cell, plain cycling follows the
    /// luring heuristic like greedy search, while weighting the moves away from the goal 1
    /// walks straight down.
    #[test]
    fn lightest_accumulated_weight_first_within_a_cell() {
        // From 10 to 0; every state also has a free side step to `n + 1000` (weight 0
        // there, but its parent's weight is carried along).
        let p = FnProblem::new(10i32, |&n: &i32| vec![(n + 1, 1u32), (n - 1, 1)], |&n: &i32| n == 0)
            .with_heuristic(|&n: &i32| (100 - n).unsigned_abs());
        let mut expanded = Vec::new();
        let out = weighted_cycling(
            &p,
            |_: &i32| 7,
            |&n: &i32, cell, moves: &[Move<'_, i32, u32>], w: &mut [u32]| {
                assert_eq!(cell, 7, "the parent's cell is passed");
                for (m, w) in moves.iter().zip(w) {
                    *w = if *m.state > n { 1 } else { 0 };
                }
            },
            &Limits::none().max_expanded(50),
            recorder(&mut expanded),
        );
        assert_eq!(out.into_solution().expect("solvable").cost, 10);
        assert_eq!(expanded, (1..=10).rev().collect::<Vec<_>>());
        let lured = cycling(&p, |_: &i32| 7, &Limits::none().max_expanded(50), crate::NoObserver);
        assert!(lured.solution().is_none(), "without weights the search walks up for its whole budget");
    }

    /// Accumulated, not last-move, weight: a weight-0 move after a weight-1 move carries the
    /// 1, so it ties with the other weight-1 node and loses on `h`.
    #[test]
    fn weights_accumulate_along_the_path() {
        // Up from 0: 1 (weight 1, h 5), then 2, 3, … (weight 0, h 9). Down: -1 (weight 0,
        // h 9), -2 (weight 1, h 6), the goal -3 (weight 0).
        let p = FnProblem::new(
            0i32,
            |&n: &i32| match n {
                0 => vec![(1, 1u32), (-1, 1)],
                n if n > 0 => vec![(n + 1, 1)],
                n => vec![(n - 1, 1)],
            },
            |&n: &i32| n == -3,
        )
        .with_heuristic(|&n: &i32| match n {
            1 => 5,
            -2 => 6,
            -3 => 0,
            _ => 9,
        });
        let mut expanded = Vec::new();
        let out = weighted_cycling(
            &p,
            |_: &i32| 0,
            |&n: &i32, _, moves: &[Move<'_, i32, u32>], w: &mut [u32]| {
                for (m, w) in moves.iter().zip(w) {
                    *w = u32::from((n, *m.state) == (0, 1) || (n, *m.state) == (-1, -2));
                }
            },
            &Limits::none().max_expanded(50),
            recorder(&mut expanded),
        );
        assert_eq!(out.into_solution().expect("solvable").cost, 3);
        // By the last move's weight alone, 2 (weight 0) would beat -2 (weight 1).
        assert_eq!(expanded, [0, -1, 1, -2]);
    }
}
