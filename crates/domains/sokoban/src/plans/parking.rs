//! Parking plans for [`Mode::Any`](crate::Mode::Any): the level split in two easier ones at a
//! position where no box stands on a goal (the "bases" of Festival's solver, Shoham's FESS
//! work).
//!
//! A search over pulls starts from the solved position (every goal holding a box, the player in any
//! region of the rest of the floor) and pulls boxes until no box stands on a goal and the free
//! floor is one region: the boxes are then parked. Played backwards, its pulls are pushes that
//! carry the boxes from those parking squares onto the goals. What is left is to bring the boxes
//! from their start to the parking squares: a level of its own with the parking squares as goals
//! (`Board::redrawn`), often far easier than the level itself when its goal room needs the boxes in
//! one order through one door. (In known solutions of such levels, most pushes come before the
//! first goal of the packing order is filled: the boxes are first moved across the level.) With the
//! free floor one region, the player can walk from wherever the first part ends to where the pulls
//! ended.
//!
//! The pull search is greedy, and which plan it finds, and how easy its first part is, turns on
//! the order in which it takes positions that score the same: `--any` tries the plans of
//! several orders (`seed`), each first part for a limited time and number of expansions
//! (`solve::parked`).
//!
//! The pull search is core's greedy search on (boxes on goals, then the largest summed walking distance
//! of the boxes from the goals: boxes parked far apart leave the way free), first come first
//! among equals. A box pulled off the goals only goes to squares a box from the start can be
//! pushed to (`Arrivals`), since the first part must bring a box there. It ends at the first
//! position it expands with every goal empty, the free floor one region, and each parking
//! square matched with a start box of its own that reaches it (`Planner`), and gives up
//! `EXTRA` expansions after the first with every goal empty, or after `BUDGET`.

use crate::fess::features::{regions, walking_distances};
use crate::fess::rooms::Arrivals;
use crate::prune::frozen_goals::matches_all;
use crate::rules::board::Board;
use crate::rules::size::{Size, Square, SquareSet};
use delve_core::informed::greedy;
use delve_core::{Control, Event, Limits, Problem, Stats, Successor, observer};
use std::hash::BuildHasher;

/// Most positions the pull search expands.
const BUDGET: u64 = 100_000;
/// Expansions the pull search goes on for after its first position with every goal empty.
const EXTRA: u64 = 20_000;

/// A parking plan: where the boxes wait, and the pulls that bring them there from the goals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plan<Z: Size> {
    /// The parking squares, one per box, ascending.
    pub(crate) bases: Vec<Z::Sq>,
    /// The pulls from the solved position to the parking squares, in order: the box's square
    /// before the pull and after it (the player steps on from the second, away from the first).
    pub(crate) pulls: Vec<(Z::Sq, Z::Sq)>,
}

/// A position of the pull search: the boxes and the top-left-most square of the player's
/// region. The search's root, whose children are the solved position with the player in each
/// region of the floor, has no boxes.
type Pos<Z> = (<Z as Size>::Set, <Z as Size>::Sq);

/// Bits of the heuristic below the count of boxes on goals: the summed distance's complement
/// (24 bits: 127 boxes at most 65,535 steps each) and the seed's tie-break (32 bits).
const ON_GOALS: u32 = 56;

/// The pull search as a [`Problem`] for core's greedy search: a pull is a move, and the
/// heuristic orders positions by boxes on goals, then the largest summed walking distance of
/// the boxes from the goals, then (with a seed) a scramble of the position.
struct Pulls<'p, 'a, Z: Size> {
    planner: &'p Planner<'a, Z>,
    goals: Z::Set,
    goal_distance: Vec<u16>,
    seed: u64,
}

impl<Z: Size> Pulls<'_, '_, Z> {
    /// The occupancy of `boxes`.
    fn marks(boxes: &Z::Set) -> Z::Marks<Z::Sq> {
        let mut at = Z::marks(Z::NONE);
        for b in boxes.squares::<Z::Sq>() {
            at[b.ix()] = Z::Sq::ZERO;
        }
        at
    }
}

impl<Z: Size> Problem for Pulls<'_, '_, Z> {
    type State = Pos<Z>;
    type Action = (Z::Sq, Z::Sq);
    type Cost = u64;

    fn initial_state(&self) -> Pos<Z> {
        (Z::Set::EMPTY, Z::NONE)
    }

    /// Every goal empty, the free floor one region, and the parking squares matched with
    /// start boxes that reach them.
    fn is_goal(&self, (boxes, _): &Pos<Z>) -> bool {
        let board = self.planner.board;
        *boxes != Z::Set::EMPTY
            && boxes.common(&self.goals) == 0
            && regions(board, &Self::marks(boxes)) == 1
            && self.planner.matched(boxes)
    }

    fn expand(&self, &(boxes, player): &Pos<Z>, out: &mut Vec<Successor<Pos<Z>, (Z::Sq, Z::Sq), u64>>) {
        let board = self.planner.board;
        let mut at = Self::marks(&boxes);
        if boxes == Z::Set::EMPTY {
            // One root per region of the floor around the full goals.
            let goals = self.goals;
            at = Self::marks(&goals);
            let mut covered = goals;
            for s in (0..board.floor()).map(Z::Sq::of) {
                if !covered.has(s) {
                    let (region, least) = board.region(s, &at);
                    covered.add(&region);
                    out.push(Successor { action: (Z::NONE, Z::NONE), state: (goals, least), cost: 1 });
                }
            }
            return;
        }
        let (region, _) = board.region(player, &at);
        for b in boxes.squares() {
            for d in 0..4 {
                // The player on `p` steps on to `beyond`; the box follows onto `p`.
                let p = board.next(b, d);
                if p == Z::NONE || !region.has(p) {
                    continue;
                }
                let beyond = board.next(p, d);
                if beyond == Z::NONE
                    || at[beyond.ix()] != Z::NONE
                    || !(board.is_goal(p) || self.planner.parkable.has(p))
                {
                    continue;
                }
                let mut next = boxes;
                next.remove(b);
                next.insert(p);
                at[b.ix()] = Z::NONE;
                at[p.ix()] = Z::Sq::ZERO;
                let (_, least) = board.region(beyond, &at);
                at[p.ix()] = Z::NONE;
                at[b.ix()] = Z::Sq::ZERO;
                out.push(Successor { action: (b, p), state: (next, least), cost: 1 });
            }
        }
    }

    /// Boxes on goals, then the summed distance's complement, then the seed's scramble (none
    /// with seed 0: equals are then taken first come first served).
    fn heuristic(&self, state: &Pos<Z>) -> u64 {
        let (boxes, _) = state;
        if *boxes == Z::Set::EMPTY {
            return 0;
        }
        let on = u64::from(boxes.common(&self.goals));
        let far: u64 = boxes.squares::<Z::Sq>().map(|b| u64::from(self.goal_distance[b.ix()])).sum();
        let tie = match self.seed {
            0 => 0,
            seed => delve_core::hash::FxBuildHasher.hash_one((seed, state)) >> 32,
        };
        (on << ON_GOALS) | ((0xFF_FFFF - far.min(0xFF_FFFF)) << 32) | tie
    }
}

/// What every pull search of a level shares, worked out once: per start box, the squares it
/// reaches pushed alone ([`Arrivals`]), and their union, the squares a box may be parked on.
pub(crate) struct Planner<'a, Z: Size> {
    board: &'a Board<Z>,
    /// (start square, the squares that box reaches alone), per start box.
    reach: Vec<(Z::Sq, Z::Set)>,
    /// The squares some start box reaches.
    parkable: Z::Set,
}

impl<'a, Z: Size> Planner<'a, Z> {
    /// The reach sets of `board`'s start boxes.
    pub(crate) fn new(board: &'a Board<Z>) -> Planner<'a, Z> {
        let reach = Arrivals::of_each_start(board);
        let mut parkable: Z::Set = Z::Set::EMPTY;
        for (_, set) in &reach {
            parkable.add(set);
        }
        Planner { board, reach, parkable }
    }

    /// Whether the boxes on `bases` can each have a start box of their own that reaches its
    /// square alone (Kuhn's matching): the first part of a plan, start to `bases`, can be
    /// solved only then (pushes that are legal with other boxes about stay legal without
    /// them). Without this check a greedy plan can park more boxes in a part of the level
    /// than can get there (XSokoban #18: in one such plan, seven start boxes reach only
    /// three of the parking squares).
    fn matched(&self, bases: &Z::Set) -> bool {
        matches_all::<Z>(&bases.squares().collect::<Vec<Z::Sq>>(), &self.reach)
    }

    /// Searches a parking plan (unordered boards) with core's greedy search, equals taken in
    /// an order set by `seed` (0: first come first served; others scramble it, for other
    /// plans), giving up as the module says or when `limits` stop it. Also returns the
    /// search's counts.
    pub(crate) fn plan(&self, seed: u64, limits: &Limits) -> (Option<Plan<Z>>, Stats) {
        let board = self.board;
        let goals = Z::Set::of(board.goals().iter().copied());
        let pulls = Pulls { planner: self, goals, goal_distance: walking_distances(board, board.goals()), seed };
        let mut limits = limits.clone();
        limits.max_expanded = Some(limits.max_expanded.map_or(BUDGET, |n| n.min(BUDGET)));
        // `EXTRA` expansions after the first with every goal empty, then no more.
        let mut until = u64::MAX;
        let extra = observer(|event: &Event<'_, Pos<Z>, u64>, live| match event {
            Event::Expand(node) => {
                let expanded = live.stats().expanded;
                if expanded > until {
                    return Control::Stop;
                }
                if node.state.0 != Z::Set::EMPTY && node.h.is_some_and(|h| h >> ON_GOALS == 0) {
                    until = until.min(expanded + EXTRA);
                }
                Control::Continue
            }
            _ => Control::Continue,
        });
        let out = greedy(&pulls, &limits, extra);
        let stats = out.stats;
        let Some(path) = out.into_solution() else { return (None, stats) };
        let bases = path.goal().0.squares().collect();
        // The first move is the root's, to the solved position.
        let pulls = path.actions[1..].to_vec();
        (Some(Plan { bases, pulls }), stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::level::Level;
    use crate::rules::size::Small;

    /// Plays `plan`'s pulls from the solved position of `board` and checks each: a box on the
    /// square it leaves, the two squares ahead free, the player able to get there (after the
    /// first, from where the last pull left it). Returns the position they end at.
    fn checked(board: &Board, plan: &Plan<Small>) -> [u8; 256] {
        let mut at = Small::marks(Small::NONE);
        for &g in board.goals() {
            at[g.ix()] = 0;
        }
        let mut player = None;
        for &(from, to) in &plan.pulls {
            let d = board.direction(from, to).expect("a pull moves a box one square");
            let beyond = board.next(to, d);
            assert_ne!(at[from.ix()], Small::NONE, "no box to pull");
            assert!(at[to.ix()] == Small::NONE && beyond != Small::NONE && at[beyond.ix()] == Small::NONE);
            if let Some(player) = player {
                assert!(board.region(player, &at).0.has(to), "the player cannot get to the pull");
            }
            at[to.ix()] = at[from.ix()];
            at[from.ix()] = Small::NONE;
            player = Some(beyond);
        }
        at
    }

    #[test]
    fn a_plan_empties_every_goal_and_leaves_the_floor_whole() {
        let text = "#########\n#..     #\n#.. $ $ #\n#  $ $  #\n#  @    #\n#########\n";
        let level = Level::parse(text).unwrap();
        let board = Board::new(&level, false).unwrap();
        let (plan, stats) = Planner::new(&board).plan(0, &Limits::none());
        let plan = plan.expect("the room can be emptied");
        assert!(stats.expanded > 0 && stats.generated >= stats.expanded);
        let at = checked(&board, &plan);
        let parked: Vec<u8> = (0..board.floor() as u8).filter(|&s| at[s.ix()] != Small::NONE).collect();
        assert_eq!(parked, plan.bases);
        assert!(plan.bases.iter().all(|&b| !board.is_goal(b)), "a box left on a goal");
        assert_eq!(regions(&board, &at), 1);
        // The first part's level: the boxes and the player where they start, the goals under
        // the parking squares.
        let first = board.redrawn(&level, board.start_boxes(), board.start_player(), &plan.bases).unwrap();
        let moved = Board::new(&first, false).unwrap();
        assert_eq!((moved.start_boxes(), moved.start_player()), (board.start_boxes(), board.start_player()));
        assert_eq!(moved.goals(), plan.bases);
        assert_eq!(first.to_string().matches('#').count(), text.matches('#').count());
    }

    #[test]
    fn a_stop_or_a_room_that_cannot_empty_gives_no_plan() {
        let levels = crate::rules::level::parse_collection(include_str!("../../data/xsokoban90.xsb")).unwrap();
        let board = Board::new(&levels[65], false).unwrap();
        let cancelled = Limits::none().cancel_flag(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true)));
        let (plan, stats) = Planner::new(&board).plan(0, &cancelled);
        assert_eq!(plan, None);
        assert!(stats.expanded < 1_000, "{stats:?}");
        // A goal at the end of a corridor: wherever its box is pulled to, it cuts the floor
        // in two.
        let board = Board::new(&Level::parse("#######\n#@ $ .#\n#######\n").unwrap(), false).unwrap();
        assert_eq!(Planner::new(&board).plan(0, &Limits::none()).0, None);
    }

    #[test]
    fn parking_squares_need_start_boxes_that_reach_them() {
        // One box, pushed right only: it reaches the squares from its own to the goal.
        let board = Board::new(&Level::parse("#######\n#@$  .#\n#######\n").unwrap(), false).unwrap();
        let planner = Planner::new(&board);
        let one = |col| {
            let mut set = [0u64; 4];
            set.insert(board.square_at(1, col));
            set
        };
        assert!(planner.matched(&one(2)) && planner.matched(&one(4)));
        assert!(!planner.matched(&one(1)), "behind the box");
        // Two squares only the first box reaches (the second is ahead of them): no matching.
        let board = Board::new(&Level::parse("#########\n#@ $ $..#\n#########\n").unwrap(), false).unwrap();
        let planner = Planner::new(&board);
        let mut two = [0u64; 4];
        two.insert(board.square_at(1, 3));
        two.insert(board.square_at(1, 4));
        assert!(!planner.matched(&two));
        let mut starts = [0u64; 4];
        for &s in board.start_boxes() {
            starts.insert(s);
        }
        assert!(planner.matched(&starts));
    }

    /// XSokoban #66 and #69, whose goal rooms `--any`'s cycling searches do not fill on
    /// their own: the pull search empties them, with seed 0 or 1.
    #[test]
    fn xsokoban_rooms_are_emptied() {
        let levels = crate::rules::level::parse_collection(include_str!("../../data/xsokoban90.xsb")).unwrap();
        for n in [66, 69] {
            let board = Board::new(&levels[n - 1], false).unwrap();
            let planner = Planner::new(&board);
            let plan = (0..2).find_map(|seed| planner.plan(seed, &Limits::none()).0).expect("a plan");
            let at = checked(&board, &plan);
            assert!(board.goals().iter().all(|&g| at[g.ix()] == Small::NONE), "level {n}");
            assert_eq!(regions(&board, &at), 1, "level {n}");
        }
    }
}
