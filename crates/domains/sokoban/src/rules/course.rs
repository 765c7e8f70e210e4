//! The original course solver's level file (`levels.txt`): each level starts with a `Level N`
//! line, levels count from 0, and a level is its rows up to a blank line. The symbols are
//! XSB's but fewer: `#` wall, ` ` floor, `$` egg (box), `.` target (goal), `@` mouse (player)
//! and `*` the mouse on a target, which XSB writes `+` (in XSB `*` is a box on a goal). There
//! is no symbol for an egg on a target, and no titles.
//!
//! Reading gives [`Level`]s in XSB (`*` read as `+`), numbered by their headers; the headers
//! must follow one another (`Level 0`, `Level 1`, …), so a file's levels are numbered like an
//! XSB collection's, from the first header's number. Writing numbers the levels from 0.

use crate::rules::level::{ErrorKind, Level, MAX_HEIGHT, MAX_SQUARES, MAX_WIDTH, ParseError, Row, build, err};

/// The `N` of a `Level N` header line (spaces around it allowed), if `line` is one.
pub(super) fn header(line: &str) -> Option<usize> {
    let number = line.trim().strip_prefix("Level")?;
    let digits = number.trim_start();
    if digits.len() == number.len() || digits.is_empty() || digits.len() > 9 {
        return None;
    }
    digits.bytes().all(|b| b.is_ascii_digit()).then(|| digits.parse().ok()).flatten()
}

/// Whether `text` reads as a course file: it has `Level N` headers, and no level in it holds
/// XSB's `+` or both `@` and `*` (in XSB, a player and a box on a goal; in the course format,
/// two mice). Where both readings are valid they give the same boards.
pub(super) fn looks_like_course(text: &str) -> bool {
    let mut headers = false;
    // Whether the level being read has `@`, and `*`.
    let (mut inside, mut mouse, mut star) = (false, false, false);
    for line in text.lines() {
        if header(line).is_some() || line.trim().is_empty() {
            if mouse && star {
                return false;
            }
            headers |= header(line).is_some();
            (inside, mouse, star) = (header(line).is_some(), false, false);
        } else if inside {
            if line.contains('+') {
                return false;
            }
            mouse |= line.contains('@');
            star |= line.contains('*');
        }
    }
    headers && !(mouse && star)
}

/// Reads a course-format row: its cells in XSB, each with its column.
fn decode(line_no: usize, line: &str) -> Result<Row, ParseError> {
    let mut row = Row { line: line_no, cells: Vec::new(), columns: Vec::new() };
    for (i, ch) in line.chars().enumerate() {
        let column = i + 1;
        let cell = match ch {
            '#' | '.' | '$' | '@' => ch as u8,
            ' ' | '-' | '_' => b' ',
            '*' => b'+',
            _ => return Err(err(line_no, column, ErrorKind::CourseChar(ch))),
        };
        if row.cells.len() == MAX_WIDTH {
            return Err(err(line_no, column, ErrorKind::RowTooWide));
        }
        row.cells.push(cell);
        row.columns.push(column);
    }
    Ok(row)
}

/// Parses a course file level by level, as [`parse_levels`](crate::parse_levels) does an XSB
/// one: each level on its own, so a malformed level is an error in its place. The whole text
/// is an error when it has no `Level N` header, a header out of order, a board row outside a
/// level, or more squares than [`MAX_SQUARES`].
///
/// ```
/// let text = "Level 0\n#####\n#*$ #\n#####\n\nLevel 1\n#####\n#@$.#\n#####\n";
/// let levels = delve_sokoban::parse_course(text).unwrap();
/// let first = levels[0].as_ref().unwrap();
/// assert_eq!((first.number, first.to_string().as_str()), (0, "#####\n#+$ #\n#####\n"));
/// assert_eq!(levels[1].as_ref().unwrap().number, 1);
/// ```
pub fn parse_course(text: &str) -> Result<Vec<Result<Level, ParseError>>, ParseError> {
    /// The level being read: its number, header line, rows, or the first error in it.
    struct Block {
        number: usize,
        line: usize,
        rows: Vec<Row>,
        bad: Option<ParseError>,
    }
    fn finish(block: Option<Block>, levels: &mut Vec<Result<Level, ParseError>>) {
        let Some(block) = block else { return };
        levels.push(match block.bad {
            Some(e) => Err(e),
            None if block.rows.is_empty() => Err(err(block.line, 1, ErrorKind::EmptyLevel(block.number))),
            None => build(block.number, None, block.rows).map_err(|mut e| {
                if e.kind == ErrorKind::NoPlayer {
                    e.kind = ErrorKind::NoMouse;
                }
                e
            }),
        });
    }
    let mut levels = Vec::new();
    let mut block: Option<Block> = None;
    // The number the next header must have (any, before the first).
    let mut next: Option<usize> = None;
    let mut squares = 0usize;
    let mut last_line = 0;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        last_line = line_no;
        let line = raw.trim_end();
        if let Some(number) = header(line) {
            if let Some(expected) = next.filter(|&n| n != number) {
                let column = line.len() - line.trim_start().len() + 1;
                return Err(err(line_no, column, ErrorKind::OutOfOrder { expected, found: number }));
            }
            next = Some(number + 1);
            finish(block.take(), &mut levels);
            block = Some(Block { number, line: line_no, rows: Vec::new(), bad: None });
            continue;
        }
        if line.trim().is_empty() {
            // A blank line ends the level; the next header starts another.
            finish(block.take(), &mut levels);
            continue;
        }
        let Some(b) = block.as_mut() else {
            if line.contains('#') {
                let column = line.len() - line.trim_start().len() + 1;
                return Err(err(line_no, column, ErrorKind::RowOutsideLevel));
            }
            // Notes between levels are skipped.
            continue;
        };
        if b.bad.is_some() {
            continue;
        }
        match decode(line_no, line) {
            Ok(row) => {
                squares += row.cells.len();
                if squares > MAX_SQUARES {
                    return Err(err(line_no, 1, ErrorKind::TooManySquares));
                }
                b.rows.push(row);
                if b.rows.len() > MAX_HEIGHT {
                    b.bad = Some(err(line_no, 1, ErrorKind::LevelTooTall));
                }
            }
            Err(e) => b.bad = Some(e),
        }
    }
    finish(block, &mut levels);
    if levels.is_empty() {
        return Err(err(last_line.max(1), 1, ErrorKind::NoHeader));
    }
    Ok(levels)
}
