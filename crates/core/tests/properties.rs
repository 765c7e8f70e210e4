//! Property tests on random weighted digraphs: every optimal algorithm agrees with an
//! independent oracle (`pathfinding`'s Dijkstra) on the optimal cost, the hop-optimal ones
//! with `pathfinding`'s BFS on the number of actions, and every returned path is valid.
//! Plus the limits every algorithm honours.

use delve_core::informed::{astar, greedy, idastar, weighted_astar};
use delve_core::local::{Annealing, FirstChoice, HillClimbing, LocalProblem};
use delve_core::local::{first_choice, hill_climbing, simulated_annealing};
use delve_core::random::SeededRng;
use delve_core::uninformed::{bfs, bibfs, dfs, dls, dls_with_cutoff, iddfs, ils, ucs};
use delve_core::{Limits, NoObserver, Observer, Outcome, Problem, Reversible, SearchResult, StopReason, Successor};
use pathfinding::prelude::{bfs as oracle_bfs, dijkstra as oracle_dijkstra, dijkstra_all};
use proptest::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A directed graph with positive integer weights, searched from `start` to `goal`.
#[derive(Clone, Debug)]
struct Graph {
    out: Vec<Vec<(u32, u32)>>,
    into: Vec<Vec<(u32, u32)>>,
    start: u32,
    goal: u32,
    h: Vec<u32>,
}

impl Graph {
    /// Builds the graph from an edge list: self-loops dropped, parallel edges keep the cheapest.
    fn new(n: usize, edges: &[(usize, usize, u32)], start: u32, goal: u32) -> Self {
        let mut out: Vec<Vec<(u32, u32)>> = vec![Vec::new(); n];
        for &(u, v, w) in edges {
            let (u, v) = (u % n, v % n);
            if u == v {
                continue;
            }
            match out[u].iter_mut().find(|(t, _)| *t == v as u32) {
                Some(edge) => edge.1 = edge.1.min(w),
                None => out[u].push((v as u32, w)),
            }
        }
        let mut into = vec![Vec::new(); n];
        for (u, edges) in out.iter().enumerate() {
            for &(v, w) in edges {
                into[v as usize].push((u as u32, w));
            }
        }
        Graph { out, into, start, goal, h: vec![0; n] }
    }

    fn with_h(&self, h: Vec<u32>) -> Self {
        Graph { h, ..self.clone() }
    }

    fn weight(&self, u: u32, v: u32) -> Option<u32> {
        self.out[u as usize].iter().find(|(t, _)| *t == v).map(|&(_, w)| w)
    }

    /// Exact cost from every node to the goal (absent when the goal is unreachable), by the oracle.
    fn exact_to_goal(&self) -> Vec<Option<u32>> {
        let back = dijkstra_all(&self.goal, |&v| self.into[v as usize].clone());
        (0..self.out.len() as u32)
            .map(|v| if v == self.goal { Some(0) } else { back.get(&v).map(|&(_, c)| c) })
            .collect()
    }

    /// h(v) = the cheapest edge leaving v (0 at the goal): admissible and consistent.
    fn min_out_h(&self) -> Vec<u32> {
        (0..self.out.len() as u32)
            .map(|v| if v == self.goal { 0 } else { self.out[v as usize].iter().map(|e| e.1).min().unwrap_or(1000) })
            .collect()
    }

    /// h(v) = a random fraction of the exact cost: admissible, usually inconsistent; nodes that
    /// cannot reach the goal get a huge (still admissible) estimate.
    fn random_h(&self, percent: &[u32]) -> Vec<u32> {
        self.exact_to_goal()
            .iter()
            .zip(percent)
            .map(|(exact, pct)| exact.map_or(1_000_000, |c| c * pct / 100))
            .collect()
    }
}

impl Problem for Graph {
    type State = u32;
    type Action = u32;
    type Cost = u32;

    fn initial_state(&self) -> u32 {
        self.start
    }
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.goal
    }

    fn heuristic(&self, s: &u32) -> u32 {
        self.h[*s as usize]
    }
    fn expand(&self, state: &Self::State, out: &mut Vec<delve_core::Successor<Self::State, Self::Action, Self::Cost>>) {
        delve_core::expand_by_actions(self, state, out)
    }
}

impl delve_core::Actions for Graph {
    fn actions(&self, s: &u32) -> Vec<u32> {
        self.out[*s as usize].iter().map(|e| e.0).collect()
    }
    fn result(&self, _: &u32, a: &u32) -> u32 {
        *a
    }
    fn step_cost(&self, s: &u32, a: &u32) -> u32 {
        self.weight(*s, *a).expect("actions are edges")
    }
}

impl Reversible for Graph {
    fn predecessors(&self, s: &u32, out: &mut Vec<Successor<u32, u32, u32>>) {
        out.extend(self.into[*s as usize].iter().map(|&(p, w)| Successor { action: *s, state: p, cost: w }));
    }
    fn goal_states(&self) -> Vec<u32> {
        vec![self.goal]
    }
}

type Algo = fn(&Graph, &Limits, NoObserver) -> SearchResult<u32, u32, u32>;

/// Checks the path: starts at the start, each action is an edge to the next state, the costs
/// add up to the reported cost, and it ends in the goal. Returns the number of actions.
fn valid_path(g: &Graph, name: &str, out: &SearchResult<u32, u32, u32>) -> Result<usize, TestCaseError> {
    let sol = out.solution().ok_or_else(|| TestCaseError::fail(format!("{name}: not solved: {:?}", out.outcome)))?;
    prop_assert_eq!(sol.states.len(), sol.actions.len() + 1, "{}", name);
    prop_assert_eq!(sol.states[0], g.start, "{}", name);
    prop_assert!(g.is_goal(sol.goal()), "{}: ends in {}", name, sol.goal());
    let mut total = 0;
    for (i, a) in sol.actions.iter().enumerate() {
        prop_assert_eq!(*a, sol.states[i + 1], "{}: action {} does not lead to the next state", name, i);
        let w = g.weight(sol.states[i], sol.states[i + 1]);
        prop_assert!(w.is_some(), "{}: no edge {} -> {}", name, sol.states[i], sol.states[i + 1]);
        total += w.unwrap_or_default();
    }
    prop_assert_eq!(total, sol.cost, "{}: step costs do not add up", name);
    Ok(sol.len())
}

fn graphs() -> impl Strategy<Value = (Graph, Vec<u32>)> {
    (2usize..=30).prop_flat_map(|n| {
        (
            prop::collection::vec((0..n, 0..n, 1u32..=20), 0..=3 * n),
            0..n as u32,
            0..n as u32,
            prop::collection::vec(0u32..=100, n),
        )
            .prop_map(move |(edges, start, goal, percent)| (Graph::new(n, &edges, start, goal), percent))
    })
}

/// Records the bounds an iterative algorithm reports.
struct Bounds(Vec<u32>);
impl Observer<u32, u32> for Bounds {
    fn on_event(&mut self, event: &delve_core::Event<'_, u32, u32>, _: &delve_core::Live) -> delve_core::Control {
        if let delve_core::Event::Iteration { bound, .. } = event {
            let delve_core::Bound::Cost(b) = bound else { panic!("cost-bounded iterations report their bound") };
            self.0.push(*b);
        }
        delve_core::Control::Continue
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn optimal_algorithms_agree_with_dijkstra((graph, percent) in graphs()) {
        let oracle = oracle_dijkstra(&graph.start, |&v| graph.out[v as usize].clone(), |&v| v == graph.goal);
        let none = Limits::none();
        let variants = [
            ("h=0", graph.clone()),
            ("h=min-out", graph.with_h(graph.min_out_h())),
            ("h=random-admissible", graph.with_h(graph.random_h(&percent))),
        ];
        for (hname, g) in &variants {
            let algos: [(&str, Algo); 4] = [("ucs", ucs), ("astar", astar), ("ils", ils), ("idastar", idastar)];
            for (name, algo) in algos {
                let name = format!("{name} {hname}");
                let out = algo(g, &none, NoObserver);
                match &oracle {
                    None => prop_assert_eq!(&out.outcome, &Outcome::NoSolution, "{}", name),
                    Some((_, cost)) => {
                        valid_path(g, &name, &out)?;
                        prop_assert_eq!(out.solution().map(|s| s.cost), Some(*cost), "{}", name);
                    }
                }
            }
        }
    }

    #[test]
    fn hop_optimal_and_complete_algorithms((graph, _) in graphs()) {
        let hops = oracle_bfs(&graph.start, |&v| graph.out[v as usize].iter().map(|e| e.0).collect::<Vec<_>>(), |&v| v == graph.goal)
            .map(|path| path.len() - 1);
        let none = Limits::none();
        let algos: [(&str, Algo, bool); 7] = [
            ("bfs", bfs, true),
            ("bibfs", bibfs, true),
            ("iddfs", iddfs, true),
            ("dfs", dfs, false),
            ("greedy", greedy, false),
            ("wastar", |g, l, o| weighted_astar(g, 2.5, l, o), false),
            ("dls 20", |g, l, o| dls(g, 20, l, o), false),
        ];
        for (name, algo, fewest_actions) in algos {
            let out = algo(&graph, &none, NoObserver);
            match hops {
                None => prop_assert_eq!(&out.outcome, &Outcome::NoSolution, "{}", name),
                Some(hops) => {
                    let len = valid_path(&graph, name, &out)?;
                    if fewest_actions {
                        prop_assert_eq!(len, hops, "{}", name);
                    }
                }
            }
        }
        if let Some(hops) = hops {
            let at = dls_with_cutoff(&graph, hops, &none, &mut NoObserver);
            prop_assert_eq!(valid_path(&graph, "dls at depth", &at.result)?, hops);
            if hops > 0 {
                let below = dls_with_cutoff(&graph, hops - 1, &none, &mut NoObserver);
                prop_assert_eq!(below.result.outcome, Outcome::NoSolution);
                prop_assert!(below.cutoff, "a path of {} actions exists, so depth {} must cut off", hops, hops - 1);
            }
        }
    }

    #[test]
    fn weighted_astar_is_bounded_suboptimal((graph, percent) in graphs()) {
        let oracle = oracle_dijkstra(&graph.start, |&v| graph.out[v as usize].clone(), |&v| v == graph.goal);
        let g = graph.with_h(graph.random_h(&percent));
        let out = weighted_astar(&g, 2.0, &Limits::none(), &mut NoObserver);
        if let Some((_, cost)) = oracle {
            valid_path(&g, "wastar", &out)?;
            prop_assert!(out.solution().is_some_and(|s| s.cost <= 2 * cost));
        }
    }

    #[test]
    fn cost_bounds_increase_and_end_at_the_optimum((graph, percent) in graphs()) {
        let oracle = oracle_dijkstra(&graph.start, |&v| graph.out[v as usize].clone(), |&v| v == graph.goal);
        let g = graph.with_h(graph.random_h(&percent));
        for (name, first) in [("ils", 0), ("idastar", g.h[g.start as usize])] {
            let mut bounds = Bounds(Vec::new());
            let out = if name == "ils" { ils(&g, &Limits::none(), &mut bounds) } else { idastar(&g, &Limits::none(), &mut bounds) };
            prop_assert_eq!(bounds.0.first(), Some(&first), "{}", name);
            prop_assert!(bounds.0.windows(2).all(|w| w[0] < w[1]), "{}: bounds {:?} not increasing", name, bounds.0);
            prop_assert_eq!(out.stats.iterations, bounds.0.len() as u64);
            if let Some((_, cost)) = oracle {
                prop_assert_eq!(bounds.0.last(), Some(&cost), "{}", name);
            }
        }
    }
}

/// An infinite binary tree over `u64` (n → 2n, 2n+1) without a reachable goal, so only a
/// limit can end a search; predecessors make it usable by bidirectional search.
struct Endless;
const FAR: u64 = (1 << 62) + 12_345;

impl Problem for Endless {
    type State = u64;
    type Action = u64;
    type Cost = u32;
    fn initial_state(&self) -> u64 {
        1
    }
    fn is_goal(&self, n: &u64) -> bool {
        *n == FAR
    }
    fn expand(&self, state: &Self::State, out: &mut Vec<delve_core::Successor<Self::State, Self::Action, Self::Cost>>) {
        delve_core::expand_by_actions(self, state, out)
    }
}

impl delve_core::Actions for Endless {
    fn actions(&self, n: &u64) -> Vec<u64> {
        vec![2 * n, 2 * n + 1]
    }
    fn result(&self, _: &u64, a: &u64) -> u64 {
        *a
    }
    fn step_cost(&self, _: &u64, a: &u64) -> u32 {
        1 + (*a % 2) as u32
    }
}

impl Reversible for Endless {
    fn predecessors(&self, n: &u64, out: &mut Vec<Successor<u64, u64, u32>>) {
        if *n > 1 {
            out.push(Successor { action: *n, state: n / 2, cost: 1 + (*n % 2) as u32 });
        }
    }
    fn goal_states(&self) -> Vec<u64> {
        vec![FAR]
    }
}

type EndlessAlgo = fn(&Endless, &Limits, NoObserver) -> SearchResult<u64, u64, u32>;

fn endless_algos() -> [(&'static str, EndlessAlgo); 11] {
    [
        ("bfs", bfs),
        ("bibfs", bibfs),
        ("dfs", dfs),
        ("dls", |p, l, o| dls(p, 1000, l, o)),
        ("iddfs", iddfs),
        ("ucs", ucs),
        ("ils", ils),
        ("greedy", greedy),
        ("astar", astar),
        ("wastar", |p, l, o| weighted_astar(p, 3.0, l, o)),
        ("idastar", idastar),
    ]
}

#[test]
fn node_budget_stops_every_algorithm() {
    let limits = Limits::none().max_expanded(50);
    for (name, algo) in endless_algos() {
        let out = algo(&Endless, &limits, NoObserver);
        assert_eq!(out.outcome.stop_reason(), Some(StopReason::NodeLimit), "{name}");
        // BFS and the searches with a heuristic hand back the path to their best node (with
        // no heuristic, the start); the others none.
        let Outcome::Stopped { best_so_far, .. } = &out.outcome else { unreachable!() };
        let best_first = ["bfs", "greedy", "astar", "wastar", "idastar"].contains(&name);
        assert_eq!(best_so_far.is_some(), best_first, "{name}");
        if let Some(best) = best_so_far {
            assert_eq!(best.states.first(), Some(&Endless.initial_state()), "{name}");
            assert_eq!(best.states.len(), best.actions.len() + 1, "{name}");
        }
        assert_eq!(out.stats.expanded, 50, "{name}");
    }
}

#[test]
fn raised_cancel_flag_stops_every_algorithm() {
    let limits = Limits::none().cancel_flag(Arc::new(AtomicBool::new(true)));
    for (name, algo) in endless_algos() {
        let out = algo(&Endless, &limits, NoObserver);
        assert_eq!(out.outcome.stop_reason(), Some(StopReason::Cancelled), "{name}");
        assert_eq!(out.stats.expanded, 0, "{name}");
    }
}

/// Minimise the number of set bits of a 32-bit word; never a goal, so only limits end it.
struct Bits;
impl LocalProblem for Bits {
    type State = u32;
    type Move = u32;
    fn random_state(&self, rng: &mut SeededRng) -> u32 {
        rand::Rng::random(rng)
    }
    fn objective(&self, s: &u32) -> f64 {
        f64::from(s.count_ones())
    }
    fn is_goal(&self, _: &u32) -> bool {
        false
    }
    fn moves(&self, _: &u32, out: &mut Vec<u32>) {
        out.extend(0..32);
    }
    fn apply(&self, s: &mut u32, bit: &u32) {
        *s ^= 1 << bit;
    }
}

#[test]
fn local_searches_honour_limits() {
    let unlimited = HillClimbing { seed: 1, max_sideways: u64::MAX, max_restarts: u64::MAX };
    let fc = FirstChoice { seed: 1, max_tries: 100, max_restarts: u64::MAX };
    let sa = Annealing { seed: 1, min_temperature: 0.0, max_steps: u64::MAX, ..Default::default() };
    let cancelled = Limits::none().cancel_flag(Arc::new(AtomicBool::new(true)));
    let budget = Limits::none().max_expanded(500);
    for (limits, reason) in [(&budget, StopReason::NodeLimit), (&cancelled, StopReason::Cancelled)] {
        let outs = [
            hill_climbing(&Bits, &unlimited, limits, &mut NoObserver),
            first_choice(&Bits, &fc, limits, &mut NoObserver),
            simulated_annealing(&Bits, &sa, limits, &mut NoObserver),
        ];
        for out in outs {
            match &out.outcome {
                Outcome::Stopped { reason: r, .. } => assert_eq!(*r, reason),
                other => panic!("unexpected {other:?}"),
            }
            let expected = if reason == StopReason::NodeLimit { 500 } else { 0 };
            assert_eq!(out.stats.expanded, expected);
        }
    }
}
