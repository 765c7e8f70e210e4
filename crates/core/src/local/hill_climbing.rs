//! Hill climbing on a [`LocalProblem`] (minimising its objective): steepest ascent with
//! sideways moves and random restarts, and first-choice hill climbing.
//!
//! Both keep a single current state (no frontier, no closed set) and restart from a fresh
//! [`LocalProblem::random_state`] when a climb gets stuck, up to a budget of restarts.
//! Tie-break: steepest ascent picks uniformly at random among the equally best moves;
//! first choice takes the first improving move it draws. Moves whose objective is NaN are
//! never taken. All randomness comes from one [`SeededRng`] seeded from the configuration, so
//! a run is reproducible.

use super::LocalProblem;
use crate::observe::{Bound, Meter, NodeInfo, Observer};
use crate::outcome::{Limits, Outcome, SearchResult, Solution, StopReason};
use crate::random::SeededRng;
use rand::{Rng as _, SeedableRng};

/// Settings of steepest-ascent hill climbing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HillClimbing {
    /// Seed of the random generator (restarts and tie-breaks).
    pub seed: u64,
    /// Consecutive sideways moves (to an equally good neighbour) allowed before the climb
    /// counts as stuck; the count resets after every improving move. `0` allows none.
    pub max_sideways: u64,
    /// Random restarts allowed after the first climb.
    pub max_restarts: u64,
}

impl Default for HillClimbing {
    /// Seed 0, 100 sideways moves, 100 restarts.
    fn default() -> Self {
        HillClimbing { seed: 0, max_sideways: 100, max_restarts: 100 }
    }
}

/// Settings of first-choice hill climbing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstChoice {
    /// Seed of the random generator (restarts and move draws).
    pub seed: u64,
    /// Random moves drawn without finding an improving one before the climb counts as stuck.
    pub max_tries: u64,
    /// Random restarts allowed after the first climb.
    pub max_restarts: u64,
}

impl Default for FirstChoice {
    /// Seed 0, 1000 tries per step, 100 restarts.
    fn default() -> Self {
        FirstChoice { seed: 0, max_tries: 1000, max_restarts: 100 }
    }
}

/// Steepest-ascent hill climbing with sideways moves and random restarts: each step
/// evaluates every move and takes the best one (random among equals) if it improves the
/// objective, or keeps the objective while sideways moves remain; otherwise the climb is at a
/// local minimum (or a plateau) and restarts from a random state.
///
/// Ends [`Outcome::Solved`] at a goal, or [`Outcome::Stopped`] with
/// [`StopReason::IterationLimit`] and the best state seen once the restarts are used up.
///
/// ```
/// use delve_core::{Limits, NoObserver, local::{HillClimbing, LocalProblem, SeededRng, hill_climbing}};
/// use delve_core::rand::Rng as _; // the rand version delve uses, re-exported
/// /// Find x = 37 on 0..=100 by steps of ±1, minimising (x − 37)².
/// struct Valley;
/// impl LocalProblem for Valley {
///     type State = i32;
///     type Move = i32;
///     fn random_state(&self, rng: &mut SeededRng) -> i32 { rng.random_range(0..=100) }
///     fn objective(&self, x: &i32) -> f64 { f64::from((x - 37) * (x - 37)) }
///     fn is_goal(&self, x: &i32) -> bool { *x == 37 }
///     fn moves(&self, x: &i32, out: &mut Vec<i32>) {
///         out.extend([-1, 1].into_iter().filter(|d| (0..=100).contains(&(x + d))));
///     }
///     fn apply(&self, x: &mut i32, d: &i32) { *x += d; }
/// }
/// let out = hill_climbing(&Valley, &HillClimbing { seed: 7, ..Default::default() }, &Limits::none(), &mut NoObserver);
/// let sol = out.solution().unwrap();
/// assert_eq!((sol.states[0], sol.cost), (37, 0.0));
/// assert_eq!(out.stats.iterations, 1); // no local minimum other than the goal
/// ```
pub fn hill_climbing<P, O>(
    problem: &P,
    config: &HillClimbing,
    limits: &Limits,
    observer: O,
) -> SearchResult<P::State, P::Move, f64>
where
    P: LocalProblem,
    O: Observer<P::State, f64>,
{
    climb(
        problem,
        config.seed,
        config.max_restarts,
        Strategy::Steepest { max_sideways: config.max_sideways },
        limits,
        observer,
    )
}

/// First-choice hill climbing with random restarts: each step draws random moves
/// ([`LocalProblem::random_move`]) until one strictly improves the objective and takes it;
/// after `max_tries` draws without improvement the climb restarts from a random state.
/// Suited to neighbourhoods too large to evaluate in full.
///
/// Ends as [`hill_climbing`] does.
///
/// ```
/// use delve_core::{Limits, NoObserver, local::{FirstChoice, LocalProblem, SeededRng, first_choice}};
/// use delve_core::rand::Rng as _; // the rand version delve uses, re-exported
/// /// Set all 64 bits of a word by flipping one bit at a time (minimise the zero bits).
/// struct OneMax;
/// impl LocalProblem for OneMax {
///     type State = u64;
///     type Move = u32;
///     fn random_state(&self, rng: &mut SeededRng) -> u64 { rng.random() }
///     fn objective(&self, s: &u64) -> f64 { f64::from(s.count_zeros()) }
///     fn is_goal(&self, s: &u64) -> bool { *s == u64::MAX }
///     fn moves(&self, _: &u64, out: &mut Vec<u32>) { out.extend(0..64) }
///     fn apply(&self, s: &mut u64, bit: &u32) { *s ^= 1 << bit; }
/// }
/// let out = first_choice(&OneMax, &FirstChoice { seed: 1, ..Default::default() }, &Limits::none(), &mut NoObserver);
/// assert_eq!(out.solution().unwrap().states[0], u64::MAX);
/// ```
pub fn first_choice<P, O>(
    problem: &P,
    config: &FirstChoice,
    limits: &Limits,
    observer: O,
) -> SearchResult<P::State, P::Move, f64>
where
    P: LocalProblem,
    O: Observer<P::State, f64>,
{
    climb(
        problem,
        config.seed,
        config.max_restarts,
        Strategy::FirstChoice { max_tries: config.max_tries },
        limits,
        observer,
    )
}

/// How a climb picks its next move.
#[derive(Clone, Copy)]
enum Strategy {
    Steepest { max_sideways: u64 },
    FirstChoice { max_tries: u64 },
}

/// A local-search result: the state alone, with its objective as the cost.
pub(super) fn single<S, M>(state: S, value: f64) -> Solution<S, M, f64> {
    Solution { actions: Vec::new(), states: vec![state], cost: value }
}

/// The restart loop shared by both hill climbers.
fn climb<P, O>(
    problem: &P,
    seed: u64,
    max_restarts: u64,
    strategy: Strategy,
    limits: &Limits,
    observer: O,
) -> SearchResult<P::State, P::Move, f64>
where
    P: LocalProblem,
    O: Observer<P::State, f64>,
{
    let mut meter = Meter::new(limits, observer);
    let name = match strategy {
        Strategy::Steepest { .. } => "hill_climbing",
        Strategy::FirstChoice { .. } => "first_choice",
    };
    if let Err(reason) = meter.start::<P::State, f64>(name) {
        return meter.finish(Outcome::Stopped { reason, best_so_far: None });
    }
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut best: Option<(P::State, f64)> = None;
    let stopped = |reason, best: Option<(P::State, f64)>| Outcome::Stopped {
        reason,
        best_so_far: best.map(|(state, value)| single(state, value)),
    };
    for _ in 0..=max_restarts {
        if let Err(reason) = meter.iteration::<P::State, f64>(Bound::None) {
            return meter.finish(stopped(reason, best));
        }
        let mut state = problem.random_state(&mut rng);
        let mut value = problem.objective(&state);
        meter.frontier(1);
        let mut sideways = 0;
        loop {
            if best.as_ref().is_none_or(|(_, b)| value < *b) {
                best = Some((state.clone(), value));
            }
            if problem.is_goal(&state) {
                return meter.finish(Outcome::Solved(single(state, value)));
            }
            match meter.expanding(NodeInfo { state: &state, g: value, h: None, depth: None }) {
                Ok(true) => {}
                // A pruned state ends the climb, as a local minimum would.
                Ok(false) => break,
                Err(reason) => return meter.finish(stopped(reason, best)),
            }
            let step = match strategy {
                Strategy::Steepest { max_sideways } => {
                    moves.clear();
                    problem.moves(&state, &mut moves);
                    meter.generated_many(moves.len() as u64);
                    match steepest(problem, &state, &moves, &mut rng) {
                        Some((i, v)) if v < value => {
                            sideways = 0;
                            Some((moves.swap_remove(i), v))
                        }
                        Some((i, v)) if v == value && sideways < max_sideways => {
                            sideways += 1;
                            Some((moves.swap_remove(i), v))
                        }
                        _ => None,
                    }
                }
                Strategy::FirstChoice { max_tries } => {
                    let mut found = None;
                    for _ in 0..max_tries {
                        let Some(mv) = problem.random_move(&state, &mut rng, &mut moves) else { break };
                        meter.generated_many(1);
                        let v = problem.objective_after(&state, &mv);
                        if v < value {
                            found = Some((mv, v));
                            break;
                        }
                    }
                    found
                }
            };
            let Some((mv, v)) = step else { break };
            problem.apply(&mut state, &mv);
            value = v;
        }
    }
    meter.finish(stopped(StopReason::IterationLimit, best))
}

/// The index and objective of a best move, chosen uniformly among equals (reservoir
/// sampling); `None` when there is no move with a comparable objective.
fn steepest<P: LocalProblem>(
    problem: &P,
    state: &P::State,
    moves: &[P::Move],
    rng: &mut SeededRng,
) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    let mut ties = 0u32;
    for (i, mv) in moves.iter().enumerate() {
        let v = problem.objective_after(state, mv);
        match best {
            Some((_, b)) if v > b || v.is_nan() => {}
            Some((_, b)) if v == b => {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = Some((i, v));
                }
            }
            _ if v.is_nan() => {}
            _ => {
                best = Some((i, v));
                ties = 1;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoObserver;
    use crate::local::queens::Queens;

    #[test]
    fn solves_eight_queens_with_restarts() {
        let out = hill_climbing(&Queens(8), &HillClimbing::default(), &Limits::none(), &mut NoObserver);
        let sol = out.solution().expect("8-queens is solved with 100 restarts");
        assert!(Queens::valid(&sol.states[0]));
        assert_eq!(sol.cost, 0.0);
        assert!(out.stats.expanded >= 1);
    }

    #[test]
    fn same_seed_same_run() {
        let config = HillClimbing { seed: 42, max_sideways: 0, max_restarts: 50 };
        let a = hill_climbing(&Queens(8), &config, &Limits::none(), &mut NoObserver);
        let b = hill_climbing(&Queens(8), &config, &Limits::none(), &mut NoObserver);
        assert_eq!(a.outcome, b.outcome);
        assert_eq!((a.stats.expanded, a.stats.iterations), (b.stats.expanded, b.stats.iterations));
    }

    #[test]
    fn unsolvable_three_queens_uses_up_its_restarts() {
        struct Climbs(u64);
        impl crate::Observer<Vec<u8>, f64> for Climbs {
            fn on_event(&mut self, event: &crate::Event<'_, Vec<u8>, f64>, _: &crate::Live) -> crate::Control {
                if let crate::Event::Iteration { .. } = event {
                    self.0 += 1;
                }
                crate::Control::Continue
            }
        }
        let mut climbs = Climbs(0);
        let config = HillClimbing { seed: 3, max_sideways: 5, max_restarts: 20 };
        let out = hill_climbing(&Queens(3), &config, &Limits::none(), &mut climbs);
        match out.outcome {
            Outcome::Stopped { reason: StopReason::IterationLimit, best_so_far: Some(best) } => {
                assert_eq!(best.cost, 1.0); // the best 3-queens placement has one attacking pair
                assert_eq!(Queens(3).objective(&best.states[0]), best.cost);
            }
            other => panic!("unexpected {other:?}"),
        }
        assert_eq!((climbs.0, out.stats.iterations), (21, 21));
    }

    #[test]
    fn first_choice_solves_and_stops_on_budget() {
        let out = first_choice(&Queens(8), &FirstChoice::default(), &Limits::none(), &mut NoObserver);
        assert!(Queens::valid(&out.solution().unwrap().states[0]));
        let capped =
            first_choice(&Queens(30), &FirstChoice::default(), &Limits::none().max_expanded(3), &mut NoObserver);
        match capped.outcome {
            Outcome::Stopped { reason: StopReason::NodeLimit, best_so_far: Some(_) } => {}
            other => panic!("unexpected {other:?}"),
        }
        assert_eq!(capped.stats.expanded, 3);
    }

    #[test]
    fn sideways_moves_cross_a_plateau() {
        /// A flat plateau 0..=20 with the goal at 20: only sideways moves reach it.
        struct Plateau;
        impl LocalProblem for Plateau {
            type State = i32;
            type Move = i32;
            fn random_state(&self, _: &mut SeededRng) -> i32 {
                0
            }
            fn objective(&self, x: &i32) -> f64 {
                if *x == 20 { 0.0 } else { 1.0 }
            }
            fn is_goal(&self, x: &i32) -> bool {
                *x == 20
            }
            fn moves(&self, x: &i32, out: &mut Vec<i32>) {
                out.extend([1].into_iter().filter(|d| x + d <= 20));
            }
            fn apply(&self, x: &mut i32, d: &i32) {
                *x += d;
            }
        }
        let without = HillClimbing { seed: 0, max_sideways: 0, max_restarts: 0 };
        assert!(!hill_climbing(&Plateau, &without, &Limits::none(), &mut NoObserver).is_solved());
        let with = HillClimbing { max_sideways: 19, ..without };
        assert!(hill_climbing(&Plateau, &with, &Limits::none(), &mut NoObserver).is_solved());
    }
}
