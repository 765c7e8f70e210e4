//! Tic-tac-toe (`delve tictactoe`): `POST /api/tictactoe/move` (the engine's advice: every
//! free cell's value and the best move, by alpha-beta) and `POST /api/tictactoe/count` (the
//! CLI's `count --json`). The page plays against the engine.

use super::{Asset, Domain};
use crate::{ApiError, ApiJson, AppState, Knobs, NoView, Streamer, blocking, respond};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use axum::{Json, Router};
use delve_tictactoe::{Board, Counts, advise};
use serde::Deserialize;

/// The tic-tac-toe domain.
pub const DOMAIN: Domain = Domain {
    name: "tictactoe",
    title: "Tic-tac-toe",
    about: "Play against the alpha-beta engine, each cell's value shown.",
    page: Some("tictactoe.html"),
    assets: &[
        Asset { name: "tictactoe.html", bytes: include_bytes!("../../assets/tictactoe.html") },
        Asset { name: "tictactoe.js", bytes: include_bytes!("../../assets/tictactoe.js") },
    ],
    routes,
};

fn routes() -> Router<AppState> {
    Router::new().route("/move", post(advice)).route("/count", post(count))
}

/// The body of `POST /api/tictactoe/move`.
#[derive(Deserialize)]
struct MoveRequest {
    /// Nine cells, row by row: `X`, `O`, `.`.
    board: String,
    #[serde(flatten)]
    knobs: Knobs,
}

async fn advice(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<MoveRequest>,
) -> Result<Response, ApiError> {
    let board = Board::parse(&req.board).map_err(|e| ApiError::bad_request(format!("board: {e}")))?;
    respond(&state, &headers, req.knobs, 0, move |limits, sink| Ok(advise(&board, limits, Streamer::new(sink, NoView))))
        .await
}

async fn count(State(state): State<AppState>) -> Result<Json<Counts>, ApiError> {
    // Walking the whole game tree is a job's work: off the async threads, within the cap.
    blocking(&state, || Ok(Json(delve_tictactoe::count()))).await
}
