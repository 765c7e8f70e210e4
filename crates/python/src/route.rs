//! `delve.route`: routes on road maps (Romania built in, or map text), every algorithm.

use crate::guard::{self, Publish};
use delve_route::{RoadMap, RouteError};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// A map error as the Python exception a user expects.
fn route_error(py: Python<'_>, e: RouteError) -> PyErr {
    match e {
        RouteError::Parse(p) => guard::parse_error(py, &p),
        RouteError::Io { .. } => PyOSError::new_err(e.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Finds a route from `start` to `goal` on `map` (a built-in name or a map file) or on the map
/// `text`. Returns the report (the CLI's `delve route --json`) and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (start, goal, map="romania", text=None, algo="astar", weight=None, depth_limit=None,
    max_nodes=None, timeout=None, max_memory=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn route_solve(
    py: Python<'_>,
    start: &str,
    goal: &str,
    map: &str,
    text: Option<&str>,
    algo: &str,
    weight: Option<f64>,
    depth_limit: Option<usize>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let algorithm = guard::algorithm(algo, weight, depth_limit)?;
    let (roads, name) = match text {
        Some(text) => (RoadMap::parse(text).map_err(|e| guard::parse_error(py, &e))?, "text"),
        None => (RoadMap::open(map).map_err(|e| route_error(py, e))?, map),
    };
    let from = roads.city(start).map_err(|e| route_error(py, e))?;
    let to = roads.city(goal).map_err(|e| route_error(py, e))?;
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let (report, interrupted) = guard::run_native(py, limits, on_progress.as_ref(), |limits, shared| {
        let problem = roads.problem(from, to);
        let result = algorithm.run_reversible(&problem, limits, Publish::new(shared));
        problem.report(algorithm, name, &result)
    })?;
    Ok((guard::to_py(py, &report)?, interrupted))
}

/// The map's cities and roads (the CLI's `delve route --list --json`).
#[pyfunction]
#[pyo3(signature = (map="romania", text=None))]
pub fn route_list(py: Python<'_>, map: &str, text: Option<&str>) -> PyResult<Py<PyAny>> {
    let (roads, name) = match text {
        Some(text) => (RoadMap::parse(text).map_err(|e| guard::parse_error(py, &e))?, "text"),
        None => (RoadMap::open(map).map_err(|e| route_error(py, e))?, map),
    };
    guard::to_py(py, &delve_route::listing(&roads, name))
}
