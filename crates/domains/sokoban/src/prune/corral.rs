//! PI-corral pruning: when part of the board the player cannot reach (a *corral*) must be
//! entered some day and every push that could enter it can be made now, only those pushes
//! are generated.
//!
//! A corral is a connected set of empty squares the player cannot reach; its *barrier* is the
//! boxes next to it. The corral is used when:
//!
//! * **I**: every push of a barrier box from a floor square outside the corral onto a live
//!   floor square goes into the corral (or onto another barrier box's square — such a push can
//!   only come after that box has moved, which is itself a barrier push);
//! * **P**: each of those pushes into the corral can be made now (the player reaches the
//!   square behind the box);
//! * the corral is not finished: a barrier box is off its goal, or a corral square is a goal.
//!
//! Why no solution is lost, and none gets longer in pushes: some barrier push must come, and
//! the first one in any solution is a push into the corral (I) that is legal now (P: no box
//! can enter the corral or its surroundings without moving a barrier box, so the earlier
//! pushes cannot have enabled it). Moving that push to the front keeps every other push legal
//! (the player's region only grows), so the solution keeps its push count. Its move count can
//! change, so [`Mode::Optimal`](crate::Mode::Optimal) (fewest moves among the fewest pushes)
//! does not use it.

use crate::rules::board::Board;
use crate::rules::size::{Size, Square, SquareSet};

/// One corral of a position, as [`for_each_corral`] finds it.
pub(crate) struct Corral<'a, Z: Size> {
    /// Its number in the marks (from 1).
    pub(crate) id: Z::Sq,
    /// Its top-left-most square (the fill starts there).
    pub(crate) first: Z::Sq,
    /// Per square: the number of the corral it belongs to, 0 for none (corrals after this
    /// one are not marked yet).
    pub(crate) marks: &'a Z::Marks<Z::Sq>,
    /// The boxes next to its squares.
    pub(crate) barrier: &'a [Z::Sq],
    /// Whether one of its squares is a goal.
    pub(crate) has_goal: bool,
}

impl<Z: Size> Corral<'_, Z> {
    /// Whether `sq` is one of the corral's squares.
    pub(crate) fn contains(&self, sq: Z::Sq) -> bool {
        self.marks[sq.ix()] == self.id
    }
}

/// Finds the corrals of a position (`at`: box index per square or [`Size::NONE`](crate::rules::size::Size::NONE); `reach`: the
/// player's region), in the order of their top-left-most
/// squares, and hands each to `visit`; stops at the first for which `visit` returns `true`
/// and returns `true` then. One flood fill over the empty unreachable squares, noting the
/// boxes next to them; shared by the PI-corral pruning and the corral deadlocks.
pub(crate) fn for_each_corral<Z: Size>(
    board: &Board<Z>,
    at: &Z::Marks<Z::Sq>,
    reach: &Z::Set,
    mut visit: impl FnMut(Corral<'_, Z>) -> bool,
) -> bool {
    let floor = board.floor();
    let mut marks = Z::marks(Z::Sq::default());
    let mut next_id = 0;
    let mut stack = Z::marks(Z::Sq::default());
    let mut barrier = Z::boxes(Z::NONE);
    for start in (0..floor).map(Z::Sq::of) {
        let s = start.ix();
        if reach.has(start) || at[s] != Z::NONE || marks[s] != Z::Sq::ZERO {
            continue;
        }
        next_id += 1;
        let id = Z::Sq::of(next_id);
        let (mut len, mut walls) = (1, 0);
        let mut has_goal = false;
        marks[s] = id;
        stack[0] = start;
        while len > 0 {
            len -= 1;
            let q = stack[len];
            has_goal |= board.is_goal(q);
            for d in 0..4 {
                let n = board.next(q, d);
                if n == Z::NONE {
                    continue;
                }
                let nu = n.ix();
                if at[nu] != Z::NONE {
                    if !barrier[..walls].contains(&n) {
                        barrier[walls] = n;
                        walls += 1;
                    }
                } else if marks[nu] == Z::Sq::ZERO {
                    // Empty and next to an unreachable square: unreachable too.
                    marks[nu] = id;
                    stack[len] = n;
                    len += 1;
                }
            }
        }
        if visit(Corral { id, first: start, marks: &marks, barrier: &barrier[..walls], has_goal }) {
            return true;
        }
    }
    false
}

/// The pushes `(box square, direction)` into the best PI-corral of a position, if it has one:
/// the one with the fewest such pushes (none at all: the corral can never be entered, so the
/// position is dead). `at` holds the box index per square (or [`Size::NONE`](crate::rules::size::Size::NONE)),
/// `reach` the player's region, `on_goal(i, sq)` whether box
/// `i` on `sq` is where it may end. The search feeds the corrals to [`PiCorrals::visit`] in
/// the one pass it shares with the corral deadlocks.
#[cfg(test)]
pub(crate) fn pi_corral_pushes<Z: Size>(
    board: &Board<Z>,
    at: &Z::Marks<Z::Sq>,
    reach: &Z::Set,
    on_goal: impl Fn(usize, Z::Sq) -> bool,
    out: &mut Vec<(Z::Sq, u8)>,
) -> bool {
    let mut pi = PiCorrals::default();
    for_each_corral(board, at, reach, |corral| {
        pi.visit(board, at, reach, &on_goal, &corral, out);
        false
    });
    pi.found
}

/// The best PI-corral among the corrals seen so far (see [`pi_corral_pushes`]).
#[derive(Debug, Default)]
pub(crate) struct PiCorrals {
    /// Whether one was found; its pushes are in the `out` of [`PiCorrals::visit`].
    pub(crate) found: bool,
}

impl PiCorrals {
    /// Takes `corral` of the position (`at`, `reach`, `on_goal` as for [`pi_corral_pushes`])
    /// into account: when it is a PI-corral with fewer pushes into it than the best so far,
    /// its pushes replace `out`.
    pub(crate) fn visit<Z: Size>(
        &mut self,
        board: &Board<Z>,
        at: &Z::Marks<Z::Sq>,
        reach: &Z::Set,
        on_goal: impl Fn(usize, Z::Sq) -> bool,
        corral: &Corral<'_, Z>,
        out: &mut Vec<(Z::Sq, u8)>,
    ) {
        let barrier = corral.barrier;
        let unfinished = corral.has_goal || barrier.iter().any(|&b| !on_goal(at[b.ix()].ix(), b));
        if !unfinished {
            return;
        }
        let mut pushes = Z::marks((Z::NONE, 0u8));
        let mut count = 0;
        for &b in barrier {
            for d in 0..4 {
                let (t, p) = (board.next(b, d), board.next(b, d ^ 1));
                if t == Z::NONE || p == Z::NONE || corral.contains(p) {
                    continue;
                }
                if board.is_dead_for(at[b.ix()].ix(), t) {
                    continue;
                }
                if corral.contains(t) {
                    // Into the corral: must be possible now (P).
                    if !reach.has(p) {
                        return;
                    }
                    pushes[count] = (b, d as u8);
                    count += 1;
                } else if !barrier.contains(&t) {
                    // Out of the corral or along it (I fails).
                    return;
                }
            }
        }
        if !self.found || count < out.len() {
            self.found = true;
            out.clear();
            out.extend_from_slice(&pushes[..count]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::problem::SokobanProblem;
    use crate::search::settings::Settings;

    /// The PI-corral pushes of a level's start position, if it has a PI-corral.
    fn corral_pushes(text: &str) -> Option<Vec<(u8, u8)>> {
        let board = Board::as_drawn(text);
        let at = board.start_occupancy();
        let problem = SokobanProblem::new(board, Settings { pi_corrals: true, ..Settings::PLAIN });
        let board = problem.board();
        let (reach, _) = problem.region(board.start_player(), &at);
        let mut out = Vec::new();
        pi_corral_pushes(board, &at, &reach, |_, sq| board.is_goal(sq), &mut out).then_some(out)
    }

    #[test]
    fn a_box_in_a_doorway_closes_a_pi_corral() {
        let level = "#######\n#   #.#\n# @ $ #\n#   # #\n#######\n";
        let board = Board::as_drawn(level);
        // The only push into the corral: right, through the doorway.
        assert_eq!(corral_pushes(level), Some(vec![(board.square_at(2, 4), 3)]));
        // With a way round, nothing is unreachable: no corral.
        assert_eq!(corral_pushes("#######\n#   #.#\n# @ $ #\n#     #\n#######\n"), None);
        // A finished corral (its barrier box on a goal, no goal inside) is left alone.
        assert_eq!(corral_pushes("#######\n#   # #\n# @ * #\n#   # #\n#######\n"), None);
    }
}
