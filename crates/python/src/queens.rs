//! `delve.queens`: N-Queens with any algorithm, exact counts, and the original assignment's
//! batch files, as `delve queens` runs them.

use crate::guard::{self, Publish};
use delve_core::{Stats, input};
use delve_queens::{Algorithm, BatchOutput, BatchResult, Found, QueensError, count_report, count_solutions};
use pyo3::exceptions::{PyMemoryError, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A queens error as the Python exception a user expects.
fn queens_error(e: QueensError) -> PyErr {
    match e {
        QueensError::Memory { .. } => PyMemoryError::new_err(e.to_string()),
        QueensError::Invalid { .. } | QueensError::Threads(_) => PyRuntimeError::new_err(e.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// An algorithm by its command-line name.
fn algorithm(name: &str) -> PyResult<Algorithm> {
    name.parse().map_err(queens_error)
}

/// Places `n` queens with `algo` (seeded when randomised; without a seed, the hill climbers
/// draw a fresh one and the others use 0). Returns the report (the CLI's
/// `delve queens solve --json`) and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (n, algo="min-conflicts", seed=None, max_nodes=None, timeout=None, max_memory=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn queens_solve(
    py: Python<'_>,
    n: usize,
    algo: &str,
    seed: Option<u64>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let algorithm = algorithm(algo)?;
    let seed = algorithm.seed(seed);
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let (run, interrupted) = guard::run_native(py, limits, on_progress.as_ref(), |limits, shared| {
        delve_queens::solve_checked(n, algorithm, seed, limits, Publish::new(shared))
    })?;
    let run = run.map_err(queens_error)?;
    Ok((guard::to_py(py, &run.report())?, interrupted))
}

/// Counts every solution of the N×N board on `threads` threads (default: all cores).
/// Returns the report (the CLI's `delve queens count --json`) and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (n, threads=None, timeout=None, on_progress=None))]
pub fn queens_count(
    py: Python<'_>,
    n: usize,
    threads: Option<usize>,
    timeout: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let threads = match threads {
        Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
        Some(t) if t > 1024 => return Err(PyValueError::new_err(format!("threads must be at most 1024, got {t}"))),
        Some(t) => t,
        None => rayon::current_num_threads(),
    };
    // As the CLI: only the time limit applies to a count.
    let limits = guard::limits(None, timeout, None)?;
    let (result, interrupted) = guard::run_native_threaded(py, limits, on_progress.as_ref(), |limits, shared| {
        let start = std::time::Instant::now();
        let result = match count_solutions(n, threads, limits, Publish::new(shared)) {
            Ok(c) => Ok(c),
            Err(QueensError::Stopped(reason)) => Err(reason),
            Err(e) => return Err(e),
        };
        Ok(count_report(n, threads, result, start.elapsed()))
    })?;
    let report = result.map_err(queens_error)?;
    Ok((guard::to_py(py, &report)?, interrupted))
}

/// Runs a batch of `N algorithm` lines (`text`, or the file at `path`), writing
/// `N_algorithm_output.txt` for each line into `out_dir` when one is given. Returns the
/// report (the CLI's `delve queens batch --json`) and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (text=None, path=None, out_dir=None, seed=None, max_nodes=None, timeout=None, max_memory=None,
    on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn queens_batch(
    py: Python<'_>,
    text: Option<String>,
    path: Option<PathBuf>,
    out_dir: Option<PathBuf>,
    seed: Option<u64>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let start = Instant::now();
    let (name, text) = match (text, &path) {
        (Some(text), None) => ("text".to_string(), text),
        (None, Some(path)) => {
            let name = path.display().to_string();
            let text = input::read_text(path).map_err(|e| PyOSError::new_err(format!("cannot read {name}: {e}")))?;
            (name, text)
        }
        _ => return Err(PyValueError::new_err("give the batch as text or as path=, not both")),
    };
    let (lines, errors) = delve_queens::parse_batch(&text);
    if lines.is_empty() && errors.is_empty() {
        return Err(guard::raise_parse_error(py, format!("{name}: no `N algorithm` lines in the batch"), None));
    }
    if let Some(dir) = &out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| PyOSError::new_err(format!("cannot create the output directory {}: {e}", dir.display())))?;
    }
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let mut errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
    let mut results = Vec::new();
    let mut interrupted = false;
    for line in &lines {
        let (run, stopped) = guard::run_native(py, limits.clone(), on_progress.as_ref(), |limits, shared| {
            delve_queens::solve_checked(line.n, line.algorithm, line.algorithm.seed(seed), limits, Publish::new(shared))
        })?;
        let run = match run {
            Ok(run) => run,
            Err(e @ QueensError::Invalid { .. }) => return Err(queens_error(e)),
            Err(e) => {
                errors.push(format!("line {}: {e}", line.line));
                continue;
            }
        };
        let file = match (&run.found, &out_dir) {
            (Found::Stopped(_), _) | (_, None) => None,
            (_, Some(dir)) => Some(write_output(dir, &line.output_name(), run.rows())?),
        };
        results.push(BatchResult { line: line.line, file, report: run.report() });
        if stopped {
            interrupted = true;
            break;
        }
    }
    let report = BatchOutput { input: name, results, errors }.report(Stats::since(start));
    Ok((guard::to_py(py, &report)?, interrupted))
}

/// Writes one line's output file; returns its path as the report shows it.
fn write_output(dir: &Path, name: &str, rows: Option<&[u32]>) -> PyResult<String> {
    let file = if dir == Path::new(".") { PathBuf::from(name) } else { dir.join(name) };
    std::fs::write(&file, delve_queens::format_output(rows))
        .map_err(|e| PyOSError::new_err(format!("cannot write {}: {e}", file.display())))?;
    Ok(file.display().to_string())
}

/// The algorithms' command-line names, in documentation order.
#[pyfunction]
pub fn queens_algorithms() -> Vec<&'static str> {
    Algorithm::names()
}
