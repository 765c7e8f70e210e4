//! # delve-sokoban
//!
//! Sokoban for delve: a player pushes boxes (one at a time, never pulling) until every box
//! is on a goal. This crate reads XSB levels and collections ([`Level`],
//! [`parse_collection`], errors with line and column) and the original course solver's level
//! file ([`parse_course`]; either format: [`LevelFile`], [`Format`], which also writes them),
//! compiles a level into a compact [`Board`], states the game as a `delve-core`
//! [`Problem`](delve_core::Problem) over pushes ([`SokobanProblem`]), solves it in four modes
//! ([`solve`](fn@solve), [`Mode`]) and replays every solution with an independent checker
//! ([`replay`](fn@replay)) that counts pushes and moves.
//! Play mode's positions ([`Playthrough`]) are judged by the solver's dead-square and freeze
//! tests ([`DeadCheck`]).
//!
//! The original course solver (an A* Sokoban solver from a university AI course assignment;
//! see the guide's Sokoban chapter) offered a push-optimal mode, a fast weighted mode and a
//! play mode; this crate keeps those and adds the move-optimal and `--any` modes.
//!
//! The pipeline, one way: text → level → board → problem → searches → LURD → replay.
//!
//! ```text
//! XSB text ─ rules::level ─▶ Level ─ rules::board ─▶ Board ─┬─ search::problem (+ settings)
//!                                                           │     ├ prune::*  dead positions dropped
//!                                                           │     └ fess::*   macros, cells, advisors
//!                                                           │
//!  solve(mode) ─┬ optimal / pushes / fast: core's A* (parallel) on the problem
//!               └ any: any::portfolio ─ race, then lanes (steps from plans::*)
//!                          │
//!         pushes ─ search::layout ─▶ LURD ─ rules::replay ─▶ checked solution
//! ```
//!
//! | module | what it does |
//! | --- | --- |
//! | [`rules`] | the game with no search in it: [`level`](rules::level) (XSB levels and collections, errors with line and column), [`course`](rules::course) (the original course solver's `levels.txt`), [`file`](rules::file) (either format: detection, numbering, writing), [`board`](rules::board) (floor squares, goals, push distances, dead squares, Zobrist keys), [`size`](rules::size) (the size classes the solvers are generic over), [`replay`](mod@rules::replay) (the independent checker every solution goes through) |
//! | [`search`] | Sokoban as a `delve-core` problem over pushes: [`state`](search::state), [`problem`](search::problem) (bound and prunings), [`settings`](search::settings) (the checked builder, the modes' presets), [`symmetry`](search::symmetry), [`layout`](search::layout) (pushes as LURD) |
//! | [`prune`] | positions proved dead: [`deadlock`](prune::deadlock) (freeze), [`dead_position`](prune::dead_position) (the dead-square and freeze tests on a position being played), [`corral`](prune::corral) (PI-corrals), [`corral_deadlock`](prune::corral_deadlock), [`deadlock_table`](prune::deadlock_table), [`frozen_goals`](prune::frozen_goals) |
//! | [`fess`] | the guidance of the cycling searches: [`rooms`](fess::rooms) (goal rooms, packing orders), [`packing`](fess::packing) (packing macros), [`features`](fess::features) (cells and advisors), [`strategy`](fess::strategy) |
//! | [`plans`] | plans made before a search: [`sinks`](plans::sinks) (routes from Festival-style backward searches), [`parking`](plans::parking) (the level split where every goal is empty) |
//! | [`any`] | the `--any` portfolio: [`Budget`](any::Budget), [`Tally`](any::Tally), the race, the lanes and the [`steps`](any::steps) |
//! | [`solve`](mod@solve) | the four modes, the solve entry points and the report |
//! | [`bench`](mod@bench) | a collection solved level by level, on several jobs |
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
//! * **Size classes**: the solvers are generic over a [`Size`]: a level is solved as
//!   [`Small`] (255 reachable floor squares, 38 boxes, a square in a byte: every Microban and
//!   XSokoban level) when it fits, else as [`Large`] (1,279 squares, 127 boxes); larger
//!   levels are refused with a message naming the limit.

pub mod any;
pub mod bench;
pub mod fess;
pub mod plans;
pub mod prune;
pub mod rules;
pub mod search;
pub mod solve;

pub use fess::strategy::{Advisors, Packing, Strategy};
pub use prune::dead_position::{Dead, DeadCheck, is_dead};
pub use rules::board::{Board, DIRS, FAR, LETTERS};
pub use rules::course::parse_course;
pub use rules::file::{Format, LevelFile};
pub use rules::level::{ErrorKind, Level, ParseError, parse_collection, parse_levels};
pub use rules::playthrough::{Cell, Illegal, Placed, Playthrough, Step};
pub use rules::replay::{Replay, ReplayError, replay};
pub use rules::size::{Large, Size, Small, Square, SquareSet};
pub use search::layout::lay_out;
pub use search::problem::SokobanProblem;
pub use search::settings::{Settings, SettingsBuilder, SettingsError};
pub use search::state::{Cost, Push, State};
pub use solve::{
    LevelReport, Lurd, Mode, Report, SokobanObserver, SolveError, Solved, Unsolved, solve, solve_parallel,
};

/// The collections shipped with delve, as (name, XSB text): Microban (155 levels) and
/// XSokoban's 90 (see `data/SOURCES.md`).
pub fn collections() -> &'static [(&'static str, &'static str)] {
    &[("microban", include_str!("../data/microban.xsb")), ("xsokoban90", include_str!("../data/xsokoban90.xsb"))]
}
