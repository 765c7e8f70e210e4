//! The Search lab: one page that steps through BFS, UCS, iterative lengthening, A* and IDA*
//! on Romania (`/api/route/search`), an 8-puzzle (`/api/sliding/solve`), a small grid
//! (`POST /api/lab/grid`, here: a `delve_grid::Grid` of at most 40 rows and columns) and an
//! RGB Express level (`/api/rgb/solve`, the optimal searches only), from
//! the events the library's algorithms emit — the frontier, the explored set, g/h/f of every
//! node and each iteration's bound.

use super::{Asset, Domain};
use crate::{ApiError, ApiJson, AppState, Knobs, Streamer, View, respond};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use delve_core::{Algorithm, Finished};
use delve_grid::Grid;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Events with a cell a stream may carry.
const DETAIL: u64 = 20_000;
/// The largest grid side the page takes.
const MAX_SIDE: u32 = 40;

/// The Search lab.
pub const DOMAIN: Domain = Domain {
    name: "lab",
    title: "Search lab",
    about: "Step through BFS, UCS, iterative lengthening, A* and IDA* on Romania, an 8-puzzle, a grid, an RGB Express level.",
    page: Some("lab.html"),
    assets: &[
        Asset { name: "lab.html", bytes: include_bytes!("../../assets/lab.html") },
        Asset { name: "lab.js", bytes: include_bytes!("../../assets/lab.js") },
    ],
    routes,
};

fn routes() -> Router<AppState> {
    Router::new().route("/grid", post(grid))
}

/// Shows a cell as `[row, column]`; estimates with the grid's Manhattan distance.
struct Cells<'w>(&'w Grid);

impl View<u32> for Cells<'_> {
    fn show(&self, &cell: &u32) -> Value {
        serde_json::json!(self.0.position(cell))
    }
    fn estimate(&self, &cell: &u32) -> Option<Value> {
        Some(self.0.manhattan(cell).into())
    }
}

/// The grid's fields of a report.
#[derive(Serialize)]
struct GridDetail {
    /// The path's cost, when found.
    cost: Option<u32>,
    /// The cells of the path, start first, as `[row, column]`.
    path: Option<Vec<(u32, u32)>>,
    /// The moves (`U`, `D`, `L`, `R`).
    moves: Option<String>,
}

/// The body of `POST /api/lab/grid`.
#[derive(Deserialize)]
struct GridRequest {
    grid: String,
    #[serde(default = "astar")]
    algo: String,
    #[serde(flatten)]
    knobs: Knobs,
}

fn astar() -> String {
    "astar".to_string()
}

async fn grid(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<GridRequest>,
) -> Result<Response, ApiError> {
    let world = Grid::parse(&req.grid).map_err(|e| ApiError::bad_request(format!("grid: {e}")))?;
    let (rows, cols) = (world.height(), world.width());
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(ApiError::bad_request(format!(
            "grid: the page takes 1 to {MAX_SIDE} rows and columns, found {rows}×{cols}"
        )));
    }
    let algorithm = req.algo.parse::<Algorithm>().map_err(ApiError::bad_request)?;
    respond(&state, &headers, req.knobs, DETAIL, move |limits, sink| {
        let result = algorithm
            .run(&world, limits, Streamer::new(sink, Cells(&world)))
            .map_err(|_| ApiError::bad_request(format!("algo: {algorithm} is not offered on the grid")))?;
        let solution = result.solution();
        let detail = GridDetail {
            cost: solution.map(|s| s.cost),
            path: solution.map(|s| s.states.iter().map(|&cell| world.position(cell)).collect()),
            moves: solution.map(|s| s.actions.iter().map(|m| m.letter()).collect()),
        };
        Ok(result.report(detail))
    })
    .await
}
