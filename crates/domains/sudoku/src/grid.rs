//! The grid: reading it from text, writing it back, checking it, and its CSP model.
//!
//! Text formats accepted by [`Sudoku::parse`]: 81 cells on one line, or 9 lines of 9
//! cells; a cell is `1`-`9`, or `.` / `0` for empty. Spaces and the separators `|`, `-`,
//! `+` are ignored, so pretty-printed grids read back; blank lines and lines made only of
//! separators are skipped; `#` starts a comment line.

use crate::error::SudokuError;
use delve_csp::{Csp, Domain, Var};
use std::fmt;
use std::str::FromStr;

/// A 9×9 Sudoku grid; 0 marks an empty cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sudoku {
    cells: [u8; 81],
}

impl Sudoku {
    /// A grid from 81 cells in row-major order (0 = empty, else 1..=9). Panics on values
    /// above 9; use [`Sudoku::parse`] for untrusted text.
    pub fn from_cells(cells: [u8; 81]) -> Self {
        assert!(cells.iter().all(|&c| c <= 9), "Sudoku cells are 0..=9");
        Sudoku { cells }
    }

    /// The cells in row-major order (0 = empty).
    pub fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The cell at row `r`, column `c` (0-based).
    pub fn get(&self, r: usize, c: usize) -> u8 {
        self.cells[r * 9 + c]
    }

    /// Number of givens (filled cells).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&c| c != 0).count()
    }

    /// Reads a grid (see the module docs for the formats); reports clashing givens too.
    pub fn parse(text: &str) -> Result<Self, SudokuError> {
        let mut rows: Vec<(usize, Vec<u8>)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let lineno = i + 1;
            if line.trim_start().starts_with('#') {
                continue;
            }
            let mut cells = Vec::new();
            for (j, ch) in line.chars().enumerate() {
                match ch {
                    '1'..='9' => cells.push(ch as u8 - b'0'),
                    '.' | '0' => cells.push(0),
                    ' ' | '\t' | '\r' | '|' | '-' | '+' => {}
                    _ => return Err(SudokuError::BadChar { line: lineno, col: j + 1, ch }),
                }
            }
            if !cells.is_empty() {
                rows.push((lineno, cells));
            }
        }
        let mut grid = [0u8; 81];
        match rows.as_slice() {
            [(_, one)] if one.len() == 81 => grid.copy_from_slice(one),
            [(line, one)] if rows.len() == 1 && one.len() != 9 => {
                return Err(SudokuError::RowLength { line: *line, found: one.len() });
            }
            _ => {
                for (line, cells) in &rows {
                    if cells.len() != 9 {
                        return Err(SudokuError::RowLength { line: *line, found: cells.len() });
                    }
                }
                if rows.len() != 9 {
                    return Err(SudokuError::RowCount { found: rows.len() });
                }
                for (r, (_, cells)) in rows.iter().enumerate() {
                    grid[r * 9..r * 9 + 9].copy_from_slice(cells);
                }
            }
        }
        let sudoku = Sudoku { cells: grid };
        sudoku.check_givens()?;
        Ok(sudoku)
    }

    /// Errors when two givens share a row, column or box.
    fn check_givens(&self) -> Result<(), SudokuError> {
        for (unit, cells) in units() {
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i + 1..] {
                    let d = self.cells[a];
                    if d != 0 && d == self.cells[b] {
                        return Err(SudokuError::Clash {
                            digit: d,
                            unit,
                            r1: a / 9 + 1,
                            c1: a % 9 + 1,
                            r2: b / 9 + 1,
                            c2: b % 9 + 1,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// The CSP: variable `9r + c` is the cell at row `r`, column `c`; values are digits.
    pub fn to_csp(&self) -> Csp {
        let mut csp = Csp::new();
        for (i, &d) in self.cells.iter().enumerate() {
            let domain = if d == 0 { Domain::range(1, 10) } else { Domain::from_values([d as u32]) };
            csp.add_named_var(format!("r{}c{}", i / 9 + 1, i % 9 + 1), domain);
        }
        for (_, cells) in units() {
            let vars: Vec<Var> = cells.to_vec();
            csp.add_all_different(&vars).expect("units hold 9 distinct cells");
        }
        csp
    }

    /// The grid of a complete assignment of [`Sudoku::to_csp`]'s variables.
    pub fn from_assignment(values: &[u32]) -> Self {
        let mut cells = [0u8; 81];
        for (c, &v) in cells.iter_mut().zip(values) {
            *c = u8::try_from(v).ok().filter(|&d| d <= 9).unwrap_or(0);
        }
        Sudoku { cells }
    }

    /// Independent check: every cell filled, every row, column and box a permutation of 1..=9.
    pub fn is_solved(&self) -> bool {
        units().iter().all(|(_, cells)| {
            let mut seen = 0u16;
            for &i in cells {
                let d = self.cells[i];
                if d == 0 || seen & (1 << d) != 0 {
                    return false;
                }
                seen |= 1 << d;
            }
            true
        })
    }

    /// Whether every given of `puzzle` is kept here.
    pub fn extends(&self, puzzle: &Sudoku) -> bool {
        self.cells.iter().zip(&puzzle.cells).all(|(&a, &p)| p == 0 || a == p)
    }

    /// The 81-character one-line form (`.` for empty cells).
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|&d| if d == 0 { '.' } else { (b'0' + d) as char }).collect()
    }
}

impl FromStr for Sudoku {
    type Err = SudokuError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Sudoku::parse(s)
    }
}

/// Nine lines of nine cells (`.` for empty); reads back with [`Sudoku::parse`].
impl fmt::Display for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.to_line();
        for r in 0..9 {
            writeln!(f, "{}", &line[r * 9..r * 9 + 9])?;
        }
        Ok(())
    }
}

impl fmt::Debug for Sudoku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sudoku({})", self.to_line())
    }
}

/// The 27 units: rows, then columns, then boxes, as cell indices.
fn units() -> Vec<(&'static str, [usize; 9])> {
    let mut out = Vec::with_capacity(27);
    for r in 0..9 {
        out.push(("row", std::array::from_fn(|c| r * 9 + c)));
    }
    for c in 0..9 {
        out.push(("column", std::array::from_fn(|r| r * 9 + c)));
    }
    for b in 0..9 {
        let (r0, c0) = (b / 3 * 3, b % 3 * 3);
        out.push(("box", std::array::from_fn(|i| (r0 + i / 3) * 9 + c0 + i % 3)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_name_line_and_column() {
        let err = Sudoku::parse("53..7....\n6..195...\n.98x...6.\n").unwrap_err();
        assert_eq!(err, SudokuError::BadChar { line: 3, col: 4, ch: 'x' });
        let err = Sudoku::parse("53..7....\n6..195..\n").unwrap_err();
        assert_eq!(err, SudokuError::RowLength { line: 2, found: 8 });
        let err = Sudoku::parse("53..7....\n6..195...\n").unwrap_err();
        assert_eq!(err, SudokuError::RowCount { found: 2 });
        let err = Sudoku::parse("1234").unwrap_err();
        assert_eq!(err, SudokuError::RowLength { line: 1, found: 4 });
        let err = Sudoku::parse(&format!("55{}", ".".repeat(79))).unwrap_err();
        assert!(err.to_string().contains("row 1 column 1 and row 1 column 2"), "{err}");
    }

    #[test]
    fn pretty_grids_read_back() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let grid: Sudoku = line.parse().unwrap();
        assert_eq!(grid.givens(), 30);
        assert_eq!(Sudoku::parse(&grid.to_string()).unwrap(), grid);
        let pretty = "# a comment\n5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n";
        assert_eq!(Sudoku::parse(pretty).unwrap(), grid);
        assert_eq!(Sudoku::parse(&line.replace('.', "0")).unwrap(), grid);
    }
}
