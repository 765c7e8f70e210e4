//! # delve-tictactoe
//!
//! Tic-tac-toe for delve: the 3×3 board ([`Board`], two 9-bit masks), the game as a
//! `delve_game::Game` ([`TicTacToe`]: X is agent 0 and moves first; a win is worth 1 to the
//! winner and −1 to the loser, a draw 0), and the counts of its whole game tree ([`count`]):
//! 255,168 games (131,184 won by X, 77,904 by O, 46,080 drawn), 5,478 reachable positions and
//! 549,946 nodes.
//!
//! | module | what it does |
//! | --- | --- |
//! | (crate root) | the [`Board`], the game ([`TicTacToe`]) and the tree counts ([`count`]) |
//! | [`advice`] | the engine's advice in a position: every free cell's value, the best move, the report front ends print |
//!
//! ```
//! use delve_core::{Limits, NoObserver};
//! use delve_game::{Game, alpha_beta};
//! use delve_tictactoe::TicTacToe;
//! // Solved: with best play on both sides the game is a draw.
//! let out = alpha_beta(&TicTacToe, &TicTacToe.initial_state(), None, &Limits::none(), NoObserver);
//! assert_eq!(out.decision().unwrap().value, 0.0);
//! ```

pub mod advice;

pub use advice::{Advice, AdviceReport, BoardError, advise};
use delve_game::Game;
use serde::Serialize;
use std::collections::HashSet;

/// The eight lines of three cells (cells numbered 0–8, row by row from the top left).
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];
/// Every cell.
const FULL: u16 = 0o777;

/// A position: the cells X holds and the cells O holds. X moves when both have as many
/// marks, O otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    /// X's cells, bit `i` for cell `i`.
    pub x: u16,
    /// O's cells.
    pub o: u16,
}

/// Who won a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// X made a line.
    X,
    /// O made a line.
    O,
    /// The board filled up with no line.
    Draw,
}

impl Board {
    /// The empty board.
    pub fn empty() -> Self {
        Board::default()
    }
    /// Whether X is to move (X moves first).
    pub fn x_to_move(&self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }
    /// The empty cells, lowest first.
    pub fn free(&self) -> impl Iterator<Item = u8> + use<> {
        let free = FULL & !(self.x | self.o);
        (0..9u8).filter(move |i| free & (1 << i) != 0)
    }
    /// The board after the player to move marks `cell` (which must be empty).
    pub fn play(&self, cell: u8) -> Board {
        let bit = 1 << cell;
        if self.x_to_move() { Board { x: self.x | bit, ..*self } } else { Board { o: self.o | bit, ..*self } }
    }
    /// The result when the game is over: a line for X or O, or a full board.
    pub fn winner(&self) -> Option<Winner> {
        let line = |m: u16| LINES.iter().any(|&l| l & !m == 0);
        if line(self.x) {
            Some(Winner::X)
        } else if line(self.o) {
            Some(Winner::O)
        } else if self.x | self.o == FULL {
            Some(Winner::Draw)
        } else {
            None
        }
    }
}

/// Tic-tac-toe as a two-agent game: X is agent 0, O agent 1; moves are cells (0–8, row by
/// row), tried lowest first.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToe;

impl Game for TicTacToe {
    type State = Board;
    type Action = u8;
    fn num_agents(&self) -> usize {
        2
    }
    fn initial_state(&self) -> Board {
        Board::empty()
    }
    fn to_move(&self, state: &Board) -> usize {
        usize::from(!state.x_to_move())
    }
    fn actions(&self, state: &Board) -> Vec<u8> {
        state.free().collect()
    }
    fn result(&self, state: &Board, cell: &u8) -> Board {
        state.play(*cell)
    }
    fn is_terminal(&self, state: &Board) -> bool {
        state.winner().is_some()
    }
    fn utility(&self, state: &Board, agent: usize) -> f64 {
        let x = match state.winner() {
            Some(Winner::X) => 1.0,
            Some(Winner::O) => -1.0,
            _ => 0.0,
        };
        if agent == 0 { x } else { -x }
    }
    /// Unfinished positions count as even: the searches here always reach the end.
    fn evaluate(&self, _: &Board) -> f64 {
        0.0
    }
}

/// The counts of the whole game tree (play stops at the first line or a full board).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Distinct games: leaves of the tree.
    pub games: u64,
    /// Games X wins.
    pub x_wins: u64,
    /// Games O wins.
    pub o_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Distinct reachable positions, the empty board included.
    pub positions: u64,
    /// Nodes of the game tree, the root included.
    pub tree_nodes: u64,
}

/// Walks the whole game tree from the empty board and counts it.
///
/// ```
/// let c = delve_tictactoe::count();
/// assert_eq!((c.games, c.x_wins, c.o_wins, c.draws), (255_168, 131_184, 77_904, 46_080));
/// assert_eq!((c.positions, c.tree_nodes), (5_478, 549_946));
/// ```
pub fn count() -> Counts {
    let mut counts = Counts::default();
    let mut positions = HashSet::new();
    let mut stack = vec![Board::empty()];
    while let Some(board) = stack.pop() {
        counts.tree_nodes += 1;
        positions.insert(board);
        match board.winner() {
            Some(w) => {
                counts.games += 1;
                match w {
                    Winner::X => counts.x_wins += 1,
                    Winner::O => counts.o_wins += 1,
                    Winner::Draw => counts.draws += 1,
                }
            }
            None => stack.extend(board.free().map(|c| board.play(c))),
        }
    }
    counts.positions = positions.len() as u64;
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_turns() {
        // X: 0 4 8 (a diagonal); O: 1 2.
        let b = [0, 1, 4, 2, 8].iter().fold(Board::empty(), |b, &c| b.play(c));
        assert_eq!(b.winner(), Some(Winner::X));
        assert_eq!((b.x, b.o), (0o421, 0o006));
        assert!(!b.x_to_move());
        assert_eq!(b.free().collect::<Vec<_>>(), [3, 5, 6, 7]);
        let full_draw = [0, 1, 2, 4, 3, 5, 7, 6, 8].iter().fold(Board::empty(), |b, &c| b.play(c));
        assert_eq!(full_draw.winner(), Some(Winner::Draw));
        assert_eq!(Board::empty().winner(), None);
    }
}

/// Tic-tac-toe in the negamax form for delve-game's fast engine ([`delve_game::Negamax`]):
/// values are for the side to move, a win is worth `1 +` the empty cells left (so the
/// engine wins as fast and loses as slowly as it can), a draw 0.
impl delve_game::ZeroSum for TicTacToe {
    type Position = Board;
    type Move = u8;
    fn moves(&self, p: &Board) -> Vec<u8> {
        // The centre, then the corners, then the edges: the usual good order.
        [4, 0, 2, 6, 8, 1, 3, 5, 7].into_iter().filter(|&c| (p.x | p.o) & (1 << c) == 0).collect()
    }
    fn play(&self, p: &Board, cell: u8) -> Board {
        p.play(cell)
    }
    fn terminal(&self, p: &Board) -> Option<i32> {
        let empty = 9 - (p.x | p.o).count_ones() as i32;
        match p.winner()? {
            Winner::Draw => Some(0),
            // Whoever made the line just moved: the side to move has lost.
            Winner::X | Winner::O => Some(-(1 + empty)),
        }
    }
    fn evaluate(&self, _: &Board) -> i32 {
        0
    }
    fn key(&self, p: &Board) -> u64 {
        u64::from(p.x) | u64::from(p.o) << 9
    }
    fn value_bounds(&self, _: &Board) -> (i32, i32) {
        (-10, 10)
    }
}

/// The engine's move for the side to move in `board` (not over) and its value for that side:
/// the fast negamax engine, to the end of the game.
pub fn best_move(board: &Board) -> (u8, i32) {
    let mut engine = delve_game::Negamax::with_table_bits(&TicTacToe, 12);
    let options = delve_game::NegamaxOptions::default();
    let out = engine.solve(board, &options, &delve_core::Limits::none(), delve_core::NoObserver);
    // Without limits or an observer the search always finishes with a move.
    let solved = out.outcome.unwrap_or(delve_game::Solved { value: 0, best: None, cut_off: false });
    (solved.best.or_else(|| board.free().next()).unwrap_or(0), solved.value)
}

#[cfg(test)]
mod engine_tests {
    use super::*;

    #[test]
    fn the_engine_draws_the_empty_board_and_takes_a_win() {
        assert_eq!(best_move(&Board::empty()).1, 0);
        // X holds 0 and 1, O holds 3 and 4; X to move completes the top row at 2.
        let b = Board { x: 0b11, o: 0b11000 };
        assert_eq!(best_move(&b), (2, 1 + 4));
        // O to move must block X's top row at 2.
        let b = Board { x: 0b11 | 1 << 8, o: 1 << 4 | 1 << 7 };
        assert_eq!(best_move(&b).0, 2);
    }
}
