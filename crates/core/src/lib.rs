//! # delve-core
//!
//! The generic state-space search core of delve: the [`Problem`] abstraction (with a
//! closure adapter, [`FnProblem`]), the [`Cost`] trait, and the classic algorithms, each
//! instrumented the same way ([`Stats`]), bounded the same way ([`Limits`]: nodes, time,
//! memory, cancellation), watched and steered the same way ([`Observer`] and its [`Event`]s),
//! and reporting an [`Outcome`] that serialises into the one [`Report`]. No domains (domains implement
//! [`Problem`]), and no I/O beyond the one bounded [`input`] reader.
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
//!
//! | module | what it does |
//! | --- | --- |
//! | [`problem`] | the [`Problem`] trait and its adapters |
//! | [`cost`] | the [`Cost`] trait: path costs, integer or float |
//! | [`outcome`] | results, statistics and limits |
//! | [`observe`] | the one event path, and the [`Meter`] algorithms count through |
//! | [`report`] | the one serialisable [`Report`] of a run |
//! | [`algorithm`] | the name → function dispatch ([`Algorithm`]) |
//! | [`uninformed`] | breadth-first, depth-first, depth-limited, iterative deepening and lengthening, uniform-cost, bidirectional |
//! | [`informed`] | greedy, A*, weighted A*, parallel A*, IDA*, cell-cycling searches and Festival's FESS |
//! | [`local`] | hill climbing and simulated annealing |
//! | [`best_first`] | the best-first engine the informed searches and uniform-cost share (internal) |
//! | [`depth_first`] | the depth-first engine the depth-bounded searches share (internal) |
//! | [`tree`] | the node store: an arena of nodes with a hash index over their states (internal) |
//! | [`heap`] | the binary heap with a "next" slot behind the best-first frontier (internal) |
//! | [`buckets`] | the bucketed frontier large best-first searches move to (internal) |
//! | [`frontier`] | the entry the best-first engine queues and the `Frontier` trait its queues implement (internal) |
//! | [`random`] | the one seeded generator |
//! | [`big_table`] | tables of gigabytes in their own memory, on huge pages where offered |
//! | [`hash`] | the one hash-map flavour, deterministic run to run |
//! | [`human`] | numbers for messages |
//! | [`input`] | the one bounded reader of files and stdin |
//! | [`jobs`] | the one job queue: independent jobs on a few threads, results in order |
//! | [`parse_error`] | the error type every domain's parser reports through |
//! | [`matching`] | minimum-cost perfect matching, incremental too |
//! | [`reach`] | reachability and all-pairs distances |
//! | [`prelude`] | what most programs need, in one `use` |
//!
//! The modules marked internal document the design of the shared engines; their items are
//! private to the crate.

pub mod algorithm;
pub mod best_first;
pub mod big_table;
pub mod buckets;
pub mod cost;
pub mod depth_first;
pub mod frontier;
pub mod hash;
pub mod heap;
pub mod human;
pub mod informed;
pub mod input;
pub mod jobs;
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
pub mod tree;
pub mod uninformed;

pub use algorithm::{Algorithm, BadParameter, CannotRun, UnknownAlgorithm};
pub use cost::{Cost, Lex, Ordered, Scale};
pub use observe::{
    Bound, Control, Event, Every, FnObserver, Live, Meter, NoObserver, NodeInfo, Observer, PruneIf, SharedMeter, Steer,
    every, log_every, observer, prune_if,
};
pub use outcome::{Clock, Limits, NegativeTimeout, Outcome, OutcomeKind, SearchResult, Solution, Stats, StopReason};
pub use parse_error::ParseError;
pub use problem::{
    Actions, FnProblem, OutcomeOf, Problem, ResultOf, Reversible, Successor, WithPredecessors, expand_by_actions,
};
/// The random-number crate the randomised algorithms use (its [`random::SeededRng`] and
/// `rand::Rng` methods), re-exported so users need not match its version.
pub use rand;
pub use report::{Finished, Report, batch_outcome};
