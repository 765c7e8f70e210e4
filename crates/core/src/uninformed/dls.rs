//! Depth-limited search: depth-first tree search that never follows a path of more than
//! `depth_limit` actions.
//!
//! Tree search: no closed set; a successor already on the current path is skipped (cycle
//! check), so memory stays `O(b·d)`. Tie-break: successors are tried in the order
//! [`Problem::expand`] yields them. A node deeper than the limit is cut off *before* the goal
//! test, so the limit bounds the solution length exactly: `depth_limit = 0` only tests the
//! initial state. Nodes at the limit are expanded so that a cut-off is reported only when a
//! longer path really exists.

use crate::depth_first::{DepthFirst, Probe, Pruning};
use crate::observe::{Meter, Observer};
use crate::outcome::{Limits, Outcome, SearchResult};
use crate::problem::Problem;

/// A depth-limited search result together with whether the limit cut off any path.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthLimited<S, A, C> {
    /// The search result. [`Outcome::NoSolution`] means no goal within the depth limit.
    pub result: SearchResult<S, A, C>,
    /// True when some path was cut off at the limit: a deeper search might still succeed.
    /// False with [`Outcome::NoSolution`] means the whole space was exhausted (failure).
    pub cutoff: bool,
}

/// Depth-limited tree search (path cycle check). [`Outcome::NoSolution`] means no path of at
/// most `depth_limit` actions reaches a goal; use [`dls_with_cutoff`] to tell a cut-off from a
/// genuine failure.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, uninformed::dls};
/// let p = FnProblem::new(0u32, |&n: &u32| vec![(n + 1, 1u32), (n + 2, 1)], |&n: &u32| n == 5);
/// assert!(!dls(&p, 2, &Limits::none(), &mut NoObserver).is_solved());
/// let out = dls(&p, 3, &Limits::none(), &mut NoObserver);
/// // The first path of at most 3 actions in depth-first order (+1 is listed before +2).
/// assert_eq!(out.solution().unwrap().states, vec![0, 1, 3, 5]);
/// ```
pub fn dls<P, O>(
    problem: &P,
    depth_limit: usize,
    limits: &Limits,
    observer: O,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    dls_with_cutoff(problem, depth_limit, limits, observer).result
}

/// Depth-limited tree search that also reports whether the limit cut off any path
/// (AIMA's *cutoff* versus *failure*).
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, Outcome, uninformed::dls_with_cutoff};
/// // A chain 0 → 1 → 2 → 3 with no goal.
/// let p = FnProblem::new(0u32, |&n: &u32| if n < 3 { vec![(n + 1, 1u32)] } else { vec![] }, |_: &u32| false);
/// let short = dls_with_cutoff(&p, 2, &Limits::none(), &mut NoObserver);
/// assert_eq!((short.result.outcome, short.cutoff), (Outcome::NoSolution, true));
/// let long = dls_with_cutoff(&p, 3, &Limits::none(), &mut NoObserver);
/// assert_eq!((long.result.outcome, long.cutoff), (Outcome::NoSolution, false));
/// ```
pub fn dls_with_cutoff<P, O>(
    problem: &P,
    depth_limit: usize,
    limits: &Limits,
    observer: O,
) -> DepthLimited<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    let mut meter = Meter::new(limits, observer);
    let mut engine = DepthFirst::new();
    if let Err(reason) = meter.start::<P::State, P::Cost>("dls") {
        return DepthLimited { result: meter.finish(Outcome::Stopped { reason, best_so_far: None }), cutoff: false };
    }
    let (outcome, cutoff) = match probe(problem, &mut meter, &mut engine, depth_limit) {
        Probe::Found => (Outcome::Solved(engine.solution()), false),
        Probe::Exhausted => (Outcome::NoSolution, false),
        Probe::Cutoff(_) => (Outcome::NoSolution, true),
        Probe::Stopped(reason) => (Outcome::Stopped { reason, best_so_far: None }, false),
    };
    DepthLimited { result: meter.finish(outcome), cutoff }
}

/// One depth-limited probe on a shared meter and engine (also used by iterative deepening).
pub(crate) fn probe<P, O>(
    problem: &P,
    meter: &mut Meter<'_, O>,
    engine: &mut DepthFirst<P::State, P::Action, P::Cost>,
    depth_limit: usize,
) -> Probe<u64>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    engine.probe(problem, meter, problem.initial_state(), &mut Pruning::Path, |depth, _, _, _| {
        if depth > depth_limit { Err(depth as u64) } else { Ok(None) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FnProblem, NoObserver};

    #[test]
    fn limit_zero_tests_only_the_start() {
        let p = FnProblem::new(0u32, |&n: &u32| vec![(n + 1, 1u32)], |&n: &u32| n == 1);
        let r = dls_with_cutoff(&p, 0, &Limits::none(), &mut NoObserver);
        assert_eq!((r.result.outcome, r.cutoff), (Outcome::NoSolution, true));
        assert!(dls(&p, 1, &Limits::none(), &mut NoObserver).is_solved());
    }

    #[test]
    fn cycles_on_the_path_are_skipped() {
        // 0 ↔ 1 ↔ 2, goal 3 unreachable: without the cycle check this would never be exhausted.
        let p = FnProblem::new(
            0u32,
            |&n: &u32| match n {
                0 => vec![(1, 1u32)],
                1 => vec![(0, 1), (2, 1)],
                _ => vec![(1, 1)],
            },
            |&n: &u32| n == 3,
        );
        let r = dls_with_cutoff(&p, 50, &Limits::none(), &mut NoObserver);
        assert_eq!((r.result.outcome, r.cutoff), (Outcome::NoSolution, false));
        assert_eq!(r.result.stats.max_frontier, 3);
    }
}
