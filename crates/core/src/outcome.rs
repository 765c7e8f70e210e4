//! What every search returns and obeys: [`Outcome`], [`Solution`], [`Stats`], [`Limits`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A path from the initial state to a goal.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<S, A, C> {
    /// The actions, in order.
    pub actions: Vec<A>,
    /// The states visited, starting with the initial state (`actions.len() + 1` entries).
    pub states: Vec<S>,
    /// The total path cost.
    pub cost: C,
}

impl<S, A, C> Solution<S, A, C> {
    /// The goal state the path ends in.
    pub fn goal(&self) -> &S {
        self.states.last().expect("a solution holds at least the initial state")
    }
    /// Number of actions on the path.
    pub fn len(&self) -> usize {
        self.actions.len()
    }
    /// True when the initial state already is a goal.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }
}

/// Why a search stopped before finishing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The node budget ([`Limits::max_expanded`]) was used up.
    NodeLimit,
    /// The deadline passed.
    Timeout,
    /// The cancellation flag was raised (e.g. Ctrl-C).
    Cancelled,
    /// A local search used up its iterations/restarts without reaching a goal.
    IterationLimit,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::NodeLimit => "node limit reached",
            StopReason::Timeout => "time limit reached",
            StopReason::Cancelled => "cancelled",
            StopReason::IterationLimit => "iteration limit reached",
        })
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome<S, A, C> {
    /// A goal was reached.
    Solved(Solution<S, A, C>),
    /// The reachable space was exhausted without reaching a goal.
    NoSolution,
    /// A limit stopped the search; local searches report the best state they held.
    Stopped {
        /// Which limit.
        reason: StopReason,
        /// The best partial result, if the algorithm has a meaningful one.
        best_so_far: Option<Solution<S, A, C>>,
    },
}

/// The outcome of a search together with its statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<S, A, C> {
    /// How the search ended.
    pub outcome: Outcome<S, A, C>,
    /// What it cost to get there.
    pub stats: Stats,
}

impl<S, A, C> SearchResult<S, A, C> {
    /// The solution, if the search found one.
    pub fn solution(&self) -> Option<&Solution<S, A, C>> {
        match &self.outcome {
            Outcome::Solved(s) => Some(s),
            _ => None,
        }
    }
    /// Consumes the result, returning the solution if any.
    pub fn into_solution(self) -> Option<Solution<S, A, C>> {
        match self.outcome {
            Outcome::Solved(s) => Some(s),
            _ => None,
        }
    }
    /// True when a goal was reached.
    pub fn is_solved(&self) -> bool {
        matches!(self.outcome, Outcome::Solved(_))
    }
}

/// Instrumentation every algorithm reports the same way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States produced by expansions (successors created).
    pub generated: u64,
    /// States whose successors were generated.
    pub expanded: u64,
    /// Largest number of nodes held at once: the frontier for best-first/breadth-first
    /// searches, the path/stack for recursive ones.
    pub max_frontier: u64,
    /// Iterations: deepening rounds, cost-limit or `f` bounds, hill-climbing climbs (the first
    /// and each restart) or annealing runs.
    pub iterations: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl Stats {
    /// Records a frontier size, keeping the maximum.
    #[inline]
    pub fn frontier(&mut self, size: usize) {
        self.max_frontier = self.max_frontier.max(size as u64);
    }
}

/// Limits a search honours; it stops cleanly with [`Outcome::Stopped`] when one is hit.
///
/// ```
/// use delve_core::Limits;
/// use std::time::Duration;
/// let limits = Limits::default().max_expanded(1_000_000).timeout(Duration::from_secs(5));
/// assert_eq!(limits.max_expanded, Some(1_000_000));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after expanding this many nodes.
    pub max_expanded: Option<u64>,
    /// Stop once this instant has passed.
    pub deadline: Option<Instant>,
    /// Stop when this flag becomes true (set it from a Ctrl-C handler or another thread).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limits at all.
    pub fn none() -> Self {
        Self::default()
    }
    /// Sets the node budget.
    pub fn max_expanded(mut self, n: u64) -> Self {
        self.max_expanded = Some(n);
        self
    }
    /// Sets a deadline `d` from now.
    pub fn timeout(mut self, d: Duration) -> Self {
        self.deadline = Some(Instant::now() + d);
        self
    }
    /// Sets the cancellation flag.
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }
    /// Checks the deadline and the cancellation flag (not the node budget).
    pub fn check_time_and_cancel(&self) -> Result<(), StopReason> {
        if let Some(flag) = &self.cancel
            && flag.load(Ordering::Relaxed)
        {
            return Err(StopReason::Cancelled);
        }
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            return Err(StopReason::Timeout);
        }
        Ok(())
    }
}
