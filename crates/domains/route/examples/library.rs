//! The README's library example (kept identical by `tests/readme.rs`).

use delve_core::prelude::*;

fn main() {
    // The fewest knight moves from a1 to h8: squares are (file, rank) pairs.
    let jumps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    let on_board = |&(x, y): &(i8, i8)| (0..8).contains(&x) && (0..8).contains(&y);
    let moves = |&(x, y): &(i8, i8)| jumps.map(|(dx, dy)| (x + dx, y + dy)).into_iter().filter(on_board);
    let problem = FnProblem::unit((0, 0), moves, |&square| square == (7, 7));
    let path = bfs(&problem, &Limits::none(), NoObserver).into_solution().expect("reachable");
    assert_eq!(path.len(), 6);

    // Road maps: the built-in Romania (or `RoadMap::load("my.map")`), cheapest route by A*.
    let map = delve_route::RoadMap::romania();
    let problem = map.problem(map.city("Arad").unwrap(), map.city("Bucharest").unwrap());
    let route = astar(&problem, &Limits::none(), NoObserver).into_solution().unwrap();
    assert_eq!(route.cost, 418); // Arad → Sibiu → Rimnicu Vilcea → Pitesti → Bucharest
}
