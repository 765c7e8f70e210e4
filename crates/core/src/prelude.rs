//! What most programs need, in one `use delve_core::prelude::*`: the problem types, limits,
//! observers, results, and every search function.

pub use crate::informed::{astar, greedy, idastar, weighted_astar};
pub use crate::uninformed::{bfs, bibfs, dfs, dls, iddfs, ils, ucs};
pub use crate::{
    Algorithm, Bound, Control, Cost, Event, Finished, FnObserver, FnProblem, Limits, Live, NoObserver, NodeInfo,
    Observer, Outcome, OutcomeKind, Problem, Report, Reversible, SearchResult, Solution, Stats, StopReason, Successor,
    WithPredecessors, every, log_every, observer, prune_if,
};
