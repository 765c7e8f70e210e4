//! # delve-core
//!
//! The generic state-space search core of delve: the [`Problem`] abstraction (with a
//! closure adapter, [`FnProblem`]), the [`Cost`] trait, and the classic algorithms, each
//! instrumented the same way ([`Stats`]), bounded the same way ([`Limits`]: nodes, time,
//! memory, cancellation), watched and steered the same way ([`Observer`] and its [`Event`]s),
//! and reporting an [`Outcome`] that serialises into the one [`Report`]. No I/O, no domains:
//! domains implement [`Problem`].
//!
//! Every algorithm is one function `algo(problem, [parameters,] &limits, observer)`; pass
//! [`NoObserver`] when you do not need events (it costs nothing), or pick the algorithm at run
//! time with [`Algorithm`]. `use delve_core::prelude::*` brings in what a program needs.
//!
//! ```
//! use delve_core::prelude::*;
//! let p = FnProblem::new(0u32, |&n| [(n + 1, 1u32), (n + 5, 4)], |&n| n == 12);
//! assert_eq!(astar(&p, &Limits::none(), NoObserver).into_solution().unwrap().cost, 10);
//! assert_eq!(bfs(&p, &Limits::none(), NoObserver).into_solution().unwrap().len(), 4);
//! ```
//!
//! How the crate is laid out (data flows one way: problem → algorithm → outcome → report):
//! `problem` (the trait and adapters), `cost`, `outcome` (results, statistics, limits),
//! `observe` (the one event path and the [`Meter`] algorithms count through), `report`,
//! `algorithm` (the name → function dispatch), `uninformed`/`informed`/`local` (one module
//! per algorithm), `random` (the one seeded generator), `human` (numbers for messages), and
//! the helpers domains need: `matching` (minimum-cost perfect matching) and `reach`
//! (reachability and all-pairs distances).

pub mod algorithm;
mod best_first;
mod buckets;
pub mod cost;
mod depth_first;
pub mod hash;
mod heap;
pub mod human;
pub mod informed;
pub mod local;
pub mod matching;
pub mod observe;
pub mod outcome;
pub mod parse_error;
pub mod prelude;
pub mod problem;
pub mod random;
pub mod reach;
pub mod report;
mod tree;
pub mod uninformed;

pub use algorithm::{Algorithm, NeedsPredecessors, UnknownAlgorithm};
pub use cost::{Cost, Lex, Ordered, Scale};
pub use observe::{Bound, Control, Event, FnObserver, Live, Meter, NoObserver, NodeInfo, Observer, SharedMeter};
pub use outcome::{Clock, Limits, NegativeTimeout, Outcome, OutcomeKind, SearchResult, Solution, Stats, StopReason};
pub use parse_error::ParseError;
pub use problem::{
    Actions, FnProblem, OutcomeOf, Problem, ResultOf, Reversible, Successor, WithPredecessors, expand_by_actions,
};
/// The random-number crate the randomised algorithms use (its [`random::Rng`] and `rand::Rng`
/// methods), re-exported so users need not match its version.
pub use rand;
pub use report::Report;
