//! Solving a level end to end — search, lay out the plan, replay it in the simulator — and
//! what that reports: the core's [`Report`] with RGB Express's own fields ([`RgbDetail`]).
//! The CLI's `--json` and the web API print these, so the keys are written once, here.

use crate::plan::{Plan, Step};
use crate::problem::{Action, RgbProblem, Rules, State};
use crate::simulate::{Violation, simulate};
use delve_core::{
    Algorithm, Bound, Control, Event, Finished, Limits, Live, Observer, Report, SearchResult, Stats, batch_outcome,
};
use serde::Serialize;

/// A solved (or not) level: the search's result, the plan when one was found (already
/// replayed), and the cost limits iterative lengthening went through.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The search's outcome and statistics.
    pub result: SearchResult<State, Action, u32>,
    /// The plan, replayed cell by cell, when a solution was found.
    pub plan: Option<Plan>,
    /// Each iteration's cost limit (`Find Cost: L`), for iterative lengthening.
    pub cost_limits: Vec<u32>,
}

/// The algorithms [`solve`] runs: the cost-optimal searches of the core that need no
/// predecessors. A plan is printed as *optimal*, so greedy or breadth-first searches are not
/// offered, and bidirectional search needs predecessors this problem does not list.
pub const SUPPORTED: [Algorithm; 4] = [Algorithm::Ucs, Algorithm::Ils, Algorithm::Astar, Algorithm::Idastar];

/// Why [`solve`] returned no report.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SolveError {
    /// An algorithm outside [`SUPPORTED`] was asked for.
    #[error("`{0}` does not find optimal plans for RGB Express (supported: ucs, ils, astar, idastar)")]
    Unsupported(Algorithm),
    /// The plan found fails the independent replay: a bug in the model, never printed.
    #[error("internal error: the plan found fails the independent replay: {0}")]
    Replay(#[from] Violation),
}

/// Passes events on to the caller's observer and notes each cost limit.
struct CostLimits<O> {
    inner: O,
    limits: Vec<u32>,
}

impl<O: Observer<State, u32>> Observer<State, u32> for CostLimits<O> {
    fn on_event(&mut self, event: &Event<'_, State, u32>, live: &Live) -> Control {
        if let Event::Iteration { bound: Bound::Cost(c), .. } = event {
            self.limits.push(*c);
        }
        self.inner.on_event(event, live)
    }
}

/// Solves `problem` with `algorithm` within `limits`, and replays the plan it finds with the
/// independent simulator; a plan the simulator rejects is an error (a bug in the model),
/// never printed as a solution. An algorithm outside [`SUPPORTED`] is refused
/// ([`SolveError::Unsupported`]) before any search.
///
/// ```
/// use delve_core::{Algorithm, Limits, NoObserver};
/// use delve_rgb::{Level, RgbProblem, Rules, solve};
/// let level = Level::parse(include_str!("../data/Custom.txt")).unwrap();
/// let problem = RgbProblem::new(level, Rules::Pairwise).unwrap();
/// let solved = solve(&problem, Algorithm::Ils, &Limits::none(), NoObserver).unwrap();
/// assert_eq!(solved.plan.unwrap().cost, 6);
/// assert_eq!(solved.cost_limits, [0, 1, 3, 4, 5, 6]);
/// assert!(solve(&problem, Algorithm::Bibfs, &Limits::none(), NoObserver).is_err());
/// ```
pub fn solve<O: Observer<State, u32>>(
    problem: &RgbProblem,
    algorithm: Algorithm,
    limits: &Limits,
    observer: O,
) -> Result<Solved, SolveError> {
    if !SUPPORTED.contains(&algorithm) {
        return Err(SolveError::Unsupported(algorithm));
    }
    let mut watch = CostLimits { inner: observer, limits: Vec::new() };
    let result = algorithm.run(problem, limits, &mut watch).map_err(|_| SolveError::Unsupported(algorithm))?;
    let plan = match result.solution() {
        Some(solution) => {
            let plan = Plan::new(problem, solution);
            simulate(problem.level(), problem.rules(), &plan.routes(problem.trucks()), &plan.bumps, plan.cost)?;
            Some(plan)
        }
        None => None,
    };
    Ok(Solved { result, plan, cost_limits: watch.limits })
}

/// RGB Express's fields of a report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RgbDetail {
    /// The level's name.
    pub level: String,
    /// The rule set played.
    pub rules: Rules,
    /// The optimal cost (the time of the goal), when solved.
    pub cost: Option<u32>,
    /// Each truck's route in the original solver's arrows, by truck index, when solved.
    pub routes: Option<Vec<String>>,
    /// The plan step by step, when solved.
    pub plan: Option<Vec<Step>>,
    /// In a level with bumps, when solved: the (row, col) of each bump the plan finds enabled
    /// (FORMAT.md §5.3); absent for levels without bumps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bumps_enabled: Option<Vec<(usize, usize)>>,
    /// Iterative lengthening's cost limits (empty for other algorithms).
    pub cost_limits: Vec<u32>,
    /// Nodes expanded (also in `stats`; kept at the top level, where reports comparing expansions read it).
    pub expanded: u64,
    /// Nodes generated (also in `stats`).
    pub generated: u64,
    /// Wall time in milliseconds (also in `stats`).
    pub elapsed_ms: f64,
}

/// A level's report.
pub type RgbReport = Report<RgbDetail>;

/// The fields of the report of several searches of one level, run one after the other (as
/// the original's `main.py` runs uniform-cost search and then iterative lengthening).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunsDetail {
    /// The level's name.
    pub level: String,
    /// The rule set played.
    pub rules: Rules,
    /// Each search's own report, in the order they ran.
    pub runs: Vec<RgbReport>,
}

/// The report of several searches of one level ([`RunsDetail`]): `algorithm` joins their
/// names with commas (`ucs,ils`); `solved` when every one solved the level; `outcome` and
/// `stop_reason` as a batch's (the first limit that stopped one, else no solution if one found
/// none); `stats` adds up their nodes, iterations and time (and keeps the largest frontier).
///
/// ```
/// use delve_core::{Algorithm, Limits, NoObserver};
/// use delve_rgb::{Level, RgbProblem, Rules, runs_report, solve};
/// let problem = RgbProblem::new(Level::parse(include_str!("../data/Custom.txt")).unwrap(), Rules::Pairwise).unwrap();
/// let runs = [Algorithm::Ucs, Algorithm::Ils]
///     .map(|a| solve(&problem, a, &Limits::none(), NoObserver).unwrap().report(&problem));
/// let report = runs_report(&problem, runs.to_vec());
/// assert_eq!((report.algorithm.as_str(), report.solved), ("ucs,ils", true));
/// assert_eq!(report.stats.expanded, runs[0].stats.expanded + runs[1].stats.expanded);
/// ```
pub fn runs_report(problem: &RgbProblem, runs: Vec<RgbReport>) -> Report<RunsDetail> {
    let names: Vec<&str> = runs.iter().map(|r| r.algorithm.as_str()).collect();
    let algorithm = names.join(",");
    let (outcome, stop_reason) = batch_outcome(runs.iter().map(|r| (r.outcome, r.stop_reason)));
    let mut stats = Stats::default();
    for r in &runs {
        stats.absorb(&r.stats);
        stats.iterations += r.stats.iterations;
        stats.elapsed += r.stats.elapsed;
    }
    let detail = RunsDetail { level: problem.level().name.clone(), rules: problem.rules(), runs };
    Report::from_parts(algorithm, outcome, stop_reason, stats, detail)
}

impl Solved {
    /// The report of this run on `problem` (the algorithm's name is the one the search recorded).
    pub fn report(&self, problem: &RgbProblem) -> RgbReport {
        let stats = self.result.stats;
        let detail = RgbDetail {
            level: problem.level().name.clone(),
            rules: problem.rules(),
            cost: self.plan.as_ref().map(|p| p.cost),
            routes: self.plan.as_ref().map(|p| p.arrows(problem.trucks())),
            plan: self.plan.as_ref().map(|p| p.steps.clone()),
            bumps_enabled: self
                .plan
                .as_ref()
                .filter(|_| !problem.level().bumps.is_empty())
                .map(|p| p.bumps.iter().map(|&c| problem.level().position(c)).collect()),
            cost_limits: self.cost_limits.clone(),
            expanded: stats.expanded,
            generated: stats.generated,
            elapsed_ms: stats.elapsed_ms(),
        };
        self.result.report(detail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Level;
    use delve_core::NoObserver;

    fn custom() -> RgbProblem {
        RgbProblem::new(Level::parse(include_str!("../data/Custom.txt")).unwrap(), Rules::Pairwise).unwrap()
    }

    #[test]
    fn unsupported_algorithms_are_refused_not_replaced() {
        let problem = custom();
        for algorithm in [Algorithm::Bibfs, Algorithm::Bfs, Algorithm::Dfs, Algorithm::Greedy, Algorithm::Iddfs] {
            let err = solve(&problem, algorithm, &Limits::none(), NoObserver).unwrap_err();
            assert_eq!(err, SolveError::Unsupported(algorithm));
            assert!(err.to_string().contains("supported: ucs, ils, astar, idastar"), "{err}");
        }
        for algorithm in SUPPORTED {
            let solved = solve(&problem, algorithm, &Limits::none(), NoObserver).unwrap();
            assert_eq!(solved.plan.map(|p| p.cost), Some(6), "{algorithm}");
        }
    }
}
