//! Connect Four (`delve connect4`): `POST /api/connect4/move` (each column's score for the
//! side to move and the solver's move, as `delve connect4 play` shows them) and
//! `POST /api/connect4/solve` (the report of `delve connect4 solve --json`). The page plays
//! against the solver.
//!
//! Bounded: early positions take the solver minutes, so `move` gives each column a time of
//! its own (`think`, half a second unless asked, at most a seventh of the job's time); a
//! column not settled in time shows `"?"` and the solver picks among the rest as the CLI
//! does. `solve` stops at the job's limits and says so: its report's `stop_reason` (no score).

use super::{Asset, Domain};
use crate::{ApiError, ApiJson, AppState, Knobs, respond};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use delve_connect4::{ColumnScore, Position, Solver, SolverConfig, WIDTH, choose};
use delve_core::Limits;
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Seconds each column may take when the request does not say.
const THINK: f64 = 0.5;
/// The solvers' near-root table: 2^20 buckets (16 MiB), one solver per running job.
const TABLE_BITS: u32 = 20;

/// The Connect Four domain.
pub const DOMAIN: Domain = Domain {
    name: "connect4",
    title: "Connect Four",
    about: "Play against the solver, each column's score shown.",
    page: Some("connect4.html"),
    assets: &[
        Asset { name: "connect4.html", bytes: include_bytes!("../../assets/connect4.html") },
        Asset { name: "connect4.js", bytes: include_bytes!("../../assets/connect4.js") },
    ],
    routes,
};

fn routes() -> Router<AppState> {
    Router::new().route("/move", post(advise)).route("/solve", post(solve))
}

/// The solver kept between requests: its table remembers the game so far, so later moves
/// settle faster. One only: jobs that run beside it get solvers of their own, dropped (their
/// 16 MiB given back) when they end.
static SOLVER: Mutex<Option<Solver>> = Mutex::new(None);

/// Runs `work` with the kept solver (a new one when it is in use), then keeps one.
fn with_solver<T>(work: impl FnOnce(&mut Solver) -> T) -> T {
    let taken = SOLVER.lock().ok().and_then(|mut kept| kept.take());
    let mut solver =
        taken.unwrap_or_else(|| Solver::new(SolverConfig { table_bits: TABLE_BITS, ..SolverConfig::default() }));
    let out = work(&mut solver);
    if let Ok(mut kept) = SOLVER.lock() {
        kept.get_or_insert(solver);
    }
    out
}

fn parse(moves: &str) -> Result<Position, ApiError> {
    Position::parse(moves).map_err(|e| ApiError::bad_request(format!("position {:?}: {e}", moves.trim())))
}

/// The body of `POST /api/connect4/move`.
#[derive(Deserialize)]
struct MoveRequest {
    /// Columns 1-7 in the order played (`""`: the empty board).
    position: String,
    /// Seconds each column's score may take.
    #[serde(default)]
    think: Option<f64>,
    #[serde(flatten)]
    knobs: Knobs,
}

/// What `POST /api/connect4/move` answers: the scores `delve connect4 play` shows before a
/// move, and the column the solver plays.
#[derive(Serialize)]
struct Advice {
    /// The position.
    position: String,
    /// `X` (the first player) or `O`.
    to_move: char,
    /// Each column's score for the side to move: a number, `null` (full) or `"?"` (not
    /// settled within `think` seconds).
    scores: [ColumnScore; WIDTH],
    /// The solver's move, column 1 to 7.
    best_move: usize,
    /// Seconds each column had.
    think: f64,
    /// Wall-clock time of the whole advice.
    elapsed_ms: f64,
}

async fn advise(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<MoveRequest>,
) -> Result<Response, ApiError> {
    let position = parse(&req.position)?;
    let think = req.think.unwrap_or(THINK);
    if !(think.is_finite() && think > 0.0) {
        return Err(ApiError::bad_request(format!("think: expected a positive number of seconds, got {think}")));
    }
    respond(&state, &headers, req.knobs, 0, move |limits, _| {
        let start = Instant::now();
        // Seven columns share the job's time.
        let most = limits.time_limit.map_or(Duration::MAX, |t| t / WIDTH as u32);
        let each = Duration::from_secs_f64(think.min(1e6)).min(most);
        let column = Limits { time_limit: Some(each), ..limits.clone() };
        let scores = with_solver(|solver| solver.column_scores(&position, &column));
        Ok(Advice {
            position: req.position.trim().to_string(),
            to_move: if position.moves().is_multiple_of(2) { 'X' } else { 'O' },
            scores,
            best_move: choose(&position, &scores) + 1,
            think: each.as_secs_f64(),
            elapsed_ms: start.elapsed().as_secs_f64() * 1e3,
        })
    })
    .await
}

/// The body of `POST /api/connect4/solve`: `delve connect4 solve`'s options.
#[derive(Deserialize)]
struct SolveRequest {
    position: String,
    #[serde(default)]
    weak: bool,
    #[serde(flatten)]
    knobs: Knobs,
}

async fn solve(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<SolveRequest>,
) -> Result<Response, ApiError> {
    let position = parse(&req.position)?;
    respond(&state, &headers, req.knobs, 0, move |limits, _| {
        // A stopped search is an answer like the other domains' (200, its `stop_reason`).
        Ok(with_solver(|solver| solver.report(&req.position, &position, req.weak, limits)))
    })
    .await
}
