//! The per-state depth table: every state that can reach a goal with its minimum number of
//! moves, saved from an enumeration and read back to answer lookups without searching, as
//! the original study saved its database to CSV files and reloaded it.
//!
//! Two file formats ([`TableFormat`]):
//!
//! - **CSV**: a `state,depth` header, then one row per state in the enumeration's notation,
//!   by depth (the goal first). The board is not in the file: the reader is told it.
//! - **Binary**: a 16-byte header, the goal, then one byte per state, the depth of the state
//!   with each [`StateIndex`] index in turn:
//!
//! | offset | bytes | what |
//! | --- | --- | --- |
//! | 0 | 8 | the magic `DELVETAB` |
//! | 8 | 2 | format version, little-endian (1) |
//! | 10 | 1 | rows |
//! | 11 | 1 | columns |
//! | 12 | 4 | number of states N, little-endian |
//! | 16 | C | the goal: C = rows × columns tile numbers, row-major, 0 for the blank |
//! | 16 + C | N | depths, state index 0 first |
//!
//! A table is read only at its board's exact size (header and length are checked against the
//! board asked for), and its depths are checked on load: the goal alone at depth 0, and every
//! other state one move from a state one move closer and from none further than one move
//! away, which holds for the true depths and for nothing else. A damaged file is refused with
//! what is wrong and where.

use crate::board::{Dims, Move, MoveTable};
use crate::csv;
use crate::error::Error;
use crate::notation::{Notation, format_state, parse_state};
use crate::rank::{StateIndex, state_count};
use crate::state::Grid;
use delve_core::{OutcomeKind, Report, Stats, human};
use serde::Serialize;
use std::fmt;
use std::io::Read as _;
use std::path::Path;
use std::str::FromStr;

/// The most states a table holds: boards of up to 10 cells (2×5: 1,814,400 states) and every
/// line. (3×4 has 239,500,800 states: a quarter of a gigabyte in binary, gigabytes of CSV.)
pub const MAX_STATES: u64 = 1 << 22;

/// The name reports give a lookup answered from a table file.
pub const ALGORITHM: &str = "table-file";

const MAGIC: &[u8; 8] = b"DELVETAB";
const VERSION: u16 = 1;
const HEADER: usize = 16;
const NOT_A_TABLE: &str = "not a delve depth table (it does not start with `DELVETAB`)";

/// How a table file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    /// `state,depth` rows.
    Csv,
    /// The binary layout of the [module documentation](self).
    Bin,
}

impl TableFormat {
    /// The format a file name asks for: `.csv` or `.bin`.
    pub fn from_path(path: &Path) -> Result<TableFormat, Error> {
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("csv") => Ok(TableFormat::Csv),
            Some("bin") => Ok(TableFormat::Bin),
            _ => Err(Error::Unsupported(format!(
                "cannot tell the table format of `{}`: name it .csv or .bin, or give the format (csv or bin)",
                path.display()
            ))),
        }
    }
    /// The name: `csv` or `bin`.
    pub fn name(self) -> &'static str {
        match self {
            TableFormat::Csv => "csv",
            TableFormat::Bin => "bin",
        }
    }
}

impl fmt::Display for TableFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TableFormat {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s.to_ascii_lowercase().as_str() {
            "csv" => Ok(TableFormat::Csv),
            "bin" => Ok(TableFormat::Bin),
            _ => Err(Error::Unsupported(format!("unknown table format `{s}` (expected csv or bin)"))),
        }
    }
}

/// Refuses a board whose table would hold more than [`MAX_STATES`] states (before anything
/// is enumerated for it).
pub fn check_size(board: Dims) -> Result<(), Error> {
    let states = state_count(board);
    if states > MAX_STATES as f64 {
        return Err(Error::Unsupported(format!(
            "a {board} board has {} states; a per-state table holds at most {} (boards of up to 10 cells, and \
             every 1xN board)",
            human::count(states),
            human::count(MAX_STATES as f64)
        )));
    }
    Ok(())
}

/// The depth of every state that can reach a goal, by [`StateIndex`] index.
#[derive(Clone, Debug)]
pub struct DepthTable {
    goal: Grid,
    index: StateIndex,
    moves: MoveTable,
    depths: Vec<u8>,
}

/// Where the depths came from, for the errors of [`DepthTable::check`].
enum Source<'a> {
    /// A CSV file: each index's line and the column of its depth, and the notation of its
    /// goal row.
    Csv(&'a [(u32, u32)], Notation),
    /// A binary file: the byte offset of the first depth.
    Bin(usize),
}

impl DepthTable {
    /// The table of `goal`'s states with `depths[i]` the depth of the state with index `i`;
    /// the caller vouches for the depths (an enumeration).
    pub(crate) fn new(goal: &Grid, depths: Vec<u8>) -> Result<DepthTable, Error> {
        let index = StateIndex::new(goal)?;
        debug_assert_eq!(depths.len() as u64, index.len());
        Ok(DepthTable { goal: goal.clone(), index, moves: MoveTable::new(goal.dims()), depths })
    }

    /// The goal.
    pub fn goal(&self) -> &Grid {
        &self.goal
    }
    /// The board.
    pub fn dims(&self) -> Dims {
        self.goal.dims()
    }
    /// Number of states.
    pub fn states(&self) -> u64 {
        self.depths.len() as u64
    }
    /// The numbering the depths are stored by.
    pub fn state_index(&self) -> &StateIndex {
        &self.index
    }
    /// `depths()[i]`: the depth of the state with index `i`.
    pub fn depths(&self) -> &[u8] {
        &self.depths
    }
    /// States per depth, from 0.
    pub fn per_depth(&self) -> Vec<u64> {
        let mut per = Vec::new();
        for &d in &self.depths {
            if per.len() <= d as usize {
                per.resize(d as usize + 1, 0);
            }
            per[d as usize] += 1;
        }
        per
    }

    /// The minimum number of moves from `start` to the goal, or `None` if unreachable.
    pub fn depth(&self, start: &Grid) -> Option<u32> {
        self.index.index(start).map(|i| self.depths[i as usize].into())
    }

    /// An optimal move sequence from `start` to the goal (each move to a state one move
    /// closer), or `None` if `start` cannot reach it.
    pub fn path(&self, start: &Grid) -> Option<Vec<Move>> {
        let mut at = self.index.index(start)?;
        let mut grid = start.clone();
        let mut moves = Vec::new();
        while self.depths[at as usize] > 0 {
            let want = self.depths[at as usize] - 1;
            let (m, next, i) = Move::ALL
                .iter()
                .filter_map(|&m| grid.apply(m).map(|g| (m, g)))
                .map(|(m, g)| {
                    let i = self.index.index(&g).expect("a neighbour of a reachable state is reachable");
                    (m, g, i)
                })
                .find(|&(_, _, i)| self.depths[i as usize] == want)
                .expect("a checked table has a neighbour one move closer");
            moves.push(m);
            grid = next;
            at = i;
        }
        Some(moves)
    }

    /// Depths (and, with `paths`, optimal move sequences) of `states`, each written in its
    /// own notation, answered from this table; `file` names it in the report, `stats` holds
    /// the time the job took.
    pub fn lookup(
        &self,
        states: &[(Grid, Notation)],
        notation: Notation,
        paths: bool,
        file: &str,
        stats: Stats,
    ) -> LookupReport {
        let detail = lookup_detail(&self.goal, notation, states, paths, |g| self.path(g), Some(file.to_string()));
        lookup_report(ALGORITHM, stats, detail)
    }

    /// The CSV text: a `state,depth` header, then every state with its depth, by depth (and
    /// by index within a depth), states written in `notation`.
    pub fn to_csv(&self, notation: Notation) -> String {
        let mut order: Vec<u32> = (0..self.depths.len() as u32).collect();
        order.sort_by_key(|&i| self.depths[i as usize]);
        let mut text = String::from("state,depth\n");
        for i in order {
            let g = self.index.state(i.into());
            text.push_str(&format!("{},{}\n", format_state(&g, notation), self.depths[i as usize]));
        }
        text
    }

    /// The binary file's bytes (the layout of the [module documentation](self)).
    pub fn to_bytes(&self) -> Vec<u8> {
        let board = self.dims();
        let mut bytes = Vec::with_capacity(HEADER + board.cells() + self.depths.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.push(board.rows() as u8);
        bytes.push(board.cols() as u8);
        bytes.extend_from_slice(&(self.depths.len() as u32).to_le_bytes());
        bytes.extend_from_slice(self.goal.tiles());
        bytes.extend_from_slice(&self.depths);
        bytes
    }

    /// Writes the table to `path` in `format` (CSV states in `notation`).
    pub fn save(&self, path: &Path, format: TableFormat, notation: Notation) -> Result<(), Error> {
        let bytes = match format {
            TableFormat::Csv => self.to_csv(notation).into_bytes(),
            TableFormat::Bin => self.to_bytes(),
        };
        std::fs::write(path, bytes).map_err(|e| Error::Io { path: path.display().to_string(), message: e.to_string() })
    }

    /// Reads a table of a `board` board from `path` (bounded by the size such a table can
    /// have) and checks it.
    pub fn load(path: &Path, format: TableFormat, board: Dims) -> Result<DepthTable, Error> {
        check_size(board)?;
        let name = path.display().to_string();
        let io = |e: std::io::Error| Error::Io { path: name.clone(), message: e.to_string() };
        let limit = match format {
            TableFormat::Csv => csv_limit(board),
            TableFormat::Bin => (HEADER + board.cells()) as u64 + state_count(board) as u64,
        };
        // The front end's input limit still holds when it is the smaller one.
        let cap = limit.min(delve_core::input::max_input());
        let bytes = delve_core::input::read_bytes_within(path, cap).map_err(|e| {
            if e.kind() != std::io::ErrorKind::FileTooLarge || cap < limit {
                return io(e);
            }
            // A binary table of a larger board says which in its header.
            let head = std::fs::File::open(path).and_then(|f| delve_core::input::read_within(f.take(16), 16));
            match head {
                Ok(head) if format == TableFormat::Bin && head.len() == HEADER => {
                    if head.starts_with(MAGIC) {
                        table_error(&name, format!("the table is for a {}x{} board, not {board}", head[10], head[11]))
                    } else {
                        table_error(&name, NOT_A_TABLE.into())
                    }
                }
                _ => table_error(
                    &name,
                    format!(
                        "larger than a {format} table of a {board} board can be ({} bytes): the table of another board?",
                        human::count(limit as f64)
                    ),
                ),
            }
        })?;
        match format {
            TableFormat::Csv => DepthTable::parse_csv(&name, &delve_core::input::text(bytes).map_err(io)?, board),
            TableFormat::Bin => DepthTable::from_bytes(&name, &bytes, board),
        }
    }

    /// Parses and checks a binary table of a `board` board; `name` names it in errors.
    ///
    /// ```
    /// use delve_sliding::{Dims, enumerate::enumerate, notation::keypad_goal, table::DepthTable};
    /// use delve_core::{Limits, NoObserver};
    /// let board = Dims::new(2, 2).unwrap();
    /// let space = enumerate(&keypad_goal(board).unwrap(), u64::MAX, &Limits::none(), NoObserver).unwrap();
    /// let bytes = space.table().unwrap().to_bytes();
    /// assert_eq!(bytes.len(), 16 + 4 + 12);
    /// let back = DepthTable::from_bytes("t.bin", &bytes, board).unwrap();
    /// assert_eq!(back.per_depth(), [1, 2, 2, 2, 2, 2, 1]);
    /// let err = DepthTable::from_bytes("t.bin", &bytes[..30], board).unwrap_err().to_string();
    /// assert!(err.starts_with("t.bin: truncated"), "{err}");
    /// ```
    pub fn from_bytes(name: &str, bytes: &[u8], board: Dims) -> Result<DepthTable, Error> {
        check_size(board)?;
        let states = state_count(board) as u64;
        let size = HEADER + board.cells() + states as usize;
        let err = |m: String| table_error(name, m);
        if !bytes.starts_with(&MAGIC[..bytes.len().min(MAGIC.len())]) || bytes.is_empty() {
            return Err(err(NOT_A_TABLE.into()));
        }
        if bytes.len() < HEADER {
            return Err(err(format!("truncated: {} bytes, not even the {HEADER}-byte header", bytes.len())));
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != VERSION {
            return Err(err(format!("table format version {version}; this delve reads version {VERSION}")));
        }
        let (rows, cols) = (bytes[10] as usize, bytes[11] as usize);
        if (rows, cols) != (board.rows(), board.cols()) {
            return Err(err(format!("the table is for a {rows}x{cols} board, not {board}")));
        }
        let declared = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as u64;
        if declared != states {
            return Err(err(format!("the header counts {declared} states; a {board} board has {states}")));
        }
        if bytes.len() != size {
            let what = if bytes.len() < size { "truncated" } else { "too long" };
            return Err(err(format!(
                "{what}: a table of a {board} board has {size} bytes (a {HEADER}-byte header, {} of goal, {states} \
                 of depths), this file has {}",
                board.cells(),
                bytes.len()
            )));
        }
        let goal_bytes = &bytes[HEADER..HEADER + board.cells()];
        let goal = Grid::new(board, goal_bytes.to_vec())
            .map_err(|e| err(format!("the goal in the header is damaged: {e}")))?;
        let table = DepthTable::new(&goal, bytes[HEADER + board.cells()..].to_vec())?;
        table.check(name, &Source::Bin(HEADER + board.cells()))?;
        Ok(table)
    }

    /// Parses and checks a CSV table of a `board` board (a `state,depth` header, then one row
    /// per state, in either notation, in any order; the goal is the state at depth 0); `name`
    /// names it in errors, which carry the line and column of the row at fault.
    ///
    /// ```
    /// use delve_sliding::{Dims, table::DepthTable};
    /// let board = Dims::new(1, 3).unwrap();
    /// let t = DepthTable::parse_csv("t.csv", "state,depth\nB23,0\n2B3,1\n23B,2\n", board).unwrap();
    /// assert_eq!(t.per_depth(), [1, 1, 1]);
    /// // 23B is two moves from the goal, not one: the row before it names it.
    /// let err = DepthTable::parse_csv("t.csv", "state,depth\nB23,0\n2B3,1\n23B,1\n", board).unwrap_err();
    /// assert!(err.to_string().starts_with("t.csv:3:5: 2B3 at depth 1: the state one move away at line 4 is at depth 1"));
    /// ```
    pub fn parse_csv(name: &str, text: &str, board: Dims) -> Result<DepthTable, Error> {
        check_size(board)?;
        let at = |line: usize, column: usize, message: String| Error::Csv { path: name.into(), line, column, message };
        // Every row: the grid, its notation, its depth, its line and the column of its depth.
        let mut rows: Vec<(Grid, Notation, u8, usize, usize)> = Vec::new();
        let mut last_line = 1;
        for (r, record) in csv::records(name, text)?.into_iter().enumerate() {
            let (line, column) = (record[0].1, record[0].2);
            last_line = line;
            if record.iter().all(|(f, _, _)| f.trim().is_empty()) {
                continue;
            }
            if r == 0 && record.len() == 2 && record[0].0.trim() == "state" && record[1].0.trim() == "depth" {
                continue;
            }
            if record.len() != 2 {
                return Err(at(line, column, format!("expected 2 fields (state,depth), found {}", record.len())));
            }
            let (state, depth) = (&record[0], &record[1]);
            let (grid, n) = parse_state(&state.0, Some(board)).map_err(|e| at(state.1, state.2, e.to_string()))?;
            let d: u8 = depth.0.trim().parse().map_err(|_| {
                at(depth.1, depth.2, format!("expected a depth (a number of moves, 0-255), found `{}`", depth.0.trim()))
            })?;
            rows.push((grid, n, d, depth.1, depth.2));
        }
        let Some((goal, notation, ..)) = rows.iter().find(|r| r.2 == 0) else {
            return Err(at(last_line, 1, "no state at depth 0 (the goal) in the table".into()));
        };
        let (goal, notation) = (goal.clone(), *notation);
        let index = StateIndex::new(&goal)?;
        let states = index.len();
        let mut depths = vec![u8::MAX; states as usize];
        // Each index's line and the column of its depth.
        let mut places = vec![(0u32, 0u32); states as usize];
        for (grid, n, d, line, column) in &rows {
            let Some(i) = index.index(grid) else {
                return Err(at(
                    *line,
                    1,
                    format!(
                        "{} cannot reach this table's goal {} (the state at depth 0)",
                        format_state(grid, *n),
                        format_state(&goal, notation)
                    ),
                ));
            };
            let i = i as usize;
            if places[i].0 != 0 {
                return Err(at(*line, 1, format!("this state is already on line {}", places[i].0)));
            }
            depths[i] = *d;
            places[i] = (*line as u32, *column as u32);
        }
        if let Some(missing) = depths.iter().position(|&d| d == u8::MAX) {
            return Err(at(
                last_line,
                1,
                format!(
                    "the table has {} of the {states} states of a {board} board; missing, for one: {}",
                    rows.len(),
                    format_state(&index.state(missing as u64), notation)
                ),
            ));
        }
        let table = DepthTable { goal, index, moves: MoveTable::new(board), depths };
        table.check(name, &Source::Csv(&places, notation))?;
        Ok(table)
    }

    /// Checks that the depths are the true ones: the goal alone at 0, every other state next
    /// to a state one less, and no two neighbours more than one apart.
    fn check(&self, name: &str, source: &Source<'_>) -> Result<(), Error> {
        let goal_index = self.index.index(&self.goal).expect("the goal reaches itself");
        let mut out = [0u64; 4];
        for (i, &d) in self.depths.iter().enumerate() {
            let notation = match source {
                Source::Csv(_, n) => *n,
                Source::Bin(_) => Notation::RowMajor,
            };
            let bad = |what: String| {
                let state = format_state(&self.index.state(i as u64), notation);
                let message = format!("{state} at depth {d}: {what}; the table is damaged");
                match source {
                    Source::Csv(places, _) => {
                        let (line, column) = places[i];
                        Error::Csv { path: name.into(), line: line as usize, column: column as usize, message }
                    }
                    Source::Bin(first) => table_error(name, format!("byte {}: {message}", first + i)),
                }
            };
            if (d == 0) != (i as u64 == goal_index) {
                return Err(bad(if d == 0 {
                    format!("a second state at depth 0 (the goal is {})", format_state(&self.goal, notation))
                } else {
                    "the goal must be at depth 0".to_string()
                }));
            }
            let n = self.index.neighbors(i as u64, &self.moves, &mut out);
            let near = &out[..n];
            if let Some(&far) = near.iter().find(|&&j| self.depths[j as usize].abs_diff(d) != 1) {
                let place = match source {
                    Source::Csv(places, _) => format!("line {}", places[far as usize].0),
                    Source::Bin(first) => format!("byte {}", first + far as usize),
                };
                return Err(bad(format!(
                    "the state one move away at {place} is at depth {} (neighbours differ by one move)",
                    self.depths[far as usize]
                )));
            }
            if d > 0 && !near.iter().any(|&j| self.depths[j as usize] == d - 1) {
                return Err(bad(format!("no state one move away is at depth {}", d - 1)));
            }
        }
        Ok(())
    }
}

/// The largest CSV a table of `board` can be: every row at most four bytes per cell (a tile
/// number up to 35, a separator, quotes) plus its depth and line end.
fn csv_limit(board: Dims) -> u64 {
    (state_count(board) as u64) * (4 * board.cells() as u64 + 16) + 4096
}

fn table_error(name: &str, message: String) -> Error {
    Error::Table { path: name.into(), message }
}

/// One state's answer in a [`LookupReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LookupRow {
    /// The state, in its own notation.
    pub state: String,
    /// Minimum number of moves to the goal; `None` when the state cannot reach it.
    pub moves: Option<u32>,
    /// One optimal move sequence, when asked for and the state can reach the goal.
    pub path: Option<Vec<Move>>,
    /// True when the state cannot reach the goal (the other permutation parity on a 2-D
    /// board, another tile order on a line).
    pub unsolvable: bool,
}

/// A lookup's fields of a report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LookupDetail {
    /// The board, as `MxN`.
    pub board: String,
    /// The goal.
    pub goal: String,
    /// The table file the answers came from (`None`, and absent from the JSON, when they
    /// came from an enumeration).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// One row per state, in the order asked.
    pub results: Vec<LookupRow>,
}

/// What `lookup --json` prints: the statistics of the enumeration (or of reading the
/// table), `solved` when every state can reach the goal (`no_solution` otherwise), and a row
/// per state.
pub type LookupReport = Report<LookupDetail>;

/// The rows of a lookup of `states` toward `goal`, by `path` (an optimal move sequence, or
/// `None` when unreachable).
pub(crate) fn lookup_detail(
    goal: &Grid,
    notation: Notation,
    states: &[(Grid, Notation)],
    paths: bool,
    path: impl Fn(&Grid) -> Option<Vec<Move>>,
    table: Option<String>,
) -> LookupDetail {
    let results = states
        .iter()
        .map(|(g, n)| {
            let found = path(g);
            LookupRow {
                state: format_state(g, *n),
                moves: found.as_ref().map(|p| p.len() as u32),
                unsolvable: found.is_none(),
                path: found.filter(|_| paths),
            }
        })
        .collect();
    LookupDetail { board: goal.dims().to_string(), goal: format_state(goal, notation), table, results }
}

/// The report of a lookup: solved when every state can reach the goal.
pub(crate) fn lookup_report(algorithm: &str, stats: Stats, detail: LookupDetail) -> LookupReport {
    let outcome =
        if detail.results.iter().all(|r| !r.unsolvable) { OutcomeKind::Solved } else { OutcomeKind::NoSolution };
    Report::from_parts(algorithm, outcome, None, stats, detail)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumerate::enumerate;
    use crate::notation::keypad_goal;
    use crate::solve::{HeuristicChoice, Solver};
    use delve_core::{Algorithm, Limits, NoObserver};
    use rand::{Rng as _, SeedableRng};

    fn table_of(goal: &Grid) -> DepthTable {
        enumerate(goal, u64::MAX, &Limits::none(), NoObserver).unwrap().table().unwrap()
    }

    /// The 2x2 table by hand: the blank walks round the four cells, so the twelve states
    /// form one cycle through the goal; depths 0, 1, 1, 2, 2, …, 6 (the original counts 12
    /// states).
    #[test]
    fn the_2x2_csv_matches_a_hand_count() {
        let table = table_of(&keypad_goal(Dims::new(2, 2).unwrap()).unwrap());
        let csv = table.to_csv(Notation::Keypad);
        let rows: Vec<(&str, u32)> = csv
            .lines()
            .skip(1)
            .map(|l| {
                let (s, d) = l.split_once(',').unwrap();
                (s, d.parse().unwrap())
            })
            .collect();
        assert_eq!(csv.lines().next(), Some("state,depth"));
        assert_eq!(rows.len(), 12);
        assert_eq!(rows[0], ("34B2", 0), "the goal first");
        let mut per = [0; 7];
        for &(_, d) in &rows {
            per[d as usize] += 1;
        }
        assert_eq!(per, [1, 2, 2, 2, 2, 2, 1]);
        // One move from 34B2: the blank goes up (B4 32) or right (34 2B).
        let at1: Vec<&str> = rows.iter().filter(|r| r.1 == 1).map(|r| r.0).collect();
        assert!(at1.contains(&"B432") && at1.contains(&"342B"), "{at1:?}");
        // Six moves either way round (U R D L U R, or R U L D R U, worked on paper) end on
        // the one state half way round the cycle: the blank diagonally opposite its goal cell.
        assert_eq!(rows[11], ("2B43", 6));
    }

    #[test]
    fn csv_and_binary_round_trip() {
        for goal in [
            keypad_goal(Dims::new(3, 3).unwrap()).unwrap(),
            Grid::standard_goal(Dims::new(2, 3).unwrap()),
            Grid::standard_goal(Dims::new(1, 5).unwrap()),
            Grid::standard_goal(Dims::new(4, 1).unwrap()),
        ] {
            let board = goal.dims();
            let table = table_of(&goal);
            for notation in [Notation::RowMajor, Notation::Keypad] {
                if notation == Notation::Keypad && board.cells() > 9 {
                    continue;
                }
                let back = DepthTable::parse_csv("t.csv", &table.to_csv(notation), board).unwrap();
                assert_eq!((back.goal(), back.depths()), (table.goal(), table.depths()), "{board}");
            }
            let back = DepthTable::from_bytes("t.bin", &table.to_bytes(), board).unwrap();
            assert_eq!((back.goal(), back.depths()), (table.goal(), table.depths()), "{board}");
        }
    }

    /// Lookups from a table equal lookups from a fresh enumeration, on random states, paths
    /// included (each replays to the goal in as many moves as the depth says).
    #[test]
    fn table_lookups_equal_enumeration_lookups() {
        let mut rng = delve_core::random::SeededRng::seed_from_u64(51);
        for goal in [keypad_goal(Dims::new(2, 3).unwrap()).unwrap(), keypad_goal(Dims::new(3, 3).unwrap()).unwrap()] {
            let board = goal.dims();
            let space = enumerate(&goal, u64::MAX, &Limits::none(), NoObserver).unwrap();
            let table = DepthTable::from_bytes("t.bin", &space.table().unwrap().to_bytes(), board).unwrap();
            for _ in 0..200 {
                let mut tiles: Vec<u8> = (0..board.cells() as u8).collect();
                for i in (1..tiles.len()).rev() {
                    tiles.swap(i, rng.random_range(0..=i));
                }
                let g = Grid::new(board, tiles).unwrap();
                assert_eq!(table.depth(&g), space.depth(&g), "{board} {:?}", g.tiles());
                if let Some(path) = table.path(&g) {
                    let end = crate::state::replay(&g, &path).unwrap();
                    assert_eq!(end.last(), Some(&goal));
                    assert_eq!(Some(path.len() as u32), space.depth(&g));
                }
            }
            // And equal an optimal search (IDA*, linear conflict) that never saw the table.
            let solver =
                Solver::new(&goal, Notation::Keypad, Algorithm::Idastar, HeuristicChoice::LinearConflict).unwrap();
            for i in (0..table.states()).step_by(table.states() as usize / 25) {
                let g = table.state_index().state(i);
                let solved = solver.solve(&g, &Limits::none(), NoObserver).unwrap();
                assert_eq!(solved.report.detail.moves, table.depth(&g), "{board} {:?}", g.tiles());
            }
        }
    }

    #[test]
    fn damaged_files_are_refused_with_what_and_where() {
        let board = Dims::new(2, 3).unwrap();
        let table = table_of(&keypad_goal(board).unwrap());
        let bytes = table.to_bytes();
        let err = |b: &[u8]| DepthTable::from_bytes("t.bin", b, board).unwrap_err().to_string();
        assert!(err(&bytes[..bytes.len() - 1]).contains("truncated: a table of a 2x3 board has 382 bytes"));
        assert!(err(&[bytes.as_slice(), &[0]].concat()).contains("too long"));
        assert!(err(b"hello").contains("not a delve depth table"));
        let mut other = bytes.clone();
        other[8] = 9;
        assert!(err(&other).contains("version 9"));
        assert!(
            DepthTable::from_bytes("t.bin", &bytes, Dims::new(3, 2).unwrap())
                .unwrap_err()
                .to_string()
                .contains("for a 2x3 board, not 3x2")
        );
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        let e = err(&flipped);
        // The byte changed is named: as the state at fault, or as a neighbour of it.
        assert!(e.starts_with("t.bin: byte ") && e.contains(&format!("byte {last}")), "{e}");
        assert!(e.contains("the table is damaged"), "{e}");
        let mut goal = bytes.clone();
        goal[16] = goal[17];
        assert!(err(&goal).contains("the goal in the header is damaged"));

        let csv = table.to_csv(Notation::Keypad);
        let cerr = |t: &str| DepthTable::parse_csv("t.csv", t, board).unwrap_err().to_string();
        let short: String = csv.lines().take(100).map(|l| format!("{l}\n")).collect();
        assert!(cerr(&short).contains("the table has 99 of the 360 states"), "{}", cerr(&short));
        let wrong = csv.replacen("\n456B23,0\n", "\n456B23,x\n", 1);
        assert_eq!(cerr(&wrong), "t.csv:2:8: expected a depth (a number of moves, 0-255), found `x`");
        let lied = csv.replacen(",1\n", ",3\n", 1);
        // The goal (line 2) or the row changed (line 3) is named, with the other one.
        let e = cerr(&lied);
        assert!(
            (e.starts_with("t.csv:3:8: ") || e.starts_with("t.csv:2:8: ") && e.contains("at line 3"))
                && e.contains("the table is damaged"),
            "{e}"
        );
        let twice = format!("{csv}456B23,0\n");
        assert!(cerr(&twice).contains("already on line 2"), "{}", cerr(&twice));
        assert!(cerr("state,depth\n56B234,1\n").contains("no state at depth 0"));
        assert!(cerr("state,depth\n456B2,0\n").starts_with("t.csv:2:1: state `456B2`"));
    }

    #[test]
    fn only_small_boards_get_tables() {
        assert!(check_size(Dims::new(2, 5).unwrap()).is_ok());
        assert!(check_size(Dims::new(1, 36).unwrap()).is_ok());
        let e = check_size(Dims::new(3, 4).unwrap()).unwrap_err().to_string();
        assert!(e.contains("239,500,800 states"), "{e}");
        assert_eq!(TableFormat::from_path(Path::new("a.CSV")).unwrap(), TableFormat::Csv);
        assert_eq!(TableFormat::from_path(Path::new("a.bin")).unwrap(), TableFormat::Bin);
        assert!(TableFormat::from_path(Path::new("a.dat")).is_err());
        assert_eq!("bin".parse::<TableFormat>().unwrap(), TableFormat::Bin);
    }
}
