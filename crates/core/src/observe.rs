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
//! * **Closures and combinators**: [`observer`] makes one from a closure
//!   `|event, live| -> Control`; a pair `(a, b)` of observers is one observer; [`prune_if`],
//!   [`every`] and [`log_every`] cover the common cases.
//! * **Zero cost when unused**: algorithms are generic over the observer, so with
//!   [`NoObserver`] the events are never built.
//!
//! The [`Meter`] is the algorithms' side of the same path: it counts, checks the
//! [`Limits`], and forwards events. Parallel jobs share one through a [`SharedMeter`].

use crate::outcome::{Clock, Limits, Outcome, OutcomeKind, SearchResult, Stats, StopReason};
use std::marker::PhantomData;
use std::sync::Mutex;
use std::time::Duration;

/// What the observer asks the search to do after an event.
///
/// The variants are ordered by strength, `Continue < Prune < Stop`: where several observers
/// answer one event (a tuple of observers), the strongest answer wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
///
/// What steering does, exactly:
///
/// * A [`Control::Prune`] answered to [`Event::Expand`] skips the node's successors, but the
///   node still counts as expanded (in [`Stats::expanded`] and against
///   [`Limits::max_expanded`]): the event is sent after the count.
/// * A [`Control::Prune`] answered to [`Event::Generate`] drops the successor before the
///   search looks at it. Breadth-first search tests successors for the goal when it
///   generates them, so a goal pruned there is lost; the best-first searches test a node when
///   they select it, before its [`Event::Expand`], so pruning a goal on `Expand` is too late
///   to drop it. The initial state is never sent as `Generate`.
/// * [`Live::stats`] is the work so far, but its `elapsed` is filled in only when the search
///   finishes: the running time is [`Live::elapsed`].
///
/// ```
/// use delve_core::prelude::*;
/// // Counting down from 10 by ones or twos; the observer drops every odd number.
/// let p = FnProblem::unit(10i32, |&n: &i32| [n - 1, n - 2], |&n: &i32| n == 0);
/// let even = observer(|event, _live| match event {
///     Event::Generate(node) if node.state % 2 != 0 => Control::Prune,
///     _ => Control::Continue,
/// });
/// let path = bfs(&p, &Limits::none(), even).into_solution().unwrap().states;
/// assert_eq!(path, [10, 8, 6, 4, 2, 0]);
/// ```
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
    /// Whether the observer looks at events at all: false only for [`NoObserver`] (and
    /// pairs of them), so that code relaying events to an observer elsewhere (another
    /// thread's, behind a lock) can skip the relay at compile time.
    const WATCHES: bool = true;
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
impl<S, C> Observer<S, C> for NoObserver {
    const WATCHES: bool = false;
}

impl<S, C, O: Observer<S, C> + ?Sized> Observer<S, C> for &mut O {
    const WATCHES: bool = O::WATCHES;
    #[inline]
    fn on_event(&mut self, event: &Event<'_, S, C>, live: &Live) -> Control {
        (**self).on_event(event, live)
    }
}

/// An observer made of a closure that only watches (it always answers
/// [`Control::Continue`]), for quick logs and tests; [`observer`] makes one that steers.
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

/// An observer made of a closure that steers: it gets every event with the [`Live`] view and
/// answers with a [`Control`]. Made by [`observer`].
pub struct Steer<S, C, F> {
    f: F,
    // Ties the closure's argument types to the search's, so they can be left out.
    types: PhantomData<fn(&S, &C)>,
}

/// An observer from a closure `|event, live| -> Control`, whose argument types are inferred
/// from the search it is passed to.
///
/// ```
/// use delve_core::prelude::*;
/// let p = FnProblem::new(0u32, |&n| [(n + 1, 1u32), (n + 3, 2)], |&n| n == 7);
/// // Stop A* after four expansions.
/// let out = astar(&p, &Limits::none(), observer(|event, live| match event {
///     Event::Expand(_) if live.stats().expanded >= 4 => Control::Stop,
///     _ => Control::Continue,
/// }));
/// assert_eq!(out.outcome.stop_reason(), Some(StopReason::Observer));
/// ```
pub fn observer<S, C, F>(f: F) -> Steer<S, C, F>
where
    F: FnMut(&Event<'_, S, C>, &Live) -> Control,
{
    Steer { f, types: PhantomData }
}

impl<S, C, F> Observer<S, C> for Steer<S, C, F>
where
    F: FnMut(&Event<'_, S, C>, &Live) -> Control,
{
    #[inline]
    fn on_event(&mut self, event: &Event<'_, S, C>, live: &Live) -> Control {
        (self.f)(event, live)
    }
}

/// Two observers side by side: both see every event, in order, and the stronger answer wins
/// (`Stop` over `Prune` over `Continue`; see [`Control`]). Nest tuples for more.
///
/// ```
/// use delve_core::prelude::*;
/// let p = FnProblem::unit(0u32, |&n| [n + 1, n + 2].into_iter().filter(|&m| m <= 9), |&n| n == 9);
/// let mut seen = 0;
/// let count = observer(|event, _| {
///     if let Event::Generate(_) = event {
///         seen += 1;
///     }
///     Control::Continue
/// });
/// let odd = prune_if(|node: &NodeInfo<'_, u32, u32>| node.state % 2 == 1);
/// let out = bfs(&p, &Limits::none(), (count, odd));
/// assert_eq!(out.into_solution(), None); // 9 is odd: the goal was pruned
/// assert!(seen > 0);
/// ```
impl<S, C, A, B> Observer<S, C> for (A, B)
where
    A: Observer<S, C>,
    B: Observer<S, C>,
{
    const WATCHES: bool = A::WATCHES || B::WATCHES;
    #[inline]
    fn on_event(&mut self, event: &Event<'_, S, C>, live: &Live) -> Control {
        let a = self.0.on_event(event, live);
        let b = self.1.on_event(event, live);
        a.max(b)
    }
}

/// The observer of [`prune_if`].
pub struct PruneIf<F>(F);

/// An observer that prunes every node `pred` holds for: it is asked of each successor as it
/// is generated ([`Event::Generate`]) and of each node about to be expanded
/// ([`Event::Expand`], which also reaches the initial state). See [`Event`] for what a prune
/// does to goals.
///
/// ```
/// use delve_core::prelude::*;
/// // Walk from 0 to 6 by +1 or +2, never stepping on 2: the path goes through 3.
/// let p = FnProblem::unit(0i32, |&n| [n + 1, n + 2], |&n| n == 6);
/// let out = bfs(&p, &Limits::none(), prune_if(|node: &NodeInfo<'_, i32, u32>| *node.state == 2));
/// assert_eq!(out.into_solution().unwrap().states, [0, 1, 3, 4, 6]);
/// ```
pub fn prune_if<F>(pred: F) -> PruneIf<F> {
    PruneIf(pred)
}

impl<S, C, F> Observer<S, C> for PruneIf<F>
where
    F: FnMut(&NodeInfo<'_, S, C>) -> bool,
{
    #[inline]
    fn on_event(&mut self, event: &Event<'_, S, C>, _: &Live) -> Control {
        match event {
            Event::Expand(node) | Event::Generate(node) if (self.0)(node) => Control::Prune,
            _ => Control::Continue,
        }
    }
}

/// The observer of [`every`] and [`log_every`].
pub struct Every<F> {
    n: u64,
    next: u64,
    f: F,
}

/// An observer that calls `f` with the [`Live`] view each time the search has expanded
/// another `n` nodes (looked at on every event), and passes on its answer.
///
/// ```
/// use delve_core::prelude::*;
/// let p = FnProblem::unit(0u64, |&n| [n + 1, n * 2], |&n| n == 1000);
/// let mut marks = Vec::new();
/// let out = bfs(&p, &Limits::none(), every(10, |live| {
///     marks.push(live.stats().expanded);
///     if marks.len() == 3 { Control::Stop } else { Control::Continue }
/// }));
/// assert_eq!(marks, [10, 20, 30]);
/// assert_eq!(out.stats.expanded, 30);
/// ```
pub fn every<F>(n: u64, f: F) -> Every<F>
where
    F: FnMut(&Live) -> Control,
{
    let n = n.max(1);
    Every { n, next: n, f }
}

/// An observer that prints a progress line to standard error every `n` expansions: the counts
/// so far and the running time.
pub fn log_every(n: u64) -> Every<fn(&Live) -> Control> {
    every(n, log_progress)
}

fn log_progress(live: &Live) -> Control {
    eprintln!("{}", progress_line(live));
    Control::Continue
}

/// The line [`log_every`] prints.
fn progress_line(live: &Live) -> String {
    let stats = live.stats();
    format!(
        "expanded {}, generated {}, max frontier {}, {:.3} s",
        crate::human::count(stats.expanded as f64),
        crate::human::count(stats.generated as f64),
        crate::human::count(stats.max_frontier as f64),
        live.elapsed().as_secs_f64()
    )
}

impl<S, C, F> Observer<S, C> for Every<F>
where
    F: FnMut(&Live) -> Control,
{
    #[inline]
    fn on_event(&mut self, _: &Event<'_, S, C>, live: &Live) -> Control {
        let expanded = live.stats().expanded;
        if expanded < self.next {
            return Control::Continue;
        }
        self.next = (expanded / self.n + 1).saturating_mul(self.n);
        (self.f)(live)
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
    /// The name [`Meter::start`] was given, for the result.
    algorithm: &'static str,
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
            algorithm: "",
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

    /// Announces the start of a search by `algorithm`, the name its result carries.
    #[inline]
    pub fn start<S, C>(&mut self, algorithm: &'static str) -> Result<(), StopReason>
    where
        O: Observer<S, C>,
    {
        self.algorithm = algorithm;
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
        if let Outcome::Solved(solution) = &outcome {
            self.live.stats.depth = Some(solution.actions.len() as u64);
        }
        let stats = self.finish_with::<S, C>(outcome.kind(), outcome.stop_reason());
        SearchResult { algorithm: self.algorithm, outcome, stats }
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

#[cfg(test)]
mod tests {
    use crate::prelude::*;
    use std::time::Duration;

    /// Walks from 0 to `goal` by +1 or +2, never past `goal + 2`.
    fn walk(goal: u32) -> impl Problem<State = u32, Action = (), Cost = u32> {
        let steps = move |&n: &u32| [(n + 1, 1u32), (n + 2, 1)].into_iter().filter(move |&(m, _)| m <= goal + 2);
        FnProblem::new(0u32, steps, move |&n| n == goal)
    }

    #[test]
    fn controls_are_ordered_by_strength() {
        assert!(Control::Continue < Control::Prune && Control::Prune < Control::Stop);
    }

    #[test]
    fn both_halves_of_a_pair_see_every_event_and_the_stronger_answer_wins() {
        let (mut first, mut second) = (0, 0);
        let prune_all = observer(|_, _| {
            first += 1;
            Control::Prune
        });
        let stop_late = observer(|event, live| {
            second += 1;
            match event {
                Event::Expand(_) if live.stats().expanded >= 3 => Control::Stop,
                _ => Control::Continue,
            }
        });
        let out = bfs(&walk(50), &Limits::none(), (prune_all, stop_late));
        // Every successor was pruned, so only the initial state was expanded: no third one.
        assert_eq!(out.outcome, Outcome::NoSolution);
        assert_eq!(first, second);
        let stop_then_prune = (observer(|_, _| Control::Stop), prune_if(|_: &NodeInfo<'_, u32, u32>| true));
        let out = bfs(&walk(50), &Limits::none(), stop_then_prune);
        assert_eq!(out.outcome.stop_reason(), Some(StopReason::Observer));
    }

    #[test]
    fn a_node_pruned_on_expand_still_counts_as_expanded() {
        let out = bfs(&walk(5), &Limits::none(), prune_if(|_: &NodeInfo<'_, u32, u32>| true));
        assert_eq!(out.outcome, Outcome::NoSolution);
        assert_eq!((out.stats.expanded, out.stats.generated), (1, 0));
    }

    #[test]
    fn bfs_loses_a_goal_pruned_at_generation_but_best_first_keeps_one_pruned_on_expand() {
        let at_generate = observer(|event, _| match event {
            Event::Generate(node) if *node.state == 4 => Control::Prune,
            _ => Control::Continue,
        });
        assert_eq!(bfs(&walk(4), &Limits::none(), at_generate).outcome, Outcome::NoSolution);
        let on_expand = observer(|event, _| match event {
            Event::Expand(node) if *node.state == 4 => Control::Prune,
            _ => Control::Continue,
        });
        assert!(ucs(&walk(4), &Limits::none(), on_expand).is_solved());
    }

    #[test]
    fn live_elapsed_runs_while_stats_elapsed_waits_for_the_end() {
        let mut running = Duration::ZERO;
        let watch = observer(|event, live| {
            if !matches!(event, Event::Finish { .. }) {
                assert_eq!(live.stats().elapsed, Duration::ZERO);
                std::thread::sleep(Duration::from_micros(100));
                running = live.elapsed();
            }
            Control::Continue
        });
        let out = bfs(&walk(3), &Limits::none(), watch);
        assert!(running > Duration::ZERO);
        assert!(out.stats.elapsed >= running);
    }

    #[test]
    fn every_fires_at_each_multiple_of_n_expansions() {
        let mut marks = Vec::new();
        let out = dfs(
            &walk(20),
            &Limits::none(),
            every(3, |live| {
                marks.push(live.stats().expanded);
                Control::Continue
            }),
        );
        assert!(out.stats.expanded >= 6, "{}", out.stats);
        assert_eq!(marks, (1..=out.stats.expanded / 3).map(|k| k * 3).collect::<Vec<_>>());
        // A period of 0 is taken as 1.
        let mut calls = 0;
        let out = bfs(
            &walk(4),
            &Limits::none(),
            every(0, |_| {
                calls += 1;
                Control::Continue
            }),
        );
        assert_eq!(calls, out.stats.expanded);
    }

    #[test]
    fn the_progress_line_gives_counts_and_running_time() {
        let mut line = String::new();
        bfs(
            &walk(30),
            &Limits::none(),
            every(10, |live| {
                line = super::progress_line(live);
                Control::Stop
            }),
        );
        // The tenth node is about to be expanded: its successors are not generated yet.
        assert!(line.starts_with("expanded 10, generated 18, max frontier "), "{line}");
        assert!(line.ends_with(" s"), "{line}");
        let out = bfs(&walk(6), &Limits::none(), log_every(2));
        assert!(out.is_solved());
    }
}
