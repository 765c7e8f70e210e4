//! Sink plans for [`Mode::Any`](crate::Mode::Any), after the base search of Festival's solver
//! (Shoham and Schaeffer's FESS): a search backwards from the solved position, over pulls, in
//! which a box pulled onto the start square of a box (a *base*) far from where it was may
//! *sink* there and leave the board, until every box has. Played forwards, its moves are a
//! route for the boxes (`Route`): the squares they come out to from the start, in order, and
//! the moves that take them on from there to the goals.
//!
//! Its moves are Festival's: a box pulled, around the other boxes as they stand, to any square
//! it can reach (one move for each region the player can end in). A box may sink on a base
//! when the base is free (no box has sunk on it; it is plain floor afterwards), lies in the
//! largest cluster of free bases a box pushed alone around the boxes can travel between both
//! ways (the player on any side of it), and in another room than the box came from (or 6
//! steps away), and the boxes left can still each be matched with a free base that reaches
//! them; when some box can sink, a position's moves are its sinks alone, one per box (its
//! first base in the `Style`'s order). A pull is dropped when it leads to one of Festival's
//! pull deadlocks (`Fixed::dead`); a region of the solved position whose moves are all
//! searched without a plan is no root (`Fixed::hopeless`).
//!
//! The search is core's [`fess`], Festival's FESS, on its pull features: positions fall into
//! *cells* by (boxes left, boxes on goals, regions of free floor, room links cut) of the best
//! position on their path; each position's moves wait in its cell, weighed by advisors (0 for
//! the few they recommend, 1 for the rest, summed along the path); turns alternate between the
//! next cell of a cycle (a new cell next) and the cell of the best position so far, and take
//! the lightest waiting move there, then the one leading to the best position: fewer boxes
//! left, fewer regions, fewer boxes on goals, fewer room links cut, more summed push distance
//! to the goals. This module gives it the positions, moves, scores and advisors (`Search`).
//!
//! FESS's cells and advisors find plans that best-first search on the same order misses, and
//! the pull deadlocks keep the search out of positions no plan leaves. The bases' cluster is
//! found with the player on any side of the box: found from the player's start square, which
//! a box may hold in a pull position, every base would seem to reach every square, and boxes
//! would sink at once, making plans whose routes lead nowhere.
//!
//! The details follow Festival's source, so that the plans are Festival's, move for move (a
//! test compares one): pull lengths in pushes, distances with the player walking round the
//! box, its rooms (a square where two touch at a corner in neither), its test of the solved
//! position's regions, its "different rooms" for squares 6 steps apart, its order of a box's
//! sinks and its choice among sinks (a box on a start square does not count as off the goals;
//! regions counted with the box on its base).

use crate::fess::features::{RoomLinks, Route, regions, walking_distances};
use crate::fess::rooms::Arrivals;
use crate::prune::frozen_goals::matches_all;
use crate::rules::board::{Board, FAR};
use crate::rules::size::{Size, Square, SquareSet};
use delve_core::hash::FxHashSet;
use delve_core::informed::{FessProblem, Step as Move, fess};
use delve_core::uninformed::dfs;
use delve_core::{Control, Event, Limits, NoObserver, OutcomeKind, Problem, Stats, Successor, observer};
use std::cmp::Reverse;

/// Squares that lie this many steps apart on the empty board count as in different rooms
/// for a sink (Festival's `BIG_DISTANCE`): XSokoban #50's first sink is of a box pulled to
/// the foot of the lower left room, onto a start square 6 steps up in the same room.
const FAR_APART: u16 = 6;

/// Most moves [`Fixed::hopeless`] looks at (Festival's bound on its test of a start zone).
const ROOT_PROOF: u64 = 1_000;

/// How a sink plan search weighs the packing advisor's pulls and which start square a box
/// sinks on. None is best everywhere: each style gives the only plan a race can follow on
/// some level, so the sink step tries them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// Festival's: the longest pull off a goal measured in pushes back to it; a box sinks on
    /// the first start square it can in reading order.
    Festival,
    /// Festival's pull lengths, but a box sinks on the first start square its pulls reach
    /// (the fewest pulls away).
    Reached,
    /// The longest pull off a goal measured in steps; a box sinks on the first start square
    /// its pulls reach.
    Nearest,
}

impl Style {
    /// Whether a pull off a goal is measured in pushes back to it (else in steps).
    fn pushes_back(self) -> bool {
        matches!(self, Style::Festival | Style::Reached)
    }

    /// Whether a box sinks on the first start square in reading order (else the first its
    /// pulls reach).
    fn reading_order(self) -> bool {
        self == Style::Festival
    }
}

/// A sink plan: the route it gives the boxes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SinkPlan<Z: Size> {
    /// The route, forwards: per move, the square the box comes from ([`Size::NONE`](crate::rules::size::Size::NONE): out of the
    /// start) and the one it goes to.
    pub(crate) moves: Vec<(Z::Sq, Z::Sq)>,
    /// Per move out of the start, the start square of its box (the base it sank on);
    /// [`Size::NONE`](crate::rules::size::Size::NONE) for the others.
    pub(crate) bases: Vec<Z::Sq>,
}

impl<Z: Size> SinkPlan<Z> {
    /// Whether some box waits on its way, off the goals: a plan whose boxes all go straight
    /// from the start to the goals says little more than the packing orders.
    pub(crate) fn waits(&self) -> bool {
        self.moves.iter().any(|&(from, _)| from != Z::NONE)
    }

    /// The route for the forward search, its steps out of the start naming their boxes.
    pub(crate) fn route(&self, board: &Board<Z>) -> Route<Z> {
        Route::new(board, &self.moves).with_bases(self.bases.clone())
    }
}

/// Festival's order of positions in its pull search, the least the best: fewer boxes left,
/// fewer regions of free floor, fewer boxes on goals, fewer room links cut, more distance
/// from the goals ([`Fixed`]'s `goal_distance`, summed over the boxes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Score {
    left: u32,
    regions: u32,
    on_goals: u32,
    cut: u32,
    /// The boxes' summed distance from the goals, subtracted from `u32::MAX`.
    near: u32,
}

impl Score {
    /// FESS's cell of the position: its features without the distance.
    fn cell(self) -> [u32; 4] {
        [self.left, self.on_goals, self.regions, self.cut]
    }
}

/// A position of the search: the boxes, the free bases, and the top-left-most square of the
/// player's region.
type Pos<Z> = (<Z as Size>::Set, <Z as Size>::Set, <Z as Size>::Sq);

/// A move of the search: the box's square before it and after it, whether the box then sinks,
/// and the top-left-most square of the player's region after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pull<Z: Size> {
    pull: (Z::Sq, Z::Sq),
    sinks: bool,
    player: Z::Sq,
}

/// One move from a position: the box's square before it and after it, the player's square
/// after it, and whether the box sinks where it ends.
struct Step<Z: Size> {
    pull: (Z::Sq, Z::Sq),
    player: Z::Sq,
    sinks: bool,
}

/// A move from the position being expanded, as its advisors see it.
struct Kid<Z: Size> {
    pull: (Z::Sq, Z::Sq),
    sinks: bool,
    region: Z::Set,
    /// The top-left-most square of `region`.
    player: Z::Sq,
    score: Score,
}

/// A position's occupancy, the player's region and its moves ([`Fixed::kids`]).
type Kids<Z> = (<Z as Size>::Marks<<Z as Size>::Sq>, <Z as Size>::Set, Vec<Kid<Z>>);

/// The level's fixed data for the search.
struct Fixed<'b, Z: Size> {
    board: &'b Board<Z>,
    style: Style,
    rooms: RoomLinks,
    /// Per square, the summed pushes from it to every goal a box on it reaches (Festival's
    /// distance in its pull searches).
    goal_distance: Vec<u32>,
    /// Per square, the squares a box starting there reaches by pushes on the empty board
    /// (empty for squares that hold no box at the start).
    base_reach: Vec<Z::Set>,
    /// Walking distances between every two squares.
    between: Vec<Vec<u16>>,
}

impl<Z: Size> Fixed<'_, Z> {
    /// The data of `board`, for a search in `style`.
    fn new(board: &Board<Z>, style: Style) -> Fixed<'_, Z> {
        let floor = board.floor();
        Fixed {
            board,
            style,
            rooms: RoomLinks::new(board),
            goal_distance: (0..floor)
                .map(Z::Sq::of)
                .map(|s| {
                    let d = (0..board.goals().len()).map(|g| board.side_distance(g, s)).filter(|&d| d != FAR);
                    d.map(u32::from).sum()
                })
                .collect(),
            base_reach: {
                let mut reach = vec![Z::Set::EMPTY; floor];
                for (s, r) in Arrivals::of_each_start(board) {
                    reach[s.ix()] = r;
                }
                reach
            },
            between: (0..floor).map(Z::Sq::of).map(|s| walking_distances(board, &[s])).collect(),
        }
    }

    /// The squares a box on start square `s` reaches by pushes on the empty board.
    fn reach_of(&self, s: Z::Sq) -> Z::Set {
        self.base_reach[s.ix()]
    }

    /// The score of the position with boxes on `boxes` (`at` marks them).
    fn score(&self, at: &Z::Marks<Z::Sq>, boxes: &Z::Set) -> Score {
        let (mut left, mut on_goals, mut far) = (0, 0, 0u32);
        for b in boxes.squares() {
            left += 1;
            on_goals += u32::from(self.board.is_goal(b));
            far += self.goal_distance[b.ix()];
        }
        let (regions, cut) = (regions(self.board, at), self.rooms.cut(self.board, at));
        Score { left, regions, on_goals, cut, near: u32::MAX - far }
    }

    /// The free bases of `bases`, each with the squares it reaches ([`matches_all`]'s input).
    fn reaches(&self, bases: &Z::Set) -> Vec<(Z::Sq, Z::Set)> {
        bases.squares().map(|s| (s, self.reach_of(s))).collect()
    }

    /// Whether the start cannot be reached from a position by pulls (Festival's pull
    /// deadlocks): the boxes of `at` cannot each be matched with a free base of their own
    /// that reaches them by pushes on the empty board (`reach`: [`reaches`](Self::reaches) of
    /// the free bases), or pulling away, one step at a time, every box the player reaches from
    /// `region` and can pull leaves one stuck off the start squares.
    fn dead(&self, at: &Z::Marks<Z::Sq>, boxes: &Z::Set, reach: &[(Z::Sq, Z::Set)], region: Z::Set) -> bool {
        let held: Vec<Z::Sq> = boxes.squares().collect();
        if !matches_all::<Z>(&held, reach) {
            return true;
        }
        let board = self.board;
        let mut open = *at;
        let mut region = region;
        let mut left = held;
        loop {
            let before = left.len();
            left.retain(|&b| {
                let pulled = (0..4).any(|d| {
                    let p = board.next(b, d);
                    p != Z::NONE && region.has(p) && {
                        let beyond = board.next(p, d);
                        beyond != Z::NONE && open[beyond.ix()] == Z::NONE
                    }
                });
                if pulled {
                    open[b.ix()] = Z::NONE;
                    region.insert(b);
                }
                !pulled
            });
            if left.len() == before {
                break;
            }
            let from = region.first();
            region = board.region(from, &open).0;
        }
        left.iter().any(|b| !board.start_boxes().contains(b))
    }

    /// The moves of the position with boxes on `boxes`, free bases `bases` and the player in
    /// the region of `player` that lead to no pull deadlock ([`dead`](Self::dead)), with the
    /// position's occupancy and the player's region.
    fn kids(&self, boxes: &Z::Set, bases: &Z::Set, player: Z::Sq) -> Kids<Z> {
        let board = self.board;
        let mut at = Z::marks(Z::NONE);
        for b in boxes.squares::<Z::Sq>() {
            at[b.ix()] = Z::Sq::ZERO;
        }
        let (region, _) = board.region(player, &at);
        let steps = moves(self, &mut at, &region, boxes, bases, player);
        let reach = self.reaches(bases);
        let mut kids = Vec::with_capacity(steps.len());
        for step in &steps {
            let (from, to) = step.pull;
            let mut after = *boxes;
            after.remove(from);
            at[from.ix()] = Z::NONE;
            if !step.sinks {
                after.insert(to);
                at[to.ix()] = Z::Sq::ZERO;
            }
            let (kid_region, least) = board.region(step.player, &at);
            if step.sinks || !self.dead(&at, &after, &reach, kid_region) {
                let score = self.score(&at, &after);
                kids.push(Kid { pull: step.pull, sinks: step.sinks, region: kid_region, player: least, score });
            }
            at[to.ix()] = Z::NONE;
            at[from.ix()] = Z::Sq::ZERO;
        }
        (at, region, kids)
    }

    /// Whether no plan starts from the position with boxes on `boxes`, free bases `bases`
    /// and the player in the region of `player`, proved by core's depth-first search ending
    /// with no solution before it makes [`ROOT_PROOF`] moves (Festival's test of the player's regions of the solved
    /// position: XSokoban #50's lower left one leads to three sinks, then nowhere).
    fn hopeless(&self, boxes: &Z::Set, bases: &Z::Set, player: Z::Sq) -> bool {
        let proof = Proof { level: self, root: (*boxes, *bases, player) };
        let bounded = observer(|event: &Event<'_, Pos<Z>, u32>, live| match event {
            Event::Generate(_) if live.stats().generated > ROOT_PROOF => Control::Stop,
            _ => Control::Continue,
        });
        dfs(&proof, &Limits::none(), bounded).outcome.kind() == OutcomeKind::NoSolution
    }

    /// The weights of the moves of a position (FESS's advisors, as Festival's base search
    /// has them): 0 for a move an advisor recommends, 1 for the rest.
    fn weights(&self, boxes: &Z::Set, here: Score, at: &Z::Marks<Z::Sq>, region: &Z::Set, kids: &[Kid<Z>]) -> Vec<u32> {
        let best =
            |keep: &dyn Fn(&Kid<Z>) -> bool| (0..kids.len()).filter(|&i| keep(&kids[i])).min_by_key(|&i| kids[i].score);
        let pull_len = |k: &Kid<Z>| self.between[k.pull.1.ix()][k.pull.0.ix()];
        // The length of a pull off a goal: in Festival's pull lengths, the pushes that bring
        // the box back.
        let off_goal_len = |k: &Kid<Z>| {
            if self.style.pushes_back() {
                let g = self.board.goals().iter().position(|&g| g == k.pull.0).expect("a pull off a goal");
                self.board.side_distance(g, k.pull.1)
            } else {
                pull_len(k)
            }
        };
        // Packing: a sink, of a box off the goals and the start squares first, else the one
        // leaving the fewest regions, the longest; else a pull off a goal that keeps regions
        // and room links and takes the box further from the goals, the longest first (in
        // pushes back or in steps, as the style says).
        let pack = if kids.iter().any(|k| k.sinks) {
            let floats = |s: Z::Sq| !self.board.is_goal(s) && !self.board.start_boxes().contains(&s);
            // Festival counts the regions with the box still on the base it sinks on.
            let regions_on_base = |k: &Kid<Z>| {
                let mut after = *at;
                after[k.pull.0.ix()] = Z::NONE;
                after[k.pull.1.ix()] = Z::Sq::ZERO;
                regions(self.board, &after)
            };
            (0..kids.len()).find(|&i| kids[i].sinks && floats(kids[i].pull.0)).or_else(|| {
                (0..kids.len())
                    .filter(|&i| kids[i].sinks)
                    .min_by_key(|&i| (regions_on_base(&kids[i]), Reverse(pull_len(&kids[i]))))
            })
        } else {
            (0..kids.len())
                .filter(|&i| {
                    let k = &kids[i];
                    k.score.regions <= here.regions
                        && k.score.cut <= here.cut
                        && k.score.near < here.near
                        && self.board.is_goal(k.pull.0)
                })
                .min_by_key(|&i| {
                    let k = &kids[i];
                    (k.score.regions, k.score.cut, Reverse(off_goal_len(k)))
                })
        };
        let mut advised = vec![pack];
        if !pack.is_some_and(|i| kids[i].sinks) {
            advised.push(best(&|k| k.score.regions < here.regions));
            advised.push(best(&|k| k.score.cut < here.cut));
            // The explorer: a move after which the player can pull a box that stays where it
            // was from a side it could not reach before.
            advised.push(best(&|k| {
                let mut after = *at;
                after[k.pull.0.ix()] = Z::NONE;
                if !k.sinks {
                    after[k.pull.1.ix()] = Z::Sq::ZERO;
                }
                boxes.squares().filter(|&b| b != k.pull.0).any(|b| {
                    (0..4).any(|d| {
                        let p = self.board.next(b, d);
                        p != Z::NONE && at[p.ix()] == Z::NONE && !region.has(p) && k.region.has(p) && {
                            let beyond = self.board.next(p, d);
                            beyond != Z::NONE && after[beyond.ix()] == Z::NONE
                        }
                    })
                })
            }));
        }
        let mut weights = vec![1; kids.len()];
        for i in advised.into_iter().flatten() {
            weights[i] = 0;
        }
        // Festival: of a position's one or two moves, the first is always free.
        if kids.len() <= 2
            && let Some(w) = weights.first_mut()
        {
            *w = 0;
        }
        weights
    }
}

impl<Z: Size> Kid<Z> {
    /// The move, as the searches take it.
    fn pull(&self) -> Pull<Z> {
        Pull { pull: self.pull, sinks: self.sinks, player: self.player }
    }
}

/// The pull search from one position, for [`Fixed::hopeless`]: a depth-first search for a
/// position whose boxes have all sunk.
struct Proof<'f, 'b, Z: Size> {
    level: &'f Fixed<'b, Z>,
    root: Pos<Z>,
}

impl<Z: Size> Problem for Proof<'_, '_, Z> {
    type State = Pos<Z>;
    type Action = Pull<Z>;
    type Cost = u32;

    fn initial_state(&self) -> Pos<Z> {
        self.root
    }

    fn is_goal(&self, (boxes, _, _): &Pos<Z>) -> bool {
        *boxes == Z::Set::EMPTY
    }

    fn expand(&self, &(boxes, bases, player): &Pos<Z>, out: &mut Vec<Successor<Pos<Z>, Pull<Z>, u32>>) {
        for kid in self.level.kids(&boxes, &bases, player).2 {
            let (boxes, bases) = after::<Z>(&boxes, &bases, kid.pull, kid.sinks);
            out.push(Successor { action: kid.pull(), state: (boxes, bases, kid.player), cost: 1 });
        }
    }
}

/// The sink-plan search as core's [`fess`] runs it: Festival's positions, moves, scores,
/// cells and advisors.
struct Search<'f, 'b, Z: Size> {
    level: &'f Fixed<'b, Z>,
}

impl<Z: Size> FessProblem for Search<'_, '_, Z> {
    type State = Pos<Z>;
    type Action = Pull<Z>;
    type Score = Score;
    type Cell = [u32; 4];

    /// The solved position with the player in each region of the rest of the floor that is
    /// not [`hopeless`](Fixed::hopeless).
    fn roots(&self) -> Vec<(Pos<Z>, Score)> {
        let (level, board) = (self.level, self.level.board);
        let all_bases = Z::Set::of(board.start_boxes().iter().copied());
        let goals = Z::Set::of(board.goals().iter().copied());
        let mut at = Z::marks(Z::NONE);
        for &g in board.goals() {
            at[g.ix()] = Z::Sq::ZERO;
        }
        let solved = level.score(&at, &goals);
        let mut covered = goals;
        let mut roots = Vec::new();
        for s in (0..board.floor()).map(Z::Sq::of) {
            if !covered.has(s) {
                let (region, least) = board.region(s, &at);
                covered.add(&region);
                if !level.hopeless(&goals, &all_bases, least) {
                    roots.push(((goals, all_bases, least), solved));
                }
            }
        }
        roots
    }

    fn cell(&self, past: &Score) -> [u32; 4] {
        past.cell()
    }

    fn expand(&self, &(boxes, bases, player): &Pos<Z>, score: &Score, out: &mut Vec<Move<Pull<Z>, Score>>) {
        let (at, region, kids) = self.level.kids(&boxes, &bases, player);
        let weights = self.level.weights(&boxes, *score, &at, &region, &kids);
        out.extend(kids.iter().zip(weights).map(|(kid, weight)| Move { action: kid.pull(), score: kid.score, weight }));
    }

    fn play(&self, (boxes, bases, _): &Pos<Z>, m: &Pull<Z>) -> Pos<Z> {
        let (boxes, bases) = after::<Z>(boxes, bases, m.pull, m.sinks);
        (boxes, bases, m.player)
    }

    /// Every box has sunk.
    fn is_goal(&self, _: &Pos<Z>, score: &Score) -> bool {
        score.left == 0
    }
}

/// The boxes and free bases of a position after a move.
fn after<Z: Size>(boxes: &Z::Set, bases: &Z::Set, (from, to): (Z::Sq, Z::Sq), sinks: bool) -> (Z::Set, Z::Set) {
    let (mut boxes, mut bases) = (*boxes, *bases);
    boxes.remove(from);
    if sinks {
        bases.remove(to);
    } else {
        boxes.insert(to);
    }
    (boxes, bases)
}

/// The sink-plan search on `board` in `style`, within `limits` (its expansions bound the
/// search: plans that exist are found in a few thousand).
pub(crate) fn sink_plan<Z: Size>(board: &Board<Z>, style: Style, limits: &Limits) -> (Option<SinkPlan<Z>>, Stats) {
    let level = Fixed::new(board, style);
    let out = fess(&Search { level: &level }, limits, NoObserver);
    let stats = out.stats;
    let Some(path) = out.into_solution() else { return (None, stats) };
    // Forwards: the last move first; a sunk box comes out of its start square (the base it
    // sank on) to where it was.
    let mut steps: Vec<(Z::Sq, Z::Sq, Z::Sq)> = Vec::new();
    for m in path.actions.iter().rev() {
        let (from, to) = m.pull;
        let step = if m.sinks { (Z::NONE, from, to) } else { (to, from, Z::NONE) };
        // A box that moves on from where the move before left it: one move.
        match steps.last_mut() {
            Some(last) if !m.sinks && last.1 == step.0 => last.1 = step.1,
            _ => steps.push(step),
        }
    }
    steps.retain(|&(from, to, _)| from != to);
    let moves = steps.iter().map(|&(from, to, _)| (from, to)).collect();
    let bases = steps.iter().map(|&(_, _, base)| base).collect();
    (Some(SinkPlan { moves, bases }), stats)
}

/// The moves from a position (its boxes marked in `at`, which is left as it was, and the
/// player's region `region`): per box, every square it can be pulled to (the sinks alone when
/// some box can sink).
fn moves<Z: Size>(
    level: &Fixed<'_, Z>,
    at: &mut Z::Marks<Z::Sq>,
    region: &Z::Set,
    boxes: &Z::Set,
    bases: &Z::Set,
    player: Z::Sq,
) -> Vec<Step<Z>> {
    let board = level.board;
    let reach_of = |s: Z::Sq| level.reach_of(s);
    // Squares some free base reaches by pushes on the empty board.
    let mut possible: Z::Set = Z::Set::EMPTY;
    for s in bases.squares::<Z::Sq>() {
        possible.add(&reach_of(s));
    }
    let cluster = largest_cluster(board, at, bases);
    let can_sink = cluster.squares::<Z::Sq>().all(|s| region.has(s));
    let left: Vec<Z::Sq> = boxes.squares().collect();
    let mut sinks = Vec::new();
    let mut others = Vec::new();
    for &b in &left {
        let mut reached = pulled(board, at, b, player);
        if level.style.reading_order() {
            reached.sort_by_key(|&(p, _)| p);
        }
        let mut sank = false;
        for &(to, after) in &reached {
            if !possible.has(to) {
                continue;
            }
            if can_sink && !sank && cluster.has(to) && far_apart(level, b, to) {
                let mut rest_bases = *bases;
                rest_bases.remove(to);
                let rest: Vec<Z::Sq> = left.iter().copied().filter(|&s| s != b).collect();
                if matches_all::<Z>(&rest, &level.reaches(&rest_bases)) {
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
/// different rooms, [`RoomLinks`]' rooms): they lie [`FAR_APART`] steps apart or more on the
/// empty board, or in two rooms, or one lies in a room the other is neither in nor next to
/// and they share no row and no column.
fn far_apart<Z: Size>(level: &Fixed<'_, Z>, from: Z::Sq, to: Z::Sq) -> bool {
    let (board, rooms) = (level.board, &level.rooms);
    if level.between[from.ix()][to.ix()] >= FAR_APART {
        return true;
    }
    let (r1, r2) = (rooms.room_of(from), rooms.room_of(to));
    if r1 == r2 {
        return false;
    }
    if r1 != u8::MAX && r2 != u8::MAX {
        return true;
    }
    let next_to = |room: u8, s: Z::Sq| {
        room != u8::MAX
            && (rooms.room_of(s) == room
                || (0..4).any(|d| {
                    let t = board.next(s, d);
                    t != Z::NONE && rooms.room_of(t) == room
                }))
    };
    if next_to(r1, to) || next_to(r2, from) {
        return false;
    }
    let ((a, b), (c, d)) = (board.cell_of(from), board.cell_of(to));
    a != c && b != d
}

/// Every square the box on `b` can be pulled to around the other boxes of `at`, the player
/// starting in the region of `player`, once for each region the player can end in there,
/// with the player's square after the pull; the fewest pulls away first.
fn pulled<Z: Size>(board: &Board<Z>, at: &mut Z::Marks<Z::Sq>, b: Z::Sq, player: Z::Sq) -> Vec<(Z::Sq, Z::Sq)> {
    let mark = at[b.ix()];
    at[b.ix()] = Z::Sq::ZERO;
    // Search states: (box square, the player's region's top-left square).
    let mut seen: FxHashSet<(Z::Sq, Z::Sq)> = FxHashSet::default();
    seen.insert((b, board.region(player, at).1));
    at[b.ix()] = Z::NONE;
    let mut queue = std::collections::VecDeque::from([(b, player)]);
    let mut reached = Vec::new();
    while let Some((q, stand)) = queue.pop_front() {
        at[q.ix()] = Z::Sq::ZERO;
        let (region, _) = board.region(stand, at);
        for d in 0..4 {
            // The player on `p` steps on to `beyond`; the box follows onto `p`.
            let p = board.next(q, d);
            if p == Z::NONE || !region.has(p) {
                continue;
            }
            let beyond = board.next(p, d);
            if beyond == Z::NONE || at[beyond.ix()] != Z::NONE {
                continue;
            }
            at[q.ix()] = Z::NONE;
            at[p.ix()] = Z::Sq::ZERO;
            let (_, least) = board.region(beyond, at);
            at[p.ix()] = Z::NONE;
            at[q.ix()] = Z::Sq::ZERO;
            if seen.insert((p, least)) {
                queue.push_back((p, beyond));
                if p != b {
                    reached.push((p, beyond));
                }
            }
        }
        at[q.ix()] = Z::NONE;
    }
    at[b.ix()] = mark;
    reached
}

/// The free bases (no box on them in `at`) in the largest clusters of free bases a box pushed
/// alone around the boxes of `at`, the player starting on any side of it, can travel between
/// both ways (Festival's "strongly connected component" of the bases).
/// [`Arrivals::from_any_side`]: with the player walking from his start square instead, a box
/// pulled onto that square made every base seem to reach every square.
fn largest_cluster<Z: Size>(board: &Board<Z>, at: &Z::Marks<Z::Sq>, bases: &Z::Set) -> Z::Set {
    let free: Vec<Z::Sq> = bases.squares::<Z::Sq>().filter(|&s| at[s.ix()] == Z::NONE).collect();
    let reach: Vec<Z::Set> =
        free.iter().map(|&s| Arrivals::from_any_side(board, at, s).squares(board.floor())).collect();
    let mut cluster = vec![usize::MAX; free.len()];
    let mut sizes = Vec::new();
    for i in 0..free.len() {
        if cluster[i] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut size = 0;
        for j in i..free.len() {
            if cluster[j] == usize::MAX && (j == i || reach[i].has(free[j]) && reach[j].has(free[i])) {
                cluster[j] = id;
                size += 1;
            }
        }
        sizes.push(size);
    }
    let most = sizes.iter().copied().max().unwrap_or(0);
    Z::Set::of(free.iter().zip(&cluster).filter(|&(_, &c)| sizes[c] == most).map(|(&s, _)| s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::size::Small;

    /// Plays `plan`'s route on the squares: boxes come out of the start and move on. Returns
    /// the squares holding a box at the end, and how many came out.
    fn played(plan: &SinkPlan<Small>) -> ([u64; 4], usize) {
        let mut held: [u64; 4] = [0u64; 4];
        let mut out = 0;
        for &(from, to) in &plan.moves {
            if from == Small::NONE {
                out += 1;
            } else {
                assert!(held.has(from), "a move starts from a box");
                held.remove(from);
            }
            assert!(!held.has(to), "a move ends on a free square");
            held.insert(to);
        }
        (held, out)
    }

    #[test]
    fn boxes_sink_on_the_start_squares_of_another_room() {
        // Goals in the room on the left, boxes in the one on the right, a door between.
        let text = "#########\n#   #   #\n# .   $ #\n# . # $ #\n#   #  @#\n#########\n";
        let board = Board::as_drawn(text);
        let (plan, stats) = sink_plan(&board, Style::Festival, &Limits::none().max_expanded(1_000));
        let plan = plan.expect("both boxes sink");
        assert!(stats.expanded <= 10, "{} expansions", stats.expanded);
        let goals = <[u64; 4]>::of(board.goals().iter().copied());
        assert_eq!(played(&plan), (goals, 2), "each box comes out once, and the route ends on the goals");
        // Goals and start squares in one room: no box sinks, and the search runs dry.
        let board = Board::as_drawn("#######\n#@$ ..#\n# $   #\n#######\n");
        assert_eq!(sink_plan(&board, Style::Festival, &Limits::none().max_expanded(1_000)).0, None);
    }

    #[test]
    fn every_microban_plan_takes_each_box_out_once_and_ends_on_the_goals() {
        let levels = crate::rules::level::parse_collection(include_str!("../../data/microban.xsb")).unwrap();
        let mut plans = 0;
        let styles = [Style::Festival, Style::Reached, Style::Nearest];
        for (level, style) in levels.iter().flat_map(|level| styles.map(|style| (level, style))) {
            let board = Board::new(level, false).unwrap();
            let Some(plan) = sink_plan(&board, style, &Limits::none().max_expanded(5_000)).0 else { continue };
            plans += 1;
            let goals = <[u64; 4]>::of(board.goals().iter().copied());
            assert_eq!(played(&plan), (goals, board.goals().len()), "Microban #{}", level.number);
            // Each box comes out of a start square of its own.
            let mut bases: Vec<u8> = plan.bases.iter().copied().filter(|&b| b != Small::NONE).collect();
            bases.sort_unstable();
            let mut starts = board.start_boxes().to_vec();
            starts.sort_unstable();
            assert_eq!(bases, starts, "Microban #{}", level.number);
            // A start square for each move out of the start, and for those alone.
            let mut pairs = plan.moves.iter().zip(&plan.bases);
            assert!(
                pairs.all(|(&(from, _), &base)| (from == Small::NONE) == (base != Small::NONE)),
                "Microban #{}",
                level.number
            );
        }
        // 99 of the 155 have a plan in Festival's style and 99 in the nearest-first one; the test
        // must look at many.
        assert!(plans >= 225, "{plans} plans");
    }

    /// XSokoban level `n`.
    fn xsokoban(n: usize) -> Board {
        let levels = crate::rules::level::parse_collection(include_str!("../../data/xsokoban90.xsb")).unwrap();
        Board::new(&levels[n - 1], false).unwrap()
    }

    #[test]
    fn pulls_into_festivals_pull_deadlocks_are_dropped() {
        // XSokoban #18 solved, the player in the top right room. Festival (`fess-cli -alg 0`,
        // its base search at verbosity 5) finds these pulls of the box on (5, 7) deadlocked,
        // and plays the pull to (9, 11).
        let board = xsokoban(18);
        let level = Fixed::new(&board, Style::Festival);
        let goals = <[u64; 4]>::of(board.goals().iter().copied());
        let bases = <[u64; 4]>::of(board.start_boxes().iter().copied());
        let box_at = |r, c| board.square_at(r, c);
        let dead_after = |to: u8| {
            let mut boxes = goals;
            boxes.remove(box_at(5, 7));
            boxes.insert(to);
            let mut at = Small::marks(Small::NONE);
            for b in boxes.squares::<u8>() {
                at[b.ix()] = 0;
            }
            let region = board.region(box_at(2, 13), &at).0;
            level.dead(&at, &boxes, &level.reaches(&bases), region)
        };
        for (r, c) in [(5, 16), (9, 14), (5, 14), (9, 13), (6, 14), (7, 14), (8, 14), (8, 13), (8, 12)] {
            assert!(dead_after(box_at(r, c)), "({r}, {c})");
        }
        assert!(!dead_after(box_at(9, 11)));
    }

    #[test]
    fn xsokoban_18s_plan_opens_with_festivals_dance_in_the_top_rooms() {
        let board = xsokoban(18);
        let (plan, stats) = sink_plan(&board, Style::Festival, &Limits::none().max_expanded(5_000));
        let plan = plan.expect("a plan within 5,000 expansions");
        assert!(stats.expanded > 100, "{} expansions", stats.expanded);
        let goals = <[u64; 4]>::of(board.goals().iter().copied());
        assert_eq!(played(&plan), (goals, board.goals().len()));
        // Festival's plan (`fess-cli -alg 0`, verbose) starts with these nine moves: two boxes
        // come up to the top right room and take turns through the top left one.
        let cell = |s: u8| if s == Small::NONE { None } else { Some(board.cell_of(s)) };
        let first: Vec<_> = plan.moves[..9].iter().map(|&(f, t)| (cell(f), cell(t))).collect();
        let festival = [
            (None, (2, 9)),
            (None, (2, 13)),
            (Some((2, 9)), (1, 7)),
            (Some((2, 13)), (3, 10)),
            (Some((1, 7)), (1, 9)),
            (None, (2, 13)),
            (Some((1, 9)), (1, 7)),
            (Some((2, 13)), (3, 9)),
            (Some((1, 7)), (1, 9)),
        ];
        assert_eq!(first, festival.map(|(f, t)| (f, Some(t))));
    }

    #[test]
    fn xsokoban_50s_plan_is_festivals() {
        let board = xsokoban(50);
        let (plan, stats) = sink_plan(&board, Style::Festival, &Limits::none().max_expanded(5_000));
        let plan = plan.expect("a plan within 5,000 expansions");
        // Festival's base search (`fess -cores 1`, its plan printed when it ends) finds it in
        // 33 expansions: 16 boxes out of their start squares (the first number pair) to where
        // they wait, then on to the goals.
        assert!(stats.expanded <= 40, "{} expansions", stats.expanded);
        let festival = [
            ((12, 3), (13, 16)),
            ((11, 4), (13, 14)),
            ((10, 6), (13, 13)),
            ((4, 14), (12, 14)),
            ((9, 4), (8, 14)),
            ((9, 3), (6, 12)),
            ((3, 15), (6, 15)),
            ((2, 15), (6, 14)),
            ((2, 10), (3, 15)),
            ((2, 8), (2, 15)),
            ((3, 7), (1, 11)),
            ((4, 6), (1, 9)),
            ((8, 6), (2, 7)),
            ((8, 2), (5, 4)),
            ((7, 5), (4, 4)),
            ((7, 3), (5, 5)),
            ((2, 7), (4, 5)),
            ((2, 15), (4, 7)),
            ((3, 15), (5, 6)),
            ((6, 14), (4, 6)),
            ((6, 15), (3, 5)),
            ((6, 12), (3, 6)),
            ((13, 13), (3, 7)),
            ((1, 9), (1, 7)),
            ((12, 14), (3, 8)),
            ((1, 11), (1, 8)),
            ((13, 14), (2, 6)),
            ((13, 16), (2, 7)),
            ((8, 14), (2, 8)),
        ];
        let ours: Vec<_> = plan
            .moves
            .iter()
            .zip(&plan.bases)
            .map(|(&(from, to), &base)| {
                (board.cell_of(if from == Small::NONE { base } else { from }), board.cell_of(to))
            })
            .collect();
        assert_eq!(ours, festival);
        assert!(
            plan.bases[..16].iter().all(|&b| b != Small::NONE) && plan.bases[16..].iter().all(|&b| b == Small::NONE)
        );
    }

    #[test]
    fn xsokoban_88_parks_three_boxes_in_the_pocket_below_its_goal_room() {
        let board = xsokoban(88);
        let (plan, stats) = sink_plan(&board, Style::Festival, &Limits::none().max_expanded(5_000));
        let plan = plan.expect("a plan within 5,000 expansions");
        assert!(stats.expanded < 1_000, "{} expansions", stats.expanded);
        let goals = <[u64; 4]>::of(board.goals().iter().copied());
        assert_eq!(played(&plan), (goals, board.goals().len()));
        // As in Festival's plan (`fess-cli -alg 0`, verbose): three boxes wait in the dead
        // end below the room, on (13, 3), (11, 3) and (9, 3), and go last into the room's
        // column 3, the deepest one to (6, 3).
        let cell = |s: u8| if s == Small::NONE { None } else { Some(board.cell_of(s)) };
        let last: Vec<_> = plan.moves[plan.moves.len() - 3..].iter().map(|&(f, t)| (cell(f), cell(t))).collect();
        assert_eq!(last, [(Some((9, 3)), Some((4, 3))), (Some((11, 3)), Some((5, 3))), (Some((13, 3)), Some((6, 3)))]);
    }
}
