//! Admissible heuristics: Manhattan distance and linear conflict, for any goal. (Pattern
//! databases live in [`crate::pdb`].)

use crate::board::MAX_CELLS;
use crate::state::{Cells, Grid, Position};

/// A lower bound on the number of moves from a position to the goal.
pub trait Heuristic<C: Cells>: Send + Sync {
    /// The estimate for `p`; never more than the true distance.
    fn estimate(&self, p: &Position<C>) -> u32;
}

impl<C: Cells, H: Heuristic<C> + ?Sized> Heuristic<C> for &H {
    #[inline]
    fn estimate(&self, p: &Position<C>) -> u32 {
        (**self).estimate(p)
    }
}

impl<C: Cells, H: Heuristic<C> + ?Sized> Heuristic<C> for std::sync::Arc<H> {
    #[inline]
    fn estimate(&self, p: &Position<C>) -> u32 {
        (**self).estimate(p)
    }
}

/// No information (h = 0): what breadth-first and uniform-cost search use.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zero;
impl<C: Cells> Heuristic<C> for Zero {
    #[inline]
    fn estimate(&self, _: &Position<C>) -> u32 {
        0
    }
}

/// Sum over tiles of the row plus column distance to the tile's goal cell.
#[derive(Clone, Debug)]
pub struct Manhattan {
    cells: usize,
    /// `dist[tile * MAX_CELLS + cell]`.
    dist: Vec<u8>,
}

impl Manhattan {
    /// The heuristic toward `goal`.
    pub fn new(goal: &Grid) -> Manhattan {
        let b = goal.dims();
        let n = b.cells();
        let mut dist = vec![0u8; MAX_CELLS * MAX_CELLS];
        for (gcell, &tile) in goal.tiles().iter().enumerate() {
            if tile == 0 {
                continue;
            }
            for cell in 0..n {
                let d = b.row(cell).abs_diff(b.row(gcell)) + b.col(cell).abs_diff(b.col(gcell));
                dist[tile as usize * MAX_CELLS + cell] = d as u8;
            }
        }
        Manhattan { cells: n, dist }
    }
}

impl<C: Cells> Heuristic<C> for Manhattan {
    #[inline]
    fn estimate(&self, p: &Position<C>) -> u32 {
        let mut h = 0u32;
        for cell in 0..self.cells {
            let t = p.cells.get(cell) as usize;
            h += self.dist[t * MAX_CELLS + cell] as u32;
        }
        h
    }
}

/// Manhattan distance plus two moves for every tile that must leave its goal row or column
/// to let another tile of that line pass: per line, the tiles already in their goal line
/// minus the longest subsequence already in goal order (Hansson, Mayer & Yung 1992).
#[derive(Clone, Debug)]
pub struct LinearConflict {
    manhattan: Manhattan,
    rows: usize,
    cols: usize,
    goal_row: [u8; MAX_CELLS],
    goal_col: [u8; MAX_CELLS],
}

impl LinearConflict {
    /// The heuristic toward `goal`.
    pub fn new(goal: &Grid) -> LinearConflict {
        let b = goal.dims();
        let mut goal_row = [0u8; MAX_CELLS];
        let mut goal_col = [0u8; MAX_CELLS];
        for (cell, &t) in goal.tiles().iter().enumerate() {
            goal_row[t as usize] = b.row(cell) as u8;
            goal_col[t as usize] = b.col(cell) as u8;
        }
        LinearConflict { manhattan: Manhattan::new(goal), rows: b.rows(), cols: b.cols(), goal_row, goal_col }
    }

    /// The extra moves linear conflicts force (twice the tiles that must leave their line).
    pub fn conflicts<C: Cells>(&self, p: &Position<C>) -> u32 {
        let mut extra = 0u32;
        let mut line = [0u8; MAX_CELLS];
        for r in 0..self.rows {
            let mut k = 0;
            for c in 0..self.cols {
                let t = p.cells.get(r * self.cols + c) as usize;
                if t != 0 && self.goal_row[t] as usize == r {
                    line[k] = self.goal_col[t];
                    k += 1;
                }
            }
            extra += (k - longest_increasing(&line[..k])) as u32;
        }
        for c in 0..self.cols {
            let mut k = 0;
            for r in 0..self.rows {
                let t = p.cells.get(r * self.cols + c) as usize;
                if t != 0 && self.goal_col[t] as usize == c {
                    line[k] = self.goal_row[t];
                    k += 1;
                }
            }
            extra += (k - longest_increasing(&line[..k])) as u32;
        }
        2 * extra
    }
}

impl<C: Cells> Heuristic<C> for LinearConflict {
    #[inline]
    fn estimate(&self, p: &Position<C>) -> u32 {
        self.manhattan.estimate(p) + self.conflicts(p)
    }
}

/// Length of the longest strictly increasing subsequence (inputs are distinct; a row or a
/// column, so at most [`MAX_CELLS`] long).
#[inline]
fn longest_increasing(seq: &[u8]) -> usize {
    if seq.len() < 2 {
        return seq.len();
    }
    let mut best = [1usize; MAX_CELLS];
    let mut overall = 1;
    for i in 1..seq.len() {
        for j in 0..i {
            if seq[j] < seq[i] && best[j] + 1 > best[i] {
                best[i] = best[j] + 1;
            }
        }
        overall = overall.max(best[i]);
    }
    overall
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dims;
    use crate::state::{Bytes, Nibbles};

    fn grid(rows: usize, cols: usize, tiles: &[u8]) -> Grid {
        Grid::new(Dims::new(rows, cols).unwrap(), tiles.to_vec()).unwrap()
    }

    #[test]
    fn manhattan_counts_each_tile() {
        let goal = Grid::standard_goal(Dims::new(3, 3).unwrap());
        let m = Manhattan::new(&goal);
        assert_eq!(m.estimate(&goal.position::<Nibbles>()), 0);
        let s = grid(3, 3, &[8, 1, 3, 4, 0, 2, 7, 6, 5]);
        // 8:3, 1:1, 3:0, 4:0, 2:2, 7:0, 6:2, 5:2
        assert_eq!(m.estimate(&s.position::<Nibbles>()), 10);
    }

    #[test]
    fn linear_conflict_adds_two_per_blocking_tile() {
        let goal = Grid::standard_goal(Dims::new(3, 3).unwrap());
        let lc = LinearConflict::new(&goal);
        // Tiles 2 and 1 swapped in their goal row: Manhattan 2, one conflict: +2.
        let s = grid(3, 3, &[2, 1, 3, 4, 5, 6, 7, 8, 0]);
        let m = Manhattan::new(&goal).estimate(&s.position::<Nibbles>());
        assert_eq!((m, lc.estimate(&s.position::<Nibbles>())), (2, 4));
        // 3 2 1 in the first row: two tiles must leave the row.
        let s = grid(3, 3, &[3, 2, 1, 4, 5, 6, 7, 8, 0]);
        assert_eq!(lc.conflicts(&s.position::<Nibbles>()), 4);
    }

    /// Rows longer than six cells (2x7, 1x36) once overran the line buffer (a panic).
    #[test]
    fn long_lines_have_their_conflicts_counted() {
        let goal = Grid::standard_goal(Dims::new(2, 7).unwrap());
        let lc = LinearConflict::new(&goal);
        // 7 6 5 4 3 2 1 reversed in the first row: six tiles must leave it.
        let s = grid(2, 7, &[7, 6, 5, 4, 3, 2, 1, 8, 9, 10, 11, 12, 13, 0]);
        assert_eq!(lc.conflicts(&s.position::<Bytes>()), 12);
        // On a line every reachable state keeps the goal's order: no conflicts, Manhattan alone.
        let goal = Grid::standard_goal(Dims::new(1, 36).unwrap());
        let lc = LinearConflict::new(&goal);
        let mut tiles: Vec<u8> = (1..36).collect();
        tiles.insert(0, 0);
        let s = grid(1, 36, &tiles);
        assert_eq!(lc.conflicts(&s.position::<Bytes>()), 0);
        assert_eq!(lc.estimate(&s.position::<Bytes>()), 35, "each of the 35 tiles is one cell away");
    }

    #[test]
    fn lis() {
        assert_eq!(longest_increasing(&[]), 0);
        assert_eq!(longest_increasing(&[3, 1, 2]), 2);
        assert_eq!(longest_increasing(&[0, 1, 2, 3, 4, 5]), 6);
        assert_eq!(longest_increasing(&[5, 4, 3, 2, 1, 0]), 1);
    }
}
