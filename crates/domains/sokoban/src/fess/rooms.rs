//! Goal-room macros for [`Mode::Any`](crate::Mode::Any): a box pushed to the doorstep of a
//! goal room goes straight on to the goal the room's *packing order* fills next.
//!
//! * **Goal rooms** are the connected groups (4-neighbour) of at least two goal squares; their
//!   *entrances* are the non-goal floor squares next to them.
//! * **Packing order**, by reverse search as in YASS and Sokolution: start from the room full (a
//!   box on every goal, the player outside) and take boxes out one at a time by *pulls*, each time
//!   the box with the shortest way out. Filling the room in the reverse order of taking it apart
//!   never walls off a goal that is still empty (each pull path, reversed, is a push path with the
//!   later boxes not yet there). A box is out when it stands where a box from the start can be
//!   pushed to, the player on its side (`Arrivals`), not merely off the room: a pocket that only
//!   the room's goals lead into is no way in (an order that takes boxes out into such a pocket
//!   cannot be played forwards). A room that cannot be taken apart so is taken apart to any square
//!   off it.
//! * **The macro**: when a push brings a box onto an entrance of a room, the box is carried on
//!   (the fewest pushes, around the other boxes as they stand) to the room's first empty goal
//!   in packing order, if it can get there; the single push is then not generated (a
//!   narrower search, which finds solutions sooner than one with both as successors). So
//!   `--any` may miss the solutions of a level that needs a box to stop on
//!   an entrance; it is not complete, only fast.

use crate::rules::board::Board;
use crate::rules::size::{Size, Square, SquareSet};

const _: () = assert!(crate::rules::size::Large::BOXES <= 128, "a room's goals fit the bits of a `u128`");

/// The goal rooms of a board and their packing orders.
#[derive(Clone, Debug, Default)]
pub(crate) struct GoalRooms<Z: Size> {
    /// Per square: the room it is an entrance of, or [`Size::NONE`](crate::rules::size::Size::NONE) (a square next to two rooms
    /// keeps the first).
    entrance: Vec<Z::Sq>,
    /// Per room: its goal squares in packing order (first filled first).
    order: Vec<Vec<Z::Sq>>,
    /// Per room and goal of its order: the goals that must be filled before it (bits of
    /// positions in the order), a partial order laxer than the packing order (see
    /// [`next_goals`](Self::next_goals)).
    needs: Vec<Vec<u128>>,
}

impl<Z: Size> GoalRooms<Z> {
    /// Finds the goal rooms of `board` that can be taken apart by pulls, with their orders
    /// (unordered boards only: ordered boxes have goals of their own).
    pub(crate) fn new(board: &Board<Z>) -> GoalRooms<Z> {
        let floor = board.floor();
        let mut rooms = GoalRooms { entrance: vec![Z::NONE; floor], order: Vec::new(), needs: Vec::new() };
        if board.is_ordered() {
            return rooms;
        }
        let mut room_of = vec![Z::NONE; floor];
        let mut next_id = 0;
        for &g in board.goals() {
            if room_of[g.ix()] != Z::NONE {
                continue;
            }
            // Flood fill over goal squares.
            let mut members = vec![g];
            room_of[g.ix()] = Z::Sq::of(next_id);
            let mut i = 0;
            while i < members.len() {
                let q = members[i];
                i += 1;
                for d in 0..4 {
                    let n = board.next(q, d);
                    if n != Z::NONE && board.is_goal(n) && room_of[n.ix()] == Z::NONE {
                        room_of[n.ix()] = Z::Sq::of(next_id);
                        members.push(n);
                    }
                }
            }
            next_id += 1;
            if members.len() < 2 {
                continue;
            }
            let Some((order, needs)) = packing_order(board, &members) else { continue };
            let id = Z::Sq::of(rooms.order.len());
            for &q in &members {
                for d in 0..4 {
                    let n = board.next(q, d);
                    if n != Z::NONE && !board.is_goal(n) && rooms.entrance[n.ix()] == Z::NONE {
                        rooms.entrance[n.ix()] = id;
                    }
                }
            }
            rooms.order.push(order);
            rooms.needs.push(needs);
        }
        rooms
    }

    /// Whether the board has no room with a packing order.
    pub(crate) fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The number of rooms with a packing order.
    pub(crate) fn len(&self) -> usize {
        self.order.len()
    }

    /// The goals each room can take next in `at`: its empty goals (no box in `at`) whose needed
    /// goals (the partial order) all hold boxes that count as packed in it, at most
    /// `most` per room, in packing order. The first of a room is the first empty goal
    /// of its packing order.
    ///
    /// A room with two entrances, or two wings, can be filled along either: the packing order
    /// picks one interleaving, and when no box can reach its next goal (only through the
    /// other entrance, say) the packing macros have nothing to offer. `--any`'s second search
    /// offers them more goals (see `solve::WIDE_PACKING`).
    pub(crate) fn next_goals(&self, at: &Z::Marks<Z::Sq>, most: usize) -> Vec<Z::Sq> {
        let mut out = Vec::new();
        for (order, needs) in self.order.iter().zip(&self.needs) {
            let mut packed = 0u128;
            let mut taken = 0;
            for (k, (&g, &need)) in order.iter().zip(needs).enumerate() {
                let ready = need & !packed == 0;
                if at[g.ix()] == Z::NONE {
                    if ready && taken < most {
                        out.push(g);
                        taken += 1;
                    }
                } else if ready {
                    packed |= 1 << k;
                }
            }
        }
        out
    }

    /// Boxes packed in the rooms of `at`: per room, the goals filled in packing order from
    /// the first up to the first empty one.
    pub(crate) fn packed(&self, at: &Z::Marks<Z::Sq>) -> u32 {
        self.order.iter().map(|order| order.iter().take_while(|&&g| at[g.ix()] != Z::NONE).count() as u32).sum()
    }

    /// Boxes in the way of the packing orders in `at`: on a room's entrance, or on a goal of
    /// a room after the first empty goal of its order (it may have to leave again).
    pub(crate) fn out_of_plan(&self, at: &Z::Marks<Z::Sq>) -> u32 {
        let doorsteps =
            self.entrance.iter().enumerate().filter(|&(s, &room)| room != Z::NONE && at[s] != Z::NONE).count();
        let early: usize = self
            .order
            .iter()
            .map(|order| {
                order.iter().skip_while(|&&g| at[g.ix()] != Z::NONE).filter(|&&g| at[g.ix()] != Z::NONE).count()
            })
            .sum();
        (doorsteps + early) as u32
    }

    /// Whether goal `g` belongs to a room with a packing order.
    pub(crate) fn contains(&self, g: Z::Sq) -> bool {
        self.order.iter().any(|order| order.contains(&g))
    }

    /// The goal a box pushed onto `sq` should be carried to: the first empty goal (no box in
    /// `at`) of the room `sq` is an entrance of, in packing order.
    pub(crate) fn target(&self, sq: Z::Sq, at: &Z::Marks<Z::Sq>) -> Option<Z::Sq> {
        let room = *self.entrance.get(sq.ix())?;
        if room == Z::NONE {
            return None;
        }
        self.order[room.ix()].iter().copied().find(|&g| at[g.ix()] == Z::NONE)
    }
}

/// The packing order of the room `members` (goal squares) and, per goal of it, the goals that
/// must be filled before it (bits of positions in the order), or `None` when the full room
/// cannot be taken apart by pulls. Each box is pulled out to where a box from the start
/// could have come from ([`Arrivals`]); when the room cannot be taken apart so, each to any
/// square outside it. (The fallback is for the whole room, not only for the steps that have
/// no pull to an arrival: orders mixing the two lead the searches astray.)
fn packing_order<Z: Size>(board: &Board<Z>, members: &[Z::Sq]) -> Option<(Vec<Z::Sq>, Vec<u128>)> {
    packing_order_by(board, members, true).or_else(|| packing_order_by(board, members, false))
}

/// [`packing_order`], each box pulled out to where a box from the start could have come from
/// (`arrived`) or to any square outside the room.
fn packing_order_by<Z: Size>(board: &Board<Z>, members: &[Z::Sq], arrived: bool) -> Option<(Vec<Z::Sq>, Vec<u128>)> {
    let floor = board.floor();
    let mut inside = vec![false; floor];
    for &g in members {
        inside[g.ix()] = true;
    }
    let mut at = Z::marks(Z::NONE);
    for (i, &g) in members.iter().enumerate() {
        at[g.ix()] = Z::Sq::of(i);
    }
    let mut taken = Vec::with_capacity(members.len());
    while taken.len() < members.len() {
        // The player may stand on any empty square outside the room to begin with.
        let best = members
            .iter()
            .copied()
            .filter(|&g| at[g.ix()] != Z::NONE)
            .filter_map(|g| pulls_out(board, &at, &inside, g, arrived).map(|n| (n, g)))
            .min()?;
        at[best.1.ix()] = Z::NONE;
        taken.push(best.1);
    }
    // The partial order: taken[i] must be filled before taken[j] (j < i, taken out earlier,
    // filled later) when the box on taken[i] could not have been pulled out with a box on
    // taken[j] as well. One pull search per pair.
    let n = taken.len();
    let mut needs = vec![0u128; n];
    let mut at = Z::marks(Z::NONE);
    for (i, &g) in taken.iter().enumerate().rev() {
        at[g.ix()] = Z::Sq::of(i);
        for (j, &later) in taken[..i].iter().enumerate() {
            at[later.ix()] = Z::Sq::of(j);
            if pulls_out(board, &at, &inside, g, arrived).is_none() {
                // In packing order, taken[i] is goal n - 1 - i.
                needs[n - 1 - j] |= 1 << (n - 1 - i);
            }
            at[later.ix()] = Z::NONE;
        }
    }
    taken.reverse();
    Some((taken, needs))
}

/// Fewest pulls that bring the box on `start` to a square outside the room (`inside`), the
/// other boxes in `at` standing still and the player coming from outside the room; with
/// `arrived`, only to a square and side of the player that a box from the start reaches
/// ([`Arrivals`]), so that the way in is one the boxes can take (a box pulled into a pocket
/// that only the room's goals open is not out).
fn pulls_out<Z: Size>(
    board: &Board<Z>,
    at: &Z::Marks<Z::Sq>,
    inside: &[bool],
    start: Z::Sq,
    arrived: bool,
) -> Option<u32> {
    let floor = board.floor();
    let mut at = *at;
    at[start.ix()] = Z::NONE;
    let arrivals = arrived.then(|| Arrivals::new(board, &at));
    let out = |b: Z::Sq, side: usize| !inside[b.ix()] && arrivals.as_ref().is_none_or(|a| a.reaches(b, side));
    // Player squares reachable from outside the room with the box on `start`.
    let outside: Vec<Z::Sq> = (0..floor).map(Z::Sq::of).filter(|&s| !inside[s.ix()] && at[s.ix()] == Z::NONE).collect();
    // BFS over (box square, side of the player) with the player next to the box.
    let mut seen = vec![false; 4 * floor];
    let mut queue = std::collections::VecDeque::new();
    let mut region = Z::marks(false);
    fill(board, &at, start, &outside, &mut region);
    for d in 0..4 {
        let p = board.next(start, d);
        if p != Z::NONE && region[p.ix()] {
            seen[4 * start.ix() + d] = true;
            queue.push_back((start, d, 0u32));
        }
    }
    while let Some((b, side, n)) = queue.pop_front() {
        // Pull: the player on `side` steps away along that direction, the box follows.
        let p = board.next(b, side);
        let beyond = board.next(p, side);
        if beyond == Z::NONE || at[beyond.ix()] != Z::NONE {
            continue;
        }
        if out(p, side) {
            return Some(n + 1);
        }
        fill(board, &at, p, &[beyond], &mut region);
        for d in 0..4 {
            let q = board.next(p, d);
            if q != Z::NONE && region[q.ix()] && !seen[4 * p.ix() + d] {
                seen[4 * p.ix() + d] = true;
                queue.push_back((p, d, n + 1));
            }
        }
    }
    None
}

/// Where a box from the start can be pushed, alone with the boxes of a room: the (box square,
/// side of the player) pairs reached by pushes from any start square without a box in `at`,
/// the player starting on his own start square and walking around the box and `at`.
pub(crate) struct Arrivals {
    /// Per square and side (`4 * square + side`): reached.
    seen: Vec<bool>,
}

impl Arrivals {
    /// The arrivals around the boxes in `at` (all of them when the player's start square holds
    /// a box in `at`: there is no start to search from).
    pub(crate) fn new<Z: Size>(board: &Board<Z>, at: &Z::Marks<Z::Sq>) -> Arrivals {
        Arrivals::of(board, at, board.start_boxes())
    }

    /// [`new`](Self::new) for the boxes that start on `starts` alone.
    pub(crate) fn of<Z: Size>(board: &Board<Z>, at: &Z::Marks<Z::Sq>, starts: &[Z::Sq]) -> Arrivals {
        let player = board.start_player();
        if at[player.ix()] != Z::NONE {
            return Arrivals { seen: vec![true; 4 * board.floor()] };
        }
        let sides = Sides::new(board, at, player);
        let mut seen = vec![false; 4 * board.floor()];
        let mut queue = Vec::with_capacity(4 * board.floor());
        // Marks and queues the sides of a box on `t`, not seen yet, that the player reaches
        // from `from`.
        let visit = |t: Z::Sq, from: Z::Sq, seen: &mut [bool], queue: &mut Vec<(Z::Sq, u8)>| {
            let wanted = std::array::from_fn(|d| !seen[4 * t.ix() + d]);
            let reached = sides.reached(board, at, t, from, wanted);
            for d in (0..4).filter(|&d| reached[d]) {
                seen[4 * t.ix() + d] = true;
                queue.push((t, d as u8));
            }
        };
        // Only boxes on the player's side of the room's boxes: `Sides` knows nothing of others.
        for &s in starts.iter().filter(|&&s| at[s.ix()] == Z::NONE && sides.holds(s)) {
            visit(s, player, &mut seen, &mut queue);
        }
        Arrivals::spread(board, at, &sides, seen, queue)
    }

    /// Where a box on the free square `s` can be pushed around the boxes in `at`, the player
    /// starting on any free side of it (Festival's pushes between the start squares of its
    /// base search: the player is not tied to his start there).
    pub(crate) fn from_any_side<Z: Size>(board: &Board<Z>, at: &Z::Marks<Z::Sq>, s: Z::Sq) -> Arrivals {
        let sides = Sides::new(board, at, s);
        let mut seen = vec![false; 4 * board.floor()];
        let mut queue = Vec::with_capacity(4 * board.floor());
        for d in 0..4 {
            let p = board.next(s, d);
            if p != Z::NONE && at[p.ix()] == Z::NONE {
                seen[4 * s.ix() + d] = true;
                queue.push((s, d as u8));
            }
        }
        Arrivals::spread(board, at, &sides, seen, queue)
    }

    /// Pushes on from the (box square, player side) pairs of `queue`, all marked in `seen`.
    fn spread<Z: Size>(
        board: &Board<Z>,
        at: &Z::Marks<Z::Sq>,
        sides: &Sides<Z>,
        mut seen: Vec<bool>,
        mut queue: Vec<(Z::Sq, u8)>,
    ) -> Arrivals {
        let mut head = 0;
        while let Some(&(b, side)) = queue.get(head) {
            head += 1;
            let t = board.next(b, usize::from(side) ^ 1);
            if t != Z::NONE && at[t.ix()] == Z::NONE {
                let wanted = std::array::from_fn(|d| !seen[4 * t.ix() + d]);
                let reached = sides.reached(board, at, t, b, wanted);
                for d in (0..4).filter(|&d| reached[d]) {
                    seen[4 * t.ix() + d] = true;
                    queue.push((t, d as u8));
                }
            }
        }
        Arrivals { seen }
    }

    /// Whether a box reaches `square` with the player on its side `side`.
    pub(crate) fn reaches<S: Square>(&self, square: S, side: usize) -> bool {
        self.seen[4 * square.ix() + side]
    }

    /// Per start box of `board`: its square and the squares it reaches pushed alone on the
    /// empty board (the parking and sink plans' test of where a box can come from).
    pub(crate) fn of_each_start<Z: Size>(board: &Board<Z>) -> Vec<(Z::Sq, Z::Set)> {
        let empty = Z::marks(Z::NONE);
        board.start_boxes().iter().map(|&s| (s, Arrivals::of(board, &empty, &[s]).squares(board.floor()))).collect()
    }

    /// The squares a box reaches, with the player on any side.
    pub(crate) fn squares<Set: SquareSet>(&self, floor: usize) -> Set {
        Set::of((0..floor).filter(|&s| self.seen[4 * s..4 * s + 4].contains(&true)).map(|s| s as u16))
    }
}

/// Marks in `region` the squares the player reaches from `from` around the boxes in `at` and
/// a box on `blocked`.
fn fill<Z: Size>(board: &Board<Z>, at: &Z::Marks<Z::Sq>, blocked: Z::Sq, from: &[Z::Sq], region: &mut Z::Marks<bool>) {
    region[..board.floor()].fill(false);
    for &s in from {
        if s != blocked && !region[s.ix()] {
            region[s.ix()] = true;
            flood(board, at, s, |t| {
                let enter = t != blocked && !region[t.ix()];
                region[t.ix()] |= enter;
                enter
            });
        }
    }
}

/// The directions of the fewest pushes that carry the box on `start` to `target`, the player
/// standing on `player` and the other boxes in `at` (without the moving box) standing still.
pub(crate) fn box_path<Z: Size>(
    board: &Board<Z>,
    at: &Z::Marks<Z::Sq>,
    start: Z::Sq,
    player: Z::Sq,
    target: Z::Sq,
) -> Option<Vec<u8>> {
    BoxPaths::new(board, at, start).path(board, at, start, player, target)
}

/// [`box_path`] for several paths around the same other boxes, the floor searched once.
pub(crate) struct BoxPaths<Z: Size>(Sides<Z>);

impl<Z: Size> BoxPaths<Z> {
    /// The paths around the boxes in `at` (without the moving box) of a box on `square` (or
    /// on a square it can be pushed to).
    pub(crate) fn new(board: &Board<Z>, at: &Z::Marks<Z::Sq>, square: Z::Sq) -> BoxPaths<Z> {
        BoxPaths(Sides::new(board, at, square))
    }

    /// For each direction `d` with `wanted[d]`: whether the player on `from` reaches the
    /// neighbour of a box on `b` in direction `d`, around it and the boxes in `at` (`b` a
    /// square the box on [`new`](Self::new)'s square can reach).
    pub(crate) fn reached(
        &self,
        board: &Board<Z>,
        at: &Z::Marks<Z::Sq>,
        b: Z::Sq,
        from: Z::Sq,
        wanted: [bool; 4],
    ) -> [bool; 4] {
        self.0.reached(board, at, b, from, wanted)
    }

    /// [`box_path`] from `start` (a square the box on [`new`](Self::new)'s square can reach),
    /// the player on `player`, to `target`; `at` as given to [`new`](Self::new).
    pub(crate) fn path(
        &self,
        board: &Board<Z>,
        at: &Z::Marks<Z::Sq>,
        start: Z::Sq,
        player: Z::Sq,
        target: Z::Sq,
    ) -> Option<Vec<u8>> {
        self.paths(board, at, start, player, &[target]).pop().flatten()
    }

    /// [`path`](Self::path) to each of `targets` (distinct squares) from one breadth-first
    /// search: each path is the one a search for its target alone would find (the search
    /// visits in the same order; it only stops later, once every target is found).
    pub(crate) fn paths(
        &self,
        board: &Board<Z>,
        at: &Z::Marks<Z::Sq>,
        start: Z::Sq,
        player: Z::Sq,
        targets: &[Z::Sq],
    ) -> Vec<Option<Vec<u8>>> {
        let sides = &self.0;
        let mut out: Vec<Option<Vec<u8>>> = targets.iter().map(|&t| (t == start).then(Vec::new)).collect();
        let mut left = out.iter().filter(|p| p.is_none()).count();
        if left == 0 {
            return out;
        }
        // Breadth-first search over (box square, side of the player); `parent` holds the previous
        // (square, side) of each state, the push between them going away from the previous side.
        let mut parent = Z::sides((Z::NONE, 0u8));
        let mut seen = Z::sides(false);
        let mut queue = Z::sides((Z::NONE, 0u8));
        let (mut head, mut tail) = (0, 0);
        let first = sides.reached(board, at, start, player, [true; 4]);
        for d in (0..4).filter(|&d| first[d]) {
            seen[4 * start.ix() + d] = true;
            queue[tail] = (start, d as u8);
            tail += 1;
        }
        while head < tail {
            let (b, side) = queue[head];
            let side = usize::from(side);
            head += 1;
            // Push away from the player's side.
            let dir = side ^ 1;
            let t = board.next(b, dir);
            if t == Z::NONE || at[t.ix()] != Z::NONE || board.is_dead(t) {
                continue;
            }
            for (k, _) in targets.iter().enumerate().filter(|&(_, &q)| q == t) {
                if out[k].is_some() {
                    continue;
                }
                let mut dirs = vec![dir as u8];
                let mut here = (b, side);
                while parent[4 * here.0.ix() + here.1].0 != Z::NONE {
                    let (prev, prev_side) = parent[4 * here.0.ix() + here.1];
                    dirs.push(prev_side ^ 1);
                    here = (prev, usize::from(prev_side));
                }
                dirs.reverse();
                out[k] = Some(dirs);
                left -= 1;
                if left == 0 {
                    return out;
                }
            }
            let wanted = std::array::from_fn(|d| !seen[4 * t.ix() + d]);
            let reached = sides.reached(board, at, t, b, wanted);
            for d in (0..4).filter(|&d| reached[d]) {
                seen[4 * t.ix() + d] = true;
                parent[4 * t.ix() + d] = (b, side as u8);
                queue[tail] = (t, d as u8);
                tail += 1;
            }
        }
        out
    }
}

/// Which sides of a box the player reaches, for [`box_path`]. The floor around the other
/// boxes (the moving box taken off) stays the same for the whole search, so one depth-first
/// search labels the box's component of it once (Hopcroft and Tarjan's cut vertices): with
/// the box on `b`, two free squares of the component are joined around it unless one lies in
/// a subtree of a child `c` of `b` in the search tree that no back edge leaves above `b`
/// (`low[c] >= disc[b]`) and the other does not lie in that same subtree. Each question is
/// then a few comparisons instead of a flood fill. The box never leaves its component, and a
/// player outside it reaches none of its sides.
struct Sides<Z: Size> {
    /// Discovery number of each square of the component (from 1; 0 elsewhere).
    disc: Z::Marks<u16>,
    /// One past the largest discovery number in the square's subtree.
    end: Z::Marks<u16>,
    /// The lowest discovery number reached from the square's subtree by one back edge.
    low: Z::Marks<u16>,
    /// The square's parent in the search tree ([`Size::NONE`](crate::rules::size::Size::NONE) for the root).
    parent: Z::Marks<Z::Sq>,
}

impl<Z: Size> Sides<Z> {
    /// Searches the component of the free square `start` of the floor around the boxes in
    /// `at`, depth first.
    fn new(board: &Board<Z>, at: &Z::Marks<Z::Sq>, start: Z::Sq) -> Sides<Z> {
        let mut sides: Sides<Z> =
            Sides { disc: Z::marks(0), end: Z::marks(0), low: Z::marks(0), parent: Z::marks(Z::NONE) };
        let Sides { disc, end, low, parent } = &mut sides;
        let free = |s: Z::Sq| s != Z::NONE && at[s.ix()] == Z::NONE;
        let mut stack = Z::marks((Z::NONE, 0u8));
        let mut time = 1u16;
        (disc[start.ix()], low[start.ix()]) = (time, time);
        stack[0] = (start, 0);
        let mut len = 1;
        while len > 0 {
            let (v, k) = stack[len - 1];
            let vi = v.ix();
            if k == 4 {
                len -= 1;
                end[vi] = time + 1;
                if parent[vi] != Z::NONE {
                    let p = parent[vi].ix();
                    low[p] = low[p].min(low[vi]);
                }
                continue;
            }
            stack[len - 1].1 = k + 1;
            let w = board.next(v, usize::from(k));
            if !free(w) {
                continue;
            }
            let wi = w.ix();
            if disc[wi] == 0 {
                time += 1;
                (disc[wi], low[wi], parent[wi]) = (time, time, v);
                stack[len] = (w, 0);
                len += 1;
            } else if w != parent[vi] {
                low[vi] = low[vi].min(disc[wi]);
            }
        }
        sides
    }

    /// Whether the free square `s` lies in the component searched.
    fn holds(&self, s: Z::Sq) -> bool {
        self.disc[s.ix()] != 0
    }

    /// The piece of the floor without `b` that the free square `x` (in `b`'s component, not
    /// `b`) lies in: the child of `b` whose subtree is cut off by `b` and holds `x`, or
    /// [`Size::NONE`](crate::rules::size::Size::NONE) for the rest of the component.
    fn piece(&self, board: &Board<Z>, b: Z::Sq, x: Z::Sq) -> Z::Sq {
        let (bi, dx) = (b.ix(), self.disc[x.ix()]);
        if dx <= self.disc[bi] || dx >= self.end[bi] {
            return Z::NONE;
        }
        let holds = |c: Z::Sq| {
            let ci = c.ix();
            c != Z::NONE && self.parent[ci] == b && self.disc[ci] <= dx && dx < self.end[ci]
        };
        match (0..4).map(|d| board.next(b, d)).find(|&c| holds(c)) {
            Some(c) if self.low[c.ix()] >= self.disc[bi] => c,
            _ => Z::NONE,
        }
    }

    /// For each direction `d` with `wanted[d]`: whether the player on `from` reaches the
    /// neighbour of `b` in direction `d` around a box on `b` (a square of the component) and
    /// the boxes in `at`.
    fn reached(&self, board: &Board<Z>, at: &Z::Marks<Z::Sq>, b: Z::Sq, from: Z::Sq, wanted: [bool; 4]) -> [bool; 4] {
        // Off the component, `piece` would take every square for the rest of it.
        debug_assert!(self.holds(b), "the box stands in the component searched");
        let mut out = [false; 4];
        if self.disc[from.ix()] == 0 {
            return out;
        }
        let mut mine = None;
        for d in (0..4).filter(|&d| wanted[d]) {
            let q = board.next(b, d);
            if q == Z::NONE || at[q.ix()] != Z::NONE {
                continue;
            }
            let piece = *mine.get_or_insert_with(|| self.piece(board, b, from));
            out[d] = q == from || self.piece(board, b, q) == piece;
        }
        out
    }
}

/// A depth-first flood fill from `from` over the squares without a box in `at`: `enter` is
/// asked about each free neighbour of each square entered, and the fill goes on from it when
/// it says so (it keeps its own marks).
pub(crate) fn flood<Z: Size>(
    board: &Board<Z>,
    at: &Z::Marks<Z::Sq>,
    from: Z::Sq,
    mut enter: impl FnMut(Z::Sq) -> bool,
) {
    let mut stack = Z::marks(Z::Sq::default());
    stack[0] = from;
    let mut len = 1;
    while len > 0 {
        len -= 1;
        let here = stack[len];
        for d in 0..4 {
            let t = board.next(here, d);
            if t == Z::NONE || at[t.ix()] != Z::NONE {
                continue;
            }
            if enter(t) {
                stack[len] = t;
                len += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::size::Small;

    /// A dead-end corridor of three goals, open to the right.
    const CORRIDOR: &str = "#########\n#...    #\n####    #\n#  $$$  #\n#@      #\n#########\n";

    fn board(text: &str) -> Board {
        Board::as_drawn(text)
    }

    #[test]
    fn a_corridor_is_packed_from_its_dead_end() {
        let b = board(CORRIDOR);
        let rooms = GoalRooms::new(&b);
        let order: Vec<(usize, usize)> = rooms.order[0].iter().map(|&g| b.cell_of(g)).collect();
        assert_eq!(order, [(1, 1), (1, 2), (1, 3)]);
        // A box pushed onto the doorstep (1, 4) goes to the dead end first, then the next.
        let mut at = Small::marks(Small::NONE);
        assert_eq!(rooms.target(b.square_at(1, 4), &at), Some(b.square_at(1, 1)));
        at[(b.square_at(1, 1)).ix()] = 0;
        assert_eq!(rooms.target(b.square_at(1, 4), &at), Some(b.square_at(1, 2)));
        assert_eq!(rooms.target(b.square_at(3, 4), &at), None, "not an entrance");
    }

    /// A room of two rows, open to the right: each row fills from its dead end, and the two
    /// rows do not hinder each other, so both dead ends can be taken next (the packing order
    /// names one of them first).
    #[test]
    fn both_wings_of_a_room_can_be_filled_next() {
        let b =
            board("##########\n#....    #\n#....    #\n#####    #\n#  $$$$  #\n#  $$$$ @#\n#        #\n##########\n");
        let rooms = GoalRooms::new(&b);
        let next = |boxes: &[(usize, usize)]| {
            let mut at = Small::marks(Small::NONE);
            for &(r, c) in boxes {
                at[(b.square_at(r, c)).ix()] = 0;
            }
            let mut goals: Vec<(usize, usize)> = rooms.next_goals(&at, 8).iter().map(|&g| b.cell_of(g)).collect();
            // The first is the first empty goal of the packing order.
            let first = rooms.order[0].iter().copied().find(|&g| at[g.ix()] == Small::NONE).map(|g| b.cell_of(g));
            assert_eq!(goals.first().copied(), first);
            goals.sort_unstable();
            goals
        };
        assert_eq!(next(&[]), [(1, 1), (2, 1)]);
        // With the top row's dead end filled, its next square and the bottom dead end.
        assert_eq!(next(&[(1, 1)]), [(1, 2), (2, 1)]);
        assert_eq!(next(&[(1, 1), (2, 1), (2, 2)]), [(1, 2), (2, 3)]);
        // A box on (1, 2) before (1, 1) is filled does not count: (1, 3) is not offered.
        assert_eq!(next(&[(1, 2)]), [(1, 1), (2, 1)]);
    }

    #[test]
    fn sides_are_found_around_the_box_and_never_across_other_boxes() {
        // Room of rows 1–3 and columns 1–5; the player on (1, 1), the box on (2, 3).
        let b = board("#######\n#@    #\n#  $  #\n#    .#\n#######\n");
        let (bx, from) = (b.square_at(2, 3), b.square_at(1, 1));
        let with = |boxes: &[(usize, usize)]| {
            let mut at = Small::marks(Small::NONE);
            for &(r, c) in boxes {
                at[(b.square_at(r, c)).ix()] = 0;
            }
            at
        };
        let reached = |at: &[u8; 256], wanted| Sides::new(&b, at, bx).reached(&b, at, bx, from, wanted);
        assert_eq!(reached(&with(&[]), [true; 4]), [true; 4]);
        // Boxes on (3, 2) and (3, 4): the square below the box is shut in by them, the wall
        // and the box itself (the same component without the box: a full fill finds out).
        assert_eq!(reached(&with(&[(3, 2), (3, 4)]), [true; 4]), [true, false, true, true], "up, down, left, right");
        // A column of boxes on (1..=3, 2) shuts the player in: every side lies in another
        // component (or under a box).
        assert_eq!(reached(&with(&[(1, 2), (2, 2), (3, 2)]), [true; 4]), [false; 4]);
        // Only the sides asked about, and never one under a box.
        assert_eq!(reached(&with(&[(2, 4)]), [true, false, false, true]), [true, false, false, false]);
    }

    /// The cut-vertex labelling answers what a flood fill around the box finds, on XSokoban
    /// boards with boxes strewn at random (every box square, player square and side).
    #[test]
    fn sides_equal_a_flood_fill_round_the_box() {
        let levels = crate::rules::level::parse_collection(include_str!("../../data/xsokoban90.xsb")).unwrap();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut cut, mut joined) = (0, 0);
        for level in levels.iter().step_by(9) {
            let b = Board::new(level, false).unwrap();
            let floor = b.floor();
            for _ in 0..4 {
                let mut at = Small::marks(Small::NONE);
                for _ in 0..floor / 4 {
                    at[random(floor)] = 0;
                }
                for bx in (0..floor as u8).filter(|&s| at[s.ix()] == Small::NONE) {
                    let sides = Sides::new(&b, &at, bx);
                    for from in (0..floor as u8).filter(|&s| s != bx && at[s.ix()] == Small::NONE).step_by(5) {
                        let mut seen = Small::marks(false);
                        seen[bx.ix()] = true;
                        seen[from.ix()] = true;
                        flood(&b, &at, from, |t| !std::mem::replace(&mut seen[t.ix()], true));
                        let want: [bool; 4] = std::array::from_fn(|d| {
                            let q = b.next(bx, d);
                            q != Small::NONE && at[q.ix()] == Small::NONE && q != bx && seen[q.ix()]
                        });
                        assert_eq!(sides.reached(&b, &at, bx, from, [true; 4]), want, "level {}", level.number);
                        let free =
                            (0..4).filter(|&d| b.next(bx, d) != Small::NONE && at[(b.next(bx, d)).ix()] == Small::NONE);
                        let same_part = sides.disc[from.ix()] != 0;
                        if same_part && free.clone().count() > 1 {
                            if want.iter().filter(|&&w| w).count() < free.count() { cut += 1 } else { joined += 1 }
                        }
                    }
                }
            }
        }
        assert!(cut > 100 && joined > 100, "both cases are tried: {cut} cut, {joined} joined");
    }

    #[test]
    fn box_paths_go_around_the_other_boxes() {
        let b = board(CORRIDOR);
        let mut at = Small::marks(Small::NONE);
        // From (1, 4), the player on (1, 5): three pushes left.
        let path = box_path(&b, &at, b.square_at(1, 4), b.square_at(1, 5), b.square_at(1, 1));
        assert_eq!(path, Some(vec![2, 2, 2]));
        // A box on (1, 3) blocks the way.
        at[(b.square_at(1, 3)).ix()] = 0;
        assert_eq!(box_path(&b, &at, b.square_at(1, 4), b.square_at(1, 5), b.square_at(1, 1)), None);
        // Up from (3, 5) to (1, 5): the player walks round below it, two pushes up.
        let at = Small::marks(Small::NONE);
        let path = box_path(&b, &at, b.square_at(3, 5), b.square_at(4, 1), b.square_at(1, 5));
        assert_eq!(path, Some(vec![0, 0]));
        // Onto a dead square (the bottom row): never.
        assert_eq!(box_path(&b, &at, b.square_at(3, 5), b.square_at(1, 5), b.square_at(4, 5)), None);
    }

    #[test]
    fn a_box_pushed_from_any_side_goes_both_ways_along_a_corridor() {
        // The player starts on the left of the box: pushed from his start, the box only goes
        // right; with the player on any side, also left.
        let b = Board::as_drawn("########\n#@ $  .#\n########\n");
        let (s, floor) = (b.square_at(1, 3), b.floor());
        let from_start = Arrivals::of(&b, &Small::marks(Small::NONE), &[s]).squares(floor);
        let any_side = Arrivals::from_any_side(&b, &Small::marks(Small::NONE), s).squares(floor);
        let cells = |set: &[u64; 4]| set.squares::<u8>().map(|t| b.cell_of(t).1).collect::<Vec<_>>();
        assert_eq!(cells(&from_start), [3, 4, 5, 6]);
        assert_eq!(cells(&any_side), [1, 2, 3, 4, 5, 6]);
        // The player's start square held by a box: from his start, no search (everything);
        // from any side, the box stops short of it.
        let mut at = Small::marks(Small::NONE);
        at[b.start_player().ix()] = 0;
        assert_eq!(cells(&Arrivals::of(&b, &at, &[s]).squares(floor)), [1, 2, 3, 4, 5, 6]);
        assert_eq!(cells(&Arrivals::from_any_side(&b, &at, s).squares(floor)), [2, 3, 4, 5, 6]);
    }

    /// One search for many targets finds, for each, the path a search for it alone finds
    /// (the packing macros rely on it: the replay searches for one target).
    #[test]
    fn paths_to_many_targets_are_each_targets_own_path() {
        let levels = crate::rules::level::parse_collection(include_str!("../../data/xsokoban90.xsb")).unwrap();
        let mut found = 0;
        for level in levels.iter().step_by(3) {
            let b = Board::new(level, false).unwrap();
            let mut at = b.start_occupancy();
            for &start in b.start_boxes() {
                let i = at[start.ix()];
                at[start.ix()] = Small::NONE;
                let paths = BoxPaths::new(&b, &at, start);
                let player = b.start_player();
                let targets: Vec<u8> = (0..b.floor() as u8).collect();
                let all = paths.paths(&b, &at, start, player, &targets);
                for (&t, path) in targets.iter().zip(&all) {
                    assert_eq!(*path, paths.path(&b, &at, start, player, t), "level {}", level.number);
                    found += usize::from(path.as_ref().is_some_and(|p| !p.is_empty()));
                }
                at[start.ix()] = i;
            }
        }
        assert!(found > 100, "paths are found: {found}");
    }

    #[test]
    fn boxes_arrive_only_where_pushes_from_the_start_lead() {
        // The pocket (5, 2)–(5, 3) opens only through the goal (4, 2).
        let b = board("#######\n#@    #\n#  $  #\n#     #\n##.####\n##  ###\n#######\n");
        let (up, left) = (0, 2);
        let (pocket, far) = (b.square_at(5, 2), b.square_at(5, 3));
        let open = Arrivals::new(&b, &Small::marks(Small::NONE));
        assert!(open.reaches(pocket, up), "pushed down through the empty goal");
        assert!(!open.reaches(far, left), "no square on (4, 1) to push it on from");
        let mut at = Small::marks(Small::NONE);
        at[(b.square_at(4, 2)).ix()] = 0;
        let shut = Arrivals::new(&b, &at);
        assert!(!shut.reaches(pocket, up), "a box on the goal shuts the pocket");
        assert!(shut.reaches(b.square_at(3, 2), up), "the box from (2, 3) still gets to the doorstep");
    }

    #[test]
    fn boxes_the_room_shuts_off_from_the_player_arrive_nowhere() {
        // Filled, the goals (1, 4)–(1, 5) cut the board in two: the player on the left, the
        // box on (2, 7) on the right.
        let b = board("##########\n#@ $..   #\n#   ## $ #\n##########\n");
        let (right, far_box) = (3, b.square_at(2, 7));
        assert!(
            Arrivals::new(&b, &Small::marks(Small::NONE)).reaches(far_box, right),
            "the player walks over the goals"
        );
        let mut at = Small::marks(Small::NONE);
        at[(b.square_at(1, 4)).ix()] = 0;
        at[(b.square_at(1, 5)).ix()] = 1;
        let shut = Arrivals::new(&b, &at);
        assert!((0..4).all(|d| !shut.reaches(far_box, d)), "the player never gets next to it");
        assert!(shut.reaches(b.square_at(1, 3), 2), "the box on his side he does");
    }

    /// XSokoban #90's bottom-left room: goals (13, 5)–(13, 6) over (14, 2)–(14, 7). Boxes come
    /// into row 13 only from column 2, and the player gets behind them, onto (13, 1), only
    /// along row 14 while it is empty; so row 13 is filled first. Taken apart by pulls out to
    /// any square off the room, (13, 5) came out first, into (13, 4), where a box from column
    /// 2 never gets with the player behind it: that order filled it last, and the search
    /// never got past 3 of the room's 8 goals.
    #[test]
    fn a_room_is_taken_apart_the_way_boxes_came_in() {
        let levels = crate::rules::level::parse_collection(include_str!("../../data/xsokoban90.xsb")).unwrap();
        let b = Board::new(levels.iter().find(|l| l.number == 90).unwrap(), false).unwrap();
        let members: Vec<u8> =
            b.goals().iter().copied().filter(|&g| b.cell_of(g).0 >= 13 && b.cell_of(g).1 <= 8).collect();
        assert_eq!(members.len(), 8);
        let cells = |order: Vec<u8>| -> Vec<(usize, usize)> { order.iter().map(|&g| b.cell_of(g)).collect() };
        let (order, _) = packing_order(&b, &members).unwrap();
        assert_eq!(cells(order)[..2], [(13, 6), (13, 5)]);
        let (lax, _) = packing_order_by(&b, &members, false).unwrap();
        assert_eq!(cells(lax).last(), Some(&(13, 5)));
    }

    /// Every order of pulls to where boxes arrive can be filled forwards: each goal in turn is
    /// reached by a box from the start, the goals before it filled (XSokoban's 99 rooms: 87
    /// such orders). Boxes that the room cuts off from the player must not count as arrived,
    /// or some rooms get steps that no box reaches.
    #[test]
    fn orders_of_pulls_to_arrivals_fill_forwards() {
        let levels = crate::rules::level::parse_collection(include_str!("../../data/xsokoban90.xsb")).unwrap();
        let mut checked = 0;
        for level in &levels {
            let b = Board::new(level, false).unwrap();
            for members in &GoalRooms::new(&b).order {
                let Some((order, _)) = packing_order_by(&b, members, true) else { continue };
                let mut at = Small::marks(Small::NONE);
                for &g in &order {
                    let arrivals = Arrivals::new(&b, &at);
                    assert!((0..4).any(|d| arrivals.reaches(g, d)), "#{}: {:?}", level.number, b.cell_of(g));
                    at[g.ix()] = 0;
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 87);
    }

    /// XSokoban #88's room of 23 goals cannot be taken apart by pulls to where boxes arrive
    /// (nor can 11 other XSokoban rooms, #15's and #50's among them): it keeps the order of
    /// pulls to any square off the room.
    #[test]
    fn a_room_that_arrivals_cannot_take_apart_keeps_its_order() {
        let levels = crate::rules::level::parse_collection(include_str!("../../data/xsokoban90.xsb")).unwrap();
        let b = Board::new(levels.iter().find(|l| l.number == 88).unwrap(), false).unwrap();
        let rooms = GoalRooms::new(&b);
        assert_eq!(rooms.order.iter().map(Vec::len).collect::<Vec<_>>(), [23]);
        assert!(packing_order_by(&b, &rooms.order[0], true).is_none());
        let (lax, _) = packing_order_by(&b, &rooms.order[0], false).unwrap();
        assert_eq!(rooms.order[0], lax);
    }

    #[test]
    fn lone_goals_make_no_room() {
        // Two goals one above the other are a room; two apart are not.
        assert!(!GoalRooms::new(&board("#######\n#@ $ .#\n#  $ .#\n#######\n")).is_empty());
        assert!(GoalRooms::new(&board("########\n#@ $  .#\n#      #\n#.  $  #\n########\n")).is_empty());
    }
}
