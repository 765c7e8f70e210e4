//! Local search: hill climbing (steepest ascent with sideways moves and random restarts,
//! first choice) and simulated annealing. They work on a [`LocalProblem`] — a complete-state
//! formulation with an objective to minimise — and are always seeded for reproducible runs.
//!
//! Results reuse [`SearchResult`](crate::SearchResult): a solution holds the final state as
//! its only state, no actions, and the objective value as its cost; a stopped run reports its
//! best state in `best_so_far` (with [`StopReason::IterationLimit`](crate::StopReason) when
//! the algorithm's own budget of restarts or steps ran out).
//!
//! Instrumentation: each step (a state whose neighbourhood is examined) counts as one
//! expansion through the shared [`Meter`](crate::Meter), so [`Limits::max_expanded`](crate::Limits)
//! bounds the number of steps; each neighbour evaluated counts as generated; each climb
//! (the first and every restart) or annealing run is one iteration.

mod annealing;
mod hill_climbing;
#[cfg(test)]
mod queens;

pub use annealing::{Annealing, Schedule, simulated_annealing};
pub use hill_climbing::{FirstChoice, HillClimbing, first_choice, hill_climbing};

/// The generator local search draws from, re-exported from its home in [`crate::random`]
/// because every [`LocalProblem`] method that draws takes one.
pub use crate::random::SeededRng;
use rand::Rng as _;

/// A complete-state problem for local search: every state is a candidate; the search moves
/// between neighbours to minimise [`LocalProblem::objective`].
pub trait LocalProblem {
    /// A complete candidate (e.g. one queen per column).
    type State: Clone;
    /// A change to a state (e.g. move the queen of column c to row r).
    type Move: Clone;

    /// A fresh random state, used at the start and on every restart.
    fn random_state(&self, rng: &mut SeededRng) -> Self::State;
    /// The value to minimise (e.g. the number of attacking pairs).
    fn objective(&self, state: &Self::State) -> f64;
    /// Whether `state` solves the problem (typically objective zero).
    fn is_goal(&self, state: &Self::State) -> bool;
    /// Appends every move applicable in `state` to `out` (which the caller clears).
    fn moves(&self, state: &Self::State, out: &mut Vec<Self::Move>);
    /// Applies `mv` to `state` in place.
    fn apply(&self, state: &mut Self::State, mv: &Self::Move);
    /// The objective after applying `mv`; override with an incremental computation where the
    /// full one is expensive.
    fn objective_after(&self, state: &Self::State, mv: &Self::Move) -> f64 {
        let mut next = state.clone();
        self.apply(&mut next, mv);
        self.objective(&next)
    }
    /// A uniformly random move applicable in `state`, or `None` when there is none. The
    /// default lists every move into `scratch` (a buffer the caller reuses) and picks one;
    /// override it when a random move can be drawn directly.
    fn random_move(
        &self,
        state: &Self::State,
        rng: &mut SeededRng,
        scratch: &mut Vec<Self::Move>,
    ) -> Option<Self::Move> {
        scratch.clear();
        self.moves(state, scratch);
        if scratch.is_empty() { None } else { Some(scratch[rng.random_range(0..scratch.len())].clone()) }
    }
}
