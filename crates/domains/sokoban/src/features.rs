//! FESS-style features of a position for [`Mode::Any`](crate::Mode::Any): the cell of the
//! feature space a position falls in, for the cell-cycling search of `delve-core`
//! ([`cycling`](delve_core::informed::cycling)), after Shoham and Schaeffer's FESS.
//!
//! * **Packing**: boxes on goals, where a goal room (see the `macros` module) counts only the
//!   goals filled in its packing order from the first (a box on a later goal of the order
//!   may have to leave again), and goals outside rooms count every box on them.
//! * **Connectivity**: the number of regions the boxes split the empty floor into. A player
//!   shut in by boxes (XSokoban #4) needs positions that open the way, which the matching
//!   bound does not see; as a cell of its own, each such position gets its turn.
//!
//! * **Out of plan** (after FESS's feature of that name): boxes in the way of the packing
//!   orders, on a room's entrance or on a goal past the first empty goal of its room's
//!   order. A position that clears the way for the next goal lands in a cell of its own
//!   (XSokoban #15, stalled with 11 of 15 boxes packed, is solved in 20,842 expansions of
//!   both threads; not within 50,000 a thread without it).
//!
//! The cell key orders cells by packing, then out of plan, then connectivity; the search
//! visits every cell in turn whatever the key, so the order only fixes the cycle.
//!
//! **Advisors** ([`advise`]): as in FESS, each feature has an advisor that recommends, of
//! the moves of an expansion, at most one that improves its feature (one more box packed,
//! one fewer out of plan, fewer regions) without unpacking a box; those moves weigh 0, the
//! rest 1, and within a cell the search takes the position with the fewest unadvised moves
//! on its path first ([`weighted_cycling`](delve_core::informed::weighted_cycling)). The
//! packing macros make "push this box onto the next goal of its room" a single move, so
//! the packing advisor recommends whole packing steps. XSokoban 1–90 at 100,000 expansions
//! a thread: 48 solved against 40 without the weights (#19, 20, 33, 45, 48, 55, 59, 61, 70
//! and 75 gained, #15 and 49 lost).

use crate::board::{Board, NONE, Squares, has};
use crate::macros::GoalRooms;
use crate::problem::{Cost, State};
use delve_core::Cost as _;
use delve_core::informed::Move;
use std::cmp::{Ordering, Reverse};

/// The features of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Features {
    /// Boxes packed (see the module documentation).
    pub(crate) packed: u32,
    /// Regions of the empty floor.
    pub(crate) regions: u32,
    /// Boxes in the way of the packing orders (see the module documentation).
    pub(crate) out_of_plan: u32,
}

impl Features {
    /// The features of the position `at` (box index per square, or [`NONE`]).
    pub(crate) fn of(board: &Board, rooms: &GoalRooms, at: &[u8; 256]) -> Features {
        let in_rooms = rooms.packed(at);
        let loose = board.goals().iter().filter(|&&g| at[usize::from(g)] != NONE && !rooms.contains(g)).count();
        Features { packed: in_rooms + loose as u32, regions: regions(board, at), out_of_plan: rooms.out_of_plan(at) }
    }

    /// The cell key: packing, then out of plan, then connectivity.
    pub(crate) fn cell(self) -> u64 {
        (u64::from(self.packed) << 32) | (u64::from(self.out_of_plan) << 16) | u64::from(self.regions)
    }

    /// The features back from a cell key (the inverse of [`cell`](Self::cell)).
    fn from_cell(key: u64) -> Features {
        Features { packed: (key >> 32) as u32, out_of_plan: (key >> 16) as u32 & 0xffff, regions: key as u32 & 0xffff }
    }

    /// The sort key of a better position: more packed, then fewer out of plan, then fewer
    /// regions.
    fn rank(self) -> (Reverse<u32>, u32, u32) {
        (Reverse(self.packed), self.out_of_plan, self.regions)
    }
}

/// FESS's advisors on the moves of one expansion from a position in cell `parent`: every
/// move weighs 1 except at most one per advisor, which weighs 0. The packing, out-of-plan
/// and connectivity advisors each recommend, among the moves that lose no packed box and
/// improve their feature, the best (more packed, fewer out of plan, fewer regions, then the
/// lowest bound), so that sequences of such moves are followed first.
pub(crate) fn advise(parent: u64, moves: &[Move<'_, State, Cost>], weights: &mut [u32]) {
    weights.fill(1);
    let before = Features::from_cell(parent);
    let after: Vec<Features> = moves.iter().map(|m| Features::from_cell(m.cell)).collect();
    let improves: [fn(Features, Features) -> bool; 3] =
        [|b, a| a.packed > b.packed, |b, a| a.out_of_plan < b.out_of_plan, |b, a| a.regions < b.regions];
    let better = |&i: &usize, &j: &usize| -> Ordering {
        after[i].rank().cmp(&after[j].rank()).then_with(|| moves[i].h.total_cmp(&moves[j].h))
    };
    for improves in improves {
        let advised = (0..moves.len()).filter(|&i| after[i].packed >= before.packed && improves(before, after[i]));
        if let Some(i) = advised.min_by(better) {
            weights[i] = 0;
        }
    }
}

/// The number of 4-connected regions of floor squares without a box in `at`.
fn regions(board: &Board, at: &[u8; 256]) -> u32 {
    let mut seen: Squares = [0; 4];
    let mut count = 0;
    for s in 0..board.floor() {
        if has(&seen, s as u8) || at[s] != NONE {
            continue;
        }
        count += 1;
        let (region, _) = board.region(s as u8, at);
        for (all, new) in seen.iter_mut().zip(region) {
            *all |= new;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    fn features(text: &str) -> Features {
        let board = Board::as_drawn(text);
        let at = board.start_occupancy();
        Features::of(&board, &GoalRooms::new(&board), &at)
    }

    #[test]
    fn boxes_that_wall_off_floor_make_regions() {
        // Open floor below the boxes: one region.
        let f = features("#########\n#@ $ $ .#\n#     . #\n#########\n");
        assert_eq!((f.packed, f.regions), (0, 1));
        // In a corridor each box cuts one more region off.
        assert_eq!(features("#########\n#@ $   .#\n####### #\n#       #\n#########\n").regions, 2);
        assert_eq!(features("#########\n#@ $ $ .#\n####### #\n#.      #\n#########\n").regions, 3);
    }

    #[test]
    fn a_room_counts_its_packing_order_from_the_first_goal() {
        // A dead-end corridor of three goals, filled from its end: a box on the goal at the
        // door is not packed yet, one at the far end is.
        let room = "#########\n#...    #\n####    #\n#  $$$  #\n#@      #\n#########\n";
        assert_eq!(features(room).packed, 0);
        let door = "#########\n#..*    #\n####    #\n#  $$   #\n#@      #\n#########\n";
        assert_eq!(features(door).packed, 0);
        let end = "#########\n#*..    #\n####    #\n#  $$   #\n#@      #\n#########\n";
        assert_eq!(features(end).packed, 1);
        assert_eq!(features(end).out_of_plan, 0);
        // Boxes on a later goal of the order, or on the room's entrance, are in the way.
        assert_eq!(features(door).out_of_plan, 1);
        assert_eq!(features("#########\n#...$   #\n####    #\n#  $$   #\n#@      #\n#########\n").out_of_plan, 1);
        assert_eq!(features("#########\n#.**$   #\n####    #\n#       #\n#@      #\n#########\n").out_of_plan, 3);
        assert_eq!(features(room).out_of_plan, 0);
        // Goals outside rooms count every box on them.
        assert_eq!(features("#######\n#@ * .#\n#  $  #\n#######\n").packed, 1);
    }

    /// Each advisor recommends at most one move: of those that improve its feature without
    /// unpacking a box, the best (more packed, fewer out of plan, fewer regions, lower bound).
    #[test]
    fn each_advisor_recommends_its_best_improving_move() {
        use crate::problem::{Config, SokobanProblem};
        use delve_core::{Lex, Problem};
        let board = Board::as_drawn("#######\n#@ $ .#\n#######\n");
        let state = SokobanProblem::new(board, Config::PLAIN).initial_state();
        let cell = |packed, out_of_plan, regions| Features { packed, regions, out_of_plan }.cell();
        let parent = cell(2, 1, 3);
        let moves: Vec<Move<'_, State, Cost>> = [
            (cell(3, 1, 3), 10), // packs one more
            (cell(3, 1, 2), 20), // packs one more and opens a region: the best packing move
            (cell(2, 0, 3), 5),  // the only one taking a box out of the way
            (cell(1, 0, 1), 0),  // unpacks a box: never advised
            (cell(2, 1, 3), 0),  // improves nothing
        ]
        .into_iter()
        .map(|(cell, h)| Move { state: &state, cell, h: Lex(h, 0) })
        .collect();
        let mut weights = vec![7; moves.len()];
        advise(parent, &moves, &mut weights);
        // Packing and connectivity both pick move 1; out of plan picks move 2.
        assert_eq!(weights, [1, 0, 0, 1, 1]);
        // An equal move with a lower bound wins the tie.
        let mut more = moves;
        more.push(Move { state: &state, cell: cell(3, 1, 2), h: Lex(15, 0) });
        let mut weights = vec![7; more.len()];
        advise(parent, &more, &mut weights);
        assert_eq!(weights, [1, 1, 0, 1, 1, 0]);
    }
}
