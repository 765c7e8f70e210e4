//! Cheapest paths with floating-point costs by uniform-cost search: the distances are real
//! road lengths in kilometres.
//!
//! Run: `cargo run --release -p delve-core --example float_graph`

use delve_core::prelude::*;

const ROADS: [(&str, &str, f64); 7] = [
    ("Lyon", "Geneva", 150.2),
    ("Lyon", "Grenoble", 112.5),
    ("Grenoble", "Chambery", 60.3),
    ("Chambery", "Geneva", 86.1),
    ("Geneva", "Lausanne", 62.4),
    ("Chambery", "Annecy", 51.0),
    ("Annecy", "Geneva", 42.7),
];

fn main() {
    let neighbours = |&city: &&'static str| {
        ROADS.iter().filter_map(move |&(a, b, km)| match () {
            _ if a == city => Some((b, km)),
            _ if b == city => Some((a, km)),
            _ => None,
        })
    };
    let p = FnProblem::new("Lyon", neighbours, |&c| c == "Lausanne");
    let out = ucs(&p, &Limits::none(), NoObserver);
    let route = out.solution().expect("connected");
    assert_eq!(route.states, ["Lyon", "Geneva", "Lausanne"]);
    assert!((route.cost - 212.6).abs() < 1e-9);
    println!("{} = {:.1} km ({})", route.states.join(" → "), route.cost, out.stats);
}
