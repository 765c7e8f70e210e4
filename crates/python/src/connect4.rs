//! `delve.connect4`: Connect Four positions solved (Pons's scores), as `delve connect4 solve`
//! runs them.

use crate::guard;
use delve_connect4::{Position, PositionError, Solver, SolverConfig};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A position that does not read as `delve.ParseError`: the line is 1 and the column the
/// move's place in the string.
fn position_error(py: Python<'_>, e: PositionError) -> PyErr {
    let column = match e {
        PositionError::BadColumn { index, .. }
        | PositionError::FullColumn { index, .. }
        | PositionError::Won { index, .. } => Some(index),
        PositionError::Full => None,
    };
    guard::parse_error_at(py, format!("position: {e}"), Some(1), column)
}

/// Solves `position` (the columns 1-7 played from the empty board, `""` for it): Pons's score
/// for the side to move and a best move. Returns the report (the CLI's `delve connect4
/// solve --json`) and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (position, weak=false, threads=1, table_bits=None, timeout=None, on_progress=None))]
pub fn connect4_solve(
    py: Python<'_>,
    position: &str,
    weak: bool,
    threads: usize,
    table_bits: Option<u32>,
    timeout: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    if !(1..=64).contains(&threads) {
        return Err(PyValueError::new_err(format!("threads must be from 1 to 64, got {threads}")));
    }
    let mut config = SolverConfig::for_threads(threads);
    if let Some(bits) = table_bits {
        if !(12..=28).contains(&bits) {
            return Err(PyValueError::new_err(format!("table_bits must be from 12 to 28, got {bits}")));
        }
        config.table_bits = bits;
    }
    let parsed = Position::parse(position).map_err(|e| position_error(py, e))?;
    let limits = guard::limits(None, timeout, None)?;
    let (report, interrupted) = guard::run_native_threaded(py, limits, on_progress.as_ref(), |limits, _| {
        Solver::new(config).report(position, &parsed, weak, limits)
    })?;
    Ok((guard::to_py(py, &report)?, interrupted))
}
