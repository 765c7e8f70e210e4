//! XSB levels: single levels and collections, run-length rows, the ordered-mode letters, and
//! errors with line and column ([`ParseError`]).
//!
//! The format: `#` wall, ` ` (or `-`, `_`) floor, `.` goal, `$` box, `*` box on goal, `@`
//! player, `+` player on goal. Ordered mode adds boxes `A`..`Z` (on floor) and goals
//! `a`..`z`: box `A` belongs on goal `a`, and so on. A row may be run-length encoded
//! (`3#` = `###`, `|` ends a row). In a collection, a `; text` line before a level is its title
//! (the last such line wins); blank lines separate levels; lines without a wall between
//! levels are ignored (authors' notes), and a `Key: value` note also ends the level above it.

use std::fmt;

/// What is wrong at a place in a level file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// A character that is not part of the XSB alphabet in a board row.
    #[error(
        "unknown character `{0}` in a board row (expected `#`, ` `, `-`, `_`, `.`, `$`, `*`, `@`, `+`, `A`-`Z`, `a`-`z`, run-length digits or `|`)"
    )]
    UnknownChar(char),
    /// A run length (digits) with no character after it.
    #[error("a run length with no character after it")]
    DanglingCount,
    /// A row wider than [`MAX_WIDTH`] squares, written out or made by a run length.
    #[error("this row is wider than {MAX_WIDTH} squares, the most a level may be")]
    RowTooWide,
    /// A level of more than [`MAX_HEIGHT`] rows.
    #[error("this level has more than {MAX_HEIGHT} rows, the most a level may have")]
    LevelTooTall,
    /// A file whose levels hold more than [`MAX_SQUARES`] squares in all.
    #[error("the file's levels hold more than {MAX_SQUARES} squares in all, the most one file may")]
    TooManySquares,
    /// A level without `@` or `+`.
    #[error("no player (`@` or `+`) in this level")]
    NoPlayer,
    /// A second `@` or `+`.
    #[error("a second player (the first is at line {line}, column {column})")]
    TwoPlayers {
        /// Line of the first player.
        line: usize,
        /// Column of the first player.
        column: usize,
    },
    /// The numbers of boxes and goals differ.
    #[error("{} but {} (they must be equal)", counted(*boxes, "box", "boxes"), counted(*goals, "goal", "goals"))]
    BoxesGoals {
        /// Boxes in the level.
        boxes: usize,
        /// Goals in the level.
        goals: usize,
    },
    /// The player can walk off the board.
    #[error("the level is not closed: the player can walk off the board from this square")]
    NotClosed,
    /// A row with no wall in the middle of a level.
    #[error("a board row without a wall (the level is not closed)")]
    RowWithoutWall,
    /// The ordered-mode letters do not pair up.
    #[error("ordered letters: {0}")]
    Letters(String),
    /// No level at all in the text.
    #[error("no level found (a level is a block of rows made of `#`, floor, `.`, `$`, `*`, `@`, `+`)")]
    NoLevel,
    /// A character that is not part of the course format in a board row.
    #[error(
        "unknown character `{0}` in a course-format row (expected `#`, ` `, `-`, `_`, `.`, `$`, `@`, or `*` for the mouse on a target)"
    )]
    CourseChar(char),
    /// A course level without `@` or `*`.
    #[error("no mouse (`@`, or `*` for the mouse on a target) in this level")]
    NoMouse,
    /// A `Level N` header whose number does not follow the one before.
    #[error(
        "`Level {found}` is out of order: expected `Level {expected}` (a course file numbers its levels one by one)"
    )]
    OutOfOrder {
        /// The number that should come here.
        expected: usize,
        /// The number written.
        found: usize,
    },
    /// A `Level N` header with no rows after it.
    #[error("`Level {0}` has no rows (a level is the rows after its header, up to a blank line)")]
    EmptyLevel(usize),
    /// A board row in a course file that no `Level N` header opens.
    #[error("a board row outside a level (in a course file each level starts with a `Level N` line)")]
    RowOutsideLevel,
    /// A course file without a single `Level N` header.
    #[error("no `Level N` header found (a course file's levels each start with one)")]
    NoHeader,
    /// A cell that the course format has no symbol for (when writing a level in it).
    #[error("{0} cannot be written in the course format, which has no symbol for it")]
    NotInCourse(&'static str),
    /// A level beyond the solver's compact limits.
    #[error("the level has {found} {what}; the solver's limit is {max}")]
    TooLarge {
        /// What is counted.
        what: &'static str,
        /// How many the level has.
        found: usize,
        /// The limit.
        max: usize,
    },
}

/// The widest row a level may have, in squares. Run lengths are checked against it before
/// anything is expanded, so a short line cannot ask for a huge row.
pub const MAX_WIDTH: usize = 1000;

/// The most rows a level may have.
pub const MAX_HEIGHT: usize = 1000;

/// The most squares all the levels of one file may hold together: far above any published
/// collection, and small enough (16 MiB) that a file of run lengths cannot exhaust memory.
pub const MAX_SQUARES: usize = 1 << 24;

/// `n` and the noun, singular or plural.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A parse error of a Sokoban level file (file, line, column, [`ErrorKind`]).
pub type ParseError = delve_core::ParseError<ErrorKind>;

pub(super) fn err(line: usize, column: usize, kind: ErrorKind) -> ParseError {
    ParseError { file: None, line, column, kind }
}

/// One level: its title, where it starts in the text, and its rows in normalised XSB (floor
/// as ` `, nothing else rewritten; trailing spaces removed). A level read in the course format
/// has its rows in XSB too (its `*`, the mouse on a target, is `+`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Its number: the 1-based position in an XSB collection, the `N` of its `Level N` header
    /// in a course file (which counts from 0).
    pub number: usize,
    /// The title (the last `; title` line before it), or the number when there is none.
    pub title: String,
    /// Line of the level's first row in the text.
    pub line: usize,
    rows: Vec<Vec<u8>>,
}

impl Level {
    /// Parses a text holding exactly one level, or the first level of a collection.
    ///
    /// ```
    /// let level = delve_sokoban::Level::parse("#####\n#@$.#\n#####\n").unwrap();
    /// assert_eq!((level.width(), level.height()), (5, 3));
    /// assert!(delve_sokoban::Level::parse("#####\n# $.#\n#####\n").is_err()); // no player
    /// ```
    pub fn parse(text: &str) -> Result<Level, ParseError> {
        parse_collection(text).map(|mut v| v.swap_remove(0))
    }

    /// Width (longest row) in cells.
    pub fn width(&self) -> usize {
        self.rows.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// Height in rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The cell at `(row, col)` as a normalised XSB byte; ` ` outside the rows.
    pub fn cell(&self, row: usize, col: usize) -> u8 {
        self.rows.get(row).and_then(|r| r.get(col)).copied().unwrap_or(b' ')
    }

    /// Whether the level uses the ordered-mode letters.
    pub fn has_letters(&self) -> bool {
        self.rows.iter().flatten().any(u8::is_ascii_alphabetic)
    }

    /// Source line of row `row` (for messages about a cell).
    pub fn line_of(&self, row: usize) -> usize {
        self.line + row
    }
}

impl fmt::Display for Level {
    /// The rows in XSB, one per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in &self.rows {
            writeln!(f, "{}", String::from_utf8_lossy(row))?;
        }
        Ok(())
    }
}

/// Whether `c` is a cell character of a board row (after run-length decoding).
fn is_cell(c: u8) -> bool {
    matches!(c, b'#' | b' ' | b'-' | b'_' | b'.' | b'$' | b'*' | b'@' | b'+') || c.is_ascii_alphabetic()
}

/// A decoded board row: the cells and the source column of each.
pub(super) struct Row {
    pub(super) line: usize,
    pub(super) cells: Vec<u8>,
    pub(super) columns: Vec<usize>,
}

/// Decodes one text line into board rows (several when `|` splits an RLE line). `Ok(None)`
/// when the line is not a board row (no wall and nothing but letters, spaces and `:`-notes).
///
/// A run length that would make the row wider than [`MAX_WIDTH`] is refused where it starts,
/// before its cells are made.
fn decode(line_no: usize, line: &str) -> Result<Vec<Row>, ParseError> {
    let mut rows = vec![Row { line: line_no, cells: Vec::new(), columns: Vec::new() }];
    let mut count: Option<(usize, usize)> = None;
    for (i, ch) in line.chars().enumerate() {
        let column = i + 1;
        if let Some(d) = ch.to_digit(10) {
            let (n, start) = count.unwrap_or((0, column));
            let n = n * 10 + d as usize;
            if n > MAX_WIDTH {
                return Err(err(line_no, start, ErrorKind::RowTooWide));
            }
            count = Some((n, start));
            continue;
        }
        if ch == '|' {
            if let Some((_, start)) = count {
                return Err(err(line_no, start, ErrorKind::DanglingCount));
            }
            rows.push(Row { line: line_no, cells: Vec::new(), columns: Vec::new() });
            continue;
        }
        if !ch.is_ascii() || !is_cell(ch as u8) {
            return Err(err(line_no, column, ErrorKind::UnknownChar(ch)));
        }
        let c = match ch as u8 {
            b'-' | b'_' => b' ',
            c => c,
        };
        let (n, start) = count.take().unwrap_or((1, column));
        let row = rows.last_mut().expect("at least one row");
        if row.cells.len() + n > MAX_WIDTH {
            return Err(err(line_no, start, ErrorKind::RowTooWide));
        }
        for _ in 0..n {
            row.cells.push(c);
            row.columns.push(column);
        }
    }
    if let Some((_, start)) = count {
        return Err(err(line_no, start, ErrorKind::DanglingCount));
    }
    for row in &mut rows {
        while row.cells.last() == Some(&b' ') {
            row.cells.pop();
            row.columns.pop();
        }
    }
    Ok(rows)
}

/// Parses a collection: every level of the text, in order, each checked (one player, as many
/// boxes as goals, closed, letters paired). The first malformed level is the error; see
/// [`parse_levels`] to keep the others.
///
/// ```
/// let text = "; First\n\n#####\n#@$.#\n#####\n\n; Second\n\n5#|#.$@#|5#\n";
/// let levels = delve_sokoban::parse_collection(text).unwrap();
/// assert_eq!(levels.len(), 2);
/// assert_eq!((levels[0].title.as_str(), levels[1].title.as_str()), ("First", "Second"));
/// assert_eq!(levels[1].to_string(), "#####\n#.$@#\n#####\n");
/// ```
pub fn parse_collection(text: &str) -> Result<Vec<Level>, ParseError> {
    parse_levels(text)?.into_iter().collect()
}

/// Parses a collection level by level: each level in order, parsed and checked on its own, so
/// one malformed level is an error in its place (and keeps its number) while the others are
/// still read. The whole text is an error only when it holds no level, or more squares than
/// [`MAX_SQUARES`].
///
/// ```
/// let text = "#####\n#@$.#\n#####\n\n#####\n#@$!#\n#####\n\n#####\n#.$@#\n#####\n";
/// let levels = delve_sokoban::parse_levels(text).unwrap();
/// assert_eq!(levels.len(), 3);
/// assert!(levels[0].is_ok() && levels[2].is_ok());
/// let e = levels[1].as_ref().unwrap_err();
/// assert_eq!((e.line, e.column), (6, 4));
/// assert_eq!(levels[2].as_ref().unwrap().number, 3);
/// ```
pub fn parse_levels(text: &str) -> Result<Vec<Result<Level, ParseError>>, ParseError> {
    /// The level being read: its rows, or the first error in it.
    struct Block {
        rows: Vec<Row>,
        bad: Option<ParseError>,
    }
    impl Block {
        fn is_empty(&self) -> bool {
            self.rows.is_empty() && self.bad.is_none()
        }
    }
    let mut levels = Vec::new();
    let mut title: Option<String> = None;
    let mut block = Block { rows: Vec::new(), bad: None };
    let mut squares = 0usize;
    let mut last_line = 0;
    let flush = |block: &mut Block, title: &mut Option<String>, levels: &mut Vec<Result<Level, ParseError>>| {
        if block.is_empty() {
            return;
        }
        let number = levels.len() + 1;
        let rows = std::mem::take(&mut block.rows);
        levels.push(match block.bad.take() {
            Some(e) => {
                title.take();
                Err(e)
            }
            None => build(number, title.take(), rows),
        });
    };
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        last_line = line_no;
        let line = raw.trim_end();
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            flush(&mut block, &mut title, &mut levels);
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix(';') {
            flush(&mut block, &mut title, &mut levels);
            let comment = comment.trim();
            if !comment.is_empty() {
                title = Some(comment.to_string());
            }
            continue;
        }
        if !line.contains('#') {
            if trimmed.contains(':') {
                // A note such as `Author: …` ends the level it follows.
                flush(&mut block, &mut title, &mut levels);
            } else if !block.is_empty() && block.bad.is_none() {
                // Inside a level: a row without a wall is a hole in the border (or junk).
                let column = line.len() - trimmed.len() + 1;
                block.bad = Some(
                    decode(line_no, line).err().unwrap_or_else(|| err(line_no, column, ErrorKind::RowWithoutWall)),
                );
            }
            continue;
        }
        if block.bad.is_some() {
            // The rest of a malformed level is skipped, up to the blank line that ends it.
            continue;
        }
        match decode(line_no, line) {
            Ok(rows) => {
                squares += rows.iter().map(|row| row.cells.len()).sum::<usize>();
                if squares > MAX_SQUARES {
                    return Err(err(line_no, 1, ErrorKind::TooManySquares));
                }
                block.rows.extend(rows);
                if block.rows.len() > MAX_HEIGHT {
                    block.bad = Some(err(line_no, 1, ErrorKind::LevelTooTall));
                }
            }
            Err(e) => block.bad = Some(e),
        }
    }
    flush(&mut block, &mut title, &mut levels);
    if levels.is_empty() {
        return Err(err(last_line.max(1), 1, ErrorKind::NoLevel));
    }
    Ok(levels)
}

/// Checks a block of rows and makes it a level.
pub(super) fn build(number: usize, title: Option<String>, mut rows: Vec<Row>) -> Result<Level, ParseError> {
    let block_line = rows.first().map_or(1, |row| row.line);
    // An RLE `|` at either end of a level adds an empty row: drop it (printed, it would be a
    // blank line, which ends a level); inside the level an empty row is a hole in the border.
    while rows.last().is_some_and(|row| row.cells.is_empty()) {
        rows.pop();
    }
    let start = rows.iter().position(|row| !row.cells.is_empty()).unwrap_or(rows.len());
    rows.drain(..start);
    if let Some(row) = rows.iter().find(|row| row.cells.is_empty()) {
        return Err(err(row.line, 1, ErrorKind::RowWithoutWall));
    }
    let Some(first) = rows.first().map(|row| row.line) else {
        return Err(err(block_line, 1, ErrorKind::NoLevel));
    };
    let place = |r: usize, c: usize| (rows[r].line, rows[r].columns[c]);
    let mut player: Option<(usize, usize)> = None;
    let (mut boxes, mut goals) = (0, 0);
    for (r, row) in rows.iter().enumerate() {
        for (c, &cell) in row.cells.iter().enumerate() {
            if matches!(cell, b'@' | b'+') {
                if let Some((pr, pc)) = player {
                    let (line, column) = place(pr, pc);
                    let (l, col) = place(r, c);
                    return Err(err(l, col, ErrorKind::TwoPlayers { line, column }));
                }
                player = Some((r, c));
            }
            boxes += usize::from(matches!(cell, b'$' | b'*') || cell.is_ascii_uppercase());
            goals += usize::from(matches!(cell, b'.' | b'*' | b'+') || cell.is_ascii_lowercase());
        }
    }
    let Some((pr, pc)) = player else {
        return Err(err(first, 1, ErrorKind::NoPlayer));
    };
    // Before the count: a stray letter is named where it stands.
    check_letters(&rows)?;
    if boxes != goals {
        return Err(err(first, 1, ErrorKind::BoxesGoals { boxes, goals }));
    }
    // The player's region, ignoring boxes, must not reach past the rows.
    let inside = |r: usize, c: usize| rows.get(r).is_some_and(|row| c < row.cells.len());
    let mut seen = vec![Vec::new(); rows.len()];
    for (r, row) in rows.iter().enumerate() {
        seen[r] = vec![false; row.cells.len()];
    }
    let mut stack = vec![(pr, pc)];
    seen[pr][pc] = true;
    while let Some((r, c)) = stack.pop() {
        let neighbours = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
        for (nr, nc) in neighbours {
            if !inside(nr, nc) {
                let (line, column) = place(r, c);
                return Err(err(line, column, ErrorKind::NotClosed));
            }
            if rows[nr].cells[nc] != b'#' && !seen[nr][nc] {
                seen[nr][nc] = true;
                stack.push((nr, nc));
            }
        }
    }
    Ok(Level {
        number,
        title: title.unwrap_or_else(|| number.to_string()),
        line: first,
        rows: rows.into_iter().map(|r| r.cells).collect(),
    })
}

/// Ordered-mode letters: when any is used, every box is a capital and every goal a small
/// letter, each letter once as a box and once as a goal. Errors stand on the letter at fault.
fn check_letters(rows: &[Row]) -> Result<(), ParseError> {
    let cells = || rows.iter().flat_map(|r| r.cells.iter().zip(&r.columns).map(move |(&c, &col)| (r.line, col, c)));
    let Some((line, column, first)) = cells().find(|&(_, _, c)| c.is_ascii_alphabetic()) else {
        return Ok(());
    };
    if let Some((l, col, c)) = cells().find(|&(_, _, c)| matches!(c, b'$' | b'*' | b'.' | b'+')) {
        let what = if first.is_ascii_uppercase() { "box" } else { "goal" };
        let msg = format!(
            "`{}` is an ordered-mode {what}, but the level also has `{}` at line {l}, column {col}: \
             mark every box and goal with a letter (`A`-`Z` boxes, `a`-`z` goals) or none",
            first as char, c as char
        );
        return Err(err(line, column, ErrorKind::Letters(msg)));
    }
    // Where each letter stands, as a box and as a goal.
    let mut boxes = [None; 26];
    let mut goals = [None; 26];
    for (line, column, c) in cells() {
        let (place, letter) = match c {
            b'A'..=b'Z' => (&mut boxes[usize::from(c - b'A')], c),
            b'a'..=b'z' => (&mut goals[usize::from(c - b'a')], c),
            _ => continue,
        };
        if place.replace((line, column)).is_some() {
            let msg = format!("`{}` appears twice", letter as char);
            return Err(err(line, column, ErrorKind::Letters(msg)));
        }
    }
    for k in 0..26u8 {
        let (upper, lower) = ((b'A' + k) as char, (b'a' + k) as char);
        let (has, lacks, (line, column)) = match (boxes[usize::from(k)], goals[usize::from(k)]) {
            (Some(at), None) => (upper, lower, at),
            (None, Some(at)) => (lower, upper, at),
            _ => continue,
        };
        let msg = format!("`{has}` has no `{lacks}` (box `{upper}` goes to goal `{lower}`)");
        return Err(err(line, column, ErrorKind::Letters(msg)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> (usize, usize, ErrorKind) {
        let e = parse_collection(text).unwrap_err();
        (e.line, e.column, e.kind)
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(kind("#####\n# $.#\n#####\n"), (1, 1, ErrorKind::NoPlayer));
        assert_eq!(kind("; t\n\n######\n#@$.@#\n######\n").0, 4);
        assert_eq!(kind("; t\n\n######\n#@$.@#\n######\n").2, ErrorKind::TwoPlayers { line: 4, column: 2 });
        assert_eq!(kind("######\n#@$.@#\n######\n").1, 5);
        assert_eq!(kind("#####\n#@$$.#\n#####\n").2, ErrorKind::BoxesGoals { boxes: 2, goals: 1 });
        assert_eq!(ErrorKind::BoxesGoals { boxes: 1, goals: 2 }.to_string(), "1 box but 2 goals (they must be equal)");
        assert_eq!(kind("#####\n#@$?.#\n#####\n"), (2, 4, ErrorKind::UnknownChar('?')));
        assert_eq!(kind("#####\n#@$. \n#####\n"), (2, 4, ErrorKind::NotClosed));
        assert_eq!(kind("#####\n#@$.#\n# ###\n").2, ErrorKind::NotClosed);
        assert_eq!(kind("####\n#@$.#\n    \n"), (2, 2, ErrorKind::NotClosed));
        assert_eq!(kind("; only notes\n"), (1, 1, ErrorKind::NoLevel));
        // RLE row breaks at the ends of a level add no rows; inside, an empty row is a hole.
        assert_eq!(Level::parse("|#####|#@$.#|#####|").unwrap().to_string(), "#####\n#@$.#\n#####\n");
        assert_eq!(kind("#####|#@$.#||#####\n"), (1, 1, ErrorKind::RowWithoutWall));
        assert_eq!(kind("#####\n#@$.#\n  !\n#####\n"), (3, 3, ErrorKind::UnknownChar('!')));
        assert_eq!(kind("#####\n#@$.#\n  \n#####\n").0, 2); // a blank line ends the level
        assert_eq!(kind("5#|#@$.#|5\n"), (1, 10, ErrorKind::DanglingCount));
    }

    #[test]
    fn run_lengths_are_bounded_before_they_are_expanded() {
        // The widest level allowed, written with run lengths, is taken as it is.
        let widest = format!("{MAX_WIDTH}#|#@$.{}#|{MAX_WIDTH}#\n", MAX_WIDTH - 4);
        assert_eq!(Level::parse(&widest).unwrap().width(), MAX_WIDTH);
        // A run past the limit is refused where its digits start, however many there are.
        assert_eq!(kind("5#|#@$.#|99999999999999999999#\n"), (1, 10, ErrorKind::RowTooWide));
        assert_eq!(kind(&format!("#@$.{}#\n", MAX_WIDTH + 1)), (1, 5, ErrorKind::RowTooWide));
        // Runs that each fit but together pass the limit: refused at the run that passes it.
        assert_eq!(kind("5#|#@$.600#400#\n"), (1, 12, ErrorKind::RowTooWide));
        // Too many rows in one level, and too many squares in one file.
        let tall = "#@$.#\n".to_string() + &"# #\n".repeat(MAX_HEIGHT);
        assert_eq!(kind(&tall), (MAX_HEIGHT + 1, 1, ErrorKind::LevelTooTall));
        let levels = MAX_SQUARES / (3 * MAX_WIDTH) + 1;
        let (line, _, found) = kind(&format!("{widest}\n").repeat(levels));
        assert_eq!((line, found), (2 * levels - 1, ErrorKind::TooManySquares));
        assert!(ErrorKind::RowTooWide.to_string().contains("1000 squares"));
    }

    #[test]
    fn letters_pair_boxes_with_goals() {
        let level = Level::parse("#######\n#@AbBa#\n#######\n").unwrap();
        assert!(level.has_letters());
        assert!(matches!(kind("######\n#@Ab.#\n######\n"), (2, 3, ErrorKind::Letters(_))));
        assert!(matches!(kind("#######\n#@A$ba#\n#######\n"), (2, 3, ErrorKind::Letters(_))));
        // `c` has no `C`, and `A` no `a`: the first letter in the alphabet is named, where it stands.
        let (line, column, ErrorKind::Letters(msg)) = kind("######\n#@Ac #\n######\n") else {
            panic!("a letter error")
        };
        assert_eq!((line, column, msg.as_str()), (2, 3, "`A` has no `a` (box `A` goes to goal `a`)"));
        // A stray small letter in a plain level is named, not counted as a goal.
        let e = parse_collection("######\n#@$x.#\n######\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 4));
        assert!(
            e.kind.to_string().contains("`x` is an ordered-mode goal, but the level also has `$` at line 2, column 3"),
            "{e}"
        );
        assert!(matches!(kind("########\n#@AAaa #\n########\n").2, ErrorKind::Letters(_)));
    }

    #[test]
    fn collections_titles_and_floor_spellings() {
        let text = "; Set\n; One\n\n#####\n#@$.#\n#####\nAuthor: someone\n; Two\n#####\n#.$@#\n#-_-#\n#####\n";
        let levels = parse_collection(text).unwrap();
        assert_eq!(levels.len(), 2);
        assert_eq!((levels[0].title.as_str(), levels[0].line, levels[0].number), ("One", 4, 1));
        assert_eq!((levels[1].title.as_str(), levels[1].number), ("Two", 2));
        assert_eq!(levels[1].cell(2, 1), b' ');
        let untitled = Level::parse("#####\n#@$.#\n#####").unwrap();
        assert_eq!(untitled.title, "1");
    }
}
