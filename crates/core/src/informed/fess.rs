//! FESS as Festival runs it (Shoham and Schaeffer's Sokoban solver): a search over *moves*
//! that wait in the cells of a feature space, served in turns that alternate between a cycle
//! over the cells and the cell of the best position found so far.
//!
//! [`weighted_cycling`](super::weighted_cycling) is the same idea on core's best-first
//! engine: states filed in their own cells, one entry per state, cells served in key order.
//! Festival's own search differs in ways that change which solution it finds, and this module
//! keeps them:
//!
//! - **Moves wait, not positions.** Expanding a position scores each of its moves (the
//!   [`Score`](FessProblem::Score) of the position it leads to) and files them all in one
//!   cell: the cell of the best score on the path to the position expanded (its *past*), not
//!   of the position a move leads to. A position is made only when its move is taken, and a
//!   move to a position already expanded is dropped then: the same position may wait behind
//!   several moves, with different weights and in different cells.
//! - **Turns.** Odd turns serve the next cell of a cycle over the cells in the order they
//!   were created; a new cell is served next. Even turns serve the cell of the best position
//!   expanded (the least past; the first of equals). A turn on an empty cell is lost.
//! - **Within a cell,** the lightest move first (the advisors' weights summed along the
//!   path: 0 for a move they recommend, 1 for the rest), then the one leading to the best
//!   score, then the one filed first.
//!
//! A problem may have several roots. The search ends at the first position it makes that is
//! a goal; it is complete on finite spaces, and not optimal.

use crate::hash::{FxHashMap, FxHashSet};
use crate::observe::{Meter, NodeInfo, Observer};
use crate::outcome::{Limits, Outcome, SearchResult, Solution, StopReason};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;

/// One move of an expansion: the action, the score of the position it leads to, and its
/// weight (0 for a move the advisors recommend, 1 for the rest).
#[derive(Clone, Debug)]
pub struct Step<A, K> {
    /// The move.
    pub action: A,
    /// The score of the position it leads to (the lower, the better).
    pub score: K,
    /// Its weight, added to the weight of the path before it.
    pub weight: u32,
}

/// A search space as [`fess`] sees it (AIMA's `Problem`, with FESS's scores and cells).
pub trait FessProblem {
    /// A position; positions are expanded at most once.
    type State: Clone + Eq + Hash;
    /// A move.
    type Action: Clone;
    /// How good a position is, the least the best; it orders the moves of a cell after their
    /// weight, and picks the best position.
    type Score: Ord + Copy;
    /// A cell of the feature space.
    type Cell: Eq + Hash + Copy;

    /// The positions the search starts from, each with its score.
    fn roots(&self) -> Vec<(Self::State, Self::Score)>;
    /// The cell of a position whose path's best score is `past`.
    fn cell(&self, past: &Self::Score) -> Self::Cell;
    /// The moves of `state` (whose score is `score`), each scored and weighed, into `out`.
    fn expand(&self, state: &Self::State, score: &Self::Score, out: &mut Vec<Step<Self::Action, Self::Score>>);
    /// The position `action` leads to from `state`.
    fn play(&self, state: &Self::State, action: &Self::Action) -> Self::State;
    /// Whether the position is a goal.
    fn is_goal(&self, state: &Self::State, score: &Self::Score) -> bool;
}

/// A position made, and how.
struct Node<S, A, K> {
    state: S,
    parent: u32,
    action: Option<A>,
    /// The weights summed along the path.
    weight: u32,
    /// The best score on the path, this position's included.
    past: K,
}

/// A move waiting in a cell: from which position, and its score.
struct Waiting<A, K> {
    parent: u32,
    action: A,
    score: K,
}

/// A cell's waiting moves: (summed weight, score, index of the move), the least first.
type Queue<K> = BinaryHeap<Reverse<(u32, K, u32)>>;

/// The positions, the cells and the moves waiting in them.
struct Tree<P: FessProblem> {
    nodes: Vec<Node<P::State, P::Action, P::Score>>,
    expanded: FxHashSet<P::State>,
    waiting: Vec<Waiting<P::Action, P::Score>>,
    cell_index: FxHashMap<P::Cell, usize>,
    /// Per cell, its waiting moves.
    queues: Vec<Queue<P::Score>>,
    queued: usize,
    /// The cell the cycle serves next.
    next: usize,
    /// The best position expanded.
    best: usize,
    steps: Vec<Step<P::Action, P::Score>>,
}

impl<P: FessProblem> Tree<P> {
    /// The index of `cell`, a new cell (served next) when it has none yet.
    fn cell(&mut self, cell: P::Cell) -> usize {
        match self.cell_index.get(&cell) {
            Some(&c) => c,
            None => {
                let c = self.queues.len();
                self.cell_index.insert(cell, c);
                self.queues.push(BinaryHeap::new());
                self.next = c;
                c
            }
        }
    }

    /// Expands `node` (its own score `score`): files its moves in its past's cell. Stops when
    /// the meter says so.
    fn expand<O: Observer<P::State, u32>>(
        &mut self,
        problem: &P,
        meter: &mut Meter<'_, O>,
        node: Node<P::State, P::Action, P::Score>,
        score: &P::Score,
    ) -> Result<(), StopReason> {
        let id = self.nodes.len();
        self.expanded.insert(node.state.clone());
        let info = NodeInfo { state: &node.state, g: 0, h: None, depth: None };
        if meter.expanding(info)? {
            let mut steps = std::mem::take(&mut self.steps);
            steps.clear();
            problem.expand(&node.state, score, &mut steps);
            meter.generated_many(steps.len() as u64);
            let c = self.cell(problem.cell(&node.past));
            for step in steps.drain(..) {
                let entry = (node.weight.saturating_add(step.weight), step.score, self.waiting.len() as u32);
                self.waiting.push(Waiting { parent: id as u32, action: step.action, score: step.score });
                self.queues[c].push(Reverse(entry));
                self.queued += 1;
            }
            self.steps = steps;
        }
        if self.nodes.get(self.best).is_none_or(|b| node.past < b.past) {
            self.best = id;
        }
        self.nodes.push(node);
        meter.frontier(self.queued);
        Ok(())
    }

    /// The next move of cell `c` to a position not expanded yet: the move's index, its
    /// summed weight and the position.
    fn take(&mut self, problem: &P, c: usize) -> Option<(u32, u32, P::State)> {
        while let Some(Reverse((weight, _, w))) = self.queues[c].pop() {
            self.queued -= 1;
            let m = &self.waiting[w as usize];
            let state = problem.play(&self.nodes[m.parent as usize].state, &m.action);
            if !self.expanded.contains(&state) {
                return Some((w, weight, state));
            }
        }
        None
    }

    /// The path from a root to node `id`.
    fn solution(&self, mut id: usize) -> Solution<P::State, P::Action, u32> {
        let (mut states, mut actions) = (Vec::new(), Vec::new());
        loop {
            let node = &self.nodes[id];
            states.push(node.state.clone());
            match &node.action {
                Some(action) => actions.push(action.clone()),
                None => break,
            }
            id = node.parent as usize;
        }
        states.reverse();
        actions.reverse();
        Solution { cost: actions.len() as u32, actions, states }
    }
}

/// Festival's FESS search (see the module documentation). The cost of a solution is its
/// number of moves; `stats.max_frontier` is the most moves waiting at once.
///
/// ```
/// use delve_core::{Limits, NoObserver, informed::{FessProblem, Step, fess}};
/// // From 10 down to 0 on a line, scored by the distance left; cells by tens.
/// struct Line;
/// impl FessProblem for Line {
///     type State = i32;
///     type Action = i32;
///     type Score = u32;
///     type Cell = u32;
///     fn roots(&self) -> Vec<(i32, u32)> { vec![(10, 10)] }
///     fn cell(&self, past: &u32) -> u32 { past / 10 }
///     fn expand(&self, &n: &i32, _: &u32, out: &mut Vec<Step<i32, u32>>) {
///         for step in [-1, 1] {
///             out.push(Step { action: step, score: (n + step).unsigned_abs(), weight: 0 });
///         }
///     }
///     fn play(&self, &n: &i32, &step: &i32) -> i32 { n + step }
///     fn is_goal(&self, &n: &i32, _: &u32) -> bool { n == 0 }
/// }
/// let out = fess(&Line, &Limits::none(), NoObserver);
/// assert_eq!(out.solution().unwrap().actions, vec![-1; 10]);
/// ```
pub fn fess<P, O>(problem: &P, limits: &Limits, observer: O) -> SearchResult<P::State, P::Action, u32>
where
    P: FessProblem,
    O: Observer<P::State, u32>,
{
    let mut meter = Meter::new(limits, observer);
    let outcome = run(problem, &mut meter).unwrap_or_else(|reason| Outcome::Stopped { reason, best_so_far: None });
    meter.finish(outcome)
}

fn run<P, O>(problem: &P, meter: &mut Meter<'_, O>) -> Result<Outcome<P::State, P::Action, u32>, StopReason>
where
    P: FessProblem,
    O: Observer<P::State, u32>,
{
    meter.start::<P::State, u32>("fess")?;
    let mut tree: Tree<P> = Tree {
        nodes: Vec::new(),
        expanded: FxHashSet::default(),
        waiting: Vec::new(),
        cell_index: FxHashMap::default(),
        queues: Vec::new(),
        queued: 0,
        next: 0,
        best: 0,
        steps: Vec::new(),
    };
    for (state, score) in problem.roots() {
        if problem.is_goal(&state, &score) {
            tree.nodes.push(Node { state, parent: u32::MAX, action: None, weight: 0, past: score });
            return Ok(Outcome::Solved(tree.solution(tree.nodes.len() - 1)));
        }
        let root = Node { state, parent: u32::MAX, action: None, weight: 0, past: score };
        tree.expand(problem, meter, root, &score)?;
    }
    let mut turn = 0u64;
    while tree.queued > 0 {
        // Festival's turns: the next cell of the cycle, then the best position's cell.
        turn += 1;
        let c = if turn % 2 == 1 {
            let c = tree.next % tree.queues.len();
            tree.next = c + 1;
            c
        } else {
            tree.cell_index[&problem.cell(&tree.nodes[tree.best].past)]
        };
        let Some((w, weight, state)) = tree.take(problem, c) else { continue };
        let m = &tree.waiting[w as usize];
        let (parent, score) = (m.parent, m.score);
        let node = Node {
            state,
            parent,
            action: Some(m.action.clone()),
            weight,
            past: tree.nodes[parent as usize].past.min(score),
        };
        if problem.is_goal(&node.state, &score) {
            tree.nodes.push(node);
            return Ok(Outcome::Solved(tree.solution(tree.nodes.len() - 1)));
        }
        tree.expand(problem, meter, node, &score)?;
    }
    Ok(Outcome::NoSolution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Event, FnObserver};

    /// A line from 0 to 20 walked to 0, scored by a lure towards 20, with a hand-picked
    /// cell per score: the record of expanded positions shows the turns.
    struct Lured {
        /// Weight 1 for a move upwards.
        advise_down: bool,
    }

    impl FessProblem for Lured {
        type State = i32;
        type Action = i32;
        type Score = u32;
        type Cell = bool;
        fn roots(&self) -> Vec<(i32, u32)> {
            vec![(5, 15)]
        }
        /// Two cells: scores under 15 (past the start upwards) and the rest.
        fn cell(&self, past: &u32) -> bool {
            *past < 15
        }
        fn expand(&self, &n: &i32, _: &u32, out: &mut Vec<Step<i32, u32>>) {
            for step in [1, -1] {
                if (0..=20).contains(&(n + step)) {
                    let weight = u32::from(self.advise_down && step > 0);
                    out.push(Step { action: step, score: (20 - (n + step)).unsigned_abs(), weight });
                }
            }
        }
        fn play(&self, &n: &i32, &step: &i32) -> i32 {
            n + step
        }
        fn is_goal(&self, &n: &i32, _: &u32) -> bool {
            n == 0
        }
    }

    /// The search's solution, if any, and the positions it expanded, in order.
    #[allow(clippy::type_complexity)]
    fn expanded<P: FessProblem>(
        problem: &P,
        limits: &Limits,
    ) -> (Option<Solution<P::State, P::Action, u32>>, Vec<P::State>) {
        let mut seen = Vec::new();
        let watch = FnObserver(|e: &Event<'_, P::State, u32>, _: &_| {
            if let Event::Expand(n) = e {
                seen.push(n.state.clone());
            }
        });
        let out = fess(problem, limits, watch);
        (out.into_solution(), seen)
    }

    /// The lure leads: 6 opens a new cell, served next, and the best position's cell gets
    /// every other turn; the cycle comes back to the first cell on the fifth turn and takes
    /// its one move down, 4.
    #[test]
    fn turns_alternate_between_the_cycle_and_the_best_cell() {
        let (solution, seen) = expanded(&Lured { advise_down: false }, &Limits::none().max_expanded(8));
        assert!(solution.is_none());
        assert_eq!(seen, [5, 6, 7, 8, 9, 4, 10, 11]);
    }

    /// Weights come first within a cell: advised downward moves are taken before the lure.
    #[test]
    fn the_lightest_move_first() {
        let (solution, seen) = expanded(&Lured { advise_down: true }, &Limits::none());
        assert_eq!(solution.map(|s| s.cost), Some(5));
        assert_eq!(seen, [5, 4, 3, 2, 1]);
    }

    /// A move to a position already expanded is dropped when it is taken, not when it is
    /// filed: both 1 → 2 and 3 → 2 wait, 2 is expanded once, and the move 3 → 2 is dropped
    /// before 4 is taken.
    #[test]
    fn positions_are_expanded_once() {
        struct Diamond;
        impl FessProblem for Diamond {
            type State = u8;
            type Action = u8;
            type Score = u8;
            type Cell = u8;
            fn roots(&self) -> Vec<(u8, u8)> {
                vec![(0, 9)]
            }
            fn cell(&self, _: &u8) -> u8 {
                0
            }
            fn expand(&self, &n: &u8, _: &u8, out: &mut Vec<Step<u8, u8>>) {
                let to: &[u8] = match n {
                    0 => &[1, 3],
                    1 | 3 => &[2],
                    2 => &[4],
                    _ => &[],
                };
                let score = |t: u8| [0, 6, 8, 7, 9][usize::from(t)];
                out.extend(to.iter().map(|&t| Step { action: t, score: score(t), weight: 0 }));
            }
            fn play(&self, _: &u8, &to: &u8) -> u8 {
                to
            }
            fn is_goal(&self, &n: &u8, _: &u8) -> bool {
                n == 4
            }
        }
        let (solution, seen) = expanded(&Diamond, &Limits::none());
        assert_eq!((solution.expect("a path").states, seen), (vec![0, 1, 2, 4], vec![0, 1, 3, 2]));
        let out = fess(&Diamond, &Limits::none(), crate::NoObserver);
        assert_eq!(out.stats.generated, 5, "0's two moves, 1's, 3's and 2's");
    }
}
