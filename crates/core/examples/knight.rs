//! The fewest knight moves between two squares, by breadth-first search on a closure problem
//! (`FnProblem::unit`: every step costs 1), and by bidirectional search.
//!
//! Run: `cargo run --release -p delve-core --example knight`

use delve_core::prelude::*;

const JUMPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

fn jumps((x, y): (i8, i8)) -> impl Iterator<Item = (i8, i8)> {
    JUMPS.iter().map(move |(dx, dy)| (x + dx, y + dy)).filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
}

fn square((x, y): (i8, i8)) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn main() {
    let (from, to) = ((0, 0), (7, 7)); // a1 to h8
    let p = FnProblem::unit(from, |&s| jumps(s), |&s| s == to);
    let out = bfs(&p, &Limits::none(), NoObserver);
    let path = out.solution().expect("a knight reaches every square");
    assert_eq!(path.len(), 6);
    println!(
        "a1 → h8 in {} moves: {} ({})",
        path.len(),
        path.states.iter().map(|&s| square(s)).collect::<Vec<_>>().join(" "),
        out.stats
    );

    // Knight moves are their own inverses, so the same closure lists predecessors.
    let two_way = WithPredecessors::new(p, vec![to], |&s: &(i8, i8)| {
        jumps(s).map(|n| Successor { action: (), state: n, cost: 1 })
    });
    let out = bibfs(&two_way, &Limits::none(), NoObserver);
    assert_eq!(out.solution().map(|s| s.len()), Some(6));
    println!("bidirectional: the same 6 moves, {}", out.stats);
}
