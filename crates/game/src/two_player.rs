//! A two-player zero-sum game written once, as a [`ZeroSum`], seen as a [`Game`] too: the
//! CS188-style searches ([`minimax`](crate::minimax), [`alpha_beta`](crate::alpha_beta),
//! [`expectimax`](crate::expectimax)) and the [`Negamax`](crate::Negamax) engine then run on
//! the same rules.
//!
//! A [`ZeroSum`] position does not say whose turn it is and its values are for the side to
//! move; a [`Game`] state names the agent to move, and its values are agent 0's. [`TwoPlayer`]
//! pairs each position with the agent to move (agent 0 starts) and turns the signs.
//!
//! ```
//! use delve_core::{Limits, NoObserver};
//! use delve_game::{Negamax, NegamaxOptions, TwoPlayer, ZeroSum, alpha_beta};
//! /// Take 1 or 2 sticks; whoever takes the last stick wins.
//! struct Sticks;
//! impl ZeroSum for Sticks {
//!     type Position = u32; // sticks left
//!     type Move = u32;
//!     fn moves(&self, left: &u32) -> Vec<u32> { (1..=*left.min(&2)).collect() }
//!     fn play(&self, left: &u32, take: u32) -> u32 { left - take }
//!     // No stick left: the other side took the last one.
//!     fn terminal(&self, left: &u32) -> Option<i32> { (*left == 0).then_some(-1) }
//!     fn key(&self, left: &u32) -> u64 { u64::from(*left) }
//! }
//! // The negamax engine: the value for the side to move.
//! let out = Negamax::new(&Sticks).solve(&7, &NegamaxOptions::default(), &Limits::none(), NoObserver);
//! assert_eq!(out.outcome.unwrap().value, 1);
//! // The same rules as a `Game`, for alpha-beta: agent 0 moves first, values are its own.
//! let game = TwoPlayer::new(Sticks, 7);
//! let out = alpha_beta(&game, &game.start(), None, &Limits::none(), NoObserver);
//! let decision = out.decision().unwrap();
//! assert_eq!((decision.value, decision.action), (1.0, Some(1))); // leave a multiple of 3
//! ```

use crate::{Game, ZeroSum};

/// A [`ZeroSum`] game as a two-agent [`Game`] from a start position; states are
/// `(position, agent to move)`. A reference works as the game too: `TwoPlayer::new(&game, p)`.
#[derive(Clone, Debug)]
pub struct TwoPlayer<G: ZeroSum> {
    game: G,
    start: G::Position,
}

impl<G: ZeroSum> TwoPlayer<G> {
    /// The game `game` from `start`, with agent 0 to move.
    pub fn new(game: G, start: G::Position) -> Self {
        TwoPlayer { game, start }
    }

    /// The game in its negamax form.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The start state: the start position, agent 0 to move.
    pub fn start(&self) -> (G::Position, usize)
    where
        G::Position: Clone,
    {
        (self.start.clone(), 0)
    }
}

/// `value` for the side `to_move`, seen by `agent`.
fn seen_by(value: i32, to_move: usize, agent: usize) -> f64 {
    if agent == to_move { f64::from(value) } else { -f64::from(value) }
}

impl<G: ZeroSum> Game for TwoPlayer<G>
where
    G::Position: Clone,
{
    type State = (G::Position, usize);
    type Action = G::Move;
    fn num_agents(&self) -> usize {
        2
    }
    fn initial_state(&self) -> Self::State {
        self.start()
    }
    fn to_move(&self, state: &Self::State) -> usize {
        state.1
    }
    fn actions(&self, state: &Self::State) -> Vec<G::Move> {
        self.game.moves(&state.0)
    }
    fn result(&self, state: &Self::State, action: &G::Move) -> Self::State {
        (self.game.play(&state.0, *action), 1 - state.1)
    }
    fn is_terminal(&self, state: &Self::State) -> bool {
        self.game.terminal(&state.0).is_some()
    }
    fn utility(&self, state: &Self::State, agent: usize) -> f64 {
        seen_by(self.game.terminal(&state.0).unwrap_or(0), state.1, agent)
    }
    fn evaluate(&self, state: &Self::State) -> f64 {
        seen_by(self.game.evaluate(&state.0), state.1, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Negamax, NegamaxOptions, alpha_beta, minimax};
    use delve_core::{Limits, NoObserver};

    /// Nim written once: take any number of sticks from one heap; the last stick wins.
    struct Nim;
    impl ZeroSum for Nim {
        type Position = [u8; 3];
        type Move = (usize, u8);
        fn moves(&self, heaps: &[u8; 3]) -> Vec<(usize, u8)> {
            (0..3).flat_map(|h| (1..=heaps[h]).map(move |n| (h, n))).collect()
        }
        fn play(&self, heaps: &[u8; 3], (h, n): (usize, u8)) -> [u8; 3] {
            let mut next = *heaps;
            next[h] -= n;
            next
        }
        fn terminal(&self, heaps: &[u8; 3]) -> Option<i32> {
            (*heaps == [0; 3]).then_some(-1)
        }
        fn key(&self, heaps: &[u8; 3]) -> u64 {
            u64::from(heaps[0]) | u64::from(heaps[1]) << 8 | u64::from(heaps[2]) << 16
        }
        fn value_bounds(&self, _: &[u8; 3]) -> (i32, i32) {
            (-1, 1)
        }
    }

    /// Bouton's theorem, the outside answer: the side to move wins exactly when the heaps'
    /// XOR is not zero.
    fn bouton(heaps: [u8; 3]) -> i32 {
        if heaps[0] ^ heaps[1] ^ heaps[2] != 0 { 1 } else { -1 }
    }

    #[test]
    fn nim_written_once_gets_the_same_value_from_alpha_beta_minimax_and_negamax() {
        for heaps in [[1, 2, 3], [3, 4, 5], [2, 2, 0], [1, 1, 1], [0, 0, 0], [4, 1, 2]] {
            let want = bouton(heaps);
            let engine = Negamax::new(&Nim).solve(&heaps, &NegamaxOptions::default(), &Limits::none(), NoObserver);
            assert_eq!(engine.outcome.unwrap().value, want, "{heaps:?}");
            let game = TwoPlayer::new(&Nim, heaps);
            for out in [
                alpha_beta(&game, &game.start(), None, &Limits::none(), NoObserver),
                minimax(&game, &game.start(), None, &Limits::none(), NoObserver),
            ] {
                assert_eq!(out.decision().unwrap().value, f64::from(want), "{heaps:?}");
            }
            // Agent 1 to move sees the same game from the other side.
            let out = alpha_beta(&game, &(heaps, 1), None, &Limits::none(), NoObserver);
            assert_eq!(out.decision().unwrap().value, -f64::from(want), "{heaps:?}");
        }
    }

    #[test]
    fn a_cut_off_evaluates_for_agent_zero() {
        struct Guess;
        impl ZeroSum for Guess {
            type Position = u8;
            type Move = u8;
            fn moves(&self, _: &u8) -> Vec<u8> {
                vec![1]
            }
            fn play(&self, p: &u8, m: u8) -> u8 {
                p + m
            }
            fn terminal(&self, _: &u8) -> Option<i32> {
                None
            }
            // The side to move always thinks it is 5 ahead.
            fn evaluate(&self, _: &u8) -> i32 {
                5
            }
            fn key(&self, p: &u8) -> u64 {
                u64::from(*p)
            }
        }
        let game = TwoPlayer::new(Guess, 0);
        // One round: agent 0 and agent 1 move, then agent 0 is to move again: +5 for it.
        let out = minimax(&game, &game.start(), Some(1), &Limits::none(), NoObserver);
        assert_eq!(out.decision().unwrap().value, 5.0);
        assert_eq!(game.evaluate(&(0, 1)), -5.0);
    }
}
