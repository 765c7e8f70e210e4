//! How many nodes fit: breadth-first search over an open 2-D grid whose states are packed into
//! a `u64`, until 50 million states are stored (set `DELVE_NODES` for another count). Prints
//! the time, the bytes of node storage per state, and the process's peak memory.
//!
//! Run: `cargo bench -p delve-core --bench node_store` (about 1.5 GB of memory for 50 M).
//! The figures are in BENCHMARKS.md ("node store").

use delve_core::prelude::*;
use std::time::Instant;

fn main() {
    let target: u64 = std::env::var("DELVE_NODES").ok().and_then(|s| s.parse().ok()).unwrap_or(50_000_000);
    // An open grid large enough that BFS stores `target` states before it reaches the goal.
    let side = ((target as f64).sqrt() * 1.5) as u64 + 2;
    let pack = |x: u64, y: u64| (x << 32) | y;
    let p = FnProblem::unit(
        pack(side / 2, side / 2),
        move |&s: &u64| {
            let (x, y) = (s >> 32, s & 0xffff_ffff);
            [(x + 1, y), (x.wrapping_sub(1), y), (x, y + 1), (x, y.wrapping_sub(1))]
                .into_iter()
                .filter(move |&(x, y)| x < side && y < side)
                .map(move |(x, y)| pack(x, y))
        },
        |&s: &u64| s == 0,
    );
    // BFS stores about as many states as it generates distinct ones; stop by expansions.
    let start = Instant::now();
    let out = bfs(&p, &Limits::none().max_expanded(target), NoObserver);
    let elapsed = start.elapsed();
    let stored = out.stats.generated;
    println!(
        "node_store: {} expanded, {} generated, {:.2} s ({})",
        out.stats.expanded,
        stored,
        elapsed.as_secs_f64(),
        out.outcome.stop_reason().map_or("finished", |r| r.name())
    );
    if let Ok(status) = std::fs::read_to_string("/proc/self/status")
        && let Some(line) = status.lines().find(|l| l.starts_with("VmHWM"))
    {
        let kb: f64 = line.split_whitespace().nth(1).and_then(|v| v.parse().ok()).unwrap_or(0.0);
        let bytes = kb * 1024.0;
        println!(
            "node_store: peak resident {:.2} GB, {:.1} bytes per expanded state",
            bytes / 1e9,
            bytes / out.stats.expanded as f64
        );
    }
}
