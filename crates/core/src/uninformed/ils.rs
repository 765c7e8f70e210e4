//! Iterative lengthening search (cost-limited depth-first search): the cost analogue of
//! iterative deepening.
//!
//! Each iteration is a depth-first tree search that cuts off every node whose path cost `g`
//! exceeds the current limit; the first limit is the cost of the empty path (zero) and each
//! next limit is the smallest `g` that was cut off in the previous iteration. Tree search
//! with a path cycle check: `O(b·d)` memory, no closed set. Tie-break: successors are tried
//! in the order [`Problem::expand`] yields them.
//!
//! A node is tested against the limit *before* the goal test. A goal reached through a path
//! dearer than the limit is therefore not accepted until every cheaper path has been tried,
//! which makes the search optimal for non-negative step costs. (The reference implementation
//! tests the goal first and returns 450 for Arad → Bucharest on the Romania map; this one
//! returns the optimal 418.)
//!
//! The observer receives each
//! limit as [`Event::Iteration`](crate::Event::Iteration) with `Bound::Cost(limit)` at the start of its iteration: that is where a front end prints
//! `Find Cost: L`.

use crate::cost::Cost;
use crate::depth_first::{DepthFirst, Probe, Pruning};
use crate::observe::{Bound, Meter, Observer};
use crate::outcome::{Limits, Outcome, SearchResult};
use crate::problem::Problem;
use std::cmp::Ordering;

/// Iterative lengthening tree search; optimal for non-negative step costs.
/// `stats.iterations` is the number of cost limits tried.
///
/// ```
/// use delve_core::{Bound, Control, Event, FnProblem, Limits, Live, Observer, uninformed::ils};
/// // Print `Find Cost: L` per iteration, as the reference's log does.
/// struct Log(Vec<String>);
/// impl Observer<char, u32> for Log {
///     fn on_event(&mut self, event: &Event<'_, char, u32>, _: &Live) -> Control {
///         if let Event::Iteration { bound: Bound::Cost(limit), .. } = event {
///             self.0.push(format!("Find Cost: {limit}"));
///         }
///         Control::Continue
///     }
/// }
/// let p = FnProblem::new('s', |&c: &char| match c {
///     's' => vec![('g', 9u32), ('a', 2)],
///     'a' => vec![('b', 3)],
///     'b' => vec![('g', 1)],
///     _ => vec![],
/// }, |&c: &char| c == 'g');
/// let mut log = Log(Vec::new());
/// let out = ils(&p, &Limits::none(), &mut log);
/// assert_eq!(out.solution().unwrap().cost, 6);
/// assert_eq!(log.0, ["Find Cost: 0", "Find Cost: 2", "Find Cost: 5", "Find Cost: 6"]);
/// ```
pub fn ils<P, O>(problem: &P, limits: &Limits, observer: O) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    let mut meter = Meter::new(limits, observer);
    let mut engine = DepthFirst::new();
    let mut limit = P::Cost::ZERO;
    let started = meter.start::<P::State, P::Cost>("ils");
    let outcome = loop {
        if let Err(reason) = started.and_then(|()| meter.iteration(Bound::Cost(limit))) {
            break Outcome::Stopped { reason, best_so_far: None };
        }
        let probe = engine.probe(problem, &mut meter, problem.initial_state(), &mut Pruning::Path, |_, g, _, _| {
            if g.total_cmp(&limit) == Ordering::Greater { Err(g) } else { Ok(None) }
        });
        match probe {
            Probe::Found => break Outcome::Solved(engine.solution()),
            Probe::Exhausted => break Outcome::NoSolution,
            Probe::Stopped(reason) => break Outcome::Stopped { reason, best_so_far: None },
            Probe::Cutoff(next) => limit = next,
        }
    };
    meter.finish(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FnProblem, NoObserver};

    /// The classic Romania road map (AIMA figure 3.2).
    const ROMANIA: &[(&str, &str, u32)] = &[
        ("Arad", "Zerind", 75),
        ("Arad", "Sibiu", 140),
        ("Arad", "Timisoara", 118),
        ("Zerind", "Oradea", 71),
        ("Oradea", "Sibiu", 151),
        ("Timisoara", "Lugoj", 111),
        ("Lugoj", "Mehadia", 70),
        ("Mehadia", "Drobeta", 75),
        ("Drobeta", "Craiova", 120),
        ("Craiova", "Rimnicu Vilcea", 146),
        ("Craiova", "Pitesti", 138),
        ("Sibiu", "Rimnicu Vilcea", 80),
        ("Sibiu", "Fagaras", 99),
        ("Rimnicu Vilcea", "Pitesti", 97),
        ("Fagaras", "Bucharest", 211),
        ("Pitesti", "Bucharest", 101),
        ("Bucharest", "Giurgiu", 90),
        ("Bucharest", "Urziceni", 85),
        ("Urziceni", "Hirsova", 98),
        ("Hirsova", "Eforie", 86),
        ("Urziceni", "Vaslui", 142),
        ("Vaslui", "Iasi", 92),
        ("Iasi", "Neamt", 87),
    ];

    fn romania_neighbours(city: &&'static str) -> Vec<(&'static str, u32)> {
        ROMANIA
            .iter()
            .filter_map(|&(a, b, c)| {
                if a == *city {
                    Some((b, c))
                } else if b == *city {
                    Some((a, c))
                } else {
                    None
                }
            })
            .collect()
    }

    #[test]
    fn romania_arad_to_bucharest_is_418() {
        let p = FnProblem::new("Arad", romania_neighbours, |c: &&str| *c == "Bucharest");
        let sol = ils(&p, &Limits::none(), &mut NoObserver).into_solution().unwrap();
        assert_eq!(sol.cost, 418);
        assert_eq!(sol.states, ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]);
    }

    #[test]
    fn limits_grow_strictly_and_end_at_the_optimum() {
        struct Bounds(Vec<u32>);
        impl crate::Observer<&'static str, u32> for Bounds {
            fn on_event(&mut self, event: &crate::Event<'_, &'static str, u32>, _: &crate::Live) -> crate::Control {
                if let crate::Event::Iteration { bound: crate::Bound::Cost(b), .. } = event {
                    self.0.push(*b);
                }
                crate::Control::Continue
            }
        }
        let p = FnProblem::new("Arad", romania_neighbours, |c: &&str| *c == "Bucharest");
        let mut bounds = Bounds(Vec::new());
        let out = ils(&p, &Limits::none(), &mut bounds);
        assert_eq!(bounds.0.first(), Some(&0));
        assert!(bounds.0.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(bounds.0.last(), Some(&418));
        assert_eq!(out.stats.iterations, bounds.0.len() as u64);
    }

    #[test]
    fn zero_cost_cycles_and_float_costs() {
        // a ↔ b at cost 0, b → g at 0.5: the cycle must not trap the search.
        let p = FnProblem::new(
            'a',
            |&c: &char| match c {
                'a' => vec![('b', 0.0f64)],
                'b' => vec![('a', 0.0), ('g', 0.5)],
                _ => vec![],
            },
            |&c: &char| c == 'g',
        );
        let sol = ils(&p, &Limits::none(), &mut NoObserver).into_solution().unwrap();
        assert_eq!(sol.cost, 0.5);
        assert_eq!(sol.states, ['a', 'b', 'g']);
    }

    #[test]
    fn unreachable_goal_is_no_solution() {
        let p = FnProblem::new(0u32, |&n: &u32| vec![((n + 1) % 3, 2u32)], |&n: &u32| n == 5);
        assert_eq!(ils(&p, &Limits::none(), &mut NoObserver).outcome, Outcome::NoSolution);
    }
}
