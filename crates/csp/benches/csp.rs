//! Benchmarks of the CSP engine: N-Queens as a binary CSP under plain backtracking,
//! MRV + forward checking and MAC. (Sudoku under MAC is `delve-sudoku`'s bench.)

use criterion::Criterion;
use delve_core::{Limits, NoObserver};
use delve_csp::{Config, solve};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let q20 = delve_queens::csp_model(20);
    for (name, cfg) in [("plain", Config::plain()), ("mrv_fc", Config::mrv_fc()), ("mac", Config::mac())] {
        c.bench_function(&format!("queens20_{name}"), |b| {
            b.iter(|| solve(black_box(&q20), &cfg, &Limits::none(), &mut NoObserver))
        });
    }
}

// What `criterion_group!`/`criterion_main!` expand to, minus an undocumented public fn.
fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
