//! Greedy best-first search: always expands the state that looks closest to a goal
//! (`f = h`). Fast, complete on finite graphs, not optimal.

use crate::best_first::{self, Policy};
use crate::observe::Observer;
use crate::outcome::{Limits, SearchResult};
use crate::problem::Problem;

/// Greedy best-first graph search on `h` alone; ties go to the state discovered first.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, informed::greedy};
/// let p = FnProblem::new(0i32, |&n: &i32| vec![(n - 1, 1u32), (n + 1, 1)], |&n: &i32| n == 6)
///     .with_heuristic(|&n: &i32| (6 - n).unsigned_abs());
/// let out = greedy(&p, &Limits::none(), &mut NoObserver);
/// assert_eq!(out.solution().unwrap().cost, 6);
/// assert_eq!(out.stats.expanded, 6);
/// ```
pub fn greedy<P, O>(problem: &P, limits: &Limits, observer: O) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    best_first::search(
        problem,
        limits,
        observer,
        Policy { name: "greedy", priority: |_, h| h, use_heuristic: true, reopen: false },
    )
}
