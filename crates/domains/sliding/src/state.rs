//! States: the owned, validated [`Grid`] used at the edges (parsing, printing), and the
//! compact `Copy` [`Position`] the searches use, generic over its cell storage: packed
//! nibbles ([`Nibbles`], boards up to 16 cells, one `u64`) or bytes ([`Bytes`], up to 36).

use crate::board::{Dims, MAX_CELLS, Move};
use crate::error::Error;
use std::fmt::Debug;
use std::hash::Hash;

/// Storage for the tile in each cell (0 = blank).
pub trait Cells: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// The most cells this storage holds.
    const CAPACITY: usize;
    /// All cells blank.
    fn zeroed() -> Self;
    /// The tile in `cell`.
    fn get(&self, cell: usize) -> u8;
    /// Puts `tile` in `cell`.
    fn set(&mut self, cell: usize, tile: u8);
    /// Slides the tile in `from` into the blank `blank` (`from` becomes blank).
    #[inline]
    fn slide(&mut self, blank: usize, from: usize) {
        let t = self.get(from);
        self.set(blank, t);
        self.set(from, 0);
    }
}

/// Sixteen 4-bit cells packed in one `u64` (cell i in bits 4i..4i+4): boards up to 4×4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nibbles(pub u64);

impl Cells for Nibbles {
    const CAPACITY: usize = 16;
    #[inline]
    fn zeroed() -> Self {
        Nibbles(0)
    }
    #[inline]
    fn get(&self, cell: usize) -> u8 {
        ((self.0 >> (4 * cell)) & 0xF) as u8
    }
    #[inline]
    fn set(&mut self, cell: usize, tile: u8) {
        self.0 = (self.0 & !(0xF << (4 * cell))) | ((tile as u64) << (4 * cell));
    }
    #[inline]
    fn slide(&mut self, blank: usize, from: usize) {
        let t = (self.0 >> (4 * from)) & 0xF;
        self.0 ^= (t << (4 * blank)) | (t << (4 * from));
    }
}

/// One byte per cell: any board up to 36 cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bytes(pub [u8; MAX_CELLS]);

impl Cells for Bytes {
    const CAPACITY: usize = MAX_CELLS;
    #[inline]
    fn zeroed() -> Self {
        Bytes([0; MAX_CELLS])
    }
    #[inline]
    fn get(&self, cell: usize) -> u8 {
        self.0[cell]
    }
    #[inline]
    fn set(&mut self, cell: usize, tile: u8) {
        self.0[cell] = tile;
    }
    #[inline]
    fn slide(&mut self, blank: usize, from: usize) {
        self.0.swap(blank, from);
    }
}

/// A search state: the cells plus the blank's cell (kept so expansion needs no scan).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<C> {
    /// Tile per cell.
    pub cells: C,
    /// The blank's cell.
    pub blank: u8,
}

impl<C: Cells> Position<C> {
    /// The position holding `tiles` (a validated permutation; see [`Grid`]).
    pub fn from_tiles(tiles: &[u8]) -> Self {
        assert!(tiles.len() <= C::CAPACITY, "board too large for this cell storage");
        let mut cells = C::zeroed();
        let mut blank = 0;
        for (i, &t) in tiles.iter().enumerate() {
            cells.set(i, t);
            if t == 0 {
                blank = i as u8;
            }
        }
        Position { cells, blank }
    }
    /// The tiles of the first `n` cells.
    pub fn tiles(&self, n: usize) -> Vec<u8> {
        (0..n).map(|i| self.cells.get(i)).collect()
    }
    /// The position after the blank moves to `to` (which must be adjacent).
    #[inline]
    pub fn slid(&self, to: usize) -> Self {
        let mut cells = self.cells;
        cells.slide(self.blank as usize, to);
        Position { cells, blank: to as u8 }
    }
}

/// An owned, validated board state: `tiles[cell]` is the tile in that cell, 0 the blank,
/// and the tiles are exactly `0..cells`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    board: Dims,
    tiles: Vec<u8>,
}

impl Grid {
    /// Validates `tiles` (row-major, 0 = blank) against `board`.
    pub fn new(board: Dims, tiles: Vec<u8>) -> Result<Grid, Error> {
        let n = board.cells();
        if tiles.len() != n {
            return Err(Error::Notation(format!(
                "a {board} board has {n} cells (tiles 1-{} and the blank), got {} values",
                n - 1,
                tiles.len()
            )));
        }
        let mut seen = vec![false; n];
        for &t in &tiles {
            let ti = t as usize;
            if ti >= n {
                return Err(Error::Notation(format!(
                    "tile {t} does not exist on a {board} board (tiles are 1-{})",
                    n - 1
                )));
            }
            if seen[ti] {
                return Err(Error::Notation(if t == 0 {
                    "the blank appears twice".to_string()
                } else {
                    format!("tile {t} appears twice")
                }));
            }
            seen[ti] = true;
        }
        Ok(Grid { board, tiles })
    }
    /// The standard goal `1 2 … n−1 0` (blank last).
    pub fn standard_goal(board: Dims) -> Grid {
        let n = board.cells();
        let tiles = (1..n as u8).chain(std::iter::once(0)).collect();
        Grid { board, tiles }
    }
    /// The board's dimensions.
    pub fn dims(&self) -> Dims {
        self.board
    }
    /// Tile per cell, row-major, 0 = blank.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }
    /// The blank's cell.
    pub fn blank(&self) -> usize {
        self.tiles.iter().position(|&t| t == 0).expect("a grid always has a blank")
    }
    /// The grid after the blank moves by `mv`, or `None` if that leaves the board.
    pub fn apply(&self, mv: Move) -> Option<Grid> {
        let b = self.blank();
        let to = self.board.neighbor(b, mv)?;
        let mut tiles = self.tiles.clone();
        tiles.swap(b, to);
        Some(Grid { board: self.board, tiles })
    }
    /// The compact search state.
    pub fn position<C: Cells>(&self) -> Position<C> {
        Position::from_tiles(&self.tiles)
    }
    /// The grid of a compact state.
    pub fn from_position<C: Cells>(board: Dims, p: &Position<C>) -> Grid {
        Grid { board, tiles: p.tiles(board.cells()) }
    }
    /// The tiles read row-major, skipping the blank. On a [line](Dims::is_line) it never
    /// changes: two grids of a line reach each other iff theirs are equal.
    pub fn order(&self) -> impl Iterator<Item = u8> + '_ {
        self.tiles.iter().copied().filter(|&t| t != 0)
    }
    /// The solvability invariant of 2-D boards: the parity of the tile permutation read
    /// row-major (skipping the blank), combined on boards with an even number of columns with
    /// the parity of the blank's row. Two grids of a 2-D board reach each other iff their
    /// invariants match. (On a line the invariant is the whole [order](Grid::order).)
    pub fn parity(&self) -> u8 {
        let seq: Vec<u8> = self.tiles.iter().copied().filter(|&t| t != 0).collect();
        let mut inversions = 0usize;
        for i in 0..seq.len() {
            for j in i + 1..seq.len() {
                inversions += usize::from(seq[i] > seq[j]);
            }
        }
        let mut p = (inversions & 1) as u8;
        if self.board.cols().is_multiple_of(2) {
            p ^= (self.board.row(self.blank()) & 1) as u8;
        }
        p
    }
    /// True when `goal` is reachable from this grid: same board, and the same parity on a 2-D
    /// board or the same tile order on a line.
    ///
    /// ```
    /// use delve_sliding::{Dims, Grid};
    /// let line = Dims::new(1, 4).unwrap();
    /// let goal = Grid::new(line, vec![0, 1, 2, 3]).unwrap();
    /// assert!(Grid::new(line, vec![1, 2, 3, 0]).unwrap().can_reach(&goal));
    /// // One swap of two tiles: the parity differs, but on a line any other order is out of reach too.
    /// assert!(!Grid::new(line, vec![2, 1, 0, 3]).unwrap().can_reach(&goal));
    /// assert!(!Grid::new(line, vec![2, 3, 1, 0]).unwrap().can_reach(&goal));
    /// ```
    pub fn can_reach(&self, goal: &Grid) -> bool {
        self.board == goal.board
            && if self.board.is_line() { self.order().eq(goal.order()) } else { self.parity() == goal.parity() }
    }
}

/// Replays `moves` from `start`; `None` if a move leaves the board. The independent path
/// checker used by tests and the CLI.
pub fn replay(start: &Grid, moves: &[Move]) -> Option<Vec<Grid>> {
    let mut out = vec![start.clone()];
    for &m in moves {
        let next = out.last().expect("non-empty").apply(m)?;
        out.push(next);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(r: usize, c: usize) -> Dims {
        Dims::new(r, c).unwrap()
    }

    #[test]
    fn nibbles_and_bytes_agree() {
        let g = Grid::new(b(4, 4), vec![14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]).unwrap();
        let n: Position<Nibbles> = g.position();
        let y: Position<Bytes> = g.position();
        assert_eq!(n.blank, 9);
        assert_eq!(n.tiles(16), y.tiles(16));
        let n2 = n.slid(5);
        let y2 = y.slid(5);
        assert_eq!(n2.tiles(16), y2.tiles(16));
        assert_eq!(n2.cells.get(9), 12);
        assert_eq!(n2.cells.get(5), 0);
        assert_eq!(Grid::from_position(b(4, 4), &n2), g.apply(Move::Up).unwrap());
    }

    #[test]
    fn validation_messages() {
        let e = Grid::new(b(3, 3), vec![1, 2, 3]).unwrap_err().to_string();
        assert!(e.contains("9 cells"), "{e}");
        let e = Grid::new(b(3, 3), vec![1, 2, 3, 4, 5, 6, 7, 9, 0]).unwrap_err().to_string();
        assert!(e.contains("tile 9"), "{e}");
        let e = Grid::new(b(3, 3), vec![1, 2, 3, 4, 5, 6, 7, 7, 0]).unwrap_err().to_string();
        assert!(e.contains("tile 7 appears twice"), "{e}");
    }

    #[test]
    fn parity_detects_a_swap() {
        for (r, c) in [(2, 2), (3, 3), (3, 4), (4, 4), (2, 5)] {
            let goal = Grid::standard_goal(b(r, c));
            let mut t = goal.tiles().to_vec();
            t.swap(0, 1);
            let swapped = Grid::new(goal.dims(), t).unwrap();
            assert!(!swapped.can_reach(&goal), "{r}x{c}");
            // Any legal move keeps the invariant.
            let mut g = goal.clone();
            for m in [Move::Up, Move::Left, Move::Up, Move::Left, Move::Down] {
                if let Some(n) = g.apply(m) {
                    g = n;
                }
                assert!(g.can_reach(&goal), "{r}x{c}");
            }
        }
    }

    #[test]
    fn lines_keep_their_tile_order() {
        for (r, c) in [(1, 4), (4, 1), (1, 2), (1, 7)] {
            let goal = Grid::standard_goal(b(r, c));
            // Every blank move keeps the order; the parity rule of 2-D boards would let a
            // three-cycle of tiles through, which a line can never make.
            let mut g = goal.clone();
            for m in [Move::Left, Move::Up, Move::Left, Move::Right, Move::Down] {
                if let Some(n) = g.apply(m) {
                    g = n;
                }
                assert!(g.can_reach(&goal), "{r}x{c}");
                assert!(goal.can_reach(&g), "{r}x{c}");
            }
            if r * c >= 4 {
                // 2 3 1 4 … 0: a three-cycle of tiles, an even permutation.
                let mut t = goal.tiles().to_vec();
                t[..3].rotate_left(1);
                let cycled = Grid::new(goal.dims(), t).unwrap();
                assert_eq!(cycled.parity(), goal.parity());
                assert!(!cycled.can_reach(&goal), "{r}x{c}: {:?}", cycled.tiles());
            }
        }
    }

    #[test]
    fn replay_rejects_off_board_moves() {
        let g = Grid::standard_goal(b(3, 3));
        assert!(replay(&g, &[Move::Down]).is_none());
        assert_eq!(replay(&g, &[Move::Up, Move::Down]).unwrap().last(), Some(&g));
    }
}
