//! The model: [`Grid`] (its cells, start and goal), [`Terrain`] and [`Move`], the moves'
//! geometry, the text a grid prints as, and the [`Problem`] every algorithm of `delve-core`
//! searches.

use delve_core::{Problem, Successor};
use std::fmt;

/// The largest number of rows, and of columns, a grid may have (parsed or random): at most
/// 1,048,576 cells, so a cell index always fits a `u32` and a grid never takes more than a
/// megabyte.
pub const MAX_SIDE: u32 = 1024;

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// A wall (`#`): never entered.
    Wall,
    /// Floor (`.`, and the start `S` and goal `G`): costs 1 to enter.
    Floor,
    /// Mud (`~`): costs 3 to enter.
    Mud,
}

impl Terrain {
    /// The cost of entering a cell of this terrain; `None` for a wall.
    #[inline]
    pub fn cost(self) -> Option<u32> {
        match self {
            Terrain::Wall => None,
            Terrain::Floor => Some(1),
            Terrain::Mud => Some(3),
        }
    }

    /// The character the text format uses for it (`#`, `.` or `~`).
    pub fn symbol(self) -> char {
        match self {
            Terrain::Wall => '#',
            Terrain::Floor => '.',
            Terrain::Mud => '~',
        }
    }
}

/// A move to a neighbouring cell (4-connected: no diagonals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// One row up (`U`).
    Up,
    /// One row down (`D`).
    Down,
    /// One column left (`L`).
    Left,
    /// One column right (`R`).
    Right,
}

impl Move {
    /// Every move, in the order a cell's successors are generated (left, right, up, down),
    /// which is the order searches break ties in.
    pub const ALL: [Move; 4] = [Move::Left, Move::Right, Move::Up, Move::Down];

    /// The move's letter: `U`, `D`, `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A grid world: `width × height` cells of [`Terrain`], a start and a goal; a search moves up,
/// down, left and right into any cell that is not a wall, paying that cell's cost.
///
/// A cell is named by its row-major index (`row * width + column`, a `u32`): the search state
/// is 4 bytes and `Copy`, and expanding it is index arithmetic and one lookup.
/// [`Grid::position`] and [`Grid::cell_at`] convert to and from `(row, column)`.
///
/// Grids come from their text ([`Grid::parse`], printed back by `Display`) or from a seed
/// ([`Grid::random`]); either way they are at most [`MAX_SIDE`] cells a side, have at least
/// two cells, and their start and goal are different cells that are not walls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub(crate) width: u32,
    pub(crate) height: u32,
    /// Row-major.
    pub(crate) cells: Vec<Terrain>,
    pub(crate) start: u32,
    pub(crate) goal: u32,
}

impl Grid {
    /// The number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The start cell.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// The goal cell.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// The terrain of every cell, row-major.
    pub fn cells(&self) -> &[Terrain] {
        &self.cells
    }

    /// `(row, column)` of a cell, both from 0.
    pub fn position(&self, cell: u32) -> (u32, u32) {
        (cell / self.width, cell % self.width)
    }

    /// The cell at `(row, column)`, or `None` off the grid.
    pub fn cell_at(&self, row: u32, column: u32) -> Option<u32> {
        (row < self.height && column < self.width).then(|| row * self.width + column)
    }

    /// Where `mv` leads from `cell` and what entering it costs; `None` off the grid or into a
    /// wall.
    #[inline]
    pub fn step(&self, cell: u32, mv: Move) -> Option<(u32, u32)> {
        let (w, column) = (self.width, cell % self.width);
        let next = match mv {
            Move::Up if cell >= w => cell - w,
            Move::Down if cell + w < w * self.height => cell + w,
            Move::Left if column > 0 => cell - 1,
            Move::Right if column + 1 < w => cell + 1,
            _ => return None,
        };
        self.cells[next as usize].cost().map(|cost| (next, cost))
    }

    /// The cells reachable from `cell` in one move, with their costs, in the order of
    /// [`Move::ALL`]: the successor function of the [`Problem`], for closure-style searches
    /// (`delve_core::FnProblem`, the `pathfinding` crate).
    #[inline]
    pub fn neighbours(&self, cell: u32) -> impl Iterator<Item = (u32, u32)> + '_ {
        Move::ALL.into_iter().filter_map(move |mv| self.step(cell, mv))
    }

    /// The Manhattan distance from `cell` to the goal: the heuristic. Every move costs at
    /// least 1 and changes the distance by exactly 1, so it is admissible and consistent.
    #[inline]
    pub fn manhattan(&self, cell: u32) -> u32 {
        let (r, c) = self.position(cell);
        let (gr, gc) = self.position(self.goal);
        r.abs_diff(gr) + c.abs_diff(gc)
    }
}

/// The text format ([`Grid::parse`] reads it back): one line per row, `#` wall, `.` floor,
/// `~` mud, `S` start and `G` goal (both on floor); no newline after the last row.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (row, cells) in self.cells.chunks(self.width as usize).enumerate() {
            if row > 0 {
                writeln!(f)?;
            }
            for (column, terrain) in cells.iter().enumerate() {
                let cell = row as u32 * self.width + column as u32;
                let symbol = if cell == self.start {
                    'S'
                } else if cell == self.goal {
                    'G'
                } else {
                    terrain.symbol()
                };
                write!(f, "{symbol}")?;
            }
        }
        Ok(())
    }
}

/// From the start to the goal; the state is the cell index, the action the [`Move`], the step
/// cost that of the cell entered, and the heuristic [`Grid::manhattan`].
impl Problem for Grid {
    type State = u32;
    type Action = Move;
    type Cost = u32;

    fn initial_state(&self) -> u32 {
        self.start
    }

    fn is_goal(&self, cell: &u32) -> bool {
        *cell == self.goal
    }

    #[inline]
    fn expand(&self, &cell: &u32, out: &mut Vec<Successor<u32, Move, u32>>) {
        for action in Move::ALL {
            if let Some((state, cost)) = self.step(cell, action) {
                out.push(Successor { action, state, cost });
            }
        }
    }

    #[inline]
    fn heuristic(&self, cell: &u32) -> u32 {
        self.manhattan(*cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_core::{Algorithm, Limits, NoObserver};

    #[test]
    fn moves_stop_at_edges_and_walls() {
        let grid = Grid::parse("S.#\n~.G").unwrap();
        assert_eq!((grid.width(), grid.height(), grid.start(), grid.goal()), (3, 2, 0, 5));
        assert_eq!(grid.neighbours(0).collect::<Vec<_>>(), [(1, 1), (3, 3)]);
        assert_eq!(grid.step(1, Move::Right), None, "a wall");
        assert_eq!(grid.step(2, Move::Up), None, "off the top");
        assert_eq!(grid.step(5, Move::Down), None, "off the bottom");
        assert_eq!(grid.step(3, Move::Left), None, "off the left");
        assert_eq!(grid.step(5, Move::Right), None, "off the right");
        assert_eq!((grid.position(4), grid.cell_at(1, 1), grid.cell_at(2, 0)), ((1, 1), Some(4), None));
        assert_eq!((grid.manhattan(0), grid.manhattan(5)), (3, 0));
    }

    #[test]
    fn mud_makes_the_cheapest_path_longer_than_the_shortest() {
        let grid = Grid::parse("S~~G\n....").unwrap();
        let ucs = Algorithm::Ucs.run(&grid, &Limits::none(), NoObserver).unwrap();
        let solution = ucs.solution().unwrap();
        assert_eq!(
            (solution.cost, solution.actions.iter().map(|m| m.letter()).collect::<String>()),
            (5, "DRRRU".into())
        );
        let bfs = Algorithm::Bfs.run(&grid, &Limits::none(), NoObserver).unwrap();
        assert_eq!(bfs.solution().unwrap().len(), 3);
    }

    #[test]
    fn a_walled_in_goal_has_no_path() {
        let grid = Grid::parse("S.#\n.#G").unwrap();
        assert!(Algorithm::Astar.run(&grid, &Limits::none(), NoObserver).unwrap().solution().is_none());
    }

    #[test]
    fn the_text_prints_back() {
        let text = "#S~.\n..#G";
        assert_eq!(Grid::parse(text).unwrap().to_string(), text);
        assert_eq!(format!("{}{}", Move::Up, Move::Right), "UR");
    }
}
