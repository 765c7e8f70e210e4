//! `delve.pacman`: CS188's multi-agent Pacman, as `delve pacman play` and `delve pacman grade`
//! run it.

use crate::guard;
use delve_core::{StopReason, rand::SeedableRng, random::SeededRng};
use delve_game::cs188::Cs188Error;
use delve_pacman::agents::{AgentSpec, Distances};
use delve_pacman::grade::{GradeError, GradeReport, grade_question, question_dirs};
use delve_pacman::layout::{Layout, LayoutReadError};
use delve_pacman::play::{PlayReport, play_agent};
use delve_pacman::rules::Rules;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The layout `text`, else the built-in layout `name`, else the `.lay` file `name`; with the
/// name the report gives it.
fn open_layout(py: Python<'_>, name: &str, text: Option<&str>) -> PyResult<(Layout, String)> {
    if let Some(text) = text {
        return Ok((Layout::parse(text).map_err(|e| guard::parse_error(py, &e))?, "text".to_string()));
    }
    if let Some(layout) = Layout::named(name) {
        return Ok((layout, name.to_string()));
    }
    let path = Path::new(name);
    if !path.exists() {
        let names: Vec<&str> = Layout::names().collect();
        return Err(PyValueError::new_err(format!(
            "no layout `{name}`: not a built-in name ({}) nor a file",
            names.join(", ")
        )));
    }
    match Layout::read(path) {
        Ok(layout) => Ok((layout, name.to_string())),
        Err(LayoutReadError::Parse(e)) => Err(guard::parse_error(py, &e)),
        Err(e) => Err(PyOSError::new_err(e.to_string())),
    }
}

/// Plays `games` games of an agent against the ghosts, as `delve pacman play --json`: the
/// report and whether Ctrl-C stopped the series. `timeout` bounds the whole series; a game
/// it stops ends the series (the report's `stop_reason`).
#[pyfunction]
#[pyo3(signature = (layout="testClassic", text=None, agent="reflex", depth=2, eval="better", ghosts="random",
    ghost_model="uniform", far_ghosts=None, num_ghosts=None, games=1, seed=0, max_moves=5000, timeout=None,
    on_progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn pacman_play(
    py: Python<'_>,
    layout: &str,
    text: Option<&str>,
    agent: &str,
    depth: u32,
    eval: &str,
    ghosts: &str,
    ghost_model: &str,
    far_ghosts: Option<u32>,
    num_ghosts: Option<usize>,
    games: u32,
    seed: u64,
    max_moves: usize,
    timeout: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let spec = AgentSpec { agent, depth, eval, ghosts, ghost_model, far_ghosts };
    let (agent, ghost) = spec.build().map_err(|e| PyValueError::new_err(e.to_string()))?;
    if games == 0 {
        return Err(PyValueError::new_err("games must be at least 1"));
    }
    let (layout, name) = open_layout(py, layout, text)?;
    let limits = guard::limits(None, timeout, None)?;
    let (report, interrupted) = guard::run_native(py, limits, on_progress.as_ref(), |limits, _| {
        let start = std::time::Instant::now();
        let rules = Rules::new(Arc::new(layout), num_ghosts);
        let dist = Distances::new(&rules);
        let clock = limits.clock();
        let mut rng = SeededRng::seed_from_u64(seed);
        let mut records = Vec::new();
        for _ in 0..games {
            let record = play_agent(&rules, &dist, &agent, &[ghost], &mut rng, max_moves, &clock, &mut |_| {});
            let stopped = record.stopped.is_some();
            records.push(record);
            if stopped {
                break;
            }
        }
        PlayReport::new(&records, &name, &agent, ghost, seed, start.elapsed())
    })?;
    Ok((guard::to_py(py, &report)?, interrupted))
}

/// A grading error as the Python exception a user expects.
fn grade_error(py: Python<'_>, e: GradeError) -> PyErr {
    match e {
        GradeError::File(Cs188Error::Syntax(p)) => guard::parse_error(py, &p),
        GradeError::Value { line, .. } => {
            let message = e.to_string();
            guard::parse_error_at(py, message, Some(line), None)
        }
        GradeError::File(Cs188Error::Io { .. }) | GradeError::Io { .. } => PyOSError::new_err(e.to_string()),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Grades CS188's Pacman test folder `path` (a question folder or a folder of them), as
/// `delve pacman grade --json`: the report and whether Ctrl-C stopped it. The limits hold for
/// each test and each of its searches; a stop ends the grading (`stop_reason`).
#[pyfunction]
#[pyo3(signature = (path, max_nodes=None, timeout=None, max_memory=None, on_progress=None))]
pub fn pacman_grade(
    py: Python<'_>,
    path: PathBuf,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
    max_memory: Option<f64>,
    on_progress: Option<Py<PyAny>>,
) -> PyResult<(Py<PyAny>, bool)> {
    let dirs = question_dirs(&path).map_err(|e| grade_error(py, e))?;
    let limits = guard::limits(max_nodes, timeout, max_memory)?;
    let (report, interrupted) = guard::run_native(py, limits, on_progress.as_ref(), |limits, _| {
        let start = std::time::Instant::now();
        let mut questions = Vec::new();
        let mut stop_reason: Option<StopReason> = None;
        for dir in &dirs {
            match grade_question(dir, limits, &mut |_| {}) {
                Ok(q) => questions.push(q),
                Err(GradeError::Stopped(reason)) => {
                    stop_reason = Some(reason);
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        Ok(GradeReport::new(questions, stop_reason, start.elapsed()))
    })?;
    let report = report.map_err(|e| grade_error(py, e))?;
    Ok((guard::to_py(py, &report)?, interrupted))
}

/// The names of the built-in layouts.
#[pyfunction]
pub fn pacman_layouts() -> Vec<&'static str> {
    Layout::names().collect()
}
