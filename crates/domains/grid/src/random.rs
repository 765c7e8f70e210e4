//! Seeded random grids ([`Grid::random`]) and the errors of their parameters ([`GridError`]).

use crate::grid::{Grid, MAX_SIDE, Terrain};
use delve_core::uninformed::bfs;
use delve_core::{Limits, NoObserver};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How many seeds [`Grid::random`] tries, from the one it is given, for a grid whose corners
/// are connected.
pub const MAX_TRIES: u64 = 100;

/// Parameters of a random grid that cannot make one.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GridError {
    /// A side of 0 or above [`MAX_SIDE`], or a single cell (the start and goal must differ).
    #[error("expected 1 to {MAX_SIDE} rows and columns and at least 2 cells, found {width}×{height}")]
    Size {
        /// The columns asked for.
        width: u32,
        /// The rows asked for.
        height: u32,
    },
    /// A wall density outside 0 to 1.
    #[error("expected a wall density from 0 to 1, found {0}")]
    Density(f64),
    /// No seed tried gave a grid whose corners are connected.
    #[error("no {width}×{height} grid of density {density} connects its corners with seeds {seed} to {last}", last = seed.wrapping_add(MAX_TRIES - 1))]
    Disconnected {
        /// The columns.
        width: u32,
        /// The rows.
        height: u32,
        /// The wall density.
        density: f64,
        /// The first seed tried.
        seed: u64,
    },
}

impl Grid {
    /// A random `width × height` grid of floor and walls, each cell a wall with probability
    /// `density` (drawn row by row from ChaCha8 seeded with `seed`), from the top-left corner
    /// (the start) to the bottom-right one (the goal), both kept free. When they are not
    /// connected, the next seed is tried (up to [`MAX_TRIES`] seeds): the same arguments
    /// always give the same grid.
    ///
    /// ```
    /// use delve_grid::Grid;
    ///
    /// let grid = Grid::random(8, 4, 0.25, 2024).unwrap();
    /// assert_eq!((grid.width(), grid.height(), grid.start(), grid.goal()), (8, 4, 0, 31));
    /// assert_eq!(grid, Grid::random(8, 4, 0.25, 2024).unwrap());
    /// assert!(Grid::random(0, 4, 0.25, 2024).is_err());
    /// ```
    pub fn random(width: u32, height: u32, density: f64, seed: u64) -> Result<Grid, GridError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) || width * height < 2 {
            return Err(GridError::Size { width, height });
        }
        if !(0.0..=1.0).contains(&density) {
            return Err(GridError::Density(density));
        }
        let goal = width * height - 1;
        for attempt in 0..MAX_TRIES {
            let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(attempt));
            let mut cells: Vec<Terrain> =
                (0..=goal).map(|_| if rng.random_bool(density) { Terrain::Wall } else { Terrain::Floor }).collect();
            cells[0] = Terrain::Floor;
            cells[goal as usize] = Terrain::Floor;
            let grid = Grid { width, height, cells, start: 0, goal };
            if bfs(&grid, &Limits::none(), NoObserver).is_solved() {
                return Ok(grid);
            }
        }
        Err(GridError::Disconnected { width, height, density, seed })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_density_is_about_right_and_the_corners_connect() {
        let grid = Grid::random(100, 100, 0.25, 7).unwrap();
        let walls = grid.cells().iter().filter(|&&t| t == Terrain::Wall).count();
        assert!((2_300..2_700).contains(&walls), "{walls} walls");
        assert!(bfs(&grid, &Limits::none(), NoObserver).is_solved());
        assert_ne!(grid, Grid::random(100, 100, 0.25, 8).unwrap());
    }

    #[test]
    fn bad_parameters_are_refused() {
        assert_eq!(Grid::random(1, 1, 0.0, 0), Err(GridError::Size { width: 1, height: 1 }));
        assert_eq!(Grid::random(MAX_SIDE + 1, 1, 0.0, 0), Err(GridError::Size { width: MAX_SIDE + 1, height: 1 }));
        assert!(matches!(Grid::random(4, 4, f64::NAN, 0), Err(GridError::Density(_))));
        assert_eq!(Grid::random(4, 4, 1.5, 0), Err(GridError::Density(1.5)));
        let full = Grid::random(3, 3, 1.0, u64::MAX).unwrap_err();
        assert_eq!(full, GridError::Disconnected { width: 3, height: 3, density: 1.0, seed: u64::MAX });
        assert_eq!(
            full.to_string(),
            "no 3×3 grid of density 1 connects its corners with seeds 18446744073709551615 to 98"
        );
        assert!(Grid::random(2, 1, 1.0, 0).is_ok(), "two cells next to each other are connected");
    }
}
