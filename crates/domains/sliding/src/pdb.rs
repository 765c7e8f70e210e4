//! Additive pattern databases (Korf & Felner 2002; Felner, Korf & Hanan 2004) for boards
//! up to 32 cells: the 7-8 split of the 15-puzzle, the 6-6-6-6 split of the 24-puzzle.
//!
//! The tiles are partitioned into groups. For each group a table holds, for every placement
//! of the group's tiles, the fewest moves *of those tiles* needed to bring them home, the
//! other tiles being indistinguishable and their moves free. Because each move moves exactly
//! one tile, the group values add up to an admissible heuristic. On square boards whose
//! goal blank lies on a diagonal, the board's reflection about that diagonal is a symmetry
//! of the puzzle, so the same tables also bound the reflected position; the heuristic is the
//! larger of the two sums.
//!
//! Building a table is a breadth-first search over (placement, blank region): since moving
//! the blank through cells no group tile occupies is free, only the connected region of free
//! cells the blank is in matters. Regions are bitboards; a table built once per board (flood
//! fills with shifts) gives, for every free-cell mask, the region of its lowest cell; above
//! 16 cells that table would be too big, and the flood fill runs each time instead.

use crate::board::Dims;
use crate::error::Error;
use crate::heuristic::Heuristic;
use crate::notation::{Notation, format_state};
use crate::rank::{PartialCursor, partial_count, partial_rank};
use crate::state::{Cells, Grid, Position};
use delve_core::big_table::BigTable;
use delve_core::{Bound, Clock, Limits, Meter, Observer, OutcomeKind, Report, SharedMeter, Stats, StopReason};
use rayon::prelude::*;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering::Relaxed};

/// Largest table (entries) a group may have: 8 tiles on 16 cells (518,918,400).
pub const MAX_ENTRIES: u64 = 518_918_400;
/// Largest board (cells) a database covers: regions of free cells are `u32` bitboards.
pub const MAX_PDB_CELLS: usize = 32;
const UNSET: u8 = u8::MAX;
const MAGIC: &str = "delve pattern database v1";

/// The name a build reports in its start event: breadth-first search over (placement,
/// blank region) pairs.
pub const BUILD_ALGORITHM: &str = "pdb-bfs";

/// Where pattern databases are cached when no folder is given: the user's cache folder,
/// `…/delve/pdb`.
pub fn default_dir() -> Result<PathBuf, Error> {
    dirs::cache_dir()
        .map(|d| d.join("delve").join("pdb"))
        .ok_or_else(|| Error::Unsupported("no user cache directory is known here; pass --pdb-dir DIR".into()))
}

/// Entries (bytes) of the table of a group of `tiles` tiles on `board`.
pub fn entries(board: Dims, tiles: usize) -> u64 {
    partial_count(board.cells(), tiles)
}

/// Refuses the boards no database is made for: lines ([`line_refusal`]) and boards above
/// [`MAX_PDB_CELLS`].
pub fn check_board(board: Dims) -> Result<(), Error> {
    if board.is_line() {
        return Err(line_refusal(board));
    }
    if board.cells() > MAX_PDB_CELLS {
        return Err(Error::Pdb(format!("pattern databases cover boards up to {MAX_PDB_CELLS} cells, not {board}")));
    }
    Ok(())
}

/// The error for a pattern database asked for a line (1×N, N×1): its tiles never pass each
/// other, so Manhattan distance already counts the blank's moves exactly.
pub fn line_refusal(board: Dims) -> Error {
    Error::Pdb(format!(
        "pattern databases are for boards of at least 2 rows and 2 columns: on {board} the tiles never pass \
         each other and Manhattan distance is already exact; use the manhattan heuristic"
    ))
}

/// How the tiles are split into groups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    groups: Vec<Vec<u8>>,
}

impl Partition {
    /// Parses `7-8` / `6-6-3` (group sizes, tiles taken in the goal's row-major reading
    /// order, blank skipped) or explicit groups `1,2,3,4/5,6,7,8` (tile numbers).
    pub fn parse(text: &str, goal: &Grid) -> Result<Partition, Error> {
        let bad = |m: String| Error::Pdb(format!("partition `{text}`: {m}"));
        let tiles_in_order: Vec<u8> = goal.tiles().iter().copied().filter(|&t| t != 0).collect();
        let groups: Vec<Vec<u8>> = if text.contains('/') {
            text.split('/')
                .map(|g| {
                    g.split([',', ' '])
                        .filter(|t| !t.is_empty())
                        .map(|t| t.trim().parse::<u8>().map_err(|_| bad(format!("`{t}` is not a tile number"))))
                        .collect::<Result<Vec<u8>, Error>>()
                })
                .collect::<Result<_, _>>()?
        } else {
            let sizes: Vec<usize> = text
                .split(['-', '+', ','])
                .map(|s| s.trim().parse::<usize>().map_err(|_| bad(format!("`{s}` is not a group size"))))
                .collect::<Result<_, _>>()?;
            // Summed in u128: each size is a usize, so a handful of huge ones cannot overflow
            // it (and a wrapped usize sum could match the tile count and split out of range).
            let total: u128 = sizes.iter().map(|&k| k as u128).sum();
            if total != tiles_in_order.len() as u128 {
                return Err(bad(format!(
                    "group sizes add up to {total}, but a {} board has {} tiles",
                    goal.dims(),
                    tiles_in_order.len()
                )));
            }
            let mut rest = &tiles_in_order[..];
            sizes
                .iter()
                .map(|&k| {
                    let (g, r) = rest.split_at(k);
                    rest = r;
                    g.to_vec()
                })
                .collect()
        };
        Partition::new(groups, goal.dims()).map_err(|e| bad(e.to_string()))
    }

    /// A partition from explicit groups; every tile exactly once, each group non-empty and
    /// small enough ([`MAX_ENTRIES`]).
    pub fn new(groups: Vec<Vec<u8>>, board: Dims) -> Result<Partition, Error> {
        let n = board.cells();
        if n > MAX_PDB_CELLS {
            return Err(Error::Pdb(format!("pattern databases cover boards up to {MAX_PDB_CELLS} cells, not {board}")));
        }
        let mut seen = vec![false; n];
        for g in &groups {
            if g.is_empty() {
                return Err(Error::Pdb("empty group".into()));
            }
            // Tiles first: once they are distinct tiles of the board, a group has fewer than
            // `n` of them, which `partial_count` needs.
            for &t in g {
                if t == 0 || t as usize >= n {
                    return Err(Error::Pdb(format!("tile {t} does not exist on {board}")));
                }
                if seen[t as usize] {
                    return Err(Error::Pdb(format!("tile {t} is in two groups")));
                }
                seen[t as usize] = true;
            }
            if partial_count(n, g.len()) > MAX_ENTRIES {
                return Err(Error::Pdb(format!(
                    "a group of {} tiles on {board} needs {} entries (at most {MAX_ENTRIES})",
                    g.len(),
                    partial_count(n, g.len())
                )));
            }
        }
        if let Some(t) = (1..n).find(|&t| !seen[t]) {
            return Err(Error::Pdb(format!("tile {t} is in no group")));
        }
        Ok(Partition { groups })
    }

    /// The default for a board: two halves for up to 16 cells with the larger half on the
    /// blank's side removed (`7-8` when the goal blank is in the first half, `8-7` otherwise);
    /// one group when there is a single tile (1×2). Above 16 cells, groups of at most six
    /// tiles: on 5×5 with the goal blank in a corner, Korf and Felner's 6-6-6-6 split (three
    /// 2×3 blocks and the rest around the blank's corner, [`Partition::korf_felner`]); in
    /// reading order otherwise.
    pub fn default_for(goal: &Grid) -> Partition {
        let tiles = goal.dims().cells() - 1;
        if tiles >= 16 {
            if let Some(p) = Partition::korf_felner(goal) {
                return p;
            }
            // Built directly: a board above 32 cells gets its groups too, and the build or the
            // load refuses it.
            let count = tiles.div_ceil(6);
            let order: Vec<u8> = goal.tiles().iter().copied().filter(|&t| t != 0).collect();
            let mut rest = &order[..];
            let groups = (0..count)
                .map(|g| {
                    let (group, r) = rest.split_at(tiles / count + usize::from(g < tiles % count));
                    rest = r;
                    group.to_vec()
                })
                .collect();
            return Partition { groups };
        }
        let small = tiles / 2;
        let text = if small == 0 {
            tiles.to_string()
        } else if goal.blank() < goal.dims().cells() / 2 {
            format!("{small}-{}", tiles - small)
        } else {
            format!("{}-{small}", tiles - small)
        };
        Partition::parse(&text, goal).expect("halves are a valid partition")
    }

    /// Korf and Felner's 6-6-6-6 split of the 24-puzzle (2002), for a 5×5 goal whose blank
    /// is in a corner: with the blank top-left, the tiles whose goal cells are
    /// {1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21} and
    /// {17, 18, 19, 22, 23, 24} (row-major cells); the same cells turned with the board for
    /// another corner. Reflected about the blank's diagonal, the split maps onto another
    /// one, so the reflected lookup adds information.
    pub fn korf_felner(goal: &Grid) -> Option<Partition> {
        const CELLS: [[usize; 6]; 4] =
            [[1, 2, 5, 6, 7, 12], [3, 4, 8, 9, 13, 14], [10, 11, 15, 16, 20, 21], [17, 18, 19, 22, 23, 24]];
        let b = goal.dims();
        if (b.rows(), b.cols()) != (5, 5) {
            return None;
        }
        // The turn that takes the top-left corner to the blank's corner.
        let turn: fn(usize) -> usize = match goal.blank() {
            0 => |c| c,
            4 => |c| (c % 5) * 5 + (4 - c / 5),
            24 => |c| 24 - c,
            20 => |c| (4 - c % 5) * 5 + c / 5,
            _ => return None,
        };
        let groups = CELLS.iter().map(|g| g.iter().map(|&c| goal.tiles()[turn(c)]).collect()).collect();
        Some(Partition::new(groups, b).expect("the four blocks cover every tile once"))
    }

    /// The groups.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }
    /// The group sizes, `7-8` style.
    pub fn sizes(&self) -> String {
        self.groups.iter().map(|g| g.len().to_string()).collect::<Vec<_>>().join("-")
    }
}

/// One group's table, in memory advised for huge pages: a search probes it at random, and
/// with 4 KiB pages nearly every probe of the 24-puzzle's tables also misses the TLB.
#[derive(Debug)]
pub struct PatternDb {
    tiles: Vec<u8>,
    table: BigTable<u8>,
}

impl PatternDb {
    /// The group's tiles.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }
    /// The table: entry `partial_rank(cells of the tiles)` = moves of these tiles needed.
    pub fn table(&self) -> &[u8] {
        &self.table
    }
}

/// The reflection symmetry used for the second lookup.
#[derive(Clone, Debug)]
struct Reflection {
    /// Cell → reflected cell.
    cell: [u8; MAX_PDB_CELLS],
    /// Per group, per slot: the tile whose reflected image is the group's tile in that slot.
    source: Vec<Vec<u8>>,
}

/// An additive pattern database: one table per group, plus the reflected lookup where the
/// board allows it.
#[derive(Debug)]
pub struct AdditivePdb {
    goal: Grid,
    groups: Vec<PatternDb>,
    reflection: Option<Reflection>,
}

impl AdditivePdb {
    /// Builds every group's table (multithreaded); see [`AdditivePdb::load_or_build`] for
    /// the limits and the events.
    pub fn build<O>(goal: &Grid, partition: &Partition, limits: &Limits, observer: O) -> Result<Prepared, Error>
    where
        O: Observer<(), u64> + Send,
    {
        prepare(goal, partition, None, limits, observer)
    }

    fn assemble(goal: &Grid, groups: Vec<PatternDb>) -> AdditivePdb {
        let reflection = reflection_map(goal).map(|(cell, phi_inv)| Reflection {
            cell,
            source: groups.iter().map(|g| g.tiles.iter().map(|&t| phi_inv[t as usize]).collect()).collect(),
        });
        AdditivePdb { goal: goal.clone(), groups, reflection }
    }

    /// The goal the tables lead to.
    pub fn goal(&self) -> &Grid {
        &self.goal
    }
    /// The groups' tables.
    pub fn groups(&self) -> &[PatternDb] {
        &self.groups
    }
    /// Whether the reflected lookup is used.
    pub fn reflects(&self) -> bool {
        self.reflection.is_some()
    }

    /// The reflected lookup, when used: cell → reflected cell, and per group the tiles whose
    /// reflected cells make up its pattern (slot by slot).
    pub(crate) fn reflection(&self) -> Option<(&[u8; MAX_PDB_CELLS], &[Vec<u8>])> {
        self.reflection.as_ref().map(|r| (&r.cell, r.source.as_slice()))
    }

    /// Loads the tables for `goal`/`partition` from `dir`, building (and saving) those that
    /// are missing or damaged.
    ///
    /// A build honours the time limit and cancellation flag of `limits` and stops with
    /// [`Error::Stopped`]. It reports through `observer`: each breadth-first layer of each
    /// table is an `Event::Iteration` with `Bound::Depth(d)`, and `Event::Progress` events
    /// with the phase `"build 7-8 table 2/2, depth d"` count the blocks of placements
    /// scanned. In the statistics, `expanded` counts (placement, blank region) pairs and
    /// `generated` the tile moves tried from them.
    pub fn load_or_build<O>(
        dir: &Path,
        goal: &Grid,
        partition: &Partition,
        limits: &Limits,
        observer: O,
    ) -> Result<Prepared, Error>
    where
        O: Observer<(), u64> + Send,
    {
        prepare(goal, partition, Some(dir), limits, observer)
    }

    /// Loads the tables from `dir`; fails if one is missing or damaged.
    pub fn load(dir: &Path, goal: &Grid, partition: &Partition) -> Result<AdditivePdb, Error> {
        check_board(goal.dims())?;
        let groups = partition
            .groups()
            .iter()
            .map(|tiles| {
                Ok(PatternDb { tiles: tiles.clone(), table: read_table(&table_path(dir, goal, tiles), goal, tiles)? })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(AdditivePdb::assemble(goal, groups))
    }

    /// Writes every table to `dir` (created if needed); returns the files written.
    pub fn save(&self, dir: &Path) -> Result<Vec<PathBuf>, Error> {
        self.groups
            .iter()
            .map(|g| {
                let path = table_path(dir, &self.goal, &g.tiles);
                write_table(&path, &self.goal, &g.tiles, &g.table)?;
                Ok(path)
            })
            .collect()
    }

    /// The plain additive sum (no reflection) for `p`.
    #[inline]
    pub fn sum<C: Cells>(&self, p: &Position<C>) -> u32 {
        let n = self.goal.dims().cells();
        let pos = cells_of_tiles(p, n);
        self.table_sum(n, self.groups.iter().map(|g| g.tiles.as_slice()), |t| pos[t as usize])
    }

    /// Sums every group's table entry, where group `i`'s pattern is read from the tiles
    /// `sources[i]` placed at `cell_of(tile)` (the plain lookup, or the reflected one).
    #[inline]
    fn table_sum<'a>(&self, n: usize, sources: impl Iterator<Item = &'a [u8]>, cell_of: impl Fn(u8) -> u8) -> u32 {
        let mut cells = [0u8; MAX_PDB_CELLS];
        let mut h = 0u32;
        for (g, source) in self.groups.iter().zip(sources) {
            for (slot, &t) in cells.iter_mut().zip(source) {
                *slot = cell_of(t);
            }
            h += g.table[partial_rank(&cells[..g.tiles.len()], n) as usize] as u32;
        }
        h
    }
}

impl<C: Cells> Heuristic<C> for AdditivePdb {
    #[inline]
    fn estimate(&self, p: &Position<C>) -> u32 {
        let n = self.goal.dims().cells();
        let pos = cells_of_tiles(p, n);
        let h = self.table_sum(n, self.groups.iter().map(|g| g.tiles.as_slice()), |t| pos[t as usize]);
        match &self.reflection {
            Some(r) => {
                h.max(self.table_sum(n, r.source.iter().map(Vec::as_slice), |t| r.cell[pos[t as usize] as usize]))
            }
            None => h,
        }
    }
}

/// A database and how it was obtained.
#[derive(Debug)]
pub struct Prepared {
    /// The database.
    pub pdb: AdditivePdb,
    /// Whether any table was built (false: every table was read from disk).
    pub built: bool,
    /// The work done (none when every table was read; `elapsed` includes the reading).
    pub stats: Stats,
}

/// The domain's part of what `pdb build --json` prints: the tables of a database and where
/// they are cached. It is the `detail` of a [`Report`], beside the keys every report has
/// (`stats`, and `stop_reason` when a limit (Ctrl-C) stopped the build). A stopped build
/// leaves only whole tables on disk: the tables finished before the stop are cached, and the
/// next build reads them and builds the rest.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PdbTables {
    /// The board, as `MxN`.
    pub board: String,
    /// The goal, in row-major notation.
    pub goal: String,
    /// The tile groups.
    pub groups: Vec<Vec<u8>>,
    /// Each table's largest value.
    pub max_values: Vec<u8>,
    /// Whether the reflected lookup is used.
    pub reflection: bool,
    /// Whether any table was built (false: all were cached).
    pub built: bool,
    /// Bytes of table data.
    pub bytes: usize,
    /// The files the tables are cached in.
    pub files: Vec<String>,
}

/// The name of the job in a build's report.
const BUILD: &str = "pdb-build";

impl PdbTables {
    /// The report of a build of `goal`'s tables in `partition` that `reason` stopped after
    /// `stats`: no values or bytes, only where the tables go.
    pub fn stopped(
        dir: &Path,
        goal: &Grid,
        partition: &Partition,
        reason: StopReason,
        stats: Stats,
    ) -> Report<PdbTables> {
        let tables = PdbTables {
            board: goal.dims().to_string(),
            goal: format_state(goal, Notation::RowMajor),
            groups: partition.groups().to_vec(),
            max_values: Vec::new(),
            reflection: reflection_map(goal).is_some(),
            built: false,
            bytes: 0,
            files: partition.groups().iter().map(|t| table_path(dir, goal, t).display().to_string()).collect(),
        };
        Report::job(BUILD, Some(reason), stats, tables)
    }
}

impl Prepared {
    /// The report of this database, cached in `dir`.
    pub fn report(&self, dir: &Path) -> Report<PdbTables> {
        let db = &self.pdb;
        let tables = PdbTables {
            board: db.goal.dims().to_string(),
            goal: format_state(&db.goal, Notation::RowMajor),
            groups: db.groups.iter().map(|g| g.tiles.clone()).collect(),
            max_values: db.groups.iter().map(|g| g.table.iter().copied().max().unwrap_or(0)).collect(),
            reflection: db.reflects(),
            built: self.built,
            bytes: db.groups.iter().map(|g| g.table.len()).sum(),
            files: db.groups.iter().map(|g| table_path(dir, &db.goal, &g.tiles).display().to_string()).collect(),
        };
        Report::job(BUILD, None, self.stats, tables)
    }
}

/// Why preparing the tables failed.
enum Failure {
    Stopped(StopReason),
    Failed(Error),
}

/// Reads the cached tables from `dir` (when given) and builds the others, saving them there.
fn prepare<O>(
    goal: &Grid,
    partition: &Partition,
    dir: Option<&Path>,
    limits: &Limits,
    observer: O,
) -> Result<Prepared, Error>
where
    O: Observer<(), u64> + Send,
{
    check_board(goal.dims())?;
    let mut meter = Meter::new(limits, observer);
    let mut groups = Vec::new();
    let mut built = false;
    let mut outcome = meter.start::<(), u64>(BUILD_ALGORITHM).map_err(Failure::Stopped);
    let count = partition.groups().len();
    for (i, tiles) in partition.groups().iter().enumerate() {
        if outcome.is_err() {
            break;
        }
        let path = dir.map(|d| table_path(d, goal, tiles));
        if let Some(table) = path.as_ref().and_then(|p| read_table(p, goal, tiles).ok()) {
            groups.push(PatternDb { tiles: tiles.clone(), table });
            continue;
        }
        let phase = format!("build {} table {}/{count}", partition.sizes(), i + 1);
        let (back, table) = build_table(goal, tiles, &phase, meter);
        meter = back;
        outcome = match table {
            Ok(table) => {
                built = true;
                let saved = path.map_or(Ok(()), |p| write_table(&p, goal, tiles, &table));
                let kept =
                    BigTable::from_slice(&table).map_err(|e| Error::Pdb(format!("no memory for the table: {e}")));
                saved
                    .and(kept)
                    .map(|table| groups.push(PatternDb { tiles: tiles.clone(), table }))
                    .map_err(Failure::Failed)
            }
            Err(reason) => Err(Failure::Stopped(reason)),
        };
    }
    let stats = match &outcome {
        Ok(()) => meter.finish_with::<(), u64>(OutcomeKind::Solved, None),
        Err(Failure::Stopped(reason)) => meter.finish_with::<(), u64>(OutcomeKind::Stopped, Some(*reason)),
        Err(Failure::Failed(_)) => meter.finish_with::<(), u64>(OutcomeKind::Stopped, None),
    };
    match outcome {
        Ok(()) => Ok(Prepared { pdb: AdditivePdb::assemble(goal, groups), built, stats }),
        Err(Failure::Stopped(reason)) => Err(Error::Stopped { reason, stats }),
        Err(Failure::Failed(e)) => Err(e),
    }
}

/// `pos[tile]` = the cell holding it. A database's board has at most [`MAX_PDB_CELLS`]
/// cells, and a position's tiles are below its cell count.
#[inline]
fn cells_of_tiles<C: Cells>(p: &Position<C>, n: usize) -> [u8; MAX_PDB_CELLS] {
    let mut pos = [0u8; MAX_PDB_CELLS];
    for cell in 0..n {
        pos[p.cells.get(cell) as usize] = cell as u8;
    }
    pos
}

/// The diagonal reflection that fixes `goal`'s blank, as (cell map, φ⁻¹ tile map), where
/// φ relabels tiles so the reflected goal is the goal again.
pub(crate) fn reflection_map(goal: &Grid) -> Option<([u8; MAX_PDB_CELLS], [u8; MAX_PDB_CELLS])> {
    let b = goal.dims();
    if !b.is_square() || b.cells() > MAX_PDB_CELLS {
        return None;
    }
    let n = b.rows();
    let transpose = |c: usize| (c % n) * n + c / n;
    let anti = |c: usize| (n - 1 - c % n) * n + (n - 1 - c / n);
    let blank = goal.blank();
    let sigma: &dyn Fn(usize) -> usize = if transpose(blank) == blank {
        &transpose
    } else if anti(blank) == blank {
        &anti
    } else {
        return None;
    };
    let mut cell = [0u8; MAX_PDB_CELLS];
    let mut goal_cell = [0usize; MAX_PDB_CELLS];
    for (c, &t) in goal.tiles().iter().enumerate() {
        cell[c] = sigma(c) as u8;
        goal_cell[t as usize] = c;
    }
    // φ(t) = goal tile at σ(goal cell of t); store its inverse.
    let mut phi_inv = [0u8; MAX_PDB_CELLS];
    for (t, &gc) in goal_cell.iter().enumerate().take(b.cells()) {
        let image = goal.tiles()[sigma(gc)];
        phi_inv[image as usize] = t as u8;
    }
    Some((cell, phi_inv))
}

/// `r` and its neighbouring cells.
#[inline]
fn grow(r: u32, cols: usize, not_first_col: u32, not_last_col: u32) -> u32 {
    r | ((r << 1) & not_first_col) | ((r >> 1) & not_last_col) | (r << cols) | (r >> cols)
}

/// Flood fill of `start` through `free` (both bitboards) on a board with `cols` columns.
#[inline]
fn flood(start: u32, free: u32, cols: usize, not_first_col: u32, not_last_col: u32) -> u32 {
    let mut r = start;
    loop {
        let grown = grow(r, cols, not_first_col, not_last_col) & free;
        let next = grown | r;
        if next == r {
            return r;
        }
        r = next;
    }
}

/// Patterns per progress/flag block.
const BLOCK: usize = 1 << 12;

/// Builds one group's table by breadth-first search over (placement, blank region).
///
/// No frontier lists: `seen` holds, per placement, the cells of every blank region reached
/// so far (one lane of 16 bits, four placements per atomic word, on boards up to 16 cells;
/// 32-bit lanes above) and `done` those already expanded.
/// Each move shifts one group tile by one cell, which flips the colour-parity of the
/// placement, so layer `d` is exactly the seen-but-not-done regions of the placements whose
/// parity is `d mod 2`; regions the layer discovers have the other parity and wait for the
/// next scan. A flag per block of placements skips the blocks a layer did not touch. New
/// regions are claimed with an atomic OR, so each is expanded exactly once.
///
/// `phase` names the table in progress events (`, depth d` is added); the meter is shared by
/// the workers during each layer's scan and handed back with the table.
fn build_table<'a, O>(
    goal: &Grid,
    tiles: &[u8],
    phase: &str,
    meter: Meter<'a, O>,
) -> (Meter<'a, O>, Result<Vec<u8>, StopReason>)
where
    O: Observer<(), u64> + Send,
{
    let board = goal.dims();
    let n = board.cells();
    let k = tiles.len();
    let cols = board.cols();
    let entries = partial_count(n, k) as usize;
    let all: u32 = u32::MAX >> (MAX_PDB_CELLS - n);
    let lanes = Lanes::for_cells(n);
    let (mut not_first, mut not_last) = (0u32, 0u32);
    let mut adj = [0u32; MAX_PDB_CELLS];
    let mut color = [0u8; MAX_PDB_CELLS];
    for (c, a) in adj.iter_mut().enumerate().take(n) {
        if board.col(c) != 0 {
            not_first |= 1 << c;
        }
        if board.col(c) != cols - 1 {
            not_last |= 1 << c;
        }
        *a = board.adjacency_mask(c) as u32;
        color[c] = ((board.row(c) + board.col(c)) & 1) as u8;
    }
    let words = entries.div_ceil(lanes.per_word);
    let blocks = entries.div_ceil(BLOCK);
    // Setting up the 8-tile table of a 4x4 board takes seconds: it looks at the clock too.
    let clock = meter.clock().clone();
    let seen: Vec<AtomicU64> = match filled(words, || AtomicU64::new(0), &clock) {
        Ok(v) => v,
        Err(reason) => return (meter, Err(reason)),
    };
    let mut done: Vec<u64> = vec![0; words];
    let table: Vec<AtomicU8> = match filled(entries, || AtomicU8::new(UNSET), &clock) {
        Ok(v) => v,
        Err(reason) => return (meter, Err(reason)),
    };
    let mut flags: Vec<AtomicBool> = (0..blocks).map(|_| AtomicBool::new(false)).collect();
    let mut next_flags: Vec<AtomicBool> = (0..blocks).map(|_| AtomicBool::new(false)).collect();

    let mut start = [0u8; MAX_PDB_CELLS];
    for (slot, &t) in start.iter_mut().zip(tiles) {
        *slot = goal.tiles().iter().position(|&x| x == t).expect("tile on the board") as u8;
    }
    let goal_parity = start[..k].iter().fold(0u8, |p, &c| p ^ color[c as usize]);
    let occupied = start[..k].iter().fold(0u32, |m, &c| m | 1 << c);
    let region = flood(1 << goal.blank(), all & !occupied, cols, not_first, not_last);
    let r0 = partial_rank(&start[..k], n) as usize;
    seen[lanes.word(r0)].store((region as u64) << lanes.shift(r0), Relaxed);
    table[r0].store(0, Relaxed);
    flags[r0 / BLOCK].store(true, Relaxed);

    // The colour parity of every placement, one bit each, so the scan never decodes a
    // placement that belongs to the next layer.
    let mut odd: Vec<u64> = vec![0; entries.div_ceil(64)];
    odd.par_chunks_mut(1024).enumerate().for_each(|(ci, chunk)| {
        if clock.check().is_err() {
            return;
        }
        let mut cursor = PartialCursor::new(n, k);
        for (wi, word) in chunk.iter_mut().enumerate() {
            let base = (ci * 1024 + wi) * 64;
            for bit in 0..64.min(entries.saturating_sub(base)) {
                let cells = cursor.seek((base + bit) as u64);
                let par = cells.iter().fold(0u8, |acc, &c| acc ^ color[c as usize]);
                *word |= (par as u64) << bit;
            }
        }
    });
    if let Err(reason) = clock.check() {
        return (meter, Err(reason));
    }
    // Per free-cell mask, the region of its lowest cell: one look-up instead of a flood fill
    // per expansion and per claimed successor (up to 16 cells: 128 KiB).
    let lowest_region: Vec<u16> = if n <= 16 {
        (0..1u32 << n)
            .map(|f| if f == 0 { 0 } else { flood(f & f.wrapping_neg(), f, cols, not_first, not_last) as u16 })
            .collect()
    } else {
        Vec::new()
    };
    // Blocks per parallel task.
    let task_blocks = 4usize;
    let mut meter = meter;
    for depth in 0u32.. {
        if let Err(reason) = meter.iteration::<(), u64>(Bound::Depth(depth.into())) {
            return (meter, Err(reason));
        }
        let active = flags.iter().filter(|f| f.load(Relaxed)).count() as u64;
        if active == 0 {
            break;
        }
        let phase = format!("{phase}, depth {depth}");
        let parity = (depth & 1) as u8 ^ goal_parity;
        let next_value = (depth + 1) as u8;
        let ctx = Ctx {
            lowest_region: &lowest_region,
            lanes,
            cols,
            all,
            not_first,
            not_last,
            adj: &adj,
            odd: &odd,
            seen: &seen,
            table: &table,
            next_flags: &next_flags,
            parity,
            next_value,
        };
        let shared = SharedMeter::new(meter);
        let scanned = AtomicU64::new(0);
        let stopped = OnceLock::new();
        done.par_chunks_mut(task_blocks * BLOCK / lanes.per_word).enumerate().for_each(|(task, done_chunk)| {
            if stopped.get().is_some() {
                return;
            }
            if let Err(reason) = shared.clock().check() {
                let _ = stopped.set(reason);
                return;
            }
            let first_block = task * task_blocks;
            let mut cursor = PartialCursor::new(n, k);
            let (mut blocks, mut expanded, mut generated) = (0u64, 0u64, 0u64);
            for (b, block_done) in done_chunk.chunks_mut(BLOCK / lanes.per_word).enumerate() {
                let block = first_block + b;
                if !flags[block].load(Relaxed) {
                    continue;
                }
                blocks += 1;
                let (e, g) = ctx.scan_block(block * BLOCK / lanes.per_word, block_done, &mut cursor);
                expanded += e;
                generated += g;
            }
            shared.add(expanded, generated);
            let scanned = scanned.fetch_add(blocks, Relaxed) + blocks;
            if let Err(reason) = shared.progress::<(), u64>(&phase, scanned, Some(active)) {
                let _ = stopped.set(reason);
            }
        });
        meter = shared.into_inner();
        if let Some(&reason) = stopped.get() {
            return (meter, Err(reason));
        }
        if let Err(reason) = meter.progress::<(), u64>(&phase, active, Some(active)) {
            return (meter, Err(reason));
        }
        for f in flags.iter() {
            f.store(false, Relaxed);
        }
        std::mem::swap(&mut flags, &mut next_flags);
    }
    drop(seen);
    drop(done);
    // A pattern of every tile fixes the blank too: the placements of the other permutation
    // parity are never reached, nor ever looked up. They get 0, which is admissible anyway.
    let whole = k + 1 == n;
    let table: Vec<u8> =
        table.into_iter().map(AtomicU8::into_inner).map(|v| if whole && v == UNSET { 0 } else { v }).collect();
    debug_assert!(table.iter().all(|&v| v != UNSET), "every placement is reachable");
    (meter, Ok(table))
}

/// Values made in one go between two looks at the clock while a table is set up.
const FILL_CHUNK: usize = 1 << 22;

/// `n` values made by `make`, in chunks between which `clock` may stop the work.
fn filled<T>(n: usize, make: impl Fn() -> T, clock: &Clock) -> Result<Vec<T>, StopReason> {
    let mut values = Vec::with_capacity(n);
    while values.len() < n {
        clock.check()?;
        let more = FILL_CHUNK.min(n - values.len());
        values.extend(std::iter::repeat_with(&make).take(more));
    }
    Ok(values)
}

/// How the placements' region masks share the atomic words of a build (powers of two, so
/// that the inner loop shifts instead of dividing).
#[derive(Clone, Copy, Debug)]
struct Lanes {
    /// Placements per 64-bit word.
    per_word: usize,
    /// log2 of `per_word`.
    word_shift: u32,
    /// Bits per placement.
    bits: u32,
    /// log2 of `bits`.
    bits_shift: u32,
}

impl Lanes {
    /// Four 16-bit lanes a word up to 16 cells, two 32-bit lanes above.
    fn for_cells(n: usize) -> Lanes {
        if n <= 16 {
            Lanes { per_word: 4, word_shift: 2, bits: 16, bits_shift: 4 }
        } else {
            Lanes { per_word: 2, word_shift: 1, bits: 32, bits_shift: 5 }
        }
    }
    /// The word holding placement `p`'s lane.
    #[inline]
    fn word(self, p: usize) -> usize {
        p >> self.word_shift
    }
    /// Where lane `lane` of a word starts.
    #[inline]
    fn lane_shift(self, lane: usize) -> u32 {
        (lane as u32) << self.bits_shift
    }
    /// Where placement `p`'s lane starts in its word.
    #[inline]
    fn shift(self, p: usize) -> u32 {
        self.lane_shift(p & (self.per_word - 1))
    }
    /// The lane's mask, at bit 0.
    #[inline]
    fn mask(self) -> u64 {
        u64::MAX >> (64 - self.bits)
    }
}

/// What one layer's scan needs.
struct Ctx<'a> {
    /// Per free-cell mask: the region of its lowest cell (empty above 16 cells: flood fills).
    lowest_region: &'a [u16],
    lanes: Lanes,
    cols: usize,
    all: u32,
    not_first: u32,
    not_last: u32,
    adj: &'a [u32; MAX_PDB_CELLS],
    /// Colour parity per placement (bit `p`).
    odd: &'a [u64],
    seen: &'a [AtomicU64],
    table: &'a [AtomicU8],
    next_flags: &'a [AtomicBool],
    parity: u8,
    next_value: u8,
}

impl Ctx<'_> {
    /// The region of the lowest cell of the free-cell mask `free` (not 0).
    #[inline]
    fn lowest(&self, free: u32) -> u32 {
        match self.lowest_region.get(free as usize) {
            Some(&r) => r as u32,
            None => flood(free & free.wrapping_neg(), free, self.cols, self.not_first, self.not_last),
        }
    }

    /// Expands the frontier regions of the placements in one block (words from `first`);
    /// returns how many regions it expanded and how many tile moves it tried from them.
    fn scan_block(&self, first: usize, done: &mut [u64], cursor: &mut PartialCursor) -> (u64, u64) {
        let (mut expanded, mut generated) = (0u64, 0u64);
        let mut succ: [(u64, u8, u8, u64); 64] = [(0, 0, 0, 0); 64];
        let (lanes, lane_mask) = (self.lanes, self.lanes.mask());
        for (w, done_word) in done.iter_mut().enumerate() {
            let word = first + w;
            let s = self.seen[word].load(Relaxed);
            let fresh = s & !*done_word;
            if fresh == 0 {
                continue;
            }
            for lane in 0..lanes.per_word {
                let f = ((fresh >> lanes.lane_shift(lane)) & lane_mask) as u32;
                if f == 0 {
                    continue;
                }
                let p = ((word << lanes.word_shift) + lane) as u64;
                if ((self.odd[(p / 64) as usize] >> (p % 64)) & 1) as u8 != self.parity {
                    continue; // discovered by this very layer: expanded by the next one
                }
                let cells = cursor.seek(p);
                *done_word |= (f as u64) << lanes.lane_shift(lane);
                let occupied = cells.iter().fold(0u32, |m, &c| m | 1 << c);
                let free = self.all & !occupied;
                let mut pending = f;
                while pending != 0 {
                    let region = self.lowest(pending);
                    pending &= !region;
                    expanded += 1;
                    // Phase 1: every successor's index, and a first look at its word (the
                    // loads overlap instead of waiting one after another).
                    let mut count = 0;
                    // The group tiles beside the region, each of which can slide into it.
                    let mut border = grow(region, self.cols, self.not_first, self.not_last) & occupied;
                    while border != 0 {
                        let from = border.trailing_zeros() as u8;
                        border &= border - 1;
                        let i = cursor.tile_on(from);
                        let mut targets = self.adj[from as usize] & region;
                        while targets != 0 {
                            let to = targets.trailing_zeros() as u8;
                            targets &= targets - 1;
                            let r2 = cursor.moved(i, to);
                            let look = self.seen[lanes.word(r2 as usize)].load(Relaxed);
                            succ[count] = (r2, from, to, look);
                            count += 1;
                        }
                    }
                    generated += count as u64;
                    // Phase 2: claim the unseen regions.
                    for &(r2, from, to, look) in &succ[..count] {
                        let lane2 = self.lanes.shift(r2 as usize);
                        if (look >> lane2) & (1 << from) != 0 {
                            continue;
                        }
                        // The successor's region is the one around `from`, the cell just left.
                        let rest = (free & !(1u32 << to)) | (1 << from);
                        let reg2 = if self.lowest_region.is_empty() {
                            flood(1 << from, rest, self.cols, self.not_first, self.not_last) as u64
                        } else {
                            let mut rest = rest;
                            let mut reg2 = self.lowest(rest) as u64;
                            while reg2 & (1 << from) == 0 {
                                rest &= !(reg2 as u32);
                                reg2 = self.lowest(rest) as u64;
                            }
                            reg2
                        };
                        let old = self.seen[lanes.word(r2 as usize)].fetch_or(reg2 << lane2, Relaxed);
                        let old_lane = (old >> lane2) & lane_mask;
                        if old_lane & reg2 == 0 {
                            if old_lane == 0 {
                                self.table[r2 as usize].store(self.next_value, Relaxed);
                            }
                            self.next_flags[r2 as usize / BLOCK].store(true, Relaxed);
                        }
                    }
                }
            }
        }
        (expanded, generated)
    }
}

/// Tiles as hexadecimal digits: one a tile up to 16 cells, two above (so that no two lists
/// read the same).
fn hex_tiles(tiles: &[u8], board: Dims) -> String {
    if board.cells() <= 16 {
        tiles.iter().map(|t| format!("{t:x}")).collect()
    } else {
        tiles.iter().map(|t| format!("{t:02x}")).collect()
    }
}

/// The file one group's table is cached in.
pub fn table_path(dir: &Path, goal: &Grid, tiles: &[u8]) -> PathBuf {
    let b = goal.dims();
    dir.join(format!("{b}-goal{}-tiles{}.pdb", hex_tiles(goal.tiles(), b), hex_tiles(tiles, b)))
}

fn header(goal: &Grid, tiles: &[u8], entries: usize) -> String {
    format!(
        "{MAGIC} board={} goal={} tiles={} entries={entries}\n",
        goal.dims(),
        hex_tiles(goal.tiles(), goal.dims()),
        hex_tiles(tiles, goal.dims())
    )
}

/// A fast 64-bit checksum of the table (detects truncated or damaged files).
fn checksum(data: &[u8]) -> u64 {
    let mut h = 0x9E37_79B9_7F4A_7C15u64;
    let mut chunks = data.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        h = (h ^ w).rotate_left(23).wrapping_mul(0x0100_0000_01B3);
    }
    for &b in chunks.remainder() {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01B3);
    }
    h
}

fn io_err(path: &Path, e: std::io::Error) -> Error {
    Error::Io { path: path.display().to_string(), message: e.to_string() }
}

fn write_table(path: &Path, goal: &Grid, tiles: &[u8], table: &[u8]) -> Result<(), Error> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| io_err(dir, e))?;
    }
    let mut bytes = header(goal, tiles, table.len()).into_bytes();
    bytes.extend_from_slice(table);
    bytes.extend_from_slice(&checksum(table).to_le_bytes());
    // Write beside the target and rename, so a reader never sees a half-written table.
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, &bytes).map_err(|e| io_err(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| io_err(path, e))
}

fn read_table(path: &Path, goal: &Grid, tiles: &[u8]) -> Result<BigTable<u8>, Error> {
    let entries = partial_count(goal.dims().cells(), tiles.len()) as usize;
    let head = header(goal, tiles, entries);
    // A table has one known size: anything larger is not one, and is not read.
    let size = (head.len() + entries + 8) as u64;
    let bytes = delve_core::input::read_bytes_within(path, size).map_err(|e| io_err(path, e))?;
    let damaged = || Error::Io { path: path.display().to_string(), message: "not a matching pattern database".into() };
    if bytes.len() != head.len() + entries + 8 || !bytes.starts_with(head.as_bytes()) {
        return Err(damaged());
    }
    let (table, sum) = bytes[head.len()..].split_at(entries);
    if checksum(table) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
        return Err(damaged());
    }
    BigTable::from_slice(table).map_err(|e| io_err(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dims;
    use crate::notation::keypad_goal;
    use delve_core::NoObserver;

    #[test]
    fn lines_get_no_database() {
        for (r, c) in [(1, 2), (1, 4), (5, 1), (1, 16)] {
            let goal = Grid::standard_goal(Dims::new(r, c).unwrap());
            let partition = Partition::default_for(&goal);
            let err = AdditivePdb::build(&goal, &partition, &Limits::none(), NoObserver).err().unwrap().to_string();
            assert!(err.contains("tiles never pass each other"), "{r}x{c}: {err}");
            let dir = std::env::temp_dir();
            assert!(AdditivePdb::load(&dir, &goal, &partition).is_err());
        }
    }

    #[test]
    fn partitions() {
        let goal = Grid::standard_goal(Dims::new(4, 4).unwrap());
        let p = Partition::parse("7-8", &goal).unwrap();
        assert_eq!(p.groups()[0], vec![1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(Partition::default_for(&goal).groups()[0].len(), 8);
        let korf = Grid::new(goal.dims(), (0..16).collect()).unwrap();
        assert_eq!(Partition::default_for(&korf).groups()[0], vec![1, 2, 3, 4, 5, 6, 7]);
        assert!(Partition::parse("7-7", &goal).unwrap_err().to_string().contains("add up to 14"));
        assert!(Partition::parse("1,2/3", &Grid::standard_goal(Dims::new(2, 2).unwrap())).is_ok());
        assert!(Partition::parse("1,2/2,3", &Grid::standard_goal(Dims::new(2, 2).unwrap())).is_err());
        assert!(Partition::parse("9-6", &goal).unwrap_err().to_string().contains("entries"));
    }

    /// Inputs the `sliding_partition` fuzz target (fuzz/) found panicking, and their kin: a
    /// group longer than the board (duplicates) overflowed `partial_count`; group sizes whose
    /// sum wraps around `usize` to the tile count split out of range.
    #[test]
    fn partition_fuzz_regressions() {
        let goal = Grid::standard_goal(Dims::new(5, 3).unwrap());
        let long = "1,2,4,2,3,4,2,3,,3,,,33,4,2,3,,3,,,3,44/,44/4";
        assert!(Partition::parse(long, &goal).unwrap_err().to_string().contains("tile 2 is in two groups"));
        let goal = Grid::standard_goal(Dims::new(4, 4).unwrap());
        let wraps = format!("{}-16", usize::MAX);
        let msg = Partition::parse(&wraps, &goal).unwrap_err().to_string();
        assert!(msg.contains("add up to 18446744073709551631"), "{msg}");
        let max = format!("{0}-{0}-{0}", usize::MAX);
        assert!(Partition::parse(&max, &goal).unwrap_err().to_string().contains("add up to"));
    }

    #[test]
    fn korf_and_felner_split_the_24_puzzle() {
        let korf = Grid::new(Dims::new(5, 5).unwrap(), (0..25).collect()).unwrap();
        let p = Partition::default_for(&korf);
        assert_eq!(p.groups()[0], vec![1, 2, 5, 6, 7, 12]);
        assert_eq!(p.groups()[3], vec![17, 18, 19, 22, 23, 24]);
        assert_eq!(p.sizes(), "6-6-6-6");
        // The standard goal (blank bottom-right): the same blocks, turned half a turn.
        let standard = Grid::standard_goal(Dims::new(5, 5).unwrap());
        let turned = Partition::default_for(&standard);
        assert_eq!(turned.groups()[0], vec![24, 23, 20, 19, 18, 13]);
        assert!(reflection_map(&standard).is_some());
        // Other boards above 16 cells: groups of at most six in reading order.
        let p = Partition::default_for(&Grid::standard_goal(Dims::new(4, 5).unwrap()));
        assert_eq!(p.sizes(), "5-5-5-4");
        assert!(Partition::parse("1,2/3", &Grid::standard_goal(Dims::new(6, 6).unwrap())).is_err());
        // 6x6 gets groups, and no database.
        let six = Grid::standard_goal(Dims::new(6, 6).unwrap());
        let p = Partition::default_for(&six);
        assert_eq!(p.sizes(), "6-6-6-6-6-5");
        let refused = AdditivePdb::build(&six, &p, &Limits::none(), NoObserver).unwrap_err().to_string();
        assert!(refused.contains("up to 32 cells"), "{refused}");
        assert!(AdditivePdb::load(&std::env::temp_dir(), &six, &p).is_err());
    }

    #[test]
    fn reflection_fixes_the_goal() {
        let korf = Grid::new(Dims::new(4, 4).unwrap(), (0..16).collect()).unwrap();
        let (cell, phi_inv) = reflection_map(&korf).unwrap();
        assert_eq!(cell[1], 4);
        assert_eq!(phi_inv[4], 1);
        let keypad = keypad_goal(Dims::new(3, 3).unwrap()).unwrap();
        let (cell, _) = reflection_map(&keypad).unwrap();
        assert_eq!(cell[6], 6, "the keypad blank sits on the anti-diagonal");
        assert!(reflection_map(&Grid::standard_goal(Dims::new(3, 4).unwrap())).is_none());
    }

    /// An independent 0-1 breadth-first search over (tile cells, blank cell): blank moves
    /// into free cells cost 0, moves of a group tile cost 1.
    fn reference_table(goal: &Grid, tiles: &[u8]) -> Vec<u8> {
        use std::collections::{HashMap, VecDeque};
        let b = goal.dims();
        let n = b.cells();
        let start: Vec<u8> = tiles.iter().map(|t| goal.tiles().iter().position(|x| x == t).unwrap() as u8).collect();
        let mut dist: HashMap<(Vec<u8>, u8), u32> = HashMap::new();
        let mut queue = VecDeque::from([(start.clone(), goal.blank() as u8, 0u32)]);
        let mut table = vec![u8::MAX; partial_count(n, tiles.len()) as usize];
        while let Some((cells, blank, d)) = queue.pop_front() {
            if dist.get(&(cells.clone(), blank)).is_some_and(|&old| old <= d) {
                continue;
            }
            dist.insert((cells.clone(), blank), d);
            let r = partial_rank(&cells, n) as usize;
            table[r] = table[r].min(d as u8);
            for m in crate::board::Move::ALL {
                if let Some(to) = b.neighbor(blank as usize, m) {
                    match cells.iter().position(|&c| c as usize == to) {
                        Some(i) => {
                            let mut next = cells.clone();
                            next[i] = blank;
                            queue.push_back((next, to as u8, d + 1));
                        }
                        None => queue.push_front((cells.clone(), to as u8, d)),
                    }
                }
            }
        }
        table
    }

    #[test]
    fn tables_match_an_independent_search() {
        let cases: Vec<(Grid, Vec<u8>)> = vec![
            (keypad_goal(Dims::new(3, 3).unwrap()).unwrap(), vec![1, 2, 3, 4]),
            (keypad_goal(Dims::new(3, 3).unwrap()).unwrap(), vec![5, 6, 7, 8]),
            (Grid::standard_goal(Dims::new(3, 3).unwrap()), vec![2, 5, 8]),
            (Grid::standard_goal(Dims::new(2, 4).unwrap()), vec![1, 2, 3, 4, 5]),
            (Grid::new(Dims::new(3, 4).unwrap(), (0..12).collect()).unwrap(), vec![1, 2, 3, 4]),
            // Every tile: half the placements (the other parity) are never reached.
            (Grid::standard_goal(Dims::new(2, 3).unwrap()), vec![1, 2, 3, 4, 5]),
            // Above 16 cells: 32-bit lanes and flood fills instead of the region table.
            (Grid::standard_goal(Dims::new(3, 6).unwrap()), vec![1, 8, 17]),
            (Grid::new(Dims::new(5, 5).unwrap(), (0..25).collect()).unwrap(), vec![1, 5, 6]),
            (Grid::new(Dims::new(5, 5).unwrap(), (0..25).collect()).unwrap(), vec![12, 24]),
        ];
        for (goal, tiles) in cases {
            let limits = Limits::none();
            let built = build_table(&goal, &tiles, "test", Meter::new(&limits, NoObserver)).1.unwrap();
            let reference = reference_table(&goal, &tiles);
            let unreached = reference.iter().filter(|&&d| d == UNSET).count();
            assert_eq!(unreached, if tiles.len() == 5 && goal.dims().cells() == 6 { 360 } else { 0 });
            let reference: Vec<u8> = reference.into_iter().map(|d| if d == UNSET { 0 } else { d }).collect();
            assert_eq!(built, reference, "{} tiles {tiles:?}", goal.dims());
        }
    }

    #[test]
    fn builds_report_progress_stop_and_cache() {
        use delve_core::{Event, FnObserver, Live};
        let goal = keypad_goal(Dims::new(3, 3).unwrap()).unwrap();
        let partition = Partition::parse("4-4", &goal).unwrap();
        let mut phases: Vec<String> = Vec::new();
        let mut layers = 0u64;
        let observer = FnObserver(|e: &Event<'_, (), u64>, _: &Live| match e {
            Event::Progress { phase, .. } if phases.last().map(String::as_str) != Some(*phase) => {
                phases.push(phase.to_string())
            }
            Event::Iteration { .. } => layers += 1,
            _ => {}
        });
        let built = AdditivePdb::build(&goal, &partition, &Limits::none(), observer).unwrap();
        assert!(built.built);
        assert_eq!(phases.first().map(String::as_str), Some("build 4-4 table 1/2, depth 0"));
        assert!(phases.iter().any(|p| p.starts_with("build 4-4 table 2/2, depth ")));
        assert_eq!(built.stats.iterations, layers);
        // Every (placement, region) pair is expanded once; there are at least as many as placements.
        assert!(built.stats.expanded >= 2 * partial_count(9, 4));
        assert!(built.stats.generated > built.stats.expanded);

        let stopped =
            AdditivePdb::build(&goal, &partition, &Limits::none().timeout(std::time::Duration::ZERO), NoObserver);
        assert!(matches!(stopped, Err(Error::Stopped { reason: StopReason::Timeout, .. })));

        let dir = std::env::temp_dir().join(format!("delve-pdb-unit-{}", std::process::id()));
        let first = AdditivePdb::load_or_build(&dir, &goal, &partition, &Limits::none(), NoObserver).unwrap();
        let again = AdditivePdb::load_or_build(&dir, &goal, &partition, &Limits::none(), NoObserver).unwrap();
        assert!(first.built && !again.built);
        assert_eq!(again.stats.expanded, 0);
        assert_eq!(again.pdb.groups()[1].table(), built.pdb.groups()[1].table());
        let report = again.report(&dir);
        let tables = &report.detail;
        assert_eq!((tables.groups.clone(), tables.built, tables.files.len()), (partition.groups().to_vec(), false, 2));
        assert_eq!(tables.bytes, 2 * partial_count(9, 4) as usize);
        assert_eq!((report.stop_reason, report.outcome), (None, OutcomeKind::Complete));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_raised_cancel_flag_stops_the_set_up_of_a_table() {
        let cancel = Limits::none().cancel_flag(std::sync::Arc::new(AtomicBool::new(true)));
        assert_eq!(filled(3 * FILL_CHUNK, || 0u8, &cancel.clock()), Err(StopReason::Cancelled));
        let values = filled(FILL_CHUNK + 5, || 7u8, &Limits::none().clock()).unwrap();
        assert_eq!((values.len(), values.iter().all(|&v| v == 7)), (FILL_CHUNK + 5, true));
        // A stopped build's report says where the tables go, and why it stopped.
        let goal = Grid::standard_goal(Dims::new(4, 4).unwrap());
        let partition = Partition::default_for(&goal);
        let stopped = AdditivePdb::build(&goal, &partition, &cancel, NoObserver);
        let Err(Error::Stopped { reason, stats }) = stopped else { panic!("not stopped") };
        let report = PdbTables::stopped(Path::new("/cache"), &goal, &partition, reason, stats);
        let (tables, stop) = (&report.detail, report.stop_reason);
        assert_eq!((stop, tables.built, tables.files.len()), (Some(StopReason::Cancelled), false, 2));
    }

    #[test]
    fn flood_respects_walls() {
        // 3x3, free cells 0,1,3 and 8: region of 0 is {0,1,3}.
        let b = Dims::new(3, 3).unwrap();
        let (mut nf, mut nl) = (0, 0);
        for c in 0..9 {
            if b.col(c) != 0 {
                nf |= 1 << c;
            }
            if b.col(c) != 2 {
                nl |= 1 << c;
            }
        }
        let free = 0b1_0000_1011;
        assert_eq!(flood(1, free, 3, nf, nl), 0b1011);
        assert_eq!(flood(1 << 8, free, 3, nf, nl), 1 << 8);
    }
}
