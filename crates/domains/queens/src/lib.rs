//! # delve-queens
//!
//! N-Queens (SPEC §2): place N queens on an N×N board so that none attacks another. One queen
//! per column; a placement is the row of each column's queen (0-based here, 1-based in texts).
//!
//! Every algorithm of the reference and more, each on the formulation that suits it:
//!
//! | name | formulation | algorithm |
//! | --- | --- | --- |
//! | `bfs`, `dfs`, `ucs`, `ils` | [`Placement`]: column by column, attacking partial states pruned | `delve_core`'s breadth-first, depth-first, uniform-cost, iterative lengthening |
//! | `csp` | [`csp_model`] (binary constraints) | `delve_csp` plain backtracking, last row first — the reference's stack order, so `5 csp` gives its `5 3 1 4 2` |
//! | `csp-mrv-fc` | [`csp_model`] | backtracking with MRV + degree and forward checking; seeded random tie-breaks and value order, with restarts |
//! | `mac` | [`csp_model`] | backtracking with MRV + degree and maintained arc consistency; the same tie-breaks and restarts |
//! | `hc` | [`QueensLocal`]: complete state, h = attacking pairs | steepest-ascent hill climbing exactly as SPEC §2: best single-queen move, ties at random, random restart at every local minimum |
//! | `hc-restart` | [`QueensLocal`] | the same with up to 100 sideways moves per climb before restarting (AIMA's variant) |
//! | `sa` | [`QueensLocal`] | simulated annealing, rerun with fresh seeds until solved |
//! | `min-conflicts` | line counters | [`min_conflicts`], specialised: a million queens in well under a second |
//! | `construct` | — | the explicit O(N) formula ([`construct`]) |
//!
//! N = 2 and 3 have no solution: complete algorithms prove it by exhausting the space; the
//! local searches, which cannot prove anything, know it (as the reference does) and say so
//! instead of looping. Counting ([`count_solutions`]) is a separate bitboard search.
//!
//! The library never prints; [`verify`] is the independent checker front ends run on every
//! placement before showing it.

mod batch;
mod board;
mod count;
mod csp_model;
mod error;
mod local;
mod min_conflicts;
mod placement;

pub use batch::{BatchLine, format_output, output_name, parse_batch, parse_output};
pub use board::{PlacementError, attacking_pairs, construct, rows_line, verify};
pub use count::{Count, MAX_COUNT_N, count_solutions};
pub use csp_model::csp_model;
pub use error::{BatchError, OutputError, QueensError};
pub use local::{Board, QueensLocal};
pub use min_conflicts::{McOutcome, McResult, min_conflicts};
pub use placement::{Partial, Placement};

use delve_core::local::{Annealing, HillClimbing, Schedule, hill_climbing, simulated_annealing};
use delve_core::uninformed::{bfs, dfs, ils, ucs};
use delve_core::{Limits, Observer, Outcome, SearchResult, Stats, StopReason};
use delve_csp::{Config, Inference, ValueOrder, VarOrder};
use std::fmt;
use std::str::FromStr;
use std::time::Instant;

/// The N-Queens algorithms, by their command-line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Breadth-first search on the incremental formulation.
    Bfs,
    /// Depth-first search on the incremental formulation.
    Dfs,
    /// Plain CSP backtracking in the reference's order.
    Csp,
    /// CSP backtracking with MRV + degree and forward checking.
    CspMrvFc,
    /// CSP backtracking with maintained arc consistency.
    Mac,
    /// Steepest-ascent hill climbing with random restarts (SPEC §2).
    Hc,
    /// Hill climbing with sideways moves and random restarts.
    HcRestart,
    /// Simulated annealing.
    Sa,
    /// Specialised min-conflicts.
    MinConflicts,
    /// Uniform-cost search on the incremental formulation.
    Ucs,
    /// Iterative lengthening search on the incremental formulation.
    Ils,
    /// The explicit construction.
    Construct,
}

impl Algorithm {
    /// Every algorithm, in documentation order.
    pub const ALL: [Algorithm; 12] = [
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Csp,
        Algorithm::CspMrvFc,
        Algorithm::Mac,
        Algorithm::Hc,
        Algorithm::HcRestart,
        Algorithm::Sa,
        Algorithm::MinConflicts,
        Algorithm::Ucs,
        Algorithm::Ils,
        Algorithm::Construct,
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Csp => "csp",
            Algorithm::CspMrvFc => "csp-mrv-fc",
            Algorithm::Mac => "mac",
            Algorithm::Hc => "hc",
            Algorithm::HcRestart => "hc-restart",
            Algorithm::Sa => "sa",
            Algorithm::MinConflicts => "min-conflicts",
            Algorithm::Ucs => "ucs",
            Algorithm::Ils => "ils",
            Algorithm::Construct => "construct",
        }
    }

    /// All command-line names.
    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|a| a.name()).collect()
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
        !matches!(self, Algorithm::Hc | Algorithm::HcRestart | Algorithm::Sa | Algorithm::MinConflicts)
    }

    /// The largest N it accepts (memory or per-step cost grows quadratically beyond).
    pub fn max_n(self) -> usize {
        match self {
            Algorithm::Bfs | Algorithm::Dfs | Algorithm::Ucs | Algorithm::Ils => u16::MAX as usize,
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
    /// Case-insensitive; `_` may stand for `-`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase().replace('_', "-");
        Self::ALL.into_iter().find(|a| a.name() == key).ok_or_else(|| QueensError::UnknownAlgorithm(s.to_string()))
    }
}

/// What a run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A placement (0-based rows), not yet verified: run [`verify`] before trusting it.
    Solved(Vec<u32>),
    /// None exists (proved, or known for N = 2, 3).
    NoSolution,
    /// A limit stopped the run first.
    Stopped(StopReason),
}

/// The result of [`solve`]: what was found and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
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

impl Report {
    /// The placement, if one was found.
    pub fn rows(&self) -> Option<&[u32]> {
        match &self.found {
            Found::Solved(rows) => Some(rows),
            _ => None,
        }
    }
}

/// An observer that hands the statistics to a callback every 4,096 expansions.
struct Tap<'a> {
    f: &'a mut dyn FnMut(&Stats),
}

impl<S, C> Observer<S, C> for Tap<'_> {
    fn expanded(&mut self, _: &S, stats: &Stats) {
        if stats.expanded.is_multiple_of(4096) {
            (self.f)(stats);
        }
    }
}

/// Solves the N×N board with `algorithm` (seeded when randomised), within `limits`;
/// `progress` sees the statistics now and then during long runs.
///
/// ```
/// use delve_core::Limits;
/// use delve_queens::{Algorithm, Found, solve, verify};
/// let r = solve(5, Algorithm::Csp, 0, &Limits::none(), &mut |_| {}).unwrap();
/// assert_eq!(r.found, Found::Solved(vec![4, 2, 0, 3, 1])); // the reference's "5 3 1 4 2"
/// let r = solve(3, Algorithm::Bfs, 0, &Limits::none(), &mut |_| {}).unwrap();
/// assert_eq!(r.found, Found::NoSolution);
/// let r = solve(8, Algorithm::Hc, 7, &Limits::none(), &mut |_| {}).unwrap();
/// assert!(verify(8, r.rows().unwrap()).is_ok());
/// ```
pub fn solve(
    n: usize,
    algorithm: Algorithm,
    seed: u64,
    limits: &Limits,
    progress: &mut dyn FnMut(&Stats),
) -> Result<Report, QueensError> {
    if n == 0 {
        return Err(QueensError::ZeroSize);
    }
    if n > algorithm.max_n() {
        return Err(QueensError::TooLarge { n, max: algorithm.max_n(), what: algorithm.name() });
    }
    let mut tap = Tap { f: progress };
    let mut report = Report {
        n,
        algorithm,
        seed: algorithm.is_randomised().then_some(seed),
        found: Found::NoSolution,
        stats: Stats::default(),
        counters: Vec::new(),
    };
    let known_unsolvable = n == 2 || n == 3;
    match algorithm {
        Algorithm::Bfs | Algorithm::Dfs | Algorithm::Ucs | Algorithm::Ils => {
            let p = Placement::new(n as u16);
            let out = match algorithm {
                Algorithm::Bfs => bfs(&p, limits, &mut tap),
                Algorithm::Dfs => dfs(&p, limits, &mut tap),
                Algorithm::Ucs => ucs(&p, limits, &mut tap),
                _ => ils(&p, limits, &mut tap),
            };
            report.stats = out.stats;
            report.found = found(out.outcome, |s: Partial| s.into_iter().map(u32::from).collect());
        }
        Algorithm::Csp | Algorithm::CspMrvFc | Algorithm::Mac => {
            let cfg = algorithm.csp_config(seed).expect("a CSP algorithm");
            let out = delve_csp::solve(&csp_model(n), &cfg, limits, &mut tap);
            report.stats = out.stats.search;
            report.counters = vec![
                ("assignments", out.stats.assignments),
                ("backtracks", out.stats.backtracks),
                ("checks", out.stats.checks),
                ("pruned", out.stats.pruned),
                ("runs", out.stats.search.iterations.max(1)),
            ];
            report.found = found(out.outcome, |s| s);
        }
        Algorithm::Hc | Algorithm::HcRestart if !known_unsolvable => {
            let sideways = if algorithm == Algorithm::Hc { 0 } else { 100 };
            let cfg = HillClimbing { seed, max_sideways: sideways, max_restarts: u64::MAX };
            let out = hill_climbing(&QueensLocal::new(n), &cfg, limits, &mut tap);
            report.stats = out.stats;
            report.counters =
                vec![("climbs", out.stats.iterations), ("restarts", out.stats.iterations.saturating_sub(1))];
            report.found = found(out.outcome, |b: Board| b.rows().to_vec());
        }
        Algorithm::Sa if !known_unsolvable => {
            let (found_, stats, runs) = annealing(n, seed, limits, &mut tap);
            report.found = found_;
            report.stats = stats;
            report.counters = vec![("runs", runs)];
        }
        Algorithm::MinConflicts if !known_unsolvable => {
            let out = min_conflicts(n, seed, limits, &mut tap);
            report.stats = out.stats;
            report.counters = vec![
                ("steps", out.stats.expanded),
                ("tries", out.stats.iterations),
                ("initial_conflicts", out.initial_conflicts),
            ];
            report.found = match out.outcome {
                McOutcome::Solved(rows) => Found::Solved(rows),
                McOutcome::Stopped(reason, _) => Found::Stopped(reason),
            };
        }
        Algorithm::Hc | Algorithm::HcRestart | Algorithm::Sa | Algorithm::MinConflicts => {
            report.found = Found::NoSolution;
        }
        Algorithm::Construct => {
            let start = Instant::now();
            report.found = construct(n).map_or(Found::NoSolution, Found::Solved);
            report.stats.elapsed = start.elapsed();
        }
    }
    Ok(report)
}

/// Maps a core outcome to [`Found`], extracting the placement from the goal state.
fn found<S, A, C>(outcome: Outcome<S, A, C>, rows: impl FnOnce(S) -> Vec<u32>) -> Found {
    match outcome {
        Outcome::Solved(mut s) => Found::Solved(rows(s.states.pop().expect("a solution holds its goal"))),
        Outcome::NoSolution => Found::NoSolution,
        Outcome::Stopped { reason, .. } => Found::Stopped(reason),
    }
}

/// Simulated annealing on [`QueensLocal`], rerun with the next seed until a run ends at a
/// goal; limits apply to the whole series (the node budget is shared across runs).
fn annealing(n: usize, seed: u64, limits: &Limits, tap: &mut Tap<'_>) -> (Found, Stats, u64) {
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
        let cfg = Annealing {
            seed: seed.wrapping_add(runs),
            schedule: Schedule::Exponential { t0: 2.0, alpha },
            min_temperature: 0.02,
            max_steps: steps,
        };
        let out: SearchResult<Board, (u32, u32), f64> =
            simulated_annealing(&QueensLocal::new(n), &cfg, &run_limits, &mut *tap);
        runs += 1;
        total.expanded += out.stats.expanded;
        total.generated += out.stats.generated;
        total.iterations += out.stats.iterations;
        total.max_frontier = total.max_frontier.max(out.stats.max_frontier);
        total.elapsed = start.elapsed();
        match out.outcome {
            Outcome::Solved(s) => return (Found::Solved(s.goal().rows().to_vec()), total, runs),
            Outcome::Stopped { reason: StopReason::IterationLimit, .. } => continue,
            Outcome::Stopped { reason, .. } => return (Found::Stopped(reason), total, runs),
            Outcome::NoSolution => return (Found::NoSolution, total, runs),
        }
    }
}
