//! `delve.sokoban`: XSB levels solved push-optimally (or fast, or by any solution), as
//! `delve sokoban solve` runs them.

use crate::guard::{self, Publish};
use delve_core::input;
use delve_sokoban::bench;
use delve_sokoban::{Level, Mode, SolveError, parse_levels, solve_parallel};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

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

/// Solves every level of a collection (`xsb`, or the file at `path`), or levels
/// `levels = (from, to)` of it, as `delve sokoban bench --json`: the report and whether
/// Ctrl-C stopped it (no level starts after it). A malformed level or one the solver refuses
/// is an error in the report's `errors`, and the others still run. The limits hold for each
/// level.
#[pyfunction]
#[pyo3(signature = (xsb=None, path=None, levels=None, mode="optimal", ordered=false, jobs=None, threads=None,
    max_nodes=None, timeout=None, max_memory=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn sokoban_bench(
    py: Python<'_>,
    xsb: Option<String>,
    path: Option<PathBuf>,
    levels: Option<(usize, usize)>,
    mode: &str,
    ordered: bool,
    jobs: Option<usize>,
    threads: Option<usize>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let mode: Mode = mode.parse().map_err(PyValueError::new_err)?;
    for (what, n) in [("jobs", jobs), ("threads", threads)] {
        if let Some(n) = n.filter(|&n| n == 0 || n > 1024) {
            return Err(PyValueError::new_err(format!("{what} must be 1 to 1024, got {n}")));
        }
    }
    let text = match (xsb, &path) {
        (Some(text), None) => text,
        (None, Some(path)) => {
            input::read_text(path).map_err(|e| PyOSError::new_err(format!("reading {}: {e}", path.display())))?
        }
        _ => return Err(PyValueError::new_err("give the collection as xsb text or as path=, not both")),
    };
    // Errors name the file, as the CLI's do.
    let named = |mut e: delve_sokoban::ParseError| {
        e.file = path.clone();
        e
    };
    let all = parse_levels(&text).map_err(|e| guard::parse_error(py, &named(e)))?;
    let all: Vec<_> = all.into_iter().map(|level| level.map_err(named)).collect();
    let (from, to) = levels.unwrap_or((1, all.len()));
    if from == 0 || from > to {
        return Err(PyValueError::new_err(format!(
            "levels must be (from, to) with 1 <= from <= to, got ({from}, {to})"
        )));
    }
    if to > all.len() {
        return Err(PyValueError::new_err(format!("no level {to} (the collection has {} levels)", all.len())));
    }
    let (chosen, mut errors) = bench::choose(all, 1, from, to);
    let (jobs, threads) = bench::jobs_and_threads(mode, jobs, threads, cores());
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let ((rows, total), interrupted) = guard::run_native(py, limits, on_progress.as_ref(), |limits, _| {
        let start = Instant::now();
        let results = bench::solve_levels(&chosen, (ordered, mode), (jobs, threads), limits, &|_, _| {});
        (results, start.elapsed())
    })?;
    let (reports, unsupported) = bench::sort_results(&chosen, rows, path.as_deref(), &mut errors);
    let report = bench::report(mode, reports, (errors, unsupported), total, (jobs, threads));
    Ok((guard::to_py(py, &report)?, interrupted))
}
