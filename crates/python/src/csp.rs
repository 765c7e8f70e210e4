//! `delve.csp`: constraint satisfaction on delve-csp's engine. The Python side turns the
//! user's variables, values and constraints into value indices: binary constraints arrive as
//! tables of allowed pairs (or as `!=` / `==` between variables with the same values, which
//! the solver propagates in constant time), all-different groups as index lists, and n-ary
//! predicates as Python callables on index tuples, called back during the search.

use crate::guard::{self, Failure, Watch};
use delve_core::Finished;
use delve_csp::{Config, Csp, CspCounters, Domain, MinConflicts, Relation, count, min_conflicts, solve};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use serde::Serialize;
use std::sync::Arc;

/// A binary constraint as Python hands it over: two variables and either a relation name
/// (`"!="`, `"=="`) or the table of allowed pairs, row-major (`allowed[a * |Dy| + b]`).
type Binary = (usize, usize, Option<String>, Option<Vec<bool>>);

/// The report's own fields.
#[derive(Serialize)]
struct Detail {
    /// The solver's counters (assignments, backtracks, checks, pruned).
    counters: CspCounters,
    /// With `count=True`: how many solutions (a lower bound when stopped).
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
}

/// Builds the model; `Err` names the constraint that does not fit.
fn model(
    sizes: &[u32],
    binary: Vec<Binary>,
    all_different: Vec<Vec<usize>>,
    nary: Vec<(Vec<usize>, Py<PyAny>)>,
    failure: &Arc<Failure>,
) -> PyResult<Csp> {
    let bad = |e: delve_csp::CspError| PyValueError::new_err(e.to_string());
    let mut csp = Csp::new();
    for &size in sizes {
        if size == 0 {
            return Err(PyValueError::new_err("every variable needs at least one value"));
        }
        csp.add_var(Domain::full(size));
    }
    let var = |v: usize| {
        if v < sizes.len() { Ok(v) } else { Err(PyValueError::new_err(format!("no variable {v}"))) }
    };
    for (x, y, name, table) in binary {
        let (x, y) = (var(x)?, var(y)?);
        let relation = match (name.as_deref(), table) {
            (Some("!="), _) => Relation::Ne,
            (Some("=="), _) => Relation::Eq,
            (None, Some(table)) => {
                let width = sizes[y] as usize;
                if table.len() != sizes[x] as usize * width {
                    return Err(PyValueError::new_err("a constraint's table does not match its variables' values"));
                }
                let table: Arc<[bool]> = table.into();
                Relation::Predicate(Arc::new(move |a, b| table[a as usize * width + b as usize]))
            }
            (other, _) => return Err(PyValueError::new_err(format!("unknown relation {other:?}"))),
        };
        csp.add_binary(x, y, relation).map_err(bad)?;
    }
    for group in all_different {
        let group = group.into_iter().map(var).collect::<PyResult<Vec<_>>>()?;
        csp.add_all_different(&group).map_err(bad)?;
    }
    for (vars, pred) in nary {
        let vars = vars.into_iter().map(var).collect::<PyResult<Vec<_>>>()?;
        let failure = failure.clone();
        csp.add_predicate(&vars, move |values: &[u32]| {
            if failure.raised() {
                return false;
            }
            Python::attach(|py| {
                let held = PyTuple::new(py, values).and_then(|args| pred.call1(py, args)).and_then(|r| r.is_truthy(py));
                failure.or_record(held)
            })
        })
        .map_err(bad)?;
    }
    Ok(csp)
}

/// What [`csp_solve`] hands to Python: the report, the solution's value indices, and whether
/// Ctrl-C stopped it.
type Solved = (Py<PyAny>, Option<Vec<u32>>, bool);

/// Solves (or, with `count`, counts the solutions of) the CSP with `algo`: `backtracking`
/// (plain), `mrv-fc` (smallest domain first, forward checking), `mac` (maintaining arc
/// consistency) or `min-conflicts` (local search, seeded).
#[pyfunction]
#[pyo3(signature = (sizes, binary, all_different, nary, algo="mac", count_all=false, seed=0,
    max_nodes=None, timeout=None, max_memory=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn csp_solve(
    py: Python<'_>,
    sizes: Vec<u32>,
    binary: Vec<Binary>,
    all_different: Vec<Vec<usize>>,
    nary: Vec<(Vec<usize>, Py<PyAny>)>,
    algo: &str,
    count_all: bool,
    seed: u64,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<Solved> {
    let config = match algo {
        "backtracking" => Some(Config::plain()),
        "mrv-fc" => Some(Config::mrv_fc()),
        "mac" => Some(Config::mac()),
        "min-conflicts" if !count_all => None,
        "min-conflicts" => return Err(PyValueError::new_err("min-conflicts cannot count solutions")),
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown CSP algorithm `{other}` (expected backtracking, mrv-fc, mac or min-conflicts)"
            )));
        }
    };
    let failure = Arc::new(Failure::default());
    let csp = model(&sizes, binary, all_different, nary, &failure)?;
    let limits = failure.limits(guard::limits(max_nodes, timeout, max_memory)?);
    let watch_failure = failure.clone();
    let on_progress = on_progress.as_ref();
    let (report, solution) = py.detach(|| {
        let watch = Watch::new(&watch_failure, on_progress);
        match (config, count_all) {
            (Some(config), true) => {
                let counted = count(&csp, &config, &limits, watch);
                (counted.report(Detail { counters: counted.counters, count: Some(counted.count) }), None)
            }
            (Some(config), false) => {
                let result = solve(&csp, &config, &limits, watch);
                (
                    result.report(Detail { counters: result.counters, count: None }),
                    result.solution().map(<[u32]>::to_vec),
                )
            }
            (None, _) => {
                let result = min_conflicts(&csp, &MinConflicts::default(), seed, &limits, watch);
                (
                    result.report(Detail { counters: result.counters, count: None }),
                    result.solution().map(<[u32]>::to_vec),
                )
            }
        }
    });
    let interrupted = failure.finish()?;
    Ok((guard::to_py(py, &report)?, solution, interrupted))
}
