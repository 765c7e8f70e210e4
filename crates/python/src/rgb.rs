//! `delve.rgb`: RGB Express levels solved optimally, as `delve rgb solve` runs them.

use crate::guard::{self, Publish};
use delve_core::Algorithm;
use delve_rgb::{Level, RgbError, RgbProblem, Rules, SolveError, solve};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;

/// Solves the level `text` (or the level file at `path`) with `algo` under `rules`. Returns
/// the report (the CLI's `delve rgb solve --json`) and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (text=None, path=None, algo="astar", rules="pairwise", max_nodes=None, timeout=None,
    max_memory=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn rgb_solve(
    py: Python<'_>,
    text: Option<&str>,
    path: Option<PathBuf>,
    algo: &str,
    rules: &str,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let algorithm: Algorithm = guard::algorithm(algo, None, None)?;
    if !delve_rgb::SUPPORTED.contains(&algorithm) {
        return Err(PyValueError::new_err(SolveError::Unsupported(algorithm).to_string()));
    }
    let rules: Rules = rules.parse().map_err(PyValueError::new_err)?;
    let level = match (text, &path) {
        (Some(text), None) => Level::parse(text).map_err(|e| guard::parse_error(py, &e))?,
        (None, Some(path)) => Level::load(path).map_err(|e| match e {
            RgbError::Io { path, source } => {
                PyOSError::new_err(format!("cannot read level file {}: {source}", path.display()))
            }
            RgbError::Parse(p) => guard::parse_error(py, &p),
        })?,
        _ => return Err(PyValueError::new_err("give the level as text or as path=, not both")),
    };
    let problem = RgbProblem::new(level, rules).map_err(|mut e| {
        e.file = path.clone();
        guard::parse_error(py, &e)
    })?;
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let (solved, interrupted) = guard::run_native(py, limits, on_progress.as_ref(), |limits, shared| {
        solve(&problem, algorithm, limits, Publish::new(shared))
    })?;
    let solved = solved.map_err(|e| match e {
        SolveError::Unsupported(_) => PyValueError::new_err(e.to_string()),
        other => PyRuntimeError::new_err(other.to_string()),
    })?;
    Ok((guard::to_py(py, &solved.report(&problem))?, interrupted))
}
