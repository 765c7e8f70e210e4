//! IDA* over an additive pattern database, on boards up to 32 cells, with the table
//! look-ups updated move by move and every iteration spread over threads: the search that
//! solves the 24-puzzle with Korf and Felner's 6-6-6-6 tables (2002).
//!
//! A node keeps, per group, the cells of the group's tiles and its table value, and the
//! same for the reflected pattern. A move changes one tile, so a child costs one re-ranking
//! and one table read per lookup (and none of the reflected ones when the plain sum already
//! cuts it off). The reads of a node's children are issued together, so their cache misses
//! overlap. `h` is the larger of the two sums; it is 0 at the goal only, since every tile is
//! in a group.
//!
//! Move pruning: [`Automaton::standard`], so a move never undoes the one before it and no
//! path ends in a string of up to twelve moves that has an earlier twin (six moves round a
//! 2×2 block, eight round two, …).
//! Each iteration first expands the top
//! of the tree level by level, in depth-first order, until there are at least [`SPLIT`]
//! subtrees per thread; the threads then take the subtrees from rayon's work-stealing pool.
//! Every node above the split is expanded once per iteration, as on one thread, so every
//! iteration but the last counts exactly the nodes a single thread counts; the last one
//! stops as soon as any thread reaches the goal.

use crate::board::Move;
use crate::pdb::{AdditivePdb, MAX_PDB_CELLS};
use crate::pruning::{Automaton, Trail};
use crate::rank::partial_rank_few;
use crate::state::{Grid, replay};
use delve_core::{Bound, Limits, Meter, Observer, Outcome, SearchResult, SharedMeter, Solution, StopReason};
use rayon::prelude::*;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};

/// The name the results carry: this is IDA*, with the domain's own inner loop.
pub const ALGORITHM: &str = "idastar";
/// The deepest bound searched. Every board of up to 32 cells is solved in far fewer moves
/// (the 24-puzzle in at most 208), so this only bounds the recursion.
pub const MAX_DEPTH: u32 = 1000;
/// Subtrees per thread an iteration is split into, at least.
pub const SPLIT: usize = 256;
/// Expansions a thread makes between two looks at the clock, the node budget and the others.
const CHECK_EVERY: u64 = 1 << 15;
/// No neighbour in that direction.
const OFF: u8 = u8::MAX;

/// The board and the tables, as the inner loop reads them.
struct Tables<'a> {
    n: usize,
    /// Per cell, the cell the blank reaches by each move of [`Move::ALL`], or [`OFF`].
    next: [[u8; 4]; MAX_PDB_CELLS],
    /// Per tile: its group, and its slot in the flat array of group cells.
    group: [u8; MAX_PDB_CELLS],
    slot: [u8; MAX_PDB_CELLS],
    /// Per tile: the reflected group that reads it, and the slot it fills there.
    rgroup: [u8; MAX_PDB_CELLS],
    rslot: [u8; MAX_PDB_CELLS],
    /// Cell → reflected cell (identity when not reflecting).
    mirror: [u8; MAX_PDB_CELLS],
    /// Per group: its first slot and its number of tiles.
    first: Vec<usize>,
    len: Vec<usize>,
    tables: Vec<&'a [u8]>,
    reflect: bool,
    /// The duplicate-pruning automaton.
    moves: &'static Automaton,
}

/// A node: the board, and the pattern cells and values of both lookups.
#[derive(Clone, Copy, Debug)]
struct Node {
    tiles: [u8; MAX_PDB_CELLS],
    blank: u8,
    cells: [u8; MAX_PDB_CELLS],
    rcells: [u8; MAX_PDB_CELLS],
    h: [u8; MAX_PDB_CELLS],
    rh: [u8; MAX_PDB_CELLS],
    sum: u32,
    rsum: u32,
}

/// What taking a move back needs: the two table values it replaced and the blank's cell.
#[derive(Clone, Copy)]
struct Undo {
    h: u8,
    rh: u8,
    blank: u8,
}

/// One child of a node, evaluated before any is entered.
#[derive(Clone, Copy)]
struct Child {
    /// Index into [`Move::ALL`].
    mv: u8,
    /// The pruning state after the move.
    trail: Trail,
    /// The cell the blank moves to (the moving tile's cell).
    from: u8,
    tile: u8,
    value: u8,
    rvalue: u8,
}

impl Child {
    /// A placeholder for the slots no move fills.
    const NONE: Child = Child { mv: 0, trail: Trail::START, from: 0, tile: 0, value: 0, rvalue: 0 };
}

impl<'a> Tables<'a> {
    fn new(db: &'a AdditivePdb) -> Tables<'a> {
        let goal = db.goal();
        let board = goal.dims();
        let n = board.cells();
        let mut next = [[OFF; 4]; MAX_PDB_CELLS];
        for (c, slots) in next.iter_mut().enumerate().take(n) {
            for (slot, m) in slots.iter_mut().zip(Move::ALL) {
                if let Some(to) = board.neighbor(c, m) {
                    *slot = to as u8;
                }
            }
        }
        let (mut group, mut slot) = ([0u8; MAX_PDB_CELLS], [0u8; MAX_PDB_CELLS]);
        let (mut first, mut len, mut tables) = (Vec::new(), Vec::new(), Vec::new());
        let mut at = 0;
        for (g, pattern) in db.groups().iter().enumerate() {
            first.push(at);
            len.push(pattern.tiles().len());
            tables.push(pattern.table());
            for &t in pattern.tiles() {
                group[t as usize] = g as u8;
                slot[t as usize] = at as u8;
                at += 1;
            }
        }
        let (mut rgroup, mut rslot) = (group, slot);
        let mut mirror = [0u8; MAX_PDB_CELLS];
        for (c, m) in mirror.iter_mut().enumerate() {
            *m = c as u8;
        }
        let reflect = match db.reflection() {
            Some((cells, sources)) => {
                mirror = *cells;
                for (g, source) in sources.iter().enumerate() {
                    for (i, &t) in source.iter().enumerate() {
                        rgroup[t as usize] = g as u8;
                        rslot[t as usize] = (first[g] + i) as u8;
                    }
                }
                true
            }
            None => false,
        };
        Tables {
            n,
            next,
            group,
            slot,
            rgroup,
            rslot,
            mirror,
            first,
            len,
            tables,
            reflect,
            moves: Automaton::standard(),
        }
    }

    /// The index into group `g`'s table of the pattern in `cells`.
    #[inline(always)]
    fn index(&self, g: usize, cells: &[u8; MAX_PDB_CELLS]) -> usize {
        let f = self.first[g];
        partial_rank_few(&cells[f..f + self.len[g]], self.n)
    }

    /// Group `g`'s table entry for the cells in `cells`.
    #[inline(always)]
    fn lookup(&self, g: usize, cells: &[u8; MAX_PDB_CELLS]) -> u8 {
        self.tables[g][self.index(g, cells)]
    }

    /// The node for `start`, every lookup computed afresh.
    fn root(&self, start: &Grid) -> Node {
        let mut node = Node {
            tiles: [0; MAX_PDB_CELLS],
            blank: start.blank() as u8,
            cells: [0; MAX_PDB_CELLS],
            rcells: [0; MAX_PDB_CELLS],
            h: [0; MAX_PDB_CELLS],
            rh: [0; MAX_PDB_CELLS],
            sum: 0,
            rsum: 0,
        };
        for (c, &t) in start.tiles().iter().enumerate() {
            node.tiles[c] = t;
            if t != 0 {
                node.cells[self.slot[t as usize] as usize] = c as u8;
                node.rcells[self.rslot[t as usize] as usize] = self.mirror[c];
            }
        }
        for g in 0..self.tables.len() {
            node.h[g] = self.lookup(g, &node.cells);
            node.sum += node.h[g] as u32;
            if self.reflect {
                node.rh[g] = self.lookup(g, &node.rcells);
                node.rsum += node.rh[g] as u32;
            }
        }
        node
    }

    /// Evaluates `node`'s children (the moves `trail` allows) into `out`; returns how many
    /// there are. Every table index is computed first and the reads follow, so the
    /// memory system fetches them together.
    #[inline(always)]
    fn children(&self, node: &mut Node, trail: Trail, out: &mut [Child; 4]) -> usize {
        let mut count = 0;
        let mut index = [0usize; 4];
        let mut rindex = [0usize; 4];
        let blank = node.blank;
        for (m, &to) in self.next[blank as usize].iter().enumerate() {
            if to == OFF {
                continue;
            }
            let Some(next) = self.moves.then(trail, Move::ALL[m]) else { continue };
            let tile = node.tiles[to as usize];
            let (g, s) = (self.group[tile as usize] as usize, self.slot[tile as usize] as usize);
            node.cells[s] = blank;
            index[count] = self.index(g, &node.cells);
            node.cells[s] = to;
            if self.reflect {
                let (rg, rs) = (self.rgroup[tile as usize] as usize, self.rslot[tile as usize] as usize);
                node.rcells[rs] = self.mirror[blank as usize];
                rindex[count] = self.index(rg, &node.rcells);
                node.rcells[rs] = self.mirror[to as usize];
            }
            out[count] = Child { mv: m as u8, trail: next, from: to, tile, value: 0, rvalue: 0 };
            count += 1;
        }
        for (i, child) in out.iter_mut().enumerate().take(count) {
            child.value = self.tables[self.group[child.tile as usize] as usize][index[i]];
            if self.reflect {
                child.rvalue = self.tables[self.rgroup[child.tile as usize] as usize][rindex[i]];
            }
        }
        count
    }

    /// `h` of `node` after `child`, and the two sums it comes from.
    #[inline(always)]
    fn after(&self, node: &Node, child: &Child) -> (u32, u32, u32) {
        let g = self.group[child.tile as usize] as usize;
        let sum = node.sum - node.h[g] as u32 + child.value as u32;
        if !self.reflect {
            return (sum, sum, 0);
        }
        let rg = self.rgroup[child.tile as usize] as usize;
        let rsum = node.rsum - node.rh[rg] as u32 + child.rvalue as u32;
        (sum.max(rsum), sum, rsum)
    }

    /// Makes the move of `child`, whose sums are `sum` and `rsum`; returns what undoing it
    /// needs.
    #[inline(always)]
    fn apply(&self, node: &mut Node, child: &Child, sum: u32, rsum: u32) -> Undo {
        let t = child.tile as usize;
        let (g, rg) = (self.group[t] as usize, self.rgroup[t] as usize);
        let old = Undo { h: node.h[g], rh: node.rh[rg], blank: node.blank };
        node.cells[self.slot[t] as usize] = node.blank;
        node.h[g] = child.value;
        node.sum = sum;
        if self.reflect {
            node.rcells[self.rslot[t] as usize] = self.mirror[node.blank as usize];
            node.rh[rg] = child.rvalue;
            node.rsum = rsum;
        }
        node.tiles[node.blank as usize] = child.tile;
        node.tiles[child.from as usize] = 0;
        node.blank = child.from;
        old
    }

    /// Takes back `apply(node, child)`, given what it returned.
    #[inline(always)]
    fn undo(&self, node: &mut Node, child: &Child, old: Undo) {
        let t = child.tile as usize;
        let (g, rg) = (self.group[t] as usize, self.rgroup[t] as usize);
        node.cells[self.slot[t] as usize] = child.from;
        node.sum = node.sum - node.h[g] as u32 + old.h as u32;
        node.h[g] = old.h;
        if self.reflect {
            node.rcells[self.rslot[t] as usize] = self.mirror[child.from as usize];
            node.rsum = node.rsum - node.rh[rg] as u32 + old.rh as u32;
            node.rh[rg] = old.rh;
        }
        node.tiles[child.from as usize] = child.tile;
        node.tiles[old.blank as usize] = 0;
        node.blank = old.blank;
    }
}

/// Why a depth-first probe returned.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Probe {
    /// The subtree is done.
    Done,
    /// The goal is on the path.
    Found,
    /// A limit, the goal found elsewhere, or the observer stopped the search.
    Halted,
}

/// What the threads of one iteration share.
struct Shared<'s, 'm, O> {
    meter: &'s SharedMeter<'m, O>,
    halt: AtomicBool,
    reason: Mutex<Option<StopReason>>,
    found: Mutex<Option<Vec<u8>>>,
    /// Expansions counted so far by every thread (checked against the node budget).
    expanded: AtomicU64,
    budget: Option<u64>,
    /// The least `f` above the bound met so far.
    next_bound: AtomicU32,
}

impl<O> Shared<'_, '_, O> {
    fn stop(&self, reason: StopReason) {
        if let Ok(mut r) = self.reason.lock() {
            r.get_or_insert(reason);
        }
        self.halt.store(true, Relaxed);
    }
}

/// One thread's depth-first probe below a subtree root.
struct Walker<'t, 'a, 's, 'm, O> {
    tables: &'t Tables<'a>,
    shared: &'s Shared<'s, 'm, O>,
    node: Node,
    path: Vec<u8>,
    bound: u32,
    next_bound: u32,
    expanded: u64,
    generated: u64,
    /// Expansions since the last look at the shared state.
    pending: u64,
}

impl<O> Walker<'_, '_, '_, '_, O> {
    /// Looks at the clock, the node budget and the other threads.
    #[cold]
    fn check(&mut self) -> bool {
        let total = self.shared.expanded.fetch_add(self.pending, Relaxed) + self.pending;
        self.pending = 0;
        if self.shared.halt.load(Relaxed) {
            return false;
        }
        if self.shared.budget.is_some_and(|b| total >= b) {
            self.shared.stop(StopReason::NodeLimit);
            return false;
        }
        if let Err(reason) = self.shared.meter.clock().check() {
            self.shared.stop(reason);
            return false;
        }
        true
    }

    /// Searches below the current node, reached in `g` moves that left the automaton at
    /// `trail`.
    fn dfs(&mut self, g: u32, trail: Trail) -> Probe {
        if self.node.sum == 0 {
            return Probe::Found;
        }
        self.expanded += 1;
        self.pending += 1;
        if self.pending >= CHECK_EVERY && !self.check() {
            return Probe::Halted;
        }
        let mut children = [Child::NONE; 4];
        let count = self.tables.children(&mut self.node, trail, &mut children);
        self.generated += count as u64;
        for child in &children[..count] {
            let (h, sum, rsum) = self.tables.after(&self.node, child);
            let f = g + 1 + h;
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let old = self.tables.apply(&mut self.node, child, sum, rsum);
            self.path.push(child.mv);
            let probe = self.dfs(g + 1, child.trail);
            if probe != Probe::Done {
                return probe;
            }
            self.path.pop();
            self.tables.undo(&mut self.node, child, old);
        }
        Probe::Done
    }
}

/// A subtree root of an iteration: the node, the moves to it, the automaton's state.
#[derive(Clone)]
struct Root {
    node: Node,
    path: Vec<u8>,
    trail: Trail,
}

/// Solves `start` optimally with IDA* over `db` on rayon's threads (see the module
/// documentation). `start` must be on `db`'s board and have the goal's parity.
///
/// Reports `Event::Iteration` with `Bound::Cost(bound)` for each iteration and
/// `Event::Progress` with the phase `"bound B"` counting the iteration's subtrees; the
/// statistics count expansions (nodes whose children were generated) and generated
/// children (the moves [`crate::pruning`] keeps). `limits` are honoured by every
/// thread: the node budget, the time, the cancel flag. The path of a solution is replayed
/// from `start` into its boards, and must end on the goal.
///
/// ```
/// use delve_sliding::{Dims, Grid, pdb::{AdditivePdb, Partition}, pdb_idastar::pdb_idastar};
/// use delve_core::{Limits, NoObserver};
/// let goal = Grid::new(Dims::new(3, 3).unwrap(), (0..9).collect()).unwrap();
/// let db = AdditivePdb::build(&goal, &Partition::parse("4-4", &goal).unwrap(), &Limits::none(), NoObserver)
///     .unwrap()
///     .pdb;
/// let start = Grid::new(goal.dims(), vec![8, 7, 6, 5, 4, 3, 2, 1, 0]).unwrap();
/// let out = pdb_idastar(&start, &db, &Limits::none(), NoObserver);
/// assert_eq!(out.solution().unwrap().cost, 28);
/// ```
pub fn pdb_idastar<O>(start: &Grid, db: &AdditivePdb, limits: &Limits, observer: O) -> SearchResult<Grid, Move, u32>
where
    O: Observer<Grid, u32> + Send,
{
    assert_eq!(start.dims(), db.goal().dims(), "the start is on the database's board");
    let tables = Tables::new(db);
    let mut meter = Meter::new(limits, observer);
    let root = tables.root(start);
    let mut bound = root.sum.max(root.rsum);
    let threads = rayon::current_num_threads();
    let mut deepest = 0u64;
    let started = meter.start::<Grid, u32>(ALGORITHM);
    let end = 'search: {
        if let Err(reason) = started {
            break 'search End::Stopped(reason);
        }
        loop {
            if bound > MAX_DEPTH {
                break 'search End::NoSolution;
            }
            if let Err(reason) = meter.iteration::<Grid, u32>(Bound::Cost(bound)) {
                break 'search End::Stopped(reason);
            }
            deepest = deepest.max(bound as u64 + 1);
            let (roots, top) = split(&tables, &root, bound, SPLIT * threads);
            meter.add(top.expanded, top.generated);
            if let Some(path) = top.found {
                break 'search End::Found(path);
            }
            let budget = limits.max_expanded;
            let so_far = meter.stats().expanded;
            if budget.is_some_and(|b| so_far >= b) {
                break 'search End::Stopped(StopReason::NodeLimit);
            }
            let shared_meter = SharedMeter::new(meter);
            let shared = Shared {
                meter: &shared_meter,
                halt: AtomicBool::new(false),
                reason: Mutex::new(None),
                found: Mutex::new(None),
                expanded: AtomicU64::new(so_far),
                budget,
                next_bound: AtomicU32::new(top.next_bound),
            };
            let phase = format!("bound {bound}");
            let total = roots.len() as u64;
            let finished = AtomicU64::new(0);
            roots.par_iter().for_each(|r| {
                if shared.halt.load(Relaxed) {
                    return;
                }
                let mut walker = Walker {
                    tables: &tables,
                    shared: &shared,
                    node: r.node,
                    path: Vec::with_capacity(bound as usize + 1),
                    bound,
                    next_bound: u32::MAX,
                    expanded: 0,
                    generated: 0,
                    pending: 0,
                };
                walker.path.extend_from_slice(&r.path);
                let probe = walker.dfs(r.path.len() as u32, r.trail);
                shared.expanded.fetch_add(walker.pending, Relaxed);
                shared.meter.add(walker.expanded, walker.generated);
                shared.next_bound.fetch_min(walker.next_bound, Relaxed);
                if probe == Probe::Found {
                    if let Ok(mut f) = shared.found.lock() {
                        f.get_or_insert(walker.path);
                    }
                    shared.halt.store(true, Relaxed);
                    return;
                }
                let done = finished.fetch_add(1, Relaxed) + 1;
                if probe == Probe::Done
                    && let Err(reason) = shared.meter.progress::<Grid, u32>(&phase, done, Some(total))
                {
                    shared.stop(reason);
                }
            });
            let Shared { found, reason, next_bound, .. } = shared;
            meter = shared_meter.into_inner();
            if let Some(path) = found.into_inner().unwrap_or_else(|p| p.into_inner()) {
                break 'search End::Found(path);
            }
            if let Some(reason) = reason.into_inner().unwrap_or_else(|p| p.into_inner()) {
                break 'search End::Stopped(reason);
            }
            let next = next_bound.into_inner();
            if next == u32::MAX {
                break 'search End::NoSolution;
            }
            bound = next;
        }
    };
    meter.frontier(deepest as usize);
    let outcome = match end {
        End::Found(path) => {
            let moves: Vec<Move> = path.iter().map(|&m| Move::ALL[m as usize]).collect();
            // The path is replayed from the start before anyone sees it: every move must stay
            // on the board and the last board must be the goal.
            let states = replay(start, &moves)
                .filter(|boards| boards.last() == Some(db.goal()))
                .expect("the path found replays from the start to the goal");
            Outcome::Solved(Solution { cost: moves.len() as u32, actions: moves, states })
        }
        End::NoSolution => Outcome::NoSolution,
        End::Stopped(reason) => Outcome::Stopped { reason, best_so_far: None },
    };
    meter.finish(outcome)
}

/// How a search ended, before the path is turned into moves and boards.
enum End {
    Found(Vec<u8>),
    NoSolution,
    Stopped(StopReason),
}

/// What expanding the top of an iteration's tree found.
struct Top {
    expanded: u64,
    generated: u64,
    next_bound: u32,
    /// The moves to the goal, when it lies above the split.
    found: Option<Vec<u8>>,
}

/// Expands the top of the tree under `bound` level by level, each level in depth-first
/// order, until a level has at least `want` nodes (or the tree ends): the subtree roots in
/// the order one thread would enter them.
fn split(tables: &Tables<'_>, root: &Node, bound: u32, want: usize) -> (Vec<Root>, Top) {
    let mut top = Top { expanded: 0, generated: 0, next_bound: u32::MAX, found: None };
    let mut level = vec![Root { node: *root, path: Vec::new(), trail: Trail::START }];
    let mut depth = 0u32;
    while level.len() < want && !level.is_empty() {
        let mut next = Vec::with_capacity(level.len() * 3);
        for r in &level {
            if r.node.sum == 0 {
                top.found = Some(r.path.clone());
                return (Vec::new(), top);
            }
            top.expanded += 1;
            let mut node = r.node;
            let mut children = [Child::NONE; 4];
            let count = tables.children(&mut node, r.trail, &mut children);
            top.generated += count as u64;
            for child in &children[..count] {
                let (h, sum, rsum) = tables.after(&node, child);
                let f = depth + 1 + h;
                if f > bound {
                    top.next_bound = top.next_bound.min(f);
                    continue;
                }
                let mut grown = node;
                tables.apply(&mut grown, child, sum, rsum);
                let mut path = r.path.clone();
                path.push(child.mv);
                next.push(Root { node: grown, path, trail: child.trail });
            }
        }
        level = next;
        depth += 1;
    }
    (level, top)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dims;
    use crate::heuristic::LinearConflict;
    use crate::korf::{korf_goal, korf100};
    use crate::pdb::Partition;
    use crate::problem::{SlidingProblem, SlidingTree};
    use crate::state::Bytes;
    use delve_core::{Event, FnObserver, Live, NoObserver};

    fn database(goal: &Grid, partition: &str) -> AdditivePdb {
        let partition = Partition::parse(partition, goal).unwrap();
        AdditivePdb::build(goal, &partition, &Limits::none(), NoObserver).unwrap().pdb
    }

    fn on_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
        rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(f)
    }

    /// The eight of Korf's 100 that his 1985 IDA* solved with the fewest nodes: the lengths
    /// must be the published ones, and each path must replay to the goal.
    #[test]
    fn korf_instances_get_their_published_lengths() {
        let goal = korf_goal();
        let db = database(&goal, "5-5-5");
        assert!(db.reflects());
        let all = korf100();
        for id in [79, 12, 42, 55, 97, 19, 94, 47] {
            let k = &all[id - 1];
            let out = pdb_idastar(&k.start, &db, &Limits::none(), NoObserver);
            let s = out.solution().unwrap_or_else(|| panic!("instance {id} not solved"));
            assert_eq!(s.cost, k.optimal, "instance {id}");
            assert_eq!(replay(&k.start, &s.actions).unwrap().last(), Some(&goal), "instance {id}");
            assert_eq!(s.states.len(), s.actions.len() + 1);
        }
    }

    /// Every iteration but the last counts the same nodes on one thread and on two.
    #[test]
    fn threads_count_the_same_nodes_before_the_last_iteration() {
        let goal = korf_goal();
        let db = database(&goal, "5-5-5");
        let k = &korf100()[46];
        let counts = |threads| {
            let mut at_iterations = Vec::new();
            let observer = FnObserver(|e: &Event<'_, Grid, u32>, live: &Live| {
                if let Event::Iteration { bound, .. } = e {
                    at_iterations.push((format!("{bound:?}"), live.stats().expanded, live.stats().generated));
                }
            });
            let out = on_threads(threads, || pdb_idastar(&k.start, &db, &Limits::none(), observer));
            assert_eq!(out.solution().unwrap().cost, k.optimal);
            at_iterations
        };
        let (one, two) = (counts(1), counts(2));
        assert!(one.len() >= 3, "{one:?}");
        assert_eq!(one, two);
    }

    /// A 5×5 start 40 random moves from the goal: the same length as the generic IDA* with
    /// linear conflict, on the 24-puzzle's cell count (eight groups of three here: tables of
    /// 13,800 entries).
    #[test]
    fn the_24_puzzle_matches_the_generic_search() {
        let board = Dims::new(5, 5).unwrap();
        let goal = Grid::new(board, (0..25).collect()).unwrap();
        let db = database(&goal, "3-3-3-3-3-3-3-3");
        assert!(db.reflects());
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        for walk in [24usize, 40] {
            let mut start = goal.clone();
            let mut last: Option<Move> = None;
            for _ in 0..walk {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let moves: Vec<Move> =
                    Move::ALL.into_iter().filter(|&m| Some(m.opposite()) != last && start.apply(m).is_some()).collect();
                let m = moves[(rng % moves.len() as u64) as usize];
                start = start.apply(m).unwrap();
                last = Some(m);
            }
            let ours = pdb_idastar(&start, &db, &Limits::none(), NoObserver);
            let tree = SlidingTree(SlidingProblem::<Bytes, _>::new(&start, &goal, LinearConflict::new(&goal)));
            let generic = delve_core::informed::idastar(&tree, &Limits::none(), NoObserver);
            let (a, b) = (ours.solution().unwrap(), generic.solution().unwrap());
            assert_eq!(a.cost, b.cost, "walk of {walk}");
            assert_eq!(replay(&start, &a.actions).unwrap().last(), Some(&goal));
        }
    }

    #[test]
    fn limits_stop_every_thread() {
        let goal = korf_goal();
        let db = database(&goal, "5-5-5");
        let hard = &korf100()[87];
        let out = pdb_idastar(&hard.start, &db, &Limits::none().max_expanded(10_000), NoObserver);
        assert!(matches!(out.outcome, Outcome::Stopped { reason: StopReason::NodeLimit, .. }));
        assert!(out.stats.expanded < 10_000 + 2 * CHECK_EVERY * rayon::current_num_threads() as u64);
        let flag = std::sync::Arc::new(AtomicBool::new(true));
        let out = pdb_idastar(&hard.start, &db, &Limits::none().cancel_flag(flag), NoObserver);
        assert!(matches!(out.outcome, Outcome::Stopped { reason: StopReason::Cancelled, .. }));
        let at_goal = pdb_idastar(&goal, &db, &Limits::none(), NoObserver);
        assert_eq!(at_goal.solution().unwrap().cost, 0);
    }
}
