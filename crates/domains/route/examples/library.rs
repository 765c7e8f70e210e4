//! The README's library example (kept identical by `tests/readme.rs`).

use delve_core::{FnProblem, Limits, NoObserver, informed::astar};
use delve_route::RoadMap;
use std::time::Duration;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A 20×20 grid with a wall at x = 10 (rows 0 to 14); 4-connected moves cost 1.
    let goal = (19, 0);
    let open = |(x, y): (i32, i32)| (0..20).contains(&x) && (0..20).contains(&y) && !(x == 10 && y < 15);
    let problem = FnProblem::new(
        (0i32, 0i32),
        move |&(x, y): &(i32, i32)| {
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .into_iter()
                .map(move |(dx, dy)| (x + dx, y + dy))
                .filter(move |&p| open(p))
                .map(|p| (p, 1u32))
        },
        move |&p: &(i32, i32)| p == goal,
    )
    .with_heuristic(move |&(x, y): &(i32, i32)| (goal.0 - x).unsigned_abs() + (goal.1 - y).unsigned_abs());

    let limits = Limits::none().max_expanded(1_000_000).timeout(Duration::from_secs(5));
    let result = astar(&problem, &limits, &mut NoObserver);
    let path = result.solution().expect("the wall has a gap");
    assert_eq!(path.cost, 49); // up 15, across 19, down 15
    println!("cost {}, expanded {} states", path.cost, result.stats.expanded);

    // Road maps: the built-in Romania, or RoadMap::load("my.map")?
    let map = RoadMap::romania();
    let problem = map.problem(map.city("Arad")?, map.city("Bucharest")?);
    let route = astar(&problem, &Limits::none(), &mut NoObserver).into_solution().unwrap();
    assert_eq!(route.cost, 418);
    println!("{}", problem.names(&route.states).join(" → ")); // Arad → Sibiu → Rimnicu Vilcea → Pitesti → Bucharest
    Ok(())
}
