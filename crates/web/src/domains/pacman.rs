//! Pacman (`delve pacman`): `GET /api/pacman/layouts`, `POST /api/pacman/layout` (a maze to
//! draw) and `POST /api/pacman/play`, one seeded
//! game of an agent against the ghosts: the report `delve pacman play --json` prints, the
//! maze, and a frame per Pacman move for the page to animate.
//!
//! Bounded: at most `MAX_MOVES` Pacman moves, a depth of at most `MAX_DEPTH`, and every
//! move's search within what is left of the job's time (and its node limit and cancel flag);
//! a game cut short says why in `stop_reason`, its frames ending where it stopped.

use super::{Asset, Domain, LevelChoice};
use crate::{ApiError, ApiJson, AppState, Knobs, respond};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use delve_core::{Limits, StopReason, rand::SeedableRng, random::SeededRng};
use delve_pacman::agents::{AgentError, AgentSpec, Distances, PacmanAgent};
use delve_pacman::ghosts::GhostKind;
use delve_pacman::layout::Layout;
use delve_pacman::play::{PlayReport, play};
use delve_pacman::rules::{Dir, Rules, State as Position};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::cell::Cell;
use std::sync::Arc;
use std::time::Instant;

/// The most Pacman moves of a game on the page.
const MAX_MOVES: usize = 2000;
/// The deepest search the page asks for (depth 4 on a big maze takes seconds a move).
const MAX_DEPTH: u32 = 4;
/// The largest maze a pasted layout may have, in cells.
const MAX_CELLS: usize = 4096;

/// The Pacman domain.
pub const DOMAIN: Domain = Domain {
    name: "pacman",
    title: "Pacman",
    about: "Watch an agent (reflex, minimax, alpha-beta, expectimax) play a maze against seeded ghosts.",
    page: Some("pacman.html"),
    assets: &[
        Asset { name: "pacman.html", bytes: include_bytes!("../../assets/pacman.html") },
        Asset { name: "pacman.js", bytes: include_bytes!("../../assets/pacman.js") },
    ],
    routes,
};

fn routes() -> Router<AppState> {
    Router::new().route("/layouts", get(layouts)).route("/layout", post(layout)).route("/play", post(play_game))
}

async fn layouts() -> Json<Value> {
    Json(json!({ "layouts": Layout::names().collect::<Vec<_>>() }))
}

/// Opens the layout `choice` names or holds, within the page's size.
fn open(choice: &LevelChoice) -> Result<Layout, ApiError> {
    let layout = choice.open("/api/pacman/layouts", |name| Layout::named(name).map(Ok), Layout::parse)?;
    if layout.width * layout.height > MAX_CELLS {
        return Err(ApiError::bad_request(format!(
            "text: the page plays mazes of up to {MAX_CELLS} cells, not {}×{}",
            layout.width, layout.height
        )));
    }
    Ok(layout)
}

/// `POST /api/pacman/layout`: the maze to draw before a game.
async fn layout(ApiJson(req): ApiJson<LevelChoice>) -> Result<Json<Maze>, ApiError> {
    Ok(Json(maze_of(&open(&req)?)))
}

/// The body of `POST /api/pacman/play`: `delve pacman play`'s options for one game.
#[derive(Deserialize)]
struct PlayRequest {
    /// A built-in layout (`layout` or `level`) or a `.lay` text (`text`).
    #[serde(flatten)]
    layout: LevelChoice,
    agent: String,
    #[serde(default = "two")]
    depth: u32,
    /// `score` or `better` (the default).
    #[serde(default)]
    eval: Option<String>,
    /// `random` (the default) or `directional`.
    #[serde(default)]
    ghosts: Option<String>,
    /// Expectimax's model of the ghosts: `uniform` (the default) or `directional`.
    #[serde(default)]
    ghost_model: Option<String>,
    #[serde(default)]
    num_ghosts: Option<usize>,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    max_moves: Option<usize>,
    #[serde(flatten)]
    knobs: Knobs,
}

fn two() -> u32 {
    2
}

impl PlayRequest {
    /// The layout's name for the report, the rules, the agent and the ghosts, or why not.
    fn open(&self) -> Result<(String, Rules, PacmanAgent, GhostKind), ApiError> {
        let layout = open(&self.layout)?;
        // The page's bound on the depth is checked where the shared one is (after the agent).
        let spec = AgentSpec {
            agent: &self.agent,
            depth: if self.depth > MAX_DEPTH { 0 } else { self.depth },
            eval: self.eval.as_deref().unwrap_or("better"),
            ghosts: self.ghosts.as_deref().unwrap_or("random"),
            ghost_model: self.ghost_model.as_deref().unwrap_or("uniform"),
            far_ghosts: None,
        };
        let page_depth =
            || ApiError::bad_request(format!("depth: the page searches 1 to {MAX_DEPTH} rounds, not {}", self.depth));
        let (agent, ghosts) = match spec.build() {
            Err(AgentError::Depth(_)) => return Err(page_depth()),
            Err(e) => return Err(ApiError::bad_request(e.to_string())),
            Ok(built) => built,
        };
        let name = self.layout.level.clone().unwrap_or_else(|| "text".to_string());
        let rules = Rules::new(Arc::new(layout), self.num_ghosts);
        Ok((name, rules, agent, ghosts))
    }
}

/// The maze as the page draws it: rows top to bottom (`%` wall, `.` food, `o` capsule,
/// ` ` floor); frames count `y` from the bottom, as CS188 does.
#[derive(Serialize)]
struct Maze {
    width: usize,
    height: usize,
    rows: Vec<String>,
    /// Where Pacman and the ghosts start, `[x, y]`.
    pacman: (usize, usize),
    ghosts: Vec<(usize, usize)>,
}

fn maze_of(layout: &Layout) -> Maze {
    let rows = (0..layout.height)
        .rev()
        .map(|y| {
            (0..layout.width)
                .map(|x| {
                    if layout.is_wall(x, y) {
                        '%'
                    } else if layout.capsules.contains(&(x, y)) {
                        'o'
                    } else if layout.food[x + y * layout.width] {
                        '.'
                    } else {
                        ' '
                    }
                })
                .collect()
        })
        .collect();
    Maze { width: layout.width, height: layout.height, rows, pacman: layout.pacman, ghosts: layout.ghosts.clone() }
}

/// One frame: the score, Pacman and each ghost as `[x, y]` in cells (halves while a ghost
/// walks scared), Pacman's heading and each ghost's scared timer.
fn frame(state: &Position) -> Value {
    let at = |a: &delve_pacman::rules::Agent| [f64::from(a.pos.0) / 2.0, f64::from(a.pos.1) / 2.0];
    json!({
        "score": state.score,
        "pacman": at(&state.agents[0]),
        "dir": state.agents[0].dir.name(),
        "ghosts": state.agents[1..].iter().map(|g| json!({ "at": at(g), "scared": g.scared })).collect::<Vec<_>>(),
    })
}

/// What `POST /api/pacman/play` answers.
#[derive(Serialize)]
struct Game {
    /// The game's numbers and settings, as `delve pacman play --json` prints them (its
    /// domain keys; why the game was cut short is `stop_reason` below).
    report: PlayReport,
    /// Whether the game was won, lost, or stopped at the move cap.
    result: &'static str,
    /// The limit that cut the game short (`timeout`, `node_limit`, `cancelled`), if one did.
    stop_reason: Option<&'static str>,
    maze: Maze,
    /// The first state and the state after each Pacman move (and the last).
    frames: Vec<Value>,
}

async fn play_game(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<PlayRequest>,
) -> Result<Response, ApiError> {
    let (name, rules, agent, ghosts) = req.open()?;
    let max_moves = req.max_moves.unwrap_or(MAX_MOVES).min(MAX_MOVES);
    let seed = req.seed;
    respond(&state, &headers, req.knobs, 0, move |limits, _| {
        let dist = Distances::new(&rules);
        let clock = limits.clock();
        let start = Instant::now();
        let stopped: Cell<Option<StopReason>> = Cell::new(None);
        // Each move searches within what is left of the job's time. Once a limit stops one,
        // Pacman stands still to the end (a few cheap ghost moves), and the frames and the
        // report end where he stopped.
        let mut pacman = |s: &Position, _: usize| {
            if stopped.get().is_none() {
                let left = limits.time_limit.map(|t| t.saturating_sub(start.elapsed()));
                let each = Limits { time_limit: left, ..limits.clone() };
                match clock.check().and_then(|()| agent.choose_within(&rules, &dist, s, false, &each)) {
                    Ok(choice) => return (choice.action, choice.stats.generated),
                    Err(reason) => stopped.set(Some(reason)),
                }
            }
            (Dir::Stop, 0)
        };
        let mut frames = Vec::new();
        // The moves and the state when the game (or the watching) ended.
        let mut seen = 0usize;
        let mut last = rules.initial_state();
        let mut watch = |s: &Position| {
            if stopped.get().is_some() {
                return;
            }
            seen += 1;
            last = s.clone();
            if s.turn == 0 || s.is_over() {
                frames.push(frame(s));
            }
        };
        let mut rng = SeededRng::seed_from_u64(seed);
        let mut record = play(&rules, &mut pacman, &[ghosts], &mut rng, max_moves, &mut watch);
        let stop_reason = stopped.get().map(StopReason::name);
        if stop_reason.is_some() {
            record.moves.truncate(seen.saturating_sub(1));
            (record.score, record.win, record.capped) = (last.score, false, true);
        }
        let result = match (record.win, record.capped) {
            (true, _) => "won",
            (false, true) => "stopped",
            (false, false) => "lost",
        };
        Ok(Game {
            report: PlayReport::new(std::slice::from_ref(&record), &name, &agent, ghosts, seed, start.elapsed()).detail,
            result,
            stop_reason,
            maze: maze_of(&rules.layout),
            frames,
        })
    })
    .await
}
