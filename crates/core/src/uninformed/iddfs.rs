//! Iterative deepening depth-first search: depth-limited search with limits 0, 1, 2, … until
//! a goal is found or no path was cut off.
//!
//! Tree search with a path cycle check (no closed set, `O(b·d)` memory). Tie-break: within
//! an iteration, successors are tried in the order [`Problem::expand`] yields them. Finds a
//! path with the fewest actions (like breadth-first search). Each iteration is reported to
//! the observer with `Bound::Depth(limit)`; limits start at 0 and grow by one. On a finite graph the search ends with [`Outcome::NoSolution`] once the
//! limit exceeds the longest cycle-free path; on an infinite one, only a goal or a limit
//! ends it.

use super::dls;
use crate::depth_first::{DepthFirst, Probe};
use crate::observe::{Bound, Meter, Observer};
use crate::outcome::{Limits, Outcome, SearchResult};
use crate::problem::Problem;

/// Iterative deepening tree search; `stats.iterations` is the number of depth limits tried.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, uninformed::iddfs};
/// let p = FnProblem::new(1u32, |&n: &u32| vec![(n + 1, 1u32), (n * 3, 1)], |&n: &u32| n == 10);
/// let out = iddfs(&p, &Limits::none(), &mut NoObserver);
/// assert_eq!(out.solution().unwrap().states, vec![1, 3, 9, 10]);
/// assert_eq!(out.stats.iterations, 4); // limits 0, 1, 2, 3
/// ```
pub fn iddfs<P, O>(problem: &P, limits: &Limits, observer: O) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    let mut meter = Meter::new(limits, observer);
    let mut engine = DepthFirst::new();
    let mut depth_limit = 0usize;
    let started = meter.start::<P::State, P::Cost>("iddfs");
    let outcome = loop {
        if let Err(reason) = started.and_then(|()| meter.iteration(Bound::Depth(depth_limit as u64))) {
            break Outcome::Stopped { reason, best_so_far: None };
        }
        match dls::probe(problem, &mut meter, &mut engine, depth_limit) {
            Probe::Found => break Outcome::Solved(engine.solution()),
            Probe::Exhausted => break Outcome::NoSolution,
            Probe::Stopped(reason) => break Outcome::Stopped { reason, best_so_far: None },
            Probe::Cutoff(_) => depth_limit += 1,
        }
    };
    meter.finish(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FnProblem, NoObserver, StopReason};

    struct Indices(Vec<(u64, u64)>);
    impl crate::Observer<u32, u32> for Indices {
        fn on_event(&mut self, event: &crate::Event<'_, u32, u32>, _: &crate::Live) -> crate::Control {
            if let crate::Event::Iteration { index, bound: crate::Bound::Depth(d) } = event {
                self.0.push((*index, *d));
            }
            crate::Control::Continue
        }
    }

    #[test]
    fn finite_graph_without_goal_ends() {
        let p = FnProblem::new(0u32, |&n: &u32| vec![((n + 1) % 4, 1u32), ((n + 3) % 4, 1)], |&n: &u32| n == 9);
        let mut seen = Indices(Vec::new());
        let out = iddfs(&p, &Limits::none(), &mut seen);
        assert_eq!(out.outcome, Outcome::NoSolution);
        // The longest cycle-free path has 3 actions: limits 0..=2 cut it off, limit 3 exhausts.
        assert_eq!(seen.0, (0..4).map(|i| (i, i)).collect::<Vec<_>>());
    }

    #[test]
    fn fewest_actions_not_cheapest() {
        let p = FnProblem::new(
            's',
            |&c: &char| match c {
                's' => vec![('a', 1u32), ('g', 10)],
                'a' => vec![('g', 1)],
                _ => vec![],
            },
            |&c: &char| c == 'g',
        );
        let sol = iddfs(&p, &Limits::none(), &mut NoObserver).into_solution().unwrap();
        assert_eq!((sol.len(), sol.cost), (1, 10));
    }

    #[test]
    fn deadline_in_the_past_times_out() {
        let p = FnProblem::new(0u32, |&n: &u32| vec![(n + 1, 1u32)], |_: &u32| false);
        let limits = Limits::none().timeout(std::time::Duration::ZERO);
        let out = iddfs(&p, &limits, &mut NoObserver);
        assert_eq!(out.outcome, Outcome::Stopped { reason: StopReason::Timeout, best_so_far: None });
    }
}
