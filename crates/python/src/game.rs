//! `delve.game`: minimax, alpha-beta and expectimax over an AIMA-style game object written in
//! Python (`actions`, `result`, `utility`, `terminal_test`, `to_move`), on delve-game's one
//! game search.
//!
//! The player to move at the root is agent 0, the maximiser; AIMA's games have two players,
//! so the other player is agent 1. Values are the root player's (`utility(state, player)`).

use crate::guard::{self, Failure, Watch};
use crate::search::Any;
use delve_core::Finished;
use delve_game::{Game, Method};
use pyo3::call::PyCallArgs;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::Serialize;

/// A two-player game whose rules are a Python object's methods.
struct PyGame<'a> {
    game: Py<PyAny>,
    /// The player to move at the root, as the game names it.
    player: Py<PyAny>,
    eval: Option<Py<PyAny>>,
    failure: &'a Failure,
}

impl PyGame<'_> {
    /// `game.<method>(args…)`, with a failure recorded (and `None` returned) on error.
    fn call<'py>(&self, py: Python<'py>, method: &str, args: impl PyCallArgs<'py>) -> Option<Bound<'py, PyAny>> {
        if self.failure.raised() {
            return None;
        }
        match self.game.bind(py).call_method1(method, args) {
            Ok(v) => Some(v),
            Err(e) => {
                self.failure.set(e);
                None
            }
        }
    }

    /// A number from Python, or a recorded `TypeError`.
    fn number(&self, what: &str, value: Option<Bound<'_, PyAny>>) -> f64 {
        let Some(value) = value else { return 0.0 };
        self.failure.or_record(
            value.extract::<f64>().map_err(|_| guard::type_error(&format!("{what} must return a number"), &value)),
        )
    }
}

impl Game for PyGame<'_> {
    type State = Any;
    type Action = Any;

    fn num_agents(&self) -> usize {
        2
    }

    fn initial_state(&self) -> Any {
        Python::attach(|py| Any(py.None()))
    }

    fn to_move(&self, state: &Any) -> usize {
        Python::attach(|py| {
            let Some(mover) = self.call(py, "to_move", (state.0.bind(py),)) else { return 0 };
            let same = self.failure.or_record(mover.eq(self.player.bind(py)));
            if same { 0 } else { 1 }
        })
    }

    fn actions(&self, state: &Any) -> Vec<Any> {
        Python::attach(|py| {
            let Some(moves) = self.call(py, "actions", (state.0.bind(py),)) else { return Vec::new() };
            let read =
                moves.try_iter().and_then(|it| it.map(|m| m.map(|m| Any(m.unbind()))).collect::<PyResult<Vec<_>>>());
            self.failure.or_record(read)
        })
    }

    fn result(&self, state: &Any, action: &Any) -> Any {
        Python::attach(|py| match self.call(py, "result", (state.0.bind(py), action.0.bind(py))) {
            Some(next) => Any(next.unbind()),
            None => Any(py.None()),
        })
    }

    fn is_terminal(&self, state: &Any) -> bool {
        if self.failure.raised() {
            // End the walk: the search stops at its next event.
            return true;
        }
        Python::attach(|py| {
            let Some(end) = self.call(py, "terminal_test", (state.0.bind(py),)) else { return true };
            self.failure.or_record(end.is_truthy())
        })
    }

    fn utility(&self, state: &Any, _agent: usize) -> f64 {
        Python::attach(|py| {
            let value = self.call(py, "utility", (state.0.bind(py), self.player.bind(py)));
            self.number("utility", value)
        })
    }

    fn evaluate(&self, state: &Any) -> f64 {
        Python::attach(|py| match &self.eval {
            Some(f) if !self.failure.raised() => {
                let value = f.bind(py).call1((state.0.bind(py),));
                let value = self.failure.or_record(value.map(Some));
                self.number("eval", value)
            }
            _ => 0.0,
        })
    }
}

/// The report's own fields: the root's value for the player to move.
#[derive(Serialize)]
struct Valued {
    value: Option<f64>,
    depth: Option<u32>,
}

/// What [`game_search`] hands to Python: the report, the chosen move, whether Ctrl-C stopped it.
type Decided = (Py<PyAny>, Option<Py<PyAny>>, bool);

/// Runs minimax, alpha-beta or expectimax (`method`) from `state` of the Python `game`, to
/// the end or `depth` rounds (one move of each player), with `eval(state)` at the cut-off.
#[pyfunction]
#[pyo3(signature = (method, game, state, depth=None, eval=None, max_nodes=None, timeout=None, max_memory=None, on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn game_search(
    py: Python<'_>,
    method: &str,
    game: Bound<'_, PyAny>,
    state: Bound<'_, PyAny>,
    depth: Option<u32>,
    eval: Option<Bound<'_, PyAny>>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<Decided> {
    let method = match method {
        "minimax" => Method::Minimax,
        "alphabeta" => Method::AlphaBeta,
        "alphabeta-aima" => Method::AlphaBetaAima,
        "expectimax" => Method::Expectimax,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown game search `{other}` (expected minimax, alphabeta, alphabeta-aima or expectimax)"
            )));
        }
    };
    for name in ["actions", "result", "utility", "terminal_test", "to_move"] {
        if !game.hasattr(name)? {
            return Err(guard::type_error(
                &format!(
                    "the game has no `{name}` method (an AIMA-style game has actions, result, utility, terminal_test and to_move)"
                ),
                &game,
            ));
        }
    }
    if let Some(f) = eval.as_ref().filter(|f| !f.is_callable()) {
        return Err(guard::type_error("eval must be callable", f));
    }
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let failure = Failure::default();
    let limits = failure.limits(limits);
    let player = game.call_method1("to_move", (&state,))?.unbind();
    let rules = PyGame { game: game.unbind(), player, eval: eval.map(Bound::unbind), failure: &failure };
    let root = Any(state.unbind());
    let result = {
        let (rules, root, on_progress) = (&rules, &root, on_progress.as_ref());
        py.detach(move || {
            delve_game::search(rules, root, method, depth, &limits, Watch::new(rules.failure, on_progress))
        })
    };
    let interrupted = failure.finish()?;
    let decision = result.decision();
    let report = result.report(Valued { value: decision.map(|d| d.value), depth });
    let action = decision.and_then(|d| d.action.as_ref()).map(|a| a.0.clone_ref(py));
    Ok((guard::to_py(py, &report)?, action, interrupted))
}
