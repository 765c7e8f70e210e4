//! A* and weighted A*: best-first search on `f = g + w·h`. With an admissible heuristic
//! and `w = 1` the first goal selected is optimal; `w > 1` trades optimality for speed
//! (cost at most `w` times the optimum).

use crate::best_first::{self, Policy};
use crate::cost::{Cost, Scale};
use crate::observe::Observer;
use crate::outcome::{Limits, SearchResult};
use crate::problem::Problem;

/// A* graph search (`f = g + h`), re-opening states when a cheaper path appears so an
/// admissible but inconsistent heuristic still yields an optimal path.
/// Ties on `f` go to the lower `h`, then to the state discovered first. `f` saturates, so a
/// heuristic may return [`Cost::MAX`] for a dead end.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, informed::astar};
/// // 4-connected 10x10 grid, Manhattan heuristic.
/// let goal = (9i32, 9i32);
/// let p = FnProblem::new((0i32, 0i32), |&(x, y): &(i32, i32)| {
///     [(1, 0), (-1, 0), (0, 1), (0, -1)].into_iter()
///         .map(move |(dx, dy)| ((x + dx, y + dy), 1u32))
///         .filter(|((x, y), _)| (0..10).contains(x) && (0..10).contains(y))
/// }, move |&s: &(i32, i32)| s == goal)
/// .with_heuristic(move |&(x, y): &(i32, i32)| ((goal.0 - x).abs() + (goal.1 - y).abs()) as u32);
/// let out = astar(&p, &Limits::none(), &mut NoObserver);
/// assert_eq!(out.solution().unwrap().cost, 18);
/// ```
pub fn astar<P, O>(problem: &P, limits: &Limits, observer: O) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    best_first::search(
        problem,
        limits,
        observer,
        Policy { name: "astar", priority: |g: P::Cost, h| g.saturating_add(h), use_heuristic: true, reopen: true },
    )
}

/// Weighted A* (`f = g + weight·h`, `weight ≥ 1`): finds a path of cost at most `weight`
/// times the optimum when `h` is admissible, usually expanding far fewer nodes.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, informed::weighted_astar};
/// let p = FnProblem::new(0u32, |&n: &u32| vec![(n + 1, 1u32), (n + 3, 2)], |&n: &u32| n == 10)
///     .with_heuristic(|&n: &u32| (10u32.saturating_sub(n) * 2) / 3);
/// let out = weighted_astar(&p, 2.0, &Limits::none(), &mut NoObserver);
/// assert!(out.solution().unwrap().cost <= 2 * 7);
/// ```
pub fn weighted_astar<P, O>(
    problem: &P,
    weight: f64,
    limits: &Limits,
    observer: O,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    P::Cost: Scale,
    O: Observer<P::State, P::Cost>,
{
    weighted_by(problem, move |h: P::Cost| h.scale(weight), limits, observer)
}

/// Weighted A* with `scale` as the weight: `f = g + scale(h)`.
pub(crate) fn weighted_by<P, O>(
    problem: &P,
    scale: impl Fn(P::Cost) -> P::Cost,
    limits: &Limits,
    observer: O,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    best_first::search(
        problem,
        limits,
        observer,
        Policy {
            name: "wastar",
            priority: move |g: P::Cost, h: P::Cost| g.saturating_add(scale(h)),
            use_heuristic: true,
            reopen: true,
        },
    )
}
