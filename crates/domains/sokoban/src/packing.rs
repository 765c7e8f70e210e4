//! Packing macros for [`Mode::Any`](crate::Mode::Any): any box off the goals that can be
//! pushed, around the other boxes as they stand, all the way to a goal its room can take
//! next, gets one action that carries it there: the first empty goal of the room's packing
//! order, or another one that the goals it needs filled first leave free
//! ([`GoalRooms::next_goals`]).
//!
//! The goal-room macro of the `macros` module fires only when a push happens to land on a
//! room's doorstep; greedy search on the matching bound then still explores every order and
//! every halfway square of the boxes on their way to the room (on XSokoban #4, 100,000
//! expansions without a single box packed). This macro commits to one box at a time, the
//! way the room's packing order (found by pulling the boxes out of the full room) says it
//! can be filled without walling off a goal. It only adds successors: the single pushes stay.

use crate::board::{Board, FAR, NONE};
use crate::macros::{BoxPaths, GoalRooms};

/// Most boxes tried per goal and position: the nearest to the goal (by push distance) that
/// the player can push at all. Each try is a breadth-first search over the box's squares.
pub(crate) const TRIES: usize = 8;

/// The pushes `(box square, directions)` that carry a box off the goals to one of the first
/// `goals` goals its room can take next ([`GoalRooms::next_goals`]), for the [`TRIES`]
/// nearest boxes that the player (`walk`: its distances, [`FAR`] where it cannot go) can
/// push, from the position `at` (box index per square or [`NONE`]). The directions are those [`lay_out`](crate::lay_out) replays: the
/// first push, then the fewest pushes from the square after it.
pub(crate) fn packing_pushes(
    board: &Board,
    rooms: &GoalRooms,
    at: &mut [u8; 256],
    walk: &[u16; 256],
    goals: usize,
) -> Vec<(u8, Vec<u8>)> {
    let player = (0..board.floor() as u8).find(|&s| walk[usize::from(s)] != FAR).expect("the player stands somewhere");
    // The (goal, box) pairs to try, in the order their pushes are offered.
    let mut tries: Vec<(u8, u8)> = Vec::new();
    for goal in rooms.next_goals(at, goals) {
        let Some(g) = board.goals().iter().position(|&q| q == goal) else { continue };
        let pushable = |b: u8| {
            (0..4).any(|d| {
                let (t, p) = (board.next(b, d), board.next(b, d ^ 1));
                t != NONE && p != NONE && at[usize::from(t)] == NONE && walk[usize::from(p)] != FAR
            })
        };
        let mut boxes: Vec<(u16, u8)> = (0..board.floor() as u8)
            .filter(|&b| at[usize::from(b)] != NONE && !board.is_goal(b) && board.distance(g, b) != FAR && pushable(b))
            .map(|b| (board.distance(g, b), b))
            .collect();
        boxes.sort_unstable();
        tries.extend(boxes.iter().take(TRIES).map(|&(_, b)| (goal, b)));
    }
    // Per box, every path around the same boxes: the floor is searched once, and one
    // breadth-first search finds the first pushes to all its goals, then one per first
    // push the rest (as the replay will find it, from the square after the first push).
    let mut found: Vec<(u8, u8, Vec<u8>)> = Vec::new();
    let mut done = [false; 256];
    for &(_, b) in &tries {
        if std::mem::replace(&mut done[usize::from(b)], true) {
            continue;
        }
        let targets: Vec<u8> = tries.iter().filter(|&&(_, c)| c == b).map(|&(g, _)| g).collect();
        let i = at[usize::from(b)];
        at[usize::from(b)] = NONE;
        let paths = BoxPaths::new(board, at, b);
        let firsts: Vec<Option<u8>> = paths
            .paths(board, at, b, player, &targets)
            .into_iter()
            .map(|dirs| dirs.and_then(|dirs| dirs.first().copied()))
            .collect();
        for first in 0..4u8 {
            let ends: Vec<u8> =
                targets.iter().zip(&firsts).filter(|&(_, &f)| f == Some(first)).map(|(&g, _)| g).collect();
            if ends.is_empty() {
                continue;
            }
            let next = board.next(b, usize::from(first));
            for (goal, rest) in ends.iter().zip(paths.paths(board, at, next, b, &ends)) {
                if let Some(rest) = rest {
                    let mut dirs = vec![first];
                    dirs.extend(rest);
                    found.push((*goal, b, dirs));
                }
            }
        }
        at[usize::from(b)] = i;
    }
    tries
        .iter()
        .filter_map(|&(goal, b)| {
            let k = found.iter().position(|&(g, c, _)| (g, c) == (goal, b))?;
            Some((b, found.swap_remove(k).2))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_go_straight_to_the_rooms_next_goal() {
        // A dead-end corridor of three goals, filled from its end (1, 1).
        let text = "#########\n#...    #\n####    #\n#  $$$  #\n#@      #\n#########\n";
        let board = Board::as_drawn(text);
        let rooms = GoalRooms::new(&board);
        let mut at = board.start_occupancy();
        let config = crate::Config { macros: true, ..crate::Config::PLAIN };
        let problem = crate::SokobanProblem::new(board.clone(), config);
        let mut walk = [FAR; 256];
        problem.walk(board.start_player(), &at, &mut walk);
        let before = at;
        let moves = packing_pushes(&board, &rooms, &mut at, &walk, 1);
        assert_eq!(at, before, "the position is left as it was");
        // The box on (3, 3) cannot get up (walls above it); the other two can.
        let from: Vec<_> = moves.iter().map(|(b, _)| board.cell_of(*b)).collect();
        assert_eq!(from, [(3, 4), (3, 5)]);
        for (b, dirs) in &moves {
            let end = dirs.iter().fold(*b, |sq, &d| board.next(sq, usize::from(d)));
            assert_eq!(board.cell_of(end), (1, 1));
        }
        // (3, 4): two pushes up, then three left.
        assert_eq!(moves[0].1, [0, 0, 2, 2, 2]);
    }
}
