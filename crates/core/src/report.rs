//! The one report type: what every command's `--json` prints and the web API returns.
//!
//! A [`Report`] holds the fields every search shares — `algorithm`, `solved`, `outcome`,
//! `stop_reason` (`null` when solved, `"no_solution"` when the space was exhausted, else the
//! limit that stopped it), `stats` (with `expanded`, `generated`, `max_frontier`, `iterations`,
//! `elapsed_ms`) — and the domain's own fields (`detail`), flattened beside them. Domains and
//! front ends build one from a [`SearchResult`] and serialise it with serde; nobody writes
//! these keys by hand, so they cannot drift.
//!
//! ```
//! use delve_core::prelude::*;
//! use delve_core::Report;
//! #[derive(serde::Serialize)]
//! struct Walk { cost: Option<u32>, path: Option<Vec<u32>> }
//! let p = FnProblem::new(0u32, |&n| [(n + 1, 1u32), (n + 3, 2)], |&n| n == 7);
//! let result = astar(&p, &Limits::none(), NoObserver);
//! let sol = result.solution();
//! let walk = Walk { cost: sol.map(|s| s.cost), path: sol.map(|s| s.states.clone()) };
//! let json = serde_json::to_value(Report::new("astar", &result, walk)).unwrap();
//! assert_eq!(json["solved"], true);
//! assert_eq!(json["outcome"], "solved");
//! assert_eq!(json["stop_reason"], serde_json::Value::Null);
//! assert_eq!(json["cost"], 5);
//! assert_eq!(json["stats"]["expanded"], result.stats.expanded);
//! ```

use crate::outcome::{OutcomeKind, SearchResult, Stats, StopReason};
use serde::Serialize;

/// A search's report: the shared fields plus the domain's `detail`, flattened.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report<D> {
    /// The algorithm's name as the user gave it (`"astar"`, `"min-conflicts"`, …).
    pub algorithm: String,
    /// True when a solution was found (or, for counting jobs, the count completed).
    pub solved: bool,
    /// How the search ended.
    pub outcome: OutcomeKind,
    /// Why it stopped early, when a limit stopped it (typed; see `stop` for the JSON key).
    #[serde(skip)]
    pub stop_reason: Option<StopReason>,
    /// The `stop_reason` key of the JSON: `null` when solved, `"no_solution"` when the whole
    /// space was searched without a solution, else the limit's name (`"timeout"`, …).
    #[serde(rename = "stop_reason")]
    stop: Option<&'static str>,
    /// The domain's own fields (path, cost, rows, …), serialised beside the shared ones.
    #[serde(flatten)]
    pub detail: D,
    /// The statistics.
    pub stats: Stats,
}

impl<D> Report<D> {
    /// The report of `result`, run by `algorithm`, with the domain's `detail`.
    pub fn new<S, A, C>(algorithm: impl Into<String>, result: &SearchResult<S, A, C>, detail: D) -> Self {
        Report::from_parts(algorithm, result.outcome.kind(), result.outcome.stop_reason(), result.stats, detail)
    }

    /// A report from its parts, for jobs that do not return a [`SearchResult`] (counts,
    /// enumerations, CSP solves).
    pub fn from_parts(
        algorithm: impl Into<String>,
        outcome: OutcomeKind,
        stop_reason: Option<StopReason>,
        stats: Stats,
        detail: D,
    ) -> Self {
        let stop = match outcome {
            OutcomeKind::Solved => None,
            OutcomeKind::NoSolution => Some("no_solution"),
            OutcomeKind::Stopped => stop_reason.map(StopReason::name),
        };
        Report {
            algorithm: algorithm.into(),
            solved: outcome == OutcomeKind::Solved,
            outcome,
            stop_reason,
            stop,
            detail,
            stats,
        }
    }

    /// What the JSON's `stop_reason` says: `None` when solved, `"no_solution"` when the space
    /// was exhausted, else the limit's name.
    pub fn stop_name(&self) -> Option<&'static str> {
        self.stop
    }

    /// The one-line status a front end prints: `solved`, `no solution`, or `stopped (why)`.
    pub fn status(&self) -> String {
        match (self.outcome, self.stop_reason) {
            (OutcomeKind::Solved, _) => "solved".to_string(),
            (OutcomeKind::NoSolution, _) => "no solution".to_string(),
            (OutcomeKind::Stopped, Some(reason)) => format!("stopped ({reason})"),
            (OutcomeKind::Stopped, None) => "stopped".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;
    use crate::{Report, StopReason};

    #[test]
    fn stop_reason_says_no_solution_or_the_limit() {
        let none = FnProblem::unit(0u32, |&n| (n < 5).then_some(n + 1), |&n| n == 9);
        let json = |r: &Report<()>| serde_json::to_value(r).unwrap();
        let r = Report::new("bfs", &bfs(&none, &Limits::none(), NoObserver), ());
        assert_eq!(
            (json(&r)["outcome"].clone(), json(&r)["stop_reason"].clone()),
            ("no_solution".into(), "no_solution".into())
        );
        assert_eq!(r.stop_reason, None);
        let endless = FnProblem::unit(0u32, |&n| Some(n + 1), |_| false);
        let r = Report::new("bfs", &bfs(&endless, &Limits::none().max_expanded(3), NoObserver), ());
        assert_eq!(json(&r)["stop_reason"], "node_limit");
        assert_eq!(r.stop_reason, Some(StopReason::NodeLimit));
        let solved = FnProblem::unit(0u32, |&n| Some(n + 1), |&n| n == 2);
        assert!(json(&Report::new("bfs", &bfs(&solved, &Limits::none(), NoObserver), ()))["stop_reason"].is_null());
    }
}
