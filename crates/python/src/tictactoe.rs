//! `delve.tictactoe`: the counts of tic-tac-toe's whole game tree (`delve tictactoe count`).

use crate::guard;
use delve_core::{Report, Stats};
use pyo3::prelude::*;
use std::time::Instant;

/// The counts of the whole game tree: games by result, reachable positions, tree nodes (the
/// CLI's `delve tictactoe count --json`).
#[pyfunction]
pub fn tictactoe_count(py: Python<'_>) -> PyResult<Py<PyAny>> {
    let start = Instant::now();
    let counts = py.detach(delve_tictactoe::count);
    guard::to_py(py, &Report::job("count", None, Stats::since(start), counts))
}
