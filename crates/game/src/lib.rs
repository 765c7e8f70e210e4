//! # delve-game
//!
//! Adversarial search for delve: the [`Game`] trait (any number of agents; agent 0 maximises,
//! every other agent minimises or, for expectimax, is a uniform chance node) and the three
//! classic searches written once for every game — [`minimax`], [`alpha_beta`] (the CS188-exact
//! mode: strict cuts, lazy successors) and [`expectimax`] — with a depth cut-off where one
//! depth is one move of every agent. They count, bound and report through delve-core's
//! [`Meter`](delve_core::Meter), so the same [`Limits`](delve_core::Limits) and
//! [`Observer`](delve_core::Observer)s work as for the path searches.
//!
//! | module | what it does |
//! | --- | --- |
//! | [`mod@search`] | minimax, alpha-beta and expectimax: one recursion for every [`Game`], and how it counts |
//! | [`negamax`] | the fast engine for two-player zero-sum games: negamax, alpha-beta, a bounds table, iterative deepening |
//! | [`two_player`] | a two-player zero-sum game written once, as a [`ZeroSum`], run by both families of searches |
//! | [`cs188`] | Berkeley CS188's `GraphGameTreeTest` files: their trees as games, checked against their solutions |
//! | [`tree`] | a game tree written out by hand (nested parentheses or JSON) as a game, and the files `delve game solve` reads |
//! | [`pruning`] | what alpha-beta saves: minimax and alpha-beta side by side, the tree's b and m, and each cut |
//!
//! ```
//! use delve_core::{Limits, NoObserver};
//! use delve_game::{Game, alpha_beta, minimax};
//! /// Take 1 or 2 sticks from a pile; whoever takes the last stick wins.
//! struct Sticks;
//! impl Game for Sticks {
//!     type State = (u32, usize); // sticks left, agent to move
//!     type Action = u32;
//!     fn num_agents(&self) -> usize { 2 }
//!     fn initial_state(&self) -> (u32, usize) { (7, 0) }
//!     fn to_move(&self, s: &(u32, usize)) -> usize { s.1 }
//!     fn actions(&self, s: &(u32, usize)) -> Vec<u32> { (1..=s.0.min(2)).collect() }
//!     fn result(&self, s: &(u32, usize), take: &u32) -> (u32, usize) { (s.0 - take, 1 - s.1) }
//!     fn is_terminal(&self, s: &(u32, usize)) -> bool { s.0 == 0 }
//!     // The agent who just moved took the last stick.
//!     fn utility(&self, s: &(u32, usize), agent: usize) -> f64 { if s.1 == agent { -1.0 } else { 1.0 } }
//!     fn evaluate(&self, _: &(u32, usize)) -> f64 { 0.0 }
//! }
//! let start = Sticks.initial_state();
//! let best = minimax(&Sticks, &start, None, &Limits::none(), NoObserver);
//! let decision = best.decision().unwrap();
//! assert_eq!((decision.value, decision.action), (1.0, Some(1))); // leave a multiple of 3
//! let pruned = alpha_beta(&Sticks, &start, None, &Limits::none(), NoObserver);
//! assert_eq!(pruned.decision().unwrap().value, 1.0);
//! // The cuts are strict (CS188's rule): with payoffs of only ±1 no value ever beats the
//! // window here, so both searches generate all 53 states.
//! assert_eq!((pruned.stats.generated, best.stats.generated), (53, 53));
//! ```

pub mod cs188;
pub mod negamax;
pub mod pruning;
pub mod search;
pub mod tree;
pub mod two_player;

pub use negamax::{BoundKind, Negamax, NegamaxOptions, NegamaxResult, Solved, ZeroSum};
pub use search::{Cut, Decision, GameResult, Method, alpha_beta, expectimax, minimax, search, search_with_cuts};
pub use two_player::TwoPlayer;

/// A game of perfect information among `num_agents` agents who move in turn.
///
/// Values are seen from agent 0's side: agent 0 maximises, every other agent minimises
/// (or, in expectimax, moves uniformly at random). Two-player zero-sum games and the CS188
/// Pacman trees (Pacman against one or more ghosts) both fit.
pub trait Game {
    /// A position, including whose turn it is.
    type State;
    /// A move.
    type Action;
    /// How many agents take turns (2 for chess-like games; 1 + ghosts for Pacman).
    fn num_agents(&self) -> usize;
    /// Where the game starts.
    fn initial_state(&self) -> Self::State;
    /// The agent to move in `state` (0 to `num_agents() - 1`).
    fn to_move(&self, state: &Self::State) -> usize;
    /// The legal moves in `state`, in a fixed order: the searches try them in this order and,
    /// among equally good moves, choose the first.
    fn actions(&self, state: &Self::State) -> Vec<Self::Action>;
    /// The state a move leads to.
    fn result(&self, state: &Self::State, action: &Self::Action) -> Self::State;
    /// Whether the game is over in `state` (a non-terminal state has at least one move).
    fn is_terminal(&self, state: &Self::State) -> bool;
    /// The payoff of a terminal `state` to `agent`.
    fn utility(&self, state: &Self::State, agent: usize) -> f64;
    /// An estimate of `utility(state, 0)` for a non-terminal state, used where a depth
    /// cut-off stops the search.
    fn evaluate(&self, state: &Self::State) -> f64;
    /// How likely each of `actions` (the moves of `state`, in order) is where expectimax
    /// treats the agent to move as chance: weights, normalised by the search. `None` (the
    /// default) means uniform, CS188's model; a game that knows its opponents (Pacman's
    /// directional ghosts, say) can say how they really play.
    fn chance_weights(&self, _state: &Self::State, _actions: &[Self::Action]) -> Option<Vec<f64>> {
        None
    }
}
