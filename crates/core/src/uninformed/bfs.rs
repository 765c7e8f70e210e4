//! Breadth-first graph search: finds a path with the fewest actions.

use crate::cost::Cost;
use crate::observe::{Meter, Observer};
use crate::outcome::{Limits, Outcome, SearchResult};
use crate::problem::Problem;
use crate::tree::Tree;
use std::collections::VecDeque;

/// Breadth-first graph search. The goal test is applied when a state is generated (the
/// classic early test: it cannot change the depth found and saves a whole layer). Successors
/// are queued in the order [`Problem::expand`] yields them; each state is reached once.
/// The reported cost is the summed step cost of the path found, which is the fewest
/// actions, not necessarily the cheapest.
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
    let start = problem.initial_state();
    let start_is_goal = problem.is_goal(&start);
    let mut tree: Tree<P::State, P::Action, P::Cost> = Tree::new(start, P::Cost::ZERO);
    if start_is_goal {
        return meter.finish(Outcome::Solved(tree.solution(0)));
    }
    let mut queue = VecDeque::from([0u32]);
    let mut buf = Vec::new();
    while let Some(node) = queue.pop_front() {
        let idx = node as usize;
        if let Err(reason) = meter.expand(&tree.nodes[idx].state) {
            return meter.finish(Outcome::Stopped { reason, best_so_far: None });
        }
        let g = tree.nodes[idx].g;
        buf.clear();
        problem.expand(&tree.nodes[idx].state, &mut buf);
        for succ in buf.drain(..) {
            meter.generated(&succ.state);
            let (hash, found) = tree.lookup(&succ.state);
            if found.is_some() {
                continue;
            }
            let goal = problem.is_goal(&succ.state);
            let child = tree.insert_hashed(hash, succ.state, node, Some(succ.action), g + succ.cost);
            if goal {
                return meter.finish(Outcome::Solved(tree.solution(child)));
            }
            queue.push_back(child);
        }
        meter.frontier(queue.len());
    }
    meter.finish(Outcome::NoSolution)
}
