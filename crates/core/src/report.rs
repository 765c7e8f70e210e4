//! The one report type: what every command's `--json` prints and the web API returns.
//!
//! A [`Report`] holds the fields every search shares — `algorithm`, `solved`, `outcome`,
//! `stop_reason` (`null` when solved, `"no_solution"` when the space was exhausted, else the
//! limit that stopped it), `stats` (with `expanded`, `generated`, `max_frontier`, `iterations`,
//! `elapsed_ms`) — and the domain's own fields (`detail`), flattened beside them. Every
//! search's result implements [`Finished`], whose [`Finished::report`] builds one with the
//! algorithm's name the search recorded; domains and front ends serialise it with serde (and
//! read it back); nobody writes these keys by hand, so they cannot drift.
//!
//! ```
//! use delve_core::prelude::*;
//! #[derive(serde::Serialize)]
//! struct Walk { cost: Option<u32>, path: Option<Vec<u32>> }
//! let p = FnProblem::new(0u32, |&n| [(n + 1, 1u32), (n + 3, 2)], |&n| n == 7);
//! let result = astar(&p, &Limits::none(), NoObserver);
//! let sol = result.solution();
//! let walk = Walk { cost: sol.map(|s| s.cost), path: sol.map(|s| s.states.clone()) };
//! let json = serde_json::to_value(result.report(walk)).unwrap();
//! assert_eq!(json["algorithm"], "astar");
//! assert_eq!(json["solved"], true);
//! assert_eq!(json["outcome"], "solved");
//! assert_eq!(json["stop_reason"], serde_json::Value::Null);
//! assert_eq!(json["cost"], 5);
//! assert_eq!(json["stats"]["expanded"], result.stats.expanded);
//! ```

use crate::outcome::{OutcomeKind, SearchResult, Stats, StopReason};
use serde::{Deserialize, Deserializer, Serialize};

/// What every finished search tells, whatever it looked for: how it ended, why it stopped,
/// what it did, and which algorithm ran. The results of the path searches
/// ([`SearchResult`]), the game searches, the CSP solver and the solution counts implement
/// it, so one function can report on any of them.
///
/// ```
/// use delve_core::prelude::*;
/// fn line(result: &impl Finished) -> String {
///     format!("{}: {}", result.algorithm(), result.report(()).status())
/// }
/// let p = FnProblem::unit(0u32, |&n| [n + 1, n + 2], |&n| n == 5);
/// assert_eq!(line(&bfs(&p, &Limits::none(), NoObserver)), "bfs: solved");
/// assert_eq!(line(&ucs(&p, &Limits::none().max_expanded(1), NoObserver)), "ucs: stopped (node limit reached)");
/// ```
pub trait Finished {
    /// The short name of the algorithm that ran.
    fn algorithm(&self) -> &'static str;
    /// How the search ended.
    fn outcome(&self) -> OutcomeKind;
    /// Why it stopped early, when a limit (or the observer) stopped it.
    fn stop_reason(&self) -> Option<StopReason>;
    /// What the search did.
    fn stats(&self) -> &Stats;
    /// True when the search found what it looked for.
    fn is_solved(&self) -> bool {
        self.outcome() == OutcomeKind::Solved
    }
    /// The report of this search, with the domain's `detail`.
    fn report<D>(&self, detail: D) -> Report<D> {
        Report::from_parts(self.algorithm(), self.outcome(), self.stop_reason(), *self.stats(), detail)
    }
}

impl<S, A, C> Finished for SearchResult<S, A, C> {
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

/// A search's report: the shared fields plus the domain's `detail`, flattened. It reads back
/// from its JSON (`Deserialize`) when the detail does.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report<D> {
    /// The algorithm's name (`"astar"`, `"min-conflicts"`, …).
    pub algorithm: String,
    /// True when a solution was found.
    pub solved: bool,
    /// How the search ended.
    pub outcome: OutcomeKind,
    /// Why it stopped early, when a limit stopped it (typed; see `stop` for the JSON key).
    #[serde(skip)]
    pub stop_reason: Option<StopReason>,
    /// The `stop_reason` key of the JSON: `null` when solved or complete, `"no_solution"` when
    /// the whole space was searched without a solution, else the limit's name (`"timeout"`, …).
    #[serde(rename = "stop_reason")]
    stop: Option<&'static str>,
    /// The domain's own fields (path, cost, rows, …), serialised beside the shared ones.
    #[serde(flatten)]
    pub detail: D,
    /// The statistics.
    pub stats: Stats,
}

/// The JSON's `stop_reason` value, read back.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum StopKey {
    NoSolution,
    #[serde(untagged)]
    Limit(StopReason),
}

impl<'de, D: Deserialize<'de>> Deserialize<'de> for Report<D> {
    fn deserialize<Z: Deserializer<'de>>(deserializer: Z) -> Result<Self, Z::Error> {
        /// The serialised form.
        #[derive(Deserialize)]
        struct Wire<D> {
            algorithm: String,
            solved: bool,
            outcome: OutcomeKind,
            stop_reason: Option<StopKey>,
            #[serde(flatten)]
            detail: D,
            stats: Stats,
        }
        let w = Wire::<D>::deserialize(deserializer)?;
        let stop_reason = match w.stop_reason {
            Some(StopKey::Limit(reason)) => Some(reason),
            _ => None,
        };
        let mut report = Report::from_parts(w.algorithm, w.outcome, stop_reason, w.stats, w.detail);
        report.solved = w.solved;
        Ok(report)
    }
}

impl<D> Report<D> {
    /// A report from its parts, for jobs whose name is the domain's own (a count, an
    /// enumeration, a batch); the result of one search gives its own with
    /// [`Finished::report`].
    pub fn from_parts(
        algorithm: impl Into<String>,
        outcome: OutcomeKind,
        stop_reason: Option<StopReason>,
        stats: Stats,
        detail: D,
    ) -> Self {
        let stop = match outcome {
            OutcomeKind::Solved | OutcomeKind::Complete => None,
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

    /// The report of a job that is not one search (a count, an analysis, an estimate):
    /// complete, or stopped for `stop`; `stats` often holds only its time. Every front end
    /// reports such jobs through it, so their `--json` keys are one.
    ///
    /// ```
    /// use delve_core::{OutcomeKind, Report, Stats, StopReason};
    /// let done = Report::job("count", None, Stats::default(), 7);
    /// assert_eq!((done.outcome, done.stop_name()), (OutcomeKind::Complete, None));
    /// let stopped = Report::job("read", Some(StopReason::Cancelled), Stats::default(), 7);
    /// assert_eq!((stopped.outcome, stopped.stop_name()), (OutcomeKind::Stopped, Some("cancelled")));
    /// ```
    pub fn job(name: impl Into<String>, stop: Option<StopReason>, stats: Stats, detail: D) -> Self {
        let outcome = if stop.is_some() { OutcomeKind::Stopped } else { OutcomeKind::Complete };
        Report::from_parts(name, outcome, stop, stats, detail)
    }

    /// What the JSON's `stop_reason` says: `None` when solved or complete, `"no_solution"`
    /// when the space was exhausted, else the limit's name.
    pub fn stop_name(&self) -> Option<&'static str> {
        self.stop
    }

    /// The one-line status a front end prints: `solved`, `complete`, `no solution`, or
    /// `stopped (why)`.
    pub fn status(&self) -> String {
        match (self.outcome, self.stop_reason) {
            (OutcomeKind::Solved, _) => "solved".to_string(),
            (OutcomeKind::Complete, _) => "complete".to_string(),
            (OutcomeKind::NoSolution, _) => "no solution".to_string(),
            (OutcomeKind::Stopped, Some(reason)) => format!("stopped ({reason})"),
            (OutcomeKind::Stopped, None) => "stopped".to_string(),
        }
    }
}

/// How a batch of runs (a benchmark's levels, a file of instances) ended, from how each
/// ended: solved when every run was solved or complete; else stopped, by the first run's limit
/// that stopped one; else no solution. A bench's report uses it for its own `outcome` and
/// `stop_reason`, so a bench a limit cut short says which limit.
///
/// ```
/// use delve_core::{OutcomeKind, StopReason, batch_outcome};
/// let runs = [(OutcomeKind::Solved, None), (OutcomeKind::Stopped, Some(StopReason::Timeout))];
/// assert_eq!(batch_outcome(runs), (OutcomeKind::Stopped, Some(StopReason::Timeout)));
/// assert_eq!(batch_outcome([(OutcomeKind::Solved, None)]), (OutcomeKind::Solved, None));
/// assert_eq!(batch_outcome([(OutcomeKind::NoSolution, None)]), (OutcomeKind::NoSolution, None));
/// ```
pub fn batch_outcome(
    runs: impl IntoIterator<Item = (OutcomeKind, Option<StopReason>)>,
) -> (OutcomeKind, Option<StopReason>) {
    let mut outcome = (OutcomeKind::Solved, None);
    for run in runs {
        match run {
            (OutcomeKind::Stopped, reason) => return (OutcomeKind::Stopped, reason),
            (OutcomeKind::NoSolution, _) => outcome = (OutcomeKind::NoSolution, None),
            _ => {}
        }
    }
    outcome
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    #[test]
    fn stop_reason_says_no_solution_or_the_limit() {
        let none = FnProblem::unit(0u32, |&n| (n < 5).then_some(n + 1), |&n| n == 9);
        let json = |r: &Report<()>| serde_json::to_value(r).unwrap();
        let r = bfs(&none, &Limits::none(), NoObserver).report(());
        assert_eq!(
            (json(&r)["outcome"].clone(), json(&r)["stop_reason"].clone()),
            ("no_solution".into(), "no_solution".into())
        );
        assert_eq!(r.stop_reason, None);
        let endless = FnProblem::unit(0u32, |&n| Some(n + 1), |_| false);
        let r = bfs(&endless, &Limits::none().max_expanded(3), NoObserver).report(());
        assert_eq!(json(&r)["stop_reason"], "node_limit");
        assert_eq!(r.stop_reason, Some(StopReason::NodeLimit));
        let solved = FnProblem::unit(0u32, |&n| Some(n + 1), |&n| n == 2);
        assert!(json(&bfs(&solved, &Limits::none(), NoObserver).report(()))["stop_reason"].is_null());
    }

    #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Walk {
        cost: Option<u32>,
        path: Option<Vec<u32>>,
    }

    #[test]
    fn a_report_survives_a_json_round_trip() {
        let p = FnProblem::new(0u32, |&n| [(n + 1, 1u32), (n + 3, 2)], |&n| n == 7);
        let solved = astar(&p, &Limits::none(), NoObserver);
        let stopped = astar(&p, &Limits::none().max_expanded(2), NoObserver);
        let dead_end = FnProblem::unit(0u32, |&n| (n < 3).then_some(n + 1), |&n| n == 9);
        let exhausted = bfs(&dead_end, &Limits::none(), NoObserver);
        let reports = [
            solved.report(Walk { cost: Some(5), path: solved.solution().map(|s| s.states.clone()) }),
            stopped.report(Walk { cost: None, path: None }),
            exhausted.report(Walk { cost: None, path: None }),
            Report::from_parts("count", OutcomeKind::Complete, None, Stats::default(), Walk { cost: None, path: None }),
        ];
        for report in reports {
            let json = serde_json::to_string(&report).unwrap();
            let back: Report<Walk> = serde_json::from_str(&json).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap(), json);
            assert_eq!(
                (&back.algorithm, back.solved, back.outcome, back.stop_reason, back.stop_name(), &back.detail),
                (
                    &report.algorithm,
                    report.solved,
                    report.outcome,
                    report.stop_reason,
                    report.stop_name(),
                    &report.detail
                )
            );
            // The time is kept to the microsecond, as the JSON holds it; the counts exactly.
            assert_eq!(Stats { elapsed: report.stats.elapsed, ..back.stats }, report.stats);
        }
    }

    #[test]
    fn a_complete_job_is_neither_solved_nor_stopped() {
        let r = Report::from_parts("count", OutcomeKind::Complete, None, Stats::default(), ());
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!((json["solved"].clone(), json["outcome"].clone()), (false.into(), "complete".into()));
        assert!(json["stop_reason"].is_null());
        assert_eq!(r.status(), "complete");
    }
}
