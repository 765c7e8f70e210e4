//! # delve-sokoban
//!
//! Sokoban for delve: a player pushes boxes (one at a time, never pulling) until every box
//! is on a goal. This crate reads XSB levels and collections ([`Level`],
//! [`parse_collection`], errors with line and column), compiles a level into a compact
//! [`Board`], states the game as a `delve-core` [`Problem`](delve_core::Problem) over pushes
//! ([`SokobanProblem`]), solves it in four modes ([`solve`], [`Mode`]) and replays every
//! solution with an independent checker ([`replay`]) that counts pushes and moves.
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

mod board;
mod corral;
mod corral_deadlock;
mod deadlock;
mod deadlock_table;
mod features;
mod frozen_goals;
mod level;
mod macros;
mod packing;
mod parking;
mod problem;
mod replay;
mod sinks;
mod solve;
mod symmetry;

pub use board::{Board, DIRS, FAR, LETTERS, MAX_BOXES, MAX_FLOOR, NONE};
pub use level::{ErrorKind, Level, ParseError, parse_collection};
pub use problem::{Config, Cost, Push, SokobanProblem, State};
pub use replay::{Replay, ReplayError, replay};
pub use solve::{Lurd, Mode, Report, SolveError, Solved, Unsolved, any_search, lay_out, solve, solve_parallel};
