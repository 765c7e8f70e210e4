//! Whether a position being played ([`Playthrough`]) can still be solved, by the solver's own
//! first two tests: a box on a dead square (from which it can never reach a goal, its own when
//! ordered: [`Board::is_dead`], [`Board::is_dead_for`]) and a freeze deadlock (boxes that can
//! never move again, one of them off its goal: [`deadlock`](crate::prune::deadlock)). Play mode
//! says "no valid moves, please go back" on such a position, as the original course solver did.
//!
//! Both tests are sound: a position they call dead has no solution. Some dead positions pass
//! them (the solver's later tests, and its search, find those).

use crate::prune::deadlock::{Boxes, freeze_deadlock};
use crate::rules::board::Board;
use crate::rules::level::{ErrorKind, Level, ParseError};
use crate::rules::playthrough::{Cell, Playthrough};
use crate::rules::size::{Large, Size, Small, Square};
use std::fmt;

/// Why a position can no longer be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dead {
    /// The box on this square can never reach a goal (its own, when boxes are paired).
    Square(Cell),
    /// The box on this square can never move again, held by walls and boxes, and it or a box
    /// holding it stands off its goal.
    Freeze(Cell),
    /// The level cannot be solved from its start, whatever is played (the reason): a box that
    /// can never move stands off its goal, or a box or goal lies where the player never goes.
    Level(&'static str),
}

impl fmt::Display for Dead {
    /// What is dead, with the row and column counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Dead::Square((r, c)) => {
                write!(f, "the box at row {}, column {} can never reach its goal from there", r + 1, c + 1)
            }
            Dead::Freeze((r, c)) => write!(
                f,
                "the box at row {}, column {} is frozen: it can never move again, and it or a box holding it is off its goal",
                r + 1,
                c + 1
            ),
            Dead::Level(why) => write!(f, "the level cannot be solved from its start: {why}"),
        }
    }
}

/// The level compiled for the checks, in the smallest size class it fits.
#[derive(Debug)]
enum Compiled {
    Small(Board<Small>),
    Large(Board<Large>),
    /// Past the solvers' size limits: nothing is checked.
    TooLarge,
}

/// The dead-position checks of one level, compiled once for every position of a game.
///
/// ```
/// use delve_sokoban::{Dead, DeadCheck, Level, Playthrough};
/// let level = Level::parse("######\n#    #\n# $@ #\n#  . #\n######\n").unwrap();
/// let check = DeadCheck::new(&level, false);
/// let mut game = Playthrough::new(&level, false);
/// assert_eq!(check.check(&game), None);
/// game.step('l').unwrap(); // against the left wall, whose column has no goal
/// assert_eq!(check.check(&game), Some(Dead::Square((2, 1))));
/// ```
#[derive(Debug)]
pub struct DeadCheck {
    board: Compiled,
    /// The board's number of each box of the game (by [`Placed::id`](crate::Placed)), when
    /// boxes are paired with goals: box `j` of the board belongs on its goal `j`.
    index: Vec<Option<usize>>,
}

impl DeadCheck {
    /// The checks of `level`, boxes paired with goals when `ordered` (or lettered). A level
    /// past the solvers' size limits gets no checks: every position passes.
    pub fn new(level: &Level, ordered: bool) -> DeadCheck {
        let too_large = |e: &ParseError| matches!(e.kind, ErrorKind::TooLarge { .. });
        let board = match Board::<Small>::build(level, ordered) {
            Ok(board) => Compiled::Small(board),
            Err(e) if too_large(&e) => {
                Board::<Large>::build(level, ordered).map_or(Compiled::TooLarge, Compiled::Large)
            }
            Err(_) => Compiled::TooLarge,
        };
        let goals = Playthrough::new(level, ordered).goals().to_vec();
        let index = match &board {
            Compiled::Small(b) => indices(b, &goals),
            Compiled::Large(b) => indices(b, &goals),
            Compiled::TooLarge => Vec::new(),
        };
        DeadCheck { board, index }
    }

    /// Why `game`'s position can no longer be solved, if a dead square or a freeze says so:
    /// the first box found, in reading order, on a dead square, else the first frozen; or the
    /// level's own reason when it cannot be solved from its start (boxes that can never move
    /// from there are walls to the solver, so they are judged here).
    pub fn check(&self, game: &Playthrough) -> Option<Dead> {
        match &self.board {
            Compiled::Small(b) => check_on(b, &self.index, game),
            Compiled::Large(b) => check_on(b, &self.index, game),
            Compiled::TooLarge => None,
        }
    }
}

/// [`DeadCheck`] of `game`'s level, for one position.
///
/// ```
/// use delve_sokoban::{Level, Playthrough, is_dead};
/// let level = Level::parse("#######\n#     #\n# $$  #\n# $ $@#\n#  ...#\n#   . #\n#######\n").unwrap();
/// let mut game = Playthrough::new(&level, false);
/// assert!(is_dead(&game).is_none());
/// game.step('l').unwrap(); // four boxes in a square: none can ever move again
/// assert!(is_dead(&game).is_some());
/// ```
pub fn is_dead(game: &Playthrough) -> Option<Dead> {
    DeadCheck::new(game.level(), game.is_ordered()).check(game)
}

/// The board's box number of each box id: the box whose goal is that id's goal (ordered
/// boards only; `None` everywhere else).
fn indices<Z: Size>(board: &Board<Z>, goals: &[Cell]) -> Vec<Option<usize>> {
    if !board.is_ordered() {
        return Vec::new();
    }
    goals.iter().map(|&(r, c)| board.goals().iter().position(|&g| g == board.square_at(r, c))).collect()
}

fn check_on<Z: Size>(board: &Board<Z>, index: &[Option<usize>], game: &Playthrough) -> Option<Dead> {
    if let Some(why) = board.hopeless() {
        return Some(Dead::Level(why));
    }
    // Each box on the board, with its number there (0 when boxes are not paired). A box off
    // the board's floor stood there from the start and can never move: a wall to the board.
    let boxes: Vec<(Cell, Z::Sq, usize)> = game
        .boxes()
        .iter()
        .filter_map(|b| {
            let sq = board.square_at(b.at.0, b.at.1);
            let i = if board.is_ordered() { index.get(b.id).copied().flatten()? } else { 0 };
            (sq != Z::NONE).then_some((b.at, sq, i))
        })
        .collect();
    let dead = |&(_, sq, i): &(Cell, Z::Sq, usize)| {
        if board.is_ordered() { board.is_dead_for(i, sq) } else { board.is_dead(sq) }
    };
    if let Some(&(at, _, _)) = boxes.iter().find(|b| dead(b)) {
        return Some(Dead::Square(at));
    }
    let mut at = Z::marks(Z::NONE);
    for &(_, sq, i) in &boxes {
        at[sq.ix()] = Z::Sq::of(i);
    }
    let occupancy = Boxes { at: at.as_ref() };
    boxes.iter().find(|&&(_, sq, _)| freeze_deadlock(board, &occupancy, sq)).map(|&(cell, _, _)| Dead::Freeze(cell))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position after `moves` on `text`, and what the check says of it.
    fn after(text: &str, ordered: bool, moves: &str) -> Option<Dead> {
        let level = Level::parse(text).unwrap();
        let mut game = Playthrough::new(&level, ordered);
        for letter in moves.chars() {
            game.step(letter).unwrap();
        }
        DeadCheck::new(&level, ordered).check(&game)
    }

    #[test]
    fn a_box_pushed_into_a_corner_is_dead() {
        // The goal is on the top row, so a box may travel along it, but not into its corner.
        let level = "######\n#  . #\n# $  #\n#   @#\n######\n";
        assert_eq!(after(level, false, ""), None);
        assert_eq!(after(level, false, "llU"), None, "on the top row, which holds the goal");
        assert_eq!(after(level, false, "llUruL"), Some(Dead::Square((1, 1))));
        assert_eq!(Dead::Square((1, 1)).to_string(), "the box at row 2, column 2 can never reach its goal from there");
    }

    #[test]
    fn a_two_by_two_block_is_a_freeze() {
        // Three boxes in an L, and a fourth pushed in to close the square: none can ever move,
        // though no box stands on a dead square.
        let level = "########\n#      #\n# $$   #\n# $ $@ #\n#   ...#\n#  .   #\n########\n";
        assert_eq!(after(level, false, ""), None);
        assert_eq!(after(level, false, "L"), Some(Dead::Freeze((2, 2))));
        // The same square on four goals is solved, not dead.
        let home = "########\n#      #\n# **   #\n# * $@ #\n#   .  #\n########\n";
        assert_eq!(after(home, false, ""), None);
        assert_eq!(after(home, false, "L"), Some(Dead::Freeze((2, 2))), "the fourth box is off its goal");
    }

    #[test]
    fn two_boxes_side_by_side_against_a_wall_freeze() {
        // The goals are on the top row: one box pushed up is still alive, and the second pushed
        // up beside it (onto a goal) freezes both, the first off its goal.
        let level = "########\n#. .   #\n#  $$  #\n#   @  #\n########\n";
        assert_eq!(after(level, false, "U"), None);
        assert_eq!(after(level, false, "UdlU"), Some(Dead::Freeze((1, 3))));
    }

    #[test]
    fn ordered_boxes_die_where_their_own_goal_is_out_of_reach() {
        // Box 0 (above) belongs on goal 0 (top left), box 1 on goal 1 (bottom right). Pushed
        // down onto the bottom row, box 0 can still reach goal 1, not goal 0.
        let level = "#########\n#.  @   #\n#   $   #\n# $    .#\n#########\n";
        assert_eq!((after(level, false, ""), after(level, true, "")), (None, None));
        assert_eq!(after(level, false, "D"), None);
        assert_eq!(after(level, true, "D"), Some(Dead::Square((3, 4))));
    }

    #[test]
    fn a_level_dead_from_its_start_says_why() {
        let level = "#####\n#$  #\n# @.#\n#####\n";
        let dead = after(level, false, "").unwrap();
        // The box in the corner can never move: a wall to the solver, off its goal.
        assert_eq!(
            dead.to_string(),
            "the level cannot be solved from its start: a box lies where the player can never go"
        );
    }

    #[test]
    fn levels_past_the_solvers_limits_are_not_checked() {
        let big =
            format!("{}\n#@$.{}#\n#{}#\n{}\n", "#".repeat(700), " ".repeat(694), " ".repeat(698), "#".repeat(700));
        let level = Level::parse(&big).unwrap();
        assert_eq!(DeadCheck::new(&level, false).check(&Playthrough::new(&level, false)), None);
    }
}
