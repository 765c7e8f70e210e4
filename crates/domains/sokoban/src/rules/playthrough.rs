//! A level being played, move by move, on the level's own characters (no board compilation,
//! no solver code, no size limit): the rules of Sokoban written once, for the independent
//! replay checker ([`replay`](crate::replay)) and for play mode (`delve sokoban play`).

use crate::rules::level::Level;
use serde::Serialize;
use std::collections::HashMap;

/// A square: (row, column).
pub type Cell = (usize, usize);

/// A box on the board: its number (in reading order, or by letter on lettered levels) and
/// how it is drawn (`$` or its letter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Crate {
    id: usize,
    label: u8,
}

/// What one move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The player walked.
    Walk,
    /// The player pushed a box.
    Push,
}

/// Why a move cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// Not one of `l u r d` (either case).
    #[error("not a move (use l, u, r or d)")]
    NotAMove,
    /// A wall, or a box that cannot move that way.
    #[error("blocked: a wall, or a box that cannot move that way")]
    Blocked,
}

/// A box where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Placed {
    /// Its number: boxes are numbered in reading order at the start, or by letter on lettered
    /// levels; when boxes are paired with goals, box `id` belongs on `goals()[id]`.
    pub id: usize,
    /// Its square.
    pub at: Cell,
    /// How it is drawn: `$`, or its letter on a lettered level.
    pub label: char,
    /// Whether it stands on a goal (its own goal when ordered).
    pub home: bool,
}

/// A position being played: the level's fixed layer and the moving pieces, with the moves
/// made so far.
///
/// ```
/// use delve_sokoban::{Level, Playthrough};
/// let level = Level::parse("######\n#@ $.#\n######\n").unwrap();
/// let mut game = Playthrough::new(&level, false);
/// assert!(game.step('r').is_ok() && game.step('r').is_ok());
/// assert_eq!((game.history(), game.is_solved()), ("rR", true));
/// assert_eq!(game.render(), "######\n#  @*#\n######\n");
/// ```
#[derive(Clone, Debug)]
pub struct Playthrough {
    level: Level,
    ordered: bool,
    player: Cell,
    boxes: HashMap<Cell, Crate>,
    /// The goal of each box, by its number.
    goals: Vec<Cell>,
    history: String,
    pushes: u32,
}

impl Playthrough {
    /// The start of `level`. Boxes are interchangeable unless `ordered` or the level uses
    /// letters; then box i (by letter, else in reading order) must end on goal i.
    pub fn new(level: &Level, ordered: bool) -> Playthrough {
        let letters = level.has_letters();
        let mut player = (0, 0);
        let mut boxes = Vec::new();
        let mut goals = Vec::new();
        for r in 0..level.height() {
            for c in 0..level.width() {
                let ch = level.cell(r, c);
                if matches!(ch, b'@' | b'+') {
                    player = (r, c);
                }
                if matches!(ch, b'$' | b'*') || ch.is_ascii_uppercase() {
                    let label = if ch.is_ascii_uppercase() { ch } else { b'$' };
                    boxes.push((label.to_ascii_lowercase(), (r, c), label));
                }
                if matches!(ch, b'.' | b'*' | b'+') || ch.is_ascii_lowercase() {
                    goals.push((ch, (r, c)));
                }
            }
        }
        if letters {
            boxes.sort();
            goals.sort();
        }
        let boxes = boxes.iter().enumerate().map(|(id, &(_, at, label))| (at, Crate { id, label })).collect();
        let goals = goals.into_iter().map(|(_, at)| at).collect();
        Playthrough {
            level: level.clone(),
            ordered: ordered || letters,
            player,
            boxes,
            goals,
            history: String::new(),
            pushes: 0,
        }
    }

    /// The level played.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Whether boxes must reach their own goals.
    pub fn is_ordered(&self) -> bool {
        self.ordered
    }

    /// Where the player stands.
    pub fn player(&self) -> Cell {
        self.player
    }

    /// The boxes, in reading order of their squares.
    pub fn boxes(&self) -> Vec<Placed> {
        let mut placed: Vec<Placed> = self
            .boxes
            .iter()
            .map(|(&at, b)| Placed { id: b.id, at, label: b.label as char, home: self.is_home(at, b) })
            .collect();
        placed.sort_by_key(|b| b.at);
        placed
    }

    /// The goals: in reading order, or by letter on lettered levels (goal i is box i's when
    /// ordered).
    pub fn goals(&self) -> &[Cell] {
        &self.goals
    }

    /// The goal drawn at `(r, c)` on the level's fixed layer: `.`, or its letter.
    fn goal_at(&self, (r, c): Cell) -> Option<u8> {
        match self.level.cell(r, c) {
            b'.' | b'*' | b'+' => Some(b'.'),
            ch if ch.is_ascii_lowercase() => Some(ch),
            _ => None,
        }
    }

    /// Whether box `b` at `at` is on a goal (its own goal when ordered).
    fn is_home(&self, at: Cell, b: &Crate) -> bool {
        match self.ordered {
            true => self.goals.get(b.id) == Some(&at),
            false => self.goal_at(at).is_some(),
        }
    }

    /// Plays one LURD letter (its case is not checked: the move pushes when a box is there).
    /// The history records it with the case of what it did.
    pub fn step(&mut self, letter: char) -> Result<Step, Illegal> {
        let (dr, dc) = match letter.to_ascii_lowercase() {
            'u' => (-1, 0),
            'd' => (1, 0),
            'l' => (0, -1),
            'r' => (0, 1),
            _ => return Err(Illegal::NotAMove),
        };
        let go = |(r, c): Cell| (r.wrapping_add_signed(dr), c.wrapping_add_signed(dc));
        let wall = |(r, c): Cell| r >= self.level.height() || c >= self.level.width() || self.level.cell(r, c) == b'#';
        let next = go(self.player);
        if wall(next) {
            return Err(Illegal::Blocked);
        }
        let made = match self.boxes.get(&next) {
            Some(&pushed) => {
                let beyond = go(next);
                if wall(beyond) || self.boxes.contains_key(&beyond) {
                    return Err(Illegal::Blocked);
                }
                self.boxes.remove(&next);
                self.boxes.insert(beyond, pushed);
                self.pushes += 1;
                Step::Push
            }
            None => Step::Walk,
        };
        self.player = next;
        let l = letter.to_ascii_lowercase();
        self.history.push(if made == Step::Push { l.to_ascii_uppercase() } else { l });
        Ok(made)
    }

    /// How many boxes are not on a goal (their own goal when ordered).
    pub fn misplaced(&self) -> usize {
        self.boxes.iter().filter(|&(&at, b)| !self.is_home(at, b)).count()
    }

    /// Whether every box is on a goal (its own goal when ordered).
    pub fn is_solved(&self) -> bool {
        self.misplaced() == 0
    }

    /// The moves so far, in LURD (capitals push).
    pub fn history(&self) -> &str {
        &self.history
    }

    /// The pushes and moves so far.
    pub fn counts(&self) -> (u32, u32) {
        (self.pushes, self.history.chars().count() as u32)
    }

    /// Takes back the last move (plays the others again from the start).
    pub fn undo(&mut self) {
        let mut moves = std::mem::take(&mut self.history);
        moves.pop();
        *self = Playthrough::new(&self.level, self.ordered);
        for letter in moves.chars() {
            // Each of them was legal from this start.
            let _ = self.step(letter);
        }
    }

    /// The position as a level the solver reads with the boxes paired as here, or `None` when
    /// XSB cannot say it: boxes paired with goals in reading order (`--ordered` on a plain
    /// level) that no longer stand in that order, or, on a lettered level, a box or the player
    /// on a goal (XSB letters have no symbol for either).
    ///
    /// ```
    /// use delve_sokoban::{Level, Playthrough};
    /// let level = Level::parse("######\n# @  #\n# $ $#\n#    #\n# .. #\n######\n").unwrap();
    /// let mut game = Playthrough::new(&level, true);
    /// assert!(game.to_level().is_some());
    /// // The first box pushed below the second: reading order no longer pairs them.
    /// game.step('d').unwrap();
    /// assert!(game.to_level().is_none());
    /// assert!(Playthrough::new(&level, false).to_level().is_some());
    /// ```
    pub fn to_level(&self) -> Option<Level> {
        let boxes = self.boxes();
        if self.ordered && !self.level.has_letters() && boxes.windows(2).any(|w| w[0].id > w[1].id) {
            return None;
        }
        Level::parse(&self.render()).ok()
    }

    /// The position in XSB.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for r in 0..self.level.height() {
            let mut row = String::new();
            for c in 0..self.level.width() {
                let goal = self.goal_at((r, c));
                let ch = if self.player == (r, c) {
                    if goal.is_some() { '+' } else { '@' }
                } else if let Some(b) = self.boxes.get(&(r, c)) {
                    match (b.label, goal) {
                        (b'$', Some(_)) => '*',
                        (label, _) => label as char,
                    }
                } else if let Some(g) = goal {
                    g as char
                } else if self.level.cell(r, c) == b'#' {
                    '#'
                } else {
                    ' '
                };
                row.push(ch);
            }
            out.push_str(row.trim_end());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_push_undo_and_render() {
        let level = Level::parse("######\n#@ $.#\n######\n").unwrap();
        let mut game = Playthrough::new(&level, false);
        assert_eq!(game.step('u'), Err(Illegal::Blocked), "a wall");
        assert_eq!(game.step('x'), Err(Illegal::NotAMove));
        assert_eq!((game.step('r'), game.step('r')), (Ok(Step::Walk), Ok(Step::Push)));
        assert_eq!(game.history(), "rR");
        assert_eq!(game.render(), "######\n#  @*#\n######\n");
        assert!(game.is_solved());
        game.undo();
        assert_eq!(game.render(), "######\n# @$.#\n######\n");
        assert_eq!((game.is_solved(), game.counts()), (false, (0, 1)));
    }

    #[test]
    fn illegal_moves_say_why() {
        assert_eq!(Illegal::NotAMove.to_string(), "not a move (use l, u, r or d)");
        assert_eq!(Illegal::Blocked.to_string(), "blocked: a wall, or a box that cannot move that way");
    }

    #[test]
    fn the_player_boxes_and_goals_where_they_stand() {
        let level = Level::parse("######\n#@ $.#\n######\n").unwrap();
        let mut game = Playthrough::new(&level, false);
        assert_eq!((game.player(), game.goals()), ((1, 1), &[(1, 4)][..]));
        assert_eq!(game.boxes(), [Placed { id: 0, at: (1, 3), label: '$', home: false }]);
        assert!(game.step('r').is_ok() && game.step('r').is_ok());
        assert_eq!((game.player(), game.boxes()), ((1, 3), vec![Placed { id: 0, at: (1, 4), label: '$', home: true }]));
        // A box on another box's goal is home only when boxes are interchangeable.
        let level = Level::parse("#######\n#@ $*.#\n#######\n").unwrap();
        let homes = |ordered| Playthrough::new(&level, ordered).boxes().iter().map(|b| b.home).collect::<Vec<_>>();
        assert_eq!((homes(false), homes(true)), (vec![false, true], vec![false, false]));
        // Lettered boxes keep their letters, and the goals are listed by letter.
        let level = Level::parse("########\n#@ B  a#\n#  A  b#\n########\n").unwrap();
        let mut game = Playthrough::new(&level, false);
        assert_eq!(game.goals(), [(1, 6), (2, 6)]);
        for letter in "rRRR".chars() {
            assert!(game.step(letter).is_ok());
        }
        let boxes = game.boxes();
        assert_eq!(boxes[0], Placed { id: 1, at: (1, 6), label: 'B', home: false });
        assert_eq!((boxes[1].label, boxes[1].home, game.misplaced()), ('A', false, 2));
    }

    #[test]
    fn a_level_of_any_size_plays() {
        // 40 boxes in a room of 40 × 35 = 1,400 squares: past the solvers' limits.
        let width = 40;
        let mut rows = vec!["#".repeat(width + 2)];
        for r in 0..35 {
            let row: String = (0..width)
                .map(|c| match (r, c) {
                    (0, 0) => '@',
                    (2 | 12, c) if c % 2 == 0 => '$',
                    (6 | 16, c) if c % 2 == 0 => '.',
                    _ => ' ',
                })
                .collect();
            rows.push(format!("#{row}#"));
        }
        rows.push("#".repeat(width + 2));
        let level = Level::parse(&(rows.join("\n") + "\n")).unwrap();
        let mut game = Playthrough::new(&level, false);
        assert_eq!(game.misplaced(), 40);
        // Down the first column: the box at (2, 0) is pushed to (6, 0), a goal.
        for _ in 0..5 {
            assert!(game.step('d').is_ok());
        }
        assert_eq!((game.counts(), game.misplaced()), ((4, 5), 39));
    }
}
