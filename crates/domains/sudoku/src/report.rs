//! The report of a Sudoku run (the CLI's `--json`, the web API).

use crate::Sudoku;
use delve_csp::{CountResult, CspCounters, CspResult};

/// The Sudoku fields of a report (the CLI's `--json`, the web API).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SudokuDetail {
    /// Number of given cells.
    pub givens: usize,
    /// The puzzle as one 81-character line (`.` for empty).
    pub puzzle: String,
    /// The solved grid as one line, when solved.
    pub grid: Option<String>,
    /// The CSP engine's counters.
    pub counters: CspCounters,
    /// Solutions counted, when a count was asked for.
    pub solutions: Option<u64>,
    /// Whether the count finished (so `solutions` is exact), when a count was asked for.
    pub count_complete: Option<bool>,
}

impl Sudoku {
    /// Whether `result` passes the independent check: its solution, if it has one, is a
    /// solved grid that keeps every given of this puzzle. A solver whose result fails it has
    /// a bug.
    pub fn accepts(&self, result: &CspResult) -> bool {
        result.solution().map(Sudoku::from_assignment).is_none_or(|grid| grid.is_solved() && grid.extends(self))
    }

    /// The report of solving this puzzle by `algorithm` with `result`, and of counting its
    /// solutions when `counted` is given.
    pub fn report(
        &self,
        algorithm: &str,
        result: &CspResult,
        counted: Option<&CountResult>,
    ) -> delve_core::Report<SudokuDetail> {
        let detail = SudokuDetail {
            givens: self.givens(),
            puzzle: self.to_line(),
            grid: result.solution().map(|values| Sudoku::from_assignment(values).to_line()),
            counters: result.counters,
            solutions: counted.map(|c| c.count),
            count_complete: counted.map(|c| c.is_complete()),
        };
        delve_core::Report::from_parts(
            algorithm,
            result.outcome.kind(),
            result.outcome.stop_reason(),
            result.stats,
            detail,
        )
    }
}
