//! Korf's 100 random 15-puzzle instances, solved optimally with IDA* and an additive pattern
//! database: `cargo bench -p delve-sliding --bench korf100 [-- PARTITION]`.
//!
//! The tables are loaded from `$DELVE_PDB_DIR` (default `target/delve-pdb`) or built there
//! first (the build time is reported separately). Fails if any solution length differs from
//! the published optimum or does not replay to the goal.

use delve_core::{Algorithm, Limits, NoObserver};
use delve_sliding::korf::{korf_goal, korf100};
use delve_sliding::notation::Notation;
use delve_sliding::pdb::{AdditivePdb, Partition};
use delve_sliding::replay;
use delve_sliding::solve::{HeuristicChoice, solve};
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let partition_text = std::env::args().skip(1).find(|a| !a.starts_with('-')).unwrap_or_else(|| "7-8".to_string());
    let goal = korf_goal();
    let partition = Partition::parse(&partition_text, &goal).expect("a valid partition");
    let dir = std::env::var_os("DELVE_PDB_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../target/delve-pdb"));
    let t = Instant::now();
    let prepared =
        AdditivePdb::load_or_build(&dir, &goal, &partition, &Limits::none(), NoObserver).expect("pattern database");
    let (db, built) = (prepared.pdb, prepared.built);
    println!(
        "pdb {partition_text}: {} in {:.2} s (reflection: {})",
        if built { "built" } else { "loaded" },
        t.elapsed().as_secs_f64(),
        db.reflects()
    );
    let heuristic = HeuristicChoice::Pdb(Arc::new(db));
    let instances = korf100();
    let t = Instant::now();
    let results: Vec<(u32, u32, u64, u64, f64)> = instances
        .par_iter()
        .map(|k| {
            let out =
                solve(&k.start, &goal, Algorithm::Idastar, &heuristic, Notation::RowMajor, &Limits::none(), NoObserver)
                    .expect("solvable");
            let sol = out.solution().expect("solved");
            let end = replay(&k.start, &sol.actions).expect("legal moves");
            assert_eq!(end.last(), Some(&goal), "instance {} does not reach the goal", k.id);
            (k.id, sol.cost, out.stats.expanded, out.stats.generated, out.stats.elapsed.as_secs_f64())
        })
        .collect();
    let wall = t.elapsed().as_secs_f64();
    let mut wrong = 0;
    for ((id, len, expanded, generated, secs), k) in results.iter().zip(&instances) {
        let ok = *len == k.optimal;
        wrong += usize::from(!ok);
        println!(
            "#{id:3} moves {len:2} (published {:2}{}) expanded {expanded:>11} generated {generated:>11} {:8.3} s",
            k.optimal,
            if ok { "" } else { " MISMATCH" },
            secs
        );
    }
    let expanded: u64 = results.iter().map(|r| r.2).sum();
    let generated: u64 = results.iter().map(|r| r.3).sum();
    let cpu: f64 = results.iter().map(|r| r.4).sum();
    println!(
        "korf100 {partition_text}: {} of 100 optimal; total expanded {expanded}, generated {generated}; \
         wall {wall:.3} s on {} threads (sum of per-instance times {cpu:.3} s)",
        100 - wrong,
        rayon::current_num_threads()
    );
    assert_eq!(wrong, 0, "some lengths differ from the published optima");
}
