//! Solution counts against OEIS A000170/A002562 (`data/nqueens/nqueens-counts.tsv` at the
//! workspace root, with its SOURCES note). Tests stay at N ≤ 14; larger N are in the benches.

use delve_core::{Limits, NoObserver};
use delve_csp::{Config, count};
use delve_queens::{count_solutions, csp_model};
use std::path::PathBuf;

/// (N, total solutions, unique solutions) from the OEIS table.
fn table() -> Vec<(usize, u64, u64)> {
    // crates/domains/queens → the workspace root is three levels up.
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../data/nqueens/nqueens-counts.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("cannot read the OEIS table {} ({e}); it ships with the repository under data/nqueens/", path.display())
    });
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("N\t") && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].parse().unwrap(), f[1].parse().unwrap(), f[2].parse().unwrap())
        })
        .collect()
}

#[test]
fn bitboard_counts_and_unique_counts_match_oeis_up_to_14() {
    let rows = table();
    assert!(rows.len() >= 27, "the table lists N = 1..27");
    for &(n, total, unique) in rows.iter().filter(|(n, ..)| *n <= 14) {
        for threads in [1, 2] {
            let got = count_solutions(n, threads, &Limits::none(), NoObserver).unwrap();
            assert_eq!((got.solutions, got.unique), (total, unique), "N = {n}, {threads} threads");
        }
    }
}

#[test]
fn the_general_csp_engine_counts_the_same() {
    for &(n, expected, _) in table().iter().filter(|(n, ..)| *n <= 9) {
        let csp = csp_model(n);
        for cfg in [Config::plain(), Config::mrv_fc(), Config::mac()] {
            let got = count(&csp, &cfg, &Limits::none(), NoObserver);
            assert_eq!((got.count, got.stop_reason), (expected, None), "N = {n}, {cfg:?}");
        }
    }
}
