//! Whole-space enumeration timings: `cargo bench -p delve-sliding --bench enumerate`.
//! Set `DELVE_BENCH_BIG=1` to also enumerate 3×4 and 2×6 (about 240 M states each).

use delve_core::{Limits, NoObserver};
use delve_sliding::enumerate::enumerate;
use delve_sliding::notation::keypad_goal;
use delve_sliding::{Dims, Grid};
use std::time::Instant;

fn time(goal: &Grid, runs: usize) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let e = enumerate(goal, u64::MAX, &Limits::none(), NoObserver).expect("fits");
        times.push(t.elapsed().as_secs_f64() * 1e3);
        last = Some(e);
    }
    times.sort_by(f64::total_cmp);
    let e = last.expect("at least one run");
    println!(
        "enumerate {}: {} states, hardest {} ({} states), average {:.15}; min {:.3} ms, median {:.3} ms over {runs} runs; threads {}",
        goal.dims(),
        e.states(),
        e.max_depth(),
        e.states_at_max_depth(),
        e.average_depth(),
        times[0],
        times[runs / 2],
        rayon::current_num_threads()
    );
    if runs == 1 {
        println!("per depth: {:?}", e.per_depth());
    }
}

fn main() {
    // `cargo bench --bench enumerate -- 3x3` runs only the boards whose name matches.
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    if wanted("3x3") {
        time(&keypad_goal(Dims::new(3, 3).expect("3x3")).expect("keypad"), 101);
    }
    if wanted("2x4") {
        time(&Grid::standard_goal(Dims::new(2, 4).expect("2x4")), 101);
    }
    if std::env::var_os("DELVE_BENCH_BIG").is_some() {
        time(&Grid::standard_goal(Dims::new(3, 4).expect("3x4")), 1);
        time(&Grid::standard_goal(Dims::new(2, 6).expect("2x6")), 1);
    }
}
