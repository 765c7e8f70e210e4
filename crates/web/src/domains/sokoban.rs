//! Sokoban (`delve sokoban`): `GET /api/sokoban/levels` (the shipped collections),
//! `POST /api/sokoban/level` (a level to play) and `POST /api/sokoban/solve` (the report
//! `delve sokoban solve --json` prints). The page is the original solver's play mode: arrows move,
//! D undoes, R restarts, P solves fast and Space optimally from the current position, and
//! the solution plays back step by step.

use super::{Asset, Domain, LevelChoice};
use crate::{ApiError, ApiJson, AppState, Knobs, NoView, Streamer, blocking, job_threads, respond};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use delve_sokoban::{Level, Mode, Report, SolveError, parse_collection, solve_parallel};
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

fn routes() -> Router<AppState> {
    Router::new().route("/levels", get(levels)).route("/level", post(level)).route("/solve", post(solve_level))
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
