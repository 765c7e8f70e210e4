//! `delve.sliding`: sliding-tile puzzles as `delve sliding` runs them: optimal solving,
//! whole-space enumeration (and its saved per-state table), depth lookups, the original study's sample analytics and its
//! pool-size estimates.

use crate::guard::{self, Publish, Shared};
use delve_core::outcome::memory_available;
use delve_core::{Algorithm, Limits, Report, Stats};
use delve_sliding::analytics::{MoveCounter, analyze, load_samples, parse_samples};
use delve_sliding::enumerate::{Enumeration, enumerate, stopped_report};
use delve_sliding::notation::{Notation, enumeration_goal, parse_state, resolve_goal};
use delve_sliding::pdb::{self, AdditivePdb, Partition};
use delve_sliding::pool::{check_observed, samples_needed, simulate_pool};
use delve_sliding::solve::{HeuristicRequest, Method, Solver, solve_one};
use delve_sliding::table::{self, DepthTable, TableFormat};
use delve_sliding::{Dims, Error, Grid};
use pyo3::exceptions::{PyMemoryError, PyOSError, PyValueError};
use pyo3::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A sliding-puzzle error as the Python exception a user expects: text that does not read is
/// `delve.ParseError` (with the line and column of a samples file).
fn sliding_error(py: Python<'_>, e: Error) -> PyErr {
    match e {
        Error::Dims(_) | Error::Notation(_) => guard::parse_error_at(py, e.to_string(), None, None),
        Error::Csv { line, column, .. } => guard::parse_error_at(py, e.to_string(), Some(line), Some(column)),
        Error::Table { .. } => guard::parse_error_at(py, e.to_string(), None, None),
        Error::TooLarge { .. } => PyMemoryError::new_err(e.to_string()),
        Error::Io { .. } => PyOSError::new_err(e.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// A board size such as `3x3`.
fn dims(py: Python<'_>, board: &str) -> PyResult<Dims> {
    Dims::parse(board).map_err(|e| sliding_error(py, e))
}

/// A state, on `board` when given.
fn state(py: Python<'_>, text: &str, board: Option<Dims>) -> PyResult<(Grid, Notation)> {
    parse_state(text, board).map_err(|e| sliding_error(py, e))
}

/// The goal: `goal` on `board`, else the notation's default.
fn goal(py: Python<'_>, goal: Option<&str>, board: Dims, notation: Notation) -> PyResult<Grid> {
    resolve_goal(goal, board, notation).map_err(|e| sliding_error(py, e))
}

/// Where pattern databases live and how the tiles are grouped (`pdb_dir`, `partition`).
struct PdbOptions {
    dir: Option<PathBuf>,
    partition: Option<String>,
}

impl PdbOptions {
    /// The database for `goal`, loaded from the cache or built (and cached); a build stops
    /// only on Ctrl-C, never on the search's own limits.
    fn load(&self, goal: &Grid, limits: &Limits, shared: &Shared) -> Result<Arc<AdditivePdb>, Error> {
        let dir = match &self.dir {
            Some(d) => d.clone(),
            None => pdb::default_dir()?,
        };
        let partition = match &self.partition {
            Some(p) => Partition::parse(p, goal)?,
            None => Partition::default_for(goal),
        };
        // The last database used stays loaded, so a run of solves toward one goal (a
        // notebook's loop) reads it from disk once. One slot: a 15-puzzle database is
        // hundreds of MB.
        static LAST: Mutex<Option<(PathBuf, String, Arc<AdditivePdb>)>> = Mutex::new(None);
        let key = format!("{goal:?} {partition:?}");
        if let Some((d, k, pdb)) = &*LAST.lock().unwrap_or_else(|e| e.into_inner())
            && *d == dir
            && *k == key
        {
            return Ok(pdb.clone());
        }
        let build = Limits { cancel: limits.cancel.clone(), ..Limits::none() };
        let pdb = Arc::new(AdditivePdb::load_or_build(&dir, goal, &partition, &build, Publish::new(shared))?.pdb);
        *LAST.lock().unwrap_or_else(|e| e.into_inner()) = Some((dir, key, pdb.clone()));
        Ok(pdb)
    }
}

/// Solves `state` optimally (or with `algo`) toward `goal`. Returns the report (the CLI's
/// `delve sliding solve --json`) and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (state, size=None, goal=None, algo="idastar", heuristic="auto", pdb_dir=None, partition=None,
    max_nodes=None, timeout=None, max_memory=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn sliding_solve(
    py: Python<'_>,
    state: &str,
    size: Option<&str>,
    goal: Option<&str>,
    algo: &str,
    heuristic: &str,
    pdb_dir: Option<PathBuf>,
    partition: Option<String>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let method = method(algo, heuristic)?;
    let size = size.map(|s| dims(py, s)).transpose()?;
    let (start, notation) = self::state(py, state, size)?;
    let goal = self::goal(py, goal, start.dims(), notation)?;
    let pdb = PdbOptions { dir: pdb_dir, partition };
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let (solved, interrupted) = guard::run_native(py, limits, on_progress.as_ref(), |limits, shared| {
        let load = |g: &Grid| pdb.load(g, limits, shared);
        solve_one(&start, &goal, notation, method, load, limits, Publish::new(shared))
    })?;
    let solved = solved.map_err(|e| sliding_error(py, e))?;
    Ok((guard::to_py(py, &solved.report)?, interrupted))
}

/// Solves every state of `states` (one board) in parallel; the limits hold for each. Returns
/// the report (the CLI's `delve sliding solve --from-file --json`) and whether Ctrl-C stopped
/// it.
#[pyfunction]
#[pyo3(signature = (states, size=None, goal=None, algo="idastar", heuristic="auto", pdb_dir=None, partition=None,
    max_nodes=None, timeout=None, max_memory=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn sliding_solve_many(
    py: Python<'_>,
    states: Vec<String>,
    size: Option<&str>,
    goal: Option<&str>,
    algo: &str,
    heuristic: &str,
    pdb_dir: Option<PathBuf>,
    partition: Option<String>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let method = method(algo, heuristic)?;
    if states.is_empty() {
        return Err(PyValueError::new_err("no states to solve"));
    }
    let mut board = size.map(|s| dims(py, s)).transpose()?;
    let mut starts = Vec::with_capacity(states.len());
    let mut notation = Notation::RowMajor;
    for (i, text) in states.iter().enumerate() {
        let (g, n) = parse_state(text, board)
            .map_err(|e| guard::parse_error_at(py, format!("state {}: {e}", i + 1), None, None))?;
        board.get_or_insert(g.dims());
        if i == 0 {
            notation = n;
        }
        starts.push((i + 1, g));
    }
    let board = board.unwrap_or_else(|| starts[0].1.dims());
    let goal = self::goal(py, goal, board, notation)?;
    let pdb = PdbOptions { dir: pdb_dir, partition };
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let (report, interrupted) = guard::run_native_threaded(py, limits, on_progress.as_ref(), |limits, shared| {
        let solver = Solver::choose(&goal, notation, method, |g: &Grid| pdb.load(g, limits, shared))?;
        solver.solve_batch(&starts, limits, Publish::new(shared))
    })?;
    let report = report.map_err(|e| sliding_error(py, e))?;
    Ok((guard::to_py(py, &report)?, interrupted))
}

/// The algorithm and heuristic by name.
fn method(algo: &str, heuristic: &str) -> PyResult<Method> {
    let algorithm: Algorithm = guard::algorithm(algo, None, None)?;
    let heuristic: HeuristicRequest =
        heuristic.parse().map_err(|e: Error| PyValueError::new_err(format!("heuristic: {e}")))?;
    Ok(Method { algorithm, heuristic })
}

/// Enumerates `goal`'s whole space; a stop gives `Err(report)`.
fn enumerate_space(
    py: Python<'_>,
    goal: &Grid,
    notation: Notation,
    limits: Limits,
    on_progress: Option<&Py<PyAny>>,
) -> PyResult<(Result<Enumeration, Py<PyAny>>, bool)> {
    let (space, interrupted) = guard::run_native_threaded(py, limits, on_progress, |limits, shared| {
        enumerate(goal, memory_available(), limits, Publish::new(shared))
    })?;
    match space {
        Ok(space) => Ok((Ok(space), interrupted)),
        Err(Error::Stopped { reason, stats }) => {
            Ok((Err(guard::to_py(py, &stopped_report(goal, notation, reason, stats))?), interrupted))
        }
        Err(e) => Err(sliding_error(py, e)),
    }
}

/// The format of the table file `path`: `format` (`csv` or `bin`) when given, else the
/// file's extension.
fn table_format(path: &Path, format: Option<&str>) -> PyResult<TableFormat> {
    match format {
        Some(f) => f.parse(),
        None => TableFormat::from_path(path),
    }
    .map_err(|e: Error| PyValueError::new_err(e.to_string()))
}

/// Enumerates every state of a `board` (`3x3`) by breadth-first search from the goal, and
/// writes the per-state table to `save` when given (the CLI's `--save`). Returns the report
/// (the CLI's `delve sliding enumerate --json`) and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (board, goal=None, row_major=false, save=None, table_format=None, max_nodes=None,
    timeout=None, max_memory=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn sliding_enumerate(
    py: Python<'_>,
    board: &str,
    goal: Option<&str>,
    row_major: bool,
    save: Option<PathBuf>,
    table_format: Option<&str>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let board = dims(py, board)?;
    let (goal, notation) = match goal {
        Some(g) => state(py, g, Some(board))?,
        None => enumeration_goal(board, row_major),
    };
    let save = match save {
        Some(path) => {
            let format = self::table_format(&path, table_format)?;
            table::check_size(board).map_err(|e| sliding_error(py, e))?;
            Some((path, format))
        }
        None => None,
    };
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let (space, interrupted) = enumerate_space(py, &goal, notation, limits, on_progress.as_ref())?;
    match space {
        Ok(space) => {
            let mut report = space.report(notation);
            if let Some((path, format)) = &save {
                let saved = py.detach(|| space.table().and_then(|t| t.save(path, *format, notation)));
                saved.map_err(|e| sliding_error(py, e))?;
                report.detail.table = Some(path.display().to_string());
            }
            Ok((guard::to_py(py, &report)?, interrupted))
        }
        Err(stopped) => Ok((stopped, interrupted)),
    }
}

/// The minimum number of moves of each of `states` (one board), from one enumeration or
/// from the table file `table` (the CLI's `--table`). Returns the report (the CLI's
/// `delve sliding lookup --json`) and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (board, states, goal=None, paths=false, table=None, table_format=None, max_nodes=None,
    timeout=None, max_memory=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn sliding_lookup(
    py: Python<'_>,
    board: &str,
    states: Vec<String>,
    goal: Option<&str>,
    paths: bool,
    table: Option<PathBuf>,
    table_format: Option<&str>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let board = dims(py, board)?;
    if states.is_empty() {
        return Err(PyValueError::new_err("no states to look up"));
    }
    let grids = states.iter().map(|s| state(py, s, Some(board))).collect::<PyResult<Vec<_>>>()?;
    let notation = grids[0].1;
    if let Some(file) = table {
        let start = Instant::now();
        let format = self::table_format(&file, table_format)?;
        let loaded = py.detach(|| DepthTable::load(&file, format, board)).map_err(|e| sliding_error(py, e))?;
        if let Some(g) = goal
            && &state(py, g, Some(board))?.0 != loaded.goal()
        {
            return Err(PyValueError::new_err(format!("goal {g} is not the goal of {}", file.display())));
        }
        let report = loaded.lookup(&grids, notation, paths, &file.display().to_string(), Stats::since(start));
        return Ok((guard::to_py(py, &report)?, false));
    }
    let goal = self::goal(py, goal, board, notation)?;
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let (space, interrupted) = enumerate_space(py, &goal, notation, limits, on_progress.as_ref())?;
    match space {
        Ok(space) => Ok((guard::to_py(py, &space.lookup(&grids, notation, paths))?, interrupted)),
        Err(stopped) => Ok((stopped, interrupted)),
    }
}

/// The original study's analytics on samples (`puzzle_number,pattern` CSV rows: `text`, or
/// the file at `path`). Returns the report (the CLI's `delve sliding analyze --json`, less
/// its list of plots) and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (text=None, path=None, size=None, goal=None, timeout=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn sliding_analyze(
    py: Python<'_>,
    text: Option<&str>,
    path: Option<PathBuf>,
    size: Option<&str>,
    goal: Option<&str>,
    timeout: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let start = Instant::now();
    let size = size.map(|s| dims(py, s)).transpose()?;
    let (name, samples) = match (text, &path) {
        (Some(text), None) => ("text".to_string(), parse_samples("text", text, size)),
        (None, Some(path)) => (path.display().to_string(), load_samples(path, size)),
        _ => return Err(PyValueError::new_err("give the samples as text or as path=, not both")),
    };
    let samples = samples.map_err(|e| sliding_error(py, e))?;
    let goal = self::goal(py, goal, samples.board, samples.notation)?;
    let limits = guard::limits(None, timeout, None)?;
    let pdb = PdbOptions { dir: None, partition: None };
    let (report, interrupted) = guard::run_native_threaded(py, limits, on_progress.as_ref(), |limits, shared| {
        let counter =
            MoveCounter::new(&goal, samples.notation, memory_available(), limits, Publish::new(shared), |g| {
                pdb.load(g, limits, shared)
            })?;
        let analysis = analyze(&name, &samples, |g| counter.moves(g, limits, Publish::new(shared)))?;
        Ok::<_, Error>(analysis.report(&samples, &goal, &counter.method()))
    })?;
    let report = report.map_err(|e| sliding_error(py, e))?;
    Ok((guard::to_py(py, &Report::job("analyze", None, Stats::since(start), report))?, interrupted))
}

/// Estimates a hidden pattern pool from `samples` draws that showed `observed` distinct
/// patterns, by simulation (the CLI's `delve sliding pool --json`).
#[pyfunction]
#[pyo3(signature = (samples, observed, trials=100, max_pool=100, seed=1))]
pub fn sliding_pool(
    py: Python<'_>,
    samples: usize,
    observed: usize,
    trials: usize,
    max_pool: usize,
    seed: u64,
) -> PyResult<Py<PyAny>> {
    let start = Instant::now();
    check_observed(samples, observed).map_err(|e| sliding_error(py, e))?;
    let curve = py.detach(|| simulate_pool(samples, trials, max_pool, seed)).map_err(|e| sliding_error(py, e))?;
    guard::to_py(py, &Report::job("pool-estimate", None, Stats::since(start), curve.estimate(observed)))
}

/// How many samples make one unexpected extra pattern improbable, (P/(P+1))^n below
/// `1 - confidence` (the CLI's `delve sliding samples-needed --json`).
#[pyfunction]
#[pyo3(signature = (pool, confidence=0.999, have=None, marks=Vec::new()))]
pub fn sliding_samples_needed(
    py: Python<'_>,
    pool: u64,
    confidence: f64,
    have: Option<u64>,
    marks: Vec<u64>,
) -> PyResult<Py<PyAny>> {
    let start = Instant::now();
    let s = samples_needed(pool, confidence).map_err(|e| sliding_error(py, e))?;
    guard::to_py(py, &Report::job("samples-needed", None, Stats::since(start), s.report(confidence, have, &marks)))
}
