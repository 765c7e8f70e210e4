//! # delve-sliding
//!
//! Sliding-tile puzzles on any m×n board (2 ≤ m·n ≤ 36, lines of one row or column included)
//! for delve. The original study
//! (a blog series on the fewest moves of the Last Origin game's slide puzzles; see the
//! guide's Sliding chapter) worked on 3×3 boards in a keypad notation; this crate offers its
//! keypad notation and the common row-major one ([`notation`]), solvability by parity
//! ([`Grid::parity`]; on a line, where the tiles never pass each other, by their order),
//! compact `Copy` states ([`Position`] over packed [`Nibbles`] or
//! [`Bytes`]), a perfect rank/unrank onto the reachable half of the permutations
//! ([`rank::Ranker`]), whole-space enumeration ([`enumerate`]), admissible heuristics
//! (Manhattan, linear conflict, additive pattern databases with reflection: [`heuristic`],
//! [`pdb`]), optimal solving through `delve-core`'s generic algorithms ([`solve`]), the
//! per-state depth table saved from an enumeration and read back ([`table`]), and the
//! original study's sample analytics and pool-size estimates ([`analytics`], [`pool`]).
//!
//! | module | what it does |
//! | --- | --- |
//! | [`board`] | board geometry: dimensions, neighbours, the blank's moves |
//! | [`state`] | the validated [`Grid`] at the edges and the compact `Copy` [`Position`] |
//! | [`notation`] | keypad and row-major notations, their parsers and printers |
//! | [`rank`] | perfect ranking of permutations, and the numbering of reachable states ([`rank::StateIndex`]) |
//! | [`enumerate`] | whole-space breadth-first enumeration from the goal, multithreaded |
//! | [`table`] | the per-state depth table: CSV and binary files, checked on load, lookups |
//! | [`heuristic`] | Manhattan distance and linear conflict |
//! | [`pdb`] | additive pattern databases with reflection, up to 32 cells |
//! | [`pdb_idastar`] | IDA* over a pattern database on all threads, look-ups updated move by move (the 24-puzzle) |
//! | [`pruning`] | duplicate-move pruning for depth-first searches: Taylor and Korf's automaton, learnt |
//! | [`problem`] | the puzzle as a `delve-core` problem, graph and tree formulations |
//! | [`mod@solve`] | the solving policy: parity first, the heuristic and state that fit the board |
//! | [`korf`] | Korf's 100 random 15-puzzle instances with their optimal lengths |
//! | [`analytics`] | the original study's sample analytics on a CSV of observed puzzles |
//! | `csv` | the CSV reader (fields with their line and column) of samples and tables |
//! | [`pool`] | estimating a hidden pool of patterns from samples |
//! | [`error`] | the crate's error type |
//!
//! Design: the domain owns its state encoding and heuristics; searching is delegated to
//! the generic algorithms through [`problem::SlidingProblem`] (and
//! [`problem::SlidingTree`] for depth-first searches, which skips the move that undoes the
//! previous one). The enumeration and the pattern-database builds are whole-space
//! computations over rank-indexed tables, so they live here rather than in the core.
//! Nothing here prints: every long job (searches, enumerations, table builds, batches)
//! reports through a `delve_core::Observer` and honours `delve_core::Limits`, and every
//! result has a serialisable report (`delve_core::Report` with the domain's detail, or a
//! plain struct for tables and estimates) that front ends print as they are.
//!
//! ```
//! use delve_sliding::{notation::parse_state, enumerate::enumerate};
//! use delve_core::{Limits, NoObserver};
//! let (start, _) = parse_state("359B26478", None).unwrap();
//! let goal = delve_sliding::notation::keypad_goal(start.dims()).unwrap();
//! let space = enumerate(&goal, u64::MAX, &Limits::none(), NoObserver).unwrap();
//! assert_eq!((space.states(), space.max_depth()), (181_440, 31));
//! assert!(space.depth(&start).unwrap() <= 31);
//! ```

pub mod analytics;
pub mod board;
mod csv;
pub mod enumerate;
pub mod error;
pub mod heuristic;
pub mod korf;
pub mod notation;
pub mod pdb;
pub mod pdb_idastar;
pub mod pool;
pub mod problem;
pub mod pruning;
pub mod rank;
pub mod solve;
pub mod state;
pub mod table;

pub use board::{Dims, Move, move_string};
pub use error::Error;
pub use notation::Notation;
pub use state::{Bytes, Cells, Grid, Nibbles, Position, replay};
