//! A solution's pushes written out as LURD: before each push (or each push of a macro), a
//! shortest walk of the player to the square behind the box.

use crate::fess::rooms::box_path;
use crate::rules::board::{DIRS, FAR, LETTERS, NONE};
use crate::search::problem::SokobanProblem;
use crate::search::state::Push;

/// Writes pushes as LURD: before each push, a shortest walk to the square behind the box.
pub fn lay_out(problem: &SokobanProblem, pushes: &[Push]) -> String {
    let board = problem.board();
    let (mut at, mut player) = (board.start_occupancy(), board.start_player());
    let mut text = String::new();
    lay_out_from(problem, &mut at, &mut player, pushes, &mut text);
    text
}

/// [`lay_out`] from the position `at` with the player on `player` (both moved on as the
/// pushes are made), appending to `text`.
pub(crate) fn lay_out_from(
    problem: &SokobanProblem,
    at: &mut [u8; 256],
    player: &mut u8,
    pushes: &[Push],
    text: &mut String,
) {
    let board = problem.board();
    let mut dist = [FAR; 256];
    for push in pushes {
        // A macro is its first push, then the box's fewest pushes on to `to`.
        let first = board.next(push.from, usize::from(push.dir));
        let mut steps = vec![(push.from, usize::from(push.dir))];
        if push.to != first {
            let i = at[usize::from(push.from)];
            at[usize::from(push.from)] = NONE;
            let dirs = box_path(board, at, first, push.from, push.to).expect("the search found this macro");
            at[usize::from(push.from)] = i;
            let mut sq = first;
            for d in dirs {
                steps.push((sq, usize::from(d)));
                sq = board.next(sq, usize::from(d));
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
                    .find(|&(_, p)| {
                        p != NONE && dist[usize::from(p)] != FAR && dist[usize::from(p)] + 1 == dist[usize::from(here)]
                    })
                    .expect("the push was generated from a reachable square");
                walk.push(LETTERS[step]);
                here = prev;
            }
            text.extend(walk.iter().rev().map(|&c| c as char));
            text.push(LETTERS[d].to_ascii_uppercase() as char);
            let to = board.next(from, d);
            at[usize::from(to)] = at[usize::from(from)];
            at[usize::from(from)] = NONE;
            *player = from;
        }
    }
    debug_assert_eq!(DIRS.len(), LETTERS.len());
}
