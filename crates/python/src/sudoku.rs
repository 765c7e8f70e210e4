//! `delve.sudoku`: a 9×9 grid solved (and its solutions counted) on the general CSP engine,
//! as `delve sudoku solve` runs it.

use crate::guard::{self, Publish};
use delve_csp::count;
use delve_sudoku::{Solver, Sudoku, SudokuError};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// A grid that does not read as `delve.ParseError`, with the line and column where known.
fn sudoku_error(py: Python<'_>, e: SudokuError) -> PyErr {
    let (line, column) = match e {
        SudokuError::BadChar { line, col, .. } => (Some(line), Some(col)),
        SudokuError::RowLength { line, .. } => (Some(line), None),
        SudokuError::RowCount { .. } | SudokuError::Clash { .. } => (None, None),
    };
    guard::parse_error_at(py, e.to_string(), line, column)
}

/// Reads a grid: 81 cells on one line or 9 lines of 9 (`.` or 0 for an empty cell).
fn read(py: Python<'_>, grid: &str) -> PyResult<Sudoku> {
    Sudoku::parse(grid).map_err(|e| sudoku_error(py, e))
}

/// Solves the grid `grid` with `algo` (and counts its solutions when `count`). Returns the
/// report (the CLI's `delve sudoku solve --json`) and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (grid, algo="mac", count_solutions=false, seed=0, max_nodes=None, timeout=None, max_memory=None,
    on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn sudoku_solve(
    py: Python<'_>,
    grid: &str,
    algo: &str,
    count_solutions: bool,
    seed: u64,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let solver: Solver = algo.parse().map_err(|e: delve_sudoku::UnknownSolver| PyValueError::new_err(e.to_string()))?;
    let puzzle = read(py, grid)?;
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let ((result, counted), interrupted) = guard::run_native(py, limits, on_progress.as_ref(), |limits, shared| {
        let result = solver.solve(&puzzle, seed, limits, Publish::new(shared));
        let counted =
            count_solutions.then(|| count(&puzzle.to_csp(), &Solver::Mac.config(), limits, Publish::new(shared)));
        (result, counted)
    })?;
    if !puzzle.accepts(&result) {
        return Err(PyRuntimeError::new_err(format!("internal error: {solver} returned a grid that breaks the rules")));
    }
    let report = puzzle.report(solver.name(), &result, counted.as_ref());
    Ok((guard::to_py(py, &report)?, interrupted))
}

/// The grid as one 81-character line (`.` for an empty cell), after checking it.
#[pyfunction]
pub fn sudoku_parse(py: Python<'_>, grid: &str) -> PyResult<String> {
    Ok(read(py, grid)?.to_line())
}
