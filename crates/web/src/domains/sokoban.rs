//! Sokoban (`delve sokoban`): `GET /api/sokoban/levels` (the shipped collections),
//! `POST /api/sokoban/level` (a level to play), `POST /api/sokoban/play` (the position after
//! a history of moves, by the rules of [`Playthrough`], and whether the solver's dead-square
//! and freeze tests call it dead) and `POST /api/sokoban/solve` (the report `delve sokoban
//! solve --json` prints). The page is the original solver's play mode: arrows move, D undoes,
//! R restarts, P solves fast and Space optimally from the current position, the solution plays
//! back step by step, and the search's time and node counts are shown. The page keeps only the
//! history: every move, undo, restart and frame of a playback asks `play` for the position.

use super::{Asset, Domain, LevelChoice};
use crate::{ApiError, ApiJson, AppState, Knobs, NoView, Streamer, blocking, job_threads, respond};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use delve_sokoban::{
    Cell, Level, Mode, Placed, Playthrough, Report, SolveError, is_dead, parse_collection, solve_parallel,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::OnceLock;

/// The Sokoban domain.
pub const DOMAIN: Domain = Domain {
    name: "sokoban",
    title: "Sokoban",
    about: "Push the boxes yourself, or press P or Space and watch the solver's solution play back.",
    page: Some("sokoban.html"),
    assets: &[
        Asset { name: "sokoban.html", bytes: include_bytes!("../../assets/sokoban.html") },
        Asset { name: "sokoban.js", bytes: include_bytes!("../../assets/sokoban.js") },
    ],
    routes,
};

/// The most moves `POST /api/sokoban/play` replays: many times any shipped level's solution.
const MAX_MOVES: usize = 20_000;

fn routes() -> Router<AppState> {
    Router::new()
        .route("/levels", get(levels))
        .route("/level", post(level))
        .route("/play", post(play))
        .route("/solve", post(solve_level))
}

/// Every shipped collection, parsed once (the unit test below checks they all parse).
fn collections() -> &'static [(&'static str, Vec<Level>)] {
    static PARSED: OnceLock<Vec<(&'static str, Vec<Level>)>> = OnceLock::new();
    PARSED.get_or_init(|| {
        delve_sokoban::collections()
            .iter()
            .map(|&(name, text)| (name, parse_collection(text).unwrap_or_default()))
            .collect()
    })
}

/// The shipped level `collection/number` (`microban/3`).
fn shipped(name: &str) -> Option<Level> {
    let (collection, number) = name.split_once('/')?;
    let number: usize = number.parse().ok()?;
    let (_, levels) = collections().iter().find(|(c, _)| *c == collection)?;
    levels.get(number.checked_sub(1)?).cloned()
}

/// Opens the level `choice` names (`microban/3`) or holds (XSB text; its first level).
fn open(choice: &LevelChoice) -> Result<Level, ApiError> {
    choice.open("/api/sokoban/levels", |name| shipped(name).map(Ok), Level::parse)
}

async fn levels() -> Json<Value> {
    let list: Vec<Value> = collections()
        .iter()
        .map(|(name, levels)| {
            let titles: Vec<&str> = levels.iter().map(|l| l.title.as_str()).collect();
            json!({ "name": name, "titles": titles })
        })
        .collect();
    Json(json!({ "collections": list }))
}

/// A level as the page plays it: its rows in XSB.
#[derive(Serialize)]
struct LevelView {
    number: usize,
    title: String,
    rows: Vec<String>,
}

async fn level(State(state): State<AppState>, ApiJson(req): ApiJson<LevelChoice>) -> Result<Json<LevelView>, ApiError> {
    // Reading a level is the work of a job: off the async threads, within the jobs' cap.
    blocking(&state, move || {
        let level = open(&req)?;
        let rows = level.to_string().lines().map(str::to_string).collect();
        Ok(Json(LevelView { number: level.number, title: level.title.clone(), rows }))
    })
    .await
}

/// The body of `POST /api/sokoban/play`: a level and the moves made on it so far.
#[derive(Deserialize)]
struct PlayRequest {
    #[serde(flatten)]
    level: LevelChoice,
    /// LURD from the start (case is not checked: a move pushes when a box is there).
    #[serde(default)]
    moves: String,
    #[serde(default)]
    ordered: bool,
}

/// The first move of a request that could not be made.
#[derive(Serialize)]
struct IllegalMove {
    /// Its 0-based position in the request's `moves`.
    index: usize,
    letter: char,
    /// Why, as [`delve_sokoban::Illegal`] says it.
    reason: String,
}

/// The position after the legal moves of a request: what the page draws and plays on from.
#[derive(Serialize)]
struct Position {
    /// The position in XSB.
    rows: Vec<String>,
    player: Cell,
    /// In reading order; each with its `id`, whose goal (when ordered) is `goals[id]`.
    boxes: Vec<Placed>,
    goals: Vec<Cell>,
    /// The moves made, each with the case of what it did (capitals push).
    history: String,
    pushes: u32,
    moves: u32,
    misplaced: usize,
    solved: bool,
    ordered: bool,
    /// Why the position can no longer be solved, when the solver's dead-square or freeze test
    /// says so ([`delve_sokoban::Dead`]).
    dead: Option<String>,
    /// The position as a level for `POST /api/sokoban/solve`, its boxes paired as here; `None`
    /// when XSB cannot say it ([`Playthrough::to_level`]).
    xsb: Option<String>,
    /// The move the replay stopped at (the moves after it are not played), if any.
    illegal: Option<IllegalMove>,
}

/// Replays `moves` on `level` from its start, up to the first move that cannot be made.
fn replay_moves(level: &Level, moves: &str, ordered: bool) -> Position {
    let mut game = Playthrough::new(level, ordered);
    let illegal = moves.chars().enumerate().find_map(|(index, letter)| {
        game.step(letter).err().map(|why| IllegalMove { index, letter, reason: why.to_string() })
    });
    let (pushes, moves) = game.counts();
    Position {
        rows: game.render().lines().map(str::to_string).collect(),
        player: game.player(),
        boxes: game.boxes(),
        goals: game.goals().to_vec(),
        history: game.history().to_string(),
        pushes,
        moves,
        misplaced: game.misplaced(),
        solved: game.is_solved(),
        ordered: game.is_ordered(),
        dead: is_dead(&game).map(|why| why.to_string()),
        xsb: game.to_level().map(|level| level.to_string()),
        illegal,
    }
}

async fn play(State(state): State<AppState>, ApiJson(req): ApiJson<PlayRequest>) -> Result<Json<Position>, ApiError> {
    let count = req.moves.chars().count();
    if count > MAX_MOVES {
        return Err(ApiError::bad_request(format!(
            "moves: the page replays at most {MAX_MOVES} moves, not {count} (use `delve sokoban play` for longer games)"
        )));
    }
    // Reading the level and replaying: the work of a job, off the async threads.
    blocking(&state, move || {
        let level = open(&req.level)?;
        Ok(Json(replay_moves(&level, &req.moves, req.ordered)))
    })
    .await
}

/// The body of `POST /api/sokoban/solve`: `delve sokoban solve`'s options.
#[derive(Deserialize)]
struct SolveRequest {
    #[serde(flatten)]
    level: LevelChoice,
    /// `optimal` (the default), `pushes`, `fast` or `any`.
    #[serde(default)]
    mode: Option<String>,
    #[serde(default)]
    ordered: bool,
    #[serde(flatten)]
    knobs: Knobs,
}

async fn solve_level(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<SolveRequest>,
) -> Result<Response, ApiError> {
    let mode = req.mode.as_deref().unwrap_or("optimal").parse::<Mode>().map_err(ApiError::bad_request)?;
    respond(&state, &headers, req.knobs, 0, move |limits, sink| -> Result<Report, ApiError> {
        // The level is read inside the job, off the async threads.
        let level = open(&req.level)?;
        let observer = Streamer::new(sink, NoView);
        let solved =
            solve_parallel(&level, req.ordered, mode, job_threads(), limits, observer).map_err(|e| match e {
                SolveError::TooLarge(e) => ApiError::bad_request(e),
                other => ApiError::internal(other),
            })?;
        Ok(solved.report(&level))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_collection_parses_and_levels_are_found_by_name() {
        let sizes: Vec<usize> = collections().iter().map(|(_, l)| l.len()).collect();
        assert_eq!(sizes, [155, 90]);
        assert_eq!(shipped("microban/3").map(|l| l.number), Some(3));
        assert_eq!(shipped("xsokoban90/90").map(|l| l.number), Some(90));
        for bad in ["microban/0", "microban/156", "microban", "other/1", "../microban.xsb", "microban/x"] {
            assert!(shipped(bad).is_none(), "{bad}");
        }
    }
}
