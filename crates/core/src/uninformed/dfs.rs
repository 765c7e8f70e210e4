//! Depth-first graph search: follows one path as deep as it goes before backtracking.
//!
//! Graph search: a closed set holds every state ever entered, so each state is entered once
//! and the search terminates on every finite graph. Tie-break: last-in, first-out, with the
//! successors of a state tried in the order [`Problem::expand`] yields them (the first one
//! listed is tried first, exactly as the recursive formulation would). The goal test is
//! applied when a state is entered. Not optimal: the path found is the first one reached.
//! Memory: the closed set plus the current path and its successors; `max_frontier` reports
//! the longest path held.

use crate::depth_first::{DepthFirst, Probe, Pruning};
use crate::hash::FxHashSet;
use crate::observe::{Meter, Observer};
use crate::outcome::{Limits, Outcome, SearchResult};
use crate::problem::Problem;

/// Depth-first graph search (closed set, successors tried in the order they are listed).
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, uninformed::dfs};
/// // 0 → 1 → 3 is tried before 0 → 2, because 1 is listed first.
/// let p = FnProblem::new(0u32, |&n: &u32| match n {
///     0 => vec![(1, 1u32), (2, 1)],
///     1 => vec![(3, 1)],
///     3 => vec![(2, 1)],
///     _ => vec![],
/// }, |&n: &u32| n == 2);
/// let out = dfs(&p, &Limits::none(), &mut NoObserver);
/// assert_eq!(out.solution().unwrap().states, vec![0, 1, 3, 2]);
/// ```
pub fn dfs<P, O>(problem: &P, limits: &Limits, observer: O) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    let mut meter = Meter::new(limits, observer);
    if let Err(reason) = meter.start::<P::State, P::Cost>("dfs") {
        return meter.finish(Outcome::Stopped { reason, best_so_far: None });
    }
    let mut engine = DepthFirst::new();
    let mut pruning = Pruning::Closed(FxHashSet::default());
    let probe =
        engine.probe(problem, &mut meter, problem.initial_state(), &mut pruning, |_, _, _, _| Ok::<_, u64>(None));
    let outcome = match probe {
        Probe::Found => Outcome::Solved(engine.solution()),
        Probe::Stopped(reason) => Outcome::Stopped { reason, best_so_far: None },
        Probe::Exhausted | Probe::Cutoff(_) => Outcome::NoSolution,
    };
    meter.finish(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FnProblem, NoObserver, StopReason};

    #[test]
    fn terminates_on_cycles_and_reports_no_solution() {
        let p = FnProblem::new(0u32, |&n: &u32| vec![((n + 1) % 5, 1u32), ((n + 4) % 5, 1)], |&n: &u32| n == 7);
        let out = dfs(&p, &Limits::none(), &mut NoObserver);
        assert_eq!(out.outcome, Outcome::NoSolution);
        assert_eq!(out.stats.expanded, 5);
        assert_eq!(out.stats.generated, 10);
        assert_eq!(out.stats.max_frontier, 5);
    }

    #[test]
    fn start_goal_is_an_empty_path() {
        let p = FnProblem::new(3u32, |&n: &u32| vec![(n + 1, 1u32)], |&n: &u32| n == 3);
        let sol = dfs(&p, &Limits::none(), &mut NoObserver).into_solution().unwrap();
        assert!(sol.is_empty());
        assert_eq!(sol.cost, 0);
    }

    #[test]
    fn node_budget_stops_an_infinite_line() {
        let p = FnProblem::new(0u64, |&n: &u64| vec![(n + 1, 1u32)], |_: &u64| false);
        let out = dfs(&p, &Limits::none().max_expanded(100), &mut NoObserver);
        assert_eq!(out.outcome, Outcome::Stopped { reason: StopReason::NodeLimit, best_so_far: None });
        assert_eq!(out.stats.expanded, 100);
    }
}
