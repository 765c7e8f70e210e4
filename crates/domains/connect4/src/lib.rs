//! # delve-connect4
//!
//! Connect Four on a 7x6 board: bitboard [`Position`]s read from Pascal Pons's move strings
//! (`"4455"`: columns 1 to 7 in the order played), and a [`Solver`] that gives Pons's score
//! for the side to move — 0 for a draw, `22 - n` for a win with the player's `n`-th stone,
//! minus that for a loss — or, solving weakly, only its sign.
//!
//! ```
//! use delve_connect4::{Position, Solver, SolverConfig};
//! use delve_core::Limits;
//! let mut solver = Solver::new(SolverConfig { table_bits: 12, ..SolverConfig::default() });
//! let p = Position::parse("4455").unwrap();
//! assert_eq!(solver.solve(&p, false, &Limits::none()).unwrap().score, 18);
//! assert_eq!(solver.solve(&p, true, &Limits::none()).unwrap().score, 1);
//! let best = solver.best_move(&p, 18, false, &Limits::none()).unwrap();
//! assert!(best == 2 || best == 5); // columns 3 or 6 make an open three on the bottom row
//! ```
//!
//! The solver is a specialised search (see [`solver`] for why, and for the algorithm); the
//! generic engine of delve-game solves the same positions through [`Connect4`]. An optional
//! opening [`Book`] answers the positions near the start without a search ([`book`] gives
//! its file format).
//!
//! | module | what it does |
//! | --- | --- |
//! | [`board`] | the 7x6 board as two bitboards, and Pons's move strings |
//! | [`solver`] | the null-window negamax solver: why a specialised search, and its algorithm |
//! | [`table`] | the lock-free transposition tables, split by depth (internal) |
//! | [`book`] | opening books: exact scores up to a number of plies, and their file format |
//! | [`play`] | what `delve connect4` and the web page show: reports, column scores, the move picked |
//! | [`testset`] | Pons's test-set files |

pub mod board;
pub mod book;
pub mod play;
pub mod solver;
pub mod table;
pub mod testset;

pub use board::{CELLS, HEIGHT, Position, PositionError, WIDTH};
pub use book::{Book, BookError};
pub use play::{ColumnScore, PositionReport, SolveReport, choose};
pub use solver::{Connect4, Solution, Solver, SolverConfig};
