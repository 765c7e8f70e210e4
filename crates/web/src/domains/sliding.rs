//! Sliding-tile puzzles (`delve sliding`): `POST /api/sliding/solve` and
//! `POST /api/sliding/enumerate`, returning the CLI's reports, and `POST /api/sliding/board`,
//! which reads a state and goal in any notation the CLI takes (keypad `789456B23` or
//! numbers) for the page; the page plays a board, animates the optimal path and draws the
//! enumeration's histogram.

use super::{Asset, Domain};
use crate::{ApiError, ApiJson, AppState, Knobs, NoView, Streamer, View, respond};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use axum::{Json, Router};
use delve_core::Algorithm;
use delve_sliding::enumerate::{enumerate, stopped_report};
use delve_sliding::heuristic::{Heuristic, LinearConflict, Manhattan};
use delve_sliding::notation::{Notation, default_goal, format_state, label, parse_state, resolve_goal};
use delve_sliding::pdb::{AdditivePdb, Partition, table_path};
use delve_sliding::solve::{HeuristicRequest, Method, solve_one};
use delve_sliding::{Cells, Dims, Error as SlidingError, Grid, Position, problem::Trail};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

/// Events with a board a stream may carry, on boards of up to 9 cells (larger boards stream
/// iterations and statistics only).
const DETAIL: u64 = 20_000;
/// The largest board the server enumerates (2×5: 1,814,400 states; 3×4's 239,500,800 pass
/// the 50-million-node cap of a job).
const MAX_ENUMERATED_CELLS: usize = 10;

/// The sliding-puzzle domain.
pub const DOMAIN: Domain = Domain {
    name: "sliding",
    title: "Sliding puzzles",
    about: "Play a board, solve it optimally and watch the path; every board's depth histogram.",
    page: Some("sliding.html"),
    assets: &[
        Asset { name: "sliding.html", bytes: include_bytes!("../../assets/sliding.html") },
        Asset { name: "sliding.js", bytes: include_bytes!("../../assets/sliding.js") },
    ],
    routes,
};

fn routes() -> Router<AppState> {
    Router::new().route("/solve", post(solve)).route("/enumerate", post(enumerate_board)).route("/board", post(board))
}

/// The body of `POST /api/sliding/board`: a state, and optionally its board and goal, as
/// `delve sliding solve` takes them.
#[derive(Deserialize)]
struct BoardRequest {
    state: String,
    #[serde(default)]
    size: Option<String>,
    #[serde(default)]
    goal: Option<String>,
}

/// A state read for the page: its board, notation, tiles and goal (tile numbers as the
/// solver's `path` moves them: 0 is the blank; in keypad notation tile `t` is label `t + 1`),
/// and how each tile is labelled, so the page draws keypad boards as keypad boards.
#[derive(Serialize)]
struct BoardView {
    rows: usize,
    cols: usize,
    /// `"keypad"` or `"numbers"`.
    notation: &'static str,
    /// The state as the notation writes it.
    state: String,
    tiles: Vec<u8>,
    /// The goal as the notation writes it: the given one, or the notation's default (the
    /// keypad goal `789456B23` for keypad input).
    goal: String,
    goal_tiles: Vec<u8>,
    /// The label of each tile number (`labels[t]`), `""` for the blank.
    labels: Vec<String>,
}

/// `POST /api/sliding/board`: reads a state and its goal, so the page parses nothing itself.
async fn board(ApiJson(req): ApiJson<BoardRequest>) -> Result<Json<BoardView>, ApiError> {
    let size = req.size.as_deref().map(Dims::parse).transpose().map_err(bad)?;
    let (start, notation) = parse_state(&req.state, size).map_err(bad)?;
    let goal = goal_of(req.goal.as_deref(), start.dims(), notation)?;
    let dims = start.dims();
    let labels = (0..dims.cells() as u8).map(|t| if t == 0 { String::new() } else { label(t, notation) }).collect();
    Ok(Json(BoardView {
        rows: dims.rows(),
        cols: dims.cols(),
        notation: match notation {
            Notation::Keypad => "keypad",
            Notation::RowMajor => "numbers",
        },
        state: format_state(&start, notation),
        tiles: start.tiles().to_vec(),
        goal: format_state(&goal, notation),
        goal_tiles: goal.tiles().to_vec(),
        labels,
    }))
}

/// The body of `POST /api/sliding/solve`: `delve sliding solve`'s options.
#[derive(Deserialize)]
struct SolveRequest {
    state: String,
    #[serde(default)]
    size: Option<String>,
    #[serde(default)]
    goal: Option<String>,
    #[serde(default = "idastar")]
    algo: String,
    #[serde(default = "auto")]
    heuristic: String,
    #[serde(flatten)]
    knobs: Knobs,
}

fn idastar() -> String {
    "idastar".to_string()
}

fn auto() -> String {
    "auto".to_string()
}

/// Shows a position as its tiles, row by row (0 is the blank); estimates with the
/// requested heuristic when it is Manhattan distance or linear conflict.
struct Tiles {
    cells: usize,
    heuristic: Estimate,
}

/// The heuristic a [`Tiles`] view estimates with.
enum Estimate {
    None,
    Manhattan(Manhattan),
    LinearConflict(LinearConflict),
}

impl<C: Cells> View<Position<C>> for Tiles {
    fn show(&self, p: &Position<C>) -> Value {
        p.tiles(self.cells).into()
    }
    fn estimate(&self, p: &Position<C>) -> Option<Value> {
        match &self.heuristic {
            Estimate::None => None,
            Estimate::Manhattan(h) => Some(h.estimate(p).into()),
            Estimate::LinearConflict(h) => Some(h.estimate(p).into()),
        }
    }
}

/// The 24-puzzle's search reports whole boards.
impl View<Grid> for Tiles {
    fn show(&self, g: &Grid) -> Value {
        g.tiles().to_vec().into()
    }
    fn estimate(&self, g: &Grid) -> Option<Value> {
        self.estimate(&Position::<delve_sliding::Bytes>::from_tiles(g.tiles()))
    }
}

impl<C: Cells> View<Trail<C>> for Tiles {
    fn show(&self, t: &Trail<C>) -> Value {
        self.show(&t.pos)
    }
    fn estimate(&self, t: &Trail<C>) -> Option<Value> {
        self.estimate(&t.pos)
    }
}

fn bad(e: SlidingError) -> ApiError {
    ApiError::bad_request(e)
}

/// The goal: `goal` on the start's board, or the notation's default.
fn goal_of(goal: Option<&str>, board: Dims, notation: Notation) -> Result<Grid, ApiError> {
    resolve_goal(goal, board, notation).map_err(|e| ApiError::bad_request(format!("goal: {e}")))
}

/// Where `delve sliding pdb build` caches pattern databases.
fn pdb_dir() -> Result<std::path::PathBuf, SlidingError> {
    dirs::cache_dir()
        .map(|d| d.join("delve").join("pdb"))
        .ok_or_else(|| SlidingError::Unsupported("no cache directory".into()))
}

/// Whether every table of `goal`'s pattern database is cached: a look at the files' names
/// only, cheap enough for the request's own thread (the tables are hundreds of megabytes,
/// read inside the job when the search starts).
fn pdb_is_cached(goal: &Grid) -> bool {
    pdb_dir().is_ok_and(|dir| {
        Partition::default_for(goal).groups().iter().all(|tiles| table_path(&dir, goal, tiles).is_file())
    })
}

/// The pattern database cached on this machine for `goal`, if `delve sliding pdb build` made
/// one: the server never builds one itself (minutes and gigabytes for 4×4).
fn cached_pdb(goal: &Grid) -> Result<Arc<AdditivePdb>, SlidingError> {
    let dir = pdb_dir()?;
    AdditivePdb::load(&dir, goal, &Partition::default_for(goal)).map(Arc::new).map_err(|_| {
        SlidingError::Unsupported(format!(
            "no pattern database for this goal is cached; the server does not build one (run `delve sliding pdb build {}` once, or use linear-conflict)",
            goal.dims()
        ))
    })
}

async fn solve(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<SolveRequest>,
) -> Result<Response, ApiError> {
    let size = req.size.as_deref().map(Dims::parse).transpose().map_err(bad)?;
    let (start, notation) = parse_state(&req.state, size).map_err(bad)?;
    let goal = goal_of(req.goal.as_deref(), start.dims(), notation)?;
    let algorithm = req.algo.parse::<Algorithm>().map_err(ApiError::bad_request)?;
    let mut heuristic = req.heuristic.parse::<HeuristicRequest>().map_err(ApiError::bad_request)?;
    let cells = start.dims().cells();
    // `auto` picks a pattern database on 10 to 25 cells; without a cached one, linear conflict.
    if heuristic == HeuristicRequest::Auto && (10..=25).contains(&cells) && !pdb_is_cached(&goal) {
        heuristic = HeuristicRequest::LinearConflict;
    }
    let (detail, estimate) = match heuristic {
        _ if cells > 9 => (0, Estimate::None),
        HeuristicRequest::Manhattan => (DETAIL, Estimate::Manhattan(Manhattan::new(&goal))),
        HeuristicRequest::LinearConflict | HeuristicRequest::Auto => {
            (DETAIL, Estimate::LinearConflict(LinearConflict::new(&goal)))
        }
        HeuristicRequest::Pdb => (DETAIL, Estimate::None),
    };
    respond(&state, &headers, req.knobs, detail, move |limits, sink| {
        let method = Method { algorithm, heuristic };
        let observer = Streamer::new(sink, Tiles { cells, heuristic: estimate });
        let solved = solve_one(&start, &goal, notation, method, cached_pdb, limits, observer).map_err(bad)?;
        Ok(solved.report)
    })
    .await
}

/// The body of `POST /api/sliding/enumerate`: `delve sliding enumerate`'s options.
#[derive(Deserialize)]
struct EnumerateRequest {
    board: String,
    #[serde(default)]
    goal: Option<String>,
    #[serde(default)]
    row_major: bool,
    #[serde(flatten)]
    knobs: Knobs,
}

async fn enumerate_board(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<EnumerateRequest>,
) -> Result<Response, ApiError> {
    let board = Dims::parse(&req.board).map_err(bad)?;
    if board.cells() > MAX_ENUMERATED_CELLS {
        return Err(ApiError::bad_request(format!(
            "the page enumerates boards of up to {MAX_ENUMERATED_CELLS} cells, not {board} (use `delve sliding enumerate {board}`)"
        )));
    }
    let (goal, notation) = match &req.goal {
        Some(g) => parse_state(g, Some(board)).map_err(|e| ApiError::bad_request(format!("goal: {e}")))?,
        None if board.cells() <= 9 && !req.row_major => (default_goal(board, Notation::Keypad), Notation::Keypad),
        None => (Grid::standard_goal(board), Notation::RowMajor),
    };
    let memory = state.config().max_memory;
    respond(&state, &headers, req.knobs, 0, move |limits, sink| {
        match enumerate(&goal, memory, limits, Streamer::new(sink, NoView)) {
            Ok(space) => Ok(space.report(notation)),
            Err(SlidingError::Stopped { reason, stats }) => Ok(stopped_report(&goal, notation, reason, stats)),
            Err(e) => Err(bad(e)),
        }
    })
    .await
}
