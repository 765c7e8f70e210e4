//! Uniform-cost search (Dijkstra on the implicit graph): expands the cheapest path first;
//! optimal for non-negative step costs.

use crate::best_first::{self, Policy};
use crate::observe::Observer;
use crate::outcome::{Limits, SearchResult};
use crate::problem::Problem;

/// Uniform-cost graph search. Ties go to the state discovered first.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, uninformed::ucs};
/// let p = FnProblem::new('a', |&c: &char| match c {
///     'a' => vec![('b', 1u32), ('c', 5)],
///     'b' => vec![('c', 1)],
///     _ => vec![],
/// }, |&c: &char| c == 'c');
/// let out = ucs(&p, &Limits::none(), &mut NoObserver);
/// let sol = out.solution().unwrap();
/// assert_eq!((sol.cost, sol.states.clone()), (2, vec!['a', 'b', 'c']));
/// ```
pub fn ucs<P, O>(problem: &P, limits: &Limits, observer: O) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    best_first::search(
        problem,
        limits,
        observer,
        Policy { name: "ucs", priority: |g, _| g, use_heuristic: false, reopen: true },
    )
}
