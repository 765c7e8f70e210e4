//! Criterion benchmarks of the N-Queens crate: exact counting, min-conflicts and the
//! explicit construction on large boards, hill climbing on 8 queens, CSP backtracking with
//! MRV + forward checking on 1000 queens. The longer targets (count N = 16/18, the C
//! comparison, statistics over seeds) are run by the `report` bench; see BENCHMARKS.md.

use criterion::Criterion;
use delve_core::{Limits, NoObserver};
use delve_queens::{Algorithm, count_solutions, solve};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("count");
    g.sample_size(10);
    for n in [12usize, 14] {
        g.bench_function(format!("n{n}_2threads"), |b| {
            b.iter(|| count_solutions(black_box(n), 2, &Limits::none(), NoObserver).unwrap())
        });
    }
    g.finish();

    let mut g = c.benchmark_group("solve");
    g.sample_size(10);
    for (algo, n) in [
        (Algorithm::MinConflicts, 1_000_000usize),
        (Algorithm::Construct, 1_000_000),
        (Algorithm::CspMrvFc, 1_000),
        (Algorithm::Hc, 8),
    ] {
        let mut seed = 0u64;
        g.bench_function(format!("{algo}_n{n}"), |b| {
            b.iter(|| {
                seed += 1;
                let r = solve(black_box(n), algo, seed, &Limits::none(), NoObserver).unwrap();
                assert!(r.rows().is_some());
            })
        });
    }
    g.finish();
}

// What `criterion_group!`/`criterion_main!` expand to, minus an undocumented public fn.
fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
