//! `delve.game.cs188`: Berkeley CS188's game-tree tests, as `delve game cs188` runs them.

use crate::guard;
use delve_game::cs188::{Cs188Error, Cs188Report, Verdict, check, check_text, test_files};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;

/// A test error as the Python exception a user expects.
fn cs188_error(py: Python<'_>, e: Cs188Error) -> PyErr {
    match e {
        Cs188Error::Syntax(p) => guard::parse_error(py, &p),
        Cs188Error::Io { .. } => PyOSError::new_err(e.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Runs the tests `paths` (`*.test` files or folders of them), or the one test `text` with
/// its `solution` text, as `delve game cs188 --json`: the report and whether Ctrl-C stopped
/// it. The limits hold for each test's search; a stopped search fails its test.
#[pyfunction]
#[pyo3(signature = (paths=None, text=None, solution=None, max_nodes=None, timeout=None, max_memory=None,
    on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn game_cs188(
    py: Python<'_>,
    paths: Option<Vec<PathBuf>>,
    text: Option<String>,
    solution: Option<String>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let files = match (&paths, &text, &solution) {
        (Some(paths), None, None) if !paths.is_empty() => Some(test_files(paths).map_err(|e| cs188_error(py, e))?),
        (None, Some(_), Some(_)) => None,
        (None, Some(_), None) => return Err(PyValueError::new_err("a test given as text needs its solution= text")),
        _ => return Err(PyValueError::new_err("give test files or folders, or a test's text and solution=")),
    };
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let start = std::time::Instant::now();
    let (verdicts, interrupted) =
        guard::run_native(py, limits, on_progress.as_ref(), |limits, _| match (&files, &text, &solution) {
            (Some(files), _, _) => files.iter().map(|f| check(f, limits)).collect::<Result<Vec<Verdict>, _>>(),
            (None, Some(text), Some(solution)) => check_text("text", text, solution, limits).map(|v| vec![v]),
            _ => Ok(Vec::new()),
        })?;
    let verdicts = verdicts.map_err(|e| cs188_error(py, e))?;
    Ok((guard::to_py(py, &Cs188Report::of(&verdicts, start.elapsed()))?, interrupted))
}
