//! # delve-grid
//!
//! Grid worlds for delve: a rectangle of walls, floor and mud with a start and a goal, moves
//! up, down, left and right, and the search problem every algorithm of `delve-core` runs on,
//! with the Manhattan-distance heuristic. The web page's search lab steps through searches
//! on these grids, and the grid benchmark (`benches/grid_astar.rs`) times delve's A*, BFS and
//! uniform-cost search against the `pathfinding` crate on its random ones.
//!
//! | module | what it does |
//! | --- | --- |
//! | [`grid`] | the [`Grid`] model, [`Terrain`], [`Move`], the text it prints as, and its [`Problem`](delve_core::Problem) |
//! | [`parse`] | the text format's parser, with errors by line and column |
//! | [`random`] | seeded random grids |
//!
//! ## The text format
//!
//! One line per row, every row the same length; blank lines and trailing spaces are ignored.
//!
//! ```text
//! S..#.     S  the start (floor)     .  floor: entering costs 1
//! .#.~.     G  the goal (floor)      ~  mud: entering costs 3
//! ...#G                              #  a wall
//! ```
//!
//! Exactly one `S` and one `G`; at most [`MAX_SIDE`] rows and columns. Errors say where and
//! what was expected, e.g. `line 2, column 4: expected a cell (`#` wall, `.` floor, `~` mud,
//! `S` start, `G` goal), found `x``.
//!
//! ## Searching a grid
//!
//! ```
//! use delve_core::{Algorithm, Limits, NoObserver};
//! use delve_grid::Grid;
//!
//! let grid: Grid = "S~~#G\n.....".parse()?;
//! let result = Algorithm::Astar.run(&grid, &Limits::none(), NoObserver)?;
//! let path = result.solution().expect("the goal is reachable");
//! let moves: String = path.actions.iter().map(|m| m.letter()).collect();
//! // Mud costs 3 a cell: the cheapest path goes around it.
//! assert_eq!((path.cost, moves.as_str()), (6, "DRRRRU"));
//! assert_eq!(grid.position(path.states[3]), (1, 2), "(row, column)");
//!
//! // A seeded random grid: the same seed always gives the same grid.
//! let random = Grid::random(64, 64, 0.25, 2024)?;
//! assert_eq!(random, Grid::random(64, 64, 0.25, 2024)?);
//! assert!(Algorithm::Astar.run(&random, &Limits::none(), NoObserver)?.solution().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Why these types
//!
//! A cell is its row-major index, a `u32`: the search state is 4 bytes and `Copy`, the
//! action a one-byte [`Move`], and expanding a cell is index arithmetic and a lookup in a
//! flat `Vec` of [`Terrain`], with no allocation. Costs are `u32` whole numbers, so optimal
//! costs compare exactly. [`Grid::neighbours`] is the same successor function as a closure,
//! so `FnProblem` and other crates (`pathfinding`) search the very same graph.

pub mod grid;
pub mod parse;
pub mod random;

pub use grid::{Grid, MAX_SIDE, Move, Terrain};
pub use parse::{ErrorKind, ParseError};
pub use random::{GridError, MAX_TRIES};

#[cfg(test)]
mod tests {
    use super::*;
    use delve_core::informed::astar;
    use delve_core::uninformed::{bfs, ucs};
    use delve_core::{Limits, NoObserver};
    use proptest::prelude::*;

    /// Any grid of up to 12×12 cells, mud included, as its parts.
    fn grids() -> impl Strategy<Value = Grid> {
        (1u32..=12, 1u32..=12)
            .prop_filter("two cells at least", |(w, h)| w * h >= 2)
            .prop_flat_map(|(width, height)| {
                let n = width * height;
                let terrain = prop_oneof![3 => Just(Terrain::Floor), 1 => Just(Terrain::Wall), 1 => Just(Terrain::Mud)];
                (Just(width), Just(height), prop::collection::vec(terrain, n as usize), 0..n, 1..n)
            })
            .prop_map(|(width, height, mut cells, start, offset)| {
                let goal = (start + offset) % (width * height);
                cells[start as usize] = Terrain::Floor;
                cells[goal as usize] = Terrain::Floor;
                Grid { width, height, cells, start, goal }
            })
    }

    proptest! {
        #[test]
        fn a_grid_prints_as_text_that_parses_back_to_it(grid in grids()) {
            prop_assert_eq!(Grid::parse(&grid.to_string()), Ok(grid));
        }

        #[test]
        fn astar_finds_the_cost_of_uniform_cost_search(grid in grids()) {
            let best = ucs(&grid, &Limits::none(), NoObserver).solution().map(|s| s.cost);
            let found = astar(&grid, &Limits::none(), NoObserver).solution().map(|s| s.cost);
            prop_assert_eq!(found, best);
        }

        #[test]
        fn on_random_grids_astar_finds_the_fewest_moves(w in 2u32..40, h in 1u32..40, density in 0.0..0.4, seed: u64) {
            // Dense narrow grids may not connect their corners in any seed tried.
            let grid = Grid::random(w, h, density, seed);
            prop_assume!(grid.is_ok());
            let grid = grid.unwrap();
            let fewest = bfs(&grid, &Limits::none(), NoObserver).solution().map(|s| s.len());
            let cost = astar(&grid, &Limits::none(), NoObserver).solution().map(|s| s.cost as usize);
            prop_assert_eq!(cost, fewest);
        }
    }
}
