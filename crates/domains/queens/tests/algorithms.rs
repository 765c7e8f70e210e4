//! Every algorithm's answer is a valid placement for N = 1 and 4..=12 (several seeds for the
//! randomised ones); N = 2 and 3 have no solution.

use delve_core::{Limits, NoObserver, StopReason};
use delve_queens::{Algorithm, Found, solve, verify};

fn run(n: usize, algo: Algorithm, seed: u64) -> Found {
    solve(n, algo, seed, &Limits::none(), NoObserver).unwrap().found
}

#[test]
fn every_algorithm_solves_small_boards() {
    for algo in Algorithm::ALL {
        let seeds: &[u64] = if algo.is_randomised() { &[0, 1, 2, 3, 42] } else { &[0] };
        for n in std::iter::once(1).chain(4..=12) {
            for &seed in seeds {
                match run(n, algo, seed) {
                    Found::Solved(rows) => assert_eq!(verify(n, &rows), Ok(()), "{algo} N={n} seed={seed}"),
                    other => panic!("{algo} N={n} seed={seed}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn two_and_three_have_no_solution() {
    for algo in Algorithm::ALL {
        for n in [2, 3] {
            assert_eq!(run(n, algo, 5), Found::NoSolution, "{algo} N={n}");
        }
    }
}

#[test]
fn deterministic_algorithms_reproduce_the_reference() {
    // The original assignment's outputs for N = 5: BFS finds the leftmost solution, its stack-based
    // CSP the rightmost.
    assert_eq!(run(5, Algorithm::Search(delve_core::Algorithm::Bfs), 0), Found::Solved(vec![0, 2, 4, 1, 3]));
    assert_eq!(run(5, Algorithm::Csp, 0), Found::Solved(vec![4, 2, 0, 3, 1]));
    // Depth-first order finds the same lexicographically first solution as BFS.
    for algo in [
        Algorithm::Search(delve_core::Algorithm::Dfs),
        Algorithm::Search(delve_core::Algorithm::Ucs),
        Algorithm::Search(delve_core::Algorithm::Ils),
    ] {
        assert_eq!(run(8, algo, 0), Found::Solved(vec![0, 4, 7, 5, 2, 6, 1, 3]), "{algo}");
    }
}

#[test]
fn seeds_reproduce_and_limits_stop() {
    for algo in [Algorithm::Hc, Algorithm::HcRestart, Algorithm::Sa, Algorithm::MinConflicts] {
        assert_eq!(run(10, algo, 9), run(10, algo, 9), "{algo}");
    }
    let limits = Limits::none().max_expanded(10);
    for algo in [
        Algorithm::Search(delve_core::Algorithm::Bfs),
        Algorithm::Csp,
        Algorithm::Hc,
        Algorithm::Sa,
        Algorithm::MinConflicts,
    ] {
        let r = solve(60, algo, 1, &limits, NoObserver).unwrap();
        assert_eq!(r.found, Found::Stopped(StopReason::NodeLimit), "{algo}");
    }
}

#[test]
fn large_boards_for_the_scalable_algorithms() {
    for (algo, n) in [(Algorithm::CspMrvFc, 300), (Algorithm::MinConflicts, 200_000), (Algorithm::Construct, 200_000)] {
        let r = solve(n, algo, 7, &Limits::none(), NoObserver).unwrap();
        assert_eq!(verify(n, r.rows().expect("solved")), Ok(()), "{algo}");
    }
    let err = solve(5_000, Algorithm::Mac, 0, &Limits::none(), NoObserver).unwrap_err();
    assert_eq!(err.to_string(), "mac supports N up to 2000, got 5000");
}
