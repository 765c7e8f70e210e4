//! `delve.sokoban`: XSB levels solved push-optimally (or fast, or by any solution), as
//! `delve sokoban solve` runs them.

use crate::guard::{self, Publish};
use delve_sokoban::{Level, Mode, SolveError, parse_levels, solve_parallel};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// A solve error as the Python exception a user expects: a level past the solver's limits
/// is `delve.ParseError`, a failed replay an internal error.
fn solve_error(py: Python<'_>, e: SolveError) -> PyErr {
    match e {
        SolveError::TooLarge(p) => guard::parse_error(py, &p),
        SolveError::Replay(_) => PyRuntimeError::new_err(e.to_string()),
    }
}

/// Level `n` (1-based) of the XSB text `xsb`; a malformed level is `delve.ParseError` with
/// its line and column in the text.
fn level(py: Python<'_>, xsb: &str, n: usize) -> PyResult<Level> {
    let levels = parse_levels(xsb).map_err(|e| guard::parse_error(py, &e))?;
    match levels.get(n.wrapping_sub(1)) {
        Some(Ok(level)) => Ok(level.clone()),
        Some(Err(e)) => Err(guard::parse_error(py, e)),
        None => Err(PyValueError::new_err(format!(
            "no level {n}: the text has {} {}, numbered from 1",
            levels.len(),
            if levels.len() == 1 { "level" } else { "levels" }
        ))),
    }
}

/// The number of cores, the most threads a level's parallel A* gets.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Solves level `level` of the XSB text `xsb` in `mode`. Returns the report (the CLI's
/// `delve sokoban solve --json`) and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (xsb, level=1, mode="optimal", ordered=false, threads=None, max_nodes=None, timeout=None,
    max_memory=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn sokoban_solve(
    py: Python<'_>,
    xsb: &str,
    level: usize,
    mode: &str,
    ordered: bool,
    threads: Option<usize>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let mode: Mode = mode.parse().map_err(PyValueError::new_err)?;
    // A parallel A* with more threads than cores only starves its own threads (as the CLI).
    let threads = match threads {
        Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => n.min(cores()),
        None => cores(),
    };
    let level = self::level(py, xsb, level)?;
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let (solved, interrupted) = guard::run_native_threaded(py, limits, on_progress.as_ref(), |limits, shared| {
        solve_parallel(&level, ordered, mode, threads, limits, Publish::new(shared))
    })?;
    let solved = solved.map_err(|e| solve_error(py, e))?;
    Ok((guard::to_py(py, &solved.report(&level))?, interrupted))
}

/// The levels of the XSB text `xsb`: `(number, title, rows)` for each, or the first
/// malformed level's `delve.ParseError`.
#[pyfunction]
pub fn sokoban_levels(py: Python<'_>, xsb: &str) -> PyResult<Vec<(usize, String, String)>> {
    let levels = parse_levels(xsb).map_err(|e| guard::parse_error(py, &e))?;
    levels
        .into_iter()
        .map(|l| l.map(|l| (l.number, l.title.clone(), l.to_string())).map_err(|e| guard::parse_error(py, &e)))
        .collect()
}
