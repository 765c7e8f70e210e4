//! Sokoban as a `delve-core` [`Problem`] over pushes: a state is the boxes and the player, a
//! successor is one push (the walk to it is found by flood fill and counted in moves).
//!
//! * **State**: a Zobrist key (updated per push, and all the state's hash), the box squares
//!   (sorted when boxes are interchangeable, indexed by box when ordered) and the player's
//!   square: the exact square (the one the last push left it on) when moves count, else the
//!   top-left-most square of its region, so states that differ only by where the player
//!   stands in the same region are one state. 48 bytes, `Copy`.
//! * **Cost**: [`Lex`]`(pushes, moves)`. With the exact player a push costs `(1, walk + 1)`,
//!   so A* finds the fewest pushes and, among those, the fewest moves; with the normalised
//!   player a push costs `(1, 0)` (moves are counted when the solution is laid out).
//! * **Heuristic**: the minimum-cost perfect matching of boxes to goals on push distances
//!   (ordered: each box's distance to its own goal), admissible and consistent (a push
//!   changes one box's distances by at most one). Each distance is the lone box's from the
//!   player's side of it ([`Board::distance_from`]): a box the player can reach from one
//!   side only (in a one-wide passage, or where the box cuts the floor in two) may need a
//!   longer way round than its plain push distance; a push of one box never changes the
//!   player's side of another, so only the pushed box's row changes. Updated per push without a new matching
//!   when the pushed box moves one step closer to the goal it was matched with (the bound
//!   then drops by exactly one). Moves get the bound too (every push is a move).
//! * **Pruning**: no push onto a dead square, no push that freezes boxes off their goals, no
//!   successors for a state whose boxes cannot all be matched to goals; optionally only the
//!   pushes into a PI-corral ([`Settings::pi_corrals`]).

use crate::fess::features::{Features, Hotspots, Parent, RoomLinks, advise_more};
use crate::fess::packing::{packing_pushes, route_pushes};
use crate::fess::rooms::{GoalRooms, box_path};
use crate::fess::strategy::{Advisors, Strategy};
use crate::prune::corral::{PiCorrals, for_each_corral};
use crate::prune::corral_deadlock::{CorralCache, corral_is_dead};
use crate::prune::deadlock::{Boxes, freeze_deadlock, is_frozen};
use crate::prune::deadlock_table::DeadlockTable;
use crate::prune::frozen_goals::{FrozenGoals, frozen_on_goals};
use crate::rules::board::{Board, FAR};
use crate::rules::size::{Size, Square, SquareSet};
use crate::search::settings::Settings;
use crate::search::state::{Cost, Push, State};
use crate::search::symmetry::{ImageKeys, Symmetries};
use delve_core::matching::{IncrementalMatching, Matcher};
use delve_core::{Lex, Problem, Solution, Successor};
use std::cell::RefCell;

/// The matching of the last expanded state, reused for its successors' bounds.
struct Cache<Z: Size> {
    matcher: Matcher<u32>,
    /// The state it is for: its boxes and player (the bound depends on the player's side of
    /// each box).
    boxes: Z::BoxSquares,
    player: Z::Sq,
    /// Its bound (`None`: the boxes cannot all be matched).
    bound: Option<u32>,
    /// Its matching: the goal index of each box.
    assignment: Vec<usize>,
    /// Room for the matchings of other states.
    scratch: Vec<usize>,
    /// The matching of `boxes` with its duals, when it was solved as a square problem (as
    /// many boxes as goals): children's bounds then cost one augmentation each.
    duals: Option<IncrementalMatching>,
}

/// What the expansion of a child of the last expanded state can take over (see [`Children`]).
#[derive(Clone, Copy, Debug)]
struct Child<Z: Size> {
    state: State<Z>,
    /// The player's region.
    region: Z::Set,
    /// The pushed box's row in the parent's matching and in the child's (boxes are sorted).
    rows: (usize, usize),
    /// Where the box went, and a square of the player's region after the push.
    to: Z::Sq,
    player: Z::Sq,
}

/// The children of the last expanded state, as [`SokobanProblem::child`] made them (those
/// stored as found, not as a symmetric image; normalised player only).
#[derive(Debug, Default)]
struct Children<Z: Size> {
    parent: Option<State<Z>>,
    list: Vec<Child<Z>>,
    /// The parent's [`image_keys`](SokobanProblem::image_keys), when the board has symmetries.
    images: ImageKeys,
}

/// Sokoban over pushes, for `delve-core`'s searches.
pub struct SokobanProblem<Z: Size> {
    board: Board<Z>,
    settings: Settings,
    /// How a cycling search is guided (read only with [`Settings::macros`]).
    strategy: Strategy<Z>,
    /// How many goals a room the packing macros may reach ([`Strategy::packing`]).
    packing_goals: usize,
    n: usize,
    cache: RefCell<Cache<Z>>,
    /// Goal rooms and packing orders (empty unless [`Settings::macros`]).
    rooms: GoalRooms<Z>,
    /// FESS's hotspot table for the advisors (empty unless [`Settings::macros`]).
    hotspots: Hotspots<Z>,
    /// Rooms and their links, for the room-connectivity feature (empty unless
    /// [`Settings::macros`]).
    links: RoomLinks,
    /// Corral verdicts already found ([`Settings::corral_deadlocks`]).
    corrals: RefCell<CorralCache>,
    /// The board's symmetries, when states are stored one per class (see the `symmetry`
    /// module; unordered levels without macros).
    symmetries: Symmetries<Z>,
    /// Dead patterns learned from sub-problems ([`Settings::deadlock_table`]).
    table: RefCell<DeadlockTable<Z>>,
    /// Reach sets of free goals per set of boxes frozen on goals ([`Settings::frozen_goals`]).
    frozen_goals: RefCell<FrozenGoals<Z>>,
    /// The last expanded state's children: A* often expands one of them next, which can then
    /// take its region and its matching over from the parent's.
    children: RefCell<Children<Z>>,
}

/// Most rows [`SokobanProblem::rematch`] changes in a kept matching before it leaves the
/// position to a fresh solve.
const REMATCH_ROWS: usize = 3;

/// The cost of column `c` of a row of push distances: `None` when the box cannot reach that
/// goal.
fn cost_of(row: &[u16], c: usize) -> Option<u32> {
    let d = row[c];
    (d != FAR).then_some(u32::from(d))
}

impl<Z: Size> SokobanProblem<Z> {
    /// The problem on `board`.
    pub fn new(board: Board<Z>, settings: Settings) -> SokobanProblem<Z> {
        SokobanProblem::with_strategy(board, settings, Strategy::default())
    }

    /// The problem on `board` for a cycling search guided by `strategy` (its room links,
    /// route and packing reach; the advisors are [`advise`](Self::advise)'s).
    pub fn with_strategy(board: Board<Z>, settings: Settings, strategy: Strategy<Z>) -> SokobanProblem<Z> {
        let config = settings;
        let n = board.start_boxes().len();
        let cache = Cache {
            matcher: Matcher::new(),
            boxes: Z::box_squares(Z::NONE),
            player: Z::NONE,
            bound: None,
            assignment: Vec::new(),
            scratch: Vec::new(),
            duals: None,
        };
        let rooms = if config.macros { GoalRooms::new(&board) } else { GoalRooms::default() };
        let hotspots = if config.macros { Hotspots::new(&board) } else { Hotspots::default() };
        let links = if config.macros && strategy.room_links { RoomLinks::new(&board) } else { RoomLinks::default() };
        let packing_goals = strategy.packing_goals(rooms.len());
        let symmetries =
            if config.macros || board.is_ordered() { Symmetries::default() } else { Symmetries::new(&board) };
        SokobanProblem {
            board,
            settings: config,
            strategy,
            packing_goals,
            n,
            cache: RefCell::new(cache),
            rooms,
            hotspots,
            links,
            corrals: RefCell::default(),
            symmetries,
            table: RefCell::default(),
            frozen_goals: RefCell::default(),
            children: RefCell::default(),
        }
    }

    /// The board's symmetries the search folds states by (none for ordered levels and macros).
    pub(crate) fn symmetries(&self) -> &Symmetries<Z> {
        &self.symmetries
    }

    /// The same problem searched without folding symmetric states (for comparisons).
    #[cfg(test)]
    pub(crate) fn without_symmetries(mut self) -> Self {
        self.symmetries = Symmetries::default();
        self
    }

    /// The board.
    pub fn board(&self) -> &Board<Z> {
        &self.board
    }

    /// The number of boxes.
    pub fn box_count(&self) -> usize {
        self.n
    }

    /// The settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The strategy of a cycling search ([`with_strategy`](Self::with_strategy)).
    pub fn strategy(&self) -> &Strategy<Z> {
        &self.strategy
    }

    /// The number of goal rooms with a packing order (none without macros).
    #[cfg(test)]
    pub(crate) fn goal_rooms(&self) -> usize {
        self.rooms.len()
    }

    /// How many goals a room the packing macros may reach on this level.
    #[cfg(test)]
    pub(crate) fn packing_goals(&self) -> usize {
        self.packing_goals
    }

    /// Box index on each square for `state`.
    fn occupancy(&self, state: &State<Z>) -> Z::Marks<Z::Sq> {
        let mut at = Z::marks(Z::NONE);
        for (i, &b) in state.boxes(self.n).iter().enumerate() {
            at[b.ix()] = Z::Sq::of(i);
        }
        at
    }

    /// Walking distance from `from` to every square around the boxes in `at` ([`FAR`]:
    /// unreachable), by breadth-first flood fill.
    pub(crate) fn walk(&self, from: Z::Sq, at: &Z::Marks<Z::Sq>, dist: &mut Z::Marks<u16>) {
        dist[..self.board.floor()].fill(FAR);
        let mut queue = Z::marks(Z::Sq::default());
        let (mut head, mut tail) = (0, 1);
        queue[0] = from;
        dist[from.ix()] = 0;
        while head < tail {
            let s = queue[head];
            head += 1;
            let ds = dist[s.ix()] + 1;
            for d in 0..4 {
                let t = self.board.next(s, d);
                if t != Z::NONE && at[t.ix()] == Z::NONE && dist[t.ix()] == FAR {
                    dist[t.ix()] = ds;
                    queue[tail] = t;
                    tail += 1;
                }
            }
        }
    }

    /// The top-left-most square the player can reach from `from` around the boxes in `at`.
    pub(crate) fn normalise(&self, from: Z::Sq, at: &Z::Marks<Z::Sq>) -> Z::Sq {
        self.region(from, at).1
    }

    /// The squares the player can reach from `from` around the boxes in `at` (a bit set),
    /// and the top-left-most of them.
    pub(crate) fn region(&self, from: Z::Sq, at: &Z::Marks<Z::Sq>) -> (Z::Set, Z::Sq) {
        self.board.region(from, at)
    }

    /// The push lower bound of `boxes` (`None`: some box cannot reach a goal left to it),
    /// with the matching written to `assignment` when unordered.
    fn push_bound(
        &self,
        boxes: &[Z::Sq],
        player: Z::Sq,
        matcher: &mut Matcher<u32>,
        assignment: &mut Vec<usize>,
    ) -> Option<u32> {
        let board = &self.board;
        assignment.clear();
        if board.is_ordered() {
            let mut total = 0;
            for (i, &b) in boxes.iter().enumerate() {
                let d = board.distance_from(board.target(i)?, b, player);
                if d == FAR {
                    return None;
                }
                total += u32::from(d);
            }
            return Some(total);
        }
        let goals = board.goals().len();
        let total = matcher.solve(boxes.len(), goals, |r, c| {
            let d = board.distance_from(c, boxes[r], player);
            (d != FAR).then_some(u32::from(d))
        })?;
        assignment.extend_from_slice(matcher.assignment());
        Some(total)
    }

    /// Makes the cache hold the matching of `state`; returns its bound.
    fn cached_bound(&self, state: &State<Z>) -> Option<u32> {
        let mut cache = self.cache.borrow_mut();
        if cache.boxes != state.boxes || cache.player != state.player {
            let Cache { matcher, boxes, player, bound, assignment, duals, .. } = &mut *cache;
            let here = state.boxes(self.n);
            let board = &self.board;
            if board.is_ordered() || here.len() != board.goals().len() {
                *bound = self.push_bound(here, state.player, matcher, assignment);
                *duals = None;
            } else {
                let mut rows: Z::Boxes<&[u16]> = Z::boxes(&[]);
                for (row, &b) in rows.as_mut().iter_mut().zip(here) {
                    *row = board.distances_from(b, state.player);
                }
                let rows = &rows[..here.len()];
                let warm = match (duals.as_mut(), *bound) {
                    (Some(solved), Some(old)) => self.rematch(solved, (&boxes[..self.n], *player, old), here, rows),
                    _ => None,
                };
                *bound = warm.or_else(|| {
                    let solved = duals.get_or_insert_with(IncrementalMatching::default);
                    solved.solve(here.len(), |r, c| cost_of(rows[r], c))
                });
                match (*bound, duals.as_ref()) {
                    (Some(_), Some(solved)) => solved.assignment(assignment),
                    _ => assignment.clear(),
                }
            }
            *boxes = state.boxes;
            *player = state.player;
        }
        cache.bound
    }

    /// The matching of `boxes` (sorted, with cost `rows`), made from `solved`, the matching of
    /// another position (`old`: its sorted boxes, player and bound), by changing the rows whose
    /// box moved or whose player's side changed ([`IncrementalMatching::change_row`], one
    /// augmenting path each) and renumbering the rows to the new sorted order; returns its
    /// bound. A* often expands, one after the other, positions a few pushes apart. `None` when
    /// more than [`REMATCH_ROWS`] rows changed (`solved` is then untouched: a fresh solve is
    /// cheaper), or when, the rows changed one at a time, a problem between the two has no
    /// perfect matching (`solved` is then unusable): the caller solves afresh.
    fn rematch(
        &self,
        solved: &mut IncrementalMatching,
        (old, old_player, old_bound): (&[Z::Sq], Z::Sq, u32),
        boxes: &[Z::Sq],
        rows: &[&[u16]],
    ) -> Option<u32> {
        let n = boxes.len();
        // order[r]: the old row that becomes row r. Both lists are sorted: merge them, and
        // pair the old rows left (`gone`) with the new rows left (`came`); both lists hold n
        // boxes, so they are as many.
        let mut order = Z::boxes(0usize);
        let (mut gone, mut came) = ([0; REMATCH_ROWS], [0; REMATCH_ROWS]);
        let (mut i, mut j, mut kg, mut kc) = (0, 0, 0, 0);
        while i < n || j < n {
            if i < n
                && j < n
                && old[i] == boxes[j]
                && std::ptr::eq(self.board.distances_from(old[i], old_player), rows[j])
            {
                order[j] = i;
                (i, j) = (i + 1, j + 1);
            } else if j == n || i < n && old[i] <= boxes[j] {
                *gone.get_mut(kg)? = i;
                (i, kg) = (i + 1, kg + 1);
            } else {
                *came.get_mut(kc)? = j;
                (j, kc) = (j + 1, kc + 1);
            }
        }
        let mut total = old_bound;
        for (&o, &r) in gone[..kg].iter().zip(&came[..kc]) {
            order[r] = o;
            // A problem half changed may have no perfect matching when the whole one has.
            total = solved.change_row(o, |c| cost_of(rows[r], c))?;
        }
        solved.reorder_rows(&order[..n]);
        Some(total)
    }

    /// Makes the cache hold the matching of `child`, a child of `parent`, and returns its
    /// bound: from the parent's matching by one changed row when the cache holds that (see
    /// [`IncrementalMatching::change_row`]), else solved afresh.
    fn bound_after(&self, parent: &State<Z>, child: &Child<Z>) -> Option<u32> {
        let mut cache = self.cache.borrow_mut();
        let Cache { boxes, player, bound, assignment, duals, .. } = &mut *cache;
        if let Some(solved) = duals
            && bound.is_some()
            && *boxes == parent.boxes
            && *player == parent.player
        {
            let distances = self.board.distances_from(child.to, child.player);
            *bound = solved.change_row(child.rows.0, |c| cost_of(distances, c));
            match bound {
                Some(_) => {
                    solved.move_row(child.rows.0, child.rows.1);
                    solved.assignment(assignment);
                }
                None => assignment.clear(),
            }
            *boxes = child.state.boxes;
            *player = child.state.player;
            return *bound;
        }
        drop(cache);
        self.cached_bound(&child.state)
    }

    /// The heuristic value for a push bound.
    fn estimate(&self, bound: Option<u32>, state: &State<Z>) -> Cost {
        match bound {
            None => <Cost as delve_core::Cost>::MAX,
            Some(h) if self.settings.macros && self.settings.weight == 1 => {
                let off = state.boxes(self.n).iter().filter(|&&b| !self.board.is_goal(b)).count() as u32;
                Lex(h, off)
            }
            Some(h) => Lex(h * self.settings.weight, if self.settings.exact_player { h } else { 0 }),
        }
    }

    /// The FESS feature-space cell of `state` (packing, then boxes out of plan, then room
    /// links cut, then player regions, in bits 32 and up, 16–31, 8–15 and 0–7: see the
    /// `features` module), for [`cycling`](delve_core::informed::cycling) search.
    pub fn feature_cell(&self, state: &State<Z>) -> u64 {
        Features::of(&self.board, &self.rooms, self.strategy.route.as_ref(), &self.links, &self.occupancy(state)).cell()
    }

    /// FESS's move weights for the moves of one expansion from `parent` (in cell `cell`), for
    /// [`weighted_cycling`](delve_core::informed::weighted_cycling) search: 0 for the moves an
    /// advisor of the strategy ([`Strategy::advisors`]) recommends (see the `features`
    /// module), 1 for the rest.
    ///
    /// * [`Advisors::Features`]: the feature advisors, and the pushes that carry on the box
    ///   pushed last are free. FESS's moves are macro moves, a box carried as far as it goes
    ///   for the price of one; weighing the pushes that go on with a box nothing gives a box's
    ///   whole journey one weight too, so the search finishes what it started with a box
    ///   before it turns to another. On levels with a symmetry the child may be the image of
    ///   the position, and the test only a guess.
    /// * [`Advisors::All`]: the feature advisors without those free pushes (with the other
    ///   advisors, they lead the search astray on some levels), and FESS's hotspots, opener
    ///   and explorer advisors, each of which may recommend one more move.
    pub fn advise(
        &self,
        parent: &State<Z>,
        cell: u64,
        moves: &[delve_core::informed::Move<'_, State<Z>, Cost>],
        weights: &mut [u32],
    ) {
        crate::fess::features::advise(cell, moves, weights);
        match self.strategy.advisors {
            Advisors::Features if parent.pushed != Z::NONE => {
                for (m, w) in moves.iter().zip(weights) {
                    if !m.state.boxes(self.n).contains(&parent.pushed) {
                        *w = 0;
                    }
                }
            }
            Advisors::Features => {}
            Advisors::All => {
                let parent = Parent { boxes: parent.boxes(self.n), player: parent.player, cell };
                advise_more(&self.board, &self.rooms, &self.hotspots, parent, moves, weights);
            }
        }
    }

    /// The state with the given boxes and player (key computed from scratch).
    pub(crate) fn make_state(&self, boxes: &[Z::Sq], player: Z::Sq) -> State<Z> {
        let mut state: State<Z> = State { key: 0, boxes: Z::box_squares(Z::Sq::ZERO), player, pushed: Z::NONE };
        state.boxes[..boxes.len()].copy_from_slice(boxes);
        if !self.board.is_ordered() {
            state.boxes[..boxes.len()].sort_unstable();
        }
        let mut key = self.board.player_key(player);
        for (i, &b) in state.boxes(self.n).iter().enumerate() {
            key ^= self.board.box_key(self.slot(i), b);
        }
        state.key = key;
        state
    }

    /// The state with the boxes `sorted` (unordered boards), the player on `player` and the
    /// Zobrist key `key`, already known to the caller ([`make_state`](Self::make_state) with
    /// no sort and no key to compute).
    pub(crate) fn sorted_state(&self, sorted: impl Iterator<Item = Z::Sq>, player: Z::Sq, key: u64) -> State<Z> {
        let mut state: State<Z> = State { key, boxes: Z::box_squares(Z::Sq::ZERO), player, pushed: Z::NONE };
        for (to, b) in state.boxes.as_mut().iter_mut().zip(sorted) {
            *to = b;
        }
        debug_assert_eq!(state, self.make_state(state.boxes(self.n), player), "sorted, with its key");
        state
    }

    /// Packing macros ([`packing_pushes`]): each box that can go straight to the next goal of
    /// a room's packing order, carried there in one action (`at` is the occupancy of `state`);
    /// with a route, its macros instead ([`route_pushes`]).
    fn pack(
        &self,
        state: &State<Z>,
        frozen: &Z::Set,
        at: &mut Z::Marks<Z::Sq>,
        walk: &Z::Marks<u16>,
        out: &mut Vec<Successor<State<Z>, Push<Z>, Cost>>,
    ) {
        let board = &self.board;
        let pushes = match &self.strategy.route {
            Some(route) => route_pushes(board, route, at, walk),
            None => packing_pushes(board, &self.rooms, at, walk, self.packing_goals),
        };
        for (b, dirs) in pushes {
            let i = at[b.ix()];
            let to = dirs.iter().fold(b, |sq, &d| board.next(sq, d.ix()));
            let last = (*dirs.last().expect("packing paths are not empty")).ix();
            at[b.ix()] = Z::NONE;
            at[to.ix()] = i;
            if !freeze_deadlock(board, &Boxes { at: at.as_ref() }, to) && !self.frozen_dead(state, frozen, at, (b, to))
            {
                let push = Push { from: b, dir: dirs[0], to };
                let pushes = Lex(dirs.len() as u32, 0);
                out.push(self.child(state, i.ix(), push, board.next(to, last ^ 1), pushes, at, None));
            }
            at[to.ix()] = Z::NONE;
            at[b.ix()] = i;
        }
    }

    /// Whether the deadlock table ([`Settings::deadlock_table`]) proves dead the position `at`
    /// just after a push left a box on `pushed` and the player on `player`.
    fn table_dead(&self, at: &Z::Marks<Z::Sq>, pushed: Z::Sq, player: Z::Sq) -> bool {
        self.settings.deadlock_table
            && !self.board.is_ordered()
            && self.table.borrow_mut().is_dead(&self.board, at, pushed, player)
    }

    /// Whether a pattern the deadlock table has already learned proves dead the position `at`
    /// just after a push left a box on `pushed` and the player on `player`.
    fn table_known_dead(&self, at: &Z::Marks<Z::Sq>, pushed: Z::Sq, player: Z::Sq) -> bool {
        self.settings.deadlock_table
            && !self.board.is_ordered()
            && self.table.borrow().is_known_dead(at, pushed, player)
    }

    /// The boxes of `state` (occupancy `at`) frozen on goals, when [`Settings::frozen_goals`]
    /// is on for this board (else none).
    fn frozen_on_goals(&self, state: &State<Z>, at: &Z::Marks<Z::Sq>) -> Z::Set {
        match self.settings.frozen_goals && !self.board.is_ordered() {
            true => frozen_on_goals(&self.board, at, state.boxes(self.n).iter().copied()),
            false => Z::Set::EMPTY,
        }
    }

    /// Whether the frozen-goal test ([`Settings::frozen_goals`]) proves dead the position `at`
    /// just after a box of `state` went from `from` to `to`; `frozen` holds the boxes
    /// of `state` frozen on goals (a push freezes more only when the pushed box ends frozen).
    fn frozen_dead(&self, state: &State<Z>, frozen: &Z::Set, at: &Z::Marks<Z::Sq>, (from, to): (Z::Sq, Z::Sq)) -> bool {
        let board = &self.board;
        if !self.settings.frozen_goals || board.is_ordered() {
            return false;
        }
        let boxes = || state.boxes(self.n).iter().map(|&s| if s == from { to } else { s });
        let froze = board.is_goal(to) && is_frozen(board, &Boxes { at: at.as_ref() }, to);
        let frozen = if froze { frozen_on_goals(board, at, boxes()) } else { *frozen };
        self.frozen_goals.borrow_mut().is_dead(board, (boxes(), to, froze), &frozen)
    }

    /// The Zobrist slot of box `i`.
    #[inline]
    fn slot(&self, i: usize) -> usize {
        if self.board.is_ordered() { i } else { 0 }
    }

    /// The successor of `state` where box `i` made `push` at `cost`, leaving the player on
    /// `player`; `at` is the occupancy after it; `here`, for a single push, the player's
    /// region before it (a bit set), from which the new region is found with a smaller
    /// flood fill or none ([`region_after`](Self::region_after)).
    #[allow(clippy::too_many_arguments)]
    fn child(
        &self,
        state: &State<Z>,
        i: usize,
        push: Push<Z>,
        player: Z::Sq,
        cost: Cost,
        at: &Z::Marks<Z::Sq>,
        here: Option<&Z::Set>,
    ) -> Successor<State<Z>, Push<Z>, Cost> {
        let board = &self.board;
        let (b, t) = (push.from, push.to);
        let (region, player) = match self.settings.exact_player {
            false => here.map_or_else(|| self.region(player, at), |here| board.region_after(here, b, t, at)),
            true => (Z::Set::EMPTY, player),
        };
        let slot = self.slot(i);
        let key = state.key
            ^ board.box_key(slot, b)
            ^ board.box_key(slot, t)
            ^ board.player_key(state.player)
            ^ board.player_key(player);
        let mut boxes = state.boxes;
        boxes[i] = t;
        let mut k = i;
        if !board.is_ordered() {
            // Keep the squares sorted: move the pushed box to its place.
            while k > 0 && boxes[k - 1] > t {
                boxes.as_mut().swap(k - 1, k);
                k -= 1;
            }
            while k + 1 < self.n && boxes[k + 1] < t {
                boxes.as_mut().swap(k + 1, k);
                k += 1;
            }
        }
        let found = State { key, boxes, player, pushed: t };
        let state = if self.symmetries.is_empty() {
            found
        } else {
            let images = self.image_keys_after(&self.children.borrow().images, b, t);
            self.canonical_with(found, &region, &images)
        };
        // Kept with the normalised player only: with the exact player (moves counted) the
        // next state expanded is seldom a child of the last, and keeping them cost more.
        if self.settings.follow_children && !self.settings.exact_player && state == found {
            self.children.borrow_mut().list.push(Child { state, region, rows: (i, k), to: t, player });
        }
        Successor { action: push, state, cost }
    }

    /// The square box `i` on `t` (just pushed in direction `d`, not yet in `at`) is pushed on
    /// to by a tunnel macro: when `t` is not a goal, has walls on both sides across the push,
    /// and the next square is free and live.
    fn through_tunnel(&self, i: usize, t: Z::Sq, d: usize, at: &Z::Marks<Z::Sq>) -> Option<Z::Sq> {
        let board = &self.board;
        let across = if d < 2 { 2 } else { 0 };
        let walled = board.next(t, across) == Z::NONE && board.next(t, across + 1) == Z::NONE;
        let n = board.next(t, d);
        (walled && !board.is_goal(t) && n != Z::NONE && at[n.ix()] == Z::NONE && !board.is_dead_for(i, n)).then_some(n)
    }

    /// After `push` of box `i` (`pushes` pushes, the player left on `player`, already made in
    /// `at`): when it lands on a goal room's entrance, the macro that carries it on to the
    /// room's next goal, if it can get there.
    fn goal_macro(
        &self,
        state: &State<Z>,
        i: usize,
        (push, player, pushes): (Push<Z>, Z::Sq, u32),
        frozen: &Z::Set,
        at: &mut Z::Marks<Z::Sq>,
        out: &mut Vec<Successor<State<Z>, Push<Z>, Cost>>,
    ) -> bool {
        let board = &self.board;
        let t = push.to;
        let Some(goal) = self.rooms.target(t, at) else { return false };
        let mut made = false;
        at[t.ix()] = Z::NONE;
        let path = box_path(board, at, t, player, goal);
        if let Some(dirs) = path.filter(|dirs| !dirs.is_empty()) {
            at[goal.ix()] = Z::Sq::of(i);
            if !freeze_deadlock(board, &Boxes { at: at.as_ref() }, goal)
                && !self.frozen_dead(state, frozen, at, (push.from, goal))
            {
                let last = (*dirs.last().expect("not empty")).ix();
                let player = board.next(goal, last ^ 1);
                let pushes = pushes + dirs.len() as u32;
                out.push(self.child(state, i, Push { to: goal, ..push }, player, Lex(pushes, 0), at, None));
                made = true;
            }
            at[goal.ix()] = Z::NONE;
        }
        at[t.ix()] = Z::Sq::of(i);
        made
    }
}

impl<Z: Size> Problem for SokobanProblem<Z> {
    type State = State<Z>;
    type Action = Push<Z>;
    type Cost = Cost;

    fn initial_state(&self) -> State<Z> {
        let board = &self.board;
        let mut state = self.make_state(board.start_boxes(), board.start_player());
        if !self.settings.exact_player {
            let player = self.normalise(board.start_player(), &self.occupancy(&state));
            state = self.make_state(board.start_boxes(), player);
        }
        state
    }

    fn is_goal(&self, state: &State<Z>) -> bool {
        let board = &self.board;
        state.boxes(self.n).iter().enumerate().all(|(i, &b)| match board.target(i) {
            Some(g) => board.goals()[g] == b,
            None => board.is_goal(b),
        })
    }

    fn expand(&self, state: &State<Z>, out: &mut Vec<Successor<State<Z>, Push<Z>, Cost>>) {
        let known = {
            let mut children = self.children.borrow_mut();
            let known = children.list.iter().find(|child| child.state == *state).copied();
            let parent = children.parent.replace(*state);
            children.list.clear();
            if !self.symmetries.is_empty() {
                children.images = self.image_keys(state.boxes(self.n));
            }
            known.zip(parent)
        };
        let bound = match known {
            Some((child, parent)) => self.bound_after(&parent, &child),
            None => self.cached_bound(state),
        };
        if bound.is_none() {
            return;
        }
        let board = &self.board;
        let mut at = self.occupancy(state);
        // With `table_when_expanded`, the deadlock table searches around the push that made
        // this state now, not when the state was made: a state reached again is then looked
        // at once, and one never expanded not at all.
        if self.settings.table_when_expanded
            && state.pushed != Z::NONE
            && self.table_dead(&at, state.pushed, state.player)
        {
            return;
        }
        // The player's region as a bit set (for the corrals, the pushes and the children's
        // regions: see `region_after`), and its walking distances when moves count or the
        // packing macros need them.
        let mut walk = Z::marks(FAR);
        let walking = self.settings.exact_player || self.settings.macros;
        let (here, player) = if walking {
            self.walk(state.player, &at, &mut walk);
            let mut here: Z::Set = Z::Set::EMPTY;
            if self.settings.corral_deadlocks || self.settings.pi_corrals {
                for s in (0..board.floor()).map(Z::Sq::of).filter(|&s| walk[s.ix()] != FAR) {
                    here.insert(s);
                }
            }
            (here, state.player)
        } else {
            known.map_or_else(|| self.region(state.player, &at), |(child, _)| (child.region, child.region.first()))
        };
        let mut only = Vec::new();
        let on_goal = |i: usize, sq: Z::Sq| match board.target(i) {
            Some(g) => board.goals()[g] == sq,
            None => board.is_goal(sq),
        };
        // One pass over the corrals for both corral tests: a dead corral ends the expansion,
        // else the best PI-corral (if any) restricts the pushes.
        let deadlocks = self.settings.corral_deadlocks && !board.is_ordered();
        let mut pi = PiCorrals::default();
        if deadlocks || self.settings.pi_corrals {
            let mut cache = self.corrals.borrow_mut();
            let dead = for_each_corral(board, &at, &here, |corral| {
                if deadlocks && corral_is_dead(board, &at, player, &corral, self.settings.thorough_corrals, &mut cache)
                {
                    return true;
                }
                if self.settings.pi_corrals {
                    pi.visit(board, &at, &here, on_goal, &corral, &mut only);
                }
                false
            });
            if dead {
                return;
            }
        }
        let restricted = pi.found;
        let frozen = self.frozen_on_goals(state, &at);
        for i in 0..self.n {
            let b = state.boxes[i];
            for d in 0..4 {
                let (t, p) = (board.next(b, d), board.next(b, d ^ 1));
                let reaches = if walking { walk[p.ix()] != FAR } else { here.has(p) };
                if t == Z::NONE || p == Z::NONE || at[t.ix()] != Z::NONE || !reaches {
                    continue;
                }
                if restricted && !only.contains(&(b, d as u8)) {
                    continue;
                }
                if board.is_dead_for(i, t) {
                    continue;
                }
                at[b.ix()] = Z::NONE;
                let (mut t, mut pushes) = (t, 1);
                if self.settings.macros {
                    // Tunnel macro: a box in a one-wide passage goes on to its end.
                    while let Some(n) = self.through_tunnel(i, t, d, &at) {
                        (t, pushes) = (n, pushes + 1);
                    }
                }
                at[t.ix()] = Z::Sq::of(i);
                let player = board.next(t, d ^ 1);
                let table_dead = |at: &Z::Marks<Z::Sq>| match self.settings.table_when_expanded {
                    true => self.table_known_dead(at, t, player),
                    false => self.table_dead(at, t, player),
                };
                if !freeze_deadlock(board, &Boxes { at: at.as_ref() }, t)
                    && !table_dead(&at)
                    && !self.frozen_dead(state, &frozen, &at, (b, t))
                {
                    let push = Push { from: b, dir: d as u8, to: t };
                    let moves = if self.settings.exact_player { u32::from(walk[p.ix()]) + 1 } else { 0 };
                    let made = (push, player, pushes);
                    if self.rooms.is_empty() || !self.goal_macro(state, i, made, &frozen, &mut at, out) {
                        let here = (pushes == 1).then_some(&here);
                        out.push(self.child(state, i, push, player, Lex(pushes, moves), &at, here));
                    }
                }
                at[t.ix()] = Z::NONE;
                at[b.ix()] = Z::Sq::of(i);
            }
        }
        if self.settings.macros && (!self.rooms.is_empty() || self.strategy.route.is_some()) {
            self.pack(state, &frozen, &mut at, &walk, out);
        }
    }

    fn heuristic(&self, state: &State<Z>) -> Cost {
        let mut cache = self.cache.borrow_mut();
        let Cache { matcher, scratch, .. } = &mut *cache;
        let bound = self.push_bound(state.boxes(self.n), state.player, matcher, scratch);
        self.estimate(bound, state)
    }

    fn heuristic_after(&self, parent: &State<Z>, _parent_h: Cost, action: &Push<Z>, child: &State<Z>) -> Cost {
        let board = &self.board;
        if !board.is_ordered()
            && let Some(bound) = self.cached_bound(parent)
        {
            let cache = self.cache.borrow();
            let row = parent.boxes(self.n).iter().position(|&b| b == action.from);
            if let Some(row) = row {
                let g = cache.assignment[row];
                let to = action.to;
                // Where the player stands after the push, in the parent's frame: behind the
                // box after a single push (`child` may be the canonical image of the position,
                // see the `symmetry` module), the child's square after a macro (macros never
                // fold symmetries).
                let single = to == board.next(action.from, action.dir.ix());
                let player = if single { action.from } else { child.player };
                let before = board.distance_from(g, action.from, parent.player);
                let after = board.distance_from(g, to, player);
                if single && after != FAR && after + 1 == before {
                    return self.estimate(Some(bound - 1), child);
                }
                drop(cache);
                let mut cache = self.cache.borrow_mut();
                if let Some(duals) = &mut cache.duals {
                    let distances = board.distances_from(to, player);
                    let bound = duals.replace_row(row, |c| cost_of(distances, c));
                    return self.estimate(bound, child);
                }
            }
        }
        self.heuristic(child)
    }
}

/// Folding states by the board's symmetries (see the `symmetry` module).
impl<Z: Size> SokobanProblem<Z> {
    /// The canonical state of the class of `state` (its player normalised when the problem
    /// normalises it, `region` then the player's squares as a bit set; unused otherwise): the
    /// image with the smallest key of its boxes, then of its player (the player normalised in
    /// each image).
    pub(crate) fn canonical(&self, state: State<Z>, region: &Z::Set) -> State<Z> {
        self.canonical_with(state, region, &self.image_keys(state.boxes(self.box_count())))
    }

    /// The Zobrist keys of the images of `boxes` under each symmetry (of the boxes only).
    pub(crate) fn image_keys(&self, boxes: &[Z::Sq]) -> ImageKeys {
        let board = self.board();
        let mut keys = [0u64; 7];
        for (k, map) in keys.iter_mut().zip(&self.symmetries().maps) {
            *k = boxes.iter().fold(0, |k, &b| k ^ board.box_key(0, map[b.ix()]));
        }
        keys
    }

    /// [`image_keys`](Self::image_keys) after the box on `b` moved to `t`, from `keys` before.
    pub(crate) fn image_keys_after(&self, keys: &ImageKeys, b: Z::Sq, t: Z::Sq) -> ImageKeys {
        let board = self.board();
        let mut after = *keys;
        for (k, map) in after.iter_mut().zip(&self.symmetries().maps) {
            *k ^= board.box_key(0, map[b.ix()]) ^ board.box_key(0, map[t.ix()]);
        }
        after
    }

    /// [`canonical`](Self::canonical), given the [`image_keys`](Self::image_keys) of the
    /// state's boxes.
    pub(crate) fn canonical_with(&self, state: State<Z>, region: &Z::Set, keys: &ImageKeys) -> State<Z> {
        let board = self.board();
        let boxes = state.boxes(self.box_count());
        // The state's key is its boxes' and its player's (one box slot: unordered).
        let own = state.key() ^ board.player_key(state.player());
        let maps = &self.symmetries().maps;
        let keys = &keys[..maps.len()];
        let least = keys.iter().copied().fold(own, u64::min);
        if least == own && keys.iter().all(|&k| k != own) {
            return state;
        }
        // The images that tie on the boxes, told apart by their players.
        let exact = self.settings().exact_player;
        let player = state.player();
        let image_player = |map: &[Z::Sq]| -> Z::Sq {
            if exact {
                return map[player.ix()];
            }
            region.squares::<Z::Sq>().map(|s| map[s.ix()]).min().unwrap_or(Z::NONE)
        };
        let mut best: Option<(&Vec<Z::Sq>, Z::Sq)> = None;
        let mut best_key = if own == least { state.key() } else { u64::MAX };
        for (map, _) in maps.iter().zip(keys).filter(|&(_, &k)| k == least) {
            let p = image_player(map);
            let key = least ^ board.player_key(p);
            if key < best_key {
                (best, best_key) = (Some((map, p)), key);
            }
        }
        match best {
            None => state,
            Some((map, p)) => {
                // The image's boxes come out of a bit set sorted, and its key is known.
                let mut mapped: Z::Set = Z::Set::EMPTY;
                for &b in boxes {
                    mapped.insert(map[b.ix()]);
                }
                let mut image = self.sorted_state(mapped.squares(), p, best_key);
                image.pushed = map.get(state.pushed.ix()).map_or(Z::NONE, |&s| s);
                image
            }
        }
    }

    /// The pushes of `solution` in the real frame: from the real start, for each next state
    /// of the path, the cheapest legal push whose successor is that state up to symmetry.
    /// Without symmetries, the solution's own actions.
    pub(crate) fn unfold(&self, solution: &Solution<State<Z>, Push<Z>, Cost>) -> Vec<Push<Z>> {
        if self.symmetries().is_empty() {
            return solution.actions.clone();
        }
        let board = self.board();
        let n = self.box_count();
        let start = board.start_boxes();
        let mut boxes = start.to_vec();
        let mut player = board.start_player();
        let mut pushes = Vec::with_capacity(solution.actions.len());
        for target in &solution.states[1..] {
            let mut at = Z::marks(Z::NONE);
            for (i, &b) in boxes.iter().enumerate() {
                at[b.ix()] = Z::Sq::of(i);
            }
            let mut walk = Z::marks(FAR);
            self.walk(player, &at, &mut walk);
            let mut found: Option<(Lex<u32, u32>, Push<Z>)> = None;
            for i in 0..n {
                let b = boxes[i];
                for d in 0..4 {
                    let (t, p) = (board.next(b, d), board.next(b, d ^ 1));
                    if t == Z::NONE || p == Z::NONE || at[t.ix()] != Z::NONE || walk[p.ix()] == FAR {
                        continue;
                    }
                    let mut next = boxes.clone();
                    next[i] = t;
                    at[b.ix()] = Z::NONE;
                    at[t.ix()] = Z::Sq::of(i);
                    let (region, player) =
                        if self.settings().exact_player { (Z::Set::EMPTY, b) } else { self.region(b, &at) };
                    at[t.ix()] = Z::NONE;
                    at[b.ix()] = Z::Sq::of(i);
                    if self.canonical(self.make_state(&next, player), &region) != *target {
                        continue;
                    }
                    let cost = Lex(1, u32::from(walk[p.ix()]) + 1);
                    if found.is_none_or(|(c, _)| cost < c) {
                        found = Some((cost, Push { from: b, dir: d as u8, to: t }));
                    }
                }
            }
            let (_, push) = found.expect("every step of a found path is a legal push up to symmetry");
            let i = boxes.iter().position(|&b| b == push.from).expect("the pushed box");
            boxes[i] = push.to;
            player = push.from;
            pushes.push(push);
        }
        pushes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::size::{Large, Small};
    use delve_core::{Limits, NoObserver, informed::astar};
    use std::hash::BuildHasher;

    fn problem(text: &str, exact_player: bool) -> SokobanProblem<Small> {
        let board = Board::as_drawn(text);
        SokobanProblem::new(board, Settings { exact_player, ..Settings::PLAIN })
    }

    #[test]
    fn a_corridor_takes_one_push_per_square() {
        let p = problem("#######\n#@ $ .#\n#######\n", true);
        let s = astar(&p, &Limits::none(), NoObserver).into_solution().unwrap();
        assert_eq!(s.cost, Lex(2, 3));
        assert_eq!(p.heuristic(&p.initial_state()), Lex(2, 2));
    }

    /// After a push, the pushes of the same box weigh 0 (the advisors aside); the other box's
    /// pushes weigh what the advisors say, 1 when they recommend nothing.
    #[test]
    fn pushing_the_last_box_on_weighs_nothing() {
        use delve_core::informed::Move;
        let p = SokobanProblem::new(
            Board::as_drawn("#########\n#@      #\n# $   $ #\n#       #\n#.     .#\n#########\n"),
            Settings::any(),
        );
        let mut out = Vec::new();
        p.expand(&p.initial_state(), &mut out);
        let parent =
            out.iter().find(|s| s.action.from == p.board().square_at(2, 2) && s.action.dir == 1).unwrap().state;
        out.clear();
        p.expand(&parent, &mut out);
        let moves: Vec<Move<'_, State<Small>, Cost>> = out
            .iter()
            .map(|s| Move { state: &s.state, cell: p.feature_cell(&s.state), h: p.heuristic(&s.state) })
            .collect();
        let mut advised = vec![9; moves.len()];
        crate::fess::features::advise(p.feature_cell(&parent), &moves, &mut advised);
        let mut weights = vec![9; moves.len()];
        p.advise(&parent, p.feature_cell(&parent), &moves, &mut weights);
        let mut seen = [0, 0];
        for ((s, w), a) in out.iter().zip(&weights).zip(&advised) {
            let same = s.action.from == parent.pushed;
            assert_eq!(*w, if same { 0 } else { *a }, "{:?}", s.action);
            seen[usize::from(same)] += usize::from(*a == 1);
        }
        assert!(seen[0] > 0 && seen[1] > 0, "pushes of both boxes that no advisor recommends: {seen:?}");
    }

    #[test]
    fn a_child_remembers_its_push_but_is_the_same_state_without_it() {
        // No symmetry of walls and goals (an image would carry the image of the square).
        let p = problem("#######\n#@    #\n#    .#\n#  $  #\n#     #\n#     #\n#######\n", false);
        let start = p.initial_state();
        assert_eq!(start.pushed, Small::NONE, "the start was not made by a push");
        let mut out = Vec::new();
        p.expand(&start, &mut out);
        assert_eq!(out.len(), 4, "the box can go four ways");
        for succ in &out {
            assert_eq!(succ.state.pushed, succ.action.to, "the pushed box's square");
            let other = State { pushed: succ.action.from, ..succ.state };
            assert_eq!(other, succ.state);
            let hash = |s: &State<Small>| delve_core::hash::FxBuildHasher.hash_one(s);
            assert_eq!(hash(&other), hash(&succ.state));
        }
    }

    #[test]
    fn the_normalised_player_merges_states_of_one_region() {
        let p = problem("#######\n#@    #\n#     #\n#  $. #\n#     #\n#     #\n#######\n", false);
        let start = p.initial_state();
        assert_eq!(start.player(), 0);
        let mut out = Vec::new();
        p.expand(&start, &mut out);
        assert_eq!(out.len(), 4, "the box can go four ways");
        for succ in &out {
            assert_eq!(succ.state, p.make_state(succ.state.boxes(1), 0), "keys match a fresh computation");
        }
    }

    #[test]
    fn tunnel_macros_push_through_to_the_end() {
        let board = Board::as_drawn("#########\n#@$    .#\n#########\n");
        let goal = board.square_at(1, 7);
        let p = SokobanProblem::new(board, Settings { pi_corrals: true, macros: true, ..Settings::PLAIN });
        let mut out = Vec::new();
        p.expand(&p.initial_state(), &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!((out[0].action.to, out[0].cost), (goal, Lex(5, 0)), "five pushes in one");
        // Without macros: one push at a time.
        let plain = problem("#########\n#@$    .#\n#########\n", false);
        out.clear();
        plain.expand(&plain.initial_state(), &mut out);
        assert_eq!(out[0].cost, Lex(1, 0));
    }

    #[test]
    fn the_bound_knows_which_side_the_player_is_on() {
        // Microban 8: the plain push distances give 4, the player's sides the optimum, 32.
        let levels = crate::rules::level::parse_collection(include_str!("../../data/microban.xsb")).unwrap();
        let board = Board::new(&levels[7], false).unwrap();
        let p = SokobanProblem::new(board, Settings { pi_corrals: true, ..Settings::PLAIN });
        assert_eq!(p.heuristic(&p.initial_state()), Lex(32, 0));
        let b = p.board();
        let nearest = |s: u8| (0..b.goals().len()).map(|g| u32::from(b.distance(g, s))).min().unwrap();
        assert_eq!(
            b.start_boxes().iter().map(|&s| nearest(s)).sum::<u32>(),
            3,
            "plain distances, each box to its nearest goal"
        );
    }

    #[test]
    fn both_size_classes_search_alike() {
        // The same level searched as a small and as a large board: the same pushes, moves and
        // node counts in each mode (the classes differ only in the sizes of their arrays).
        let levels = crate::rules::level::parse_collection(include_str!("../../data/microban.xsb")).unwrap();
        for n in [1, 4, 20, 38, 60] {
            for settings in [Settings::optimal(), Settings::pushes(), Settings::fast()] {
                let small = SokobanProblem::new(Board::new(&levels[n - 1], false).unwrap(), settings);
                let large = SokobanProblem::new(Board::<Large>::build(&levels[n - 1], false).unwrap(), settings);
                let (a, b) = (astar(&small, &Limits::none(), NoObserver), astar(&large, &Limits::none(), NoObserver));
                assert_eq!(a.solution().map(|s| s.cost), b.solution().map(|s| s.cost), "#{n}");
                assert_eq!((a.stats.expanded, a.stats.generated), (b.stats.expanded, b.stats.generated), "#{n}");
            }
        }
    }

    #[test]
    fn regions_after_a_push_equal_a_flood_fill() {
        // Every legal single push from the first states of a few Microban levels:
        // `region_after` gives the flood fill's region, whether the push cuts the region
        // before it (without the box's new square) or not.
        let levels = crate::rules::level::parse_collection(include_str!("../../data/microban.xsb")).unwrap();
        let (mut whole, mut cut) = (0, 0);
        for n in [1, 20, 93, 111, 139] {
            let board = Board::new(&levels[n - 1], false).unwrap();
            let p = SokobanProblem::new(board, Settings::PLAIN);
            let mut queue = std::collections::VecDeque::from([p.initial_state()]);
            let mut seen = std::collections::HashSet::new();
            while let Some(s) = queue.pop_front() {
                if seen.len() > 400 || !seen.insert(s.key()) {
                    continue;
                }
                let mut at = p.occupancy(&s);
                let (here, _) = p.region(s.player(), &at);
                let inside = |q: u8| here.has(q);
                for &b in s.boxes(p.n) {
                    for d in 0..4 {
                        let (t, behind) = (p.board.next(b, d), p.board.next(b, d ^ 1));
                        if t == Small::NONE || behind == Small::NONE || at[t.ix()] != Small::NONE || !inside(behind) {
                            continue;
                        }
                        let i = at[b.ix()];
                        (at[b.ix()], at[t.ix()]) = (Small::NONE, i);
                        let found = p.board.region_after(&here, b, t, &at);
                        assert_eq!(found, p.region(b, &at), "level {n}, box {b} pushed to {t}");
                        let mut kept = here;
                        kept.remove(t);
                        if kept.iter().zip(&found.0).all(|(k, f)| k & !f == 0) {
                            whole += 1;
                        } else {
                            cut += 1;
                        }
                        (at[b.ix()], at[t.ix()]) = (i, Small::NONE);
                    }
                }
                let mut out = Vec::new();
                p.expand(&s, &mut out);
                queue.extend(out.into_iter().map(|succ| succ.state));
            }
        }
        assert!(whole > 1000 && cut > 100, "both kinds are tried: {whole} keep the region whole, {cut} cut it");
    }

    #[test]
    fn remembered_regions_of_children_equal_a_flood_fill() {
        // Microban 93 has all eight symmetries: children stored as a symmetric image must
        // not be remembered with the region of the position before the mapping.
        let levels = crate::rules::level::parse_collection(include_str!("../../data/microban.xsb")).unwrap();
        for n in [1, 93, 139] {
            let board = Board::new(&levels[n - 1], false).unwrap();
            let p = SokobanProblem::new(board, Settings { follow_children: true, ..Settings::pushes() });
            let mut queue = std::collections::VecDeque::from([p.initial_state()]);
            let mut seen = std::collections::HashSet::new();
            let mut remembered = 0;
            while let Some(s) = queue.pop_front() {
                if seen.len() > 300 || !seen.insert(s.key()) {
                    continue;
                }
                let mut out = Vec::new();
                p.expand(&s, &mut out);
                for child in &p.children.borrow().list {
                    let state = &child.state;
                    assert_eq!(child.region, p.region(state.player(), &p.occupancy(state)).0, "level {n}");
                    remembered += 1;
                }
                queue.extend(out.into_iter().map(|succ| succ.state));
            }
            assert!(remembered > 20, "level {n}: {remembered} regions remembered");
        }
    }

    /// Asserts that the matching cached after expanding `s` has the bound a fresh solve gives,
    /// and that its assignment is an optimal matching (its distances sum to that bound).
    fn assert_cached_matching_is_fresh(p: &SokobanProblem<Small>, s: &State<Small>, what: &str) {
        let cache = p.cache.borrow();
        let mut fresh = (Matcher::new(), Vec::new());
        let bound = p.push_bound(s.boxes(p.n), s.player, &mut fresh.0, &mut fresh.1);
        assert_eq!(cache.bound, bound, "{what}");
        if let Some(bound) = bound {
            let b = p.board();
            let pairs = s.boxes(p.n).iter().zip(&cache.assignment);
            let total: u32 = pairs.map(|(&sq, &g)| u32::from(b.distance_from(g, sq, s.player))).sum();
            assert_eq!(total, bound, "{what}: the cached assignment is an optimal matching");
        }
    }

    #[test]
    fn matchings_taken_over_from_the_parent_equal_fresh_ones() {
        // Depth first, so that each state expanded is a child of the last one: its matching
        // comes from the parent's by one changed row, then its rows are renumbered.
        let levels = crate::rules::level::parse_collection(include_str!("../../data/microban.xsb")).unwrap();
        for n in [20, 111, 139] {
            let board = Board::new(&levels[n - 1], false).unwrap();
            let p = SokobanProblem::new(board, Settings { follow_children: true, ..Settings::pushes() });
            let mut stack = vec![p.initial_state()];
            let mut seen = std::collections::HashSet::new();
            let (mut out, mut takeovers) = (Vec::new(), 0);
            while let Some(s) = stack.pop() {
                if seen.len() > 300 || !seen.insert(s.key()) {
                    continue;
                }
                let taken = p.children.borrow().list.iter().any(|child| child.state == s);
                takeovers += usize::from(taken);
                out.clear();
                p.expand(&s, &mut out);
                assert_cached_matching_is_fresh(&p, &s, &format!("level {n}, taken over: {taken}"));
                stack.extend(out.iter().map(|succ| succ.state));
            }
            // Most states are a child of the last one expanded (the walk ends early on a
            // small space: 62 states on level 20).
            assert!(2 * takeovers > seen.len(), "level {n}: {takeovers} matchings taken over, {} seen", seen.len());
        }
    }

    #[test]
    fn matchings_rematched_from_another_position_equal_fresh_ones() {
        // Breadth first, so that the state expanded is seldom a child of the last one: its
        // matching comes from the last one's by a few changed rows (`rematch`), or afresh.
        let levels = crate::rules::level::parse_collection(include_str!("../../data/microban.xsb")).unwrap();
        for n in [20, 111, 139, 153] {
            let board = Board::new(&levels[n - 1], false).unwrap();
            let p = SokobanProblem::new(board, Settings { follow_children: true, ..Settings::pushes() });
            let mut queue = std::collections::VecDeque::from([p.initial_state()]);
            let mut seen = std::collections::HashSet::new();
            let (mut out, mut rematched) = (Vec::new(), 0);
            while let Some(s) = queue.pop_front() {
                if seen.len() > 400 || !seen.insert(s.key()) {
                    continue;
                }
                let child = p.children.borrow().list.iter().any(|child| child.state == s);
                let last = p.cache.borrow().boxes;
                let moved = s.boxes(p.n).iter().filter(|b| !last[..p.n].contains(b)).count();
                rematched += usize::from(!child && (1..=REMATCH_ROWS).contains(&moved));
                out.clear();
                p.expand(&s, &mut out);
                assert_cached_matching_is_fresh(&p, &s, &format!("level {n}, rematched"));
                queue.extend(out.iter().map(|succ| succ.state));
            }
            assert!(rematched > 50, "level {n}: {rematched} matchings rematched");
        }
    }

    #[test]
    fn incremental_bounds_equal_fresh_ones() {
        let p = problem("########\n#@     #\n# $$ ..#\n# $   .#\n#      #\n########\n", true);
        let mut frontier = vec![p.initial_state()];
        let mut out = Vec::new();
        for _ in 0..200 {
            let Some(s) = frontier.pop() else { break };
            let h = p.heuristic(&s);
            out.clear();
            p.expand(&s, &mut out);
            for succ in &out {
                assert_eq!(p.heuristic_after(&s, h, &succ.action, &succ.state), p.heuristic(&succ.state));
                frontier.insert(0, succ.state);
            }
        }
    }
}
