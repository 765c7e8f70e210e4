//! # delve-sokoban
//!
//! Sokoban for delve: a player pushes boxes (one at a time, never pulling) until every box
//! is on a goal. This crate reads XSB levels and collections ([`Level`],
//! [`parse_collection`], errors with line and column), compiles a level into a compact
//! [`Board`], states the game as a `delve-core` [`Problem`](delve_core::Problem) over pushes
//! ([`SokobanProblem`]), solves it in four modes ([`solve`](fn@solve), [`Mode`]) and replays every
//! solution with an independent checker ([`replay`](fn@replay)) that counts pushes and moves.
//!
//! The original course solver (an A* Sokoban solver from a university AI course assignment;
//! see the guide's Sokoban chapter) offered a push-optimal mode, a fast weighted mode and a
//! play mode; this crate keeps those and adds the move-optimal and `--any` modes.
//!
//! | module | what it does |
//! | --- | --- |
//! | [`level`] | XSB levels and collections: parsing, run-length rows, letters, errors with line and column |
//! | [`board`] | the compact board: floor squares, goals, push distances, dead squares, Zobrist keys |
//! | [`problem`] | Sokoban as a `delve-core` problem over pushes, with its bound and prunings |
//! | [`solve`](mod@solve) | the four modes, `--any`'s races and steps, LURD layout and the report |
//! | [`state`] | the search state (boxes and player, with its Zobrist key), its cost and a push |
//! | [`replay`](mod@replay) | the independent checker every solution goes through |
//! | [`deadlock`] | freeze deadlocks: boxes that can never move again, off their goals |
//! | [`corral`] | PI-corral pruning: only the pushes into a corral that must be entered |
//! | [`corral_deadlock`] | corrals whose boxes, searched alone, can never all reach goals |
//! | [`deadlock_table`] | dead patterns learned from small sub-problems around the pushed box |
//! | [`frozen_goals`] | boxes frozen on goals taken as walls: can the others still reach goals? |
//! | [`symmetry`] | mirror, rotation and transposition symmetries: one state per class |
//! | [`macros`] | goal rooms, their packing orders, and the goal-room macro of `--any` |
//! | [`packing`] | packing macros: a box carried to the goal its room fills next |
//! | [`features`] | FESS-style features and advisors for `--any`'s cell-cycling searches |
//! | [`sinks`] | sink plans: Festival-style backward searches that give the boxes a route |
//! | [`parking`] | parking plans: the level split at a position with every goal empty |
//!
//! ```
//! use delve_core::{Limits, NoObserver};
//! use delve_sokoban::{Mode, parse_collection, solve};
//! let levels = parse_collection(include_str!("../data/microban.xsb")).unwrap();
//! let solved = solve(&levels[0], false, Mode::Optimal, &Limits::none(), NoObserver).unwrap();
//! let lurd = solved.solution.unwrap();
//! assert_eq!((lurd.pushes, lurd.moves), (8, 33)); // microban_optimal.tsv, level 1
//! ```
//!
//! Design notes:
//!
//! * **The search is the core's.** [`SokobanProblem`] is a plain `Problem` with a 48-byte
//!   `Copy` state whose hash is its Zobrist key, so `delve-core`'s A* and greedy search (node
//!   store, limits, cancellation, observers) run it unchanged; no specialised search loop.
//! * **Optimality.** [`Mode::Optimal`] searches `(pushes, moves)` lexicographically with the
//!   exact player square in the state, and an admissible, consistent bound
//!   `(matching, matching)`: the first goal A* selects has the fewest pushes and, among
//!   push-optimal solutions, the fewest moves (the walk before each push is a shortest walk,
//!   and the cost counts it). [`Mode::Pushes`] keeps only the push guarantee in a smaller
//!   space (the player normalised to the top-left-most square of its region).
//! * **Pruning is sound**: dead squares (found by pulling a lone box back from each goal),
//!   freeze deadlocks (boxes that can never move again, off their goals) and states whose
//!   boxes cannot all be matched to goals; in every mode but [`Mode::Optimal`], PI-corral
//!   pruning (only the pushes into a corral that must be entered and can be entered now);
//!   in [`Mode::Pushes`] and [`Mode::Any`], corral deadlocks (a corral whose boxes, searched
//!   alone, can never all reach goals), a deadlock table learned from small sub-problems
//!   (the pushed box and the boxes packed around it, searched alone) and boxes frozen on
//!   goals taken as walls (can the other boxes still reach distinct goals?); all prune only
//!   positions proved dead, so they keep the fewest pushes ([`Mode::Any`]'s corral searches
//!   are thorough: they follow the player into the corral). A property test compares the pruned search with a
//!   plain breadth-first search over pushes on random small levels.
//! * **Symmetry**: on a level whose floor and goals are the same under a mirror, rotation or
//!   transposition (Microban 93 has all eight), every successor is stored as the canonical
//!   image of its class, and the path found is unfolded into real pushes before it is laid
//!   out (unordered levels, all modes but [`Mode::Any`]); exact, so optimal stays optimal.
//! * **Limits**: at most [`MAX_FLOOR`] reachable floor squares and [`MAX_BOXES`] boxes;
//!   larger levels are refused with a message naming the limit.

pub mod bench;
pub mod board;
pub mod corral;
pub mod corral_deadlock;
pub mod deadlock;
pub mod deadlock_table;
pub mod features;
pub mod frozen_goals;
pub mod level;
pub mod macros;
pub mod packing;
pub mod parking;
pub mod problem;
pub mod replay;
pub mod sinks;
pub mod solve;
pub mod state;
pub mod symmetry;

pub use board::{Board, DIRS, FAR, LETTERS, MAX_BOXES, MAX_FLOOR, NONE};
pub use level::{ErrorKind, Level, ParseError, parse_collection, parse_levels};
pub use problem::{Config, SokobanProblem};
pub use replay::{Replay, ReplayError, replay};
pub use solve::{
    LevelReport, Lurd, Mode, Report, SolveError, Solved, Unsolved, any_search, lay_out, solve, solve_parallel,
};
pub use state::{Cost, Push, State};

/// The collections shipped with delve, as (name, XSB text): Microban (155 levels) and
/// XSokoban's 90 (see `data/SOURCES.md`).
pub fn collections() -> &'static [(&'static str, &'static str)] {
    &[("microban", include_str!("../data/microban.xsb")), ("xsokoban90", include_str!("../data/xsokoban90.xsb"))]
}
