//! N-Queens (`delve queens`): `POST /api/queens/solve` and `POST /api/queens/count`,
//! returning the CLI's reports; the page watches min-conflicts, hill climbing or
//! backtracking place the queens, from the streamed events.

use super::{Asset, Domain};
use crate::{ApiError, ApiJson, AppState, Knobs, NoView, Streamer, View, job_threads, respond};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use delve_csp::UNASSIGNED;
use delve_queens::{Algorithm, Board, Found, QueensError, count_report, count_solutions, verify};
use serde::Deserialize;
use serde_json::Value;

/// Events with a board a stream may carry, on boards the page draws.
const DETAIL: u64 = 5_000;
/// The largest board whose states are streamed (the page draws up to this size).
const MAX_WATCHED: usize = 64;
/// The largest board the server solves (about 72 MB of memory).
const MAX_N: usize = 1_000_000;
/// The largest board the server counts (N = 17 takes about a minute on two cores).
const MAX_COUNTED: usize = 16;

/// The N-Queens domain.
pub const DOMAIN: Domain = Domain {
    name: "queens",
    title: "N-Queens",
    about: "Watch min-conflicts, hill climbing or backtracking place N queens.",
    page: Some("queens.html"),
    assets: &[
        Asset { name: "queens.html", bytes: include_bytes!("../../assets/queens.html") },
        Asset { name: "queens.js", bytes: include_bytes!("../../assets/queens.js") },
    ],
    routes,
};

fn routes() -> Router<AppState> {
    Router::new().route("/solve", post(solve)).route("/count", post(count))
}

/// The body of `POST /api/queens/solve`: `delve queens solve`'s options.
#[derive(Deserialize)]
struct SolveRequest {
    n: usize,
    #[serde(default = "min_conflicts")]
    algo: String,
    #[serde(default)]
    seed: u64,
    #[serde(flatten)]
    knobs: Knobs,
}

fn min_conflicts() -> String {
    "min-conflicts".to_string()
}

/// Shows any formulation's state as the row of each column's queen (0-based; `null` for a
/// column without one yet).
struct Rows;

impl View<Vec<u16>> for Rows {
    /// The incremental formulation: the queens placed so far, column by column.
    fn show(&self, rows: &Vec<u16>) -> Value {
        rows.clone().into()
    }
}

impl View<Vec<u32>> for Rows {
    /// A CSP assignment (unassigned columns are `null`) or min-conflicts' full board.
    fn show(&self, rows: &Vec<u32>) -> Value {
        rows.iter().map(|&r| if r == UNASSIGNED { Value::Null } else { r.into() }).collect()
    }
}

impl View<Board> for Rows {
    fn show(&self, board: &Board) -> Value {
        board.rows().to_vec().into()
    }
}

async fn solve(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<SolveRequest>,
) -> Result<Response, ApiError> {
    let algorithm = req.algo.parse::<Algorithm>().map_err(ApiError::bad_request)?;
    let n = req.n;
    if n == 0 || n > MAX_N {
        return Err(ApiError::bad_request(format!("n: the page solves boards of 1 to {MAX_N} queens, not {n}")));
    }
    let detail = if n <= MAX_WATCHED { DETAIL } else { 0 };
    respond(&state, &headers, req.knobs, detail, move |limits, sink| {
        let run = delve_queens::solve(n, algorithm, req.seed, limits, Streamer::new(sink, Rows))
            .map_err(ApiError::bad_request)?;
        if let Found::Solved(rows) = &run.found {
            verify(n, rows)
                .map_err(|e| ApiError::internal(format!("internal error: {algorithm} placed wrongly: {e}")))?;
        }
        Ok(run.report())
    })
    .await
}

/// The body of `POST /api/queens/count`: `delve queens count`'s options.
#[derive(Deserialize)]
struct CountRequest {
    n: usize,
    #[serde(flatten)]
    knobs: Knobs,
}

async fn count(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<CountRequest>,
) -> Result<Response, ApiError> {
    let n = req.n;
    if n == 0 || n > MAX_COUNTED {
        return Err(ApiError::bad_request(format!(
            "n: the page counts boards of 1 to {MAX_COUNTED} queens, not {n} (use `delve queens count {n}`)"
        )));
    }
    let threads = job_threads();
    respond(&state, &headers, req.knobs, 0, move |limits, sink| {
        let start = std::time::Instant::now();
        let result = match count_solutions(n, threads, limits, Streamer::new(sink, NoView)) {
            Ok(c) => Ok(c),
            Err(QueensError::Stopped(reason)) => Err(reason),
            Err(e) => return Err(ApiError::bad_request(e)),
        };
        Ok(count_report(n, threads, result, start.elapsed()))
    })
    .await
}
