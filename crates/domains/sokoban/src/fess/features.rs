//! FESS-style features of a position for [`Mode::Any`](crate::Mode::Any): the cell of the
//! feature space a position falls in, for the cell-cycling search of `delve-core`
//! ([`cycling`](delve_core::informed::cycling)), after Shoham and Schaeffer's FESS.
//!
//! * **Packing**: boxes on goals, where a goal room (see the `macros` module) counts only the
//!   goals filled in its packing order from the first (a box on a later goal of the order
//!   may have to leave again), and goals outside rooms count every box on them.
//! * **Connectivity**: the number of regions the boxes split the empty floor into. A player
//!   shut in by boxes needs positions that open the way, which the matching
//!   bound does not see; as a cell of its own, each such position gets its turn.
//!
//! * **Out of plan** (after FESS's feature of that name): boxes in the way of the packing
//!   orders, on a room's entrance or on a goal past the first empty goal of its room's
//!   order. A position that clears the way for the next goal lands in a cell of its own:
//!   without this feature, a search with most boxes packed and one in the way cannot tell
//!   the position that clears the way from one that does not.
//! * **Room connectivity** (FESS's fourth feature, as Festival defines it: `RoomLinks`):
//!   the links between rooms of the empty board that the boxes cut. Regions count the
//!   player's pockets; this counts the ways between the parts of the level that are closed.
//!   It helps short searches most and makes an expansion dearer, so `--any` weighs it only
//!   in its first, short race.
//!
//! * **A route** (`Route`, from a sink plan: the `sinks` module) may take the place of the
//!   packing orders, as Festival's forward search follows its backward search's plan: packing
//!   then counts how far along the route the boxes are, and nothing is out of plan (the
//!   opener advisor still reads the packing orders). A route from a sink plan can lead a
//!   search through levels whose packing orders lead it astray.
//!
//! The cell key orders cells by packing, then out of plan, then room links cut, then
//! connectivity; the search visits every cell in turn whatever the key, so the order only
//! fixes the cycle.
//!
//! **Advisors** (`advise`): as in FESS, each feature has an advisor that recommends, of
//! the moves of an expansion, at most one that improves its feature (one more box packed,
//! one fewer out of plan, fewer regions, fewer room links cut) without unpacking a box;
//! those moves weigh 0, the rest 1, and within a cell the search takes the position with the
//! fewest unadvised moves on its path first ([`weighted_cycling`](delve_core::informed::weighted_cycling)). The
//! packing macros make "push this box onto the next goal of its room" a single move, so
//! the packing advisor recommends whole packing steps: the weights let the search follow the
//! advisors' plan deep into a cell instead of widening it. FESS's moves carry one box as far
//! as it goes; the
//! feature-advisor search of `--any` makes the pushes that carry on the box pushed last free
//! instead ([`SokobanProblem::advise`](crate::SokobanProblem::advise)).
//!
//! FESS's other three advisors (`advise_more`: **hotspots**, boxes that cut another box off
//! goals, see `Hotspots`; the **opener**, which pushes boxes away from the next goal of a
//! packing order; the **explorer**, which looks for pushes that give the player new pushes)
//! lead the search elsewhere: some levels are solved only with all six advisors and some
//! only with the feature advisors, so `--any` runs one search of each kind.

use crate::fess::rooms::{GoalRooms, flood};
use crate::rules::board::{Board, FAR};
use crate::rules::size::{Size, Square, SquareSet};
use crate::search::state::{Cost, State};
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
    /// Links between rooms that the boxes cut ([`RoomLinks`]).
    pub(crate) cut_links: u32,
}

impl Features {
    /// The features of the position `at` (box index per square, or [`Size::NONE`](crate::rules::size::Size::NONE)).
    pub(crate) fn of<Z: Size>(
        board: &Board<Z>,
        rooms: &GoalRooms<Z>,
        route: Option<&Route<Z>>,
        links: &RoomLinks,
        at: &Z::Marks<Z::Sq>,
    ) -> Features {
        let (packed, out_of_plan) = match route {
            Some(route) => (route.packed(at), 0),
            None => {
                let in_rooms = rooms.packed(at);
                let loose = board.goals().iter().filter(|&&g| at[g.ix()] != Z::NONE && !rooms.contains(g)).count();
                (in_rooms + loose as u32, rooms.out_of_plan(at))
            }
        };
        Features { packed, regions: regions(board, at), out_of_plan, cut_links: links.cut(board, at) }
    }

    /// The cell key: packing, then out of plan, then room links, then connectivity.
    pub(crate) fn cell(self) -> u64 {
        (u64::from(self.packed) << 32)
            | (u64::from(self.out_of_plan) << 16)
            | (u64::from(self.cut_links.min(255)) << 8)
            | u64::from(self.regions.min(255))
    }

    /// The features back from a cell key (the inverse of [`cell`](Self::cell)).
    fn from_cell(key: u64) -> Features {
        Features {
            packed: (key >> 32) as u32,
            out_of_plan: (key >> 16) as u32 & 0xffff,
            cut_links: (key >> 8) as u32 & 0xff,
            regions: key as u32 & 0xff,
        }
    }

    /// The sort key of a better position: more packed, then fewer out of plan, then fewer
    /// links cut, then fewer regions.
    fn rank(self) -> (Reverse<u32>, u32, u32, u32) {
        (Reverse(self.packed), self.out_of_plan, self.cut_links, self.regions)
    }
}

/// A route for the boxes, as Festival's forward search follows its backward search's plan (its
/// "parking order"): the squares boxes are to arrive on, in order, each with the step at which
/// the box there leaves again. A position has followed the route as far as the longest prefix
/// of steps whose boxes are all where the route put them, a box that has left again by then
/// excepted; that count takes the place of the packing feature.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Route<Z: Size> {
    /// Per step: the square the box comes from ([`Size::NONE`](crate::rules::size::Size::NONE): wherever it waits), the square it
    /// arrives on, and the step at which it leaves that square (`u32::MAX`: never).
    steps: Vec<(Z::Sq, Z::Sq, u32)>,
    /// Per step: walking distances to its square on the empty board.
    dist: Vec<Vec<u16>>,
    /// Per step out of the start: the start square of its box ([`Size::NONE`](crate::rules::size::Size::NONE): not known).
    bases: Vec<Z::Sq>,
}

impl<Z: Size> Route<Z> {
    /// The route of `moves` in order, each the square a box comes from ([`Size::NONE`](crate::rules::size::Size::NONE): wherever
    /// it waits) and the one it arrives on: the box stays until a later step starts from
    /// its square.
    pub(crate) fn new(board: &Board<Z>, moves: &[(Z::Sq, Z::Sq)]) -> Route<Z> {
        let steps = moves
            .iter()
            .enumerate()
            .map(|(i, &(from, to))| {
                let until = moves[i + 1..].iter().position(|&(from, _)| from == to);
                (from, to, until.map_or(u32::MAX, |k| (i + 1 + k) as u32))
            })
            .collect();
        let dist = moves.iter().map(|&(_, to)| walking_distances(board, &[to])).collect();
        Route { steps, dist, bases: vec![Z::NONE; moves.len()] }
    }

    /// The route with the start square of the box of each step out of the start (`bases`,
    /// one per step, [`Size::NONE`](crate::rules::size::Size::NONE) where not known), for the route macros to carry that box.
    pub(crate) fn with_bases(mut self, bases: Vec<Z::Sq>) -> Route<Z> {
        self.bases = bases;
        self
    }

    /// How far the position `at` has followed the route.
    pub(crate) fn packed(&self, at: &Z::Marks<Z::Sq>) -> u32 {
        let mut packed = self.steps.len() as u32;
        for (i, &(_, square, until)) in self.steps.iter().enumerate().rev() {
            if at[square.ix()] == Z::NONE && until >= packed {
                packed = i as u32;
            }
        }
        packed
    }

    /// The next step for the position `at`, unless it has followed the whole route.
    pub(crate) fn next(&self, at: &Z::Marks<Z::Sq>) -> Option<NextStep<'_, Z>> {
        let k = self.packed(at) as usize;
        let &(from, to, _) = self.steps.get(k)?;
        let base = self.bases.get(k).copied().unwrap_or(Z::NONE);
        Some(NextStep { route: self, k, from, to, base })
    }
}

/// The step of a [`Route`] a position is to take next.
pub(crate) struct NextStep<'a, Z: Size> {
    route: &'a Route<Z>,
    /// Its index.
    k: usize,
    /// The square the box comes from ([`Size::NONE`](crate::rules::size::Size::NONE): wherever it waits).
    pub(crate) from: Z::Sq,
    /// The square it goes to.
    pub(crate) to: Z::Sq,
    /// The start square of its box, for a step out of the start ([`Size::NONE`](crate::rules::size::Size::NONE): not known).
    pub(crate) base: Z::Sq,
}

impl<Z: Size> NextStep<'_, Z> {
    /// Walking distances to the step's square on the empty board.
    pub(crate) fn distances(&self) -> &[u16] {
        &self.route.dist[self.k]
    }

    /// Whether an earlier step holds a box on `b` until after this one.
    pub(crate) fn holds(&self, b: Z::Sq) -> bool {
        self.route.steps[..self.k].iter().any(|&(_, s, until)| s == b && until as usize > self.k)
    }
}

/// FESS's advisors on the moves of one expansion from a position in cell `parent`: every
/// move weighs 1 except at most one per advisor, which weighs 0. The packing, out-of-plan,
/// connectivity and room-connectivity advisors each recommend, among the moves that lose no
/// packed box and improve their feature, the best (more packed, fewer out of plan, fewer
/// room links cut, fewer regions, then the lowest bound), so that sequences of such moves
/// are followed first.
pub(crate) fn advise<Z: Size>(parent: u64, moves: &[Move<'_, State<Z>, Cost>], weights: &mut [u32]) {
    weights.fill(1);
    let before = Features::from_cell(parent);
    let after: Vec<Features> = moves.iter().map(|m| Features::from_cell(m.cell)).collect();
    let improves: [fn(Features, Features) -> bool; 4] = [
        |b, a| a.packed > b.packed,
        |b, a| a.out_of_plan < b.out_of_plan,
        |b, a| a.regions < b.regions,
        |b, a| a.cut_links < b.cut_links,
    ];
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

/// FESS's hotspots, as Festival defines them: a box off goal is a hotspot when some other box
/// off goal, alone on the board with the hotspot's square as a wall, reaches fewer goals than
/// without it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Hotspots<Z: Size> {
    /// Per square `b`: the squares off goal from which a lone box reaches fewer goals with a
    /// wall on `b` (empty for goals and dead squares).
    blocks: Vec<Z::Set>,
}

impl<Z: Size> Hotspots<Z> {
    /// The blocking table of `board`: per square, one backward search per goal.
    pub(crate) fn new(board: &Board<Z>) -> Hotspots<Z> {
        let floor = board.floor();
        let free = goals_reached(board, Z::NONE);
        let blocks = (0..floor)
            .map(Z::Sq::of)
            .map(|b| {
                let mut set = Z::Set::EMPTY;
                if board.is_goal(b) || board.is_dead(b) {
                    return set;
                }
                let with = goals_reached(board, b);
                for p in (0..floor).map(Z::Sq::of).filter(|&p| p != b && !board.is_goal(p)) {
                    if with[p.ix()] < free[p.ix()] {
                        set.insert(p);
                    }
                }
                set
            })
            .collect();
        Hotspots { blocks }
    }

    /// The number of hotspots among `boxes`.
    pub(crate) fn count(&self, board: &Board<Z>, boxes: &[Z::Sq]) -> u32 {
        let mut off: Z::Set = Z::Set::EMPTY;
        for &b in boxes.iter().filter(|&&b| !board.is_goal(b)) {
            off.insert(b);
        }
        let blocks = |b: Z::Sq| self.blocks[b.ix()].meets(&off);
        boxes.iter().filter(|&&b| !board.is_goal(b) && blocks(b)).count() as u32
    }
}

/// Per square, the number of goals a box alone on the board reaches from it with a wall on
/// `wall` ([`Size::NONE`](crate::rules::size::Size::NONE): none): one backward search (pulls) per goal.
fn goals_reached<Z: Size>(board: &Board<Z>, wall: Z::Sq) -> Vec<u32> {
    let mut count = vec![0; board.floor()];
    let mut stack = Vec::new();
    for &g in board.goals().iter().filter(|&&g| g != wall) {
        let mut seen: Z::Set = Z::Set::EMPTY;
        seen.insert(g);
        stack.push(g);
        while let Some(t) = stack.pop() {
            for d in 0..4 {
                // The box came from `b`, pushed by a player on `p`.
                let b = board.next(t, d ^ 1);
                if b == Z::NONE || b == wall || seen.has(b) {
                    continue;
                }
                let p = board.next(b, d ^ 1);
                if p != Z::NONE && p != wall {
                    seen.insert(b);
                    stack.push(b);
                }
            }
        }
        for s in seen.squares::<Z::Sq>() {
            count[s.ix()] += 1;
        }
    }
    count
}

/// The position an expansion starts from, as the extra advisors see it.
pub(crate) struct Parent<'a, Z: Size> {
    /// Its boxes.
    pub(crate) boxes: &'a [Z::Sq],
    /// Its player.
    pub(crate) player: Z::Sq,
    /// Its cell.
    pub(crate) cell: u64,
}

/// FESS's hotspots, opener and explorer advisors on the moves of one expansion from `parent`;
/// each sets the weight of at most one move to 0, of those that lose no packed box:
///
/// * **hotspots**: the move that leaves fewer hotspots (see [`Hotspots`]), the best by
///   features, then hotspots, then bound;
/// * **opener** (only when no move packs a box): of the moves that join no regions apart and
///   take a box no nearer the next goal of a packing order, the one that moves the box
///   nearest that goal (then farthest away), clearing the way to it;
/// * **explorer**: a single push, which a push back could undo, after which the player
///   reaches a side of another box that he could not reach before (the square the pushed
///   box left counts) with the square beyond it free: a new push; the best by features,
///   then bound. (Festival does not count the square left; counting it offers the pushes
///   that a box moving out of the way makes possible.)
pub(crate) fn advise_more<Z: Size>(
    board: &Board<Z>,
    rooms: &GoalRooms<Z>,
    hotspots: &Hotspots<Z>,
    parent: Parent<'_, Z>,
    moves: &[Move<'_, State<Z>, Cost>],
    weights: &mut [u32],
) {
    let expansion = Expansion::new(board, parent, moves);
    let picks = [expansion.hotspots(hotspots), expansion.opener(rooms), expansion.explorer()];
    for i in picks.into_iter().flatten() {
        weights[i] = 0;
    }
}

/// One expansion as the extra advisors see it.
struct Expansion<'a, 'm, Z: Size> {
    board: &'a Board<Z>,
    parent: Parent<'a, Z>,
    /// The parent's box index per square.
    at: Z::Marks<Z::Sq>,
    moves: &'a [Move<'m, State<Z>, Cost>],
    /// Per move, the square the pushed box leaves and the one it ends on.
    pushed: Vec<(Z::Sq, Z::Sq)>,
    before: Features,
    after: Vec<Features>,
}

impl<'a, 'm, Z: Size> Expansion<'a, 'm, Z> {
    /// The expansion from `parent` to `moves`.
    fn new(board: &'a Board<Z>, parent: Parent<'a, Z>, moves: &'a [Move<'m, State<Z>, Cost>]) -> Self {
        let mut at = Z::marks(Z::NONE);
        for (k, &b) in parent.boxes.iter().enumerate() {
            at[b.ix()] = Z::Sq::of(k);
        }
        let n = parent.boxes.len();
        let pushed = moves
            .iter()
            .map(|m| {
                let boxes = m.state.boxes(n);
                let to = boxes.iter().copied().find(|&b| at[b.ix()] == Z::NONE).unwrap_or(Z::NONE);
                let from = parent.boxes.iter().copied().find(|b| !boxes.contains(b)).unwrap_or(Z::NONE);
                (from, to)
            })
            .collect();
        let before = Features::from_cell(parent.cell);
        let after = moves.iter().map(|m| Features::from_cell(m.cell)).collect();
        Expansion { board, parent, at, moves, pushed, before, after }
    }

    /// Whether move `i` loses no packed box.
    fn keeps(&self, i: usize) -> bool {
        self.after[i].packed >= self.before.packed
    }

    /// The better of two moves: by features, then bound.
    fn better(&self, i: usize, j: usize) -> Ordering {
        self.after[i].rank().cmp(&self.after[j].rank()).then_with(|| self.moves[i].h.total_cmp(&self.moves[j].h))
    }

    /// The hotspots advisor's move (see [`advise_more`]).
    fn hotspots(&self, hotspots: &Hotspots<Z>) -> Option<usize> {
        let n = self.parent.boxes.len();
        let here = hotspots.count(self.board, self.parent.boxes);
        let hot: Vec<u32> = self.moves.iter().map(|m| hotspots.count(self.board, m.state.boxes(n))).collect();
        (0..self.moves.len()).filter(|&i| self.keeps(i) && hot[i] < here).min_by(|&i, &j| {
            self.after[i].rank().cmp(&self.after[j].rank()).then(hot[i].cmp(&hot[j])).then_with(|| self.better(i, j))
        })
    }

    /// The opener's move (see [`advise_more`]).
    fn opener(&self, rooms: &GoalRooms<Z>) -> Option<usize> {
        if (0..self.moves.len()).any(|i| self.after[i].packed > self.before.packed) {
            return None;
        }
        let goal = *rooms.next_goals(&self.at, 1).first()?;
        let dist = walking_distances(self.board, &[goal]);
        let d = |s: Z::Sq| if s == Z::NONE { FAR } else { dist[s.ix()] };
        let clears = |i: usize| {
            let (from, to) = self.pushed[i];
            self.keeps(i) && self.after[i].regions <= self.before.regions && from != Z::NONE && d(to) >= d(from)
        };
        (0..self.moves.len())
            .filter(|&i| clears(i))
            .min_by_key(|&i| (d(self.pushed[i].0), Reverse(d(self.pushed[i].1))))
    }

    /// The explorer's move (see [`advise_more`]).
    fn explorer(&self) -> Option<usize> {
        let board = self.board;
        let (reach, _) = board.region(self.parent.player, &self.at);
        let opens = |i: usize| -> bool {
            let (from, to) = self.pushed[i];
            // Only single pushes that can be pushed back (walls permitting).
            let Some(dir) = board.direction(from, to) else { return false };
            if board.next(to, dir) == Z::NONE {
                return false;
            }
            let mut at = self.at;
            at[to.ix()] = at[from.ix()];
            at[from.ix()] = Z::NONE;
            // The child's region, from the parent's (the player now stands on `from`).
            let (now, _) = board.region_after(&reach, from, to, &at);
            let new_push = |b: Z::Sq, d: usize| {
                let (side, ahead) = (board.next(b, d), board.next(b, d ^ 1));
                side != Z::NONE && ahead != Z::NONE && at[ahead.ix()] == Z::NONE && now.has(side) && !reach.has(side)
            };
            self.parent.boxes.iter().filter(|&&b| b != from).any(|&b| (0..4).any(|d| new_push(b, d)))
        };
        (0..self.moves.len()).filter(|&i| self.keeps(i) && opens(i)).min_by(|&i, &j| self.better(i, j))
    }
}

/// FESS's room connectivity, as Festival defines it: rooms are the floor covered by 2×2
/// blocks of floor that touch another such block; two rooms are linked when the player can
/// walk from one into the other through corridors (floor of no room) alone. A position cuts a
/// link of the empty board when some part of one room's free floor no longer reaches the
/// other. A square where two rooms touch only at a corner belongs to neither (Festival's).
#[derive(Clone, Debug)]
pub(crate) struct RoomLinks {
    /// Per square, its room, or `u8::MAX` for corridors.
    room: Vec<u8>,
    /// Number of rooms.
    rooms: usize,
    /// The links of the empty board, a bit per room (at most 64 rooms are counted).
    base: [u64; 64],
}

impl Default for RoomLinks {
    /// No rooms: every position cuts no link.
    fn default() -> RoomLinks {
        RoomLinks { room: Vec::new(), rooms: 0, base: [0; 64] }
    }
}

impl RoomLinks {
    /// The rooms of `board` and their links on the empty board.
    pub(crate) fn new<Z: Size>(board: &Board<Z>) -> RoomLinks {
        let floor = board.floor();
        let at_cell = |r: usize, c: usize| board.square_at(r, c);
        // Blocks: the top-left squares of 2×2 floor blocks.
        let mut block = vec![false; floor];
        for s in (0..floor).map(Z::Sq::of) {
            let (r, c) = board.cell_of(s);
            block[s.ix()] = [at_cell(r, c + 1), at_cell(r + 1, c), at_cell(r + 1, c + 1)].iter().all(|&t| t != Z::NONE);
        }
        // The neighbouring blocks of a block (up, down, left, right).
        let neighbours = |s: Z::Sq| -> Vec<Z::Sq> {
            (0..4).map(|d| board.next(s, d)).filter(|&t| t != Z::NONE && block[t.ix()]).collect()
        };
        let lone: Vec<bool> = (0..floor).map(Z::Sq::of).map(|s| block[s.ix()] && neighbours(s).is_empty()).collect();
        let mut label = vec![u8::MAX; floor];
        let mut rooms = 0usize;
        for s in (0..floor).map(Z::Sq::of) {
            if !block[s.ix()] || lone[s.ix()] || label[s.ix()] != u8::MAX || rooms >= 64 {
                continue;
            }
            let mut stack = vec![s];
            label[s.ix()] = rooms as u8;
            while let Some(b) = stack.pop() {
                for t in neighbours(b) {
                    if !lone[t.ix()] && label[t.ix()] == u8::MAX {
                        label[t.ix()] = rooms as u8;
                        stack.push(t);
                    }
                }
            }
            rooms += 1;
        }
        let mut room = vec![u8::MAX; floor];
        for s in (0..floor).map(Z::Sq::of) {
            if label[s.ix()] != u8::MAX {
                let (r, c) = board.cell_of(s);
                for t in [s, at_cell(r, c + 1), at_cell(r + 1, c), at_cell(r + 1, c + 1)] {
                    room[t.ix()] = label[s.ix()];
                }
            }
        }
        // A square where two rooms' blocks touch only at a corner belongs to neither.
        let anchor = |r: usize, c: usize| {
            let t = at_cell(r, c);
            t != Z::NONE && block[t.ix()] && !lone[t.ix()]
        };
        for s in (0..floor).map(Z::Sq::of) {
            let (r, c) = board.cell_of(s);
            if r == 0 || c == 0 {
                continue;
            }
            let (a, b, d, e) = (anchor(r - 1, c - 1), anchor(r, c), anchor(r, c - 1), anchor(r - 1, c));
            if a == b && d == e && a != d {
                room[s.ix()] = u8::MAX;
            }
        }
        let mut links = RoomLinks { room, rooms, base: [0; 64] };
        links.base = links.links(board, &Z::marks(Z::NONE));
        links
    }

    /// The room of square `s`, or `u8::MAX` for corridors.
    pub(crate) fn room_of<S: Square>(&self, s: S) -> u8 {
        self.room.get(s.ix()).copied().unwrap_or(u8::MAX)
    }

    /// Per room, the rooms every part of its free floor reaches around the boxes in `at` (a
    /// bit per room; the entries past `rooms` unused). No allocation: it runs for every
    /// position the first race generates.
    fn links<Z: Size>(&self, board: &Board<Z>, at: &Z::Marks<Z::Sq>) -> [u64; 64] {
        let mut linked = [u64::MAX; 64];
        let mut processed = 0u64;
        let mut visited: Z::Set = Z::Set::EMPTY;
        for s in (0..board.floor()).map(Z::Sq::of) {
            let color = self.room[s.ix()];
            if color == u8::MAX || at[s.ix()] != Z::NONE || visited.has(s) {
                continue;
            }
            processed |= 1 << color;
            let mut seen_rooms = 0u64;
            // One flood fill through the room's part and the corridors (each square once):
            // other rooms' squares are only looked at.
            let mut here: Z::Set = Z::Set::EMPTY;
            here.insert(s);
            visited.insert(s);
            flood(board, at, s, |t| {
                let other = self.room[t.ix()];
                if here.has(t) {
                    return false;
                }
                if other != u8::MAX && other != color {
                    seen_rooms |= 1 << other;
                    return false;
                }
                here.insert(t);
                if other == color {
                    visited.insert(t);
                }
                true
            });
            linked[color.ix()] &= seen_rooms;
        }
        for (c, l) in linked.iter_mut().enumerate().take(self.rooms) {
            if processed >> c & 1 == 0 {
                *l = 0;
            }
        }
        // A link holds both ways or not at all.
        let copy = linked;
        for (c, l) in linked.iter_mut().enumerate().take(self.rooms) {
            for (k, other) in copy.iter().enumerate().take(self.rooms) {
                if other >> c & 1 == 0 {
                    *l &= !(1 << k);
                }
            }
        }
        linked
    }

    /// The links of the empty board that the boxes in `at` cut.
    pub(crate) fn cut<Z: Size>(&self, board: &Board<Z>, at: &Z::Marks<Z::Sq>) -> u32 {
        if self.rooms <= 1 {
            return 0;
        }
        let now = self.links(board, at);
        let cut: u32 = self.base.iter().zip(&now).take(self.rooms).map(|(b, n)| (b & !n).count_ones()).sum();
        cut / 2
    }
}

/// Walking distances from the nearest of `from` over the empty floor ([`FAR`]: unreachable).
pub(crate) fn walking_distances<Z: Size>(board: &Board<Z>, from: &[Z::Sq]) -> Vec<u16> {
    let mut dist = vec![FAR; board.floor()];
    let mut queue = std::collections::VecDeque::new();
    for &s in from {
        dist[s.ix()] = 0;
        queue.push_back(s);
    }
    while let Some(s) = queue.pop_front() {
        for d in 0..4 {
            let t = board.next(s, d);
            if t != Z::NONE && dist[t.ix()] == FAR {
                dist[t.ix()] = dist[s.ix()] + 1;
                queue.push_back(t);
            }
        }
    }
    dist
}

/// The number of 4-connected regions of floor squares without a box in `at`: one flood fill
/// over the whole floor, each square marked once (on a copy of `at`, as seen boxes are). Not
/// `macros::flood` with a seen table, which is slower, since this runs for every position
/// generated.
pub(crate) fn regions<Z: Size>(board: &Board<Z>, at: &Z::Marks<Z::Sq>) -> u32 {
    let mut open = *at;
    let mut stack = Z::marks(Z::Sq::default());
    let mut count = 0;
    for s in (0..board.floor()).map(Z::Sq::of) {
        if open[s.ix()] != Z::NONE {
            continue;
        }
        count += 1;
        open[s.ix()] = Z::Sq::ZERO;
        stack[0] = s;
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let v = stack[len];
            for d in 0..4 {
                let t = board.next(v, d);
                if t != Z::NONE && open[t.ix()] == Z::NONE {
                    open[t.ix()] = Z::Sq::ZERO;
                    stack[len] = t;
                    len += 1;
                }
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::size::Small;

    fn features(text: &str) -> Features {
        let board = Board::as_drawn(text);
        let at = board.start_occupancy();
        Features::of(&board, &GoalRooms::new(&board), None, &RoomLinks::new(&board), &at)
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

    /// Two rooms (2×3 floor) joined by a corridor: a box in the corridor cuts their link, a
    /// box in a room does not, two boxes that shut part of a room off from the corridor do.
    #[test]
    fn boxes_that_close_the_way_between_rooms_cut_a_link() {
        let cut = |text: &str| features(text).cut_links;
        let board = Board::as_drawn("##########\n#@ ####  #\n#   $   .#\n#  ####  #\n##########\n");
        let links = RoomLinks::new(&board);
        assert_eq!(links.rooms, 2);
        let room = |r, c| links.room[(board.square_at(r, c)).ix()];
        assert_eq!((room(1, 1), room(3, 2), room(2, 7)), (0, 0, 1));
        assert_eq!(room(2, 4), u8::MAX, "the corridor is no room");
        assert_eq!(cut("##########\n#@ ####  #\n#   $   .#\n#  ####  #\n##########\n"), 1);
        assert_eq!(cut("##########\n#@ ####  #\n#$      .#\n#  ####  #\n##########\n"), 0);
        assert_eq!(cut("##########\n#@ ####  #\n#$$     .#\n#  #### .#\n##########\n"), 1);
        // One room: nothing to cut.
        assert_eq!(cut("#######\n#@    #\n#  $ .#\n#######\n"), 0);
    }

    /// XSokoban #50's rooms as Festival prints them (`fess`, verbosity 5; `#` also for floor
    /// it fills in, blank for corridors): ours are the same wherever both have floor. The
    /// square where rooms 1 and 2 touch at a corner, (4, 14), is in neither.
    #[test]
    fn xsokoban_50s_rooms_are_festivals() {
        let festival = [
            "      ############ ",
            "     ##000000#111# ",
            "    ##0000000 111# ",
            "   ##0000#####11## ",
            "   #0000#####2 1 # ",
            "####000#  #2222# # ",
            "#33## ##   22222 # ",
            "#333333###  #222## ",
            "#3333333  ###222#  ",
            "###33333# ### ###  ",
            "  #33333  ### #####",
            "  #33# #####4444  #",
            "  #33  #   #4444# #",
            "  #33###   ##4444 #",
            "  #33#      #4444##",
            "  ####      ###### ",
        ];
        let levels = crate::rules::level::parse_collection(include_str!("../../data/xsokoban90.xsb")).unwrap();
        let board = Board::new(&levels[49], false).unwrap();
        let links = RoomLinks::new(&board);
        assert_eq!(links.rooms, 5);
        // Festival's room numbers to ours, as they are met.
        let mut named: [Option<u8>; 10] = [None; 10];
        let mut compared = 0;
        for (r, line) in festival.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let s = board.square_at(r, c);
                if s == Small::NONE || ch == '#' {
                    continue;
                }
                compared += 1;
                let ours = links.room_of(s);
                match ch.to_digit(10) {
                    None => assert_eq!(ours, u8::MAX, "({r}, {c}) is a corridor"),
                    Some(d) => assert_eq!(*named[d as usize].get_or_insert(ours), ours, "({r}, {c}) in room {d}"),
                }
            }
        }
        assert!(compared > 120, "{compared} squares compared");
        assert_eq!(links.room_of(board.square_at(4, 14)), u8::MAX);
    }

    #[test]
    fn a_route_counts_the_steps_followed_in_order() {
        let board = Board::as_drawn("##########\n#@ $ $ ..#\n##########\n");
        let (a, b, c) = (board.square_at(1, 3), board.square_at(1, 5), board.square_at(1, 7));
        // Boxes come out to a and b, then the one on a goes on to c.
        let route = Route::new(&board, &[(Small::NONE, a), (Small::NONE, b), (a, c)]);
        let packed = |boxes: &[u8]| {
            let mut at = Small::marks(Small::NONE);
            for &s in boxes {
                at[s.ix()] = 0;
            }
            route.packed(&at)
        };
        assert_eq!(packed(&[a]), 1);
        assert_eq!(packed(&[a, b]), 2);
        assert_eq!(packed(&[b, c]), 3, "the box that left a has gone on as the route says");
        assert_eq!(packed(&[c]), 0, "without a box on b, the step from a is not taken yet");
        let mut at = Small::marks(Small::NONE);
        at[a.ix()] = 0;
        at[b.ix()] = 1;
        let Some(next) = route.next(&at) else { panic!("one step left") };
        assert_eq!((next.from, next.to), (a, c));
        assert_eq!(next.distances()[a.ix()], 4);
        assert!(next.holds(b) && !next.holds(a), "b stays, a is the step's box");
        at[a.ix()] = Small::NONE;
        at[c.ix()] = 0;
        assert!(route.next(&at).is_none());
    }

    fn hotspots(text: &str) -> u32 {
        let board = Board::as_drawn(text);
        Hotspots::new(&board).count(&board, board.start_boxes())
    }

    /// A box is a hotspot when it cuts another box off goals it could reach alone.
    #[test]
    fn a_box_in_another_boxs_way_is_a_hotspot() {
        // In a corridor the box next to the goal stands in the other's way (not conversely).
        assert_eq!(hotspots("#########\n#@$ $ ..#\n#########\n"), 1);
        // Two boxes side by side in a corridor: each needs the other's square (the back one
        // for the player to push the front one).
        assert_eq!(hotspots("#########\n#@$$  ..#\n#########\n"), 2);
        // In an open room nobody blocks anybody; a box on a goal is never a hotspot.
        assert_eq!(hotspots("#######\n#     #\n# $ $ #\n#@ . .#\n#######\n"), 0);
        assert_eq!(hotspots("########\n#@$ * .#\n########\n"), 0);
    }

    /// A position as boxes and player, each as (row, column).
    type Spot<'a> = (&'a [(usize, usize)], (usize, usize));

    /// Runs `advisor` on the expansion from `start` to each of `ends` on `level` (`--any`'s
    /// settings; every move's bound 0).
    fn advised(
        level: &str,
        start: Spot<'_>,
        ends: &[Spot<'_>],
        advisor: fn(&Expansion<Small>, &GoalRooms<Small>) -> Option<usize>,
    ) -> Option<usize> {
        use crate::search::problem::SokobanProblem;
        use crate::search::settings::Settings;
        use delve_core::Lex;
        let board = Board::as_drawn(level);
        let problem = SokobanProblem::new(board, Settings::any());
        let b = problem.board();
        let state = |(boxes, player): Spot<'_>| {
            let squares: Vec<u8> = boxes.iter().map(|&(r, c)| b.square_at(r, c)).collect();
            problem.make_state(&squares, b.square_at(player.0, player.1))
        };
        let parent = state(start);
        let states: Vec<State<Small>> = ends.iter().map(|&end| state(end)).collect();
        let moves: Vec<Move<'_, State<Small>, Cost>> =
            states.iter().map(|s| Move { state: s, cell: problem.feature_cell(s), h: Lex(0, 0) }).collect();
        let parent =
            Parent { boxes: parent.boxes(start.0.len()), player: parent.player(), cell: problem.feature_cell(&parent) };
        advisor(&Expansion::new(b, parent, &moves), &GoalRooms::new(b))
    }

    /// The opener pushes the box nearest the next goal of a packing order away from it,
    /// unless a move packs a box or the push cuts the floor apart.
    #[test]
    fn the_opener_clears_the_way_to_the_next_goal() {
        let room = "#########\n#...    #\n####    #\n#  $$$  #\n#@      #\n#########\n";
        let start: Spot<'_> = (&[(3, 3), (3, 4), (3, 5)], (4, 1));
        let ends: [Spot<'_>; 4] = [
            (&[(3, 3), (2, 4), (3, 5)], (4, 4)), // nearer the next goal, (1, 1)
            (&[(3, 3), (3, 4), (3, 6)], (3, 4)), // away: the one
            (&[(3, 3), (4, 4), (3, 5)], (2, 4)), // away and nearer, but cuts the floor
            (&[(3, 3), (1, 1), (3, 5)], (1, 2)), // packs a box
        ];
        let opener = |e: &Expansion<Small>, rooms: &GoalRooms<Small>| e.opener(rooms);
        assert_eq!(advised(room, start, &ends, opener), None, "a move packs");
        assert_eq!(advised(room, start, &ends[..3], opener), Some(1));
    }

    /// The explorer recommends a single push that gives the player a new push of another box.
    #[test]
    fn the_explorer_finds_a_push_that_opens_a_new_push() {
        let explorer = |e: &Expansion<Small>, _: &GoalRooms<Small>| e.explorer();
        // The player is shut in the corner by two boxes.
        let corner = "#######\n#@$   #\n#$    #\n#  .. #\n#######\n";
        let ends: [Spot<'_>; 2] = [
            (&[(1, 4), (2, 1)], (1, 3)), // two squares at once: not a single push
            (&[(1, 3), (2, 1)], (1, 2)), // the player gets below the other box
        ];
        assert_eq!(advised(corner, (&[(1, 2), (2, 1)], (1, 1)), &ends, explorer), Some(1));
        // With the corner open, a push along the top row gives no new push.
        assert_eq!(advised(corner, (&[(1, 3), (2, 1)], (3, 3)), &[(&[(1, 4), (2, 1)], (1, 3))], explorer), None);
    }

    /// Each advisor recommends at most one move: of those that improve its feature without
    /// unpacking a box, the best (more packed, fewer out of plan, fewer regions, lower bound).
    #[test]
    fn each_advisor_recommends_its_best_improving_move() {
        use crate::search::problem::SokobanProblem;
        use crate::search::settings::Settings;
        use delve_core::{Lex, Problem};
        let board = Board::as_drawn("#######\n#@ $ .#\n#######\n");
        let state = SokobanProblem::new(board, Settings::PLAIN).initial_state();
        let cell = |packed, out_of_plan, regions| Features { packed, regions, out_of_plan, cut_links: 0 }.cell();
        let parent = cell(2, 1, 3);
        let moves: Vec<Move<'_, State<Small>, Cost>> = [
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
