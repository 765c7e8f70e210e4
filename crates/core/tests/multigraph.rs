//! Every path search on random multigraphs: parallel edges of different costs, self-loops,
//! cycles and zero-cost edges, each edge its own action. A returned solution must replay edge
//! by edge from the start to a goal and cost what it says; the optimal searches must match an
//! independent Bellman-Ford, the hop-optimal ones a breadth-first count of edges; and every
//! search must call the successor function once per expansion, never again to rebuild a path.

use delve_core::informed::{astar, cycling, greedy, idastar, parallel_astar, weighted_astar};
use delve_core::uninformed::{bfs, bibfs, dfs, dls, iddfs, ils, ucs};
use delve_core::{Algorithm, FnProblem, Limits, NoObserver, Outcome, Problem, Reversible, SearchResult, Successor};
use proptest::prelude::*;
use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// One directed edge; its index in [`Multigraph::edges`] is its action.
#[derive(Clone, Copy, Debug)]
struct Edge {
    from: u32,
    to: u32,
    cost: u32,
}

/// A directed multigraph searched from node 0 to `goal`, counting the calls made to its
/// successor and predecessor functions.
#[derive(Clone, Debug)]
struct Multigraph {
    nodes: u32,
    edges: Vec<Edge>,
    goal: u32,
    h: Vec<u32>,
    calls: Arc<AtomicU64>,
}

impl Multigraph {
    /// A copy with heuristic `h` and a counter of its own.
    fn with_h(&self, h: Vec<u32>) -> Self {
        Multigraph { h, calls: Arc::default(), ..self.clone() }
    }

    fn calls(&self) -> u64 {
        self.calls.load(Ordering::Relaxed)
    }
}

impl Problem for Multigraph {
    type State = u32;
    type Action = usize;
    type Cost = u32;
    fn initial_state(&self) -> u32 {
        0
    }
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.goal
    }
    fn heuristic(&self, s: &u32) -> u32 {
        self.h[*s as usize]
    }
    fn expand(&self, s: &u32, out: &mut Vec<Successor<u32, usize, u32>>) {
        self.calls.fetch_add(1, Ordering::Relaxed);
        let from_s = self.edges.iter().enumerate().filter(|(_, e)| e.from == *s);
        out.extend(from_s.map(|(i, e)| Successor { action: i, state: e.to, cost: e.cost }));
    }
}

impl Reversible for Multigraph {
    fn predecessors(&self, s: &u32, out: &mut Vec<Successor<u32, usize, u32>>) {
        self.calls.fetch_add(1, Ordering::Relaxed);
        let into_s = self.edges.iter().enumerate().filter(|(_, e)| e.to == *s);
        out.extend(into_s.map(|(i, e)| Successor { action: i, state: e.from, cost: e.cost }));
    }
    fn goal_states(&self) -> Vec<u32> {
        vec![self.goal]
    }
}

/// Cheapest cost from `source` to every node by Bellman-Ford over `edges` given as
/// `(from, to, cost)`; `None` where unreachable.
fn bellman_ford(nodes: u32, edges: impl Iterator<Item = (u32, u32, u32)> + Clone, source: u32) -> Vec<Option<u32>> {
    let mut dist = vec![None; nodes as usize];
    dist[source as usize] = Some(0);
    for _ in 0..nodes {
        for (from, to, cost) in edges.clone() {
            if let Some(d) = dist[from as usize] {
                let via = d + cost;
                if dist[to as usize].is_none_or(|old| via < old) {
                    dist[to as usize] = Some(via);
                }
            }
        }
    }
    dist
}

/// Checks that `out`'s solution replays on `g` edge by edge from the start to the goal and
/// costs the sum of its edges; returns its cost and number of actions.
fn replay(g: &Multigraph, name: &str, out: &SearchResult<u32, usize, u32>) -> Result<(u32, usize), TestCaseError> {
    let Outcome::Solved(sol) = &out.outcome else { return Err(TestCaseError::fail(format!("{name}: not solved"))) };
    prop_assert_eq!(sol.states.first(), Some(&0), "{}: starts elsewhere", name);
    prop_assert_eq!(sol.states.last(), Some(&g.goal), "{}: ends off the goal", name);
    prop_assert_eq!(sol.actions.len() + 1, sol.states.len(), "{}", name);
    let mut total = 0;
    for (i, &action) in sol.actions.iter().enumerate() {
        let edge = g.edges[action];
        prop_assert_eq!(
            (edge.from, edge.to),
            (sol.states[i], sol.states[i + 1]),
            "{}: action {} is edge {:?}, not a step {} → {}",
            name,
            action,
            edge,
            sol.states[i],
            sol.states[i + 1]
        );
        total += edge.cost;
    }
    prop_assert_eq!(total, sol.cost, "{}: the edges cost {}, the solution says {}", name, total, sol.cost);
    Ok((sol.cost, sol.actions.len()))
}

/// A random multigraph on 1–7 nodes with its goal: costs 0–9 (all 1 when `unit`), self-loops
/// kept, and copies of some edges at other costs.
fn multigraphs() -> impl Strategy<Value = (Multigraph, bool)> {
    (
        1u32..8,
        prop::collection::vec((0u32..8, 0u32..8, 0u32..10), 0..24),
        prop::collection::vec((any::<prop::sample::Index>(), 0u32..10), 0..10),
        0u32..8,
        prop::bool::weighted(0.25),
    )
        .prop_map(|(nodes, raw, copies, goal, unit)| {
            let mut edges: Vec<Edge> =
                raw.iter().map(|&(from, to, cost)| Edge { from: from % nodes, to: to % nodes, cost }).collect();
            if !edges.is_empty() {
                for (at, cost) in copies {
                    let edge = edges[at.index(edges.len())];
                    edges.push(Edge { cost, ..edge });
                }
            }
            if unit {
                edges.iter_mut().for_each(|e| e.cost = 1);
            }
            let graph =
                Multigraph { nodes, edges, goal: goal % nodes, h: vec![0; nodes as usize], calls: Arc::default() };
            (graph, unit)
        })
}

/// Every path search, with the heuristic of the problem it is given.
type Run = fn(&Multigraph) -> SearchResult<u32, usize, u32>;

fn searches() -> [(&'static str, Run); 14] {
    [
        ("bfs", |g| bfs(g, &Limits::none(), NoObserver)),
        ("bibfs", |g| bibfs(g, &Limits::none(), NoObserver)),
        ("dfs", |g| dfs(g, &Limits::none(), NoObserver)),
        ("dls", |g| dls(g, g.nodes as usize, &Limits::none(), NoObserver)),
        ("iddfs", |g| iddfs(g, &Limits::none(), NoObserver)),
        ("ucs", |g| ucs(g, &Limits::none(), NoObserver)),
        ("ils", |g| ils(g, &Limits::none(), NoObserver)),
        ("astar", |g| astar(g, &Limits::none(), NoObserver)),
        ("wastar", |g| weighted_astar(g, 2.0, &Limits::none(), NoObserver)),
        ("greedy", |g| greedy(g, &Limits::none(), NoObserver)),
        ("cycling", |g| cycling(g, |&s| u64::from(s % 3), &Limits::none(), NoObserver)),
        ("idastar", |g| idastar(g, &Limits::none(), NoObserver)),
        ("parallel_astar/2", |g| parallel_astar(g, || g.clone(), 2, &Limits::none(), NoObserver)),
        ("parallel_astar/3", |g| parallel_astar(g, || g.clone(), 3, &Limits::none(), NoObserver)),
    ]
}

/// The searches that return a cheapest path (with an admissible heuristic).
const OPTIMAL: [&str; 6] = ["ucs", "ils", "astar", "idastar", "parallel_astar/2", "parallel_astar/3"];
/// The searches that return a path with the fewest actions.
const FEWEST_ACTIONS: [&str; 3] = ["bfs", "bibfs", "iddfs"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn every_search_replays_and_the_optimal_ones_agree_with_bellman_ford(
        (graph, unit) in multigraphs(),
        percent in 0u32..=100,
    ) {
        let edges = graph.edges.iter().map(|e| (e.from, e.to, e.cost));
        let cheapest = bellman_ford(graph.nodes, edges.clone(), 0)[graph.goal as usize];
        let hops = bellman_ford(graph.nodes, edges.clone().map(|(f, t, _)| (f, t, 1)), 0)[graph.goal as usize];
        // An admissible heuristic: a share of the exact cost to the goal, `MAX` at dead ends.
        let to_goal = bellman_ford(graph.nodes, edges.map(|(f, t, c)| (t, f, c)), graph.goal);
        let h = to_goal.iter().map(|d| d.map_or(u32::MAX, |d| d * percent / 100)).collect();
        for heuristic in [vec![0; graph.nodes as usize], h] {
            for (name, run) in searches() {
                let g = graph.with_h(heuristic.clone());
                let out = run(&g);
                prop_assert_eq!(g.calls(), out.stats.expanded, "{}: successor calls against expansions", name);
                let Some(optimum) = cheapest else {
                    prop_assert_eq!(&out.outcome, &Outcome::NoSolution, "{}", name);
                    continue;
                };
                let (cost, len) = replay(&g, name, &out)?;
                if OPTIMAL.contains(&name) {
                    prop_assert_eq!(cost, optimum, "{}: not the cheapest", name);
                }
                if FEWEST_ACTIONS.contains(&name) {
                    prop_assert_eq!(Some(len as u32), hops, "{}: not the fewest actions", name);
                    if unit {
                        prop_assert_eq!(cost, optimum, "{}: not the cheapest on unit costs", name);
                    }
                }
            }
        }
    }
}

/// `a → b` twice: Toll (cost 5), then Free (cost 1). Every search returns the action of the
/// edge it followed with that edge's cost.
#[test]
fn parallel_edges_keep_the_action_followed() {
    const TOLL: usize = 0;
    const FREE: usize = 1;
    let g = Multigraph {
        nodes: 2,
        edges: vec![Edge { from: 0, to: 1, cost: 5 }, Edge { from: 0, to: 1, cost: 1 }],
        goal: 1,
        h: vec![0, 0],
        calls: Arc::default(),
    };
    for (name, run) in searches() {
        let sol = run(&g).into_solution().expect("solvable");
        let expected = match name {
            // The first edge listed is followed by the searches that stop at the first path.
            "bfs" | "bibfs" | "dfs" | "dls" | "iddfs" => (vec![TOLL], 5),
            _ => (vec![FREE], 1),
        };
        assert_eq!((sol.actions, sol.cost), expected, "{name}");
    }
}

/// A counter in a successor closure, as a caller of the closure adapter would write it, reads
/// one call per expansion for every algorithm: none is made to rebuild the path.
#[test]
fn a_counting_successor_closure_is_called_once_per_expansion() {
    // A 5×5 grid without its middle column's top four cells, corner to corner.
    let open = |x: i32, y: i32| (0..5).contains(&x) && (0..5).contains(&y) && !(x == 2 && y < 4);
    for (name, _) in Algorithm::NAMES.iter().filter(|(name, _)| *name != "bibfs") {
        let algorithm: Algorithm = if *name == "dls" { Algorithm::Dls { limit: 12 } } else { name.parse().unwrap() };
        let calls = Cell::new(0u64);
        let p = FnProblem::new(
            (0i32, 0i32),
            |&(x, y): &(i32, i32)| {
                calls.set(calls.get() + 1);
                [(1, 0), (0, 1), (-1, 0), (0, -1)]
                    .map(|(dx, dy)| ((x + dx, y + dy), 1u32))
                    .into_iter()
                    .filter(|&((x, y), _)| open(x, y))
            },
            |&s: &(i32, i32)| s == (4, 0),
        )
        .with_heuristic(|&(x, y): &(i32, i32)| ((4 - x).abs() + y.abs()) as u32);
        let out = algorithm.run(&p, &Limits::none(), NoObserver).expect("no predecessors needed");
        let sol = out.solution().unwrap_or_else(|| panic!("{name}: solvable"));
        assert!(sol.len() >= 12, "{name}: {} actions", sol.len());
        assert_eq!(calls.get(), out.stats.expanded, "{name}: successor calls against expansions");
    }
}
