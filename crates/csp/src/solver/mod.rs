//! Systematic search: chronological backtracking with variable ordering (static, MRV,
//! MRV + degree), value ordering (ascending, descending, least-constraining value) and
//! inference (none, forward checking, maintaining arc consistency), for one solution, for
//! all of them, or to count them. Also [`ac3`] on its own.
//!
//! The search is iterative (an explicit stack of choice points, so no recursion limit) and
//! undoes domain changes with a trail. Work is counted through `delve_core`'s
//! [`Meter`](delve_core::Meter): one *expansion* per assignment, so `--max-nodes`,
//! timeouts and Ctrl-C behave as in every other delve search.
//!
//! By concern:
//! - [`ordering`]: which variable to branch on and in which order to try its
//!   values ([`VarOrder`], [`ValueOrder`], [`TieBreak`]);
//! - [`propagation`]: assigning a value and what is inferred from it
//!   ([`Inference`]: none, forward checking, or MAC's AC-3 run);
//! - [`arc_consistency`]: AC-3 and its propagators, for MAC and
//!   [`ac3`];
//! - [`search`]: the backtracking loop with its restarts, and [`solve`];
//! - [`count`](mod@count): [`count`](fn@count) and [`for_each_solution`];
//! - [`engine`]: the state they share (domains, trail, assignment).

pub mod arc_consistency;
pub mod count;
pub mod engine;
pub mod ordering;
pub mod propagation;
pub mod search;

pub use arc_consistency::ac3;
pub use count::{CountResult, count, for_each_solution};
pub use ordering::{TieBreak, ValueOrder, VarOrder};
pub use propagation::Inference;
pub use search::solve;

use delve_core::{Finished, Outcome, OutcomeKind, Solution, Stats, StopReason};

/// Marks an unassigned variable in an assignment vector.
pub const UNASSIGNED: u32 = u32::MAX;

/// A complete assignment: one value per variable, in variable order.
pub type Assignment = Vec<u32>;

/// A backtracking configuration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Config {
    /// Variable ordering.
    pub var_order: VarOrder,
    /// Value ordering.
    pub value_order: ValueOrder,
    /// Inference.
    pub inference: Inference,
    /// Tie-breaking of the variable ordering.
    pub tie_break: TieBreak,
    /// When searching for one solution, restart from scratch after a cutoff of assignments
    /// that grows by half each time (first cutoff: 2 × the number of variables, at least 64). The search stays
    /// complete: a run that finishes under its cutoff proves there is no solution. Restarts
    /// only help with [`TieBreak::Random`]; counting and visiting every solution never restart.
    pub restarts: bool,
}

impl Config {
    /// Plain chronological backtracking: static order, ascending values, no inference.
    pub fn plain() -> Self {
        Config::default()
    }
    /// MRV + degree with forward checking.
    pub fn mrv_fc() -> Self {
        Config {
            var_order: VarOrder::MrvDegree,
            value_order: ValueOrder::Ascending,
            inference: Inference::ForwardChecking,
            ..Config::default()
        }
    }
    /// MRV + degree with maintained arc consistency.
    pub fn mac() -> Self {
        Config {
            var_order: VarOrder::MrvDegree,
            value_order: ValueOrder::Ascending,
            inference: Inference::Mac,
            ..Config::default()
        }
    }
    /// The same configuration with another value ordering.
    pub fn with_values(mut self, value_order: ValueOrder) -> Self {
        self.value_order = value_order;
        self
    }
    /// The same configuration with random tie-breaking from `seed` and restarts.
    pub fn randomised(mut self, seed: u64) -> Self {
        self.tie_break = TieBreak::Random { seed };
        self.restarts = true;
        self
    }
}

/// Statistics of a CSP search: the core's [`Stats`] plus CSP counters.
///
/// In `search`: `expanded` = assignments tried, `generated` = candidate values ordered,
/// `max_frontier` = deepest level (assigned variables), `iterations` = runs when
/// restarting (tries for local search), else 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct CspCounters {
    /// Values assigned to variables (including those rejected at once).
    pub assignments: u64,
    /// Dead ends: variables whose every value failed, sending the search back to the
    /// previous variable (for local search: steps taken).
    pub backtracks: u64,
    /// Constraint checks (one relation or predicate evaluation, or one value tested by a
    /// propagator).
    pub checks: u64,
    /// Values removed from domains by propagation.
    pub pruned: u64,
}

/// The counters as a line: `assignments 9, backtracks 0, checks 665, pruned 67`.
///
/// ```
/// let counters = delve_csp::CspCounters { assignments: 9, backtracks: 1, checks: 665, pruned: 67 };
/// assert_eq!(counters.to_string(), "assignments 9, backtracks 1, checks 665, pruned 67");
/// ```
impl std::fmt::Display for CspCounters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let CspCounters { assignments, backtracks, checks, pruned } = self;
        write!(f, "assignments {assignments}, backtracks {backtracks}, checks {checks}, pruned {pruned}")
    }
}

/// The result of [`solve`] (and of min-conflicts): an [`Outcome`] whose solution holds
/// the assignment as its only state, no actions, and its number of violated constraints
/// (zero) as cost.
#[derive(Clone, Debug, PartialEq)]
pub struct CspResult {
    /// The solver's short name: `"backtracking"` or `"min-conflicts"`.
    pub algorithm: &'static str,
    /// How the search ended.
    pub outcome: Outcome<Assignment, (), usize>,
    /// The core statistics (one expansion per assignment or local-search step).
    pub stats: Stats,
    /// The CSP's own counters.
    pub counters: CspCounters,
}

impl CspResult {
    /// The solution's values, if one was found.
    pub fn solution(&self) -> Option<&[u32]> {
        match &self.outcome {
            Outcome::Solved(s) => Some(s.goal()),
            _ => None,
        }
    }
    /// True when solved.
    pub fn is_solved(&self) -> bool {
        matches!(self.outcome, Outcome::Solved(_))
    }
}

impl Finished for CspResult {
    fn algorithm(&self) -> &'static str {
        self.algorithm
    }
    fn outcome(&self) -> OutcomeKind {
        self.outcome.kind()
    }
    fn stop_reason(&self) -> Option<StopReason> {
        self.outcome.stop_reason()
    }
    fn stats(&self) -> &Stats {
        &self.stats
    }
}

/// Wraps an assignment as a [`Solution`] (one state, no actions, cost = violations).
pub(crate) fn as_solution(values: Assignment, violations: usize) -> Solution<Assignment, (), usize> {
    Solution { actions: Vec::new(), states: vec![values], cost: violations }
}
