//! RGB Express (`delve rgb`): `GET /api/rgb/levels`, `POST /api/rgb/level` (the layout to
//! draw), `POST /api/rgb/solve` (the CLI's report; streamed, each node's state as the Search
//! lab shows it) and `POST /api/rgb/show` (the report with the replayed frames to animate).
//! Levels come by shipped name or as text (a grid file or the original solver's dict), never
//! by path, and are read inside the job, off the async threads.

use super::{Asset, Domain, LevelChoice};
use crate::{ApiError, ApiJson, AppState, Knobs, NoView, Streamer, View, blocking, respond};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use delve_core::{Algorithm, Problem};
use delve_rgb::{Cell, Dir, Frame, Level, RgbProblem, RgbReport, Rules, Toggle, simulate_with, solve};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The RGB Express domain.
pub const DOMAIN: Domain = Domain {
    name: "rgb",
    title: "RGB Express",
    about: "Draw a level and animate the trucks along the optimal plan.",
    page: Some("rgb.html"),
    assets: &[
        Asset { name: "rgb.html", bytes: include_bytes!("../../assets/rgb.html") },
        Asset { name: "rgb.js", bytes: include_bytes!("../../assets/rgb.js") },
    ],
    routes,
};

fn routes() -> Router<AppState> {
    Router::new()
        .route("/levels", get(levels))
        .route("/level", post(layout))
        .route("/solve", post(solve_level))
        .route("/show", post(show))
}

/// Events with a state a stream may carry (the Search lab steps through them).
const DETAIL: u64 = 20_000;

/// Opens the level `choice` names or holds (a grid file or a dict, told by its first line).
fn open(choice: &LevelChoice) -> Result<Level, ApiError> {
    let shipped = |name: &str| {
        let (_, text) = delve_rgb::shipped().iter().find(|(n, _)| *n == name)?;
        Some(Level::parse(text).map_err(|e| ApiError::internal(format!("shipped level {name}: {e}"))))
    };
    choice.open("/api/rgb/levels", shipped, |text| Level::parse_in(text, None))
}

/// Shows a state as [`RgbProblem::view`] does; estimates with the problem's heuristic.
struct Trucks<'p>(&'p RgbProblem);

impl View<delve_rgb::State> for Trucks<'_> {
    fn show(&self, state: &delve_rgb::State) -> Value {
        serde_json::to_value(self.0.view(state)).unwrap_or(Value::Null)
    }
    fn estimate(&self, state: &delve_rgb::State) -> Option<Value> {
        Some(self.0.heuristic(state).into())
    }
}

/// The body of `solve` and `show`: `delve rgb solve`'s options.
#[derive(Deserialize)]
struct SolveRequest {
    #[serde(flatten)]
    level: LevelChoice,
    #[serde(default = "astar")]
    algo: String,
    #[serde(default = "pairwise")]
    rules: String,
    #[serde(flatten)]
    knobs: Knobs,
}

fn astar() -> String {
    "astar".to_string()
}

fn pairwise() -> String {
    "pairwise".to_string()
}

impl SolveRequest {
    /// The (optimal) algorithm and the rules, or why not.
    fn options(&self) -> Result<(Algorithm, Rules), ApiError> {
        let algorithm = self.algo.parse::<Algorithm>().map_err(ApiError::bad_request)?;
        if !algorithm.is_cost_optimal() || algorithm == Algorithm::Bibfs {
            return Err(ApiError::bad_request(format!(
                "algo: `{}` does not find optimal plans here (use ucs, ils, astar or idastar)",
                self.algo
            )));
        }
        let rules = self.rules.parse::<Rules>().map_err(|e| ApiError::bad_request(format!("rules: {e}")))?;
        Ok((algorithm, rules))
    }
}

/// The problem of `level` under `rules`: the work of a job (reading a level's text, building
/// its graph), so called inside one.
fn problem(level: &LevelChoice, rules: Rules) -> Result<RgbProblem, ApiError> {
    RgbProblem::new(open(level)?, rules).map_err(ApiError::bad_request)
}

async fn levels() -> Json<Value> {
    Json(json!({ "levels": delve_rgb::shipped().iter().map(|(n, _)| *n).collect::<Vec<_>>() }))
}

/// One cell of a [`Layout`].
#[derive(Serialize)]
struct CellView {
    /// `empty`, `road`, `junction`, `start`, `item` or `warehouse`.
    kind: &'static str,
    /// The colour of an item or warehouse.
    colour: Option<&'static str>,
    /// The truck starting here.
    truck: Option<u8>,
    /// The roads out of the cell: some of `U`, `D`, `L`, `R`.
    links: String,
}

/// A level as the page draws it.
#[derive(Serialize)]
struct Layout {
    name: String,
    rows: usize,
    cols: usize,
    capacity: u8,
    /// Each truck's colour and start cell.
    trucks: Vec<Value>,
    /// The cells, row by row.
    cells: Vec<CellView>,
    /// The switch buttons (format version 2): `{cell, group, on}`, `on` when active at the start.
    buttons: Vec<Value>,
    /// The gates (format version 2): `{cell, group, on}`, `on` when open at the start.
    gates: Vec<Value>,
    /// The bumps' cells (format version 2).
    bumps: Vec<usize>,
}

fn layout_of(level: &Level) -> Layout {
    let cells = (0..level.cells.len())
        .map(|i| {
            let links = [(Dir::Up, 'U'), (Dir::Down, 'D'), (Dir::Left, 'L'), (Dir::Right, 'R')]
                .iter()
                .filter(|(d, _)| level.linked(i, *d))
                .map(|(_, c)| *c)
                .collect();
            let (kind, colour, truck) = match level.cells[i] {
                Cell::Empty => ("empty", None, None),
                Cell::Straight => ("road", None, None),
                Cell::Junction => ("junction", None, None),
                Cell::Start(t) => ("start", None, Some(t)),
                Cell::Item(c) => ("item", Some(c.name()), None),
                Cell::Warehouse(c) => ("warehouse", Some(c.name()), None),
            };
            CellView { kind, colour, truck, links }
        })
        .collect();
    let trucks = level.trucks.iter().map(|t| json!({ "colour": t.colour.name(), "start": t.start })).collect();
    let toggles =
        |list: &[Toggle]| list.iter().map(|t| json!({ "cell": t.cell, "group": t.group, "on": t.on })).collect();
    Layout {
        name: level.name.clone(),
        rows: level.rows,
        cols: level.cols,
        capacity: level.capacity,
        trucks,
        cells,
        buttons: toggles(&level.buttons),
        gates: toggles(&level.gates),
        bumps: level.bumps.clone(),
    }
}

async fn layout(State(state): State<AppState>, ApiJson(req): ApiJson<LevelChoice>) -> Result<Json<Layout>, ApiError> {
    // Reading a level is the work of a job: off the async threads, within the jobs' cap.
    blocking(&state, move || Ok(Json(layout_of(&open(&req)?)))).await
}

async fn solve_level(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<SolveRequest>,
) -> Result<Response, ApiError> {
    let (algorithm, rules) = req.options()?;
    respond(&state, &headers, req.knobs, DETAIL, move |limits, sink| -> Result<RgbReport, ApiError> {
        let problem = problem(&req.level, rules)?;
        let solved = solve(&problem, algorithm, limits, Streamer::new(sink, Trucks(&problem)))
            .map_err(|e| ApiError::internal(e.to_string()))?;
        Ok(solved.report(&problem))
    })
    .await
}

/// A frame of the replay, as the page animates it.
fn frame_json(f: &Frame) -> Value {
    json!({
        "time": f.time,
        "trucks": f.trucks.iter().map(|&(cell, stopped)| json!({ "cell": cell, "stopped": stopped })).collect::<Vec<_>>(),
        "items": f.items,
        "served": f.served,
        "closed": f.closed,
        "dropped": f.dropped.iter().map(|&(cell, c)| json!({ "cell": cell, "colour": c.name() })).collect::<Vec<_>>(),
    })
}

/// What `POST /api/rgb/show` answers: the level's layout, the solve's report (as `solve`
/// gives it) and the replay's frames, one per time unit (none when unsolved).
#[derive(Serialize)]
struct Show {
    layout: Layout,
    report: RgbReport,
    frames: Vec<Value>,
}

async fn show(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<SolveRequest>,
) -> Result<Response, ApiError> {
    let (algorithm, rules) = req.options()?;
    respond(&state, &headers, req.knobs, 0, move |limits, sink| {
        let problem = problem(&req.level, rules)?;
        let solved = solve(&problem, algorithm, limits, Streamer::new(sink, NoView))
            .map_err(|e| ApiError::internal(e.to_string()))?;
        let level = problem.level();
        let mut frames = Vec::new();
        if let Some(plan) = &solved.plan {
            simulate_with(level, problem.rules(), &plan.routes(problem.trucks()), &plan.bumps, plan.cost, |f| {
                frames.push(frame_json(f))
            })
            .map_err(|e| ApiError::internal(format!("internal error: the plan fails the independent replay: {e}")))?;
        }
        Ok(Show { layout: layout_of(level), report: solved.report(&problem), frames })
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_level_parses() {
        assert!(delve_rgb::shipped().len() >= 80, "{} levels", delve_rgb::shipped().len());
        for (name, text) in delve_rgb::shipped() {
            Level::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        assert!(delve_rgb::shipped().iter().any(|(n, _)| *n == "P-7"));
        assert!(delve_rgb::shipped().iter().any(|(n, _)| *n == "archiloque/G-1"));
    }
}
