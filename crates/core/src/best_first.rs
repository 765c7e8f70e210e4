//! The best-first graph-search engine behind uniform-cost search, greedy best-first, A* and
//! weighted A*: written once, parameterised by the priority `f(g, h)`.
//!
//! Tie-break policy (documented for all of them): the lowest priority first; among equal
//! priorities the lowest `h` (so, for A*, the deepest node); then the node created first
//! (its index in the node store). The goal test is applied when a node is selected for
//! expansion, which is what makes uniform-cost search and A* optimal.
//!
//! Frontier entries are `(f, h, node index)` — 12 bytes with `u32` costs. A node improved
//! while on the frontier is pushed again and its stale entries are skipped when they surface:
//! the fresh entry always has the lower `f`, so it is popped first and closes the node.
//! The frontier is a binary heap with a one-entry slot in front that serves the child A*
//! expands next without a trip through the heap (same pop order; the `heap` module); with
//! integer costs, a heap grown large over few `(f, h)` keys hands its entries over to buckets
//! by key, and the search goes on with those (the `buckets` module). Other frontiers plug in
//! through `Frontier` (the cell-cycling search keeps one heap per feature cell).

use crate::buckets::{Buckets, Heap};
use crate::cost::Cost;
use crate::frontier::{Entry, Frontier};
use crate::observe::{Meter, NodeInfo, Observer};
use crate::outcome::{Limits, Outcome, SearchResult, StopReason};
use crate::problem::{OutcomeOf, Problem};
use crate::tree::{Best, Tree};

/// How the engine ranks nodes.
pub(crate) struct Policy<F> {
    /// The algorithm's name for events.
    pub(crate) name: &'static str,
    /// Priority from (g, h).
    pub(crate) priority: F,
    /// Whether to call the heuristic at all (uniform-cost search does not).
    pub(crate) use_heuristic: bool,
    /// Whether a cheaper path to an already expanded state re-opens it (needed by A* with
    /// an inconsistent heuristic; greedy search never re-opens).
    pub(crate) reopen: bool,
}

/// Runs best-first graph search under `policy`.
pub(crate) fn search<P, O, F>(
    problem: &P,
    limits: &Limits,
    observer: O,
    policy: Policy<F>,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
    F: Fn(P::Cost, P::Cost) -> P::Cost,
{
    // The heap's "next" slot pays only with a heuristic (see the `heap` module).
    let heap = Heap::new(policy.use_heuristic);
    search_with(problem, limits, observer, policy, heap)
}

/// Runs best-first graph search under `policy` with `frontier` as the queue.
pub(crate) fn search_with<P, O, F, Q>(
    problem: &P,
    limits: &Limits,
    observer: O,
    policy: Policy<F>,
    mut frontier: Q,
) -> SearchResult<P::State, P::Action, P::Cost>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
    F: Fn(P::Cost, P::Cost) -> P::Cost,
    Q: Frontier<P::State, P::Cost>,
{
    let mut meter = Meter::new(limits, observer);
    let outcome = run(problem, &mut meter, &policy, &mut frontier)
        .unwrap_or_else(|reason| Outcome::Stopped { reason, best_so_far: None });
    meter.finish(outcome)
}

fn run<P, O, F, Q>(
    problem: &P,
    meter: &mut Meter<'_, O>,
    policy: &Policy<F>,
    heap: &mut Q,
) -> Result<OutcomeOf<P>, StopReason>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
    F: Fn(P::Cost, P::Cost) -> P::Cost,
    Q: Frontier<P::State, P::Cost>,
{
    meter.start::<P::State, P::Cost>(policy.name)?;
    let zero = P::Cost::ZERO;
    let start = problem.initial_state();
    let h0 = if policy.use_heuristic { problem.heuristic(&start) } else { zero };
    let start_entry = Entry { f: (policy.priority)(zero, h0), h: h0, node: 0 };
    heap.push(start_entry, &start);
    let mut tree: Tree<P::State, P::Action, P::Cost> = Tree::new(meter.memory_limit());
    tree.insert_root(start)?;
    let mut best = None;
    let end = match expand_all(problem, meter, policy, &mut tree, heap, &mut best) {
        // The heap grew crowded: go on with its entries in buckets.
        Ok(Err(entries)) => expand_all(problem, meter, policy, &mut tree, &mut Buckets::new(entries), &mut best)
            .map(|end| end.unwrap_or_else(|_| unreachable!("buckets are never crowded"))),
        other => other.map(|end| end.unwrap_or_else(|_| unreachable!("only a heap is crowded"))),
    };
    // A stopped search with a heuristic hands back the path to the best node it selected.
    end.or_else(|reason| Ok(Outcome::Stopped { reason, best_so_far: best.map(|b: Best<_>| tree.solution(b.node)) }))
}

/// Expands nodes from `heap` until a goal is selected or the frontier runs out (`Ok`), or
/// until the frontier is [`crowded`](Frontier::crowded) (`Err` with its entries).
#[allow(clippy::type_complexity)]
fn expand_all<P, O, F, Q>(
    problem: &P,
    meter: &mut Meter<'_, O>,
    policy: &Policy<F>,
    tree: &mut Tree<P::State, P::Action, P::Cost>,
    heap: &mut Q,
    best: &mut Option<Best<P::Cost>>,
) -> Result<Result<OutcomeOf<P>, Vec<Entry<P::Cost>>>, StopReason>
where
    P: Problem,
    O: Observer<P::State, P::Cost>,
    F: Fn(P::Cost, P::Cost) -> P::Cost,
    Q: Frontier<P::State, P::Cost>,
{
    let zero = P::Cost::ZERO;
    let mut buf = Vec::new();
    let mut kids: Vec<u32> = Vec::new();
    let track_memory = meter.memory_limit().is_some();

    while let Some(Entry { h: h_here, node, .. }) = heap.pop() {
        let idx = node as usize;
        // Lazy deletion: a stale entry surfaces only after its node was expanded.
        if tree.nodes[idx].is_closed() {
            continue;
        }
        tree.nodes[idx].close();
        let g_here = tree.nodes[idx].g;
        let state = &tree.nodes[idx].state;
        if problem.is_goal(state) {
            return Ok(Ok(Outcome::Solved(tree.solution(node))));
        }
        if policy.use_heuristic {
            Best::offer(best, h_here, g_here, node);
        }
        let info = NodeInfo { state, g: g_here, h: policy.use_heuristic.then_some(h_here), depth: None };
        if !meter.expanding(info)? {
            continue;
        }
        if track_memory {
            let frontier = heap.capacity() * std::mem::size_of::<Entry<P::Cost>>();
            meter.memory(tree.bytes() + frontier as u64)?;
        }
        buf.clear();
        problem.expand(&tree.nodes[idx].state, &mut buf);
        kids.clear();
        for succ in buf.drain(..) {
            let g_new = g_here + succ.cost;
            if !meter.generated(NodeInfo { state: &succ.state, g: g_new, h: None, depth: None })? {
                continue;
            }
            let Some(child) = tree.relax(succ.state, node, succ.action, g_new, policy.reopen)? else { continue };
            let h = if policy.use_heuristic {
                let tree = &*tree;
                problem.heuristic_after(
                    &tree.nodes[idx].state,
                    h_here,
                    tree.action(child),
                    &tree.nodes[child as usize].state,
                )
            } else {
                zero
            };
            heap.push(Entry { f: (policy.priority)(g_new, h), h, node: child }, &tree.nodes[child as usize].state);
            if Q::CHILDREN {
                kids.push(child);
            }
        }
        if Q::CHILDREN {
            let nodes = &tree.nodes;
            heap.children(&nodes[idx].state, kids.iter().map(|&k| &nodes[k as usize].state));
        }
        meter.frontier(heap.len());
        if let Some(entries) = heap.crowded() {
            return Ok(Err(entries));
        }
    }
    Ok(Ok(Outcome::NoSolution))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buckets::{Heap, SWITCH};
    use crate::informed::astar;
    use crate::{Event, FnObserver, FnProblem, Limits, NoObserver};

    /// A* whose frontier passes [`SWITCH`] entries over few keys goes on in buckets, and
    /// expands the very nodes, in the same order, as on a heap all along.
    #[test]
    fn buckets_take_over_a_crowded_heap_without_changing_the_search() {
        // A tree of branching 20, step costs 1 to 3 but 11 to 13 into the leaves (depth 4),
        // so every inner node is expanded before a leaf and the leaves crowd the frontier;
        // the heuristic counts the levels left, so keys are few.
        let p = FnProblem::new(
            (0u8, 0u32),
            |&(depth, i): &(u8, u32)| {
                let last = if depth == 3 { 10 } else { 0 };
                (0..20u32).filter(move |_| depth < 4).map(move |k| ((depth + 1, i * 20 + k), last + 1 + (i + k) % 3))
            },
            |&s: &(u8, u32)| s == (4, 16_022),
        )
        .with_heuristic(|&(depth, _): &(u8, u32)| u32::from(4 - depth));
        let order = |frontier: Option<Heap<u32>>| {
            let mut seen = Vec::new();
            let watch = FnObserver(|e: &Event<'_, (u8, u32), u32>, _: &_| {
                if let Event::Expand(n) = e {
                    seen.push(*n.state);
                }
            });
            let out = match frontier {
                Some(heap) => {
                    let policy =
                        Policy { name: "astar", priority: |g: u32, h| g + h, use_heuristic: true, reopen: true };
                    search_with(&p, &Limits::none(), watch, policy, heap)
                }
                None => astar(&p, &Limits::none(), watch),
            };
            (out.stats, out.into_solution().map(|s| (s.cost, s.states)), seen)
        };
        let (heap_stats, heap_path, heap_order) = order(Some(Heap::unswitched(true)));
        let (stats, path, seen) = order(None);
        assert!(heap_stats.max_frontier > SWITCH as u64, "{}", heap_stats.max_frontier);
        assert_eq!(path, heap_path);
        assert_eq!(seen, heap_order);
        assert_eq!((stats.expanded, stats.generated), (heap_stats.expanded, heap_stats.generated));
        assert_eq!(path.map(|(cost, _)| cost), astar(&p, &Limits::none(), NoObserver).solution().map(|s| s.cost));
    }

    /// A stopped A*, greedy, IDA* or BFS returns the path to the node with the lowest `h` it
    /// selected (then the lowest `g`); uniform-cost search, with no heuristic, returns none.
    #[test]
    fn a_stopped_search_returns_the_path_to_its_best_node() {
        use crate::informed::{greedy, idastar};
        use crate::uninformed::{bfs, ucs};
        // A line 0 → 1 → … → 20 with a side branch at each number n to n + 100 (a dead end);
        // h is the distance to 20 on the line, 50 on the branches.
        let p =
            FnProblem::unit(0u32, |&n: &u32| if n < 20 { vec![n + 1, n + 100] } else { vec![] }, |&n: &u32| n == 20)
                .with_heuristic(|&n: &u32| if n <= 20 { 20 - n } else { 50 });
        for (name, out) in [
            ("astar", astar(&p, &Limits::none().max_expanded(6), NoObserver)),
            ("greedy", greedy(&p, &Limits::none().max_expanded(6), NoObserver)),
            ("idastar", idastar(&p, &Limits::none().max_expanded(6), NoObserver)),
        ] {
            match out.outcome {
                Outcome::Stopped { reason: StopReason::NodeLimit, best_so_far: Some(best) } => {
                    // Six nodes expanded: 0 to 5; the best selected is 5, or 6 when the
                    // seventh selection (the one the limit stopped) counts.
                    let last = *best.states.last().unwrap();
                    assert!(last == 5 || last == 6, "{name}: {:?}", best.states);
                    assert_eq!(best.states, (0..=last).collect::<Vec<_>>(), "{name}");
                    assert_eq!(best.cost, last, "{name}");
                    assert_eq!(best.actions.len(), last as usize, "{name}");
                }
                other => panic!("{name}: {other:?}"),
            }
        }
        // BFS expands 0, 1, 100, 2, 101 and 3, then is stopped at 102: the best is 3.
        let out = bfs(&p, &Limits::none().max_expanded(6), NoObserver);
        match out.outcome {
            Outcome::Stopped { best_so_far: Some(best), .. } => assert_eq!(best.states, vec![0, 1, 2, 3]),
            other => panic!("bfs: {other:?}"),
        }
        let out = ucs(&p, &Limits::none().max_expanded(6), NoObserver);
        assert!(matches!(out.outcome, Outcome::Stopped { best_so_far: None, .. }), "{:?}", out.outcome);
    }

    /// The documented tie-break, through the frontier's slot: lowest `f`, then lowest `h`,
    /// then the node created first. Every node below has `f = 3` except `d`.
    #[test]
    fn expands_by_f_then_h_then_creation_order() {
        let p = FnProblem::new(
            's',
            |&c: &char| match c {
                's' => vec![('a', 1u32), ('b', 1), ('c', 2)],
                'c' => vec![('d', 2)],
                'a' => vec![('e', 1)],
                'b' => vec![('e', 1)],
                'e' => vec![('g', 1)],
                _ => vec![],
            },
            |&c: &char| c == 'g',
        )
        .with_heuristic(|&c: &char| match c {
            's' => 3,
            'a' | 'b' => 2,
            'c' | 'd' | 'e' => 1,
            _ => 0,
        });
        let mut expanded = Vec::new();
        let out = astar(
            &p,
            &Limits::none(),
            FnObserver(|e: &Event<'_, char, u32>, _: &_| {
                if let Event::Expand(n) = e {
                    expanded.push(*n.state)
                }
            }),
        );
        // `c` (h 1) before `a` and `b` (h 2); `a` before `b` (created first); `e` (h 1)
        // before `b`; `g` (h 0) is selected next and is the goal.
        assert_eq!(expanded, ['s', 'c', 'a', 'e']);
        assert_eq!(out.into_solution().expect("solvable").states, ['s', 'a', 'e', 'g']);
    }
}
