//! # delve-core
//!
//! The generic state-space search core of delve: the [`Problem`] abstraction (with a
//! closure adapter, [`FnProblem`]), the [`Cost`] trait, and the classic algorithms, each
//! instrumented the same way ([`Stats`]) and bounded the same way ([`Limits`]), reporting
//! an [`Outcome`]. No I/O, no domains: domains implement [`Problem`].
//!
//! Every algorithm is one function `algo(problem, [parameters,] &limits, observer)`.
//! Pass `&mut NoObserver` when you do not need hooks; it costs nothing.
//!
//! ```
//! use delve_core::{FnProblem, Limits, NoObserver, informed::astar, uninformed::bfs};
//! let p = FnProblem::new(0u32, |&n: &u32| vec![(n + 1, 1u32), (n + 5, 4)], |&n: &u32| n == 12);
//! let cheap = astar(&p, &Limits::none(), &mut NoObserver);
//! let short = bfs(&p, &Limits::none(), &mut NoObserver);
//! assert_eq!(cheap.solution().unwrap().cost, 10); // +5 +5 +1 +1
//! assert_eq!(short.solution().unwrap().len(), 4);
//! ```

mod best_first;
pub mod cost;
mod depth_first;
pub mod hash;
pub mod informed;
pub mod local;
pub mod observe;
pub mod outcome;
pub mod problem;
mod tree;
pub mod uninformed;

pub use cost::{Cost, Ordered};
pub use observe::{Meter, NoObserver, Observer};
pub use outcome::{Limits, Outcome, SearchResult, Solution, Stats, StopReason};
pub use problem::{FnProblem, Problem, Reversible, Successor, WithPredecessors};
