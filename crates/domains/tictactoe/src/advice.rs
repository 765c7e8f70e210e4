//! The engine's advice in a position: the value of every free cell under best play, the best
//! move, and the shared report every front end prints (the web page's `tictactoe/move`, a
//! terminal game). Positions are written as nine characters, row by row from the top left:
//! `X`, `O`, and `.` (or `-`, `_`, a space) for an empty cell.

use crate::{Board, TicTacToe, Winner};
use delve_core::{Limits, Observer, OutcomeKind, Report, Stats, StopReason};
use delve_game::alpha_beta;
use serde::Serialize;

/// Why a text is not a tic-tac-toe position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Not nine cells.
    #[error("a board has 9 cells (X, O or . for empty), found {0}")]
    Length(usize),
    /// A character that is no mark.
    #[error("cell {cell}: expected X, O or . (empty), found `{found}`")]
    Mark {
        /// The cell, 1 to 9.
        cell: usize,
        /// What stood there.
        found: char,
    },
    /// X moves first, so X has as many marks as O or one more.
    #[error("X moves first, so X has as many marks as O or one more; found {x} X and {o} O")]
    Turns {
        /// X's marks.
        x: u32,
        /// O's marks.
        o: u32,
    },
    /// Both players have a line: play stops at the first.
    #[error("both X and O have a line of three, but the game ends at the first line")]
    BothWon,
    /// A line for the player who did not make the last move.
    #[error("{winner} has a line of three, but {last} moved last: the game ended at {winner}'s line")]
    WonOutOfTurn {
        /// Who has the line.
        winner: char,
        /// Who moved last, by the count of marks.
        last: char,
    },
}

impl Board {
    /// Parses nine cells, row by row: `X`, `O` (either case), `.`, `-`, `_` or a space for
    /// an empty cell.
    ///
    /// ```
    /// use delve_tictactoe::Board;
    /// let b = Board::parse("X.O......").unwrap();
    /// assert_eq!(b.to_text(), "X.O......");
    /// assert!(Board::parse("XX.......").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let cells: Vec<char> = text.chars().collect();
        if cells.len() != 9 {
            return Err(BoardError::Length(cells.len()));
        }
        let mut board = Board::empty();
        for (i, c) in cells.into_iter().enumerate() {
            match c {
                'X' | 'x' => board.x |= 1 << i,
                'O' | 'o' => board.o |= 1 << i,
                '.' | '-' | '_' | ' ' => {}
                found => return Err(BoardError::Mark { cell: i + 1, found }),
            }
        }
        let (x, o) = (board.x.count_ones(), board.o.count_ones());
        if x != o && x != o + 1 {
            return Err(BoardError::Turns { x, o });
        }
        // A position play can reach: at most one player has a line, the one who moved last.
        let line = |marks: u16| crate::LINES.iter().any(|&l| l & !marks == 0);
        let last = if x > o { 'X' } else { 'O' };
        match (line(board.x), line(board.o)) {
            (true, true) => return Err(BoardError::BothWon),
            (true, false) if last != 'X' => return Err(BoardError::WonOutOfTurn { winner: 'X', last }),
            (false, true) if last != 'O' => return Err(BoardError::WonOutOfTurn { winner: 'O', last }),
            _ => {}
        }
        Ok(board)
    }

    /// The board as nine characters (`X`, `O`, `.`), row by row.
    pub fn to_text(&self) -> String {
        (0..9)
            .map(|i| match (self.x >> i & 1, self.o >> i & 1) {
                (1, _) => 'X',
                (_, 1) => 'O',
                _ => '.',
            })
            .collect()
    }
}

/// The engine's fields of an advice report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advice {
    /// The position, as nine characters.
    pub board: String,
    /// Who moves: `"X"` or `"O"` (`null` when the game is over).
    pub to_move: Option<char>,
    /// `"X"`, `"O"` or `"draw"` when the game is over.
    pub winner: Option<&'static str>,
    /// The position's value under best play for X: 1 (X wins), 0 (draw), −1 (O wins).
    pub value: Option<f64>,
    /// The best cell (0–8, row by row) for the player to move, the lowest of equally good ones.
    pub best: Option<u8>,
    /// Each cell's value for X after the player to move marks it (`null` for taken cells).
    pub scores: Vec<Option<f64>>,
}

/// What the engine's advice prints: the core's report with [`Advice`].
pub type AdviceReport = Report<Advice>;

/// The value of every free cell of `board` by alpha-beta search to the end of the game (one
/// search per cell, within `limits`, each reporting to `observer`), and the best move.
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_tictactoe::{Board, advise};
/// // X threatens the top row; O must block at cell 2.
/// let r = advise(&Board::parse("XX..O....").unwrap(), &Limits::none(), NoObserver);
/// assert_eq!(r.detail.best, Some(2));
/// assert_eq!(r.detail.scores[2], Some(0.0));
/// assert_eq!(r.detail.scores[3], Some(1.0));
/// ```
pub fn advise<O: Observer<Board, u32>>(board: &Board, limits: &Limits, mut observer: O) -> AdviceReport {
    let winner = board.winner().map(|w| match w {
        Winner::X => "X",
        Winner::O => "O",
        Winner::Draw => "draw",
    });
    let x_moves = board.x_to_move();
    let mut scores = vec![None; 9];
    let mut stats = Stats::default();
    let mut stopped: Option<StopReason> = None;
    let start = std::time::Instant::now();
    if winner.is_none() {
        for cell in board.free() {
            let out = alpha_beta(&TicTacToe, &board.play(cell), None, limits, &mut observer);
            stats.absorb(&out.stats);
            match out.outcome {
                Ok(decision) => scores[cell as usize] = Some(decision.value),
                Err(reason) => {
                    stopped = Some(reason);
                    break;
                }
            }
        }
    }
    stats.elapsed = start.elapsed();
    // X picks the highest value, O the lowest; the lowest cell wins ties.
    let mut best: Option<(u8, f64)> = None;
    if stopped.is_none() {
        for (cell, score) in scores.iter().enumerate() {
            if let Some(v) = *score {
                let better = best.is_none_or(|(_, b)| if x_moves { v > b } else { v < b });
                if better {
                    best = Some((cell as u8, v));
                }
            }
        }
    }
    let value = match (winner, best) {
        (Some("X"), _) => Some(1.0),
        (Some("O"), _) => Some(-1.0),
        (Some(_), _) => Some(0.0),
        (None, b) => b.map(|(_, v)| v),
    };
    let detail = Advice {
        board: board.to_text(),
        to_move: winner.is_none().then_some(if x_moves { 'X' } else { 'O' }),
        winner,
        value,
        best: best.map(|(c, _)| c),
        scores,
    };
    let kind = if stopped.is_some() { OutcomeKind::Stopped } else { OutcomeKind::Solved };
    Report::from_parts("alpha-beta", kind, stopped, stats, detail)
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_core::NoObserver;

    #[test]
    fn the_empty_board_is_a_draw_and_every_corner_draws() {
        let r = advise(&Board::empty(), &Limits::none(), NoObserver);
        assert_eq!(r.detail.value, Some(0.0));
        assert_eq!(r.detail.best, Some(0));
        assert!(r.detail.scores.iter().all(|s| *s == Some(0.0)));
        assert!(r.solved && r.stats.expanded > 0);
    }

    #[test]
    fn a_won_game_has_no_move_and_says_who_won() {
        let r = advise(&Board::parse("XXXOO....").unwrap(), &Limits::none(), NoObserver);
        assert_eq!(
            (r.detail.winner, r.detail.best, r.detail.value, r.detail.to_move),
            (Some("X"), None, Some(1.0), None)
        );
        let json = serde_json::to_value(&r).unwrap();
        assert_eq!(json["outcome"], "solved");
        assert_eq!(json["scores"][8], serde_json::Value::Null);
    }

    #[test]
    fn o_takes_the_win_it_has() {
        // O to move with O O _ on the middle row (X threatens cell 7): cell 5 wins for O.
        let r = advise(&Board::parse("X..OO.X.X").unwrap(), &Limits::none(), NoObserver);
        assert_eq!(r.detail.to_move, Some('O'));
        assert_eq!(r.detail.best, Some(5));
        assert_eq!(r.detail.value, Some(-1.0));
    }

    #[test]
    fn a_node_budget_stops_the_advice() {
        let r = advise(&Board::empty(), &Limits::none().max_expanded(10), NoObserver);
        assert_eq!(r.stop_name(), Some("node_limit"));
        assert_eq!(r.detail.best, None);
    }

    #[test]
    fn bad_boards_say_what_is_wrong() {
        assert_eq!(Board::parse("X..").unwrap_err(), BoardError::Length(3));
        assert_eq!(Board::parse("X...Z....").unwrap_err(), BoardError::Mark { cell: 5, found: 'Z' });
        assert_eq!(Board::parse("OO.......").unwrap_err(), BoardError::Turns { x: 0, o: 2 });
        // Positions play cannot reach: two winners, or a line for the player who did not move last.
        assert_eq!(Board::parse("XXXOOO...").unwrap_err(), BoardError::BothWon);
        assert_eq!(Board::parse("XXXOO.O..").unwrap_err(), BoardError::WonOutOfTurn { winner: 'X', last: 'O' });
        assert_eq!(Board::parse("OOOXX.X.X").unwrap_err(), BoardError::WonOutOfTurn { winner: 'O', last: 'X' });
        assert!(Board::parse("XXXOO....").is_ok() && Board::parse("OOOXX.X..").is_ok());
    }
}
