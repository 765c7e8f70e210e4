//! The one way to watch — and steer — a search: every algorithm, the CSP engine, the
//! enumerations, pattern-database builds and solution counts report through an
//! [`Observer`], which receives [`Event`]s and answers with a [`Control`].
//!
//! * **Events** carry what a viewer needs: the state, its `g`, its `h` where the algorithm
//!   computed one, its depth where the algorithm tracks it, the iteration bound, and progress
//!   of bulk work (`done` of `total`). The web page streams the same events.
//! * **Steering**: answering [`Control::Prune`] to an [`Event::Expand`] skips that node's
//!   successors, to an [`Event::Generate`] drops that successor; [`Control::Stop`] ends the
//!   search with [`StopReason::Observer`] and its statistics.
//! * **Live statistics**: every call also gets the [`Live`] view (statistics so far and a
//!   running `elapsed`).
//! * **Zero cost when unused**: algorithms are generic over the observer, so with
//!   [`NoObserver`] the events are never built.
//!
//! The [`Meter`] is the algorithms' side of the same path: it counts, checks the
//! [`Limits`], and forwards events. Parallel jobs share one through a [`SharedMeter`].

use crate::outcome::{Clock, Limits, Outcome, OutcomeKind, SearchResult, Stats, StopReason};
use std::sync::Mutex;
use std::time::Duration;

/// What the observer asks the search to do after an event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Control {
    /// Go on as usual.
    #[default]
    Continue,
    /// Skip this node: do not expand it (after [`Event::Expand`]) or drop it (after
    /// [`Event::Generate`]). Ignored after other events.
    Prune,
    /// Stop the search now; it ends with [`StopReason::Observer`].
    Stop,
}

/// An iteration's bound: a depth limit, a cost (or `f`) limit, or none.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound<C> {
    /// The iteration has no bound (a hill-climbing restart, a CSP restart).
    None,
    /// Depth limit in actions (iterative deepening).
    Depth(u64),
    /// Cost limit (iterative lengthening), `f` bound (IDA*) or starting temperature
    /// (annealing).
    Cost(C),
}

/// A node as a viewer sees it.
#[derive(Clone, Copy, Debug)]
pub struct NodeInfo<'a, S, C> {
    /// The state.
    pub state: &'a S,
    /// Path cost from the initial state.
    pub g: C,
    /// Heuristic estimate, where the algorithm computed one for this node.
    pub h: Option<C>,
    /// Number of actions from the initial state, where the algorithm tracks it.
    pub depth: Option<u32>,
}

/// Something that happened in a search.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a, S, C> {
    /// The search starts.
    Start {
        /// The algorithm's short name (`"astar"`, `"ida*"`, …).
        algorithm: &'a str,
    },
    /// An iteration starts (deepening depth, cost limit, `f` bound, restart, …).
    Iteration {
        /// 0 for the first iteration.
        index: u64,
        /// Its bound.
        bound: Bound<C>,
    },
    /// A node is about to be expanded; [`Control::Prune`] skips it.
    Expand(NodeInfo<'a, S, C>),
    /// A successor was generated; [`Control::Prune`] drops it.
    Generate(NodeInfo<'a, S, C>),
    /// Bulk work made progress (enumeration layers, table builds, counting tasks, …).
    Progress {
        /// What is being done (`"layer 12"`, `"build 7-8 table"`, …).
        phase: &'a str,
        /// Units done so far.
        done: u64,
        /// Units in all, when known.
        total: Option<u64>,
    },
    /// The search ended.
    Finish {
        /// How.
        outcome: OutcomeKind,
        /// Why it stopped, if it was stopped.
        stop_reason: Option<StopReason>,
    },
}

/// The live view of a running search, passed with every event.
#[derive(Debug)]
pub struct Live {
    stats: Stats,
    clock: Clock,
}

impl Live {
    /// The statistics so far (`elapsed` is filled in only at the end; use [`Live::elapsed`]).
    pub fn stats(&self) -> &Stats {
        &self.stats
    }
    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.clock.elapsed()
    }
    /// The armed limits (for parallel workers that check them themselves).
    pub fn clock(&self) -> &Clock {
        &self.clock
    }
}

/// Receives a search's events and may steer it. The default answers [`Control::Continue`] to
/// everything, so an observer implements only what it needs.
///
/// ```
/// use delve_core::{Control, Event, FnProblem, Limits, Live, Observer, StopReason, uninformed::bfs};
/// /// Stops any search after it has expanded three states.
/// struct Three;
/// impl<S, C> Observer<S, C> for Three {
///     fn on_event(&mut self, event: &Event<'_, S, C>, live: &Live) -> Control {
///         match event {
///             Event::Expand(_) if live.stats().expanded >= 3 => Control::Stop,
///             _ => Control::Continue,
///         }
///     }
/// }
/// let p = FnProblem::unit(0u64, |&n: &u64| [n + 1, n * 2], |&n: &u64| n == 1000);
/// let out = bfs(&p, &Limits::none(), Three);
/// assert_eq!(out.outcome.stop_reason(), Some(StopReason::Observer));
/// assert_eq!(out.stats.expanded, 3);
/// ```
pub trait Observer<S, C> {
    /// Called for every event; the answer steers the search.
    #[inline]
    fn on_event(&mut self, event: &Event<'_, S, C>, live: &Live) -> Control {
        let _ = (event, live);
        Control::Continue
    }
}

/// The observer that observes nothing; it compiles away.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;
impl<S, C> Observer<S, C> for NoObserver {}

impl<S, C, O: Observer<S, C> + ?Sized> Observer<S, C> for &mut O {
    #[inline]
    fn on_event(&mut self, event: &Event<'_, S, C>, live: &Live) -> Control {
        (**self).on_event(event, live)
    }
}

/// An observer made of a closure, for quick logs and tests.
///
/// ```
/// use delve_core::{Bound, Event, FnObserver, FnProblem, Limits, uninformed::ils};
/// let p = FnProblem::new('s', |&c: &char| match c {
///     's' => vec![('g', 9u32), ('a', 2)],
///     'a' => vec![('g', 3)],
///     _ => vec![],
/// }, |&c: &char| c == 'g');
/// let mut log = Vec::new();
/// ils(&p, &Limits::none(), FnObserver(|e: &Event<'_, char, u32>, _: &_| {
///     if let Event::Iteration { bound: Bound::Cost(c), .. } = e { log.push(*c) }
/// }));
/// assert_eq!(log, [0, 2, 5]);
/// ```
pub struct FnObserver<F>(pub F);

impl<S, C, F: FnMut(&Event<'_, S, C>, &Live)> Observer<S, C> for FnObserver<F> {
    fn on_event(&mut self, event: &Event<'_, S, C>, live: &Live) -> Control {
        (self.0)(event, live);
        Control::Continue
    }
}

/// The most work units that pass between two looks at the clock and the cancel flag. The
/// stride shrinks when units are slow (a MAC assignment on a 1500-queens board takes a second),
/// so a deadline or Ctrl-C is noticed within about [`CHECK_SPAN`] whatever a unit costs.
const CHECK_EVERY: u64 = 256;
/// The time the meter aims to leave between two looks at the clock.
const CHECK_SPAN: Duration = Duration::from_millis(10);
/// Generated states between two looks at the memory limit (besides the clock's looks).
const MEMORY_EVERY: u64 = 64;
/// Least time between two [`Event::Progress`] events (the last one always goes out).
const PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// Counts, bounds and reports a search's work: the algorithms' side of the one event path,
/// shared by all algorithms (and by the CSP, domain and game crates).
pub struct Meter<'a, O> {
    live: Live,
    limits: &'a Limits,
    observer: O,
    next_check: u64,
    /// Work units between two looks at the clock (1 to [`CHECK_EVERY`]).
    stride: u64,
    /// When the clock was last looked at.
    last_check: Duration,
    last_progress: Option<Duration>,
}

impl<'a, O> Meter<'a, O> {
    /// Arms the limits and starts the clock.
    pub fn new(limits: &'a Limits, observer: O) -> Self {
        Meter {
            live: Live { stats: Stats::default(), clock: limits.clock() },
            limits,
            observer,
            next_check: 0,
            stride: 1,
            last_check: Duration::ZERO,
            last_progress: None,
        }
    }

    /// The statistics so far.
    #[inline]
    pub fn stats(&self) -> &Stats {
        &self.live.stats
    }

    /// The armed clock (deadline and cancel flag), for parallel workers to check.
    pub fn clock(&self) -> &Clock {
        &self.live.clock
    }

    /// Sends an event to the observer.
    #[inline]
    pub fn emit<S, C>(&mut self, event: Event<'_, S, C>) -> Control
    where
        O: Observer<S, C>,
    {
        self.observer.on_event(&event, &self.live)
    }

    /// Announces the start of a search by `algorithm`.
    #[inline]
    pub fn start<S, C>(&mut self, algorithm: &str) -> Result<(), StopReason>
    where
        O: Observer<S, C>,
    {
        match self.emit::<S, C>(Event::Start { algorithm }) {
            Control::Stop => Err(StopReason::Observer),
            _ => Ok(()),
        }
    }

    /// Counts one expansion of `node` against the limits and tells the observer. `Ok(true)`:
    /// expand it; `Ok(false)`: the observer pruned it; `Err`: stop.
    #[inline]
    pub fn expanding<S, C>(&mut self, node: NodeInfo<'_, S, C>) -> Result<bool, StopReason>
    where
        O: Observer<S, C>,
    {
        self.work()?;
        match self.emit(Event::Expand(node)) {
            Control::Continue => Ok(true),
            Control::Prune => Ok(false),
            Control::Stop => Err(StopReason::Observer),
        }
    }

    /// Counts one work unit that is not a state expansion (a CSP assignment, a local-search
    /// step) against the same limits, without an event.
    #[inline]
    pub fn work(&mut self) -> Result<(), StopReason> {
        let stats = &mut self.live.stats;
        if let Some(max) = self.limits.max_expanded
            && stats.expanded >= max
        {
            return Err(StopReason::NodeLimit);
        }
        if stats.expanded >= self.next_check {
            self.live.clock.check()?;
            self.pace();
        }
        self.live.stats.expanded += 1;
        Ok(())
    }

    /// Sets when the clock is looked at next: fewer units apart when the last ones were slow,
    /// more when they were fast.
    #[cold]
    fn pace(&mut self) {
        let now = self.live.clock.elapsed();
        let spent = now.saturating_sub(self.last_check);
        self.last_check = now;
        self.stride = if spent > CHECK_SPAN {
            (self.stride / 8).max(1)
        } else if spent < CHECK_SPAN / 8 {
            (self.stride * 2).min(CHECK_EVERY)
        } else {
            self.stride
        };
        self.next_check = self.live.stats.expanded + self.stride;
    }

    /// Counts one generated successor and tells the observer. `Ok(true)`: keep it;
    /// `Ok(false)`: the observer pruned it; `Err`: the observer asked to stop.
    #[inline]
    pub fn generated<S, C>(&mut self, node: NodeInfo<'_, S, C>) -> Result<bool, StopReason>
    where
        O: Observer<S, C>,
    {
        self.live.stats.generated += 1;
        // States are made between two expansions, some of them large (a queen placement on a
        // board of 65,535 columns): memory is looked at every so many of them too.
        if self.live.stats.generated.is_multiple_of(MEMORY_EVERY) {
            self.live.clock.check_memory()?;
        }
        match self.emit(Event::Generate(node)) {
            Control::Continue => Ok(true),
            Control::Prune => Ok(false),
            Control::Stop => Err(StopReason::Observer),
        }
    }

    /// Counts `n` generated candidates that are not states (moves a local search evaluated,
    /// values a CSP tried), without events.
    #[inline]
    pub fn generated_many(&mut self, n: u64) {
        self.live.stats.generated += n;
    }

    /// Records the current frontier (or stack) size.
    #[inline]
    pub fn frontier(&mut self, size: usize) {
        self.live.stats.frontier(size);
    }

    /// Starts iteration number `stats.iterations` with its bound; checks the clock.
    pub fn iteration<S, C>(&mut self, bound: Bound<C>) -> Result<(), StopReason>
    where
        O: Observer<S, C>,
    {
        self.live.clock.check()?;
        let index = self.live.stats.iterations;
        self.live.stats.iterations += 1;
        match self.emit::<S, C>(Event::Iteration { index, bound }) {
            Control::Stop => Err(StopReason::Observer),
            _ => Ok(()),
        }
    }

    /// Reports progress of bulk work (at most every 50 ms, and always when `done == total`)
    /// and checks the clock and cancel flag.
    pub fn progress<S, C>(&mut self, phase: &str, done: u64, total: Option<u64>) -> Result<(), StopReason>
    where
        O: Observer<S, C>,
    {
        self.live.clock.check()?;
        let now = self.live.clock.elapsed();
        let due = self.last_progress.is_none_or(|t| now >= t + PROGRESS_EVERY) || total == Some(done);
        if due {
            self.last_progress = Some(now);
            if self.emit::<S, C>(Event::Progress { phase, done, total }) == Control::Stop {
                return Err(StopReason::Observer);
            }
        }
        Ok(())
    }

    /// Checks `bytes` of node storage against the memory limit.
    #[inline]
    pub fn memory(&self, bytes: u64) -> Result<(), StopReason> {
        match self.limits.max_memory {
            Some(max) if bytes > max => Err(StopReason::Memory),
            _ => Ok(()),
        }
    }

    /// The memory limit, for storage that checks its own growth.
    pub fn memory_limit(&self) -> Option<u64> {
        self.limits.max_memory
    }

    /// Adds work counted elsewhere (by parallel workers) to the statistics.
    pub fn add(&mut self, expanded: u64, generated: u64) {
        self.live.stats.expanded += expanded;
        self.live.stats.generated += generated;
    }

    /// Stops the clock, tells the observer, and packs the outcome with the statistics.
    pub fn finish<S, A, C>(mut self, outcome: Outcome<S, A, C>) -> SearchResult<S, A, C>
    where
        O: Observer<S, C>,
    {
        let stats = self.finish_with::<S, C>(outcome.kind(), outcome.stop_reason());
        SearchResult { outcome, stats }
    }

    /// Stops the clock, tells the observer how it ended, and returns the statistics (for
    /// searches that do not return paths).
    pub fn finish_with<S, C>(&mut self, outcome: OutcomeKind, stop_reason: Option<StopReason>) -> Stats
    where
        O: Observer<S, C>,
    {
        self.live.stats.elapsed = self.live.clock.elapsed();
        self.emit::<S, C>(Event::Finish { outcome, stop_reason });
        self.live.stats
    }
}

/// A [`Meter`] shared by parallel workers: they count their own work, check the shared
/// [`Clock`] themselves, and report progress through [`SharedMeter::progress`], which never
/// blocks a worker (if another worker is reporting, the call is skipped).
pub struct SharedMeter<'a, O> {
    inner: Mutex<Meter<'a, O>>,
    clock: Clock,
}

impl<'a, O> SharedMeter<'a, O> {
    /// Shares `meter`.
    pub fn new(meter: Meter<'a, O>) -> Self {
        let clock = meter.clock().clone();
        SharedMeter { inner: Mutex::new(meter), clock }
    }
    /// The armed clock every worker checks.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }
    /// Reports progress from any thread; `Err` when a limit or the observer says stop.
    pub fn progress<S, C>(&self, phase: &str, done: u64, total: Option<u64>) -> Result<(), StopReason>
    where
        O: Observer<S, C>,
    {
        self.clock.check()?;
        match self.inner.try_lock() {
            Ok(mut meter) => meter.progress::<S, C>(phase, done, total),
            Err(_) => Ok(()),
        }
    }
    /// Adds work counted by a worker.
    pub fn add(&self, expanded: u64, generated: u64) {
        // A poisoned lock means a worker panicked; its counts no longer matter.
        if let Ok(mut meter) = self.inner.lock() {
            meter.add(expanded, generated);
        }
    }
    /// The meter back, when the workers are done.
    pub fn into_inner(self) -> Meter<'a, O> {
        self.inner.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
