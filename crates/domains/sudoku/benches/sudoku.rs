//! Benchmark of Sudoku on the CSP engine: Inkala's 2012 puzzle under MAC.

use criterion::Criterion;
use delve_core::{Limits, NoObserver};
use delve_csp::{Config, solve};
use delve_sudoku::Sudoku;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let inkala: Sudoku =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse().unwrap();
    let csp = inkala.to_csp();
    c.bench_function("sudoku_inkala2012_mac", |b| {
        b.iter(|| solve(black_box(&csp), &Config::mac(), &Limits::none(), &mut NoObserver))
    });
}

// What `criterion_group!`/`criterion_main!` expand to, minus an undocumented public fn.
fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
