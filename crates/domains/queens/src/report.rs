//! What N-Queens runs report: the core's [`Report`] with the board's own fields. The CLI's
//! `--json` and the web API print these; the keys are written once, here.

use crate::count::Count;
use crate::{Found, Run};
use delve_core::{OutcomeKind, Report, Stats, StopReason};
use serde::Serialize;
use std::collections::BTreeMap;

/// An algorithm's own counters (assignments, backtracks, climbs, restarts, steps, …), by name.
pub type Counters = BTreeMap<&'static str, u64>;

/// The N-Queens fields of a solve report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct QueensDetail {
    /// Board size.
    pub n: usize,
    /// The placement as 1-based rows, column by column, when solved.
    pub rows: Option<Vec<u32>>,
    /// The seed, for randomised algorithms.
    pub seed: Option<u64>,
    /// The algorithm's own counters.
    pub counters: Counters,
}

impl Run {
    /// The report of this run.
    ///
    /// ```
    /// use delve_core::{Limits, NoObserver};
    /// use delve_queens::{Algorithm, solve};
    /// let report = solve(5, Algorithm::Csp, 0, &Limits::none(), NoObserver).unwrap().report();
    /// let json = serde_json::to_value(&report).unwrap();
    /// assert_eq!(json["rows"], serde_json::json!([5, 3, 1, 4, 2]));
    /// assert_eq!((json["algorithm"].as_str(), json["outcome"].as_str()), (Some("csp"), Some("solved")));
    /// ```
    pub fn report(&self) -> Report<QueensDetail> {
        let (outcome, stop_reason) = match &self.found {
            Found::Solved(_) => (OutcomeKind::Solved, None),
            Found::NoSolution => (OutcomeKind::NoSolution, None),
            Found::Stopped(reason) => (OutcomeKind::Stopped, Some(*reason)),
        };
        let detail = QueensDetail {
            n: self.n,
            rows: self.rows().map(|r| r.iter().map(|&row| row + 1).collect()),
            seed: self.seed,
            counters: self.counters.iter().copied().collect(),
        };
        Report::from_parts(self.algorithm.name(), outcome, stop_reason, self.stats, detail)
    }
}

/// The fields of a count report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CountDetail {
    /// Board size.
    pub n: usize,
    /// Every solution (null when stopped).
    pub solutions: Option<u64>,
    /// Solutions distinct up to rotation and reflection (null when stopped).
    pub unique: Option<u64>,
    /// Tasks the work was split into (null when stopped).
    pub tasks: Option<u64>,
    /// Worker threads.
    pub threads: usize,
}

/// The report of a count: `Ok` a finished [`Count`], `Err` the reason it stopped; the
/// algorithm is `"count"`, and `stats.elapsed_ms` the wall time.
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_queens::{count_report, count_solutions};
/// let count = count_solutions(8, 1, &Limits::none(), NoObserver).map_err(|_| unreachable!());
/// let json = serde_json::to_value(count_report(8, 1, count, std::time::Duration::ZERO)).unwrap();
/// assert_eq!((json["solutions"].as_u64(), json["unique"].as_u64()), (Some(92), Some(12)));
/// ```
pub fn count_report(
    n: usize,
    threads: usize,
    count: Result<Count, StopReason>,
    elapsed: std::time::Duration,
) -> Report<CountDetail> {
    let (outcome, stop_reason, count) = match count {
        Ok(c) => (OutcomeKind::Complete, None, Some(c)),
        Err(reason) => (OutcomeKind::Stopped, Some(reason), None),
    };
    let stats = Stats { elapsed: count.map_or(elapsed, |c| c.elapsed), ..Stats::default() };
    let detail = CountDetail {
        n,
        solutions: count.map(|c| c.solutions),
        unique: count.map(|c| c.unique),
        tasks: count.map(|c| c.tasks),
        threads,
    };
    Report::from_parts("count", outcome, stop_reason, stats, detail)
}
