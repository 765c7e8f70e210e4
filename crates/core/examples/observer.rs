//! Watching and steering a search: a closure observer that logs what A* expands, an observer
//! that prunes the states behind a wall (and logs IDA*'s `f` bounds), the algorithm picked by
//! name at run time, and the serde `Report` every `--json` prints.
//!
//! Run: `cargo run --release -p delve-core --example observer`

use delve_core::prelude::*;

type Cell = (i32, i32);
const GOAL: Cell = (9, 0);

/// A 10×10 grid walked in four directions from (0, 0) to (9, 0), every step costing 1, with
/// the Manhattan distance to the goal as heuristic.
fn grid() -> impl Problem<State = Cell, Action = (), Cost = u32> {
    let steps = |&(x, y): &Cell| {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .map(|(dx, dy)| ((x + dx, y + dy), 1u32))
            .into_iter()
            .filter(|((x, y), _)| (0..10).contains(x) && (0..10).contains(y))
    };
    FnProblem::new((0, 0), steps, |&c| c == GOAL)
        .with_heuristic(|&(x, y): &Cell| (GOAL.0 - x).unsigned_abs() + (GOAL.1 - y).unsigned_abs())
}

/// Steering: drops every successor on column 5 below row 9, a wall the problem itself knows
/// nothing about, and keeps the bound of every iteration it sees.
#[derive(Default)]
struct Wall {
    bounds: Vec<u32>,
}
impl Observer<Cell, u32> for Wall {
    fn on_event(&mut self, event: &Event<'_, Cell, u32>, _: &Live) -> Control {
        match event {
            Event::Generate(node) if node.state.0 == 5 && node.state.1 < 9 => Control::Prune,
            Event::Iteration { bound: Bound::Cost(f), .. } => {
                self.bounds.push(*f);
                Control::Continue
            }
            _ => Control::Continue,
        }
    }
}

fn main() {
    let p = grid();

    // Watching: a closure observer sees every event; keep the first expansions.
    let mut seen = Vec::new();
    let open = astar(
        &p,
        &Limits::none(),
        FnObserver(|e: &Event<'_, Cell, u32>, _: &Live| {
            if let Event::Expand(node) = e
                && seen.len() < 4
            {
                seen.push(format!("{:?} g={} h={}", node.state, node.g, node.h.unwrap_or(0)));
            }
        }),
    );
    println!("A* expands {}, …", seen.join(", "));
    println!("A* open grid:  cost {:>2}, {}", open.solution().expect("open grid").cost, open.stats);

    // Steering: the same A* with the wall pruned away takes the detour over the top.
    let walled = astar(&p, &Limits::none(), Wall::default());
    let detour = walled.solution().expect("a gap at the top");
    assert_eq!(detour.cost, 27);
    assert!(detour.states.iter().all(|&(x, y)| x != 5 || y == 9));
    println!("A* with wall:  cost {:>2}, {}", detour.cost, walled.stats);

    // Pass `&mut observer` to read it afterwards: IDA*'s bounds rise until the detour fits.
    let mut wall = Wall::default();
    let out = idastar(&p, &Limits::none(), &mut wall);
    assert_eq!(out.solution().map(|s| s.cost), Some(27));
    println!("IDA* with wall: f bounds {:?}", wall.bounds);

    // The algorithm chosen by name, as the command line does.
    for name in ["bfs", "dfs", "ucs", "greedy", "astar", "wastar", "idastar"] {
        let algorithm: Algorithm = name.parse().expect("a known name");
        let out = algorithm.run(&p, &Limits::none(), Wall::default()).expect("not bibfs");
        let cost = out.solution().expect("a gap at the top").cost;
        println!(
            "{name:<8} cost {cost:>2}  expanded {:>3}  optimal? {}",
            out.stats.expanded,
            algorithm.is_cost_optimal()
        );
    }
    assert!("warp".parse::<Algorithm>().is_err());

    // The one report type: the shared keys plus the domain's own fields, flattened.
    #[derive(serde::Serialize)]
    struct Walk {
        cost: Option<u32>,
        first_steps: Option<Vec<Cell>>,
    }
    let sol = walled.solution();
    let walk = Walk { cost: sol.map(|s| s.cost), first_steps: sol.map(|s| s.states[..3].to_vec()) };
    let report = walled.report(walk);
    println!("{}", serde_json::to_string(&report).expect("serialisable"));
}
