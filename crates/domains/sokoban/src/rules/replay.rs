//! The independent replay checker: plays a LURD solution on the level's own characters (a
//! [`Playthrough`]: no board compilation, no solver code), checks every step is legal and
//! written with the right case and the level ends solved, and counts pushes and moves.
//! Every solution the solver returns goes through it.

use crate::rules::level::Level;
use crate::rules::playthrough::{Illegal, Playthrough, Step};

/// What a valid solution costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Box pushes (capital letters).
    pub pushes: u32,
    /// Player moves, pushes included (every letter).
    pub moves: u32,
}

/// Why a solution is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A character other than `l`, `u`, `r`, `d` (either case).
    #[error("step {step}: `{letter}` is not a move (use l, u, r, d; capitals push)")]
    BadLetter {
        /// 1-based step.
        step: usize,
        /// The character.
        letter: char,
    },
    /// The player walks into a wall, or a box cannot be pushed there.
    #[error("step {step}: `{letter}` is blocked")]
    Blocked {
        /// 1-based step.
        step: usize,
        /// The letter.
        letter: char,
    },
    /// A lowercase move walks into a box, or a capital moves without pushing one.
    #[error("step {step}: `{letter}` is written as a {written} but is a {actual}")]
    WrongCase {
        /// 1-based step.
        step: usize,
        /// The letter.
        letter: char,
        /// What the letter says (`move` or `push`).
        written: &'static str,
        /// What happens (`move` or `push`).
        actual: &'static str,
    },
    /// All steps were legal but some box is not on its goal at the end.
    #[error("after the last step, {0} box(es) are not on their goals")]
    NotSolved(usize),
}

/// Plays `solution` on `level`. Boxes are interchangeable unless `ordered` or the level uses
/// letters; then box i (by letter, else in reading order) must end on goal i.
///
/// ```
/// use delve_sokoban::{Level, replay};
/// let level = Level::parse("######\n#@ $.#\n######\n").unwrap();
/// let r = replay(&level, "rR", false).unwrap();
/// assert_eq!((r.pushes, r.moves), (1, 2));
/// assert!(replay(&level, "r", false).is_err());
/// ```
pub fn replay(level: &Level, solution: &str, ordered: bool) -> Result<Replay, ReplayError> {
    let mut game = Playthrough::new(level, ordered);
    for (k, letter) in solution.chars().enumerate() {
        let step = k + 1;
        match game.step(letter) {
            Err(Illegal::NotAMove) => return Err(ReplayError::BadLetter { step, letter }),
            Err(Illegal::Blocked) => return Err(ReplayError::Blocked { step, letter }),
            Ok(made) => {
                let pushed = made == Step::Push;
                if pushed != letter.is_ascii_uppercase() {
                    let (written, actual) = if pushed { ("move", "push") } else { ("push", "move") };
                    return Err(ReplayError::WrongCase { step, letter, written, actual });
                }
            }
        }
    }
    match game.misplaced() {
        0 => {
            let (pushes, moves) = game.counts();
            Ok(Replay { pushes, moves })
        }
        misplaced => Err(ReplayError::NotSolved(misplaced)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_solutions_are_caught() {
        let level = Level::parse("#######\n#@ $ .#\n#  $ .#\n#######\n").unwrap();
        assert_eq!(replay(&level, "u", false), Err(ReplayError::Blocked { step: 1, letter: 'u' }));
        assert_eq!(replay(&level, "x", false), Err(ReplayError::BadLetter { step: 1, letter: 'x' }));
        assert!(matches!(replay(&level, "rr", false), Err(ReplayError::WrongCase { step: 2, .. })));
        assert!(matches!(replay(&level, "R", false), Err(ReplayError::WrongCase { step: 1, .. })));
        assert_eq!(replay(&level, "rRR", false), Err(ReplayError::NotSolved(1)));
        assert_eq!(replay(&level, "rRRlldRR", false), Ok(Replay { pushes: 4, moves: 8 }));
        // Box into box.
        let jam = Level::parse("#######\n#@$$ .#\n#    .#\n#######\n").unwrap();
        assert_eq!(replay(&jam, "R", false), Err(ReplayError::Blocked { step: 1, letter: 'R' }));
    }

    #[test]
    fn ordered_levels_need_each_box_on_its_own_goal() {
        let plain = Level::parse("######\n#@   #\n# $$ #\n# .. #\n######\n").unwrap();
        assert_eq!(replay(&plain, "rDurD", false), Ok(Replay { pushes: 2, moves: 5 }));
        assert_eq!(replay(&plain, "rDurD", true), Ok(Replay { pushes: 2, moves: 5 }));
        // The same pushes put A on b and B on a.
        let crossed = Level::parse("######\n#@   #\n# AB #\n# ba #\n######\n").unwrap();
        assert_eq!(replay(&crossed, "rDurD", false), Err(ReplayError::NotSolved(2)));
    }
}
