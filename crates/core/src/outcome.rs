//! What every search returns and obeys: [`Outcome`], [`Solution`], [`Stats`], [`Limits`], and
//! the [`Clock`] that arms the limits when one search starts.

use serde::{Deserialize, Deserializer, Serialize, Serializer, ser::SerializeStruct};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A path from the initial state to a goal. Serialised as `{"actions","states","cost"}` when
/// its parts serialise.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Solution<S, A, C> {
    /// The actions, in order.
    pub actions: Vec<A>,
    /// The states visited, starting with the initial state (`actions.len() + 1` entries).
    pub states: Vec<S>,
    /// The total path cost.
    pub cost: C,
}

impl<S, A, C> Solution<S, A, C> {
    /// The goal state the path ends in (the initial state when the path is empty).
    pub fn goal(&self) -> &S {
        // A solution is only ever built with at least the initial state.
        &self.states[self.states.len() - 1]
    }
    /// Number of actions on the path.
    pub fn len(&self) -> usize {
        self.actions.len()
    }
    /// True when the initial state already is a goal.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }
    /// The steps of the path: each action with the state it leads to.
    ///
    /// ```
    /// use delve_core::prelude::*;
    /// let p = FnProblem::unit(0u32, |&n| [n + 1, n * 3], |&n| n == 7);
    /// let path = bfs(&p, &Limits::none(), NoObserver).into_solution().unwrap();
    /// let states: Vec<u32> = path.steps().map(|(_action, &state)| state).collect();
    /// assert_eq!(states, [1, 2, 6, 7]);
    /// ```
    pub fn steps(&self) -> impl Iterator<Item = (&A, &S)> {
        self.actions.iter().zip(&self.states[1..])
    }
}

/// Why a search stopped before finishing. Serialised in `snake_case` (`"node_limit"`, …), the
/// `stop_reason` of every report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The node budget ([`Limits::max_expanded`]) was used up.
    NodeLimit,
    /// The time limit ([`Limits::time_limit`]) passed.
    Timeout,
    /// The cancellation flag was raised (e.g. Ctrl-C).
    Cancelled,
    /// A local search used up its own iterations/restarts without reaching a goal.
    IterationLimit,
    /// Node storage would have grown past [`Limits::max_memory`].
    Memory,
    /// The search holds as many nodes as its node store can address (2³¹ − 1 nodes).
    NodeCapacity,
    /// The observer asked the search to stop ([`Control::Stop`](crate::Control::Stop)).
    Observer,
}

impl StopReason {
    /// The `snake_case` name used in reports.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::NodeLimit => "node_limit",
            StopReason::Timeout => "timeout",
            StopReason::Cancelled => "cancelled",
            StopReason::IterationLimit => "iteration_limit",
            StopReason::Memory => "memory",
            StopReason::NodeCapacity => "node_capacity",
            StopReason::Observer => "observer",
        }
    }
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::NodeLimit => "node limit reached",
            StopReason::Timeout => "time limit reached",
            StopReason::Cancelled => "cancelled",
            StopReason::IterationLimit => "iteration limit reached",
            StopReason::Memory => "memory limit reached",
            StopReason::NodeCapacity => "node capacity (2,147,483,647 nodes) reached",
            StopReason::Observer => "stopped by the observer",
        })
    }
}

/// How a search ended. Serialised (when its parts serialise) as `"no_solution"`,
/// `{"solved": solution}` or `{"stopped": {"reason", "best_so_far"}}`; `Display` gives the
/// one-line human form.
///
/// ```
/// use delve_core::prelude::*;
/// let p = FnProblem::unit(0u32, |&n| [n + 1, n + 2], |&n| n == 5);
/// assert_eq!(bfs(&p, &Limits::none(), NoObserver).outcome.to_string(), "solved: 3 actions, cost 3");
/// let stopped = bfs(&p, &Limits::none().max_expanded(1), NoObserver).outcome;
/// assert_eq!(stopped.to_string(), "stopped: node limit reached");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome<S, A, C> {
    /// A goal was reached.
    Solved(Solution<S, A, C>),
    /// The reachable space was exhausted without reaching a goal.
    NoSolution,
    /// A limit stopped the search.
    Stopped {
        /// Which limit.
        reason: StopReason,
        /// The best partial result, where the algorithm has a meaningful one: local searches
        /// report the best state they held; A*, weighted A* and greedy search the path to the
        /// best node they selected (the lowest `h`, then the lowest `g`), a path toward the
        /// goal but not to it. The others (BFS, uniform-cost, IDA*, …) report `None`.
        best_so_far: Option<Solution<S, A, C>>,
    },
}

/// The kind of an [`Outcome`] without its payload: what reports and events carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutcomeKind {
    /// A goal was reached.
    Solved,
    /// The space was exhausted without a goal.
    NoSolution,
    /// A limit stopped the search.
    Stopped,
    /// A job with nothing to find (a count) ran to its end.
    Complete,
}

impl<S, A, C> Outcome<S, A, C> {
    /// The kind of this outcome.
    pub fn kind(&self) -> OutcomeKind {
        match self {
            Outcome::Solved(_) => OutcomeKind::Solved,
            Outcome::NoSolution => OutcomeKind::NoSolution,
            Outcome::Stopped { .. } => OutcomeKind::Stopped,
        }
    }
    /// Why the search stopped, if a limit stopped it.
    pub fn stop_reason(&self) -> Option<StopReason> {
        match self {
            Outcome::Stopped { reason, .. } => Some(*reason),
            _ => None,
        }
    }
}

impl<S, A, C: std::fmt::Display> std::fmt::Display for Outcome<S, A, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Solved(s) => write!(f, "solved: {} actions, cost {}", s.len(), s.cost),
            Outcome::NoSolution => f.write_str("no solution"),
            Outcome::Stopped { reason, .. } => write!(f, "stopped: {reason}"),
        }
    }
}

/// The outcome of a search together with its statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<S, A, C> {
    /// The short name of the algorithm that ran (`"astar"`, `"idastar"`, …).
    pub algorithm: &'static str,
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
///
/// Serialised as `{"generated","expanded","max_frontier","iterations","elapsed_ms"}` — the
/// `stats` object of every report — plus `"depth"` and `"b_star"` when a path search found a
/// solution (see [`Stats::branching_factor`]). `Display` gives the one-line human form.
///
/// ```
/// use delve_core::Stats;
/// let stats = Stats { expanded: 5, generated: 15, max_frontier: 6, ..Stats::default() };
/// assert_eq!(stats.to_string(), "expanded 5, generated 15, max frontier 6, iterations 0, 0.000 ms");
/// let solved = Stats { depth: Some(5), generated: 52, ..Stats::default() };
/// assert_eq!(solved.to_string(), "expanded 0, generated 52, max frontier 0, iterations 0, 0.000 ms, depth 5, b* 1.917");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States produced by expansions (successors created).
    pub generated: u64,
    /// States whose successors were generated (or, for the CSP engine and local search, work
    /// units: assignments and steps).
    pub expanded: u64,
    /// Largest number of nodes held at once: the frontier for best-first/breadth-first
    /// searches; for IDA* and the depth-first searches, which hold one path, the longest path
    /// held (its depth plus one), not a frontier.
    pub max_frontier: u64,
    /// Iterations: deepening rounds, cost-limit or `f` bounds, hill-climbing climbs (the first
    /// and each restart) or annealing runs.
    pub iterations: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// The depth (number of actions) of the solution a path search found, which with
    /// `generated` gives the effective branching factor; `None` when there is no solution or
    /// the job is not one path search.
    pub depth: Option<u64>,
}

impl Stats {
    /// The statistics of a job that is not one search: only its time since `start`.
    pub fn since(start: std::time::Instant) -> Stats {
        Stats { elapsed: start.elapsed(), ..Stats::default() }
    }

    /// Records a frontier size, keeping the maximum.
    #[inline]
    pub fn frontier(&mut self, size: usize) {
        self.max_frontier = self.max_frontier.max(size as u64);
    }
    /// Takes the counts of another search into these (one report for several searches):
    /// generated and expanded add up, the largest frontier is the larger of the two.
    /// Iterations and elapsed time are left to the caller, since runs one after the other
    /// add their times and runs side by side do not.
    ///
    /// ```
    /// use delve_core::Stats;
    /// let mut total = Stats { generated: 10, expanded: 4, max_frontier: 7, ..Stats::default() };
    /// total.absorb(&Stats { generated: 5, expanded: 2, max_frontier: 3, ..Stats::default() });
    /// assert_eq!((total.generated, total.expanded, total.max_frontier), (15, 6, 7));
    /// ```
    pub fn absorb(&mut self, other: &Stats) {
        self.generated += other.generated;
        self.expanded += other.expanded;
        self.max_frontier = self.max_frontier.max(other.max_frontier);
    }
    /// Elapsed time in milliseconds, as reports print it.
    pub fn elapsed_ms(&self) -> f64 {
        self.elapsed.as_secs_f64() * 1000.0
    }

    /// The effective branching factor b\* of a solved search: the branching factor a uniform
    /// tree would need to hold the `generated` nodes down to the solution's `depth`, that is
    /// the root of N = b\* + b\*² + … + b\*^d (AIMA, §3.6). `None` without a solution, at
    /// depth 0 or with no node generated. A value near 1 means the search went nearly
    /// straight to the goal.
    ///
    /// ```
    /// use delve_core::Stats;
    /// // AIMA's example: a solution at depth 5 found with 52 nodes has b* ≈ 1.92.
    /// let stats = Stats { generated: 52, depth: Some(5), ..Stats::default() };
    /// assert!((stats.branching_factor().unwrap() - 1.92).abs() < 0.01);
    /// ```
    pub fn branching_factor(&self) -> Option<f64> {
        effective_branching_factor(self.generated, self.depth?)
    }
}

/// Solves N = b + b² + … + b^d for b > 0 by bisection (the sum grows with b, is 0 at b = 0
/// and at least N at b = N, or at 1 when N < 1). Sums stop as soon as they pass N, so a deep
/// solution costs no more than it must.
fn effective_branching_factor(generated: u64, depth: u64) -> Option<f64> {
    if generated == 0 || depth == 0 {
        return None;
    }
    let n = generated as f64;
    let exceeds = |b: f64| {
        let (mut term, mut sum) = (1.0, 0.0);
        for _ in 0..depth {
            term *= b;
            sum += term;
            if sum > n {
                return true;
            }
        }
        false
    };
    let (mut lo, mut hi) = (0.0, n.max(1.0));
    // 64 halvings take any bracket below f64's resolution.
    for _ in 0..64 {
        let mid = 0.5 * (lo + hi);
        if exceeds(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

impl std::fmt::Display for Stats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "expanded {}, generated {}, max frontier {}, iterations {}, {:.3} ms",
            self.expanded,
            self.generated,
            self.max_frontier,
            self.iterations,
            self.elapsed_ms()
        )?;
        if let (Some(depth), Some(b)) = (self.depth, self.branching_factor()) {
            write!(f, ", depth {depth}, b* {b:.3}")?;
        }
        Ok(())
    }
}

impl Serialize for Stats {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut s = serializer.serialize_struct("Stats", 7)?;
        s.serialize_field("generated", &self.generated)?;
        s.serialize_field("expanded", &self.expanded)?;
        s.serialize_field("max_frontier", &self.max_frontier)?;
        s.serialize_field("iterations", &self.iterations)?;
        // Three decimals are enough for a report and keep the JSON short.
        s.serialize_field("elapsed_ms", &((self.elapsed_ms() * 1000.0).round() / 1000.0))?;
        match (self.depth, self.branching_factor()) {
            (Some(depth), Some(b)) => {
                s.serialize_field("depth", &depth)?;
                // Four decimals, as b* is read against others like it (1.126, 1.086).
                s.serialize_field("b_star", &((b * 1e4).round() / 1e4))?;
            }
            _ => {
                s.skip_field("depth")?;
                s.skip_field("b_star")?;
            }
        }
        s.end()
    }
}

impl<'de> Deserialize<'de> for Stats {
    fn deserialize<Z: Deserializer<'de>>(deserializer: Z) -> Result<Self, Z::Error> {
        /// The serialised form, with the time in milliseconds.
        #[derive(Deserialize)]
        struct Wire {
            generated: u64,
            expanded: u64,
            max_frontier: u64,
            iterations: u64,
            elapsed_ms: f64,
            #[serde(default)]
            depth: Option<u64>,
        }
        let w = Wire::deserialize(deserializer)?;
        // Whole nanoseconds, so a time written to the microsecond reads back exactly.
        let nanos = (w.elapsed_ms * 1e6).round();
        if !(0.0..u64::MAX as f64).contains(&nanos) {
            return Err(serde::de::Error::custom(format!("elapsed_ms out of range: {}", w.elapsed_ms)));
        }
        let elapsed = Duration::from_nanos(nanos as u64);
        Ok(Stats {
            generated: w.generated,
            expanded: w.expanded,
            max_frontier: w.max_frontier,
            iterations: w.iterations,
            elapsed,
            depth: w.depth,
        })
    }
}

/// Limits a search honours; it stops cleanly with [`Outcome::Stopped`] when one is hit.
///
/// The time limit is *relative*: each search starts its own clock when it starts (see
/// [`Limits::clock`]), so one `Limits` value can be reused for a whole batch of searches and
/// built long before any of them runs.
///
/// ```
/// use delve_core::Limits;
/// use std::time::Duration;
/// let limits = Limits::default().max_expanded(1_000_000).timeout(Duration::from_secs(5)).max_memory(1 << 30);
/// assert_eq!(limits.max_expanded, Some(1_000_000));
/// assert_eq!(limits.time_limit, Some(Duration::from_secs(5)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after expanding this many nodes.
    pub max_expanded: Option<u64>,
    /// Stop once this much time has passed since the search started.
    pub time_limit: Option<Duration>,
    /// Stop before the search's memory grows past this many bytes. The graph searches count
    /// their node storage (tree, index, frontier) as it grows; with
    /// [`Limits::watch_resident`], every search also stops once the process's resident memory
    /// has grown by more than this since it started.
    pub max_memory: Option<u64>,
    /// Also hold [`Limits::max_memory`] against the growth of the whole process's resident
    /// memory (Linux), looked at every few milliseconds: the guard that sees what no count
    /// sees (depth-first stacks, states' own heap data, tables, books). It is meant for
    /// processes that run one search at a time, such as the CLI; where several run at once
    /// (the web server), it sees their growth together.
    pub watch_resident: bool,
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
    /// Sets the time limit, counted from the start of each search.
    pub fn timeout(mut self, d: Duration) -> Self {
        self.time_limit = Some(d);
        self
    }
    /// Sets the time limit from a number of seconds; no limit for a value too large to be a
    /// duration (past about 584 billion years, or infinite), `Err` for a negative value or NaN. This is the
    /// safe way to turn a user's `--timeout` into a limit.
    ///
    /// ```
    /// use delve_core::Limits;
    /// assert!(Limits::none().timeout_secs(1e20).unwrap().time_limit.is_none());
    /// assert_eq!(Limits::none().timeout_secs(0.25).unwrap().time_limit, Some(std::time::Duration::from_millis(250)));
    /// assert!(Limits::none().timeout_secs(-1.0).is_err());
    /// ```
    pub fn timeout_secs(mut self, secs: f64) -> Result<Self, NegativeTimeout> {
        if secs.is_nan() || secs < 0.0 {
            return Err(NegativeTimeout(secs));
        }
        self.time_limit = Duration::try_from_secs_f64(secs).ok();
        Ok(self)
    }
    /// Sets the memory limit in bytes of node storage.
    pub fn max_memory(mut self, bytes: u64) -> Self {
        self.max_memory = Some(bytes);
        self
    }
    /// Turns on [`Limits::watch_resident`].
    pub fn watch_resident(mut self) -> Self {
        self.watch_resident = true;
        self
    }
    /// Sets the cancellation flag.
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }
    /// Arms the time limit from now, and the memory limit from the memory in use now: the
    /// clock one search (or one parallel job) checks.
    pub fn clock(&self) -> Clock {
        let start = Instant::now();
        let memory = self.max_memory.filter(|_| self.watch_resident).and_then(|max| {
            let baseline = resident_bytes()?;
            Some(Arc::new(MemoryGuard { most: baseline.saturating_add(max), next_look: AtomicU64::new(0) }))
        });
        Clock {
            start,
            deadline: self.time_limit.and_then(|d| start.checked_add(d)),
            cancel: self.cancel.clone(),
            memory,
        }
    }
}

/// A timeout that is negative or not a number.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("a time limit must be a non-negative number of seconds, got {0}")]
pub struct NegativeTimeout(pub f64);

/// The limits of one search, armed when it started: its start time, its deadline and the
/// cancellation flag. `Sync`, so parallel jobs share one.
#[derive(Clone, Debug)]
pub struct Clock {
    start: Instant,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    memory: Option<Arc<MemoryGuard>>,
}

/// The memory half of a [`Clock`]: the most resident memory the process may reach, and when
/// to look next (looking costs a read of `/proc`, so it happens every [`MEMORY_LOOK_EVERY`]).
#[derive(Debug)]
struct MemoryGuard {
    most: u64,
    /// Nanoseconds since the clock started.
    next_look: AtomicU64,
}

/// Time between two looks at the process's resident memory.
const MEMORY_LOOK_EVERY: Duration = Duration::from_millis(5);

/// The process's resident memory in bytes, where the system says (Linux's `/proc`).
pub fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Bytes of memory the system reports available (Linux's `MemAvailable`), or unlimited
/// when it does not say: what a job that sizes its tables up front may take.
pub fn memory_available() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find(|l| l.starts_with("MemAvailable:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|kb| kb.parse::<u64>().ok()).map(|kb| kb * 1024))
        })
        .unwrap_or(u64::MAX)
}

impl Clock {
    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
    /// `Err` once the deadline has passed or the cancellation flag is raised.
    pub fn check(&self) -> Result<(), StopReason> {
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
        self.check_memory()
    }

    /// `Err` once the process's resident memory has grown past the memory limit (looked at no
    /// more than every few milliseconds; `Ok` between looks and where the system does not say).
    pub fn check_memory(&self) -> Result<(), StopReason> {
        let Some(guard) = &self.memory else { return Ok(()) };
        let now = u64::try_from(self.start.elapsed().as_nanos()).unwrap_or(u64::MAX);
        let next = guard.next_look.load(Ordering::Relaxed);
        if now < next {
            return Ok(());
        }
        guard.next_look.store(now.saturating_add(MEMORY_LOOK_EVERY.as_nanos() as u64), Ordering::Relaxed);
        match resident_bytes() {
            Some(bytes) if bytes > guard.most => Err(StopReason::Memory),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn available_memory_is_read() {
        assert!(memory_available() > 0);
    }

    #[test]
    fn the_clock_starts_when_armed_not_when_built() {
        let limits = Limits::none().timeout(Duration::from_millis(30));
        std::thread::sleep(Duration::from_millis(40));
        let clock = limits.clock();
        assert_eq!(clock.check(), Ok(()));
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(clock.check(), Err(StopReason::Timeout));
    }

    #[test]
    fn huge_and_odd_timeouts_never_panic() {
        for secs in [1e19, 1e308, f64::INFINITY, 18446744073709551616.0, f64::MAX] {
            let limits = Limits::none().timeout_secs(secs).unwrap();
            assert_eq!(limits.clock().check(), Ok(()), "{secs}");
        }
        // A limit representable as a Duration but past what an Instant can hold: no deadline.
        let limits = Limits::none().timeout(Duration::MAX);
        assert_eq!(limits.clock().check(), Ok(()));
        assert!(Limits::none().timeout_secs(f64::NAN).is_err());
        assert!(Limits::none().timeout_secs(-0.5).is_err());
        assert_eq!(Limits::none().timeout_secs(0.0).unwrap().clock().check(), Err(StopReason::Timeout));
    }

    /// b* from hand-worked sums: 2 + 4 + 8 = 14 at depth 3 gives 2; a straight path (N = d)
    /// gives 1; the sums on either side of the answer bracket it.
    #[test]
    fn branching_factor_solves_the_sum() {
        let b = |generated, depth| Stats { generated, depth: Some(depth), ..Stats::default() }.branching_factor();
        assert!((b(14, 3).unwrap() - 2.0).abs() < 1e-9);
        assert!((b(3 + 9 + 27 + 81, 4).unwrap() - 3.0).abs() < 1e-9);
        assert!((b(10, 10).unwrap() - 1.0).abs() < 1e-9);
        assert!((b(1, 1).unwrap() - 1.0).abs() < 1e-9);
        // Fewer nodes than the depth (a path found by a search that counts only some nodes).
        let small = b(2, 3).unwrap();
        assert!((small + small * small + small.powi(3) - 2.0).abs() < 1e-9);
        // The Sokoban course's runs: 874,279 nodes at 115 moves, 9,210 at 111.
        assert!((b(874_279, 115).unwrap() - 1.1034).abs() < 1e-3);
        assert!((b(9_210, 111).unwrap() - 1.0576).abs() < 1e-3);
        // A huge count at depth 1 is the count itself.
        assert!((b(u64::MAX, 1).unwrap() - u64::MAX as f64).abs() / (u64::MAX as f64) < 1e-12);
        assert_eq!(b(0, 5), None);
        assert_eq!(b(5, 0), None);
        assert_eq!(Stats { generated: 5, ..Stats::default() }.branching_factor(), None);
    }

    #[test]
    fn stats_serialise_with_the_report_keys() {
        let stats = Stats {
            generated: 15,
            expanded: 5,
            max_frontier: 6,
            iterations: 2,
            elapsed: Duration::from_micros(1500),
            depth: None,
        };
        let json = serde_json::to_string(&stats).unwrap();
        assert_eq!(json, r#"{"generated":15,"expanded":5,"max_frontier":6,"iterations":2,"elapsed_ms":1.5}"#);
        assert_eq!(serde_json::from_str::<Stats>(&json).unwrap(), stats);
        assert!(serde_json::from_str::<Stats>(&json.replace("1.5", "-1")).is_err());
        assert_eq!(serde_json::to_string(&StopReason::NodeLimit).unwrap(), r#""node_limit""#);
        let solved = Stats { depth: Some(5), ..stats };
        let json = serde_json::to_string(&solved).unwrap();
        assert!(json.ends_with(r#""elapsed_ms":1.5,"depth":5,"b_star":1.3918}"#), "{json}");
        assert_eq!(serde_json::from_str::<Stats>(&json).unwrap(), solved);
        for r in [StopReason::Memory, StopReason::Observer, StopReason::Cancelled] {
            assert_eq!(serde_json::to_string(&r).unwrap(), format!("\"{}\"", r.name()));
        }
    }
}
