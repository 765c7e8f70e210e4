//! Property tests for the domain-free building blocks: the minimum-cost matching against
//! `pathfinding`'s Kuhn–Munkres (and against brute force when pairs are forbidden), and the
//! reachability functions against `pathfinding`'s `dijkstra_all` and `bfs_reach`.

use delve_core::matching::{Matcher, min_cost_matching};
use delve_core::reach::{UNREACHED, bfs_distances, bfs_distances_multi, dijkstra_all, reachable};
use pathfinding::directed::bfs::bfs_reach;
use pathfinding::directed::dijkstra::dijkstra_all as oracle_dijkstra_all;
use pathfinding::kuhn_munkres::kuhn_munkres_min;
use pathfinding::matrix::Matrix;
use proptest::prelude::*;

/// A random `n × m` matrix (row-major) with `n ≤ m`, entries drawn from `values`.
fn matrices<T: std::fmt::Debug + Clone>(
    rows: std::ops::RangeInclusive<usize>,
    max_extra_cols: usize,
    values: impl Strategy<Value = T> + Clone,
) -> impl Strategy<Value = (usize, usize, Vec<T>)> {
    (rows, 0..=max_extra_cols).prop_flat_map(move |(n, extra)| {
        let m = n + extra;
        (Just(n), Just(m), proptest::collection::vec(values.clone(), n * m))
    })
}

/// Checks that `row_to_col` matches every row to a distinct column and its pairs sum to `total`.
fn check_assignment(m: usize, row_to_col: &[usize], cost: impl Fn(usize, usize) -> Option<i64>, total: i64) {
    let mut used = vec![false; m];
    let mut sum = 0;
    for (r, &c) in row_to_col.iter().enumerate() {
        assert!(c < m && !used[c], "column {c} out of range or used twice");
        used[c] = true;
        sum += cost(r, c).expect("a forbidden pair was matched");
    }
    assert_eq!(sum, total);
}

/// The cheapest matching of every row by trying every assignment (`None` if there is none).
fn brute_force(n: usize, m: usize, cost: &dyn Fn(usize, usize) -> Option<i64>) -> Option<i64> {
    fn go(row: usize, n: usize, used: &mut [bool], cost: &dyn Fn(usize, usize) -> Option<i64>) -> Option<i64> {
        if row == n {
            return Some(0);
        }
        let mut best: Option<i64> = None;
        for c in 0..used.len() {
            if used[c] {
                continue;
            }
            let Some(w) = cost(row, c) else { continue };
            used[c] = true;
            if let Some(rest) = go(row + 1, n, used, cost) {
                best = Some(best.map_or(w + rest, |b| b.min(w + rest)));
            }
            used[c] = false;
        }
        best
    }
    go(0, n, &mut vec![false; m], cost)
}

/// A random directed graph as adjacency lists `(target, weight)`; self-loops and parallel
/// edges included on purpose.
fn graphs(max_nodes: usize, max_weight: u32) -> impl Strategy<Value = Vec<Vec<(usize, u32)>>> {
    (1..=max_nodes)
        .prop_flat_map(move |n| proptest::collection::vec(proptest::collection::vec((0..n, 0..=max_weight), 0..4), n))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn matching_agrees_with_kuhn_munkres((n, m, values) in matrices(1..=9, 4, -50i64..100)) {
        let cost = |r: usize, c: usize| Some(values[r * m + c]);
        let (expected, _) = kuhn_munkres_min(&Matrix::from_vec(n, m, values.clone()).unwrap());
        let got = min_cost_matching(n, m, cost).unwrap();
        prop_assert_eq!(got.total, expected);
        check_assignment(m, &got.row_to_col, cost, got.total);
    }

    #[test]
    fn reused_unsigned_matcher_agrees_with_kuhn_munkres(
        instances in proptest::collection::vec(matrices(0..=8, 3, 0u32..1000), 1..6),
    ) {
        let mut matcher = Matcher::new();
        for (n, m, values) in instances {
            let total = matcher.solve(n, m, |r, c| Some(values[r * m + c])).unwrap();
            let wide: Vec<i64> = values.iter().map(|&v| i64::from(v)).collect();
            let expected = if n == 0 { 0 } else { kuhn_munkres_min(&Matrix::from_vec(n, m, wide).unwrap()).0 };
            prop_assert_eq!(i64::from(total), expected);
            check_assignment(m, matcher.assignment(), |r, c| Some(i64::from(values[r * m + c])), expected);
        }
    }

    #[test]
    fn forbidden_pairs_agree_with_brute_force(
        (n, m, values) in matrices(0..=6, 2, prop_oneof![1 => Just(None), 2 => (-20i32..40).prop_map(Some)]),
    ) {
        let cost = |r: usize, c: usize| values[r * m + c].map(i64::from);
        let expected = brute_force(n, m, &cost);
        let got = min_cost_matching(n, m, |r, c| values[r * m + c]);
        prop_assert_eq!(got.as_ref().map(|g| i64::from(g.total)), expected);
        if let Some(got) = got {
            check_assignment(m, &got.row_to_col, cost, i64::from(got.total));
        }
    }

    #[test]
    fn dijkstra_all_agrees_with_pathfinding(graph in graphs(30, 20), start in 0usize..30) {
        let start = start % graph.len();
        let ours = dijkstra_all(&start, |&v| graph[v].clone());
        let oracle = oracle_dijkstra_all(&start, |&v| graph[v].clone());
        prop_assert_eq!(ours.len(), oracle.len());
        let cost_of = |v: usize| if v == start { Some(0) } else { ours.get(&v).map(|&(_, c)| c) };
        for (node, &(parent, cost)) in &ours {
            prop_assert_eq!(Some(cost), oracle.get(node).map(|&(_, c)| c));
            let parent_cost = cost_of(parent).expect("parent is reachable");
            prop_assert!(graph[parent].iter().any(|&(t, w)| t == *node && parent_cost + w == cost));
        }
    }

    #[test]
    fn reachable_agrees_with_bfs_reach(graph in graphs(30, 0), start in 0usize..30) {
        let start = start % graph.len();
        let succ = |&v: &usize| graph[v].iter().map(|&(t, _)| t).collect::<Vec<_>>();
        let ours = reachable(start, succ);
        let oracle: Vec<usize> = bfs_reach(start, succ).collect();
        prop_assert_eq!(ours, oracle);
    }

    #[test]
    fn bfs_distances_agree_with_unit_dijkstra(graph in graphs(30, 0), sources in proptest::collection::vec(0usize..30, 1..4)) {
        let n = graph.len();
        let sources: Vec<usize> = sources.iter().map(|s| s % n).collect();
        let neighbours = |v: usize, buf: &mut Vec<usize>| buf.extend(graph[v].iter().map(|&(t, _)| t));
        let multi = bfs_distances_multi(n, sources.iter().copied(), neighbours);
        let mut nearest = vec![UNREACHED; n];
        for &s in &sources {
            let single = bfs_distances(n, s, neighbours);
            let oracle = oracle_dijkstra_all(&s, |&v| graph[v].iter().map(|&(t, _)| (t, 1u32)).collect::<Vec<_>>());
            for v in 0..n {
                let expected = if v == s { 0 } else { oracle.get(&v).map_or(UNREACHED, |&(_, c)| c) };
                prop_assert_eq!(single[v], expected);
                nearest[v] = nearest[v].min(expected);
            }
        }
        prop_assert_eq!(multi, nearest);
    }
}
