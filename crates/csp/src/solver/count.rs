//! Counting and visiting every solution: the backtracking search run to the end (never
//! restarted), the visitor called at each complete assignment.

use super::engine::Engine;
use super::search::End;
use super::{Assignment, Config, CspCounters};
use crate::model::Csp;
use delve_core::{Finished, Limits, Observer, OutcomeKind, Stats, StopReason};
use std::ops::ControlFlow;

/// The result of [`count`] and [`for_each_solution`].
#[derive(Clone, Debug, PartialEq)]
pub struct CountResult {
    /// Solutions found (all of them unless `stop_reason` is set).
    pub count: u64,
    /// Set when a limit stopped the search early (the count is then a lower bound).
    pub stop_reason: Option<StopReason>,
    /// The core statistics.
    pub stats: Stats,
    /// The CSP's own counters.
    pub counters: CspCounters,
}

impl CountResult {
    /// True when every solution was counted.
    pub fn is_complete(&self) -> bool {
        self.stop_reason.is_none()
    }
}

/// `"count"`; [`OutcomeKind::Complete`] when every solution was counted (a count is never
/// "solved"), else stopped.
impl Finished for CountResult {
    fn algorithm(&self) -> &'static str {
        "count"
    }
    fn outcome(&self) -> OutcomeKind {
        if self.is_complete() { OutcomeKind::Complete } else { OutcomeKind::Stopped }
    }
    fn stop_reason(&self) -> Option<StopReason> {
        self.stop_reason
    }
    fn stats(&self) -> &Stats {
        &self.stats
    }
}

/// Counts every solution.
///
/// ```
/// use delve_csp::{Config, Csp, Domain, count};
/// use delve_core::{Limits, NoObserver};
/// let mut csp = Csp::new();
/// let v: Vec<_> = (0..4).map(|_| csp.add_var(Domain::full(4))).collect();
/// csp.add_all_different(&v).unwrap();
/// assert_eq!(count(&csp, &Config::mrv_fc(), &Limits::none(), &mut NoObserver).count, 24);
/// ```
pub fn count<O>(csp: &Csp, config: &Config, limits: &Limits, observer: O) -> CountResult
where
    O: Observer<Assignment, usize>,
{
    for_each_solution(csp, config, limits, observer, |_| ControlFlow::Continue(()))
}

/// Calls `visit` with every solution (in the search's order) until it breaks; returns how
/// many were visited. The same search as [`count`], which visits without looking.
///
/// ```
/// use delve_csp::{Config, Csp, Domain, Relation, for_each_solution};
/// use delve_core::{Limits, NoObserver};
/// use std::ops::ControlFlow;
/// let mut csp = Csp::new();
/// let x = csp.add_var(Domain::full(3));
/// let y = csp.add_var(Domain::full(3));
/// csp.add_binary(x, y, Relation::Lt).unwrap();
/// let mut seen = Vec::new();
/// let out = for_each_solution(&csp, &Config::plain(), &Limits::none(), NoObserver, |s| {
///     seen.push((s[0], s[1]));
///     ControlFlow::Continue(())
/// });
/// assert_eq!((out.count, seen), (3, vec![(0, 1), (0, 2), (1, 2)]));
/// ```
pub fn for_each_solution<O, F>(csp: &Csp, config: &Config, limits: &Limits, observer: O, mut visit: F) -> CountResult
where
    O: Observer<Assignment, usize>,
    F: FnMut(&[u32]) -> ControlFlow<()>,
{
    let mut n = 0u64;
    let (end, stats, counters) = Engine::new(csp, *config, limits, observer).run(&mut |values: &[u32]| {
        n += 1;
        visit(values)
    });
    let stop_reason = match end {
        End::Stopped(reason) => Some(reason),
        End::Exhausted | End::Interrupted | End::Cutoff => None,
    };
    CountResult { count: n, stop_reason, stats, counters }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_models::{CONFIGS, queens};
    use delve_core::NoObserver;

    #[test]
    fn every_configuration_counts_queens() {
        for cfg in CONFIGS {
            for (n, expected) in [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40), (8, 92)] {
                let out = count(&queens(n), &cfg, &Limits::none(), &mut NoObserver);
                assert_eq!(out.count, expected, "{cfg:?} n={n}");
                assert_eq!(out.stop_reason, None);
            }
        }
    }

    #[test]
    fn a_count_reports_complete_or_stopped_never_solved() {
        let done = count(&queens(6), &Config::mrv_fc(), &Limits::none(), NoObserver);
        let report = done.report(done.count);
        assert_eq!((report.algorithm.as_str(), report.outcome, report.solved), ("count", OutcomeKind::Complete, false));
        assert!(!done.is_solved());
        let cut = count(&queens(8), &Config::mrv_fc(), &Limits::none().max_expanded(5), NoObserver);
        assert_eq!((cut.outcome(), cut.stop_reason()), (OutcomeKind::Stopped, Some(StopReason::NodeLimit)));
    }
}
