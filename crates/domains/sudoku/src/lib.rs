//! # delve-sudoku
//!
//! Sudoku for delve: the 9×9 grid ([`Sudoku`]), its text formats, an independent checker,
//! and its model on the general CSP engine (`delve_csp`): 81 variables with domains 1..=9
//! (a given is a singleton) and 27 all-different constraints (rows, columns, boxes). The
//! solving is all `delve_csp`'s (backtracking with MAC or forward checking, min-conflicts,
//! counting): this crate holds no search of its own, only the engine's configurations it
//! offers ([`Solver`]), which is the point of it — a second model, beside N-Queens, that
//! shows the engine is general.
//!
//! | module | what it does |
//! | --- | --- |
//! | [`grid`] | the grid: text formats, the checker, and its CSP model |
//! | [`report`] | the report of a run (the CLI's `--json`, the web API) |
//! | [`solver`] | the solvers offered, each a configuration of `delve_csp` |
//! | [`error`] | errors reading grids |
//!
//! ```
//! use delve_csp::{Config, solve};
//! use delve_core::{Limits, NoObserver};
//! use delve_sudoku::Sudoku;
//! let grid: Sudoku =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
//! let out = solve(&grid.to_csp(), &Config::mac(), &Limits::none(), &mut NoObserver);
//! let solved = Sudoku::from_assignment(out.solution().unwrap());
//! assert!(solved.is_solved() && solved.extends(&grid));
//! assert_eq!(&solved.to_line()[..9], "534678912");
//! ```

pub mod error;
pub mod grid;
pub mod report;
pub mod solver;

pub use error::SudokuError;
pub use grid::Sudoku;
pub use report::SudokuDetail;
pub use solver::{Solver, UnknownSolver};
