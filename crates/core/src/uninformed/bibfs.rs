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
use crate::observe::{Meter, NodeInfo, Observer};
use crate::outcome::{Limits, Outcome, SearchResult, Solution, StopReason};
use crate::problem::{OutcomeOf, Reversible, Successor};
use crate::tree::Tree;
use std::hash::Hash;

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
///     fn is_goal(&self, s: &u8) -> bool { *s == 9 }
///     fn expand(&self, s: &u8, out: &mut Vec<Successor<u8, i8, u32>>) {
///         for a in [1i8, -1] {
///             out.push(Successor { action: a, state: step(*s, a), cost: 1 });
///         }
///     }
/// }
/// fn step(s: u8, a: i8) -> u8 { ((s as i8 + a + 12) % 12) as u8 }
/// impl Reversible for Ring {
///     fn predecessors(&self, s: &u8, out: &mut Vec<Successor<u8, i8, u32>>) {
///         // Position p reaches s with action a when s = p + a.
///         for a in [1i8, -1] {
///             out.push(Successor { action: a, state: step(*s, -a), cost: 1 });
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
    let outcome = run(problem, &mut meter).unwrap_or_else(|reason| Outcome::Stopped { reason, best_so_far: None });
    meter.finish(outcome)
}

fn run<P, O>(problem: &P, meter: &mut Meter<'_, O>) -> Result<OutcomeOf<P>, StopReason>
where
    P: Reversible,
    O: Observer<P::State, P::Cost>,
{
    meter.start::<P::State, P::Cost>("bibfs")?;
    let start = problem.initial_state();
    let start_is_goal = problem.is_goal(&start);
    // Each tree gets the whole memory allowance; both are checked together at every layer.
    let mut fwd: Tree<P::State, P::Action, P::Cost> = Tree::new(meter.memory_limit());
    fwd.insert_root(start)?;
    if start_is_goal {
        return Ok(Outcome::Solved(fwd.solution(0)));
    }
    let mut bwd: Tree<P::State, P::Action, P::Cost> = Tree::new(meter.memory_limit());
    for goal in problem.goal_states() {
        if bwd.find(&goal).is_none() {
            bwd.insert_root(goal)?;
        }
    }
    let mut fwd = Side::new(fwd);
    let mut bwd = Side::new(bwd);
    loop {
        if fwd.layer.is_empty() || bwd.layer.is_empty() {
            return Ok(Outcome::NoSolution);
        }
        meter.memory(fwd.tree.bytes() + bwd.tree.bytes())?;
        let meeting = if fwd.layer.len() <= bwd.layer.len() {
            fwd.advance(&bwd, meter, |s, out| problem.expand(s, out))?
        } else {
            bwd.advance(&fwd, meter, |s, out| problem.predecessors(s, out))?.map(|(b, f)| (f, b))
        };
        if let Some((f, b)) = meeting {
            return Ok(Outcome::Solved(join(&fwd.tree, f, &bwd.tree, b)));
        }
    }
}

/// One direction of the search: its tree and its current layer.
struct Side<S, A, C> {
    tree: Tree<S, A, C>,
    layer: Vec<u32>,
    next: Vec<u32>,
    buf: Vec<Successor<S, A, C>>,
}

impl<S: Clone + Eq + Hash, A: Clone, C: Cost> Side<S, A, C> {
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
            let g = tree.nodes[idx].g;
            if !meter.expanding(NodeInfo { state: &tree.nodes[idx].state, g, h: None, depth: None })? {
                continue;
            }
            buf.clear();
            expand(&tree.nodes[idx].state, buf);
            for succ in buf.drain(..) {
                let g_new = g + succ.cost;
                if !meter.generated(NodeInfo { state: &succ.state, g: g_new, h: None, depth: None })? {
                    continue;
                }
                let (hash, found) = tree.lookup(&succ.state);
                if found.is_some() {
                    continue;
                }
                let meet = other.tree.find(&succ.state);
                let child = tree.insert_hashed(hash, succ.state, node, succ.action, g_new)?;
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
fn join<S: Clone + Eq + Hash, A: Clone, C: Cost>(
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
    ) -> impl Reversible<State = u32, Action = (), Cost = u32> {
        let goal_set = goals.clone();
        let p = FnProblem::new(
            start,
            move |&n: &u32| edges.iter().filter(move |e| e.0 == n).map(|e| (e.1, e.2)),
            move |n: &u32| goal_set.contains(n),
        );
        WithPredecessors::new(p, goals, move |&s: &u32| {
            edges.iter().filter(move |e| e.1 == s).map(move |e| Successor { action: (), state: e.0, cost: e.2 })
        })
    }

    #[test]
    fn directed_edges_are_respected_backwards() {
        // 0 → 1 → 2 → 3 and a reverse-only shortcut 3 → 0 that must not be used.
        static EDGES: [(u32, u32, u32); 4] = [(0, 1, 1), (1, 2, 2), (2, 3, 3), (3, 0, 1)];
        let p = graph(&EDGES, 0, vec![3]);
        let sol = bibfs(&p, &Limits::none(), &mut NoObserver).into_solution().unwrap();
        assert_eq!((sol.states.clone(), sol.actions.len(), sol.cost), (vec![0, 1, 2, 3], 3, 6));
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
