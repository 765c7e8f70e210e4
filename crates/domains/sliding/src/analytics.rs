//! The original study's sample analytics: a CSV of observed puzzles (`puzzle_number,pattern`)
//! summarised by pattern, by puzzle number and by minimum number of moves.

use crate::board::Dims;
use crate::csv;
use crate::enumerate::{Enumeration, enumerate};
use crate::error::Error;
use crate::notation::{Notation, format_state, parse_state};
use crate::pdb::AdditivePdb;
use crate::solve::{HeuristicRequest, Method, SolveObserver, Solver};
use crate::state::Grid;
use delve_core::{Algorithm, Limits, Observer, Outcome};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;

/// One CSV row.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// 1-based line of the row in the file.
    pub line: usize,
    /// The puzzle number (kept as text; sorted numerically when all are numbers).
    pub puzzle: String,
    /// The pattern as written (trimmed).
    pub pattern: String,
    /// The parsed pattern.
    pub grid: Grid,
}

/// The parsed samples file.
#[derive(Clone, Debug)]
pub struct Samples {
    /// The rows, in file order.
    pub rows: Vec<Sample>,
    /// The board every pattern is on.
    pub board: Dims,
    /// The notation of the patterns (keypad when any uses `B`).
    pub notation: Notation,
}

/// Parses a samples CSV: rows `puzzle_number,pattern`, an optional header row, blank lines
/// ignored. `board` fixes the size (otherwise it is inferred from the first pattern).
/// Errors carry the line and column of the offending field.
///
/// ```
/// use delve_sliding::analytics::parse_samples;
/// let s = parse_samples("s.csv", "\u{feff}puzzle_number,pattern\r\n\"1\",\"359B26478\"\r\n2,8734B9265\r\n", None).unwrap();
/// assert_eq!(s.rows.len(), 2);
/// assert_eq!(s.rows[1].puzzle, "2");
/// ```
pub fn parse_samples(path: &str, text: &str, board: Option<Dims>) -> Result<Samples, Error> {
    let mut rows = Vec::new();
    let mut board = board;
    let mut notation = None;
    for (i, record) in csv::records(path, text)?.into_iter().enumerate() {
        if record.iter().all(|(f, _, _)| f.trim().is_empty()) {
            continue;
        }
        let (line, col) = (record[0].1, record[0].2);
        if record.len() != 2 {
            return Err(Error::Csv {
                path: path.into(),
                line,
                column: col,
                message: format!("expected 2 fields (puzzle_number,pattern), found {}", record.len()),
            });
        }
        let puzzle = record[0].0.trim().to_string();
        let pattern = record[1].0.trim().to_string();
        let parsed = parse_state(&pattern, board);
        if i == 0 && puzzle.parse::<f64>().is_err() && parsed.is_err() {
            continue; // a header row, e.g. `puzzle_number,pattern`
        }
        if puzzle.is_empty() {
            return Err(Error::Csv { path: path.into(), line, column: col, message: "empty puzzle number".into() });
        }
        let (grid, n) = parsed.map_err(|e| Error::Csv {
            path: path.into(),
            line: record[1].1,
            column: record[1].2,
            message: e.to_string(),
        })?;
        board.get_or_insert(grid.dims());
        if notation.is_some_and(|prev| prev != n) {
            return Err(Error::Csv {
                path: path.into(),
                line: record[1].1,
                column: record[1].2,
                message: "this pattern mixes notations with earlier rows (keypad `B` vs row-major 0)".into(),
            });
        }
        notation = Some(n);
        rows.push(Sample { line, puzzle, pattern: format_state(&grid, n), grid });
    }
    let (Some(board), Some(notation)) = (board, notation) else {
        return Err(Error::Csv { path: path.into(), line: 1, column: 1, message: "no samples in the file".into() });
    };
    Ok(Samples { rows, board, notation })
}

/// Reads a samples CSV from `path` (through the bounded reader of `delve_core::input`) and
/// parses it ([`parse_samples`]; errors name the file as given).
pub fn load_samples(path: &std::path::Path, board: Option<Dims>) -> Result<Samples, Error> {
    let name = path.display().to_string();
    let text =
        delve_core::input::read_text(path).map_err(|e| Error::Io { path: name.clone(), message: e.to_string() })?;
    parse_samples(&name, &text, board)
}

/// Statistics of one distinct pattern.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PatternStat {
    /// The pattern, in the file's notation.
    pub pattern: String,
    /// How many samples show it.
    pub count: usize,
    /// The minimum number of moves that solve it.
    pub moves: u32,
}

/// Statistics of one puzzle number.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleStat {
    /// The puzzle number.
    pub puzzle: String,
    /// How many samples carry it.
    pub count: usize,
    /// How many distinct patterns it showed.
    pub patterns: usize,
}

/// How many patterns and samples need a given number of moves.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MovesBucket {
    /// The minimum number of moves.
    pub moves: u32,
    /// Distinct patterns needing that many.
    pub patterns: usize,
    /// Samples needing that many.
    pub samples: usize,
}

/// Everything the original study computes from the samples. Serialised with the report's keys
/// (the averages, median and modes as `…_moves`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// Number of samples.
    pub samples: usize,
    /// Distinct patterns in order of first appearance.
    pub patterns: Vec<PatternStat>,
    /// Puzzle numbers (numerically sorted when they all are numbers).
    pub puzzles: Vec<PuzzleStat>,
    /// Mean minimum moves over the distinct patterns.
    #[serde(rename = "pattern_average_moves")]
    pub pattern_average: f64,
    /// Mean minimum moves over the samples (each pattern weighted by its appearances).
    #[serde(rename = "weighted_average_moves")]
    pub weighted_average: f64,
    /// Median of the distinct patterns' minimum moves.
    #[serde(rename = "median_moves")]
    pub median: f64,
    /// The most common minimum move counts among distinct patterns (ties all listed).
    #[serde(rename = "mode_moves")]
    pub modes: Vec<u32>,
    /// Patterns and samples per minimum number of moves, from the smallest to the largest.
    pub by_moves: Vec<MovesBucket>,
    /// `similarity[i][j]` = number of patterns puzzle `i` and puzzle `j` have in common.
    pub similarity: Vec<Vec<usize>>,
}

impl Analysis {
    /// The easiest pattern's minimum moves.
    pub fn min_moves(&self) -> u32 {
        self.by_moves.first().map_or(0, |b| b.moves)
    }
    /// The hardest pattern's minimum moves.
    pub fn max_moves(&self) -> u32 {
        self.by_moves.last().map_or(0, |b| b.moves)
    }
}

/// Analyses `samples`; `moves(grid)` gives a pattern's minimum number of moves (`Ok(None)`
/// if it cannot reach the goal, which is reported with the row's line; an `Err`, such as a
/// stopped search, is returned as is). See [`MoveCounter`].
pub fn analyze(
    path: &str,
    samples: &Samples,
    mut moves: impl FnMut(&Grid) -> Result<Option<u32>, Error>,
) -> Result<Analysis, Error> {
    let mut patterns: Vec<PatternStat> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut per_sample = Vec::with_capacity(samples.rows.len());
    for row in &samples.rows {
        let i = match index.get(row.pattern.as_str()) {
            Some(&i) => i,
            None => {
                let m = moves(&row.grid)?.ok_or_else(|| Error::Csv {
                    path: path.into(),
                    line: row.line,
                    column: 1,
                    message: format!("pattern {} cannot reach the goal (wrong permutation parity)", row.pattern),
                })?;
                patterns.push(PatternStat { pattern: row.pattern.clone(), count: 0, moves: m });
                index.insert(&row.pattern, patterns.len() - 1);
                patterns.len() - 1
            }
        };
        patterns[i].count += 1;
        per_sample.push(i);
    }
    // Puzzle numbers, numerically sorted when possible.
    let mut names: Vec<&str> = samples.rows.iter().map(|r| r.puzzle.as_str()).collect();
    names.sort_by(|a, b| match (a.parse::<f64>(), b.parse::<f64>()) {
        (Ok(x), Ok(y)) => x.total_cmp(&y).then_with(|| a.cmp(b)),
        _ => a.cmp(b),
    });
    names.dedup();
    let sets: Vec<Vec<bool>> = names
        .iter()
        .map(|name| {
            let mut set = vec![false; patterns.len()];
            for (row, &p) in samples.rows.iter().zip(&per_sample) {
                if row.puzzle == *name {
                    set[p] = true;
                }
            }
            set
        })
        .collect();
    let puzzles = names
        .iter()
        .zip(&sets)
        .map(|(name, set)| PuzzleStat {
            puzzle: name.to_string(),
            count: samples.rows.iter().filter(|r| r.puzzle == *name).count(),
            patterns: set.iter().filter(|&&b| b).count(),
        })
        .collect();
    let similarity = sets
        .iter()
        .map(|a| sets.iter().map(|b| a.iter().zip(b).filter(|(x, y)| **x && **y).count()).collect())
        .collect();

    let n = samples.rows.len();
    let pattern_average = patterns.iter().map(|p| p.moves as f64).sum::<f64>() / patterns.len() as f64;
    let weighted_average = patterns.iter().map(|p| p.moves as f64 * p.count as f64).sum::<f64>() / n as f64;
    let mut sorted: Vec<u32> = patterns.iter().map(|p| p.moves).collect();
    sorted.sort_unstable();
    let median = if sorted.len() % 2 == 1 {
        sorted[sorted.len() / 2] as f64
    } else {
        (sorted[sorted.len() / 2 - 1] as f64 + sorted[sorted.len() / 2] as f64) / 2.0
    };
    let (lo, hi) = (sorted[0], *sorted.last().expect("at least one pattern"));
    let by_moves: Vec<MovesBucket> = (lo..=hi)
        .map(|m| MovesBucket {
            moves: m,
            patterns: patterns.iter().filter(|p| p.moves == m).count(),
            samples: patterns.iter().filter(|p| p.moves == m).map(|p| p.count).sum(),
        })
        .collect();
    let top = by_moves.iter().map(|b| b.patterns).max().unwrap_or(0);
    let modes = by_moves.iter().filter(|b| b.patterns == top).map(|b| b.moves).collect();
    Ok(Analysis {
        samples: n,
        patterns,
        puzzles,
        pattern_average,
        weighted_average,
        median,
        modes,
        by_moves,
        similarity,
    })
}

/// What `analyze --json` prints: the analysis with the board, the goal and how the minimum
/// moves were found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisReport {
    /// The board, as `MxN`.
    pub board: String,
    /// The goal, in the samples' notation.
    pub goal: String,
    /// How each pattern's minimum moves were found (see [`MoveCounter::method`]).
    pub moves_from: String,
    /// Number of distinct patterns.
    pub distinct_patterns: usize,
    /// The easiest pattern's minimum moves.
    pub min_moves: u32,
    /// The hardest pattern's minimum moves.
    pub max_moves: u32,
    /// The analysis.
    #[serde(flatten)]
    pub analysis: Analysis,
}

impl Analysis {
    /// The report of this analysis of `samples` toward `goal`, its moves found by `method`.
    pub fn report(&self, samples: &Samples, goal: &Grid, method: &str) -> AnalysisReport {
        AnalysisReport {
            board: samples.board.to_string(),
            goal: format_state(goal, samples.notation),
            moves_from: method.to_string(),
            distinct_patterns: self.patterns.len(),
            min_moves: self.min_moves(),
            max_moves: self.max_moves(),
            analysis: self.clone(),
        }
    }
}

/// Where an analysis gets each pattern's minimum number of moves: one enumeration of the
/// whole space when it fits in memory, else an optimal search per pattern.
pub enum MoveCounter {
    /// Depths read from an enumeration.
    Table(Box<Enumeration>),
    /// IDA* per pattern.
    Search(Solver),
}

impl MoveCounter {
    /// Enumerates `goal`'s space (reporting to `observer`) when it fits in
    /// `memory_available` bytes; when it does not, falls back to IDA* with the heuristic the
    /// domain's policy picks (`pdb` supplies a pattern database if it picks one). Any other
    /// failure, such as an enumeration stopped by `limits` or Ctrl-C, is returned as is.
    ///
    /// ```
    /// use delve_sliding::{Dims, Grid, analytics::MoveCounter, notation::Notation};
    /// use delve_core::{Limits, NoObserver};
    /// let goal = Grid::standard_goal(Dims::new(3, 3).unwrap());
    /// let no_pdb = |_: &Grid| unreachable!();
    /// let table = MoveCounter::new(&goal, Notation::RowMajor, u64::MAX, &Limits::none(), NoObserver, no_pdb).unwrap();
    /// assert_eq!(table.method(), "enumeration");
    /// let search = MoveCounter::new(&goal, Notation::RowMajor, 1000, &Limits::none(), NoObserver, no_pdb).unwrap();
    /// assert_eq!(search.method(), "idastar, heuristic linear-conflict");
    /// let start = Grid::new(goal.dims(), vec![1, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap();
    /// for counter in [table, search] {
    ///     assert_eq!(counter.moves(&start, &Limits::none(), NoObserver).unwrap(), Some(2));
    /// }
    /// ```
    pub fn new<O>(
        goal: &Grid,
        notation: Notation,
        memory_available: u64,
        limits: &Limits,
        observer: O,
        pdb: impl FnOnce(&Grid) -> Result<Arc<AdditivePdb>, Error>,
    ) -> Result<MoveCounter, Error>
    where
        O: Observer<(), u64> + Send,
    {
        match enumerate(goal, memory_available, limits, observer) {
            Ok(space) => Ok(MoveCounter::Table(Box::new(space))),
            Err(Error::TooLarge { .. }) => {
                let method = Method { algorithm: Algorithm::Idastar, heuristic: HeuristicRequest::Auto };
                Ok(MoveCounter::Search(Solver::choose(goal, notation, method, pdb)?))
            }
            Err(e) => Err(e),
        }
    }

    /// How the moves are found: `enumeration`, or the algorithm and heuristic.
    pub fn method(&self) -> String {
        match self {
            MoveCounter::Table(_) => "enumeration".to_string(),
            MoveCounter::Search(solver) => format!("{}, heuristic {}", solver.algorithm(), solver.heuristic_name()),
        }
    }

    /// The minimum number of moves from `grid` to the goal; `Ok(None)` when it cannot reach
    /// it; `Err(Error::Stopped)` when `limits` or the observer stopped the search.
    pub fn moves<O: SolveObserver>(&self, grid: &Grid, limits: &Limits, observer: O) -> Result<Option<u32>, Error> {
        match self {
            MoveCounter::Table(space) => Ok(space.depth(grid)),
            MoveCounter::Search(solver) => match solver.search(grid, limits, observer) {
                Ok(result) => match result.outcome {
                    Outcome::Solved(s) => Ok(Some(s.cost)),
                    Outcome::NoSolution => Ok(None),
                    Outcome::Stopped { reason, .. } => Err(Error::Stopped { reason, stats: result.stats }),
                },
                Err(Error::Unsolvable { .. }) => Ok(None),
                Err(e) => Err(e),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_errors_point_at_the_field() {
        let e = parse_samples("s.csv", "1,789456B23\n2,78945B\n", None).unwrap_err().to_string();
        assert!(e.starts_with("s.csv:2:3: "), "{e}");
        let e = parse_samples("s.csv", "1,789456B23,x\n", None).unwrap_err().to_string();
        assert_eq!(e, "s.csv:1:1: expected 2 fields (puzzle_number,pattern), found 3");
        let e = parse_samples("s.csv", "", None).unwrap_err().to_string();
        assert!(e.contains("no samples"), "{e}");
        let e = parse_samples("s.csv", "1,789456B23\n1,1 2 3 4 5 6 7 8 0\n", None).unwrap_err().to_string();
        assert!(e.contains("mixes notations"), "{e}");
    }
}
