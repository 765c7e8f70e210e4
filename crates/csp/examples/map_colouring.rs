//! Colouring the map of Australia with three colours (AIMA's classic CSP), by backtracking
//! with MRV, forward checking and MAC, and counting every colouring.
//!
//! Run: `cargo run --release -p delve-csp --example map_colouring`

use delve_core::{Limits, NoObserver};
use delve_csp::{Config, Csp, Relation, count, solve};

const REGIONS: [&str; 7] = ["WA", "NT", "SA", "Q", "NSW", "V", "T"];
const BORDERS: [(usize, usize); 9] = [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (2, 4), (2, 5), (3, 4), (4, 5)];
const COLOURS: [&str; 3] = ["red", "green", "blue"];

fn main() -> Result<(), delve_csp::CspError> {
    let mut csp = Csp::new();
    let vars: Vec<_> = REGIONS.iter().map(|&region| csp.add_labelled_var(region, COLOURS)).collect();
    for (a, b) in BORDERS {
        csp.add_binary(vars[a], vars[b], Relation::Ne)?;
    }
    for config in [Config::plain(), Config::mrv_fc(), Config::mac()] {
        let out = solve(&csp, &config, &Limits::none(), NoObserver);
        let colours = out.solution().expect("Australia is 3-colourable");
        assert!(csp.is_solution(colours));
        println!("{}  ({} assignments, {})", csp.show(colours), out.counters.assignments, out.stats);
    }
    // Tasmania is free (3 ways) and the mainland has 6 colourings: 18 in all.
    let all = count(&csp, &Config::mrv_fc(), &Limits::none(), NoObserver);
    assert_eq!(all.count, 18);
    println!("{} colourings in all", all.count);
    Ok(())
}
