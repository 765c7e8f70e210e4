//! # delve-queens
//!
//! N-Queens: place N queens on an N×N board so that none attacks another. One queen
//! per column; a placement is the row of each column's queen (0-based here, 1-based in texts).
//!
//! Every algorithm of the original assignment (a university AI course's N-Queens assignment
//! with BFS, hill climbing and CSP backtracking; see the guide's Queens chapter) and more,
//! each on the formulation that suits it:
//!
//! | name | formulation | algorithm |
//! | --- | --- | --- |
//! | `bfs`, `dfs`, `ucs`, `ils` (and any other of `delve_core::Algorithm` but `bibfs`) | [`Placement`]: column by column, attacking partial states pruned | `delve_core`'s breadth-first, depth-first, uniform-cost, iterative lengthening, … through its one dispatch |
//! | `csp` | [`csp_model`](fn@csp_model) (binary constraints) | `delve_csp` plain backtracking, last row first — the original assignment's stack order, so `5 csp` gives its `5 3 1 4 2` |
//! | `csp-mrv-fc` | [`csp_model`](fn@csp_model) | backtracking with MRV + degree and forward checking; seeded random tie-breaks and value order, with restarts |
//! | `mac` | [`csp_model`](fn@csp_model) | backtracking with MRV + degree and maintained arc consistency; the same tie-breaks and restarts |
//! | `hc` | [`QueensLocal`]: complete state, h = attacking pairs | steepest-ascent hill climbing exactly as the original assignment's: best single-queen move, ties at random, random restart at every local minimum |
//! | `hc-restart` | [`QueensLocal`] | the same with up to 100 sideways moves per climb before restarting (AIMA's variant) |
//! | `sa` | [`QueensLocal`] | simulated annealing, rerun with fresh seeds until solved |
//! | `min-conflicts` | [`Board`] (line counts) | [`min_conflicts`](fn@min_conflicts), specialised (O(N) a step, where the general engine on [`csp_model`](fn@csp_model) pays O(N²)): a million queens in well under a second |
//! | `construct` | — | the explicit O(N) formula ([`construct`]) |
//!
//! N = 2 and 3 have no solution: complete algorithms prove it by exhausting the space; the
//! local searches cannot prove anything, so for N < 4 [`solve`] first runs the complete
//! backtracking search (instant there) and lets a local search loose only when it found a
//! solution exists. Counting ([`count_solutions`]) is a separate bitboard search.
//!
//! The library never prints; [`verify`] is the independent checker front ends run on every
//! placement before showing it.
//!
//! | module | what it does |
//! | --- | --- |
//! | [`placement`] | the incremental formulation: queens placed column by column |
//! | [`local`] | the complete-state formulation for local search, with line counts |
//! | [`mod@csp_model`] | N-Queens as a general CSP for `delve_csp` |
//! | [`mod@min_conflicts`] | min-conflicts specialised for N-Queens, for millions of queens |
//! | [`count`] | exact solution counts by bitboard backtracking with the board's symmetries |
//! | [`board`] | the independent checker, the attacking-pair count and the O(N) construction |
//! | [`batch`] | the original assignment's batch files: `N algorithm` lines in, one output file each |
//! | [`report`] | what runs report (the CLI's `--json`, the web API) |
//! | [`error`] | the crate's errors |

pub mod batch;
pub mod board;
pub mod count;
pub mod csp_model;
pub mod error;
pub mod local;
pub mod min_conflicts;
pub mod placement;
pub mod report;

pub use batch::{BatchLine, BatchOutput, BatchResult, format_output, output_name, parse_batch, parse_output};
pub use board::{PlacementError, attacking_pairs, construct, rows_line, verify};
pub use count::{Count, MAX_COUNT_N, Share, count_share, count_solutions};
pub use csp_model::csp_model;
pub use error::{BatchError, OutputError, QueensError};
pub use local::{Board, QueensLocal};
pub use min_conflicts::{McOutcome, McResult, min_conflicts};
pub use placement::{Partial, Placement};
pub use report::{CountDetail, Counters, QueensDetail, count_report};

use delve_core::local::{Annealing, HillClimbing, Schedule, hill_climbing, simulated_annealing};
use delve_core::{Limits, Observer, Outcome, SearchResult, Stats, StopReason};
use delve_csp::{Assignment, Config, Inference, ValueOrder, VarOrder};
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

/// The N-Queens algorithms, by their command-line names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Algorithm {
    /// A systematic search of `delve_core` on the incremental formulation ([`Placement`]):
    /// `bfs`, `dfs`, `ucs`, `ils`, `iddfs`, `astar`, … (every one but `bibfs`).
    Search(delve_core::Algorithm),
    /// Plain CSP backtracking in the original assignment's order.
    Csp,
    /// CSP backtracking with MRV + degree and forward checking.
    CspMrvFc,
    /// CSP backtracking with maintained arc consistency.
    Mac,
    /// Steepest-ascent hill climbing with random restarts (the original assignment's).
    Hc,
    /// Hill climbing with sideways moves and random restarts.
    HcRestart,
    /// Simulated annealing.
    Sa,
    /// Specialised min-conflicts.
    MinConflicts,
    /// The explicit construction.
    Construct,
}

impl Algorithm {
    /// The original assignment's algorithms and ours, in documentation order (`delve queens --help`
    /// lists these; the other searches of `delve_core` are accepted too).
    pub const ALL: [Algorithm; 12] = [
        Algorithm::Search(delve_core::Algorithm::Bfs),
        Algorithm::Search(delve_core::Algorithm::Dfs),
        Algorithm::Csp,
        Algorithm::CspMrvFc,
        Algorithm::Mac,
        Algorithm::Hc,
        Algorithm::HcRestart,
        Algorithm::Sa,
        Algorithm::MinConflicts,
        Algorithm::Search(delve_core::Algorithm::Ucs),
        Algorithm::Search(delve_core::Algorithm::Ils),
        Algorithm::Construct,
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Search(a) => a.name(),
            Algorithm::Csp => "csp",
            Algorithm::CspMrvFc => "csp-mrv-fc",
            Algorithm::Mac => "mac",
            Algorithm::Hc => "hc",
            Algorithm::HcRestart => "hc-restart",
            Algorithm::Sa => "sa",
            Algorithm::MinConflicts => "min-conflicts",
            Algorithm::Construct => "construct",
        }
    }

    /// All command-line names of [`Algorithm::ALL`].
    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|a| a.name()).collect()
    }

    /// Whether a run given no seed draws a fresh one, so that each run may find another
    /// placement: the hill climbers, as the original assignment's hill climbing did. The other
    /// algorithms start from seed 0, so their runs repeat.
    pub fn draws_a_seed(self) -> bool {
        matches!(self, Algorithm::Hc | Algorithm::HcRestart)
    }

    /// The seed of a run: `seed` when given, else a fresh one for the hill climbers
    /// ([`draws_a_seed`](Self::draws_a_seed)) and 0 for the rest.
    ///
    /// ```
    /// use delve_queens::Algorithm;
    /// assert_eq!(Algorithm::Hc.seed(Some(7)), 7);
    /// assert_eq!(Algorithm::MinConflicts.seed(None), 0);
    /// ```
    pub fn seed(self, seed: Option<u64>) -> u64 {
        seed.unwrap_or_else(|| if self.draws_a_seed() { delve_core::random::fresh_seed() } else { 0 })
    }

    /// Whether the algorithm uses its seed (local searches; MRV tie-breaks of the CSP ones).
    pub fn is_randomised(self) -> bool {
        matches!(
            self,
            Algorithm::Hc
                | Algorithm::HcRestart
                | Algorithm::Sa
                | Algorithm::MinConflicts
                | Algorithm::CspMrvFc
                | Algorithm::Mac
        )
    }

    /// Whether "no solution" from it is a proof (it searched the whole space).
    pub fn is_complete(self) -> bool {
        !self.is_local()
    }

    /// Whether it is a local search (which cannot prove that no solution exists).
    fn is_local(self) -> bool {
        matches!(self, Algorithm::Hc | Algorithm::HcRestart | Algorithm::Sa | Algorithm::MinConflicts)
    }

    /// The largest N it accepts (memory or per-step cost grows quadratically beyond).
    pub fn max_n(self) -> usize {
        match self {
            Algorithm::Search(_) => u16::MAX as usize,
            Algorithm::Csp | Algorithm::CspMrvFc | Algorithm::Mac => 2_000,
            Algorithm::Hc | Algorithm::HcRestart => 2_000,
            Algorithm::Sa | Algorithm::MinConflicts | Algorithm::Construct => u32::MAX as usize,
        }
    }

    /// The `delve_csp` configuration of the CSP algorithms (`seed` breaks MRV ties).
    pub fn csp_config(self, seed: u64) -> Option<Config> {
        match self {
            Algorithm::Csp => Some(Config {
                var_order: VarOrder::Static,
                value_order: ValueOrder::Descending,
                inference: Inference::None,
                ..Config::default()
            }),
            Algorithm::CspMrvFc => Some(Config::mrv_fc().with_values(ValueOrder::Shuffled).randomised(seed)),
            Algorithm::Mac => Some(Config::mac().randomised(seed)),
            _ => None,
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = QueensError;
    /// Case-insensitive; `_` may stand for `-`. The names of [`Algorithm::ALL`], and every
    /// search of `delve_core` but bidirectional search (the formulation has no predecessors).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase().replace('_', "-");
        if let Some(a) = Self::ALL.into_iter().find(|a| a.name() == key) {
            return Ok(a);
        }
        match key.parse::<delve_core::Algorithm>() {
            Ok(delve_core::Algorithm::Bibfs) | Err(_) => Err(QueensError::UnknownAlgorithm(s.to_string())),
            Ok(a) => Ok(Algorithm::Search(a)),
        }
    }
}

/// Peak memory per queen, rounded up from the hungriest algorithm: `sa` peaked at 71 bytes
/// per queen at N = 10^7 (707 MB), `min-conflicts` and `construct` at 43 (release build).
pub const BYTES_PER_QUEEN: u64 = 72;

/// Refuses an N whose arrays cannot fit in `available` bytes (the memory the system reports
/// available, `delve_core::outcome::memory_available`): the local searches accept N up to
/// 2^32 - 1, and a failed allocation would abort the process. Front ends call it before
/// [`solve`].
///
/// ```
/// use delve_queens::{QueensError, check_memory};
/// assert!(check_memory(10_000_000, 16 << 30).is_ok());
/// assert!(matches!(check_memory(4_294_967_295, 16 << 30), Err(QueensError::Memory { .. })));
/// ```
pub fn check_memory(n: usize, available: u64) -> Result<(), QueensError> {
    let need = (n as u64).saturating_mul(BYTES_PER_QUEEN);
    if need > available {
        return Err(QueensError::Memory { n, need, available });
    }
    Ok(())
}

/// What a run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A placement (0-based rows), not yet verified: run [`verify`] before trusting it.
    Solved(Vec<u32>),
    /// None exists (proved by a complete search).
    NoSolution,
    /// A limit stopped the run first.
    Stopped(StopReason),
}

/// The result of [`solve`]: what was found and what it cost. [`Run::report`] turns it into
/// the report every front end prints.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// Board size.
    pub n: usize,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The seed, for randomised algorithms.
    pub seed: Option<u64>,
    /// The answer.
    pub found: Found,
    /// The core statistics.
    pub stats: Stats,
    /// Algorithm-specific counters (backtracks, checks, restarts, …), in display order.
    pub counters: Vec<(&'static str, u64)>,
}

impl Run {
    /// The placement, if one was found.
    pub fn rows(&self) -> Option<&[u32]> {
        match &self.found {
            Found::Solved(rows) => Some(rows),
            _ => None,
        }
    }
}

/// Observers [`solve`] can report to: one per formulation it may run. Every observer generic
/// over the state type (like [`delve_core::NoObserver`]) qualifies.
pub trait QueensObserver:
    Observer<Partial, u32> + Observer<Assignment, usize> + Observer<Board, f64> + Observer<Vec<u32>, f64>
{
}
impl<O> QueensObserver for O where
    O: Observer<Partial, u32> + Observer<Assignment, usize> + Observer<Board, f64> + Observer<Vec<u32>, f64>
{
}

/// Solves the N×N board with `algorithm` (seeded when randomised), within `limits`, reporting
/// to `observer` (a progress display, a log, a viewer).
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_queens::{Algorithm, Found, solve, verify};
/// let r = solve(5, Algorithm::Csp, 0, &Limits::none(), NoObserver).unwrap();
/// assert_eq!(r.found, Found::Solved(vec![4, 2, 0, 3, 1])); // the original assignment gives "5 3 1 4 2"
/// let r = solve(3, "bfs".parse().unwrap(), 0, &Limits::none(), NoObserver).unwrap();
/// assert_eq!(r.found, Found::NoSolution);
/// let r = solve(8, Algorithm::Hc, 7, &Limits::none(), NoObserver).unwrap();
/// assert!(verify(8, r.rows().unwrap()).is_ok());
/// ```
pub fn solve<O: QueensObserver>(
    n: usize,
    algorithm: Algorithm,
    seed: u64,
    limits: &Limits,
    mut observer: O,
) -> Result<Run, QueensError> {
    if n == 0 {
        return Err(QueensError::ZeroSize);
    }
    if n > algorithm.max_n() {
        return Err(QueensError::TooLarge { n, max: algorithm.max_n(), what: algorithm.name() });
    }
    if let Algorithm::Search(delve_core::Algorithm::Bibfs) = algorithm {
        return Err(QueensError::UnknownAlgorithm("bibfs".to_string()));
    }
    // A local search cannot prove that no solution exists: on boards small enough for that
    // question to arise (N < 4), settle it first with the complete backtracking search.
    if algorithm.is_local() && n < 4 {
        let proof = run(n, Algorithm::Csp, seed, limits, &mut observer);
        if !matches!(proof.found, Found::Solved(_)) {
            return Ok(Run { algorithm, seed: Some(seed), ..proof });
        }
    }
    Ok(run(n, algorithm, seed, limits, &mut observer))
}

/// [`solve`] as every front end runs it: refuses a board beyond the memory the system has
/// available ([`check_memory`]) before anything is allocated, and checks any placement found
/// with the independent [`verify`].
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_queens::{Algorithm, solve_checked};
/// let run = solve_checked(8, Algorithm::MinConflicts, 1, &Limits::none(), NoObserver).unwrap();
/// assert_eq!(run.rows().map(<[u32]>::len), Some(8));
/// ```
pub fn solve_checked<O: QueensObserver>(
    n: usize,
    algorithm: Algorithm,
    seed: u64,
    limits: &Limits,
    observer: O,
) -> Result<Run, QueensError> {
    check_memory(n, delve_core::outcome::memory_available())?;
    let run = solve(n, algorithm, seed, limits, observer)?;
    if let Found::Solved(rows) = &run.found {
        verify(n, rows).map_err(|error| QueensError::Invalid { algorithm: algorithm.name(), error })?;
    }
    Ok(run)
}

/// Runs one algorithm (its size already checked).
fn run<O: QueensObserver>(n: usize, algorithm: Algorithm, seed: u64, limits: &Limits, observer: &mut O) -> Run {
    let mut run = Run {
        n,
        algorithm,
        seed: algorithm.is_randomised().then_some(seed),
        found: Found::NoSolution,
        stats: Stats::default(),
        counters: Vec::new(),
    };
    match algorithm {
        Algorithm::Search(search) => {
            let out = search.run(&Placement::new(n as u16), limits, &mut *observer);
            // `solve` refused bidirectional search, the one that needs predecessors.
            if let Ok(out) = out {
                run.stats = out.stats;
                run.found = found(out.outcome, |s: Partial| s.into_iter().map(u32::from).collect());
            }
        }
        Algorithm::Csp | Algorithm::CspMrvFc | Algorithm::Mac => {
            let cfg = algorithm.csp_config(seed).unwrap_or_default();
            let out = delve_csp::solve(&csp_model(n), &cfg, limits, &mut *observer);
            run.stats = out.stats;
            run.counters = vec![
                ("assignments", out.counters.assignments),
                ("backtracks", out.counters.backtracks),
                ("checks", out.counters.checks),
                ("pruned", out.counters.pruned),
                ("runs", out.stats.iterations.max(1)),
            ];
            run.found = found(out.outcome, |s| s);
        }
        Algorithm::Hc | Algorithm::HcRestart => {
            let sideways = if algorithm == Algorithm::Hc { 0 } else { 100 };
            let cfg = HillClimbing { seed, max_sideways: sideways, max_restarts: u64::MAX };
            let out = hill_climbing(&QueensLocal::new(n), &cfg, limits, &mut *observer);
            run.stats = out.stats;
            run.counters = vec![("climbs", out.stats.iterations), ("restarts", out.stats.iterations.saturating_sub(1))];
            run.found = found(out.outcome, |b: Board| b.rows().to_vec());
        }
        Algorithm::Sa => {
            let (found_, stats, runs) = annealing(n, seed, limits, &mut *observer);
            run.found = found_;
            run.stats = stats;
            run.counters = vec![("runs", runs)];
        }
        Algorithm::MinConflicts => {
            let out = min_conflicts(n, seed, limits, &mut *observer);
            run.stats = out.stats;
            run.counters = vec![
                ("steps", out.stats.expanded),
                ("tries", out.stats.iterations),
                ("initial_conflicts", out.initial_conflicts),
            ];
            run.found = match out.outcome {
                McOutcome::Solved(rows) => Found::Solved(rows),
                McOutcome::Stopped(reason, _) => Found::Stopped(reason),
            };
        }
        Algorithm::Construct => {
            let start = Instant::now();
            run.found = construct(n).map_or(Found::NoSolution, Found::Solved);
            run.stats.elapsed = start.elapsed();
        }
    }
    run
}

/// Maps a core outcome to [`Found`], extracting the placement from the goal state.
fn found<S, A, C>(outcome: Outcome<S, A, C>, rows: impl FnOnce(S) -> Vec<u32>) -> Found {
    match outcome {
        Outcome::Solved(mut s) => s.states.pop().map_or(Found::NoSolution, |goal| Found::Solved(rows(goal))),
        Outcome::NoSolution => Found::NoSolution,
        Outcome::Stopped { reason, .. } => Found::Stopped(reason),
    }
}

/// Simulated annealing on [`QueensLocal`], rerun with the next seed until a run ends at a
/// goal; limits apply to the whole series (the node budget and the time limit are shared
/// across runs).
fn annealing<O: Observer<Board, f64>>(n: usize, seed: u64, limits: &Limits, observer: &mut O) -> (Found, Stats, u64) {
    // Cool from T = 2 to 0.02 over ~400·N steps (at least 20,000).
    let steps = (400 * n as u64).max(20_000);
    let alpha = (0.01f64).powf(1.0 / steps as f64);
    let mut total = Stats::default();
    let mut runs = 0u64;
    let start = Instant::now();
    loop {
        let mut run_limits = limits.clone();
        if let Some(max) = limits.max_expanded {
            run_limits.max_expanded = Some(max.saturating_sub(total.expanded));
        }
        if let Some(time) = limits.time_limit {
            run_limits.time_limit = Some(time.saturating_sub(start.elapsed()));
        }
        let cfg = Annealing {
            seed: seed.wrapping_add(runs),
            schedule: Schedule::Exponential { t0: 2.0, alpha },
            min_temperature: 0.02,
            max_steps: steps,
        };
        let out: SearchResult<Board, (u32, u32), f64> =
            simulated_annealing(&QueensLocal::new(n), &cfg, &run_limits, &mut *observer);
        runs += 1;
        total.absorb(&out.stats);
        total.iterations += out.stats.iterations;
        total.elapsed = start.elapsed();
        match out.outcome {
            Outcome::Solved(s) => return (Found::Solved(s.goal().rows().to_vec()), total, runs),
            Outcome::Stopped { reason: StopReason::IterationLimit, .. } => continue,
            Outcome::Stopped { reason, .. } => return (Found::Stopped(reason), total, runs),
            Outcome::NoSolution => return (Found::NoSolution, total, runs),
        }
    }
}

#[cfg(test)]
mod memory_tests {
    use super::check_memory;

    /// `delve queens solve 4294967295` aborted on a failed 17 GB allocation.
    #[test]
    fn boards_beyond_memory_are_refused() {
        let gib = 1 << 30;
        let msg = check_memory(4_294_967_295, 16 * gib).unwrap_err().to_string();
        assert_eq!(msg, "4294967295-queens needs about 288.0 GiB of memory, but only 16.0 GiB is available");
        assert!(check_memory(10_000_000, 16 * gib).is_ok());
        assert!(check_memory(usize::MAX, u64::MAX - 1).is_err());
    }
}
