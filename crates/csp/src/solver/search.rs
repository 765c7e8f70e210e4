//! The backtracking search: an iterative loop over an explicit stack of choice points (so
//! no recursion limit) that undoes domain changes with the trail, optionally restarting with
//! a growing cutoff; and [`solve`], which stops at the first solution.

use super::engine::Engine;
use super::{Assignment, Config, CspCounters, CspResult, Inference, UNASSIGNED, as_solution};
use crate::model::Csp;
use delve_core::{Bound, Limits, NodeInfo, Observer, Outcome, OutcomeKind, Stats, StopReason};
use std::ops::ControlFlow;

/// Finds one solution.
///
/// ```
/// use delve_csp::{Config, Csp, Domain, solve};
/// use delve_core::{Limits, NoObserver};
/// // x + y == 7 and x < y over 0..8.
/// let mut csp = Csp::new();
/// let x = csp.add_var(Domain::full(8));
/// let y = csp.add_var(Domain::full(8));
/// csp.add_predicate(&[x, y], |v| v[0] + v[1] == 7).unwrap();
/// csp.add_binary(x, y, delve_csp::Relation::Lt).unwrap();
/// let out = solve(&csp, &Config::mac(), &Limits::none(), &mut NoObserver);
/// assert_eq!(out.solution(), Some(&[0, 7][..]));
/// ```
pub fn solve<O>(csp: &Csp, config: &Config, limits: &Limits, observer: O) -> CspResult
where
    O: Observer<Assignment, usize>,
{
    let mut found = None;
    let (end, stats, counters) =
        Engine::new(csp, *config, limits, observer).run_with_restarts(&mut |values: &[u32]| {
            found = Some(values.to_vec());
            ControlFlow::Break(())
        });
    let outcome = match (found, end) {
        (Some(values), _) => Outcome::Solved(as_solution(values, 0)),
        (None, End::Stopped(reason)) => Outcome::Stopped { reason, best_so_far: None },
        (None, End::Exhausted | End::Interrupted | End::Cutoff) => Outcome::NoSolution,
    };
    CspResult { algorithm: "backtracking", outcome, stats, counters }
}

/// How a run ended.
pub(super) enum End {
    /// The restart cutoff was reached (the state has been unwound).
    Cutoff,
    /// The whole tree was searched.
    Exhausted,
    /// The visitor asked to stop.
    Interrupted,
    /// A limit stopped the search.
    Stopped(StopReason),
}

/// One choice point: a variable and the values still to try.
struct Frame {
    var: u32,
    /// Range of this frame's values in the shared value stack.
    start: usize,
    end: usize,
    next: usize,
    /// Trail length before the first value was tried.
    mark: usize,
}

impl<O: Observer<Assignment, usize>> Engine<'_, '_, O> {
    // ---- the search loop --------------------------------------------------------------

    /// Searches once to the end (no restarts): counting and visiting every solution.
    pub(super) fn run(mut self, visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>) -> (End, Stats, CspCounters) {
        let end = self.search(visit);
        self.finish(end)
    }

    /// Like `run`, restarting with a doubling cutoff when the configuration asks for it.
    fn run_with_restarts(mut self, visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>) -> (End, Stats, CspCounters) {
        if !self.cfg.restarts {
            return self.run(visit);
        }
        let mut cutoff = 2 * self.n.max(32) as u64;
        loop {
            if let Err(reason) = self.meter.iteration::<Assignment, usize>(Bound::None) {
                return self.finish(End::Stopped(reason));
            }
            self.cutoff = Some(self.meter.stats().expanded + cutoff);
            match self.search(visit) {
                End::Cutoff => cutoff = cutoff.saturating_add(cutoff / 2),
                end => return self.finish(end),
            }
        }
    }

    fn finish(mut self, end: End) -> (End, Stats, CspCounters) {
        let (kind, reason) = match end {
            End::Stopped(reason) => (OutcomeKind::Stopped, Some(reason)),
            // The caller knows whether a solution was found; the event says the search ran out.
            End::Exhausted | End::Interrupted | End::Cutoff => (OutcomeKind::NoSolution, None),
        };
        let stats = self.meter.finish_with::<Assignment, usize>(kind, reason);
        let mut counters = self.counters;
        counters.assignments = stats.expanded;
        (end, stats, counters)
    }

    fn search(&mut self, visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>) -> End {
        if self.cfg.inference == Inference::Mac && !self.initial_propagation() {
            return End::Exhausted;
        }
        let mut frames: Vec<Frame> = Vec::new();
        let mut values: Vec<u32> = Vec::new();
        loop {
            // Descend: pick a variable, or report a complete assignment.
            match self.select(frames.len()) {
                None => {
                    if visit(&self.value).is_break() {
                        return End::Interrupted;
                    }
                }
                Some(x) => {
                    let start = values.len();
                    self.order_values(x, &mut values);
                    self.meter.generated_many((values.len() - start) as u64);
                    frames.push(Frame { var: x as u32, start, end: values.len(), next: start, mark: self.trail.len() });
                    self.meter.frontier(frames.len());
                }
            }
            // Advance: the next untried value of the deepest choice point that has one.
            loop {
                let Some(f) = frames.last_mut() else { return End::Exhausted };
                let x = f.var as usize;
                if self.value[x] != UNASSIGNED {
                    let mark = f.mark;
                    self.unassign(x);
                    self.undo(mark);
                }
                let Some(f) = frames.last_mut() else { return End::Exhausted };
                if f.next == f.end {
                    values.truncate(f.start);
                    frames.pop();
                    self.counters.backtracks += 1;
                    continue;
                }
                let a = values[f.next];
                f.next += 1;
                if self.cutoff.is_some_and(|c| self.meter.stats().expanded >= c) {
                    // Unwind everything so the next run starts from the initial domains.
                    for f in frames.iter().rev() {
                        if self.value[f.var as usize] != UNASSIGNED {
                            self.unassign(f.var as usize);
                        }
                    }
                    self.undo(0);
                    return End::Cutoff;
                }
                let depth = frames.len();
                let node = NodeInfo { state: &self.value, g: depth, h: None, depth: Some(depth as u32) };
                match self.meter.expanding(node) {
                    Ok(true) => {}
                    // The observer pruned this value: treat it as failed.
                    Ok(false) => continue,
                    Err(reason) => return End::Stopped(reason),
                }
                if self.assign(x, a) {
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::count;
    use crate::test_models::queens;
    use delve_core::NoObserver;

    #[test]
    fn stronger_inference_explores_fewer_nodes() {
        let csp = queens(10);
        let plain = solve(&csp, &Config::plain(), &Limits::none(), &mut NoObserver);
        let fc = solve(&csp, &Config::mrv_fc(), &Limits::none(), &mut NoObserver);
        let mac = solve(&csp, &Config::mac(), &Limits::none(), &mut NoObserver);
        for r in [&plain, &fc, &mac] {
            assert!(csp.is_solution(r.solution().unwrap()));
        }
        assert!(fc.counters.assignments < plain.counters.assignments);
        assert!(mac.counters.assignments <= fc.counters.assignments);
        // Plain backtracking returns the lexicographically first solution.
        assert_eq!(plain.solution().unwrap(), &[0, 2, 5, 7, 9, 4, 8, 1, 3, 6]);
    }

    #[test]
    fn node_limit_stops_cleanly() {
        let limits = Limits::none().max_expanded(5);
        let out = solve(&queens(12), &Config::plain(), &limits, &mut NoObserver);
        assert_eq!(out.outcome, Outcome::Stopped { reason: StopReason::NodeLimit, best_so_far: None });
        assert_eq!(out.counters.assignments, 5);
        let c = count(&queens(8), &Config::mrv_fc(), &limits, &mut NoObserver);
        assert_eq!(c.stop_reason, Some(StopReason::NodeLimit));
    }
}
