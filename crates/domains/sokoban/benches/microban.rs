//! A few Microban levels as criterion benchmarks, push-optimal (`--pushes`, on one thread and
//! on two with parallel A*) and push-then-move-optimal (`--optimal`): each sample solves the
//! group's levels from scratch. The throughput criterion reports is generated nodes per second
//! (on one thread every level's node count is fixed, so it is the speed per node; on two it
//! varies a little from run to run, and the first run's count is used). The whole collection:
//! `delve sokoban bench` (see BENCHMARKS.md).

use criterion::{Criterion, Throughput};
use delve_core::{Limits, NoObserver};
use delve_sokoban::{Level, Mode, parse_collection, solve_parallel};
use std::hint::black_box;
use std::time::Duration;

/// A benchmark: the mode, the threads, and the levels with their push-optimal push counts.
type Group<'a> = (Mode, usize, &'a [(usize, u32)]);

fn microban(c: &mut Criterion) {
    let levels = parse_collection(include_str!("../data/microban.xsb")).expect("Microban parses");
    // (mode, threads, level numbers, their push-optimal push counts from microban_optimal.tsv)
    let pushes: &[(usize, u32)] = &[(112, 94), (122, 90), (123, 101)];
    let groups: [Group; 3] =
        [(Mode::Pushes, 1, pushes), (Mode::Pushes, 2, pushes), (Mode::Optimal, 1, &[(134, 76), (146, 14)])];
    let mut group = c.benchmark_group("microban");
    group.sample_size(10).measurement_time(Duration::from_secs(8));
    for (mode, threads, cases) in groups {
        let chosen: Vec<(&Level, u32)> = cases.iter().map(|&(n, pushes)| (&levels[n - 1], pushes)).collect();
        let run = || {
            let mut generated = 0;
            for &(level, pushes) in &chosen {
                let solved = solve_parallel(level, false, mode, threads, &Limits::none(), NoObserver)
                    .expect("within the limits");
                assert_eq!(solved.solution.as_ref().map(|s| s.pushes), Some(pushes), "Microban {}", level.number);
                generated += solved.stats.generated;
            }
            generated
        };
        group.throughput(Throughput::Elements(run()));
        let numbers: Vec<String> = cases.iter().map(|(n, _)| n.to_string()).collect();
        let name = format!("--{} --threads {threads} {}", mode.name(), numbers.join(" "));
        group.bench_function(name, |b| b.iter(|| black_box(run())));
    }
    group.finish();
}

// What `criterion_group!`/`criterion_main!` expand to, minus an undocumented public fn.
fn main() {
    let mut c = Criterion::default().configure_from_args();
    microban(&mut c);
    c.final_summary();
}
