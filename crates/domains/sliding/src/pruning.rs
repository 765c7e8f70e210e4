//! Duplicate-move pruning for depth-first searches on sliding-tile boards: an automaton over
//! the blank's moves that refuses a move when the path it completes has a twin the search
//! takes instead (Taylor and Korf, "Pruning duplicate nodes in depth-first search", AAAI
//! 1993).
//!
//! [`Automaton::learn`] finds the twins by a breadth-first search over move strings from a
//! blank in the middle of a board too large for the strings to reach an edge, strings taken
//! shortest first and, among equals, in the order of [`Move::ALL`]. A string that leaves the
//! board as an earlier one does is a *duplicate*; it is refused whenever the earlier string
//! covers no cell outside the rows and columns it covers itself, so that the twin is a legal
//! path on any board the duplicate is. Strings containing a refused one are not extended.
//! The refused strings then become an Aho–Corasick automaton over the four moves, so a
//! search spends one table read a move.
//!
//! The shortest duplicates are a move and its undo; then six moves round a 2×2 block, which
//! equal six the other way round (twelve such moves put the block back as it was); then
//! eight-move loops round two neighbouring blocks, and so on.
//!
//! Why no board is lost: order paths by length and then move by move. The first path to a
//! board in that order is never refused, since any refused stretch of it could be swapped
//! for its earlier twin to give an earlier path to the same board. So a depth-first search
//! under the automaton still reaches every board at its distance.
//!
//! ```
//! use delve_sliding::board::Move::{Down, Left, Right, Up};
//! use delve_sliding::pruning::Automaton;
//! let fsm = Automaton::learn(6);
//! let round = [Right, Down, Left, Up, Right];
//! let trail = round.iter().try_fold(fsm.start(), |t, &m| fsm.then(t, m)).unwrap();
//! assert_eq!(fsm.then(trail, Left), None); // back where the blank came from
//! assert_eq!(fsm.then(trail, Down), None); // six round a block: Down Right Up Left Down Right comes first
//! assert!(fsm.then(trail, Right).is_some());
//! ```

use crate::board::Move;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;
use std::sync::OnceLock;

/// The longest duplicate [`Automaton::standard`] knows: 2,540 strings, 9,223 states, about a
/// second and 270 MB (freed after) to learn. Up to ten moves learns in a tenth of a second but leaves 13 % more nodes
/// in Korf's 15-puzzles; fourteen takes twelve seconds and 66,492 states.
pub const STANDARD_LENGTH: usize = 12;
/// The longest duplicate [`Automaton::learn`] looks for (moves are packed two bits each).
pub const MAX_LENGTH: usize = 15;
/// A refused move in the transition table.
const REFUSED: u32 = u32::MAX;

/// Where a path stands in an [`Automaton`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trail(u32);

impl Trail {
    /// The empty path, in every automaton.
    pub const START: Trail = Trail(0);
}

/// The duplicate-pruning automaton: per state, the state after each move of [`Move::ALL`].
#[derive(Clone, Debug)]
pub struct Automaton {
    next: Vec<[u32; 4]>,
    refused: usize,
}

/// A move string of at most [`MAX_LENGTH`] moves, two bits a move, the first move highest.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Moves {
    bits: u32,
    len: u8,
}

impl Moves {
    fn push(self, m: usize) -> Moves {
        Moves { bits: self.bits << 2 | m as u32, len: self.len + 1 }
    }
    fn get(self, i: usize) -> usize {
        (self.bits >> (2 * (self.len as usize - 1 - i)) & 3) as usize
    }
    /// The last `k` moves.
    fn suffix(self, k: usize) -> Moves {
        Moves { bits: self.bits & ((1u64 << (2 * k)) - 1) as u32, len: k as u8 }
    }
}

/// What a move string does to the board: the blank's cell, then each changed cell with the
/// tile it holds, in cell order; unused slots are `u16::MAX`.
type Effect = [u16; 2 * MAX_LENGTH + 3];

/// A square board larger than any string of the learning search can reach across, kept as
/// the identity between uses.
struct Scratch {
    width: i32,
    tiles: Vec<u16>,
}

impl Scratch {
    fn new(longest: usize) -> Scratch {
        let width = 2 * longest as i32 + 3;
        Scratch { width, tiles: (0..(width * width) as u16).collect() }
    }

    /// Plays `s` from the middle: its [`Effect`] and its bounding box of rows and columns.
    fn play(&mut self, s: Moves) -> (Effect, [i32; 4]) {
        let middle = self.width / 2;
        let (mut r, mut c) = (middle, middle);
        let mut visited = [0u16; MAX_LENGTH + 1];
        visited[0] = (r * self.width + c) as u16;
        let mut bbox = [r, r, c, c];
        for i in 0..s.len as usize {
            let (dr, dc) = match Move::ALL[s.get(i)] {
                Move::Up => (-1, 0),
                Move::Down => (1, 0),
                Move::Left => (0, -1),
                Move::Right => (0, 1),
            };
            let (a, b) = ((r * self.width + c) as usize, ((r + dr) * self.width + c + dc) as usize);
            self.tiles.swap(a, b);
            (r, c) = (r + dr, c + dc);
            visited[i + 1] = b as u16;
            bbox = [bbox[0].min(r), bbox[1].max(r), bbox[2].min(c), bbox[3].max(c)];
        }
        let visited = &mut visited[..s.len as usize + 1];
        visited.sort_unstable();
        let mut effect = [u16::MAX; 2 * MAX_LENGTH + 3];
        effect[0] = (r * self.width + c) as u16;
        let mut len = 1;
        for &at in visited.iter() {
            let at = at as usize;
            if self.tiles[at] != at as u16 {
                effect[len] = at as u16;
                effect[len + 1] = self.tiles[at];
                len += 2;
                self.tiles[at] = at as u16;
            }
        }
        (effect, bbox)
    }
}

impl Automaton {
    /// Learns every duplicate of at most `longest` moves (see the module documentation) and
    /// builds the automaton that refuses them. A `longest` above [`MAX_LENGTH`] is taken as
    /// [`MAX_LENGTH`]; the work grows about threefold a move.
    pub fn learn(longest: usize) -> Automaton {
        let longest = longest.min(MAX_LENGTH);
        let mut scratch = Scratch::new(longest);
        let empty = Moves { bits: 0, len: 0 };
        let mut first: FxHashMap<Effect, [i32; 4]> = FxHashMap::default();
        let (effect, bbox) = scratch.play(empty);
        first.insert(effect, bbox);
        let mut refused: FxHashSet<Moves> = FxHashSet::default();
        // The lengths of the refused strings, so a string's other suffixes are not looked up.
        let mut lengths: Vec<usize> = Vec::new();
        let mut layer = vec![empty];
        for depth in 1..=longest {
            // Nothing comes after the last layer.
            let last = depth == longest;
            let mut next = Vec::with_capacity(layer.len() * 3);
            for &s in &layer {
                for m in 0..4 {
                    let t = s.push(m);
                    if lengths.iter().any(|&k| refused.contains(&t.suffix(k))) {
                        continue;
                    }
                    let (effect, bbox) = scratch.play(t);
                    match first.get(&effect) {
                        Some(twin)
                            if twin[0] >= bbox[0] && twin[1] <= bbox[1] && twin[2] >= bbox[2] && twin[3] <= bbox[3] =>
                        {
                            refused.insert(t);
                            if !lengths.contains(&(t.len as usize)) {
                                lengths.push(t.len as usize);
                            }
                            continue;
                        }
                        Some(_) => {}
                        None => {
                            first.insert(effect, bbox);
                        }
                    }
                    if !last {
                        next.push(t);
                    }
                }
            }
            layer = next;
        }
        Automaton::refusing(refused.into_iter().collect())
    }

    /// The automaton of duplicates up to [`STANDARD_LENGTH`] moves, learnt once a process.
    pub fn standard() -> &'static Automaton {
        static STANDARD: OnceLock<Automaton> = OnceLock::new();
        STANDARD.get_or_init(|| Automaton::learn(STANDARD_LENGTH))
    }

    /// The Aho–Corasick automaton that refuses every string ending in one of `strings`.
    fn refusing(mut strings: Vec<Moves>) -> Automaton {
        strings.sort_unstable_by_key(|s| (s.len, s.bits));
        let mut trie: Vec<[u32; 4]> = vec![[REFUSED; 4]];
        let mut end = vec![false];
        for &s in &strings {
            let mut at = 0usize;
            for i in 0..s.len as usize {
                let m = s.get(i);
                if trie[at][m] == REFUSED {
                    trie[at][m] = trie.len() as u32;
                    trie.push([REFUSED; 4]);
                    end.push(false);
                }
                at = trie[at][m] as usize;
            }
            end[at] = true;
        }
        // Breadth first: each state's failure link, and its transitions through it.
        let mut next = trie.clone();
        let mut fail = vec![0usize; trie.len()];
        let mut queue = VecDeque::new();
        for m in 0..4 {
            match trie[0][m] {
                REFUSED => next[0][m] = 0,
                child => queue.push_back(child as usize),
            }
        }
        while let Some(at) = queue.pop_front() {
            end[at] |= end[fail[at]];
            for m in 0..4 {
                match trie[at][m] {
                    REFUSED => next[at][m] = next[fail[at]][m],
                    child => {
                        fail[child as usize] = next[fail[at]][m] as usize;
                        queue.push_back(child as usize);
                    }
                }
            }
        }
        // Drop the states that end a refused string; a move into one is refused.
        let mut id = vec![REFUSED; next.len()];
        let mut kept = 0;
        for (state, &dead) in end.iter().enumerate() {
            if !dead {
                id[state] = kept;
                kept += 1;
            }
        }
        let next =
            next.iter().zip(&end).filter(|&(_, &dead)| !dead).map(|(row, _)| row.map(|to| id[to as usize])).collect();
        Automaton { next, refused: strings.len() }
    }

    /// The state of the empty path.
    pub fn start(&self) -> Trail {
        Trail::START
    }

    /// The state after `m`, or `None` when the path ending in `m` is refused.
    #[inline(always)]
    pub fn then(&self, t: Trail, m: Move) -> Option<Trail> {
        let to = self.next[t.0 as usize][m as usize];
        (to != REFUSED).then_some(Trail(to))
    }

    /// How many states the automaton has.
    pub fn states(&self) -> usize {
        self.next.len()
    }

    /// How many move strings it refuses (none containing another).
    pub fn refused(&self) -> usize {
        self.refused
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dims;
    use crate::state::Grid;
    use std::collections::HashMap;

    /// Every board within `depth` moves of `start`, at its distance, by breadth-first search.
    fn distances(start: &Grid, depth: u32) -> HashMap<Vec<u8>, u32> {
        let mut seen = HashMap::from([(start.tiles().to_vec(), 0)]);
        let mut layer = vec![start.clone()];
        for d in 1..=depth {
            let mut next = Vec::new();
            for g in &layer {
                for m in Move::ALL {
                    if let Some(child) = g.apply(m)
                        && !seen.contains_key(child.tiles())
                    {
                        seen.insert(child.tiles().to_vec(), d);
                        next.push(child);
                    }
                }
            }
            layer = next;
        }
        seen
    }

    /// Walks every path of at most `depth` moves that `allow` keeps, recording the fewest
    /// moves each board was reached in; returns the number of paths walked.
    fn walk<S: Copy>(
        g: &Grid,
        at: S,
        d: u32,
        depth: u32,
        allow: &impl Fn(S, Move) -> Option<S>,
        best: &mut HashMap<Vec<u8>, u32>,
    ) -> u64 {
        let known = best.entry(g.tiles().to_vec()).or_insert(d);
        *known = (*known).min(d);
        if d == depth {
            return 1;
        }
        let mut paths = 1;
        for m in Move::ALL {
            if let (Some(child), Some(next)) = (g.apply(m), allow(at, m)) {
                paths += walk(&child, next, d + 1, depth, allow, best);
            }
        }
        paths
    }

    fn pruned(fsm: &Automaton, start: &Grid, depth: u32) -> (HashMap<Vec<u8>, u32>, u64) {
        let mut best = HashMap::new();
        let paths = walk(start, fsm.start(), 0, depth, &|t, m| fsm.then(t, m), &mut best);
        (best, paths)
    }

    fn board(rows: usize, cols: usize, blank: usize) -> Grid {
        let mut tiles: Vec<u8> = (1..(rows * cols) as u8).collect();
        tiles.insert(blank, 0);
        Grid::new(Dims::new(rows, cols).unwrap(), tiles).unwrap()
    }

    /// A depth-first walk under the automaton reaches every board within the depth, each at
    /// its breadth-first distance, from blanks in a corner, on an edge and inside.
    #[test]
    fn every_board_is_reached_at_its_distance() {
        let fsm = Automaton::standard();
        for (rows, cols, blank, depth) in
            [(3, 3, 0, 22), (3, 3, 4, 20), (4, 4, 5, 16), (3, 4, 1, 18), (2, 5, 2, 22), (5, 5, 12, 12)]
        {
            let start = board(rows, cols, blank);
            let (best, _) = pruned(fsm, &start, depth);
            assert_eq!(best, distances(&start, depth), "{rows}x{cols}, blank at {blank}");
        }
    }

    /// Longer duplicates prune more paths: refusing only the undo move, then the standard
    /// automaton's strings up to six moves, then up to twelve.
    #[test]
    fn longer_duplicates_prune_more() {
        let start = board(4, 4, 5);
        let undo_only = Automaton::learn(2);
        assert_eq!((undo_only.refused(), undo_only.states()), (4, 5));
        let counts: Vec<u64> = [2, 6, 12].iter().map(|&l| pruned(&Automaton::learn(l), &start, 16).1).collect();
        assert!(counts[0] > counts[1] && counts[1] > counts[2], "{counts:?}");
        assert_eq!(Automaton::learn(6).refused(), 4 + 4, "the undo moves, and four six-move runs");
    }
}
