//! The independent replay checker: plays a LURD solution on the level's own characters (no
//! board compilation, no solver code), checks every step is legal and the level ends solved,
//! and counts pushes and moves. Every solution the solver returns goes through it.

use crate::level::Level;
use std::collections::HashMap;

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
    let letters = level.has_letters();
    let ordered = ordered || letters;
    let mut player = (0i64, 0i64);
    // Box id by position; goal position by id (ids in reading order, or by letter).
    let mut boxes: HashMap<(i64, i64), usize> = HashMap::new();
    let mut box_list = Vec::new();
    let mut goal_list = Vec::new();
    for r in 0..level.height() {
        for c in 0..level.width() {
            let ch = level.cell(r, c);
            let at = (r as i64, c as i64);
            if ch == b'@' || ch == b'+' {
                player = at;
            }
            if ch == b'$' || ch == b'*' || ch.is_ascii_uppercase() {
                box_list.push((ch.to_ascii_lowercase(), at));
            }
            if ch == b'.' || ch == b'*' || ch == b'+' || ch.is_ascii_lowercase() {
                goal_list.push((ch, at));
            }
        }
    }
    if letters {
        box_list.sort();
        goal_list.sort();
    }
    for (id, &(_, at)) in box_list.iter().enumerate() {
        boxes.insert(at, id);
    }
    let wall = |(r, c): (i64, i64)| r < 0 || c < 0 || level.cell(r as usize, c as usize) == b'#';
    let (mut pushes, mut moves) = (0, 0);
    for (k, letter) in solution.chars().enumerate() {
        let step = k + 1;
        let (dr, dc) = match letter.to_ascii_lowercase() {
            'u' => (-1, 0),
            'd' => (1, 0),
            'l' => (0, -1),
            'r' => (0, 1),
            _ => return Err(ReplayError::BadLetter { step, letter }),
        };
        let next = (player.0 + dr, player.1 + dc);
        if wall(next) {
            return Err(ReplayError::Blocked { step, letter });
        }
        let pushing = boxes.contains_key(&next);
        if pushing != letter.is_ascii_uppercase() {
            let (written, actual) = if pushing { ("move", "push") } else { ("push", "move") };
            return Err(ReplayError::WrongCase { step, letter, written, actual });
        }
        if pushing {
            let beyond = (next.0 + dr, next.1 + dc);
            if wall(beyond) || boxes.contains_key(&beyond) {
                return Err(ReplayError::Blocked { step, letter });
            }
            let id = boxes.remove(&next).expect("a box is there");
            boxes.insert(beyond, id);
            pushes += 1;
        }
        player = next;
        moves += 1;
    }
    let misplaced = boxes
        .iter()
        .filter(|&(at, &id)| if ordered { goal_list[id].1 != *at } else { !goal_list.iter().any(|(_, g)| g == at) })
        .count();
    if misplaced > 0 {
        return Err(ReplayError::NotSolved(misplaced));
    }
    Ok(Replay { pushes, moves })
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
