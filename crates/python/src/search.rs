//! Generic search over Python objects: any hashable value is a state, successors, goal test
//! and heuristic are Python callables, and every algorithm of `delve_core::Algorithm` runs on
//! them unchanged.
//!
//! States are hashed once, by Python's `hash`, when they are generated; equal hashes are
//! confirmed by Python's `==`. Costs are floats. A callback that raises stops the search, and
//! its exception propagates to the caller with its traceback.

use crate::guard::{self, Failure, Watch};
use delve_core::{Algorithm, Finished, Outcome, Problem, Reversible, Solution, Successor};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use serde::Serialize;
use std::hash::{Hash, Hasher};

/// A Python object used as a state: the object, the key it is compared by (itself, or for a
/// list the tuple of its items) and the key's hash, computed once.
pub struct Obj {
    hash: isize,
    key: Py<PyAny>,
    obj: Py<PyAny>,
}

impl Obj {
    /// `obj` with its hash. A list (AIMA's N-queens states are lists) is compared as the tuple
    /// of its items; anything else unhashable is a `TypeError`.
    fn new(obj: Bound<'_, PyAny>) -> PyResult<Self> {
        let key = match obj.cast::<PyList>() {
            Ok(list) => list.to_tuple().into_any(),
            Err(_) => obj.clone(),
        };
        let hash = key.hash().map_err(|e| {
            let kind = obj.get_type().name().map(|n| n.to_string()).unwrap_or_default();
            PyTypeError::new_err(format!(
                "states must be hashable (a tuple, a string, a frozenset…), got a {kind}: {e}"
            ))
        })?;
        Ok(Obj { hash, key: key.unbind(), obj: obj.unbind() })
    }
}

impl Clone for Obj {
    fn clone(&self) -> Self {
        Python::attach(|py| Obj { hash: self.hash, key: self.key.clone_ref(py), obj: self.obj.clone_ref(py) })
    }
}

impl PartialEq for Obj {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash
            && (self.key.is(&other.key)
                || Python::attach(|py| self.key.bind(py).eq(other.key.bind(py)).unwrap_or(false)))
    }
}

impl Eq for Obj {}

impl Hash for Obj {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_isize(self.hash);
    }
}

/// Any Python object carried along (an action), cloned under the GIL.
pub struct Any(pub Py<PyAny>);

impl Clone for Any {
    fn clone(&self) -> Self {
        Python::attach(|py| Any(self.0.clone_ref(py)))
    }
}

/// A problem whose parts are Python callables.
struct PyProblem<'a> {
    start: Obj,
    successors: Py<PyAny>,
    is_goal: Py<PyAny>,
    heuristic: Option<Py<PyAny>>,
    predecessors: Option<Py<PyAny>>,
    goals: Vec<Obj>,
    failure: &'a Failure,
}

/// Reads what `successors(state)` returned: an iterable of `(action, state, cost)` triples
/// or of `(state, cost)` pairs (the action is then the state reached).
fn read_successors(items: Bound<'_, PyAny>, out: &mut Vec<Successor<Obj, Any, f64>>, what: &str) -> PyResult<()> {
    for item in items.try_iter()? {
        let item = item?;
        let tuple = item.cast::<PyTuple>().map_err(|_| {
            guard::type_error(&format!("{what} must yield (action, state, cost) or (state, cost) tuples"), &item)
        })?;
        let (action, state, cost) = match tuple.len() {
            3 => (tuple.get_item(0)?, tuple.get_item(1)?, tuple.get_item(2)?),
            2 => (tuple.get_item(0)?, tuple.get_item(0)?, tuple.get_item(1)?),
            n => {
                return Err(PyValueError::new_err(format!(
                    "{what} must yield (action, state, cost) or (state, cost) tuples, got a tuple of {n}"
                )));
            }
        };
        let cost: f64 = cost.extract().map_err(|_| guard::type_error("a step cost must be a number", &cost))?;
        if !(cost >= 0.0 && cost.is_finite()) {
            return Err(PyValueError::new_err(format!("step costs must be finite and non-negative, got {cost}")));
        }
        out.push(Successor { action: Any(action.unbind()), state: Obj::new(state)?, cost });
    }
    Ok(())
}

impl Problem for PyProblem<'_> {
    type State = Obj;
    type Action = Any;
    type Cost = f64;

    fn initial_state(&self) -> Obj {
        self.start.clone()
    }

    fn is_goal(&self, state: &Obj) -> bool {
        if self.failure.raised() {
            return false;
        }
        Python::attach(|py| {
            self.failure.or_record(self.is_goal.call1(py, (state.obj.bind(py),)).and_then(|r| r.is_truthy(py)))
        })
    }

    fn expand(&self, state: &Obj, out: &mut Vec<Successor<Obj, Any, f64>>) {
        if self.failure.raised() {
            return;
        }
        Python::attach(|py| {
            let f = self.successors.bind(py);
            let read = f.call1((state.obj.bind(py),)).and_then(|items| read_successors(items, out, "successors"));
            if let Err(e) = read {
                out.clear();
                self.failure.set(e);
            }
        })
    }

    fn heuristic(&self, state: &Obj) -> f64 {
        let Some(h) = &self.heuristic else { return 0.0 };
        if self.failure.raised() {
            return 0.0;
        }
        Python::attach(|py| {
            let value = h.call1(py, (state.obj.bind(py),)).and_then(|v| {
                if v.is_none(py) {
                    return Ok(0.0);
                }
                let x: f64 =
                    v.extract(py).map_err(|_| guard::type_error("the heuristic must return a number", v.bind(py)))?;
                if x.is_nan() {
                    return Err(PyValueError::new_err("the heuristic returned NaN"));
                }
                // An infinite estimate marks a dead end.
                Ok(x.max(0.0))
            });
            self.failure.or_record(value)
        })
    }
}

impl Reversible for PyProblem<'_> {
    fn predecessors(&self, state: &Obj, out: &mut Vec<Successor<Obj, Any, f64>>) {
        let Some(f) = &self.predecessors else { return };
        if self.failure.raised() {
            return;
        }
        Python::attach(|py| {
            let read = f
                .call1(py, (state.obj.bind(py),))
                .and_then(|items| read_successors(items.into_bound(py), out, "predecessors"));
            if let Err(e) = read {
                out.clear();
                self.failure.set(e);
            }
        })
    }

    fn goal_states(&self) -> Vec<Obj> {
        self.goals.clone()
    }
}

/// The domain part of a generic search's report.
#[derive(Serialize)]
struct Found {
    /// The path's cost, when solved.
    cost: Option<f64>,
    /// Its number of actions, when solved.
    length: Option<usize>,
}

/// A path handed to Python: `(actions, states, cost)`.
type PyPath = (Py<PyList>, Py<PyList>, f64);

/// What [`search`] hands to Python: the report, the solution, the best path of a stopped
/// search, and whether Ctrl-C stopped it.
type Searched = (Py<PyAny>, Option<PyPath>, Option<PyPath>, bool);

fn path(py: Python<'_>, sol: &Solution<Obj, Any, f64>) -> PyResult<PyPath> {
    let actions = PyList::new(py, sol.actions.iter().map(|a| a.0.bind(py)))?;
    let states = PyList::new(py, sol.states.iter().map(|s| s.obj.bind(py)))?;
    Ok((actions.unbind(), states.unbind(), sol.cost))
}

/// Runs `algo` on a problem given by Python callables. Returns the report (as Python
/// objects, the keys of the CLI's `--json`), the solution path, the best path of a stopped
/// search, and whether Ctrl-C stopped it.
#[pyfunction]
#[pyo3(signature = (algo, start, successors, is_goal, heuristic=None, predecessors=None, goals=None,
    weight=None, depth_limit=None, max_nodes=None, timeout=None, max_memory=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn search(
    py: Python<'_>,
    algo: &str,
    start: Bound<'_, PyAny>,
    successors: Bound<'_, PyAny>,
    is_goal: Bound<'_, PyAny>,
    heuristic: Option<Bound<'_, PyAny>>,
    predecessors: Option<Bound<'_, PyAny>>,
    goals: Option<Bound<'_, PyAny>>,
    weight: Option<f64>,
    depth_limit: Option<usize>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<Searched> {
    let algorithm = guard::algorithm(algo, weight, depth_limit)?;
    for (name, f) in [
        ("successors", Some(&successors)),
        ("is_goal", Some(&is_goal)),
        ("heuristic", heuristic.as_ref()),
        ("predecessors", predecessors.as_ref()),
    ] {
        if let Some(f) = f.filter(|f| !f.is_callable()) {
            return Err(guard::type_error(&format!("{name} must be callable"), f));
        }
    }
    if algorithm == Algorithm::Bibfs && (predecessors.is_none() || goals.is_none()) {
        return Err(PyValueError::new_err("bibfs searches from both ends: give predecessors= and goals= as well"));
    }
    let goals = match &goals {
        Some(g) => g.try_iter()?.map(|s| Obj::new(s?)).collect::<PyResult<Vec<_>>>()?,
        None => Vec::new(),
    };
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let failure = Failure::default();
    let limits = failure.limits(limits);
    let problem = PyProblem {
        start: Obj::new(start)?,
        successors: successors.clone().unbind(),
        is_goal: is_goal.unbind(),
        heuristic: heuristic.map(Bound::unbind),
        predecessors: predecessors.map(Bound::unbind),
        goals,
        failure: &failure,
    };
    let result = {
        let problem = &problem;
        let on_progress = on_progress.as_ref();
        py.detach(move || algorithm.run_reversible(problem, &limits, Watch::new(problem.failure, on_progress)))
    };
    let interrupted = failure.finish()?;
    let sol = result.solution();
    let report = result.report(Found { cost: sol.map(|s| s.cost), length: sol.map(Solution::len) });
    let solution = sol.map(|s| path(py, s)).transpose()?;
    let best = match &result.outcome {
        Outcome::Stopped { best_so_far: Some(b), .. } => Some(path(py, b)?),
        _ => None,
    };
    Ok((guard::to_py(py, &report)?, solution, best, interrupted))
}
