//! Errors of the Sudoku crate: reading grids.

use thiserror::Error;

/// A Sudoku grid that cannot be read. Lines and columns are 1-based.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SudokuError {
    /// A character that is neither a digit, `.`, nor a separator.
    #[error("line {line}, column {col}: unexpected character `{ch}` (expected 1-9, `.` or 0 for an empty cell)")]
    BadChar {
        /// Line of the character.
        line: usize,
        /// Column of the character.
        col: usize,
        /// The character.
        ch: char,
    },
    /// A row with other than 9 cells.
    #[error("line {line}: expected 9 cells in a row, found {found}")]
    RowLength {
        /// The line.
        line: usize,
        /// Cells found on it.
        found: usize,
    },
    /// Other than 9 rows (or 81 cells on one line).
    #[error("expected 9 rows of 9 cells (or 81 cells on one line), found {found} rows")]
    RowCount {
        /// Rows found.
        found: usize,
    },
    /// Two givens clash.
    #[error("the digit {digit} is given twice in one {unit}: row {r1} column {c1} and row {r2} column {c2}")]
    Clash {
        /// The digit.
        digit: u8,
        /// "row", "column" or "box".
        unit: &'static str,
        /// First cell's row (1-based).
        r1: usize,
        /// First cell's column.
        c1: usize,
        /// Second cell's row.
        r2: usize,
        /// Second cell's column.
        c2: usize,
    },
}
