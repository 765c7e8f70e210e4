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

use crate::board::{Board, NONE, Squares, has};
use crate::macros::GoalRooms;

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
    use crate::level::Level;

    fn features(text: &str) -> Features {
        let board = Board::new(&Level::parse(text).unwrap(), false).unwrap();
        let mut at = [NONE; 256];
        for (i, &b) in board.start_boxes().iter().enumerate() {
            at[usize::from(b)] = i as u8;
        }
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
}
