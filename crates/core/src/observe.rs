//! Observing a search without forking it: the [`Observer`] hooks and the [`Meter`] every
//! algorithm uses to count, bound and report its work.

use crate::outcome::{Limits, Outcome, SearchResult, Stats, StopReason};
use std::time::Instant;

/// Hooks called while a search runs, for progress bars and visualisation.
///
/// Every method has an empty default, and algorithms are generic over the observer, so
/// [`NoObserver`] compiles to nothing.
pub trait Observer<S, C> {
    /// A state is about to be expanded.
    fn expanded(&mut self, state: &S, stats: &Stats) {
        let _ = (state, stats);
    }
    /// A successor state was generated.
    fn generated(&mut self, state: &S) {
        let _ = state;
    }
    /// A new iteration starts (deepening depth, cost limit, restart, ...); `bound` is the
    /// depth or cost limit where the algorithm has one. Iterative lengthening's `Find Cost: L`
    /// log is printed from here.
    fn iteration(&mut self, index: u64, bound: Option<C>, stats: &Stats) {
        let _ = (index, bound, stats);
    }
}

/// The observer that observes nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;
impl<S, C> Observer<S, C> for NoObserver {}

impl<S, C, O: Observer<S, C> + ?Sized> Observer<S, C> for &mut O {
    fn expanded(&mut self, state: &S, stats: &Stats) {
        (**self).expanded(state, stats)
    }
    fn generated(&mut self, state: &S) {
        (**self).generated(state)
    }
    fn iteration(&mut self, index: u64, bound: Option<C>, stats: &Stats) {
        (**self).iteration(index, bound, stats)
    }
}

/// How many expansions pass between two looks at the clock and the cancel flag.
const CHECK_EVERY: u64 = 256;

/// Counts, bounds and reports a search's work: the one instrumentation path shared by all
/// algorithms (and by the CSP and game crates).
pub struct Meter<'a, O> {
    /// The statistics gathered so far.
    pub stats: Stats,
    limits: &'a Limits,
    /// The caller's observer.
    pub observer: O,
    start: Instant,
    next_check: u64,
}

impl<'a, O> Meter<'a, O> {
    /// Starts the clock.
    pub fn new(limits: &'a Limits, observer: O) -> Self {
        Meter { stats: Stats::default(), limits, observer, start: Instant::now(), next_check: 0 }
    }

    /// Counts one expansion of `state`; `Err` when a limit says stop.
    #[inline]
    pub fn expand<S, C>(&mut self, state: &S) -> Result<(), StopReason>
    where
        O: Observer<S, C>,
    {
        if let Some(max) = self.limits.max_expanded
            && self.stats.expanded >= max
        {
            return Err(StopReason::NodeLimit);
        }
        self.check_clock()?;
        self.stats.expanded += 1;
        self.observer.expanded(state, &self.stats);
        Ok(())
    }

    /// Counts one work unit that is not a state expansion (a CSP assignment, a local-search
    /// step) against the same limits.
    #[inline]
    pub fn tick(&mut self) -> Result<(), StopReason> {
        if let Some(max) = self.limits.max_expanded
            && self.stats.expanded >= max
        {
            return Err(StopReason::NodeLimit);
        }
        self.check_clock()?;
        self.stats.expanded += 1;
        Ok(())
    }

    #[inline]
    fn check_clock(&mut self) -> Result<(), StopReason> {
        if self.stats.expanded >= self.next_check {
            self.next_check = self.stats.expanded + CHECK_EVERY;
            self.limits.check_time_and_cancel()?;
        }
        Ok(())
    }

    /// Counts one generated successor.
    #[inline]
    pub fn generated<S, C>(&mut self, state: &S)
    where
        O: Observer<S, C>,
    {
        self.stats.generated += 1;
        self.observer.generated(state);
    }

    /// Records the current frontier (or stack) size.
    #[inline]
    pub fn frontier(&mut self, size: usize) {
        self.stats.frontier(size);
    }

    /// Starts iteration number `stats.iterations` with an optional bound; checks the clock.
    pub fn iteration<S, C>(&mut self, bound: Option<C>) -> Result<(), StopReason>
    where
        O: Observer<S, C>,
    {
        self.limits.check_time_and_cancel()?;
        let index = self.stats.iterations;
        self.stats.iterations += 1;
        self.observer.iteration(index, bound, &self.stats);
        Ok(())
    }

    /// The limits this meter enforces.
    pub fn limits(&self) -> &Limits {
        self.limits
    }

    /// Stops the clock and packs the outcome with the statistics.
    pub fn finish<S, A, C>(mut self, outcome: Outcome<S, A, C>) -> SearchResult<S, A, C> {
        self.stats.elapsed = self.start.elapsed();
        SearchResult { outcome, stats: self.stats }
    }

    /// Stops the clock and returns the statistics (for searches that do not return paths).
    pub fn finish_stats(mut self) -> Stats {
        self.stats.elapsed = self.start.elapsed();
        self.stats
    }
}
