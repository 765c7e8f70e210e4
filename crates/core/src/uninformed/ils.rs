//! Iterative lengthening search (cost-limited depth-first search): the cost analogue of
//! iterative deepening.
//!
//! Each iteration is a depth-first tree search that cuts off every node whose path cost `g`
//! exceeds the current limit; the first limit is the cost of the empty path (zero) and each
//! next limit is the smallest `g` that was cut off in the previous iteration. Tree search
//! with a path cycle check: `O(b·d)` memory, no closed set. Large searches settle several
//! limits per depth-first probe, with the same limits, solution and outcome ([`ils`]'s
//! look-ahead). Tie-break: successors are tried
//! in the order [`Problem::expand`] yields them.
//!
//! A node is tested against the limit *before* the goal test. A goal reached through a path
//! dearer than the limit is therefore not accepted until every cheaper path has been tried,
//! which makes the search optimal for non-negative step costs. (The original RGB Express
//! course solver's ILS tests the goal first and returns 450 for Arad → Bucharest on the
//! Romania map; this one returns the optimal 418.)
//!
//! The observer receives each
//! limit as [`Event::Iteration`](crate::Event::Iteration) with `Bound::Cost(limit)` at the start of its iteration (a limit
//! settled by a look-ahead probe: after that probe): that is where a front end prints
//! `Find Cost: L`.

use crate::cost::Cost;
use crate::depth_first::{DepthFirst, Enter, Probe, Pruning};
use crate::observe::{Bound, Meter, Observer};
use crate::outcome::{Limits, Outcome, SearchResult};
use crate::problem::Problem;
use std::cell::{Cell, RefCell};
use std::cmp::Ordering;

/// A pass that expands at least this many nodes makes the next probe look ahead (see
/// [`ils`]); smaller searches run pass by pass, node for node as the textbook's.
const LOOK_AHEAD_AFTER: u64 = 1024;

/// The most cost limits one look-ahead probe settles (bounds its memory).
const MAX_SETTLED: usize = 1024;

/// Iterative lengthening tree search; optimal for non-negative step costs.
/// `stats.iterations` is the number of cost limits tried.
///
/// **Look-ahead.** Once a pass has expanded 1,024 nodes, the next probe
/// settles the next `k` limits at once: it explores up to a bound that starts unbounded and
/// drops, as the probe meets path costs, to the `k`-th smallest cost beyond the current limit.
/// The pass at each limit `L` within that bound is a part of the probe (the nodes with
/// `g ≤ L`, in the same depth-first order), so the probe settles all of them: the limits are
/// the distinct path costs it meets (each reported as an
/// [`Event::Iteration`](crate::Event::Iteration) after the probe), a goal met at cost `c` is
/// the one the pass at limit `c` would return (the first in depth-first order; the probe then
/// only looks for cheaper ones), and the next limit is the smallest cost cut off or dropped.
/// The limits, the solution and the outcome are exactly those of the pass-by-pass search;
/// only the re-expansions of the passes settled together are saved. `k` starts at 1 and
/// grows sixteenfold after a probe that did less than four times the work of the one before
/// (halves after one that did more than sixteen times), in the spirit of IDA\*_CR's controlled
/// re-expansion; it stays at most 1,024, which bounds the extra memory.
///
/// ```
/// use delve_core::{Bound, Control, Event, FnProblem, Limits, Live, Observer, uninformed::ils};
/// // Print `Find Cost: L` per iteration, as the original RGB Express solver's log does.
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
    ils_with(problem, limits, observer, LOOK_AHEAD_AFTER)
}

/// [`ils`] with the pass size that turns look-ahead on (`u64::MAX`: never).
fn ils_with<P, O>(
    problem: &P,
    limits: &Limits,
    observer: O,
    look_ahead_after: u64,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
{
    let mut meter = Meter::new(limits, observer);
    let mut engine = DepthFirst::new();
    let mut limit = P::Cost::ZERO;
    let mut last_pass = 0u64;
    // How many limits beyond the current one the next probe settles (0: a plain pass).
    // One probe settling many limits costs less than the passes it replaces (each pass
    // re-expands the one before); it costs more only when the goal is met well before its
    // bound, and then the bound drops to the goal's cost.
    let mut ahead = 0;
    let started = meter.start::<P::State, P::Cost>("ils");
    let outcome = 'search: loop {
        if let Err(reason) = started.and_then(|()| meter.iteration(Bound::Cost(limit))) {
            break Outcome::Stopped { reason, best_so_far: None };
        }
        let probe = LookAhead::new(limit, ahead);
        let expanded_before = meter.stats().expanded;
        let result = engine.probe_with(
            problem,
            &mut meter,
            problem.initial_state(),
            &mut Pruning::Path,
            |_, g, _, _| probe.cut(g),
            |g, _, goal| probe.enter(g, goal),
        );
        let pass = meter.stats().expanded - expanded_before;
        ahead = if ahead == 0 {
            usize::from(pass >= look_ahead_after)
        } else if pass < last_pass.saturating_mul(4) {
            (ahead * 16).min(MAX_SETTLED)
        } else if pass > last_pass.saturating_mul(16) {
            (ahead / 2).max(1)
        } else {
            ahead
        };
        last_pass = pass;
        let next = match result {
            Probe::Found => break Outcome::Solved(engine.solution()),
            Probe::Stopped(reason) => break Outcome::Stopped { reason, best_so_far: None },
            Probe::Exhausted => None,
            Probe::Cutoff(next) => Some(next),
        };
        // The passes the probe settled beyond `limit`, in order; a kept goal ends the search.
        let kept = engine.take_kept().filter(|_| probe.best.get().is_some());
        for settled in probe.settled.into_inner() {
            if let Err(reason) = meter.iteration(Bound::Cost(settled)) {
                break 'search Outcome::Stopped { reason, best_so_far: None };
            }
        }
        if let Some(solution) = kept {
            break Outcome::Solved(solution);
        }
        match [next, probe.dropped.get()].into_iter().flatten().reduce(P::Cost::min_of) {
            Some(next) => limit = next,
            None => break Outcome::NoSolution,
        }
    };
    meter.finish(outcome)
}

/// One probe's bookkeeping: the current limit, the bound, the path costs met beyond the
/// limit (each a limit the probe settles), and the cheapest goal met beyond it.
struct LookAhead<C> {
    /// The cost limit of the pass this probe starts with.
    limit: C,
    /// How many limits beyond `limit` it settles at most.
    ahead: usize,
    /// Nodes with `g` above this are cut off (it only shrinks).
    bound: Cell<C>,
    /// The distinct path costs in `(limit, bound]` met so far, ascending.
    settled: RefCell<Vec<C>>,
    /// The smallest cost dropped from `settled` (a candidate next limit).
    dropped: Cell<Option<C>>,
    /// The cost of the goal kept (the cheapest met beyond `limit`, first in depth-first order).
    best: Cell<Option<C>>,
}

impl<C: Cost> LookAhead<C> {
    /// A probe from `limit` settling up to `ahead` more limits (0: the plain pass).
    fn new(limit: C, ahead: usize) -> Self {
        LookAhead {
            limit,
            ahead,
            bound: Cell::new(if ahead == 0 { limit } else { C::MAX }),
            settled: RefCell::new(Vec::new()),
            dropped: Cell::new(None),
            best: Cell::new(None),
        }
    }

    /// The cut-off rule: beyond the bound, or not cheaper than the goal kept.
    #[inline]
    fn cut(&self, g: C) -> Result<Option<C>, C> {
        if g.total_cmp(&self.bound.get()) == Ordering::Greater
            || self.best.get().is_some_and(|best| g.total_cmp(&best) != Ordering::Less)
        {
            return Err(g);
        }
        Ok(None)
    }

    /// The entry rule: a goal within the limit ends the search as the pass at the limit would;
    /// beyond it, a node's cost is a limit settled, and a goal is kept.
    #[inline]
    fn enter(&self, g: C, goal: bool) -> Enter {
        if g.total_cmp(&self.limit) != Ordering::Greater {
            return if goal { Enter::Stop } else { Enter::Go };
        }
        self.settle(g);
        if !goal || g.total_cmp(&self.bound.get()) == Ordering::Greater {
            return Enter::Go;
        }
        // Cheaper than any goal kept (dearer ones are cut off): the passes from `g` on are
        // settled by it, so nothing dearer matters any more.
        self.best.set(Some(g));
        self.settled.borrow_mut().retain(|c| c.total_cmp(&g) != Ordering::Greater);
        Enter::Keep
    }

    /// Records `g` (beyond the limit, within the bound) among the settled limits; past
    /// `ahead` of them, the dearest is dropped and the bound shrinks to the dearest kept (a
    /// goal kept beyond it is dropped too).
    fn settle(&self, g: C) {
        let mut settled = self.settled.borrow_mut();
        let Err(at) = settled.binary_search_by(|c| c.total_cmp(&g)) else { return };
        settled.insert(at, g);
        if settled.len() > self.ahead {
            let dearest = settled.pop().expect("overfull");
            let last = *settled.last().expect("ahead is at least 1");
            self.bound.set(last);
            self.dropped.set(Some(self.dropped.get().map_or(dearest, |d| d.min_of(dearest))));
            if self.best.get().is_some_and(|b| b.total_cmp(&last) == Ordering::Greater) {
                self.best.set(None);
            }
        }
    }
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

    /// A pseudo-random graph on `n` nodes: each node has `out` successors with costs in
    /// `0..spread` (zero-cost edges and cycles included); the goal is the last node.
    fn random_graph(seed: u64, n: u32, out: u32, spread: u32) -> Vec<Vec<(u32, u32)>> {
        let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mut next = |m: u32| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((x >> 33) % u64::from(m)) as u32
        };
        (0..n).map(|_| (0..out).map(|_| (next(n), next(spread))).collect()).collect()
    }

    /// Each limit in order, the solution's states and cost, the outcome.
    type Run = (Vec<u32>, Option<(Vec<u32>, u32)>, Outcome<u32, (), u32>);

    fn run(graph: &[Vec<(u32, u32)>], goal: u32, look_ahead_after: u64) -> (Run, u64) {
        struct Bounds(Vec<u32>);
        impl crate::Observer<u32, u32> for Bounds {
            fn on_event(&mut self, event: &crate::Event<'_, u32, u32>, _: &crate::Live) -> crate::Control {
                if let crate::Event::Iteration { bound: crate::Bound::Cost(b), .. } = event {
                    self.0.push(*b);
                }
                crate::Control::Continue
            }
        }
        let p = FnProblem::new(0u32, |&v: &u32| graph[v as usize].clone(), move |&v: &u32| v == goal);
        let mut bounds = Bounds(Vec::new());
        let out = ils_with(&p, &Limits::none(), &mut bounds, look_ahead_after);
        let solution = out.solution().map(|s| (s.states.clone(), s.cost));
        assert_eq!(out.stats.iterations, bounds.0.len() as u64);
        ((bounds.0, solution, out.outcome.clone()), out.stats.expanded)
    }

    #[test]
    fn look_ahead_settles_the_same_limits_and_finds_the_same_path() {
        // A probe may look beyond the optimum (more work on a small search), never less
        // correctly; over all the graphs it saves work.
        let (mut plain_total, mut ahead_total) = (0, 0);
        for seed in 0..160 {
            let (n, out, spread) = [(12, 2, 5), (16, 3, 4), (8, 3, 2000), (30, 2, 9)][seed as usize % 4];
            let graph = random_graph(seed, n, out, spread);
            let (plain, plain_work) = run(&graph, n - 1, u64::MAX);
            let (ahead, ahead_work) = run(&graph, n - 1, 0);
            assert_eq!(ahead, plain, "seed {seed}");
            plain_total += plain_work;
            ahead_total += ahead_work;
        }
        assert!(ahead_total < plain_total, "look-ahead {ahead_total} expansions, pass by pass {plain_total}");
    }

    #[test]
    fn probes_settle_at_most_their_share_of_limits() {
        // Hundreds of distinct path costs: look-ahead probes drop what they cannot settle.
        // A complete graph on 7 nodes (1,957 paths from node 0) with costs up to 100,000;
        // the goal is unreachable, so every path is followed.
        let costs = random_graph(7, 7, 7, 100_000);
        let graph: Vec<Vec<(u32, u32)>> = (0..7)
            .map(|v| (0..7).filter(|&u| u != v).map(|u| (u, costs[v as usize][u as usize].1)).collect())
            .collect();
        let (plain, _) = run(&graph, 99, u64::MAX);
        assert!(plain.0.len() > 256, "only {} limits", plain.0.len());
        assert_eq!(plain.2, Outcome::NoSolution);
        assert_eq!(run(&graph, 99, 0).0, plain);
    }

    #[test]
    fn small_searches_run_pass_by_pass() {
        // Below LOOK_AHEAD_AFTER expansions a pass is followed by the plain next pass.
        let p = FnProblem::new("Arad", romania_neighbours, |c: &&str| *c == "Bucharest");
        let out = ils(&p, &Limits::none(), &mut NoObserver);
        let plain = ils_with(&p, &Limits::none(), &mut NoObserver, u64::MAX);
        assert_eq!(out.stats.expanded, plain.stats.expanded);
        assert_eq!(out.stats.iterations, 18);
    }

    #[test]
    fn unreachable_goal_is_no_solution() {
        let p = FnProblem::new(0u32, |&n: &u32| vec![((n + 1) % 3, 2u32)], |&n: &u32| n == 5);
        assert_eq!(ils(&p, &Limits::none(), &mut NoObserver).outcome, Outcome::NoSolution);
    }
}
