//! The text format's parser: [`Grid::parse`], with errors ([`ParseError`]) that say at which
//! line and column, and what was expected there.

use crate::grid::{Grid, MAX_SIDE, Terrain};
use std::str::FromStr;

/// What is wrong with a grid's text, and where ([`ParseError`] carries the place).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// The text has no row at all (only blank lines, or nothing).
    #[error("expected rows of cells (`#` wall, `.` floor, `~` mud, `S` start, `G` goal), found no rows")]
    Empty,
    /// A character that is not a cell.
    #[error("expected a cell (`#` wall, `.` floor, `~` mud, `S` start, `G` goal), found `{0}`")]
    UnknownCell(char),
    /// A row with more or fewer cells than the first.
    #[error("expected {expected} cells, as the first row has, found {found}")]
    RaggedRow {
        /// The first row's length.
        expected: u32,
        /// This row's length.
        found: usize,
    },
    /// A row longer than [`MAX_SIDE`].
    #[error("expected at most {MAX_SIDE} cells in a row, found more")]
    TooWide,
    /// More rows than [`MAX_SIDE`].
    #[error("expected at most {MAX_SIDE} rows, found more")]
    TooTall,
    /// A second `S` or `G`.
    #[error("expected one `{symbol}`, found a second (the first is at line {first_line}, column {first_column})")]
    Second {
        /// `S` or `G`.
        symbol: char,
        /// Where the first one is.
        first_line: usize,
        /// Its column.
        first_column: usize,
    },
    /// No `S` or no `G` in the whole grid.
    #[error("expected a {name} `{symbol}`, found no {name} in the grid")]
    Missing {
        /// `start` or `goal`.
        name: &'static str,
        /// `S` or `G`.
        symbol: char,
    },
}

/// A grid's text that does not parse: where (line and column from 1, counting characters)
/// and what was wrong. A missing `S` or `G` is placed just after the last line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What was expected there, and what was found.
    pub kind: ErrorKind,
}

/// Where the `S` or the `G` was found: (cell, line, column).
type Mark = Option<(u32, usize, usize)>;

impl Grid {
    /// Parses a grid's text: one line per row, all rows the same length, `#` wall, `.` floor,
    /// `~` mud (entering costs 3), exactly one start `S` and one goal `G` (floor). Blank lines
    /// and trailing spaces are ignored. At most [`MAX_SIDE`] rows and columns; the text is
    /// read once, and nothing larger than the grid is allocated.
    ///
    /// ```
    /// use delve_grid::Grid;
    ///
    /// let grid = Grid::parse("S.#\n~.G").unwrap();
    /// assert_eq!((grid.height(), grid.width()), (2, 3));
    /// let err = Grid::parse("S.x\n..G").unwrap_err();
    /// assert_eq!(err.to_string(), "line 1, column 3: expected a cell (`#` wall, `.` floor, `~` mud, `S` start, `G` goal), found `x`");
    /// ```
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        let at = |line: usize, column: usize, kind: ErrorKind| ParseError { line, column, kind };
        let (mut width, mut height, mut lines) = (None::<u32>, 0u32, 0);
        let (mut start, mut goal): (Mark, Mark) = (None, None);
        let mut cells = Vec::new();
        for (index, row) in text.lines().enumerate() {
            let line = index + 1;
            lines = line;
            let row = row.trim_end();
            if row.is_empty() {
                continue;
            }
            if height == MAX_SIDE {
                return Err(at(line, 1, ErrorKind::TooTall));
            }
            let mut count = 0u32;
            for (c, ch) in row.chars().enumerate() {
                let column = c + 1;
                if count == MAX_SIDE {
                    return Err(at(line, column, ErrorKind::TooWide));
                }
                if let Some(expected) = width
                    && count == expected
                {
                    return Err(at(line, column, ErrorKind::RaggedRow { expected, found: row.chars().count() }));
                }
                let cell = cells.len() as u32;
                let mark = |slot: &mut Mark| match *slot {
                    Some((_, first_line, first_column)) => {
                        Err(at(line, column, ErrorKind::Second { symbol: ch, first_line, first_column }))
                    }
                    None => {
                        *slot = Some((cell, line, column));
                        Ok(Terrain::Floor)
                    }
                };
                cells.push(match ch {
                    '#' => Terrain::Wall,
                    '.' => Terrain::Floor,
                    '~' => Terrain::Mud,
                    'S' => mark(&mut start)?,
                    'G' => mark(&mut goal)?,
                    other => return Err(at(line, column, ErrorKind::UnknownCell(other))),
                });
                count += 1;
            }
            match width {
                None => width = Some(count),
                Some(expected) if count < expected => {
                    let found = count as usize;
                    return Err(at(line, found + 1, ErrorKind::RaggedRow { expected, found }));
                }
                Some(_) => {}
            }
            height += 1;
        }
        let width = width.ok_or(at(1, 1, ErrorKind::Empty))?;
        let missing = |name, symbol| at(lines + 1, 1, ErrorKind::Missing { name, symbol });
        let (start, _, _) = start.ok_or_else(|| missing("start", 'S'))?;
        let (goal, _, _) = goal.ok_or_else(|| missing("goal", 'G'))?;
        Ok(Grid { width, height, cells, start, goal })
    }
}

impl FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        Grid::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> (usize, usize, ErrorKind) {
        let e = Grid::parse(text).unwrap_err();
        (e.line, e.column, e.kind)
    }

    #[test]
    fn bad_grids_say_where_and_what_was_expected() {
        assert_eq!(error("S.\n."), (2, 2, ErrorKind::RaggedRow { expected: 2, found: 1 }));
        assert_eq!(error("S.\n..G"), (2, 3, ErrorKind::RaggedRow { expected: 2, found: 3 }));
        assert_eq!(error("S.x\n..G"), (1, 3, ErrorKind::UnknownCell('x')));
        assert_eq!(error("S.\nSG"), (2, 1, ErrorKind::Second { symbol: 'S', first_line: 1, first_column: 1 }));
        assert_eq!(error(""), (1, 1, ErrorKind::Empty));
        assert_eq!(error("\n  \n"), (1, 1, ErrorKind::Empty));
        assert_eq!(error("S..\n"), (2, 1, ErrorKind::Missing { name: "goal", symbol: 'G' }));
        assert_eq!(error("..G"), (2, 1, ErrorKind::Missing { name: "start", symbol: 'S' }));
        assert_eq!(
            Grid::parse("S.\nSG").unwrap_err().to_string(),
            "line 2, column 1: expected one `S`, found a second (the first is at line 1, column 1)"
        );
        assert_eq!(
            Grid::parse("S..").unwrap_err().to_string(),
            "line 2, column 1: expected a goal `G`, found no goal in the grid"
        );
    }

    #[test]
    fn columns_count_characters_and_blank_lines_count_as_lines() {
        assert_eq!(error("S.\n\nG.é"), (3, 3, ErrorKind::RaggedRow { expected: 2, found: 3 }));
        assert_eq!(error("é"), (1, 1, ErrorKind::UnknownCell('é')));
    }

    #[test]
    fn blank_lines_trailing_spaces_and_crlf_are_ignored() {
        let grid: Grid = "\nS.~ \r\n\n#.G\r\n\n".parse().unwrap();
        assert_eq!(grid.to_string(), "S.~\n#.G");
    }

    #[test]
    fn sizes_are_bounded() {
        let side = MAX_SIDE as usize;
        let wide = format!("SG{}", ".".repeat(side));
        assert_eq!(error(&wide), (1, side + 1, ErrorKind::TooWide));
        let tall = format!("S\nG\n{}", ".\n".repeat(side));
        assert_eq!(error(&tall), (side + 1, 1, ErrorKind::TooTall));
        let largest = format!("S{}\n{}G", ".".repeat(side - 1), ".".repeat(side - 1));
        assert_eq!(Grid::parse(&largest).unwrap().width(), MAX_SIDE);
    }
}
