//! Board geometry: its dimensions ([`Dims`]: rows, columns, cells and their neighbours), the
//! four moves of the blank and their precomputed table.

use crate::error::Error;
use std::fmt;

/// The largest number of cells a board may have (6×6).
pub const MAX_CELLS: usize = 36;

/// The dimensions of an m×n board (m rows, n columns) and its cell geometry: cells are
/// numbered row-major from 0. A board's tiles live in [`Grid`](crate::Grid); this is only its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dims {
    rows: u8,
    cols: u8,
}

impl Dims {
    /// The dimensions of a board with `rows` rows and `cols` columns: 2 ≤ rows·cols ≤ 36 (one
    /// tile and the blank at least). A board of one row or one column is a [line](Dims::is_line).
    pub fn new(rows: usize, cols: usize) -> Result<Dims, Error> {
        // `checked_mul`: sizes read from the command line can be any `usize`.
        if rows.checked_mul(cols).is_none_or(|cells| !(2..=MAX_CELLS).contains(&cells)) {
            return Err(Error::Dims(format!(
                "a board needs at least 2 cells (a tile and the blank) and at most {MAX_CELLS} cells, got {rows}x{cols}"
            )));
        }
        Ok(Dims { rows: rows as u8, cols: cols as u8 })
    }

    /// Parses `MxN` (also `M×N`, `MXN`): M rows by N columns.
    ///
    /// ```
    /// use delve_sliding::Dims;
    /// let b = Dims::parse("3x4").unwrap();
    /// assert_eq!((b.rows(), b.cols(), b.cells()), (3, 4, 12));
    /// assert!(Dims::parse("1x4").unwrap().is_line());
    /// assert!(Dims::parse("1x1").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Dims, Error> {
        let t = text.trim();
        let bad = || Error::Dims(format!("expected a board size like `3x3` or `3x4` (rows x columns), got `{text}`"));
        let (r, c) = t.split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let rows: usize = r.trim().parse().map_err(|_| bad())?;
        let cols: usize = c.trim().parse().map_err(|_| bad())?;
        Dims::new(rows, cols)
    }

    /// A square board of `cells` cells, if `cells` is a square number in range.
    pub fn square_of(cells: usize) -> Option<Dims> {
        let side = (cells as f64).sqrt().round() as usize;
        (side * side == cells).then(|| Dims::new(side, side).ok()).flatten()
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }
    /// Number of cells (tiles plus the blank).
    pub fn cells(&self) -> usize {
        self.rows() * self.cols()
    }
    /// True for n×n boards.
    pub fn is_square(&self) -> bool {
        self.rows == self.cols
    }
    /// True for boards of one row or one column (1×N, N×1). Their tiles can never pass each
    /// other: only the blank moves along the line, so the tile order never changes and a goal
    /// has N states (one per cell of the blank) instead of N!/2.
    pub fn is_line(&self) -> bool {
        self.rows == 1 || self.cols == 1
    }
    /// Row of `cell`.
    pub fn row(&self, cell: usize) -> usize {
        cell / self.cols()
    }
    /// Column of `cell`.
    pub fn col(&self, cell: usize) -> usize {
        cell % self.cols()
    }
    /// The cell the blank reaches from `cell` by `mv`, if it stays on the board.
    pub fn neighbor(&self, cell: usize, mv: Move) -> Option<usize> {
        let (r, c) = (self.row(cell), self.col(cell));
        match mv {
            Move::Up => (r > 0).then(|| cell - self.cols()),
            Move::Down => (r + 1 < self.rows()).then(|| cell + self.cols()),
            Move::Left => (c > 0).then(|| cell - 1),
            Move::Right => (c + 1 < self.cols()).then(|| cell + 1),
        }
    }
    /// Bit mask of the cells adjacent to `cell` (bit i = cell i).
    pub fn adjacency_mask(&self, cell: usize) -> u64 {
        Move::ALL.iter().filter_map(|&m| self.neighbor(cell, m)).fold(0, |acc, n| acc | 1 << n)
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// A move, named by the direction the **blank** travels (the tile slides the other way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The blank moves up (the tile above it slides down).
    Up,
    /// The blank moves down.
    Down,
    /// The blank moves left.
    Left,
    /// The blank moves right.
    Right,
}

impl Move {
    /// All four moves, in the order successors are generated.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The letter used in move strings: `U`, `D`, `L`, `R`.
    pub fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }
    /// The move that undoes this one.
    pub fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Serialised as its letter (`"U"`), as reports list paths.
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_char(self.letter())
    }
}

/// Read back from its letter, so reports can be read back.
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let c = char::deserialize(deserializer)?;
        Move::ALL
            .into_iter()
            .find(|m| m.letter() == c)
            .ok_or_else(|| serde::de::Error::custom(format!("expected a move U, D, L or R, got {:?}", c)))
    }
}

/// Writes a move sequence as letters (`ULDR…`).
pub fn move_string(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// Every cell's legal blank moves, precomputed so expansion is a table walk.
#[derive(Clone, Copy, Debug)]
pub struct MoveTable {
    to: [[u8; 4]; MAX_CELLS],
    mv: [[Move; 4]; MAX_CELLS],
    len: [u8; MAX_CELLS],
}

impl MoveTable {
    /// The table for `board`.
    pub fn new(board: Dims) -> MoveTable {
        let mut t = MoveTable { to: [[0; 4]; MAX_CELLS], mv: [[Move::Up; 4]; MAX_CELLS], len: [0; MAX_CELLS] };
        for cell in 0..board.cells() {
            for m in Move::ALL {
                if let Some(n) = board.neighbor(cell, m) {
                    let k = t.len[cell] as usize;
                    t.to[cell][k] = n as u8;
                    t.mv[cell][k] = m;
                    t.len[cell] += 1;
                }
            }
        }
        t
    }
    /// The legal moves from blank cell `cell`, as `(move, cell the blank reaches)`.
    #[inline]
    pub fn moves(&self, cell: usize) -> impl Iterator<Item = (Move, usize)> + '_ {
        (0..self.len[cell] as usize).map(move |k| (self.mv[cell][k], self.to[cell][k] as usize))
    }
    /// The cells the blank can reach from `cell`.
    #[inline]
    pub fn targets(&self, cell: usize) -> &[u8] {
        &self.to[cell][..self.len[cell] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The input the `board_size` fuzz target (fuzz/) found: the cell count overflowed (a
    /// panic with overflow checks; in release it wrapped and let a 0x0 board through).
    #[test]
    fn huge_sizes_are_refused() {
        for text in ["44757445745754×75744574575", "4294967296x4294967296", "18446744073709551615x2"] {
            let msg = Dims::parse(text).unwrap_err().to_string();
            assert!(msg.contains("at most 36 cells"), "{text}: {msg}");
        }
        assert!(Dims::new(usize::MAX, usize::MAX).is_err());
    }

    #[test]
    fn neighbors_respect_edges() {
        let b = Dims::new(3, 4).unwrap();
        assert_eq!(b.neighbor(0, Move::Up), None);
        assert_eq!(b.neighbor(0, Move::Left), None);
        assert_eq!(b.neighbor(0, Move::Right), Some(1));
        assert_eq!(b.neighbor(0, Move::Down), Some(4));
        assert_eq!(b.neighbor(11, Move::Down), None);
        assert_eq!(b.neighbor(7, Move::Right), None);
        assert_eq!(b.adjacency_mask(5), (1 << 1) | (1 << 9) | (1 << 4) | (1 << 6));
        let t = MoveTable::new(b);
        assert_eq!(t.targets(0), &[4, 1]);
        assert_eq!(t.moves(5).count(), 4);
    }

    #[test]
    fn board_limits() {
        assert!(Dims::new(6, 6).is_ok());
        assert!(Dims::new(6, 7).is_err());
        assert!(Dims::new(1, 9).unwrap().is_line());
        assert!(Dims::new(9, 1).unwrap().is_line());
        assert!(Dims::new(1, 2).is_ok());
        assert!(Dims::new(1, 36).is_ok());
        assert!(!Dims::new(2, 2).unwrap().is_line());
        for (r, c) in [(1, 1), (0, 5), (5, 0), (1, 37)] {
            let msg = Dims::new(r, c).unwrap_err().to_string();
            assert!(msg.contains("at least 2 cells"), "{r}x{c}: {msg}");
        }
        assert!(Dims::parse("4×4").is_ok());
        assert!(Dims::parse("4by4").is_err());
        assert_eq!(Dims::square_of(16), Some(Dims::new(4, 4).unwrap()));
        assert_eq!(Dims::square_of(12), None);
    }

    #[test]
    fn moves_undo_and_spell() {
        for m in Move::ALL {
            assert_ne!(m.opposite(), m);
            assert_eq!(m.opposite().opposite(), m);
        }
        assert_eq!(move_string(&[Move::Up, Move::Left]), "UL");
    }
}
