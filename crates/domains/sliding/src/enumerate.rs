//! Whole-space enumeration: breadth-first search from the goal over a table indexed by
//! [`Ranker`] index, multithreaded with rayon.
//!
//! Memory per state: 2 bits of depth modulo 3 (3 = unseen), kept for lookups, plus one
//! "closed" bit during the search, so 3×4 (239,500,800 states) needs about 90 MB. Layer `d`
//! is every state whose 2-bit value is `d mod 3` and whose closed bit is clear; expanding it
//! sets the closed bit (only the thread scanning that word touches it) and writes
//! `(d + 1) mod 3` into unseen neighbours with an atomic AND. Neighbours of a depth-`d` state
//! have depth `d ± 1` (the graph is bipartite), so walking from any state to the neighbour
//! whose value is one less modulo 3 reaches the goal along a shortest path: the table
//! answers exact depths and optimal paths without storing them.

use crate::board::{Board, Move, MoveTable};
use crate::error::{Error, human_bytes, human_count};
use crate::rank::Ranker;
use crate::state::{Grid, Nibbles, Position};
use delve_core::Limits;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Most table words (32 states each) handled per parallel task.
const CHUNK_WORDS: usize = 1 << 12;
/// Up to this many states the search keeps frontier lists (see [`by_lists`]).
const LISTS_UP_TO: u64 = 1 << 22;
/// Below this many states the search runs on one thread (no scheduling overhead).
const PARALLEL_FROM: u64 = 1 << 16;
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// Hooks the enumeration calls so a caller can show progress (all may run on any thread).
pub trait LayerProgress: Sync {
    /// Layer `depth` starts; `words` units of work follow.
    fn layer_start(&self, depth: u32, words: u64) {
        let _ = (depth, words);
    }
    /// Layer `depth` is done: it held `states` states (0 = the search is over).
    fn layer_done(&self, depth: u32, states: u64) {
        let _ = (depth, states);
    }
    /// `words` more units of the current layer are done.
    fn advance(&self, words: u64) {
        let _ = words;
    }
}

/// The progress sink that shows nothing.
pub struct NoProgress;
impl LayerProgress for NoProgress {}

/// Number of states reachable from a goal on `board`: `cells!/2` (as a float: 6×6 overflows
/// every integer type).
pub fn state_count(board: Board) -> f64 {
    (1..=board.cells()).map(|x| x as f64).product::<f64>() / 2.0
}

/// Memory the enumeration of `board` needs, in bytes (3 bits per state while searching).
pub fn memory_needed(board: Board) -> f64 {
    state_count(board) * 3.0 / 8.0 + 64.0 * 1024.0
}

/// The result of a whole-space enumeration: per-depth counts plus a depth table that
/// answers depths and optimal paths for any reachable state.
pub struct Enumeration {
    goal: Grid,
    ranker: Ranker,
    moves: MoveTable,
    table: Vec<AtomicU64>,
    per_depth: Vec<u64>,
    elapsed: Duration,
}

/// Enumerates every state that can reach `goal` by breadth-first search from it.
/// Refuses (with [`Error::TooLarge`]) when the tables would not fit in `memory_available`
/// bytes. Honours the deadline and cancellation flag of `limits`.
///
/// ```
/// use delve_sliding::{Board, Grid, enumerate::{enumerate, NoProgress}};
/// use delve_core::Limits;
/// let e = enumerate(&Grid::standard_goal(Board::new(2, 3).unwrap()), u64::MAX, &Limits::none(), &NoProgress).unwrap();
/// assert_eq!(e.states(), 360);
/// assert_eq!(e.max_depth(), 21);
/// ```
pub fn enumerate(
    goal: &Grid,
    memory_available: u64,
    limits: &Limits,
    progress: &dyn LayerProgress,
) -> Result<Enumeration, Error> {
    let board = goal.board();
    let needed = memory_needed(board);
    if needed > memory_available as f64 || board.cells() > 16 {
        return Err(Error::TooLarge {
            board: board.to_string(),
            states: human_count(state_count(board)),
            needed: human_bytes(needed),
            available: human_bytes(memory_available as f64),
        });
    }
    let start = Instant::now();
    let ranker = Ranker::new(goal)?;
    let moves = MoveTable::new(board);
    let total = ranker.len();
    let words = total.div_ceil(32) as usize;
    let table: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(u64::MAX)).collect();
    let goal_index = ranker.rank(&goal.position());
    table[(goal_index / 32) as usize].fetch_and(!(3u64 << (2 * (goal_index % 32))), Relaxed);
    let per_depth = if total <= LISTS_UP_TO {
        by_lists(&ranker, &moves, &table, goal.position(), limits, progress)?
    } else {
        by_scans(&ranker, &moves, &table, limits, progress)?
    };
    Ok(Enumeration { goal: goal.clone(), ranker, moves, table, per_depth, elapsed: start.elapsed() })
}

/// Breadth-first search on one thread with frontier lists of positions, each carrying its
/// tile sequence in Lehmer form: nothing is unranked, and a neighbour's index costs a few
/// comparisons ([`Ranker::lehmer_slid`]). For boards whose lists fit easily (3×3: 181,440
/// states), where it beats scanning the table with two threads.
fn by_lists(
    ranker: &Ranker,
    moves: &MoveTable,
    table: &[AtomicU64],
    goal: Position<Nibbles>,
    limits: &Limits,
    progress: &dyn LayerProgress,
) -> Result<Vec<u64>, Error> {
    let mut frontier = vec![(goal, ranker.lehmer(&goal))];
    let mut next = Vec::new();
    let mut per_depth = Vec::new();
    for depth in 0u32.. {
        limits.check_time_and_cancel().map_err(Error::Stopped)?;
        let count = frontier.len() as u64;
        progress.layer_start(depth, count);
        let clear_mask = 3 ^ u64::from((depth + 1) % 3);
        next.clear();
        for &(p, l) in &frontier {
            for &to in moves.targets(p.blank as usize) {
                let child = p.slid(to as usize);
                let child_l = ranker.lehmer_slid(&p, l, to as usize);
                let index = ranker.index_of(&child, &child_l);
                let word = &table[(index / 32) as usize];
                let shift = 2 * (index % 32);
                let old = word.load(Relaxed);
                if (old >> shift) & 3 == 3 {
                    word.store(old & !(clear_mask << shift), Relaxed);
                    next.push((child, child_l));
                }
            }
        }
        progress.advance(count);
        progress.layer_done(depth, count);
        if count == 0 {
            break;
        }
        per_depth.push(count);
        std::mem::swap(&mut frontier, &mut next);
    }
    Ok(per_depth)
}

/// Breadth-first search by scanning the whole table once per layer (no frontier lists, so
/// memory stays at 3 bits per state), spread over rayon's threads.
fn by_scans(
    ranker: &Ranker,
    moves: &MoveTable,
    table: &[AtomicU64],
    limits: &Limits,
    progress: &dyn LayerProgress,
) -> Result<Vec<u64>, Error> {
    let words = table.len();
    let mut closed: Vec<u32> = vec![0; words];
    let mut per_depth = Vec::new();
    let total = ranker.len();
    let parallel = total >= PARALLEL_FROM && rayon::current_num_threads() > 1;
    let chunk_words = (words / (16 * rayon::current_num_threads())).clamp(64, CHUNK_WORDS);
    for depth in 0u32.. {
        limits.check_time_and_cancel().map_err(Error::Stopped)?;
        progress.layer_start(depth, words as u64);
        let layer = Layer { ranker, moves, table, value: (depth % 3) as u64, exclusive: !parallel };
        let count: u64 = if parallel {
            closed
                .par_chunks_mut(chunk_words)
                .enumerate()
                .map(|(ci, chunk)| {
                    let n = layer.scan(ci * chunk_words, chunk);
                    progress.advance(chunk.len() as u64);
                    n
                })
                .sum()
        } else {
            let n = layer.scan(0, &mut closed);
            progress.advance(words as u64);
            n
        };
        progress.layer_done(depth, count);
        if count == 0 {
            break;
        }
        per_depth.push(count);
    }
    Ok(per_depth)
}

/// One BFS layer: expands the states whose value is `value` and whose closed bit is clear.
struct Layer<'a> {
    ranker: &'a Ranker,
    moves: &'a MoveTable,
    table: &'a [AtomicU64],
    value: u64,
    /// Only one thread works on the table.
    exclusive: bool,
}

impl Layer<'_> {
    /// Scans `closed` (the closed bits of words `first..`), expanding the frontier states in
    /// them; returns how many there were.
    fn scan(&self, first: usize, closed: &mut [u32]) -> u64 {
        let pattern = self.value * LOW_BITS;
        let next = (self.value + 1) % 3;
        let clear_mask = 3 ^ next;
        let mut cursor = self.ranker.cursor();
        let mut count = 0u64;
        for (k, closed_word) in closed.iter_mut().enumerate() {
            let w = first + k;
            let x = self.table[w].load(Relaxed);
            let eq = !(x ^ pattern);
            let hits = eq & (eq >> 1) & LOW_BITS;
            if hits == 0 {
                continue;
            }
            let mut slots = compress_even_bits(hits) & !*closed_word;
            if slots == 0 {
                continue;
            }
            *closed_word |= slots;
            count += slots.count_ones() as u64;
            while slots != 0 {
                let s = slots.trailing_zeros() as u64;
                slots &= slots - 1;
                let index = w as u64 * 32 + s;
                let blank = cursor.advance(index);
                for &to in self.moves.targets(blank) {
                    let child = cursor.neighbor(to as usize);
                    let cw = &self.table[(child / 32) as usize];
                    let shift = 2 * (child % 32);
                    let old = cw.load(Relaxed);
                    if (old >> shift) & 3 == 3 {
                        if self.exclusive {
                            // One thread: a plain read-modify-write is enough.
                            cw.store(old & !(clear_mask << shift), Relaxed);
                        } else {
                            cw.fetch_and(!(clear_mask << shift), Relaxed);
                        }
                    }
                }
            }
        }
        count
    }
}

/// Gathers bits 0, 2, 4, … of `x` into a 32-bit mask.
#[inline]
fn compress_even_bits(x: u64) -> u32 {
    let mut x = x & LOW_BITS;
    x = (x | (x >> 1)) & 0x3333_3333_3333_3333;
    x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x >> 16)) & 0x0000_0000_FFFF_FFFF;
    x as u32
}

impl Enumeration {
    /// The board.
    pub fn board(&self) -> Board {
        self.goal.board()
    }
    /// The goal the search started from.
    pub fn goal(&self) -> &Grid {
        &self.goal
    }
    /// Number of reachable states.
    pub fn states(&self) -> u64 {
        self.per_depth.iter().sum()
    }
    /// `per_depth()[d]` = number of states exactly `d` moves from the goal.
    pub fn per_depth(&self) -> &[u64] {
        &self.per_depth
    }
    /// The largest depth (moves needed by the hardest states).
    pub fn max_depth(&self) -> u32 {
        self.per_depth.len() as u32 - 1
    }
    /// How many states need `max_depth()` moves.
    pub fn states_at_max_depth(&self) -> u64 {
        *self.per_depth.last().expect("at least the goal")
    }
    /// Mean number of moves over all states.
    pub fn average_depth(&self) -> f64 {
        let sum: u128 = self.per_depth.iter().enumerate().map(|(d, &c)| d as u128 * c as u128).sum();
        sum as f64 / self.states() as f64
    }
    /// Wall time of the search.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    fn value(&self, index: u64) -> u64 {
        (self.table[(index / 32) as usize].load(Relaxed) >> (2 * (index % 32))) & 3
    }

    /// One step toward the goal from `p` (whose stored value is `v`), if `p` is not the goal.
    fn step_down(&self, p: &Position<Nibbles>, v: u64) -> Option<(Move, Position<Nibbles>, u64)> {
        let want = (v + 2) % 3;
        self.moves.moves(p.blank as usize).find_map(|(m, to)| {
            let child = p.slid(to);
            let idx = self.ranker.rank(&child);
            (self.value(idx) == want).then_some((m, child, want))
        })
    }

    /// An optimal move sequence from `start` to the goal, or `None` if `start` cannot reach
    /// it (wrong parity or another board).
    pub fn path(&self, start: &Grid) -> Option<Vec<Move>> {
        self.ranker.rank_grid(start)?;
        let mut p: Position<Nibbles> = start.position();
        let goal: Position<Nibbles> = self.goal.position();
        let mut v = self.value(self.ranker.rank(&p));
        let mut moves = Vec::new();
        while p != goal {
            let (m, next, nv) =
                self.step_down(&p, v).expect("a reachable non-goal state has a neighbour one move closer");
            moves.push(m);
            p = next;
            v = nv;
        }
        Some(moves)
    }

    /// The minimum number of moves from `start` to the goal, or `None` if unreachable.
    pub fn depth(&self, start: &Grid) -> Option<u32> {
        self.path(start).map(|m| m.len() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::keypad_goal;

    fn run(rows: usize, cols: usize) -> Enumeration {
        let goal = Grid::standard_goal(Board::new(rows, cols).unwrap());
        enumerate(&goal, u64::MAX, &Limits::none(), &NoProgress).unwrap()
    }

    #[test]
    fn compresses_even_bits() {
        assert_eq!(compress_even_bits(0b0101), 0b11);
        assert_eq!(compress_even_bits(1 << 62), 1 << 31);
        assert_eq!(compress_even_bits(LOW_BITS), u32::MAX);
    }

    #[test]
    fn small_boards_count_half_the_permutations() {
        assert_eq!(run(2, 2).states(), 12);
        assert_eq!(run(2, 2).max_depth(), 6);
        assert_eq!(run(2, 3).states(), 360);
        assert_eq!(run(3, 2).states(), 360);
    }

    #[test]
    fn paths_descend_to_the_goal() {
        let goal = keypad_goal(Board::new(3, 3).unwrap()).unwrap();
        let e = enumerate(&goal, u64::MAX, &Limits::none(), &NoProgress).unwrap();
        let (start, _) = crate::notation::parse_state("9B6358247", None).unwrap();
        let path = e.path(&start).unwrap();
        assert_eq!(path.len(), 27, "the reference's hardest sample needs 27 moves");
        let end = crate::state::replay(&start, &path).unwrap();
        assert_eq!(end.last(), Some(&goal));
        assert_eq!(e.depth(&goal), Some(0));
    }

    /// One search's per-depth counts and whole depth table.
    type Outcome = (Vec<u64>, Vec<u64>);

    /// Both searches from the same goal (frontier lists first).
    fn both_ways(goal: &Grid) -> (Outcome, Outcome) {
        let ranker = Ranker::new(goal).unwrap();
        let moves = MoveTable::new(goal.board());
        let run = |lists: bool| {
            let table: Vec<AtomicU64> = (0..ranker.len().div_ceil(32)).map(|_| AtomicU64::new(u64::MAX)).collect();
            let gi = ranker.rank(&goal.position());
            table[(gi / 32) as usize].fetch_and(!(3u64 << (2 * (gi % 32))), Relaxed);
            let per_depth = if lists {
                by_lists(&ranker, &moves, &table, goal.position(), &Limits::none(), &NoProgress).unwrap()
            } else {
                by_scans(&ranker, &moves, &table, &Limits::none(), &NoProgress).unwrap()
            };
            (per_depth, table.into_iter().map(AtomicU64::into_inner).collect::<Vec<u64>>())
        };
        (run(true), run(false))
    }

    #[test]
    fn frontier_lists_and_table_scans_agree() {
        let keypad = keypad_goal(Board::new(3, 3).unwrap()).unwrap();
        for goal in
            [keypad, Grid::standard_goal(Board::new(2, 4).unwrap()), Grid::standard_goal(Board::new(4, 2).unwrap())]
        {
            let (lists, scans) = both_ways(&goal);
            assert_eq!(lists, scans, "{}", goal.board());
        }
        let (lists, _) = both_ways(&keypad_goal(Board::new(3, 3).unwrap()).unwrap());
        assert_eq!(lists.0.len(), 32, "3x3: depths 0..=31");
        assert_eq!(lists.0.iter().sum::<u64>(), 181_440);
    }

    #[test]
    fn refuses_what_does_not_fit() {
        let goal = Grid::standard_goal(Board::new(4, 4).unwrap());
        let err = enumerate(&goal, 24 << 30, &Limits::none(), &NoProgress).err().unwrap().to_string();
        assert!(err.contains("10,461,394,944,000") && err.contains("TiB"), "{err}");
    }
}
