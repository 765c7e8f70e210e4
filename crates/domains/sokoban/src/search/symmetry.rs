//! Board symmetries: a level whose floor and goals look the same after a mirror, a rotation
//! or a transposition has states that differ only by that map, and they are equally far from
//! a solution (the rules, the goals, the push and walk distances are all mapped along). The
//! search stores one state per class: each successor is replaced by the image with the
//! smallest Zobrist key (the *canonical* state), so a level with all eight symmetries of the
//! square (Microban 93) searches up to eight times fewer states, and the answer stays exact —
//! pushes and moves are the same in every image.
//!
//! The actions of a path found this way are in the frame of each canonical parent, so
//! `SokobanProblem::unfold` (in the `problem` module) finds, from the real start, the real push that leads to each
//! next state of the path (up to symmetry; the cheapest such push) before the solution is laid
//! out.
//!
//! Only unordered levels use it (an ordered level's boxes are not interchangeable), and not
//! with macros (their packing orders are not mapped).

use crate::rules::board::Board;
use crate::rules::size::{Size, Square};

/// The keys of a state's boxes under each symmetry of the board ([`Symmetries`]' order).
pub(crate) type ImageKeys = [u64; 7];

/// The symmetries of a board other than the identity: each maps square to square.
#[derive(Clone, Debug, Default)]
pub(crate) struct Symmetries<Z: Size> {
    /// Each symmetry as the image of every floor square.
    pub(crate) maps: Vec<Vec<Z::Sq>>,
}

impl<Z: Size> Symmetries<Z> {
    /// The maps among the seven non-identity symmetries of the square (mirrors, rotations,
    /// transpositions of the floor's bounding box) that send every floor square to a floor
    /// square and every goal to a goal.
    pub(crate) fn new(board: &Board<Z>) -> Symmetries<Z> {
        let floor = board.floor();
        if floor == 0 {
            return Symmetries::default();
        }
        let cells: Vec<(usize, usize)> = (0..floor).map(|s| board.cell_of(Z::Sq::of(s))).collect();
        let top = cells.iter().map(|c| c.0).min().expect("a floor square");
        let left = cells.iter().map(|c| c.1).min().expect("a floor square");
        let height = cells.iter().map(|c| c.0).max().expect("a floor square") - top;
        let width = cells.iter().map(|c| c.1).max().expect("a floor square") - left;
        let mut maps = Vec::new();
        // (transpose, flip rows, flip columns), the identity excluded.
        for code in 1..8u8 {
            let (swap, flip_y, flip_x) = (code & 4 != 0, code & 2 != 0, code & 1 != 0);
            if swap && height != width {
                continue;
            }
            let map: Option<Vec<Z::Sq>> = cells
                .iter()
                .enumerate()
                .map(|(s, &(r, c))| {
                    let (mut y, mut x) = (r - top, c - left);
                    if swap {
                        (y, x) = (x, y);
                    }
                    if flip_y {
                        y = height - y;
                    }
                    if flip_x {
                        x = width - x;
                    }
                    let t = board.square_at(top + y, left + x);
                    (t != Z::NONE && board.is_goal(t) == board.is_goal(Z::Sq::of(s))).then_some(t)
                })
                .collect();
            // A flip of a one-row (or one-column) box is the identity: not a symmetry to fold.
            maps.extend(map.filter(|m| m.iter().enumerate().any(|(s, &t)| t.ix() != s)));
        }
        Symmetries { maps }
    }

    /// Whether the board has no symmetry but the identity.
    pub(crate) fn is_empty(&self) -> bool {
        self.maps.is_empty()
    }

    /// How many non-identity symmetries the board has.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.maps.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::level::Level;
    use crate::rules::size::Small;
    use crate::search::problem::SokobanProblem;
    use crate::search::settings::Settings;
    use delve_core::{Limits, NoObserver, informed::astar};

    fn problem(text: &str, exact_player: bool) -> SokobanProblem<Small> {
        let board = Board::as_drawn(text);
        SokobanProblem::new(board, Settings { exact_player, pi_corrals: !exact_player, ..Settings::PLAIN })
    }

    #[test]
    fn symmetric_boards_have_their_maps_and_others_none() {
        // Mirror left-right (the goals too) but not up-down (the goal row is at the bottom).
        let mirror = problem("#######\n#     #\n# $@$ #\n#.   .#\n#######\n", false);
        assert_eq!(mirror.symmetries().len(), 1);
        // A square room with a goal in the middle: all seven.
        let square = problem("#####\n#   #\n# * #\n#@  #\n#####\n", false);
        assert_eq!(square.symmetries().len(), 7);
        assert!(problem("######\n#@ $.#\n######\n", false).symmetries().is_empty());
    }

    #[test]
    fn image_keys_follow_a_push() {
        let levels = crate::rules::level::parse_collection(include_str!("../../data/microban.xsb")).unwrap();
        let p = SokobanProblem::new(Board::new(&levels[92], false).unwrap(), Settings::PLAIN);
        assert_eq!(p.symmetries().len(), 7, "Microban 93 has every symmetry");
        let board = p.board();
        let boxes = board.start_boxes();
        let keys = p.image_keys(boxes);
        let mut moved = 0;
        for (i, &b) in boxes.iter().enumerate() {
            for t in (0..4).map(|d| board.next(b, d)).filter(|t| *t != Small::NONE && !boxes.contains(t)) {
                let mut after = boxes.to_vec();
                after[i] = t;
                assert_eq!(p.image_keys_after(&keys, b, t), p.image_keys(&after));
                moved += 1;
            }
        }
        assert!(moved > 0);
    }

    #[test]
    fn mirror_images_are_one_state() {
        let p = problem("#######\n#     #\n# $ $ #\n#.   .#\n#   @ #\n#######\n", true);
        let board = p.board();
        let (a, b) = (board.square_at(2, 2), board.square_at(2, 4));
        let (l, r) = (board.square_at(3, 2), board.square_at(3, 4));
        // Left box pushed down with the player left of the right box, and the mirror image.
        let one = p.canonical(p.make_state(&[l, b], board.square_at(2, 3)), &[0u64; 4]);
        let two = p.canonical(p.make_state(&[a, r], board.square_at(2, 3)), &[0u64; 4]);
        assert_eq!(one, two);
        assert_ne!(one, p.canonical(p.make_state(&[l, b], board.square_at(2, 1)), &[0u64; 4]));
        // Normalised: the player's region decides, not its square.
        let p = problem("#######\n#     #\n# $ $ #\n#.   .#\n#   @ #\n#######\n", false);
        let everywhere = |boxes: &[u8]| {
            let mut at = Small::marks(Small::NONE);
            for &b in boxes {
                at[b.ix()] = 0;
            }
            p.region(0, &at).0
        };
        let one = p.canonical(p.make_state(&[l, b], 0), &everywhere(&[l, b]));
        let two = p.canonical(p.make_state(&[a, r], 0), &everywhere(&[a, r]));
        assert_eq!(one, two);
    }

    #[test]
    fn paths_found_up_to_symmetry_unfold_into_real_pushes_of_the_same_cost() {
        let levels = [
            "#########\n#   @   #\n# $   $ #\n#.  #  .#\n#########\n",
            "#######\n#.   .#\n# $ $ #\n#  @  #\n# $ $ #\n#.   .#\n#######\n",
            "#########\n#.  #  .#\n# $   $ #\n##  @  ##\n# $   $ #\n#.  #  .#\n#########\n",
        ];
        for text in levels {
            for exact in [true, false] {
                let p = problem(text, exact);
                assert!(!p.symmetries().is_empty(), "{text}");
                let plain = problem(text, exact).without_symmetries();
                let found = astar(&p, &Limits::none(), NoObserver);
                let expected = astar(&plain, &Limits::none(), NoObserver);
                let (found, expected) = (found.into_solution().unwrap(), expected.into_solution().unwrap());
                assert_eq!(found.cost, expected.cost, "{text}");
                let lurd = crate::lay_out(&p, &p.unfold(&found));
                let counted = crate::replay(&Level::parse(text).unwrap(), &lurd, false).expect("replays");
                assert_eq!(counted.pushes, found.cost.0, "{text}");
                if exact {
                    assert_eq!(counted.moves, found.cost.1, "{text}");
                }
            }
        }
    }
}
