//! Breadth-first graph search: finds a path with the fewest actions.

use crate::observe::{Meter, NodeInfo, Observer};
use crate::outcome::{Limits, Outcome, SearchResult, StopReason};
use crate::problem::{OutcomeOf, Problem};
use crate::tree::{Best, Tree};
use std::collections::VecDeque;

/// Breadth-first graph search. The goal test is applied when a state is generated (the
/// classic early test: it cannot change the depth found and saves a whole layer). Successors
/// are queued in the order [`Problem::expand`] yields them; each state is reached once.
/// The reported cost is the summed step cost of the path found, which is the fewest
/// actions, not necessarily the cheapest; where parallel edges lead to a state, the path takes
/// the first one listed, with its action and cost.
///
/// A stopped search hands back, as `best_so_far`, the path to the best node it expanded: the
/// lowest [`Problem::heuristic`], then the lowest `g` (with no heuristic, that is the start).
/// The heuristic is computed once per expanded node for this alone.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, uninformed::bfs};
/// let p = FnProblem::new(1u32, |&n: &u32| vec![(n + 1, 1u32), (n * 3, 1)], |&n: &u32| n == 10);
/// let out = bfs(&p, &Limits::none(), &mut NoObserver);
/// assert_eq!(out.solution().unwrap().states, vec![1, 3, 9, 10]);
/// ```
pub fn bfs<P, O>(problem: &P, limits: &Limits, observer: O) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    let mut meter = Meter::new(limits, observer);
    let mut tree: Tree<P::State, P::Action, P::Cost> = Tree::new(meter.memory_limit());
    let mut best = None;
    let outcome = run(problem, &mut meter, &mut tree, &mut best).unwrap_or_else(|reason| Outcome::Stopped {
        reason,
        best_so_far: best.map(|b: Best<P::Cost>| tree.solution(b.node)),
    });
    meter.finish(outcome)
}

fn run<P, O>(
    problem: &P,
    meter: &mut Meter<'_, O>,
    tree: &mut Tree<P::State, P::Action, P::Cost>,
    best: &mut Option<Best<P::Cost>>,
) -> Result<OutcomeOf<P>, StopReason>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    meter.start::<P::State, P::Cost>("bfs")?;
    let start = problem.initial_state();
    let start_is_goal = problem.is_goal(&start);
    tree.insert_root(start)?;
    if start_is_goal {
        return Ok(Outcome::Solved(tree.solution(0)));
    }
    let mut queue = VecDeque::from([0u32]);
    let mut buf = Vec::new();
    let track_memory = meter.memory_limit().is_some();
    while let Some(node) = queue.pop_front() {
        let idx = node as usize;
        let g = tree.nodes[idx].g;
        // Once the best is at h = 0 and g = 0, no node can beat it: spare the heuristic.
        if !best.is_some_and(|b| b.unbeatable()) {
            Best::offer(best, problem.heuristic(&tree.nodes[idx].state), g, node);
        }
        if !meter.expanding(NodeInfo { state: &tree.nodes[idx].state, g, h: None, depth: None })? {
            continue;
        }
        if track_memory {
            meter.memory(tree.bytes() + (queue.capacity() * 4) as u64)?;
        }
        buf.clear();
        problem.expand(&tree.nodes[idx].state, &mut buf);
        for succ in buf.drain(..) {
            let g_new = g + succ.cost;
            if !meter.generated(NodeInfo { state: &succ.state, g: g_new, h: None, depth: None })? {
                continue;
            }
            let (hash, found) = tree.lookup(&succ.state);
            if found.is_some() {
                continue;
            }
            let goal = problem.is_goal(&succ.state);
            let child = tree.insert_hashed(hash, succ.state, node, succ.action, g_new)?;
            if goal {
                return Ok(Outcome::Solved(tree.solution(child)));
            }
            queue.push_back(child);
        }
        meter.frontier(queue.len());
    }
    Ok(Outcome::NoSolution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NoObserver, Successor};

    /// `a → b` twice: Toll at 5, listed first, then Free at 1.
    struct Tolls;
    impl Problem for Tolls {
        type State = char;
        type Action = &'static str;
        type Cost = u32;
        fn initial_state(&self) -> char {
            'a'
        }
        fn is_goal(&self, s: &char) -> bool {
            *s == 'b'
        }
        fn expand(&self, s: &char, out: &mut Vec<Successor<char, &'static str, u32>>) {
            if *s == 'a' {
                out.push(Successor { action: "toll", state: 'b', cost: 5 });
                out.push(Successor { action: "free", state: 'b', cost: 1 });
            }
        }
    }

    #[test]
    fn a_parallel_edge_reports_the_action_and_cost_followed() {
        let sol = bfs(&Tolls, &Limits::none(), NoObserver).into_solution().expect("solvable");
        assert_eq!((sol.actions, sol.cost), (vec!["toll"], 5));
    }
}
