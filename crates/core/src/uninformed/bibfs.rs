//! Bidirectional breadth-first search: one breadth-first search forward from the initial
//! state, one backward from every goal state, until they meet.
//!
//! Graph search on both sides (each side keeps its own closed set). The problem must be
//! [`Reversible`]. The searches advance one whole layer at a time, always the side whose
//! current layer is smaller (forward on a tie); within a layer, states are expanded first-in,
//! first-out and successors (or predecessors) are taken in the order the problem lists them.
//! A meeting is detected when a side generates a state the other side already holds; because
//! every earlier layer of both sides is complete, the first meeting gives a path with the
//! fewest actions. Like [`bfs`](super::bfs), the reported cost is the summed step cost of
//! that path. The solution is always in forward order: the backward half is read from the
//! meeting state towards the goal, and its actions are the forward actions the predecessors
//! carry.

use crate::cost::Cost;
use crate::observe::{Meter, Observer};
use crate::outcome::{Limits, Outcome, SearchResult, Solution, StopReason};
use crate::problem::{Reversible, Successor};
use crate::tree::Tree;

/// Bidirectional breadth-first graph search: a path with the fewest actions, usually after
/// expanding about the square root of what breadth-first search needs.
///
/// ```
/// use delve_core::{Limits, NoObserver, Problem, Reversible, Successor, uninformed::bibfs};
/// /// A ring of 12 positions; the action is the direction (+1 or -1).
/// struct Ring;
/// impl Problem for Ring {
///     type State = u8;
///     type Action = i8;
///     type Cost = u32;
///     fn initial_state(&self) -> u8 { 0 }
///     fn actions(&self, _: &u8) -> Vec<i8> { vec![1, -1] }
///     fn result(&self, s: &u8, a: &i8) -> u8 { ((*s as i8 + a + 12) % 12) as u8 }
///     fn is_goal(&self, s: &u8) -> bool { *s == 9 }
///     fn step_cost(&self, _: &u8, _: &i8) -> u32 { 1 }
/// }
/// impl Reversible for Ring {
///     fn predecessors(&self, s: &u8, out: &mut Vec<Successor<u8, i8, u32>>) {
///         // Position p reaches s with action a when s = p + a.
///         for a in [1i8, -1] {
///             out.push(Successor { action: a, state: self.result(s, &-a), cost: 1 });
///         }
///     }
///     fn goal_states(&self) -> Vec<u8> { vec![9] }
/// }
/// let sol = bibfs(&Ring, &Limits::none(), &mut NoObserver).into_solution().unwrap();
/// assert_eq!(sol.actions, vec![-1, -1, -1]);
/// assert_eq!(sol.states, vec![0, 11, 10, 9]);
/// ```
pub fn bibfs<P, O>(problem: &P, limits: &Limits, observer: O) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Reversible,
    O: Observer<P::State, P::Cost>,
{
    let mut meter = Meter::new(limits, observer);
    let zero = P::Cost::ZERO;
    let start = problem.initial_state();
    let start_is_goal = problem.is_goal(&start);
    let fwd: Tree<P::State, P::Action, P::Cost> = Tree::new(start, zero);
    if start_is_goal {
        return meter.finish(Outcome::Solved(fwd.solution(0)));
    }
    let bwd: Tree<P::State, P::Action, P::Cost> = Tree::with_roots(problem.goal_states(), zero);
    let mut fwd = Side::new(fwd);
    let mut bwd = Side::new(bwd);
    let outcome = loop {
        if fwd.layer.is_empty() || bwd.layer.is_empty() {
            break Outcome::NoSolution;
        }
        let layer = if fwd.layer.len() <= bwd.layer.len() {
            fwd.advance(&bwd, &mut meter, |s, out| problem.expand(s, out))
                .map(|m| m.map(|(f, b)| join(&fwd.tree, f, &bwd.tree, b)))
        } else {
            bwd.advance(&fwd, &mut meter, |s, out| problem.predecessors(s, out))
                .map(|m| m.map(|(b, f)| join(&fwd.tree, f, &bwd.tree, b)))
        };
        match layer {
            Err(reason) => break Outcome::Stopped { reason, best_so_far: None },
            Ok(Some(solution)) => break Outcome::Solved(solution),
            Ok(None) => {}
        }
    };
    meter.finish(outcome)
}

/// One direction of the search: its tree and its current layer.
struct Side<S, A, C> {
    tree: Tree<S, A, C>,
    layer: Vec<u32>,
    next: Vec<u32>,
    buf: Vec<Successor<S, A, C>>,
}

impl<S: Clone + Eq + std::hash::Hash, A: Clone, C: Cost> Side<S, A, C> {
    /// A side whose first layer is every root of `tree`.
    fn new(tree: Tree<S, A, C>) -> Self {
        let layer = (0..tree.nodes.len() as u32).collect();
        Side { tree, layer, next: Vec::new(), buf: Vec::new() }
    }

    /// Expands the whole current layer, replacing it by the next one. Returns the node indices
    /// (this side, other side) of the first state both trees hold.
    fn advance<O, E>(
        &mut self,
        other: &Side<S, A, C>,
        meter: &mut Meter<'_, O>,
        expand: E,
    ) -> Result<Option<(u32, u32)>, StopReason>
    where
        O: Observer<S, C>,
        E: Fn(&S, &mut Vec<Successor<S, A, C>>),
    {
        let Side { tree, layer, next, buf } = self;
        next.clear();
        for (i, &node) in layer.iter().enumerate() {
            let idx = node as usize;
            meter.expand(&tree.nodes[idx].state)?;
            let g = tree.nodes[idx].g;
            buf.clear();
            expand(&tree.nodes[idx].state, buf);
            for succ in buf.drain(..) {
                meter.generated(&succ.state);
                if tree.find(&succ.state).is_some() {
                    continue;
                }
                let meet = other.tree.find(&succ.state);
                let child = tree.insert(succ.state, node, Some(succ.action), g + succ.cost);
                if let Some(there) = meet {
                    return Ok(Some((child, there)));
                }
                next.push(child);
            }
            meter.frontier(layer.len() - i - 1 + next.len() + other.layer.len());
        }
        std::mem::swap(layer, next);
        Ok(None)
    }
}

/// The forward path to `f` followed by the backward path from `b` (the same state) to a goal.
fn join<S: Clone + Eq + std::hash::Hash, A: Clone, C: Cost>(
    fwd: &Tree<S, A, C>,
    f: u32,
    bwd: &Tree<S, A, C>,
    b: u32,
) -> Solution<S, A, C> {
    let mut solution = fwd.solution(f);
    let back = bwd.solution(b);
    solution.states.extend(back.states.into_iter().rev().skip(1));
    solution.actions.extend(back.actions.into_iter().rev());
    solution.cost = solution.cost + back.cost;
    solution
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FnProblem, NoObserver, Problem, WithPredecessors, uninformed::bfs};

    /// A directed graph given by its edge list, with both adjacency directions.
    fn graph(
        edges: &'static [(u32, u32, u32)],
        start: u32,
        goals: Vec<u32>,
    ) -> impl Reversible<State = u32, Action = u32, Cost = u32> {
        let goal_set = goals.clone();
        let p = FnProblem::new(
            start,
            move |&n: &u32| edges.iter().filter(move |e| e.0 == n).map(|e| (e.1, e.2)),
            move |n: &u32| goal_set.contains(n),
        );
        WithPredecessors::new(p, goals, move |&s: &u32| {
            edges.iter().filter(move |e| e.1 == s).map(move |e| Successor { action: s, state: e.0, cost: e.2 })
        })
    }

    #[test]
    fn directed_edges_are_respected_backwards() {
        // 0 → 1 → 2 → 3 and a reverse-only shortcut 3 → 0 that must not be used.
        static EDGES: [(u32, u32, u32); 4] = [(0, 1, 1), (1, 2, 2), (2, 3, 3), (3, 0, 1)];
        let p = graph(&EDGES, 0, vec![3]);
        let sol = bibfs(&p, &Limits::none(), &mut NoObserver).into_solution().unwrap();
        assert_eq!((sol.states.clone(), sol.actions.clone(), sol.cost), (vec![0, 1, 2, 3], vec![1, 2, 3], 6));
    }

    #[test]
    fn several_goals_and_hop_count_of_bfs() {
        static EDGES: [(u32, u32, u32); 7] =
            [(0, 1, 1), (1, 2, 1), (2, 3, 1), (3, 4, 1), (0, 5, 9), (5, 6, 9), (6, 4, 9)];
        let p = graph(&EDGES, 0, vec![4, 3]);
        let two_way = bibfs(&p, &Limits::none(), &mut NoObserver).into_solution().unwrap();
        let one_way = bfs(&p, &Limits::none(), &mut NoObserver).into_solution().unwrap();
        assert_eq!(two_way.len(), one_way.len());
        assert_eq!(two_way.len(), 3);
        assert!(p.is_goal(two_way.goal()));
    }

    #[test]
    fn no_goal_states_or_no_path_is_no_solution() {
        static EDGES: [(u32, u32, u32); 2] = [(0, 1, 1), (2, 3, 1)];
        assert_eq!(bibfs(&graph(&EDGES, 0, vec![]), &Limits::none(), &mut NoObserver).outcome, Outcome::NoSolution);
        assert_eq!(bibfs(&graph(&EDGES, 0, vec![3]), &Limits::none(), &mut NoObserver).outcome, Outcome::NoSolution);
    }

    #[test]
    fn start_goal_is_an_empty_path() {
        static EDGES: [(u32, u32, u32); 1] = [(0, 1, 1)];
        let sol = bibfs(&graph(&EDGES, 1, vec![1]), &Limits::none(), &mut NoObserver).into_solution().unwrap();
        assert_eq!(sol.states, vec![1]);
    }
}
