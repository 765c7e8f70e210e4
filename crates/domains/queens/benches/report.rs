//! The numbers behind BENCHMARKS.md (section queens/csp), printed as Markdown tables:
//! `cargo bench -p delve-queens --bench report [-- counts|mc|hc|csp|all]`.
//!
//! - counts: exact counts for N = 16 (1 and 2 threads) and 18 (2 threads), checked against
//!   OEIS A000170;
//! - mc: min-conflicts and construction for N = 10⁶ over several seeds;
//! - hc: steepest-ascent hill climbing with random restarts on 8 queens over 1000 seeds — time,
//!   climbs, success rate per climb — and the sideways-move variant;
//! - csp: nodes and backtracks of plain backtracking, MRV + forward checking and MAC for
//!   N = 8..30, and MRV + FC for N = 1000.

use delve_core::{Limits, NoObserver};
use delve_queens::{Algorithm, count_solutions, solve, verify};
use std::time::{Duration, Instant};

fn main() {
    let what: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let want = |k: &str| what.is_empty() || what.iter().any(|w| w == k || w == "all");
    if want("counts") {
        counts();
    }
    if want("mc") {
        large();
    }
    if want("hc") {
        hill_climbing();
    }
    if want("csp") {
        csp_table();
    }
}

/// Exact counts against OEIS A000170: N = 16 on 1 and 2 threads (best and median of 5 runs,
/// the machine is shared) and N = 18 on 2 threads (one run).
fn counts() {
    println!("| N | solutions | unique | threads | runs | best | median |\n|---|---|---|---|---|---|---|");
    for (n, threads, runs, expected) in
        [(16usize, 1, 5, 14_772_512u64), (16, 2, 5, 14_772_512), (18, 2, 1, 666_090_624)]
    {
        let mut times = Vec::new();
        let mut unique = 0;
        for _ in 0..runs {
            let c = count_solutions(n, threads, &Limits::none(), NoObserver).unwrap();
            assert_eq!(c.solutions, expected, "OEIS A000170");
            unique = c.unique;
            times.push(c.elapsed.as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        println!("| {n} | {expected} | {unique} | {threads} | {runs} | {:.3} s | {:.3} s |", times[0], times[runs / 2]);
    }
}

fn large() {
    let n = 1_000_000;
    println!("| algorithm | N | seed | time | steps | initial conflicts |\n|---|---|---|---|---|---|");
    for algo in [Algorithm::MinConflicts, Algorithm::Construct] {
        for seed in 0..5u64 {
            let t = Instant::now();
            let r = solve(n, algo, seed, &Limits::none(), NoObserver).unwrap();
            let elapsed = t.elapsed();
            verify(n, r.rows().expect("solved")).unwrap();
            let get = |k: &str| r.counters.iter().find(|(name, _)| *name == k).map_or(0, |(_, v)| *v);
            println!(
                "| {algo} | {n} | {seed} | {:.3} s | {} | {} |",
                elapsed.as_secs_f64(),
                get("steps"),
                get("initial_conflicts")
            );
            if algo == Algorithm::Construct {
                break;
            }
        }
    }
}

fn hill_climbing() {
    println!(
        "| algorithm | N | runs | mean time | max time | climbs | success per climb |\n|---|---|---|---|---|---|---|"
    );
    for algo in [Algorithm::Hc, Algorithm::HcRestart] {
        let runs = 1000u64;
        let mut total = Duration::ZERO;
        let mut worst = Duration::ZERO;
        let mut climbs = 0u64;
        for seed in 0..runs {
            let t = Instant::now();
            let r = solve(8, algo, seed, &Limits::none(), NoObserver).unwrap();
            let e = t.elapsed();
            verify(8, r.rows().expect("solved")).unwrap();
            total += e;
            worst = worst.max(e);
            climbs += r.stats.iterations;
        }
        println!(
            "| {algo} | 8 | {runs} | {:.1} µs | {:.1} µs | {climbs} | {:.1} % |",
            total.as_secs_f64() * 1e6 / runs as f64,
            worst.as_secs_f64() * 1e6,
            100.0 * runs as f64 / climbs as f64
        );
    }
}

fn csp_table() {
    let cap = 20_000_000u64;
    println!(
        "| N | plain nodes | plain backtracks | MRV+FC nodes | MRV+FC backtracks | MAC nodes | MAC backtracks |\n|---|---|---|---|---|---|---|"
    );
    for n in 8..=30usize {
        let mut cells = Vec::new();
        for algo in [Algorithm::Csp, Algorithm::CspMrvFc, Algorithm::Mac] {
            let r = solve(n, algo, 0, &Limits::none().max_expanded(cap), NoObserver).unwrap();
            let get = |k: &str| r.counters.iter().find(|(name, _)| *name == k).map_or(0, |(_, v)| *v);
            match r.rows() {
                Some(rows) => {
                    verify(n, rows).unwrap();
                    cells.push(format!("{} | {}", get("assignments"), get("backtracks")));
                }
                None => cells.push(format!("> {cap} | —")),
            }
        }
        println!("| {n} | {} |", cells.join(" | "));
    }
    for seed in 0..5u64 {
        let t = Instant::now();
        let r = solve(1000, Algorithm::CspMrvFc, seed, &Limits::none(), NoObserver).unwrap();
        let get = |k: &str| r.counters.iter().find(|(name, _)| *name == k).map_or(0, |(_, v)| *v);
        verify(1000, r.rows().unwrap()).unwrap();
        println!(
            "csp-mrv-fc N=1000 seed {seed}: {:.3} s, {} assignments, {} backtracks, {} runs",
            t.elapsed().as_secs_f64(),
            get("assignments"),
            get("backtracks"),
            get("runs")
        );
    }
}
