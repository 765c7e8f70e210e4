//! N-Queens on the general CSP engine: the same model (delve-queens' `csp_model`, one binary
//! constraint per pair of columns) solved with each inference and ordering, pruned by AC-3,
//! counted, enumerated, and solved by min-conflicts.
//!
//! Run: `cargo run --release -p delve-csp --example queens`

use delve_core::{Limits, NoObserver};
use delve_csp::{
    Config, Csp, Domain, Inference, MinConflicts, ValueOrder, VarOrder, ac3, count, for_each_solution, min_conflicts,
    solve,
};
use std::ops::ControlFlow;

fn main() {
    let csp = delve_queens::csp_model(16);
    let configs = [
        ("plain backtracking", Config::plain()),
        ("MRV only", Config { var_order: VarOrder::Mrv, ..Config::plain() }),
        ("forward checking", Config { inference: Inference::ForwardChecking, ..Config::plain() }),
        ("MRV+degree, FC", Config::mrv_fc()),
        ("MRV+degree, FC, LCV", Config::mrv_fc().with_values(ValueOrder::Lcv)),
        ("MAC", Config::mac()),
        ("MAC, random ties", Config::mac().randomised(7)),
    ];
    println!("16 queens:");
    for (name, config) in configs {
        let out = solve(&csp, &config, &Limits::none(), NoObserver);
        let rows = out.solution().expect("16 queens are solvable");
        assert!(csp.is_solution(rows));
        let c = out.counters;
        println!(
            "  {name:<20} {:>6} assignments {:>6} backtracks {:>8} checks {:>7} pruned",
            c.assignments, c.backtracks, c.checks, c.pruned
        );
    }

    // AC-3 on its own: with the first queen fixed in the corner, the second column loses
    // the rows the corner queen attacks.
    let mut fixed = delve_queens::csp_model(6);
    fixed.set_domain(0, Domain::singleton(0)).expect("variable 0 exists");
    let domains = ac3(&fixed).expect("still consistent");
    println!("AC-3, queen 1 on row 1: column 2 keeps rows {:?}", domains[1].iter().map(|r| r + 1).collect::<Vec<_>>());

    // Counting and visiting every solution.
    let eight = delve_queens::csp_model(8);
    let all = count(&eight, &Config::mrv_fc(), &Limits::none(), NoObserver);
    assert_eq!(all.count, 92);
    let mut first = Vec::new();
    for_each_solution(&eight, &Config::plain(), &Limits::none(), NoObserver, |rows| {
        first.push(rows.iter().map(|r| r + 1).collect::<Vec<_>>());
        if first.len() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    println!("8 queens: {} solutions; the first three {:?}", all.count, first);

    // A node budget stops a count cleanly: the count is then a lower bound.
    let partial = count(&eight, &Config::plain(), &Limits::none().max_expanded(5_000), NoObserver);
    assert!(!partial.is_complete());
    let reason = partial.stop_reason.map_or("nothing", |r| r.name());
    println!("with 5,000 assignments: {} found, stopped by {reason}", partial.count);

    // Min-conflicts: local search on a complete assignment, seeded.
    let big: Csp = delve_queens::csp_model(200);
    let out = min_conflicts(&big, &MinConflicts::default(), 1, &Limits::none(), NoObserver);
    assert!(big.is_solution(out.solution().expect("solved")));
    println!("200 queens by min-conflicts: {} steps, {} tries", out.stats.expanded, out.stats.iterations);
}
