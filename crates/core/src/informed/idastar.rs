//! IDA* (iterative deepening A*): depth-first probes bounded by `f = g + h`.
//!
//! The first bound is `h(initial state)`; each probe cuts off every node whose `f` exceeds
//! the bound (before its goal test), and the next bound is the smallest `f` that was cut off.
//! With an admissible heuristic (consistent or not) and non-negative step costs the first
//! goal found is optimal. Tree search: no closed set, only a check that a successor is not
//! already on the current path, so memory is `O(b·d)`. Tie-break: successors are tried in
//! the order [`Problem::expand`] yields them.
//!
//! Built for speed on puzzles such as the 15-puzzle: successors are generated into one buffer
//! per depth that lives across all probes (no allocation per node), `h` is computed once per
//! generated node, and the path check runs only for nodes within the bound (or that could
//! lower the next bound), scanning from the newest state back so that a move undone at once
//! costs a single comparison. `f = g + h` saturates, so a heuristic may return [`Cost::MAX`]
//! for a dead end. Each probe is reported to the observer as an `Event::Iteration` with
//! `Bound::Cost(bound)`; each expanded node carries its `g`, `h` and depth.
//!
//! A stopped search hands back, as `best_so_far`, the path to the best node it entered in
//! any probe: the lowest `h`, then the lowest `g`. The path is copied only when the best
//! improves.

use crate::cost::Cost;
use crate::depth_first::{DepthFirst, Enter, From, Probe, Pruning};
use crate::observe::{Bound, Meter, Observer};
use crate::outcome::{Limits, Outcome, SearchResult};
use crate::problem::Problem;
use crate::tree::beats;
use std::cmp::Ordering;

/// IDA* tree search; `stats.iterations` is the number of `f` bounds tried.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, informed::idastar};
/// // 8-connected moves on an open plane, cost 1 each, Chebyshev heuristic.
/// let goal = (7i32, -4i32);
/// let p = FnProblem::new((0i32, 0i32), |&(x, y): &(i32, i32)| {
///     (-1..=1).flat_map(move |dx| (-1..=1).map(move |dy| ((x + dx, y + dy), 1u32)))
///         .filter(move |&(s, _)| s != (x, y))
/// }, move |&s: &(i32, i32)| s == goal)
/// .with_heuristic(move |&(x, y): &(i32, i32)| (goal.0 - x).abs().max((goal.1 - y).abs()) as u32);
/// let out = idastar(&p, &Limits::none(), &mut NoObserver);
/// assert_eq!(out.solution().unwrap().cost, 7);
/// assert_eq!(out.stats.iterations, 1); // the heuristic is exact here
/// ```
pub fn idastar<P, O>(problem: &P, limits: &Limits, observer: O) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    let mut meter = Meter::new(limits, observer);
    let mut engine = DepthFirst::new();
    let start = problem.initial_state();
    let h_start = problem.heuristic(&start);
    let mut bound = h_start;
    // The (h, g) of the best node entered (none yet: MAX); the engine keeps the path to it.
    let mut best = (P::Cost::MAX, P::Cost::MAX);
    let started = meter.start::<P::State, P::Cost>("idastar");
    let reason = loop {
        if let Err(reason) = started.and_then(|()| meter.iteration(Bound::Cost(bound))) {
            break reason;
        }
        let cut = |_, g: P::Cost, from: From<'_, _, _, _>, s: &_| {
            let h = match from {
                Some((parent, Some(parent_h), action)) => problem.heuristic_after(parent, parent_h, action, s),
                Some((_, None, _)) => problem.heuristic(s),
                None => h_start,
            };
            let f = g.saturating_add(h);
            if f.total_cmp(&bound) == Ordering::Greater { Err(f) } else { Ok(Some(h)) }
        };
        let enter = |g: P::Cost, h: Option<P::Cost>, goal| {
            let h = h.unwrap_or(P::Cost::ZERO);
            if goal {
                Enter::Stop
            } else if h.total_cmp(&best.0) != Ordering::Greater && beats((h, g), best) {
                best = (h, g);
                Enter::Keep
            } else {
                Enter::Go
            }
        };
        match engine.probe_with(problem, &mut meter, start.clone(), &mut Pruning::Path, cut, enter) {
            Probe::Found => return meter.finish(Outcome::Solved(engine.solution())),
            Probe::Exhausted => return meter.finish(Outcome::NoSolution),
            Probe::Stopped(reason) => break reason,
            Probe::Cutoff(next) => bound = next,
        }
    };
    let outcome = Outcome::Stopped { reason, best_so_far: engine.take_kept() };
    meter.finish(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FnProblem, NoObserver};

    #[test]
    fn inconsistent_admissible_heuristic_still_optimal() {
        // s → a (1) → g (5) and s → b (2) → g (3); h(a) = 0 but h(b) = 3 (admissible, inconsistent).
        let p = FnProblem::new(
            's',
            |&c: &char| match c {
                's' => vec![('a', 1u32), ('b', 2)],
                'a' => vec![('g', 5)],
                'b' => vec![('g', 3)],
                _ => vec![],
            },
            |&c: &char| c == 'g',
        )
        .with_heuristic(|&c: &char| if c == 'b' { 3 } else { 0 });
        let sol = idastar(&p, &Limits::none(), &mut NoObserver).into_solution().unwrap();
        assert_eq!((sol.cost, sol.states), (5, vec!['s', 'b', 'g']));
    }

    #[test]
    fn bounds_start_at_h_and_increase() {
        struct Bounds(Vec<u32>);
        impl crate::Observer<i32, u32> for Bounds {
            fn on_event(&mut self, event: &crate::Event<'_, i32, u32>, _: &crate::Live) -> crate::Control {
                if let crate::Event::Iteration { bound: crate::Bound::Cost(b), .. } = event {
                    self.0.push(*b);
                }
                crate::Control::Continue
            }
        }
        // Walk from 0 to 10 by ±1 (cost 2); h = distance underestimates the cost by half.
        let p = FnProblem::new(0i32, |&n: &i32| vec![(n + 1, 2u32), (n - 1, 2)], |&n: &i32| n == 10)
            .with_heuristic(|&n: &i32| (10 - n).unsigned_abs());
        let mut bounds = Bounds(Vec::new());
        let sol = idastar(&p, &Limits::none(), &mut bounds).into_solution().unwrap();
        assert_eq!(sol.cost, 20);
        assert_eq!(bounds.0, (10..=20).collect::<Vec<_>>());
    }

    #[test]
    fn dead_end_heuristic_saturates() {
        let p = FnProblem::new(
            0u8,
            |&n: &u8| if n < 3 { vec![(n + 1, 1u8), (n + 100, 1)] } else { vec![] },
            |&n: &u8| n == 3,
        )
        .with_heuristic(|&n: &u8| if n >= 100 { u8::MAX } else { 3 - n });
        let sol = idastar(&p, &Limits::none(), &mut NoObserver).into_solution().unwrap();
        assert_eq!(sol.cost, 3);
    }
}
