//! Sink plans for [`Mode::Any`](crate::Mode::Any), after the base search of Festival's solver
//! (Shoham and Schaeffer's FESS): a search backwards from the solved position, over pulls, in
//! which a box pulled onto the start square of a box (a *base*) far from where it was may
//! *sink* there and leave the board, until every box has. Played forwards, its moves are a
//! route for the boxes ([`Route`]): the squares they come out to from the start, in order, and
//! the moves that take them on from there to the goals.
//!
//! Its moves are Festival's: a box pulled, around the other boxes as they stand, to any square
//! it can reach (each one move). A box may sink on a base when the base is free (no box has
//! sunk on it; it is plain floor afterwards), lies in the largest cluster of free bases a box
//! pushed alone around the boxes can travel between both ways, and in another room than the
//! box came from, and the boxes left can still each be matched with a free base that reaches
//! them; when some box can sink, a position's moves are its sinks alone, one per box. A box
//! only goes to squares some free base reaches by pushes on the empty board. The search is
//! best-first on Festival's order: fewer boxes left, then fewer regions of free floor, then
//! fewer boxes on goals, then more summed walking distance from the goals; first come first
//! among equals.

use crate::board::{Board, NONE, Squares, has, insert, remove, set_of, squares_in};
use crate::features::{RoomLinks, Route, regions, walking_distances};
use crate::frozen_goals::matches_all;
use crate::macros::Arrivals;
use delve_core::Stats;
use delve_core::hash::{FxHashMap, FxHashSet};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A sink plan: the route it gives the boxes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SinkPlan {
    /// The route, forwards: per move, the square the box comes from ([`NONE`]: out of the
    /// start) and the one it goes to.
    pub(crate) moves: Vec<(u8, u8)>,
}

impl SinkPlan {
    /// Whether some box waits on its way, off the goals: a plan whose boxes all go straight
    /// from the start to the goals says little more than the packing orders.
    pub(crate) fn waits(&self) -> bool {
        self.moves.iter().any(|&(from, _)| from != NONE)
    }

    /// The route for the forward search.
    pub(crate) fn route(&self, board: &Board) -> Route {
        Route::new(board, &self.moves)
    }
}

/// The open list's order: (boxes left, regions of free floor, boxes on goals, the summed
/// walking distance's complement, node), the least first.
type Key = (u32, u32, u32, u32, u32);

/// A position of the search and how it was reached.
struct Node {
    boxes: Squares,
    /// Free bases.
    bases: Squares,
    /// The top-left-most square of the player's region.
    player: u8,
    parent: u32,
    /// The move: the box's square before it and after it, and whether the box then sank.
    pull: (u8, u8),
    sank: bool,
}

/// One move from a position: the box's square before it and after it, the player's square
/// after it, and whether the box sinks where it ends.
struct Step {
    pull: (u8, u8),
    player: u8,
    sinks: bool,
}

/// The sink-plan search on `board`, at most `budget` expansions, until `stop` says so (polled
/// every 64 expansions).
pub(crate) fn sink_plan(board: &Board, budget: u64, stop: impl Fn() -> bool) -> (Option<SinkPlan>, Stats) {
    let floor = board.floor();
    let rooms = RoomLinks::new(board);
    let goal_distance = walking_distances(board, board.goals());
    let base_reach = Arrivals::of_each_start(board);
    let reach_of = |s: u8| base_reach.iter().find(|&&(b, _)| b == s).map_or([0; 4], |&(_, r)| r);
    let all_bases = set_of(board.start_boxes().iter().copied());
    let mut nodes: Vec<Node> = Vec::new();
    let mut seen: FxHashSet<(Squares, Squares, u8)> = FxHashSet::default();
    let mut open: BinaryHeap<Reverse<Key>> = BinaryHeap::new();
    let mut add = |node: Node, nodes: &mut Vec<Node>, open: &mut BinaryHeap<_>| {
        if !seen.insert((node.boxes, node.bases, node.player)) {
            return;
        }
        let mut at = [NONE; 256];
        let (mut left, mut on_goals, mut far) = (0, 0, 0u32);
        for b in squares_in(&node.boxes) {
            at[usize::from(b)] = 0;
            left += 1;
            on_goals += u32::from(board.is_goal(b));
            far += u32::from(goal_distance[usize::from(b)]);
        }
        let key = (left, regions(board, &at), on_goals, u32::MAX - far, nodes.len() as u32);
        open.push(Reverse(key));
        nodes.push(node);
    };
    let goals = set_of(board.goals().iter().copied());
    let mut at = [NONE; 256];
    for &g in board.goals() {
        at[usize::from(g)] = 0;
    }
    let mut covered = goals;
    for s in 0..floor as u8 {
        if !has(&covered, s) {
            let (region, least) = board.region(s, &at);
            for (c, r) in covered.iter_mut().zip(region) {
                *c |= r;
            }
            let node = Node {
                boxes: goals,
                bases: all_bases,
                player: least,
                parent: u32::MAX,
                pull: (NONE, NONE),
                sank: false,
            };
            add(node, &mut nodes, &mut open);
        }
    }
    let mut expanded = 0;
    let mut found = None;
    while let Some(Reverse((left, .., id))) = open.pop() {
        expanded += 1;
        if expanded > budget || (expanded % 64 == 0 && stop()) {
            break;
        }
        if left == 0 {
            found = Some(id);
            break;
        }
        let (boxes, bases, player) = {
            let n = &nodes[id as usize];
            (n.boxes, n.bases, n.player)
        };
        for step in moves(board, &rooms, &boxes, &bases, player, &reach_of) {
            let (from, to) = step.pull;
            let (mut next_boxes, mut next_bases) = (boxes, bases);
            remove(&mut next_boxes, from);
            if step.sinks {
                remove(&mut next_bases, to);
            } else {
                insert(&mut next_boxes, to);
            }
            let mut at = [NONE; 256];
            for b in squares_in(&next_boxes) {
                at[usize::from(b)] = 0;
            }
            let (_, least) = board.region(step.player, &at);
            let node = Node {
                boxes: next_boxes,
                bases: next_bases,
                player: least,
                parent: id,
                pull: step.pull,
                sank: step.sinks,
            };
            add(node, &mut nodes, &mut open);
        }
    }
    let held = nodes.len() as u64;
    let stats = Stats { expanded, generated: held, max_frontier: held, ..Stats::default() };
    let Some(mut id) = found else { return (None, stats) };
    // The moves from the solved position to the empty board, in order.
    let mut path = Vec::new();
    while nodes[id as usize].parent != u32::MAX {
        path.push(id);
        id = nodes[id as usize].parent;
    }
    path.reverse();
    // Forwards: the last move first; a sunk box comes out of the start to where it was.
    let mut moves: Vec<(u8, u8)> = Vec::new();
    for &n in path.iter().rev() {
        let node = &nodes[n as usize];
        let (from, to) = node.pull;
        let step = if node.sank { (NONE, from) } else { (to, from) };
        // A box that moves on from where the move before left it: one move.
        match moves.last_mut() {
            Some(last) if !node.sank && last.1 == step.0 => last.1 = step.1,
            _ => moves.push(step),
        }
    }
    moves.retain(|&(from, to)| from != to);
    (Some(SinkPlan { moves }), stats)
}

/// The moves from a position: per box, every square it can be pulled to (the sinks alone when
/// some box can sink).
fn moves(
    board: &Board,
    rooms: &RoomLinks,
    boxes: &Squares,
    bases: &Squares,
    player: u8,
    reach_of: &impl Fn(u8) -> Squares,
) -> Vec<Step> {
    let mut at = [NONE; 256];
    for b in squares_in(boxes) {
        at[usize::from(b)] = 0;
    }
    // Squares some free base reaches by pushes on the empty board.
    let mut possible: Squares = [0; 4];
    for s in squares_in(bases) {
        for (p, r) in possible.iter_mut().zip(reach_of(s)) {
            *p |= r;
        }
    }
    let (region, _) = board.region(player, &at);
    let cluster = largest_cluster(board, &at, bases);
    let can_sink = squares_in(&cluster).all(|s| has(&region, s));
    let left: Vec<u8> = squares_in(boxes).collect();
    let mut sinks = Vec::new();
    let mut others = Vec::new();
    for &b in &left {
        let reached = pulled(board, &mut at, b, player);
        let mut sank = false;
        for (&to, &after) in &reached {
            if to == b || !has(&possible, to) {
                continue;
            }
            if can_sink && !sank && has(&cluster, to) && far_apart(board, rooms, b, to) {
                let mut rest_bases = *bases;
                remove(&mut rest_bases, to);
                let rest: Vec<u8> = left.iter().copied().filter(|&s| s != b).collect();
                let reach: Vec<(u8, Squares)> = squares_in(&rest_bases).map(|s| (s, reach_of(s))).collect();
                if matches_all(&rest, &reach) {
                    sank = true;
                    sinks.push(Step { pull: (b, to), player: after, sinks: true });
                    continue;
                }
            }
            if sinks.is_empty() {
                others.push(Step { pull: (b, to), player: after, sinks: false });
            }
        }
    }
    if sinks.is_empty() { others } else { sinks }
}

/// Whether a box may sink on `to` coming from `from` (Festival's test that they lie in
/// different rooms, [`RoomLinks`]' rooms): they lie in two rooms, or one lies in a room the
/// other is neither in nor next to and they share no row and no column.
fn far_apart(board: &Board, rooms: &RoomLinks, from: u8, to: u8) -> bool {
    let (r1, r2) = (rooms.room_of(from), rooms.room_of(to));
    if r1 == r2 {
        return false;
    }
    if r1 != u8::MAX && r2 != u8::MAX {
        return true;
    }
    let next_to = |room: u8, s: u8| {
        room != u8::MAX
            && (rooms.room_of(s) == room
                || (0..4).any(|d| {
                    let t = board.next(s, d);
                    t != NONE && rooms.room_of(t) == room
                }))
    };
    if next_to(r1, to) || next_to(r2, from) {
        return false;
    }
    let ((a, b), (c, d)) = (board.cell_of(from), board.cell_of(to));
    a != c && b != d
}

/// Every square the box on `b` can be pulled to around the other boxes of `at`, the player
/// starting in the region of `player`, with the player's square after the first way found
/// there.
fn pulled(board: &Board, at: &mut [u8; 256], b: u8, player: u8) -> FxHashMap<u8, u8> {
    let mark = at[usize::from(b)];
    at[usize::from(b)] = 0;
    // Search states: (box square, the player's region's top-left square).
    let mut seen: FxHashSet<(u8, u8)> = FxHashSet::default();
    seen.insert((b, board.region(player, at).1));
    at[usize::from(b)] = NONE;
    let mut queue = std::collections::VecDeque::from([(b, player)]);
    let mut reached: FxHashMap<u8, u8> = FxHashMap::default();
    while let Some((q, stand)) = queue.pop_front() {
        at[usize::from(q)] = 0;
        let (region, _) = board.region(stand, at);
        for d in 0..4 {
            // The player on `p` steps on to `beyond`; the box follows onto `p`.
            let p = board.next(q, d);
            if p == NONE || !has(&region, p) {
                continue;
            }
            let beyond = board.next(p, d);
            if beyond == NONE || at[usize::from(beyond)] != NONE {
                continue;
            }
            at[usize::from(q)] = NONE;
            at[usize::from(p)] = 0;
            let (_, least) = board.region(beyond, at);
            at[usize::from(p)] = NONE;
            at[usize::from(q)] = 0;
            if seen.insert((p, least)) {
                queue.push_back((p, beyond));
                reached.entry(p).or_insert(beyond);
            }
        }
        at[usize::from(q)] = NONE;
    }
    at[usize::from(b)] = mark;
    reached
}

/// The free bases (no box on them in `at`) in the largest clusters of free bases a box pushed
/// alone around the boxes of `at` can travel between both ways (Festival's "strongly connected
/// component" of the bases).
fn largest_cluster(board: &Board, at: &[u8; 256], bases: &Squares) -> Squares {
    let free: Vec<u8> = squares_in(bases).filter(|&s| at[usize::from(s)] == NONE).collect();
    let reach: Vec<Squares> = free.iter().map(|&s| Arrivals::of(board, at, &[s]).squares(board.floor())).collect();
    let mut cluster = vec![usize::MAX; free.len()];
    let mut sizes = Vec::new();
    for i in 0..free.len() {
        if cluster[i] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut size = 0;
        for j in i..free.len() {
            if cluster[j] == usize::MAX && (j == i || has(&reach[i], free[j]) && has(&reach[j], free[i])) {
                cluster[j] = id;
                size += 1;
            }
        }
        sizes.push(size);
    }
    let most = sizes.iter().copied().max().unwrap_or(0);
    set_of(free.iter().zip(&cluster).filter(|&(_, &c)| sizes[c] == most).map(|(&s, _)| s))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `plan`'s route on the squares: boxes come out of the start and move on. Returns
    /// the squares holding a box at the end, and how many came out.
    fn played(plan: &SinkPlan) -> (Squares, usize) {
        let mut held: Squares = [0; 4];
        let mut out = 0;
        for &(from, to) in &plan.moves {
            if from == NONE {
                out += 1;
            } else {
                assert!(has(&held, from), "a move starts from a box");
                remove(&mut held, from);
            }
            assert!(!has(&held, to), "a move ends on a free square");
            insert(&mut held, to);
        }
        (held, out)
    }

    #[test]
    fn boxes_sink_on_the_start_squares_of_another_room() {
        // Goals in the room on the left, boxes in the one on the right, a door between.
        let text = "#########\n#   #   #\n# .   $ #\n# . # $ #\n#   #  @#\n#########\n";
        let board = Board::as_drawn(text);
        let (plan, stats) = sink_plan(&board, 1_000, || false);
        let plan = plan.expect("both boxes sink");
        assert!(stats.expanded <= 10, "{} expansions", stats.expanded);
        let goals = set_of(board.goals().iter().copied());
        assert_eq!(played(&plan), (goals, 2), "each box comes out once, and the route ends on the goals");
        // Goals and start squares in one room: no box sinks, and the search runs dry.
        let board = Board::as_drawn("#######\n#@$ ..#\n# $   #\n#######\n");
        assert_eq!(sink_plan(&board, 1_000, || false).0, None);
    }

    #[test]
    fn every_microban_plan_takes_each_box_out_once_and_ends_on_the_goals() {
        let levels = crate::level::parse_collection(include_str!("../data/microban.xsb")).unwrap();
        let mut plans = 0;
        for level in &levels {
            let board = Board::new(level, false).unwrap();
            let Some(plan) = sink_plan(&board, 5_000, || false).0 else { continue };
            plans += 1;
            let goals = set_of(board.goals().iter().copied());
            assert_eq!(played(&plan), (goals, board.goals().len()), "Microban #{}", level.number);
        }
        // 93 of the 155 have a plan today; the test must look at many.
        assert!(plans >= 50, "{plans} plans");
    }

    #[test]
    fn xsokoban_88_parks_three_boxes_in_the_pocket_below_its_goal_room() {
        let levels = crate::level::parse_collection(include_str!("../data/xsokoban90.xsb")).unwrap();
        let board = Board::new(&levels[87], false).unwrap();
        let (plan, stats) = sink_plan(&board, 5_000, || false);
        let plan = plan.expect("a plan within 5,000 expansions");
        assert!(stats.expanded < 1_000, "{} expansions", stats.expanded);
        let goals = set_of(board.goals().iter().copied());
        assert_eq!(played(&plan), (goals, board.goals().len()));
        // As in Festival's plan (`fess-cli -alg 0`, verbose): three boxes wait in the dead
        // end below the room, on (13, 3), (11, 3) and (9, 3), and go last into the room's
        // column 3, the deepest one to (6, 3).
        let cell = |s: u8| if s == NONE { None } else { Some(board.cell_of(s)) };
        let last: Vec<_> = plan.moves[plan.moves.len() - 3..].iter().map(|&(f, t)| (cell(f), cell(t))).collect();
        assert_eq!(last, [(Some((9, 3)), Some((4, 3))), (Some((11, 3)), Some((5, 3))), (Some((13, 3)), Some((6, 3)))]);
    }
}
