//! The Search lab: one page that steps through BFS, UCS, iterative lengthening, A* and IDA*
//! on Romania (`/api/route/search`), an 8-puzzle (`/api/sliding/solve`) and a small grid
//! (`POST /api/lab/grid`, here), from the events the library's algorithms emit — the
//! frontier, the explored set, g/h/f of every node and each iteration's bound.

use super::{Asset, Domain};
use crate::{ApiError, ApiJson, AppState, Knobs, Streamer, View, respond};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use delve_core::{Algorithm, Finished, Problem, Successor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Events with a cell a stream may carry.
const DETAIL: u64 = 20_000;
/// The largest grid side.
const MAX_SIDE: usize = 40;

/// The Search lab.
pub const DOMAIN: Domain = Domain {
    name: "lab",
    title: "Search lab",
    about: "Step through BFS, UCS, iterative lengthening, A* and IDA* on Romania, an 8-puzzle, a grid.",
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

/// A cell: (row, column).
type Pos = (u16, u16);

/// A small grid world: walls `#`, open cells `.` (cost 1 to enter), mud `~` (cost 3), the
/// start `S` and the goal `G`; moves go up, down, left and right. The heuristic is the
/// Manhattan distance (every step costs at least 1, so it is admissible and consistent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridWorld {
    rows: usize,
    cols: usize,
    /// Each cell's entry cost; `None` for a wall.
    cost: Vec<Option<u32>>,
    start: Pos,
    goal: Pos,
}

impl GridWorld {
    /// Parses the grid's text (one line per row, all the same length).
    ///
    /// ```
    /// let g = delve_web::domains::lab::GridWorld::parse("S.#\n~.G").unwrap();
    /// assert_eq!(g.size(), (2, 3));
    /// assert!(delve_web::domains::lab::GridWorld::parse("S..").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<GridWorld, String> {
        let lines: Vec<&str> = text.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect();
        let rows = lines.len();
        let cols = lines.first().map_or(0, |l| l.chars().count());
        if rows == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(format!("a grid has 1 to {MAX_SIDE} rows and columns, found {rows}×{cols}"));
        }
        let (mut start, mut goal, mut cost) = (None, None, Vec::with_capacity(rows * cols));
        for (r, line) in lines.iter().enumerate() {
            if line.chars().count() != cols {
                return Err(format!("row {}: {} cells, but row 1 has {cols}", r + 1, line.chars().count()));
            }
            for (c, ch) in line.chars().enumerate() {
                let at = (r as u16, c as u16);
                cost.push(match ch {
                    '#' => None,
                    '.' => Some(1),
                    '~' => Some(3),
                    'S' if start.is_none() => {
                        start = Some(at);
                        Some(1)
                    }
                    'G' if goal.is_none() => {
                        goal = Some(at);
                        Some(1)
                    }
                    'S' | 'G' => return Err(format!("row {}, column {}: a second `{ch}`", r + 1, c + 1)),
                    other => {
                        return Err(format!("row {}, column {}: expected # . ~ S or G, found `{other}`", r + 1, c + 1));
                    }
                });
            }
        }
        let start = start.ok_or("the grid has no start `S`")?;
        let goal = goal.ok_or("the grid has no goal `G`")?;
        Ok(GridWorld { rows, cols, cost, start, goal })
    }

    /// (rows, columns).
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }
}

impl Problem for GridWorld {
    type State = Pos;
    type Action = char;
    type Cost = u32;

    fn initial_state(&self) -> Pos {
        self.start
    }
    fn is_goal(&self, state: &Pos) -> bool {
        *state == self.goal
    }
    fn expand(&self, &(r, c): &Pos, out: &mut Vec<Successor<Pos, char, u32>>) {
        let (r, c) = (r as isize, c as isize);
        for (dr, dc, action) in [(-1, 0, 'U'), (1, 0, 'D'), (0, -1, 'L'), (0, 1, 'R')] {
            let (nr, nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr as usize >= self.rows || nc as usize >= self.cols {
                continue;
            }
            if let Some(cost) = self.cost[nr as usize * self.cols + nc as usize] {
                out.push(Successor { action, state: (nr as u16, nc as u16), cost });
            }
        }
    }
    fn heuristic(&self, &(r, c): &Pos) -> u32 {
        u32::from(r.abs_diff(self.goal.0) + c.abs_diff(self.goal.1))
    }
}

/// Shows a cell as `[row, column]`; estimates with the grid's Manhattan distance.
struct Cells<'w>(&'w GridWorld);

impl View<Pos> for Cells<'_> {
    fn show(&self, &(r, c): &Pos) -> Value {
        serde_json::json!([r, c])
    }
    fn estimate(&self, cell: &Pos) -> Option<Value> {
        Some(self.0.heuristic(cell).into())
    }
}

/// The grid's fields of a report.
#[derive(Serialize)]
struct GridDetail {
    /// The path's cost, when found.
    cost: Option<u32>,
    /// The cells of the path, start first, as `[row, column]`.
    path: Option<Vec<Pos>>,
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
    let world = GridWorld::parse(&req.grid).map_err(|e| ApiError::bad_request(format!("grid: {e}")))?;
    let algorithm = req.algo.parse::<Algorithm>().map_err(ApiError::bad_request)?;
    respond(&state, &headers, req.knobs, DETAIL, move |limits, sink| {
        let result = algorithm
            .run(&world, limits, Streamer::new(sink, Cells(&world)))
            .map_err(|_| ApiError::bad_request(format!("algo: {algorithm} is not offered on the grid")))?;
        let solution = result.solution();
        let detail = GridDetail {
            cost: solution.map(|s| s.cost),
            path: solution.map(|s| s.states.clone()),
            moves: solution.map(|s| s.actions.iter().collect()),
        };
        Ok(result.report(detail))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_core::{Limits, NoObserver};

    #[test]
    fn mud_makes_the_cheapest_path_longer_than_the_shortest() {
        let world = GridWorld::parse("S~G\n...").unwrap();
        let ucs = Algorithm::Ucs.run(&world, &Limits::none(), NoObserver).unwrap();
        assert_eq!(ucs.solution().unwrap().cost, 4);
        let bfs = Algorithm::Bfs.run(&world, &Limits::none(), NoObserver).unwrap();
        assert_eq!(bfs.solution().unwrap().len(), 2);
    }

    #[test]
    fn bad_grids_say_where() {
        assert_eq!(GridWorld::parse("S.\n.").unwrap_err(), "row 2: 1 cells, but row 1 has 2");
        assert_eq!(GridWorld::parse("S.x\n..G").unwrap_err(), "row 1, column 3: expected # . ~ S or G, found `x`");
        assert_eq!(GridWorld::parse("S.\nSG").unwrap_err(), "row 2, column 1: a second `S`");
    }
}
