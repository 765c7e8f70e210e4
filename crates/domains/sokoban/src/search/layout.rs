//! A solution's pushes written out as LURD: before each push (or each push of a macro), a
//! shortest walk of the player to the square behind the box.

use crate::fess::rooms::box_path;
use crate::rules::board::{DIRS, FAR, LETTERS};
use crate::rules::size::{Size, Square};
use crate::search::problem::SokobanProblem;
use crate::search::state::Push;

/// Writes pushes as LURD: before each push, a shortest walk to the square behind the box.
pub fn lay_out<Z: Size>(problem: &SokobanProblem<Z>, pushes: &[Push<Z>]) -> String {
    let board = problem.board();
    let (mut at, mut player) = (board.start_occupancy(), board.start_player());
    let mut text = String::new();
    lay_out_from(problem, &mut at, &mut player, pushes, &mut text);
    text
}

/// [`lay_out`] from the position `at` with the player on `player` (both moved on as the
/// pushes are made), appending to `text`.
pub(crate) fn lay_out_from<Z: Size>(
    problem: &SokobanProblem<Z>,
    at: &mut Z::Marks<Z::Sq>,
    player: &mut Z::Sq,
    pushes: &[Push<Z>],
    text: &mut String,
) {
    let board = problem.board();
    let mut dist = Z::marks(FAR);
    for push in pushes {
        // A macro is its first push, then the box's fewest pushes on to `to`.
        let first = board.next(push.from, push.dir.ix());
        let mut steps = vec![(push.from, push.dir.ix())];
        if push.to != first {
            let i = at[push.from.ix()];
            at[push.from.ix()] = Z::NONE;
            let dirs = box_path(board, at, first, push.from, push.to).expect("the search found this macro");
            at[push.from.ix()] = i;
            let mut sq = first;
            for d in dirs {
                steps.push((sq, d.ix()));
                sq = board.next(sq, d.ix());
            }
        }
        for (from, d) in steps {
            let behind = board.next(from, d ^ 1);
            // Walk back from `behind` to the player along decreasing distances.
            problem.walk(*player, at, &mut dist);
            let mut walk = Vec::new();
            let mut here = behind;
            while here != *player {
                let (step, prev) = (0..4)
                    .map(|k| (k, board.next(here, k ^ 1)))
                    .find(|&(_, p)| p != Z::NONE && dist[p.ix()] != FAR && dist[p.ix()] + 1 == dist[here.ix()])
                    .expect("the push was generated from a reachable square");
                walk.push(LETTERS[step]);
                here = prev;
            }
            text.extend(walk.iter().rev().map(|&c| c as char));
            text.push(LETTERS[d].to_ascii_uppercase() as char);
            let to = board.next(from, d);
            at[to.ix()] = at[from.ix()];
            at[from.ix()] = Z::NONE;
            *player = from;
        }
    }
    debug_assert_eq!(DIRS.len(), LETTERS.len());
}
