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

use crate::rules::board::{Board, MAX_BOXES, NONE, Squares, has};

/// One corral of a position, as [`for_each_corral`] finds it.
pub(crate) struct Corral<'a> {
    /// Its number in the marks (from 1).
    pub(crate) id: u8,
    /// Its top-left-most square (the fill starts there).
    pub(crate) first: u8,
    /// Per square: the number of the corral it belongs to, 0 for none (corrals after this
    /// one are not marked yet).
    pub(crate) marks: &'a [u8; 256],
    /// The boxes next to its squares.
    pub(crate) barrier: &'a [u8],
    /// Whether one of its squares is a goal.
    pub(crate) has_goal: bool,
}

impl Corral<'_> {
    /// Whether `sq` is one of the corral's squares.
    pub(crate) fn contains(&self, sq: u8) -> bool {
        self.marks[usize::from(sq)] == self.id
    }
}

/// Finds the corrals of a position (`at`: box index per square or [`NONE`]; `reach`: the
/// player's region), in the order of their top-left-most
/// squares, and hands each to `visit`; stops at the first for which `visit` returns `true`
/// and returns `true` then. One flood fill over the empty unreachable squares, noting the
/// boxes next to them; shared by the PI-corral pruning and the corral deadlocks.
pub(crate) fn for_each_corral(
    board: &Board,
    at: &[u8; 256],
    reach: &Squares,
    mut visit: impl FnMut(Corral<'_>) -> bool,
) -> bool {
    let floor = board.floor();
    let mut marks = [0u8; 256];
    let mut next_id = 0u8;
    let mut stack = [0u8; 256];
    let mut barrier = [0u8; MAX_BOXES];
    for start in 0..floor as u8 {
        let s = usize::from(start);
        if has(reach, start) || at[s] != NONE || marks[s] != 0 {
            continue;
        }
        next_id += 1;
        let id = next_id;
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
                if n == NONE {
                    continue;
                }
                let nu = usize::from(n);
                if at[nu] != NONE {
                    if !barrier[..walls].contains(&n) {
                        barrier[walls] = n;
                        walls += 1;
                    }
                } else if marks[nu] == 0 {
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
/// position is dead). `at` holds the box index per square (or [`NONE`]),
/// `reach` the player's region, `on_goal(i, sq)` whether box
/// `i` on `sq` is where it may end. The search feeds the corrals to [`PiCorrals::visit`] in
/// the one pass it shares with the corral deadlocks.
#[cfg(test)]
pub(crate) fn pi_corral_pushes(
    board: &Board,
    at: &[u8; 256],
    reach: &Squares,
    on_goal: impl Fn(usize, u8) -> bool,
    out: &mut Vec<(u8, u8)>,
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
    pub(crate) fn visit(
        &mut self,
        board: &Board,
        at: &[u8; 256],
        reach: &Squares,
        on_goal: impl Fn(usize, u8) -> bool,
        corral: &Corral<'_>,
        out: &mut Vec<(u8, u8)>,
    ) {
        let barrier = corral.barrier;
        let unfinished = corral.has_goal || barrier.iter().any(|&b| !on_goal(usize::from(at[usize::from(b)]), b));
        if !unfinished {
            return;
        }
        let mut pushes = [(0u8, 0u8); 4 * MAX_BOXES];
        let mut count = 0;
        for &b in barrier {
            for d in 0..4 {
                let (t, p) = (board.next(b, d), board.next(b, d ^ 1));
                if t == NONE || p == NONE || corral.contains(p) {
                    continue;
                }
                if board.is_dead_for(usize::from(at[usize::from(b)]), t) {
                    continue;
                }
                if corral.contains(t) {
                    // Into the corral: must be possible now (P).
                    if !has(reach, p) {
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
