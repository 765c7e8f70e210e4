//! The errors of the RGB Express domain: [`ParseError`] (where in a level file, and what was
//! expected there), its [`ErrorKind`], the crate-wide [`RgbError`], and [`NotInDict`] (a level
//! the original solver's dict format cannot hold).

use std::path::PathBuf;

/// What is wrong at a place in a level file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// A header line has no `:`.
    #[error("expected `key: value` (or `grid:`), found `{0}`")]
    NotKeyValue(String),
    /// A header key the format does not know.
    #[error("unknown key `{0}` (expected name, version, rows, cols, capacity, truck, button, gate, bump or grid)")]
    UnknownKey(String),
    /// A key given twice.
    #[error("`{key}` is given twice (first on line {first_line})")]
    DuplicateKey {
        /// The key.
        key: String,
        /// Where it was first given.
        first_line: usize,
    },
    /// A number that is not a whole number in range.
    #[error("expected {what} (a whole number from {min} to {max}), found `{found}`")]
    BadNumber {
        /// What the number is.
        what: &'static str,
        /// The smallest allowed value.
        min: usize,
        /// The largest allowed value.
        max: usize,
        /// The text found.
        found: String,
    },
    /// A truck line is not `<index> <colour> <facing>`.
    #[error("expected `truck: <index> <colour> <facing>`, found `{0}`")]
    BadTruck(String),
    /// A colour name that is not one of the five.
    #[error("expected a colour (red, green, blue, yellow or white), found `{0}`")]
    BadColour(String),
    /// A facing that is not a direction or `-`.
    #[error("expected a facing (up, down, left, right or -), found `{0}`")]
    BadFacing(String),
    /// A truck index given on two truck lines.
    #[error("truck {index} is declared twice (first on line {first_line})")]
    DuplicateTruck {
        /// The index.
        index: usize,
        /// Where it was first declared.
        first_line: usize,
    },
    /// A required header key is missing before `grid:`.
    #[error("expected `{0}: …` before `grid:`")]
    MissingKey(&'static str),
    /// The truck indices do not run from 0 without gaps.
    #[error("expected a `truck: {0} …` line (truck indices run from 0 without gaps)")]
    MissingTruck(usize),
    /// The file ended before the grid was complete.
    #[error("expected {0}, found the end of the file")]
    UnexpectedEnd(&'static str),
    /// A grid line of the wrong length.
    #[error("expected a grid line of {expected} characters, found {found}")]
    LineLength {
        /// 2·cols − 1.
        expected: usize,
        /// The length found.
        found: usize,
    },
    /// The line after the grid is not `end`.
    #[error("expected `end` after the {0} grid lines, found `{1}`")]
    NoEnd(usize, String),
    /// A character that may not stand in this place of the grid.
    #[error("expected {expected} here, found `{found}`")]
    BadChar {
        /// What may stand here.
        expected: &'static str,
        /// The character found.
        found: char,
    },
    /// A link slot joins a cell that is not road.
    #[error("this link joins a cell without road")]
    LinkToNothing,
    /// A straight road cell whose links are not exactly its two straight ones.
    #[error("a `{0}` cell must be linked exactly {1}")]
    BadStraight(char, &'static str),
    /// A road cell with no link at all.
    #[error("road cell `{0}` has no link to any neighbour")]
    Isolated(char),
    /// A truck digit in the grid without a header line.
    #[error("truck {0} stands in the grid but has no `truck: {0} …` line")]
    UndeclaredTruck(usize),
    /// A truck digit that appears twice in the grid.
    #[error("truck {index} stands in the grid twice (first at line {first_line}, column {first_column})")]
    TruckTwice {
        /// The index.
        index: usize,
        /// The first place.
        first_line: usize,
        /// The first place's column.
        first_column: usize,
    },
    /// A declared truck that is not in the grid.
    #[error("truck {0} is declared but does not stand anywhere in the grid")]
    TruckNotInGrid(usize),
    /// A version 2 element (FORMAT.md §5) in a file without `version: 2`.
    #[error("{0} needs `version: 2` in the header (FORMAT.md §5)")]
    NeedsVersion2(&'static str),
    /// A `button:` or `gate:` line that is not `<group> <row> <col> <state>`.
    #[error("expected `button: <group> <row> <col> on|off` or `gate: <group> <row> <col> open|closed`, found `{0}`")]
    BadToggle(String),
    /// A button or gate in a place it may not be.
    #[error("a button or gate must be {0}")]
    ToggleCell(&'static str),
    /// A `bump:` line that is not `<row> <col>`.
    #[error("expected `bump: <row> <col>`, found `{0}`")]
    BadBump(String),
    /// A bump in a place it may not be.
    #[error("a bump must be {0}")]
    BumpCell(&'static str),
    /// A switch group with buttons but no gate, or gates but no button.
    #[error("switch group {0} needs both a button and a gate")]
    LoneSwitch(u8),
    /// Not what may stand here (the dict format, [`crate::pydict`]).
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What may stand here.
        expected: &'static str,
        /// What stands here, described or quoted.
        found: String,
    },
    /// Values nested deeper than the dict parser reads.
    #[error("the values nest deeper than {0} levels")]
    TooDeep(usize),
    /// A problem inside the value of one key of a level's dict.
    #[error("in `{key}`: {kind}")]
    InKey {
        /// The key, and where in its value (`Trucks[1]`, `Items[Color.Red]`).
        key: String,
        /// What is wrong there.
        kind: Box<ErrorKind>,
    },
    /// A level's dict without one of its four keys.
    #[error("expected the key `{0}` in the level's dict (it needs Roads, Trucks, Items and Cargos)")]
    MissingDictKey(&'static str),
    /// A key a level's dict does not have.
    #[error("unknown key {0} (expected 'Roads', 'Trucks', 'Items' or 'Cargos')")]
    UnknownDictKey(String),
    /// A character in `Roads` that is not a road glyph.
    #[error("expected a road glyph (a space or one of ╴ ╶ ╵ ╷ ─ │ ┌ ┐ ┘ └ ├ ┤ ┬ ┴ ┼), found {0}")]
    BadGlyph(String),
    /// A road glyph whose road leads nowhere.
    #[error("this glyph's road {0}")]
    OpenRoad(&'static str),
    /// A position outside `Roads`.
    #[error("({row}, {col}) is outside the roads ({rows} rows, {cols} columns)")]
    OffRoads {
        /// The row given.
        row: i64,
        /// The column given.
        col: i64,
        /// The roads' rows.
        rows: usize,
        /// The roads' columns.
        cols: usize,
    },
    /// A position on a space of `Roads`.
    #[error("({0}, {1}) is not on a road (a space in `Roads`)")]
    NotRoad(usize, usize),
    /// Two trucks, items or warehouses on one cell.
    #[error("({row}, {col}) already holds a truck, item or warehouse (line {first_line}, column {first_column})")]
    CellTaken {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// Where the first one was given.
        first_line: usize,
        /// Its column.
        first_column: usize,
    },
    /// A truck listed out of order (the original reads `Truck(i, …)` as the i-th truck).
    #[error("expected truck {expected} here (the trucks are listed in order from 0), found truck {found}")]
    TruckOrder {
        /// The index this place needs.
        expected: usize,
        /// The index given.
        found: i64,
    },
    /// More of something than the compact state can hold.
    #[error("too many {what}: {found} (delve handles at most {max})")]
    TooMany {
        /// What there are too many of.
        what: &'static str,
        /// How many there are.
        found: usize,
        /// The most allowed.
        max: usize,
    },
}

/// A malformed file: where (file when known, 1-based line and column) and what was expected
/// there; displays as `FILE:LINE:COL: message`.
pub type ParseError = delve_core::ParseError<ErrorKind>;

/// Everything that can go wrong in the RGB Express domain.
#[derive(Debug, thiserror::Error)]
pub enum RgbError {
    /// A level file could not be read.
    #[error("cannot read level file {}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A level file is malformed.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

/// A level the original solver's dict format cannot hold ([`crate::Level::to_dict`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the dict format cannot hold level {level}: {why}")]
pub struct NotInDict {
    /// The level's name.
    pub level: String,
    /// What it has that the format lacks.
    pub why: String,
}
