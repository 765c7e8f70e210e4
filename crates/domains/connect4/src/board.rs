//! The 7x6 board as two bitboards, and Pons's position strings.
//!
//! Bit `7 * column + row` is a cell (row 0 at the bottom); bit 6 of every column is an
//! always-empty guard, so a shift by 1 (vertical), 7 (horizontal), 6 or 8 (the diagonals)
//! never carries a line from one column into the next. A position keeps `mask` (every stone)
//! and `current` (the stones of the side to move); playing a move flips the roles with
//! `current ^= mask` before the stone is added.

use thiserror::Error;

/// Columns of the board.
pub const WIDTH: usize = 7;
/// Rows of the board.
pub const HEIGHT: usize = 6;
/// Cells of the board: no game lasts longer than this many moves.
pub const CELLS: u32 = (WIDTH * HEIGHT) as u32;

const H1: u32 = HEIGHT as u32 + 1;
/// The bottom cell of every column.
const BOTTOM: u64 = {
    let mut b = 0;
    let mut c = 0;
    while c < WIDTH {
        b |= 1 << (c as u32 * H1);
        c += 1;
    }
    b
};
/// Every cell of the board (no guard bits).
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);
/// The cells of rows 0, 2 and 4 (0-based): Allis's odd squares.
const EVEN_ROWS: u64 = BOTTOM * 0b010101;
/// The cells of rows 1, 3 and 5 (0-based): Allis's even squares.
const ODD_ROWS: u64 = BOTTOM * 0b101010;

/// The cells of `column` (0-based).
#[inline]
pub(crate) const fn column_mask(column: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (column as u32 * H1)
}

#[inline]
const fn top_mask(column: usize) -> u64 {
    1 << (HEIGHT as u32 - 1 + column as u32 * H1)
}

/// The empty cells that would complete four in a row for the stones `own`, given all
/// stones `mask`.
#[inline]
pub(crate) const fn winning_cells(own: u64, mask: u64) -> u64 {
    // Vertical: three stones right below.
    let mut r = (own << 1) & (own << 2) & (own << 3);
    let mut s = H1 - 1;
    while s <= H1 + 1 {
        // Two stones on one side, and a third further out on that side or one on the other.
        let p = (own << s) & (own << (2 * s));
        r |= p & (own << (3 * s));
        r |= p & (own >> s);
        let p = (own >> s) & (own >> (2 * s));
        r |= p & (own << s);
        r |= p & (own >> (3 * s));
        s += 1;
    }
    r & (BOARD ^ mask)
}

/// Whether the stones `own` contain four in a row.
#[inline]
const fn has_four(own: u64) -> bool {
    let shifts = [1, H1 - 1, H1, H1 + 1];
    let mut i = 0;
    while i < 4 {
        let s = shifts[i];
        let m = own & (own >> s);
        if m & (m >> (2 * s)) != 0 {
            return true;
        }
        i += 1;
    }
    false
}

/// Why a position string is not a playable position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A character is not a column 1 to 7.
    #[error("move {index}: {found:?} is not a column (columns are 1 to 7)")]
    BadColumn {
        /// 1-based index of the move in the string.
        index: usize,
        /// What was found there.
        found: char,
    },
    /// A move was played into a full column.
    #[error("move {index}: column {column} is already full")]
    FullColumn {
        /// 1-based index of the move.
        index: usize,
        /// The column (1 to 7).
        column: usize,
    },
    /// A move completed four in a row: the game is over there.
    #[error("move {index} (column {column}) wins the game: the position is already over")]
    Won {
        /// 1-based index of the winning move.
        index: usize,
        /// The column (1 to 7).
        column: usize,
    },
    /// All 42 cells are filled: the game ended in a draw.
    #[error("the board is full: the game is already over (a draw)")]
    Full,
}

/// A Connect Four position that is not over: the stones and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Position {
    current: u64,
    mask: u64,
    moves: u32,
}

impl Position {
    /// The empty board, first player to move.
    pub fn new() -> Self {
        Self::default()
    }

    /// Plays Pons's move string (`"4455"`: columns 1 to 7, in the order played) from the
    /// empty board. Surrounding whitespace is ignored; a full column, a move after a win, a
    /// winning last move or a full board are errors, since a solver needs a game going on.
    pub fn parse(moves: &str) -> Result<Self, PositionError> {
        let mut p = Position::new();
        for (i, ch) in moves.trim().chars().enumerate() {
            let index = i + 1;
            let column = match ch.to_digit(10) {
                Some(d @ 1..=7) => d as usize,
                _ => return Err(PositionError::BadColumn { index, found: ch }),
            };
            if !p.can_play(column - 1) {
                return Err(PositionError::FullColumn { index, column });
            }
            if p.is_winning_move(column - 1) {
                return Err(PositionError::Won { index, column });
            }
            p.play_column(column - 1);
        }
        if p.moves == CELLS {
            return Err(PositionError::Full);
        }
        Ok(p)
    }

    /// How many stones are on the board.
    #[inline]
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Whether `column` (0-based) has room.
    #[inline]
    pub fn can_play(&self, column: usize) -> bool {
        column < WIDTH && self.mask & top_mask(column) == 0
    }

    /// Plays `column` (0-based), which must have room.
    #[inline]
    pub fn play_column(&mut self, column: usize) {
        self.play((self.mask + (1 << (column as u32 * H1))) & column_mask(column));
    }

    /// Plays the single-bit move `cell` (a playable cell).
    #[inline]
    pub(crate) fn play(&mut self, cell: u64) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    /// Whether playing `column` (0-based, with room) wins at once.
    pub fn is_winning_move(&self, column: usize) -> bool {
        self.winning() & self.possible() & column_mask(column) != 0
    }

    /// Whether the side to move has four in a row… never, for a position from
    /// [`Position::parse`]; true for the side that just moved after a winning move.
    pub fn last_mover_won(&self) -> bool {
        has_four(self.current ^ self.mask)
    }

    /// The unique 49-bit key of the position (`current + mask`: in a column of `h` stones
    /// the sum lies in `2^h - 1 ..= 2^(h+1) - 2`, so no two positions share it).
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The position whose [`Position::key`] is `key`, if `key` is the key of a game going on:
    /// stones stacked from the bottom, the side to move having as many stones as the other
    /// (first player to move) or one fewer, nobody with four in a row, a free cell.
    pub(crate) fn from_key(key: u64) -> Option<Position> {
        if key >> (WIDTH as u32 * H1) != 0 {
            return None;
        }
        let (mut current, mut mask) = (0, 0);
        for c in 0..WIDTH as u32 {
            // A column of h stones adds 2^h - 1 to its stones' bits: `v + 1` has its top bit at h.
            let v = (key >> (c * H1)) & 0x7f;
            let h = 63 - (v + 1).leading_zeros();
            if h > HEIGHT as u32 {
                return None;
            }
            let stones = (1u64 << h) - 1;
            mask |= stones << (c * H1);
            current |= (v - stones) << (c * H1);
        }
        let p = Position { current, mask, moves: mask.count_ones() };
        let valid =
            current.count_ones() == p.moves / 2 && p.moves < CELLS && !has_four(current) && !has_four(current ^ mask);
        valid.then_some(p)
    }

    /// The key of the mirror image (columns reversed), which has the same score.
    #[inline]
    pub fn mirror_key(&self) -> u64 {
        let k = self.key();
        let mut m = 0;
        let mut c = 0;
        while c < WIDTH {
            m |= ((k >> (c as u32 * H1)) & 0x7f) << ((WIDTH - 1 - c) as u32 * H1);
            c += 1;
        }
        m
    }

    /// The cells where a stone can be played now.
    #[inline]
    pub(crate) fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// The empty cells that would win for the side to move.
    #[inline]
    pub(crate) fn winning(&self) -> u64 {
        winning_cells(self.current, self.mask)
    }

    /// The empty cells that would win for the opponent.
    #[inline]
    pub(crate) fn opponent_winning(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    /// Whether the side to move can win with its next stone.
    #[inline]
    pub fn can_win_next(&self) -> bool {
        self.winning() & self.possible() != 0
    }

    /// The playable cells that do not lose at once, for a side that cannot win at once: a
    /// forced block if the opponent threatens one cell (none if it threatens two), and never
    /// the cell under an opponent's winning cell.
    #[inline]
    pub(crate) fn non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let threats = self.opponent_winning();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// Allis's *claimeven*: when every column has an even number of empty cells (so the
    /// first player is to move), the opponent can answer every move with a stone right on top
    /// of it, and then the side to move gets exactly the empty cells of rows 0, 2 and 4
    /// (0-based; Allis's odd rows), the opponent those of rows 1, 3 and 5. If the side to move's
    /// stones with its cells hold no four in a row it can never win: its score is at most 0,
    /// and at most -1 when the opponent's stones with its cells hold one (the opponent wins at
    /// the latest with its last stone). `None` when the columns are not all even or the side to
    /// move keeps a four (no bound).
    #[inline]
    pub(crate) fn claimeven_ceiling(&self) -> Option<i32> {
        if self.possible() & ODD_ROWS != 0 {
            return None;
        }
        let empty = BOARD ^ self.mask;
        if has_four(self.current | (empty & EVEN_ROWS)) {
            return None;
        }
        Some(if has_four((self.current ^ self.mask) | (empty & ODD_ROWS)) { -1 } else { 0 })
    }

    /// The other side of [`Position::claimeven_ceiling`]: when exactly one column has an odd
    /// number of empty cells, the side to move can play there and then answer every move on
    /// top of it; its score is at least minus the opponent's claimeven ceiling after that move.
    #[inline]
    pub(crate) fn claimeven_floor(&self) -> Option<i32> {
        let odd = self.possible() & ODD_ROWS;
        if odd == 0 || odd & (odd - 1) != 0 {
            return None;
        }
        let mut child = *self;
        child.play(odd);
        child.claimeven_ceiling().map(|c| -c)
    }

    /// Whether the side to move still has a line of four cells free of the opponent's stones:
    /// without one it can never win (its score is at most 0).
    #[inline]
    pub(crate) fn has_open_line(&self) -> bool {
        has_four(self.current | (BOARD ^ self.mask))
    }

    /// Whether the opponent still has a line of four cells free of the side to move's stones:
    /// without one it can never win (the side to move's score is at least 0).
    #[inline]
    pub(crate) fn opponent_has_open_line(&self) -> bool {
        has_four((self.current ^ self.mask) | (BOARD ^ self.mask))
    }

    /// How many winning cells the side to move has after playing `cell`: the move-ordering
    /// score (more threats first).
    #[inline]
    pub(crate) fn threats_after(&self, cell: u64) -> u32 {
        winning_cells(self.current | cell, self.mask).count_ones()
    }

    /// The stone at `column`, `row` (0-based, row 0 at the bottom): `Some(true)` for the first
    /// player, `Some(false)` for the second, `None` when empty.
    pub fn stone(&self, column: usize, row: usize) -> Option<bool> {
        let bit = 1u64 << (column as u32 * H1 + row as u32);
        if self.mask & bit == 0 {
            return None;
        }
        // `current` holds the stones of the side to move; the first player moves when an
        // even number of stones is down.
        let current_is_first = self.moves.is_multiple_of(2);
        Some((self.current & bit != 0) == current_is_first)
    }

    /// The board as text, top row first: `X` the first player, `O` the second, `.` empty,
    /// and the column numbers below.
    pub fn render(&self) -> String {
        let mut s = String::new();
        for row in (0..HEIGHT).rev() {
            for column in 0..WIDTH {
                s.push(match self.stone(column, row) {
                    Some(true) => 'X',
                    Some(false) => 'O',
                    None => '.',
                });
                s.push(if column + 1 < WIDTH { ' ' } else { '\n' });
            }
        }
        s.push_str("1 2 3 4 5 6 7\n");
        s
    }
}

/// Columns tried first to last among moves of equal promise: the centre first.
pub(crate) const ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// The score of winning with the next stone in a position with `moves` stones.
pub(crate) fn win_score(moves: u32) -> i32 {
    (CELLS as i32 + 1 - moves as i32) / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_errors_name_the_move() {
        assert_eq!(Position::parse("408"), Err(PositionError::BadColumn { index: 2, found: '0' }));
        assert_eq!(Position::parse("48"), Err(PositionError::BadColumn { index: 2, found: '8' }));
        assert_eq!(Position::parse("4444444"), Err(PositionError::FullColumn { index: 7, column: 4 }));
        // 1 and 2 alternate; the first player's fourth stone in column 1 wins.
        assert_eq!(Position::parse("1212121"), Err(PositionError::Won { index: 7, column: 1 }));
        assert_eq!(Position::parse("12121212"), Err(PositionError::Won { index: 7, column: 1 }));
        assert!(Position::parse(" 4455\n").is_ok());
    }

    #[test]
    fn wins_in_every_direction_are_seen() {
        // Horizontal: X plays 1 2 3, O stacks on 1 2 3; X's 4 wins.
        let p = Position::parse("112233").unwrap();
        assert!(p.is_winning_move(3) && p.can_win_next());
        assert!(!p.is_winning_move(4));
        // The diagonals: three stones and the fourth cell, both ways.
        let bit = |c: u32, r: u32| 1u64 << (7 * c + r);
        let own = bit(0, 0) | bit(1, 1) | bit(2, 2);
        let mask = own | bit(1, 0) | bit(2, 0) | bit(2, 1) | bit(3, 0) | bit(3, 1) | bit(3, 2);
        assert_eq!(winning_cells(own, mask), bit(3, 3));
        let own = bit(6, 0) | bit(5, 1) | bit(4, 2);
        let mask = own | bit(5, 0) | bit(4, 0) | bit(4, 1) | bit(3, 0) | bit(3, 1) | bit(3, 2);
        assert_eq!(winning_cells(own, mask), bit(3, 3));
        // A win by the last move is seen after it is played.
        let mut q = Position::parse("112233").unwrap();
        q.play_column(3);
        assert!(q.last_mover_won());
    }

    #[test]
    fn keys_are_unique_and_mirrors_match() {
        let a = Position::parse("1234").unwrap();
        let b = Position::parse("7654").unwrap();
        assert_eq!(a.mirror_key(), b.key());
        assert_eq!(a.key(), b.mirror_key());
        // Same stones, different owners.
        assert_ne!(Position::parse("12").unwrap().key(), Position::parse("21").unwrap().key());
        // Transposition: same position by two move orders.
        assert_eq!(Position::parse("1234").unwrap().key(), Position::parse("3214").unwrap().key());
    }

    #[test]
    fn keys_give_back_their_positions() {
        for moves in ["", "4", "4455", "44455554221", "2252576253462244111563365343671351441"] {
            let p = Position::parse(moves).unwrap();
            assert_eq!(Position::from_key(p.key()), Some(p), "{moves}");
        }
        // Seven stones in a column, a column's bits all set, a bit past the board, an
        // impossible stone count, a won position.
        assert_eq!(Position::from_key(0x7f), None);
        assert_eq!(Position::from_key(1 << 49), None);
        assert_eq!(Position::from_key(0b10), None); // one stone, the side to move's
        let won = {
            let mut q = Position::parse("112233").unwrap();
            q.play_column(3);
            q.key()
        };
        assert_eq!(Position::from_key(won), None);
    }

    #[test]
    fn a_forced_block_is_the_only_non_losing_move() {
        // X has three in column 1 (moves 1,1,1 interleaved with O in 2): O must block at 1.
        let p = Position::parse("12121").unwrap();
        assert_eq!(p.non_losing_moves(), p.possible() & column_mask(0));
    }

    #[test]
    fn claimeven_and_open_lines_bound_the_known_scores() {
        // Every bound must hold for the exact scores of two of Pons's sets, and each rule must
        // fire on some of their positions (so that this test can fail).
        let (mut ceilings, mut floors, mut closed) = (0, 0, 0);
        for set in [include_str!("../data/Test_L3_R1"), include_str!("../data/Test_L2_R1")] {
            for line in set.lines() {
                let (moves, score) = line.split_once(' ').unwrap();
                let (p, score): (Position, i32) = (Position::parse(moves).unwrap(), score.parse().unwrap());
                if let Some(c) = p.claimeven_ceiling() {
                    assert!(score <= c, "{moves}: score {score}, claimeven ceiling {c}");
                    ceilings += 1;
                }
                if let Some(f) = p.claimeven_floor() {
                    assert!(score >= f, "{moves}: score {score}, claimeven floor {f}");
                    floors += 1;
                }
                let (mine, theirs) = (p.has_open_line(), p.opponent_has_open_line());
                assert!(mine || score <= 0, "{moves}: no line left, score {score}");
                assert!(theirs || score >= 0, "{moves}: opponent has no line left, score {score}");
                closed += usize::from(!mine || !theirs);
            }
        }
        assert!(ceilings >= 10 && floors >= 10 && closed >= 1, "{ceilings} {floors} {closed}");
    }

    #[test]
    fn claimeven_reads_the_rows_of_the_side_to_move() {
        // The first player to move with every column even: column 4 holds X, O (rows 0, 1)
        // and nothing else, so X's cells of rows 0, 2, 4 hold fours: no bound.
        assert_eq!(Position::parse("44").unwrap().claimeven_ceiling(), None);
        // One odd column (the second player to move): the floor looks one move ahead.
        let p = Position::parse("4").unwrap();
        assert_eq!(p.claimeven_ceiling(), None);
        assert_eq!(p.claimeven_floor(), None); // X keeps its row-0 fours
        // Only columns 1 and 7 odd: not exactly one, no floor.
        assert_eq!(Position::parse("17").unwrap().claimeven_floor(), None);
    }

    #[test]
    fn the_board_renders_with_x_first() {
        let p = Position::parse("44").unwrap();
        let text = p.render();
        assert!(text.ends_with(". . . X . . .\n1 2 3 4 5 6 7\n"), "{text}");
        assert!(text.contains(". . . O . . .\n. . . X"), "{text}");
    }
}
