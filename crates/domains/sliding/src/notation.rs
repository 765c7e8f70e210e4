//! The notations states are written in, and their parsers and printers.
//!
//! - **Keypad** (the original study's, boards up to 9 cells): one character per cell, row by row;
//!   tiles are named by where they sit on a numeric keypad when solved and `B` is the blank,
//!   so the solved 3×3 board is `789456B23` (rows `7 8 9 / 4 5 6 / B 2 3`).
//! - **Row-major numbers**: the tiles row by row with `0` for the blank, separated by
//!   spaces or commas (`1 2 3 4 5 6 7 8 0`); up to 10 cells they may also be written as one
//!   digit string (`123456780`). `/` or a newline may separate rows.
//!
//! Internally a keypad label `k` is tile `k − 1` and `B` is 0, so both notations name the
//! same tiles: keypad `789456B23` is row-major `6 7 8 3 4 5 0 1 2`.

use crate::board::Dims;
use crate::error::Error;
use crate::state::Grid;

/// How a state is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// The original study's keypad notation (`789456B23`), boards up to 9 cells.
    Keypad,
    /// Row-major numbers with 0 for the blank.
    RowMajor,
}

/// The keypad goal of `board` (cells ≤ 9): keypad labels counted from the bottom row up,
/// the blank in the bottom-left corner (`789456B23` on 3×3, `34B2` on 2×2).
pub fn keypad_goal(board: Dims) -> Result<Grid, Error> {
    if board.cells() > 9 {
        return Err(Error::Notation(format!("keypad notation covers boards up to 9 cells, not {board}")));
    }
    let (rows, cols) = (board.rows(), board.cols());
    let mut tiles = vec![0u8; board.cells()];
    for r in 0..rows {
        for c in 0..cols {
            // Keypad label counted from the bottom row; internal tile = label - 1.
            tiles[r * cols + c] = ((rows - 1 - r) * cols + c) as u8;
        }
    }
    Grid::new(board, tiles)
}

/// The default goal for a state written in `notation`: the keypad goal for keypad input,
/// `1 2 … 0` otherwise.
pub fn default_goal(board: Dims, notation: Notation) -> Grid {
    match notation {
        Notation::Keypad => keypad_goal(board).expect("keypad input implies a keypad-sized board"),
        Notation::RowMajor => Grid::standard_goal(board),
    }
}

/// The goal a job on `board` uses: `goal` parsed on that board when given, else the default
/// goal of the input's `notation` ([`default_goal`]).
///
/// ```
/// use delve_sliding::{Dims, notation::{Notation, format_state, resolve_goal}};
/// let board = Dims::new(3, 3).unwrap();
/// let g = resolve_goal(None, board, Notation::Keypad).unwrap();
/// assert_eq!(format_state(&g, Notation::Keypad), "789456B23");
/// let g = resolve_goal(Some("0 1 2 3 4 5 6 7 8"), board, Notation::RowMajor).unwrap();
/// assert_eq!(g.blank(), 0);
/// assert!(resolve_goal(Some("0 1 2"), board, Notation::RowMajor).is_err());
/// ```
pub fn resolve_goal(goal: Option<&str>, board: Dims, notation: Notation) -> Result<Grid, Error> {
    match goal {
        Some(g) => Ok(parse_state(g, Some(board))?.0),
        None => Ok(default_goal(board, notation)),
    }
}

/// The goal a whole-space enumeration of `board` starts from when none is given: the original
/// study's keypad goal on boards of up to 9 cells (unless `row_major`), else `1 2 … 0`; with
/// the notation its states are written in.
///
/// ```
/// use delve_sliding::{Dims, notation::{Notation, enumeration_goal, format_state}};
/// let (g, n) = enumeration_goal(Dims::new(3, 3).unwrap(), false);
/// assert_eq!((format_state(&g, n), n), ("789456B23".to_string(), Notation::Keypad));
/// let (_, n) = enumeration_goal(Dims::new(3, 3).unwrap(), true);
/// assert_eq!(n, Notation::RowMajor);
/// ```
pub fn enumeration_goal(board: Dims, row_major: bool) -> (Grid, Notation) {
    if board.cells() <= 9 && !row_major {
        (default_goal(board, Notation::Keypad), Notation::Keypad)
    } else {
        (Grid::standard_goal(board), Notation::RowMajor)
    }
}

/// Parses a state. `board` fixes the size; without it the size is read from row
/// separators or taken as the square board of that many cells.
///
/// ```
/// use delve_sliding::{Dims, notation::{parse_state, Notation}};
/// let (g, n) = parse_state("789456B23", None).unwrap();
/// assert_eq!((g.dims(), n), (Dims::new(3, 3).unwrap(), Notation::Keypad));
/// assert_eq!(g.tiles(), &[6, 7, 8, 3, 4, 5, 0, 1, 2]);
/// let (g, _) = parse_state("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", None).unwrap();
/// assert_eq!(g.dims().cells(), 16);
/// let (g, _) = parse_state("1,2,3,4/5,6,7,0", None).unwrap();
/// assert_eq!((g.dims().rows(), g.dims().cols()), (2, 4));
/// ```
pub fn parse_state(text: &str, board: Option<Dims>) -> Result<(Grid, Notation), Error> {
    let err = |msg: String| Error::Notation(format!("state `{}`: {msg}", text.trim()));
    let trimmed = text.trim().trim_start_matches('\u{feff}');
    if trimmed.is_empty() {
        return Err(Error::Notation(
            "empty state: give the tiles row by row, e.g. `789456B23` or `1 2 3 4 5 6 7 8 0`".into(),
        ));
    }
    let is_sep = |c: char| c.is_whitespace() || c == ',' || c == ';';
    let separated = trimmed.contains(|c: char| is_sep(c) || c == '/');
    // Rows, each a list of tokens.
    let rows: Vec<Vec<&str>> = if separated {
        trimmed
            .split(['/', '\n'])
            .map(|row| row.split(is_sep).filter(|t| !t.is_empty()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect()
    } else {
        vec![trimmed.char_indices().map(|(i, c)| &trimmed[i..i + c.len_utf8()]).collect()]
    };
    let tokens: Vec<&str> = rows.iter().flatten().copied().collect();
    let keypad = tokens.iter().any(|t| t.eq_ignore_ascii_case("b"));
    if !separated && !keypad && tokens.len() > 10 {
        return Err(err(format!(
            "{} characters; above 9 tiles separate the numbers with spaces or commas (`1 2 3 … 15 0`)",
            tokens.len()
        )));
    }
    // The board.
    let board = match board {
        Some(b) => b,
        None if rows.len() > 1 => {
            let cols = rows[0].len();
            if rows.iter().any(|r| r.len() != cols) {
                return Err(err("rows have different lengths".into()));
            }
            Dims::new(rows.len(), cols).map_err(|e| err(e.to_string()))?
        }
        None => Dims::square_of(tokens.len()).ok_or_else(|| {
            err(format!("cannot tell the board size from {} values; pass the size (e.g. --size 3x4)", tokens.len()))
        })?,
    };
    if rows.len() > 1 && (rows.len() != board.rows() || rows.iter().any(|r| r.len() != board.cols())) {
        return Err(err(format!("its rows do not form a {board} board")));
    }
    if tokens.len() != board.cells() {
        return Err(err(format!(
            "a {board} board has {} cells (tiles 1-{} and the blank), got {} values",
            board.cells(),
            board.cells() - 1,
            tokens.len()
        )));
    }
    let mut tiles = Vec::with_capacity(tokens.len());
    if keypad {
        if board.cells() > 9 {
            return Err(err(format!("keypad notation (with `B`) covers boards up to 9 cells, not {board}")));
        }
        for (i, tok) in tokens.iter().enumerate() {
            if tok.eq_ignore_ascii_case("b") {
                tiles.push(0);
                continue;
            }
            match tok.parse::<u8>() {
                Ok(k) if (2..=board.cells() as u8).contains(&k) => tiles.push(k - 1),
                _ => {
                    return Err(err(format!(
                        "`{tok}` at position {} is not a keypad tile: keypad notation uses B for the blank and 2-{} for the tiles",
                        i + 1,
                        board.cells()
                    )));
                }
            }
        }
    } else {
        for (i, tok) in tokens.iter().enumerate() {
            match tok.parse::<u8>() {
                Ok(t) => tiles.push(t),
                Err(_) => {
                    return Err(err(format!(
                        "`{tok}` at position {} is not a tile number (tiles are 1-{}, 0 is the blank)",
                        i + 1,
                        board.cells() - 1
                    )));
                }
            }
        }
    }
    let notation = if keypad { Notation::Keypad } else { Notation::RowMajor };
    let mut seen = vec![false; board.cells()];
    for &t in &tiles {
        if let Some(slot) = seen.get_mut(t as usize) {
            if *slot {
                return Err(err(if t == 0 {
                    "the blank appears twice".to_string()
                } else {
                    format!("tile {} appears twice", label(t, notation))
                }));
            }
            *slot = true;
        }
    }
    let grid = Grid::new(board, tiles).map_err(|e| err(e.to_string()))?;
    Ok((grid, notation))
}

/// The label of `tile` in `notation` (`B`/`2`-`9` for keypad, numbers otherwise; the
/// blank is `0` in row-major notation).
pub fn label(tile: u8, notation: Notation) -> String {
    match (notation, tile) {
        (Notation::Keypad, 0) => "B".into(),
        (Notation::Keypad, t) => (t + 1).to_string(),
        (Notation::RowMajor, t) => t.to_string(),
    }
}

/// One-line form: `789456B23` for keypad, `1 2 3 4 5 6 7 8 0` otherwise.
pub fn format_state(grid: &Grid, notation: Notation) -> String {
    let labels: Vec<String> = grid.tiles().iter().map(|&t| label(t, notation)).collect();
    match notation {
        Notation::Keypad => labels.concat(),
        Notation::RowMajor => labels.join(" "),
    }
}

/// Multi-line drawing, one row per line, columns aligned; the blank is `B` in keypad
/// notation and `.` otherwise.
pub fn format_board(grid: &Grid, notation: Notation) -> String {
    let b = grid.dims();
    let width = label(b.cells() as u8 - 1, notation).len();
    let mut out = String::new();
    for r in 0..b.rows() {
        let row: Vec<String> = (0..b.cols())
            .map(|c| {
                let t = grid.tiles()[r * b.cols() + c];
                let s = if t == 0 && notation == Notation::RowMajor { ".".to_string() } else { label(t, notation) };
                format!("{s:>width$}")
            })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keypad_goals() {
        let b33 = Dims::new(3, 3).unwrap();
        assert_eq!(format_state(&keypad_goal(b33).unwrap(), Notation::Keypad), "789456B23");
        let b22 = Dims::new(2, 2).unwrap();
        assert_eq!(format_state(&keypad_goal(b22).unwrap(), Notation::Keypad), "34B2");
        let b23 = Dims::new(2, 3).unwrap();
        assert_eq!(format_state(&keypad_goal(b23).unwrap(), Notation::Keypad), "456B23");
        assert!(keypad_goal(Dims::new(3, 4).unwrap()).is_err());
    }

    #[test]
    fn round_trips() {
        for s in ["789456B23", "359B26478", "8734B9265"] {
            let (g, n) = parse_state(s, None).unwrap();
            assert_eq!(format_state(&g, n), s);
        }
        let (g, n) = parse_state("b89456723", None).unwrap();
        assert_eq!(format_state(&g, n), "B89456723");
        let (g, n) = parse_state("123456780", None).unwrap();
        assert_eq!((g.tiles(), n), (&[1, 2, 3, 4, 5, 6, 7, 8, 0][..], Notation::RowMajor));
        let (g, _) = parse_state(" 1, 2, 3,\n 4, 5, 0 ", None).unwrap();
        assert_eq!((g.dims().rows(), g.dims().cols()), (2, 3));
        let (g, _) = parse_state("1 2 3 4 5 6 7 8 9 10 11 0", Some(Dims::new(3, 4).unwrap())).unwrap();
        assert_eq!(g.blank(), 11);
    }

    #[test]
    fn errors_are_specific() {
        let e = |s: &str, b: Option<Dims>| parse_state(s, b).unwrap_err().to_string();
        assert!(e("", None).contains("empty"));
        assert!(e("789456B21", None).contains("`1` at position 9 is not a keypad tile"));
        assert!(e("7894560B23", None).contains("cannot tell the board size from 10 values"));
        assert!(e("7894560B2", None).contains("`0` at position 7 is not a keypad tile"));
        assert!(e("78945B663", None).contains("tile 6 appears twice"));
        assert!(e("B8945B623", None).contains("blank appears twice"));
        assert!(e("1 2 3 4 5 6 7 8 8", None).contains("tile 8 appears twice"));
        assert!(e("1 2 3 4 5 6 7 8 9", None).contains("tile 9 does not exist"));
        assert!(e("1 2 3 4 5 6 7 0", None).contains("cannot tell the board size"));
        assert!(e("1 2 3 x 5 6 7 8 0", None).contains("`x` at position 4"));
        assert!(e("1234567890123456", None).contains("separate the numbers"));
        assert!(e("1 2 3 4 5 6 7 8 0", Some(Dims::new(3, 4).unwrap())).contains("12 cells"));
        assert!(e("1 2 3/4 5/6 7 0", None).contains("different lengths"));
    }

    #[test]
    fn board_drawing() {
        let (g, n) = parse_state("9B6358247", None).unwrap();
        assert_eq!(format_board(&g, n), "9 B 6\n3 5 8\n2 4 7\n");
        let g = Grid::standard_goal(Dims::new(4, 4).unwrap());
        assert!(format_board(&g, Notation::RowMajor).ends_with("13 14 15  .\n"));
    }
}
