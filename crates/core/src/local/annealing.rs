//! Simulated annealing on a [`LocalProblem`] (minimising its objective).
//!
//! One current state, no frontier. Each step draws one random move
//! ([`LocalProblem::random_move`]); a move that does not worsen the objective is always taken,
//! a worsening one (by `Δ > 0`) with probability `e^(−Δ/T)` at the step's temperature `T`
//! from the [`Schedule`]. The run ends at a goal, or when the temperature falls to
//! `min_temperature` or the step budget is spent; it then reports the best state it met.
//! A move whose objective is NaN is never taken. All randomness comes from one [`SeededRng`]
//! seeded from the configuration, so a run is reproducible.

use super::LocalProblem;
use super::hill_climbing::single;
use crate::observe::{Bound, Meter, NodeInfo, Observer};
use crate::outcome::{Limits, Outcome, SearchResult, StopReason};
use crate::random::SeededRng;
use rand::{Rng as _, SeedableRng};

/// A cooling schedule: the temperature at step `k` (counting from 0).
#[derive(Clone, Copy, Debug)]
pub enum Schedule {
    /// `T(k) = t0 · alpha^k`, with `0 < alpha < 1`: the usual geometric cooling.
    Exponential {
        /// Starting temperature.
        t0: f64,
        /// Cooling factor per step.
        alpha: f64,
    },
    /// `T(k) = t0 · (1 − k / steps)`: reaches zero after `steps` steps.
    Linear {
        /// Starting temperature.
        t0: f64,
        /// Steps until the temperature reaches zero.
        steps: u64,
    },
    /// `T(k) = t0 / ln(k + e)`: the slow logarithmic cooling of the convergence theorems.
    Logarithmic {
        /// Starting temperature.
        t0: f64,
    },
    /// Any function of the step number.
    Custom(fn(u64) -> f64),
}

impl Schedule {
    /// The temperature at step `k`.
    ///
    /// ```
    /// use delve_core::local::Schedule;
    /// assert_eq!(Schedule::Exponential { t0: 8.0, alpha: 0.5 }.temperature(3), 1.0);
    /// assert_eq!(Schedule::Linear { t0: 10.0, steps: 4 }.temperature(3), 2.5);
    /// assert_eq!(Schedule::Linear { t0: 10.0, steps: 4 }.temperature(9), 0.0);
    /// assert_eq!(Schedule::Logarithmic { t0: 2.0 }.temperature(0), 2.0);
    /// ```
    pub fn temperature(&self, k: u64) -> f64 {
        match *self {
            Schedule::Exponential { t0, alpha } => t0 * alpha.powf(k as f64),
            Schedule::Linear { t0, steps } => {
                if k >= steps {
                    0.0
                } else {
                    t0 * (1.0 - k as f64 / steps as f64)
                }
            }
            Schedule::Logarithmic { t0 } => t0 / (k as f64 + std::f64::consts::E).ln(),
            Schedule::Custom(f) => f(k),
        }
    }
}

/// Settings of simulated annealing.
#[derive(Clone, Debug)]
pub struct Annealing {
    /// Seed of the random generator (initial state, move draws, acceptance).
    pub seed: u64,
    /// The cooling schedule.
    pub schedule: Schedule,
    /// The run stops once the temperature is at or below this value.
    pub min_temperature: f64,
    /// The run stops after this many steps.
    pub max_steps: u64,
}

impl Default for Annealing {
    /// Seed 0, `T(k) = 10 · 0.999^k`, stopping below `10⁻³` (about 9,200 steps) or after a
    /// million steps.
    fn default() -> Self {
        Annealing {
            seed: 0,
            schedule: Schedule::Exponential { t0: 10.0, alpha: 0.999 },
            min_temperature: 1e-3,
            max_steps: 1_000_000,
        }
    }
}

/// Simulated annealing from one random state.
///
/// Ends [`Outcome::Solved`] at a goal, or [`Outcome::Stopped`] with
/// [`StopReason::IterationLimit`] and the best state met once the schedule is cold or the
/// step budget spent. Each step is one expansion; `stats.iterations` is 1 (one run), reported
/// to the observer as an `Event::Iteration` with the starting temperature as its bound.
///
/// ```
/// use delve_core::{Limits, NoObserver, local::{Annealing, LocalProblem, Schedule, SeededRng, simulated_annealing}};
/// use delve_core::rand::Rng as _; // the rand version delve uses, re-exported
/// /// Find x = 37 on 0..=100 by steps of ±1 to ±3, minimising |x − 37|.
/// struct Valley;
/// impl LocalProblem for Valley {
///     type State = i32;
///     type Move = i32;
///     fn random_state(&self, rng: &mut SeededRng) -> i32 { rng.random_range(0..=100) }
///     fn objective(&self, x: &i32) -> f64 { f64::from((x - 37).abs()) }
///     fn is_goal(&self, x: &i32) -> bool { *x == 37 }
///     fn moves(&self, x: &i32, out: &mut Vec<i32>) {
///         out.extend([-3, -2, -1, 1, 2, 3].into_iter().filter(|d| (0..=100).contains(&(x + d))));
///     }
///     fn apply(&self, x: &mut i32, d: &i32) { *x += d; }
/// }
/// let config = Annealing { seed: 5, schedule: Schedule::Linear { t0: 2.0, steps: 10_000 }, ..Default::default() };
/// let out = simulated_annealing(&Valley, &config, &Limits::none(), &mut NoObserver);
/// assert_eq!(out.solution().unwrap().states[0], 37);
/// ```
pub fn simulated_annealing<P, O>(
    problem: &P,
    config: &Annealing,
    limits: &Limits,
    observer: O,
) -> SearchResult<P::State, P::Move, f64>
where
    P: LocalProblem,
    O: Observer<P::State, f64>,
{
    let mut meter = Meter::new(limits, observer);
    let mut rng = SeededRng::seed_from_u64(config.seed);
    let mut scratch = Vec::new();
    let t0 = config.schedule.temperature(0);
    let started = meter.start::<P::State, f64>("simulated_annealing");
    if let Err(reason) = started.and_then(|()| meter.iteration::<P::State, f64>(Bound::Cost(t0))) {
        return meter.finish(Outcome::Stopped { reason, best_so_far: None });
    }
    let mut state = problem.random_state(&mut rng);
    let mut value = problem.objective(&state);
    let mut best = (state.clone(), value);
    meter.frontier(1);
    let mut reason = StopReason::IterationLimit;
    for k in 0..config.max_steps {
        if problem.is_goal(&state) {
            return meter.finish(Outcome::Solved(single(state, value)));
        }
        let t = config.schedule.temperature(k);
        if t.is_nan() || t <= config.min_temperature {
            break;
        }
        match meter.expanding(NodeInfo { state: &state, g: value, h: None, depth: None }) {
            Ok(true) => {}
            Ok(false) => continue,
            Err(stop) => {
                reason = stop;
                break;
            }
        }
        let Some(mv) = problem.random_move(&state, &mut rng, &mut scratch) else { break };
        meter.generated_many(1);
        let v = problem.objective_after(&state, &mv);
        let delta = v - value;
        if delta <= 0.0 || rng.random::<f64>() < (-delta / t).exp() {
            problem.apply(&mut state, &mv);
            value = v;
            if value < best.1 {
                best = (state.clone(), value);
            }
        }
    }
    if problem.is_goal(&state) {
        return meter.finish(Outcome::Solved(single(state, value)));
    }
    meter.finish(Outcome::Stopped { reason, best_so_far: Some(single(best.0, best.1)) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoObserver;
    use crate::local::queens::Queens;

    #[test]
    fn solves_eight_queens() {
        let config = Annealing { seed: 11, max_steps: 200_000, ..Default::default() };
        let out = simulated_annealing(&Queens(8), &config, &Limits::none(), &mut NoObserver);
        let sol = out.solution().expect("annealing solves 8-queens");
        assert!(Queens::valid(&sol.states[0]));
        assert_eq!(out.stats.iterations, 1);
        assert_eq!(out.stats.generated, out.stats.expanded);
    }

    #[test]
    fn cold_schedule_stops_with_best_state() {
        let config = Annealing { seed: 1, schedule: Schedule::Linear { t0: 1.0, steps: 10 }, ..Default::default() };
        let out = simulated_annealing(&Queens(12), &config, &Limits::none(), &mut NoObserver);
        match &out.outcome {
            Outcome::Stopped { reason: StopReason::IterationLimit, best_so_far: Some(best) } => {
                assert_eq!(Queens(12).objective(&best.states[0]), best.cost);
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(out.stats.expanded <= 10);
    }

    #[test]
    fn custom_schedule_and_node_budget() {
        let config = Annealing { seed: 2, schedule: Schedule::Custom(|_| 0.5), ..Default::default() };
        let out = simulated_annealing(&Queens(40), &config, &Limits::none().max_expanded(50), &mut NoObserver);
        assert!(matches!(out.outcome, Outcome::Stopped { reason: StopReason::NodeLimit, best_so_far: Some(_) }));
        assert_eq!(out.stats.expanded, 50);
    }

    #[test]
    fn same_seed_same_run() {
        let config = Annealing { seed: 9, max_steps: 2_000, ..Default::default() };
        let a = simulated_annealing(&Queens(16), &config, &Limits::none(), &mut NoObserver);
        let b = simulated_annealing(&Queens(16), &config, &Limits::none(), &mut NoObserver);
        assert_eq!(a.outcome, b.outcome);
        assert_eq!(a.stats.expanded, b.stats.expanded);
    }
}
