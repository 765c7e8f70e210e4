//! Whole-graph reachability and distances, without a goal: the cheapest cost to every
//! reachable node ([`dijkstra_all`]), the set of reachable nodes ([`reachable`]), and
//! breadth-first distances over densely indexed nodes ([`bfs_distances`],
//! [`bfs_distances_multi`]) for the tables grid domains precompute (Sokoban's dead squares
//! and push distances).
//!
//! Closure-based and independent of [`Problem`](crate::Problem): these are building blocks
//! for domains and heuristics, not instrumented searches.

use crate::cost::Cost;
use crate::hash::{FxHashMap, FxHashSet};
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::collections::hash_map::Entry;
use std::hash::Hash;

/// The distance [`bfs_distances`] reports for a node it cannot reach.
pub const UNREACHED: u32 = u32::MAX;

/// A node waiting in the Dijkstra heap; the heap is a max-heap, so the order is reversed to
/// pop the cheapest first.
struct Queued<N, C> {
    cost: C,
    node: N,
}

impl<N, C: Cost> PartialEq for Queued<N, C> {
    fn eq(&self, other: &Self) -> bool {
        self.cost.total_cmp(&other.cost) == Ordering::Equal
    }
}
impl<N, C: Cost> Eq for Queued<N, C> {}
impl<N, C: Cost> PartialOrd for Queued<N, C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<N, C: Cost> Ord for Queued<N, C> {
    fn cmp(&self, other: &Self) -> Ordering {
        other.cost.total_cmp(&self.cost)
    }
}

/// Dijkstra's algorithm run to exhaustion from `start`: every node reachable from it, except
/// `start` itself, mapped to its parent on a cheapest path and the cost of that path. Follow
/// the parents back to `start` to rebuild a path. `successors(n)` lists `(neighbour, step
/// cost)` pairs; step costs must be non-negative. When several parents give the same cheapest
/// cost, the first one found is kept.
///
/// ```
/// use delve_core::reach::dijkstra_all;
/// let edges = [vec![(1, 4u32), (2, 1)], vec![(3, 1)], vec![(1, 2)], vec![]];
/// let best = dijkstra_all(&0usize, |&n| edges[n].clone());
/// assert_eq!(best[&1], (2, 3)); // 0 → 2 → 1 beats the direct edge
/// assert_eq!(best[&3], (1, 4));
/// assert!(!best.contains_key(&0));
/// ```
pub fn dijkstra_all<N, C, F, I>(start: &N, mut successors: F) -> FxHashMap<N, (N, C)>
where
    N: Eq + Hash + Clone,
    C: Cost,
    F: FnMut(&N) -> I,
    I: IntoIterator<Item = (N, C)>,
{
    let mut best: FxHashMap<N, (N, C)> = FxHashMap::default();
    let mut heap = BinaryHeap::from([Queued { cost: C::ZERO, node: start.clone() }]);
    while let Some(Queued { cost, node }) = heap.pop() {
        // A node is queued again each time its cost improves; skip the outdated entries.
        if best.get(&node).is_some_and(|&(_, known)| known.total_cmp(&cost) == Ordering::Less) {
            continue;
        }
        for (next, step) in successors(&node) {
            if next == *start {
                continue;
            }
            let reached = cost + step;
            match best.entry(next) {
                Entry::Occupied(mut e) => {
                    if reached.total_cmp(&e.get().1) == Ordering::Less {
                        heap.push(Queued { cost: reached, node: e.key().clone() });
                        *e.get_mut() = (node.clone(), reached);
                    }
                }
                Entry::Vacant(e) => {
                    heap.push(Queued { cost: reached, node: e.key().clone() });
                    e.insert((node.clone(), reached));
                }
            }
        }
    }
    best
}

/// Every node reachable from `start` (itself included), in breadth-first order, each once.
/// `successors(n)` lists the neighbours of `n`.
///
/// ```
/// use delve_core::reach::reachable;
/// // Multiplying by 2 or 3 modulo 7, from 1: the non-zero residues.
/// let seen = reachable(1u32, |&n| [n * 2 % 7, n * 3 % 7]);
/// assert_eq!(seen, vec![1, 2, 3, 4, 6, 5]);
/// ```
pub fn reachable<N, F, I>(start: N, mut successors: F) -> Vec<N>
where
    N: Eq + Hash + Clone,
    F: FnMut(&N) -> I,
    I: IntoIterator<Item = N>,
{
    let mut seen = FxHashSet::from_iter([start.clone()]);
    // The output doubles as the breadth-first queue: `order[head..]` is the frontier.
    let mut order = vec![start];
    let mut head = 0;
    while head < order.len() {
        for next in successors(&order[head]) {
            if seen.insert(next.clone()) {
                order.push(next);
            }
        }
        head += 1;
    }
    order
}

/// Breadth-first distances (number of edges) from `start` to every node of a graph whose
/// nodes are `0..n_nodes`; [`UNREACHED`] for the nodes it cannot reach. `neighbours(n, buf)`
/// pushes the neighbours of `n` onto `buf` (handed over empty); an index out of range panics.
///
/// ```
/// use delve_core::reach::{UNREACHED, bfs_distances};
/// // A 1×6 corridor with a wall at cell 3.
/// let open = [true, true, true, false, true, true];
/// let d = bfs_distances(6, 1, |n, buf| {
///     buf.extend([n.wrapping_sub(1), n + 1].into_iter().filter(|&m| m < 6 && open[m]))
/// });
/// assert_eq!(d, vec![1, 0, 1, UNREACHED, UNREACHED, UNREACHED]);
/// ```
pub fn bfs_distances(n_nodes: usize, start: usize, neighbours: impl FnMut(usize, &mut Vec<usize>)) -> Vec<u32> {
    bfs_distances_multi(n_nodes, [start], neighbours)
}

/// [`bfs_distances`] from several sources at once: each node's distance to its nearest
/// source (sources are at distance 0; repeats are harmless). Run it on reversed edges to get
/// every node's distance *to* the nearest of a set of targets, such as goal squares.
///
/// ```
/// use delve_core::reach::bfs_distances_multi;
/// // A path 0 - 1 - 2 - 3 - 4 with targets at both ends.
/// let d = bfs_distances_multi(5, [0, 4], |n, buf| {
///     buf.extend([n.wrapping_sub(1), n + 1].into_iter().filter(|&m| m < 5))
/// });
/// assert_eq!(d, vec![0, 1, 2, 1, 0]);
/// ```
pub fn bfs_distances_multi(
    n_nodes: usize,
    sources: impl IntoIterator<Item = usize>,
    mut neighbours: impl FnMut(usize, &mut Vec<usize>),
) -> Vec<u32> {
    let mut dist = vec![UNREACHED; n_nodes];
    // Each node enters the queue once, so a vector with a read cursor is the whole queue.
    let mut queue = Vec::new();
    for s in sources {
        if dist[s] == UNREACHED {
            dist[s] = 0;
            queue.push(s);
        }
    }
    let mut buf = Vec::new();
    let mut head = 0;
    while let Some(&node) = queue.get(head) {
        head += 1;
        let next_dist = dist[node] + 1;
        buf.clear();
        neighbours(node, &mut buf);
        for &next in &buf {
            if dist[next] == UNREACHED {
                dist[next] = next_dist;
                queue.push(next);
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dijkstra_all_on_a_graph_with_cycles_and_a_path_back_to_start() {
        let edges: [&[(u8, u32)]; 4] = [&[(1, 5), (2, 1)], &[(0, 1), (3, 1)], &[(1, 1), (3, 7)], &[(0, 0)]];
        let best = dijkstra_all(&0u8, |&n| edges[n as usize].iter().copied());
        assert_eq!(best.len(), 3);
        assert_eq!(best[&1], (2, 2));
        assert_eq!(best[&2], (0, 1));
        assert_eq!(best[&3], (1, 3));
    }

    #[test]
    fn dijkstra_all_with_float_costs_and_an_isolated_start() {
        let best = dijkstra_all(&'a', |&c| if c < 'd' { vec![((c as u8 + 1) as char, 0.5f64)] } else { vec![] });
        assert_eq!(best[&'d'], ('c', 1.5));
        assert!(dijkstra_all(&0u32, |_| Vec::<(u32, u32)>::new()).is_empty());
    }

    #[test]
    fn reachable_stops_at_the_component() {
        let seen = reachable(10u32, |&n| if n < 13 { vec![n + 1, n] } else { vec![10] });
        assert_eq!(seen, vec![10, 11, 12, 13]);
    }

    #[test]
    fn bfs_distances_on_a_grid_and_empty_graphs() {
        // 3×3 grid, 4-connected.
        let d = bfs_distances(9, 4, |n, buf| {
            let (r, c) = (n / 3, n % 3);
            if r > 0 {
                buf.push(n - 3);
            }
            if r < 2 {
                buf.push(n + 3);
            }
            if c > 0 {
                buf.push(n - 1);
            }
            if c < 2 {
                buf.push(n + 1);
            }
        });
        assert_eq!(d, vec![2, 1, 2, 1, 0, 1, 2, 1, 2]);
        assert_eq!(bfs_distances_multi(3, [], |_, _| {}), vec![UNREACHED; 3]);
        assert_eq!(bfs_distances_multi(2, [1, 1], |n, buf| buf.push(1 - n)), vec![1, 0]);
    }
}
