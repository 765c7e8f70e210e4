//! The Pons test sets as criterion benchmarks: each sample solves a slice of a set with a
//! fresh solver (the table allocated once per benchmark, cleared per sample). Full sets and
//! mean nodes: `delve connect4 bench FILE` (see BENCHMARKS.md).

use criterion::Criterion;
use delve_connect4::{Solver, SolverConfig, testset};
use delve_core::Limits;
use std::hint::black_box;

fn sets(c: &mut Criterion) {
    let data: [(&str, &str, usize); 6] = [
        ("L3_R1", include_str!("../data/Test_L3_R1"), 1000),
        ("L2_R1", include_str!("../data/Test_L2_R1"), 1000),
        ("L1_R1", include_str!("../data/Test_L1_R1"), 1000),
        ("L2_R2", include_str!("../data/Test_L2_R2"), 100),
        ("L1_R2", include_str!("../data/Test_L1_R2"), 10),
        ("L1_R3", include_str!("../data/Test_L1_R3"), 2),
    ];
    let mut group = c.benchmark_group("connect4");
    group.sample_size(10);
    let mut solver = Solver::new(SolverConfig::default());
    for (name, text, take) in data {
        let cases = testset::parse(text).expect("a Pons test set");
        group.bench_function(format!("{name} first {take}"), |b| {
            b.iter(|| {
                solver.reset();
                for case in cases.iter().take(take) {
                    let s = solver.solve(&case.position, false, &Limits::none()).expect("no limits");
                    assert_eq!(s.score, case.score, "{}", case.moves);
                    black_box(s);
                }
            })
        });
    }
    group.finish();
}

// What `criterion_group!`/`criterion_main!` expand to, minus an undocumented public fn.
fn main() {
    let mut c = Criterion::default().configure_from_args();
    sets(&mut c);
    c.final_summary();
}
