//! Packing macros for [`Mode::Any`](crate::Mode::Any): any box off the goals that can be
//! pushed, around the other boxes as they stand, all the way to a goal its room can take
//! next, gets one action that carries it there: the first empty goal of the room's packing
//! order, or another one that the goals it needs filled first leave free
//! (`GoalRooms::next_goals`).
//!
//! The goal-room macro of the `macros` module fires only when a push happens to land on a
//! room's doorstep; greedy search on the matching bound then still explores every order and
//! every halfway square of the boxes on their way to the room, and can expand a great many
//! positions without packing a single box. This macro commits to one box at a time, the
//! way the room's packing order (found by pulling the boxes out of the full room) says it
//! can be filled without walling off a goal. It only adds successors: the single pushes stay.
//!
//! A search that follows a route (`Route`, from a sink plan) has route macros instead
//! (`route_pushes`): the box the route's next step moves, or the nearest free ones, carried
//! to that step's square in one action, as Festival's moves carry a box as far as it goes.

use crate::fess::features::Route;
use crate::fess::rooms::{BoxPaths, GoalRooms};
use crate::rules::board::{Board, FAR};
use crate::rules::size::{Size, Square};

/// Most boxes tried per goal and position: the nearest to the goal (by push distance) that
/// the player can push at all. Each try is a breadth-first search over the box's squares.
pub(crate) const TRIES: usize = 8;

/// The pushes `(box square, directions)` that carry a box off the goals to one of the first
/// `goals` goals its room can take next ([`GoalRooms::next_goals`]), for the [`TRIES`]
/// nearest boxes that the player (`walk`: its distances, [`FAR`] where it cannot go) can
/// push, from the position `at` (box index per square or [`Size::NONE`](crate::rules::size::Size::NONE)). The directions are those [`lay_out`](crate::lay_out) replays: the
/// first push, then the fewest pushes from the square after it.
pub(crate) fn packing_pushes<Z: Size>(
    board: &Board<Z>,
    rooms: &GoalRooms<Z>,
    at: &mut Z::Marks<Z::Sq>,
    walk: &Z::Marks<u16>,
    goals: usize,
) -> Vec<(Z::Sq, Vec<u8>)> {
    // The (goal, box) pairs to try, in the order their pushes are offered.
    let mut tries: Vec<(Z::Sq, Z::Sq)> = Vec::new();
    for goal in rooms.next_goals(at, goals) {
        let Some(g) = board.goals().iter().position(|&q| q == goal) else { continue };
        let mut boxes: Vec<(u16, Z::Sq)> = (0..board.floor())
            .map(Z::Sq::of)
            .filter(|&b| {
                at[b.ix()] != Z::NONE
                    && !board.is_goal(b)
                    && board.distance(g, b) != FAR
                    && pushable(board, at, walk, b)
            })
            .map(|b| (board.distance(g, b), b))
            .collect();
        boxes.sort_unstable();
        tries.extend(boxes.iter().take(TRIES).map(|&(_, b)| (goal, b)));
    }
    box_paths(board, at, walk, &tries)
}

/// Whether the player (`walk`: its distances, [`FAR`] where it cannot go) can push the box on
/// `b` in the position `at` at all.
fn pushable<Z: Size>(board: &Board<Z>, at: &Z::Marks<Z::Sq>, walk: &Z::Marks<u16>, b: Z::Sq) -> bool {
    (0..4).any(|d| {
        let (t, p) = (board.next(b, d), board.next(b, d ^ 1));
        t != Z::NONE && p != Z::NONE && at[t.ix()] == Z::NONE && walk[p.ix()] != FAR
    })
}

/// The pushes `(box square, directions)` that carry a box to the square the next step of
/// `route` wants one on, from the position `at` (the player's distances `walk`): the box the
/// step moves on, when it names one, or the box on the start square a step out of the start
/// names, else the [`TRIES`] nearest boxes (walking distance) that no earlier step holds in
/// place. A step that names its box is followed with that box alone: offering the nearest
/// boxes too lets the searches stray from the plan after a few steps.
pub(crate) fn route_pushes<Z: Size>(
    board: &Board<Z>,
    route: &Route<Z>,
    at: &mut Z::Marks<Z::Sq>,
    walk: &Z::Marks<u16>,
) -> Vec<(Z::Sq, Vec<u8>)> {
    let Some(next) = route.next(at) else { return Vec::new() };
    let tries: Vec<(Z::Sq, Z::Sq)> = if next.from != Z::NONE && at[next.from.ix()] != Z::NONE {
        vec![(next.to, next.from)]
    } else if next.from == Z::NONE && next.base != Z::NONE && at[next.base.ix()] != Z::NONE {
        vec![(next.to, next.base)]
    } else {
        let dist = next.distances();
        let mut boxes: Vec<(u16, Z::Sq)> = (0..board.floor())
            .map(Z::Sq::of)
            .filter(|&b| at[b.ix()] != Z::NONE && !next.holds(b) && dist[b.ix()] != FAR)
            .filter(|&b| pushable(board, at, walk, b))
            .map(|b| (dist[b.ix()], b))
            .collect();
        boxes.sort_unstable();
        boxes.iter().take(TRIES).map(|&(_, b)| (next.to, b)).collect()
    };
    box_paths(board, at, walk, &tries)
}

/// For each `(target, box)` of `tries`, the pushes that carry the box there around the other
/// boxes of `at` as they stand (the player's distances `walk`), if it can get there.
fn box_paths<Z: Size>(
    board: &Board<Z>,
    at: &mut Z::Marks<Z::Sq>,
    walk: &Z::Marks<u16>,
    tries: &[(Z::Sq, Z::Sq)],
) -> Vec<(Z::Sq, Vec<u8>)> {
    let player = (0..board.floor()).map(Z::Sq::of).find(|&s| walk[s.ix()] != FAR).expect("the player stands somewhere");
    // Per box, every path around the same boxes: the floor is searched once, and one
    // breadth-first search finds the first pushes to all its goals, then one per first
    // push the rest (as the replay will find it, from the square after the first push).
    let mut found: Vec<(Z::Sq, Z::Sq, Vec<u8>)> = Vec::new();
    let mut done = Z::marks(false);
    for &(_, b) in tries {
        if std::mem::replace(&mut done[b.ix()], true) {
            continue;
        }
        let targets: Vec<Z::Sq> = tries.iter().filter(|&&(_, c)| c == b).map(|&(g, _)| g).collect();
        let i = at[b.ix()];
        at[b.ix()] = Z::NONE;
        let paths = BoxPaths::new(board, at, b);
        let firsts: Vec<Option<u8>> = paths
            .paths(board, at, b, player, &targets)
            .into_iter()
            .map(|dirs| dirs.and_then(|dirs| dirs.first().copied()))
            .collect();
        for first in 0..4u8 {
            let ends: Vec<Z::Sq> =
                targets.iter().zip(&firsts).filter(|&(_, &f)| f == Some(first)).map(|(&g, _)| g).collect();
            if ends.is_empty() {
                continue;
            }
            let next = board.next(b, first.ix());
            for (goal, rest) in ends.iter().zip(paths.paths(board, at, next, b, &ends)) {
                if let Some(rest) = rest {
                    let mut dirs = vec![first];
                    dirs.extend(rest);
                    found.push((*goal, b, dirs));
                }
            }
        }
        at[b.ix()] = i;
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
    use crate::rules::size::Small;

    #[test]
    fn route_pushes_carry_the_next_steps_box() {
        let text = "##########\n#        #\n#@ $     #\n#  $    .#\n#       .#\n##########\n";
        let board = Board::as_drawn(text);
        let mut at = board.start_occupancy();
        let problem =
            crate::SokobanProblem::new(board.clone(), crate::Settings { macros: true, ..crate::Settings::PLAIN });
        let mut walk = Small::marks(FAR);
        problem.walk(board.start_player(), &at, &mut walk);
        let before = at;
        let end = |b: u8, dirs: &[u8]| board.cell_of(dirs.iter().fold(b, |sq, &d| board.next(sq, d.ix())));
        let (top, low, to) = (board.square_at(2, 3), board.square_at(3, 3), board.square_at(2, 6));
        // The box on (2, 3) is to go on to (2, 6): only it is tried.
        let route = Route::new(&board, &[(Small::NONE, top), (Small::NONE, low), (top, to)]);
        let moves = route_pushes(&board, &route, &mut at, &walk);
        assert_eq!(at, before, "the position is left as it was");
        assert_eq!(moves.len(), 1);
        assert_eq!((board.cell_of(moves[0].0), end(moves[0].0, &moves[0].1)), ((2, 3), (2, 6)));
        // A box is to come out to (2, 6) from wherever it waits: the nearest first, neither
        // held by an earlier step.
        let route = Route::new(&board, &[(Small::NONE, to)]);
        let moves = route_pushes(&board, &route, &mut at, &walk);
        let from: Vec<_> = moves.iter().map(|(b, dirs)| (board.cell_of(*b), end(*b, dirs))).collect();
        assert_eq!(from, [((2, 3), (2, 6)), ((3, 3), (2, 6))]);
        // With the box on (2, 3) held there by the step before, only the other one.
        let route = Route::new(&board, &[(Small::NONE, top), (Small::NONE, to)]);
        let moves = route_pushes(&board, &route, &mut at, &walk);
        assert_eq!(moves.iter().map(|(b, _)| board.cell_of(*b)).collect::<Vec<_>>(), [(3, 3)]);
        // A step out of the start that names its box's start square: only that box, though
        // the other is as near.
        let route = Route::new(&board, &[(Small::NONE, to)]).with_bases(vec![low]);
        let moves = route_pushes(&board, &route, &mut at, &walk);
        let from: Vec<_> = moves.iter().map(|(b, dirs)| (board.cell_of(*b), end(*b, dirs))).collect();
        assert_eq!(from, [((3, 3), (2, 6))]);
    }

    #[test]
    fn boxes_go_straight_to_the_rooms_next_goal() {
        // A dead-end corridor of three goals, filled from its end (1, 1).
        let text = "#########\n#...    #\n####    #\n#  $$$  #\n#@      #\n#########\n";
        let board = Board::as_drawn(text);
        let rooms = GoalRooms::new(&board);
        let mut at = board.start_occupancy();
        let config = crate::Settings { macros: true, ..crate::Settings::PLAIN };
        let problem = crate::SokobanProblem::new(board.clone(), config);
        let mut walk = Small::marks(FAR);
        problem.walk(board.start_player(), &at, &mut walk);
        let before = at;
        let moves = packing_pushes(&board, &rooms, &mut at, &walk, 1);
        assert_eq!(at, before, "the position is left as it was");
        // The box on (3, 3) cannot get up (walls above it); the other two can.
        let from: Vec<_> = moves.iter().map(|(b, _)| board.cell_of(*b)).collect();
        assert_eq!(from, [(3, 4), (3, 5)]);
        for (b, dirs) in &moves {
            let end = dirs.iter().fold(*b, |sq, &d| board.next(sq, d.ix()));
            assert_eq!(board.cell_of(end), (1, 1));
        }
        // (3, 4): two pushes up, then three left.
        assert_eq!(moves[0].1, [0, 0, 2, 2, 2]);
    }
}
