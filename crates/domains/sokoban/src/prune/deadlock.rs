//! Freeze deadlocks: after a push, is the pushed box (with the boxes around it) frozen — unable
//! to move along either axis, ever — while one of the frozen boxes is off its goal?
//!
//! A box is blocked along an axis when a wall (or a box already assumed frozen) is on either
//! side, when both squares along the axis are dead, or when a neighbouring box on the axis is
//! itself frozen (checked recursively, with this box assumed to be a wall). Only boxes on the
//! chain that proves the pushed box frozen count: a box found frozen under an assumption that
//! later failed is forgotten.

use crate::rules::board::Board;
use crate::rules::size::{Size, Square, SquareSet};
use delve_core::hash::FxHashSet;

/// What a freeze check needs to know about the boxes: which box stands on a square.
pub(crate) struct Boxes<'a, Z: Size> {
    /// Box index on each square, or [`Size::NONE`](crate::rules::size::Size::NONE).
    pub(crate) at: &'a [Z::Sq],
}

/// Whether the box just pushed to `sq` is frozen together with a box that is off its goal.
pub(crate) fn freeze_deadlock<Z: Size>(board: &Board<Z>, boxes: &Boxes<'_, Z>, sq: Z::Sq) -> bool {
    let mut assumed = Z::Set::EMPTY;
    let mut chain = Chain { squares: Z::boxes(Z::NONE), len: 0 };
    frozen(board, boxes, sq, &mut assumed, &mut chain)
        && chain.squares[..chain.len].iter().any(|&s| !on_own_goal(board, boxes, s))
}

/// Whether the box on `sq` can never move again (off its goal or on it).
pub(crate) fn is_frozen<Z: Size>(board: &Board<Z>, boxes: &Boxes<'_, Z>, sq: Z::Sq) -> bool {
    let mut assumed = Z::Set::EMPTY;
    frozen(board, boxes, sq, &mut assumed, &mut Chain { squares: Z::boxes(Z::NONE), len: 0 })
}

/// Most boxes of a sub-search ([`lone_pushes`]): the corral searches take at most ten.
pub(crate) const MAX_LONE: usize = 10;

/// The boxes of a sub-search position, sorted, stored inline (no allocation per position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct LoneBoxes<Z: Size> {
    /// The squares: the first `len`, the rest [`Size::NONE`](crate::rules::size::Size::NONE).
    squares: [Z::Sq; MAX_LONE],
    len: u8,
}

impl<Z: Size> LoneBoxes<Z> {
    /// The boxes on `squares` (sorted, at most [`MAX_LONE`]).
    pub(crate) fn new(squares: &[Z::Sq]) -> LoneBoxes<Z> {
        let mut boxes = LoneBoxes { squares: [Z::NONE; MAX_LONE], len: squares.len() as u8 };
        boxes.squares[..squares.len()].copy_from_slice(squares);
        boxes
    }
}

impl<Z: Size> std::ops::Deref for LoneBoxes<Z> {
    type Target = [Z::Sq];
    fn deref(&self) -> &[Z::Sq] {
        &self.squares[..self.len.ix()]
    }
}

/// A position of a sub-search (boxes alone on the board): its boxes, and what its player's
/// region follows from. A child's region is found from its parent's by
/// [`Board::region_after`] (no flood fill of the whole region, as a rule), once it is taken
/// from the queue (most children are never taken or are seen before).
pub(crate) struct Lone<Z: Size> {
    /// The boxes, sorted.
    pub(crate) boxes: LoneBoxes<Z>,
    /// The parent's region (empty for the first position).
    before: Z::Set,
    /// The player's square: where the pushed box stood.
    player: Z::Sq,
    /// Where the pushed box went ([`Size::NONE`](crate::rules::size::Size::NONE) for the first position).
    pushed: Z::Sq,
}

impl<Z: Size> Lone<Z> {
    /// The first position: `boxes`, the player on `player`.
    pub(crate) fn start(boxes: &[Z::Sq], player: Z::Sq) -> Lone<Z> {
        Lone { boxes: LoneBoxes::new(boxes), before: Z::Set::EMPTY, player, pushed: Z::NONE }
    }

    /// The child after the push from `player` to `pushed` that [`lone_pushes`] hands out,
    /// from a parent whose region is `before`.
    pub(crate) fn child(boxes: LoneBoxes<Z>, before: &Z::Set, player: Z::Sq, pushed: Z::Sq) -> Lone<Z> {
        Lone { boxes, before: *before, player, pushed }
    }

    /// The player's region and its top-left-most square, the boxes standing in `at`.
    pub(crate) fn region(&self, board: &Board<Z>, at: &Z::Marks<Z::Sq>) -> (Z::Set, Z::Sq) {
        if self.pushed == Z::NONE {
            board.region(self.player, at)
        } else {
            board.region_after(&self.before, self.player, self.pushed, at)
        }
    }
}

/// The pushes of a few boxes searched alone on an emptied board (the sub-searches of the
/// corral deadlocks and the deadlock table): `boxes` stand on the squares `at` marks (with
/// box index 0), `reaches(s)` says whether the player gets to square `s`. Each push onto a
/// live square that freezes nothing is handed to `emit` as the sorted boxes after it, the
/// square the player then stands on (the box's old square) and the box's new square. `at`
/// is left as it was.
pub(crate) fn lone_pushes<Z: Size>(
    board: &Board<Z>,
    boxes: &LoneBoxes<Z>,
    at: &mut Z::Marks<Z::Sq>,
    reaches: impl Fn(Z::Sq) -> bool,
    mut emit: impl FnMut(LoneBoxes<Z>, Z::Sq, Z::Sq),
) {
    for (i, &b) in boxes.iter().enumerate() {
        for d in 0..4 {
            let (t, p) = (board.next(b, d), board.next(b, d ^ 1));
            if t == Z::NONE || p == Z::NONE || at[t.ix()] != Z::NONE || !reaches(p) || board.is_dead(t) {
                continue;
            }
            at[b.ix()] = Z::NONE;
            at[t.ix()] = Z::Sq::ZERO;
            if !freeze_deadlock(board, &Boxes { at: at.as_ref() }, t) {
                let mut next = *boxes;
                next.squares[i] = t;
                next.squares[..next.len.ix()].sort_unstable();
                emit(next, b, t);
            }
            at[t.ix()] = Z::NONE;
            at[b.ix()] = Z::Sq::ZERO;
        }
    }
}

/// Whether the lone `boxes` (alone on the board, the player on `player`) get away: a
/// depth-first search over their pushes ([`lone_pushes`]) that answers `true` as soon as
/// every box stands on a goal, `free(boxes, region)` holds of a position and the player's
/// region in it, or more than `budget` positions were seen; `false` only when every position
/// was searched without that. The corral deadlocks and the deadlock table ask it, each with
/// its own `free`.
pub(crate) fn escapes<Z: Size>(
    board: &Board<Z>,
    boxes: &[Z::Sq],
    player: Z::Sq,
    budget: usize,
    free: impl Fn(&LoneBoxes<Z>, &Z::Set) -> bool,
) -> bool {
    let mut seen: FxHashSet<(LoneBoxes<Z>, Z::Sq)> = FxHashSet::default();
    let mut stack = vec![Lone::start(boxes, player)];
    let mut at = Z::marks(Z::NONE);
    while let Some(lone) = stack.pop() {
        let boxes = &lone.boxes;
        if boxes.iter().all(|&b| board.is_goal(b)) {
            return true;
        }
        for &b in boxes.iter() {
            at[b.ix()] = Z::Sq::ZERO;
        }
        let (region, least) = lone.region(board, &at);
        if free(boxes, &region) {
            return true;
        }
        if seen.insert((*boxes, least)) {
            if seen.len() > budget {
                return true;
            }
            lone_pushes(
                board,
                boxes,
                &mut at,
                |p| region.has(p),
                |next, player, to| {
                    stack.push(Lone::child(next, &region, player, to));
                },
            );
        }
        for &b in boxes.iter() {
            at[b.ix()] = Z::NONE;
        }
    }
    false
}

/// Whether the box on `sq` sits on a goal it may end on.
fn on_own_goal<Z: Size>(board: &Board<Z>, boxes: &Boxes<'_, Z>, sq: Z::Sq) -> bool {
    match board.target(boxes.at[sq.ix()].ix()) {
        Some(g) => board.goals()[g] == sq,
        None => board.is_goal(sq),
    }
}

/// The boxes found frozen on the way to a verdict (each once): at most every box, inline.
struct Chain<Z: Size> {
    squares: Z::Boxes<Z::Sq>,
    len: usize,
}

fn frozen<Z: Size>(
    board: &Board<Z>,
    boxes: &Boxes<'_, Z>,
    sq: Z::Sq,
    assumed: &mut Z::Set,
    chain: &mut Chain<Z>,
) -> bool {
    let mark = chain.len;
    assumed.insert(sq);
    // Vertical (up/down), then horizontal (left/right).
    let result = blocked(board, boxes, sq, 0, assumed, chain) && blocked(board, boxes, sq, 2, assumed, chain);
    assumed.remove(sq);
    if !result {
        chain.len = mark;
    } else if !chain.squares[..chain.len].contains(&sq) {
        // A box proved frozen down two branches is noted once (the chain is a set).
        chain.squares[chain.len] = sq;
        chain.len += 1;
    }
    result
}

/// Whether the box on `sq` can never move along the axis of direction `d` (`d` and `d + 1`).
fn blocked<Z: Size>(
    board: &Board<Z>,
    boxes: &Boxes<'_, Z>,
    sq: Z::Sq,
    d: usize,
    assumed: &mut Z::Set,
    chain: &mut Chain<Z>,
) -> bool {
    let (a, b) = (board.next(sq, d), board.next(sq, d + 1));
    if a == Z::NONE || b == Z::NONE || assumed.has(a) || assumed.has(b) {
        return true;
    }
    if board.is_dead(a) && board.is_dead(b) {
        return true;
    }
    (boxes.at[a.ix()] != Z::NONE && frozen(board, boxes, a, assumed, chain))
        || (boxes.at[b.ix()] != Z::NONE && frozen(board, boxes, b, assumed, chain))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::size::Small;

    /// Runs the check on the box at `(row, col)` of `text`.
    fn check(text: &str, row: usize, col: usize) -> bool {
        let board = Board::as_drawn(text);
        let mut at = vec![Small::NONE; board.floor()];
        for (i, &b) in board.start_boxes().iter().enumerate() {
            at[b.ix()] = i as u8;
        }
        freeze_deadlock(&board, &Boxes { at: &at }, board.square_at(row, col))
    }

    #[test]
    fn two_boxes_against_a_wall_are_frozen() {
        let level = "#######\n#  $$ #\n# @ ..#\n#######\n";
        assert!(check(level, 1, 3));
        // Either box on a goal is not enough: the other is stuck off its goal.
        assert!(check("#######\n#  *$ #\n# @  .#\n#######\n", 1, 3));
        // Both on goals: no deadlock.
        assert!(!check("#######\n#  ** #\n# @   #\n#######\n", 1, 3));
    }

    #[test]
    fn a_square_of_four_boxes_is_frozen_and_a_free_box_is_not() {
        let square = "########\n#      #\n# $$   #\n# $$ @ #\n#  ....#\n########\n";
        assert!(check(square, 2, 2));
        assert!(!check("#######\n#     #\n# $@. #\n#     #\n#######\n", 2, 2));
        // A box against a wall on one axis only can still slide along it.
        assert!(!check("#######\n#  $ .#\n# @   #\n#######\n", 1, 3));
        // Against the top wall with dead squares on both sides: frozen off its goal.
        assert!(check("#######\n#  $  #\n# @  .#\n#######\n", 1, 3));
    }
}
