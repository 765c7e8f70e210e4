//! Perfect ranking: permutations and partial permutations to dense integers and back,
//! and the [`Ranker`] that numbers exactly the states reachable from a goal.
//!
//! A state's index is `blank_cell · H + ⌊lex_rank(tiles) / 2⌋`, where `tiles` is the
//! row-major tile sequence without the blank and `H = (cells − 1)! / 2`. For a fixed blank
//! cell, exactly the permutations of one parity are reachable, and the lexicographic
//! permutations `2j` and `2j + 1` differ by a swap of the last two elements, so halving the
//! rank is a bijection onto `0..H`. The table therefore has no holes: every index is a
//! reachable state, `cells!/2` of them.

use crate::board::{Dims, MoveTable};
use crate::error::Error;
use crate::state::{Cells, Grid, Nibbles, Position};

/// `n!` for `n ≤ 20`.
pub const FACTORIAL: [u64; 21] = {
    let mut f = [1u64; 21];
    let mut i = 1;
    while i < 21 {
        f[i] = f[i - 1] * i as u64;
        i += 1;
    }
    f
};

/// Number of states that can reach a goal on `board`: `cells!/2` on a 2-D board (as a float:
/// 6×6 overflows every integer type), `cells` on a line (the tiles keep their order).
pub fn state_count(board: Dims) -> f64 {
    if board.is_line() {
        return board.cells() as f64;
    }
    (1..=board.cells()).map(|x| x as f64).product::<f64>() / 2.0
}

/// Bits set in each byte value: the portable build targets baseline x86-64, which has no
/// `popcnt` instruction, and `count_ones` then costs a dozen instructions; two table loads
/// are cheaper on the hot paths (ranking inside searches and the enumeration).
const POP8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// Number of set bits of a mask below `1 << 16`.
#[inline]
pub(crate) fn pop16(x: u32) -> u32 {
    debug_assert!(x < 1 << 16);
    POP8[(x & 0xFF) as usize] as u32 + POP8[(x >> 8) as usize] as u32
}

/// Set bits of `x`, any `u32` (two look-ups more than [`pop16`]).
#[inline]
pub(crate) fn pop32(x: u32) -> u32 {
    pop16(x & 0xFFFF) + pop16(x >> 16)
}

/// Set bits of `x`, a mask of cells of a board with `n` cells.
#[inline]
fn pop_cells(x: u32, n: usize) -> u32 {
    if n <= 16 { pop16(x) } else { pop32(x) }
}

/// The mask of every cell of a board with `n ≤ 32` cells.
#[inline]
fn all_cells(n: usize) -> u32 {
    u32::MAX >> (32 - n)
}

/// Lexicographic rank of a permutation of `0..perm.len()` (length ≤ 16) and its parity
/// (0 even, 1 odd).
///
/// ```
/// use delve_sliding::rank::{perm_rank, perm_unrank};
/// assert_eq!(perm_rank(&[0, 1, 2]), (0, 0));
/// assert_eq!(perm_rank(&[2, 1, 0]), (5, 1));
/// let mut p = [0u8; 4];
/// perm_unrank(13, &mut p);
/// assert_eq!(perm_rank(&p).0, 13);
/// ```
#[inline]
pub fn perm_rank(perm: &[u8]) -> (u64, u8) {
    let n = perm.len();
    let mut seen: u32 = 0;
    let mut rank = 0u64;
    let mut inversions = 0u32;
    for (i, &v) in perm.iter().enumerate() {
        let below = pop16(seen & ((1u32 << v) - 1));
        let digit = v as u32 - below;
        inversions += digit;
        rank += digit as u64 * FACTORIAL[n - 1 - i];
        seen |= 1 << v;
    }
    (rank, (inversions & 1) as u8)
}

/// The permutation of `0..out.len()` with lexicographic rank `rank`; returns its parity.
#[inline]
pub fn perm_unrank(mut rank: u64, out: &mut [u8]) -> u8 {
    let n = out.len();
    let mut avail: u32 = (1u32 << n) - 1;
    let mut inversions = 0u64;
    for (i, slot) in out.iter_mut().enumerate() {
        let f = FACTORIAL[n - 1 - i];
        let digit = rank / f;
        rank %= f;
        inversions += digit;
        *slot = nth_set_bit(avail, digit as u32) as u8;
        avail &= !(1 << *slot);
    }
    (inversions & 1) as u8
}

/// `SELECT8[b][k]`: position of the `k`-th (0-based) set bit of the byte `b`.
const SELECT8: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if b & (1 << bit) != 0 {
                t[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

/// Position of the `k`-th (0-based) set bit of `mask` (which has more than `k` set bits).
#[inline]
fn nth_set_bit(mask: u32, k: u32) -> u32 {
    if mask < 1 << 16 {
        let lo = (mask & 0xFF) as usize;
        let below = POP8[lo] as u32;
        if k < below {
            SELECT8[lo][k as usize] as u32
        } else {
            8 + SELECT8[(mask >> 8) as usize][(k - below) as usize] as u32
        }
    } else {
        let mut m = mask;
        for _ in 0..k {
            m &= m - 1;
        }
        m.trailing_zeros()
    }
}

/// Writes `value` into `digits[..len]` as a mixed-radix number: digit `j` has radix
/// `base − j`, the last digit is the least significant.
#[inline]
fn mixed_radix_set(digits: &mut [u32; 16], len: usize, base: usize, mut value: u64) {
    for j in (0..len).rev() {
        let radix = (base - j) as u64;
        digits[j] = (value % radix) as u32;
        value /= radix;
    }
}

/// Adds `step` to the mixed-radix number `digits[..len]` (see [`mixed_radix_set`]) and
/// returns the first position that changed (`len` when `step` is 0). Small steps, the usual
/// case when walking ranks upwards, cost no division.
#[inline]
fn mixed_radix_add(digits: &mut [u32; 16], len: usize, base: usize, step: u64) -> usize {
    let mut carry = step;
    let mut j = len;
    while carry != 0 {
        j -= 1;
        let radix = (base - j) as u64;
        let s = digits[j] as u64 + carry;
        if s < radix {
            digits[j] = s as u32;
            break;
        } else if s < 2 * radix {
            digits[j] = (s - radix) as u32;
            carry = 1;
        } else {
            digits[j] = (s % radix) as u32;
            carry = s / radix;
        }
    }
    j
}

/// Number of ordered choices of `k` distinct cells out of `n`: `n!/(n−k)!`.
pub fn partial_count(n: usize, k: usize) -> u64 {
    (n - k + 1..=n).map(|x| x as u64).product()
}

/// Rank of `k = cells.len() ≤ 16` distinct cells (each `< n ≤ 32`) in mixed radix
/// `n, n−1, …, n−k+1`: a perfect index into `0..partial_count(n, k)`, which must be below
/// 2^64 (every table that fits in memory is).
#[inline]
pub fn partial_rank(cells: &[u8], n: usize) -> u64 {
    let mut seen: u32 = 0;
    let mut rank = 0u64;
    for (i, &c) in cells.iter().enumerate() {
        let digit = c as u32 - pop_cells(seen & ((1u32 << c) - 1), n);
        rank = rank * (n - i) as u64 + digit as u64;
        seen |= 1 << c;
    }
    rank
}

/// [`partial_rank`] by comparisons instead of bit counts: the same index, faster for a
/// handful of tiles on a board of more than 16 cells (the 24-puzzle's six-tile patterns).
#[inline(always)]
pub fn partial_rank_few(cells: &[u8], n: usize) -> usize {
    let mut rank = 0usize;
    for (i, &c) in cells.iter().enumerate() {
        let smaller: usize = cells[..i].iter().map(|&d| usize::from(d < c)).sum();
        rank = rank * (n - i) + (c as usize - smaller);
    }
    rank
}

/// Inverse of [`partial_rank`]: fills `out` (`k` cells) from `rank`.
#[inline]
pub fn partial_unrank(rank: u64, n: usize, out: &mut [u8]) {
    let k = out.len();
    let mut digits = [0u32; 16];
    mixed_radix_set(&mut digits, k, n, rank);
    let mut avail: u32 = all_cells(n);
    for (i, slot) in out.iter_mut().enumerate() {
        let c = nth_set_bit(avail, digits[i]);
        *slot = c as u8;
        avail &= !(1 << c);
    }
}

/// Walks partial-permutation ranks ([`partial_rank`]) in increasing order, decoding each from
/// the previous one by adding the step to its mixed-radix digits (no division for small
/// steps), and ranks single-tile moves from those digits in `O(k)` additions.
pub struct PartialCursor {
    n: usize,
    k: usize,
    rank: u64,
    /// Mixed-radix digits (`digits[j] < n − j`).
    digits: [u32; 16],
    /// `weights[j]` = product of the radices after `j`.
    weights: [u64; 16],
    /// `used[j]`: cells taken by tiles `< j`.
    used: [u32; 17],
    /// The cells, one per tile.
    cells: [u8; 16],
    /// `slot[c]`: the tile on cell `c` (meaningful for occupied cells only).
    slot: [u8; 32],
}

impl PartialCursor {
    /// A cursor over placements of `k ≤ 16` tiles on `n ≤ 32` cells.
    pub fn new(n: usize, k: usize) -> PartialCursor {
        let mut weights = [0u64; 16];
        let mut w = 1u64;
        for j in (0..k).rev() {
            weights[j] = w;
            w *= (n - j) as u64;
        }
        PartialCursor { n, k, rank: u64::MAX, digits: [0; 16], weights, used: [0; 17], cells: [0; 16], slot: [0; 32] }
    }

    /// Moves to `rank` (fastest when it is a little above the previous one) and returns the
    /// cells.
    #[inline]
    pub fn seek(&mut self, rank: u64) -> &[u8] {
        let (n, k) = (self.n, self.k);
        let from = if self.rank != u64::MAX && rank >= self.rank {
            mixed_radix_add(&mut self.digits, k, n, rank - self.rank)
        } else {
            mixed_radix_set(&mut self.digits, k, n, rank);
            self.used[0] = 0;
            0
        };
        self.rank = rank;
        let all = all_cells(n);
        for j in from..k {
            let c = nth_set_bit(all & !self.used[j], self.digits[j]);
            self.cells[j] = c as u8;
            self.slot[c as usize] = j as u8;
            self.used[j + 1] = self.used[j] | 1 << c;
        }
        &self.cells[..k]
    }

    /// The cell of tile `i` in the last placement sought.
    #[inline]
    pub fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// The tile on `cell`, which must be occupied in the last placement sought.
    #[inline]
    pub fn tile_on(&self, cell: u8) -> usize {
        self.slot[cell as usize] as usize
    }

    /// The rank after tile `i` (of the last placement sought) moves to the free cell `to`.
    #[inline]
    pub fn moved(&self, i: usize, to: u8) -> u64 {
        let from = self.cells[i];
        let new_digit = to as u32 - pop_cells(self.used[i] & ((1u32 << to) - 1), self.n);
        let mut rank = self.rank as i64 + (new_digit as i64 - self.digits[i] as i64) * self.weights[i] as i64;
        let (lo, hi) = (from.min(to) as u32, from.max(to) as u32);
        // Tiles after `i` sitting between the two cells gain or lose one smaller cell.
        let mut between = self.used[self.k] & !self.used[i + 1] & ((1u32 << hi) - 1) & !((2u32 << lo) - 1);
        let mut shift = 0i64;
        while between != 0 {
            shift += self.weights[self.slot[between.trailing_zeros() as usize] as usize] as i64;
            between &= between - 1;
        }
        rank += if from < to { shift } else { -shift };
        rank as u64
    }
}

/// A tile sequence in Lehmer form: digit `i` counts the smaller tiles after position `i`,
/// and `rank` is the lexicographic rank (before the halving of [`Ranker::rank`]). Carried
/// along with a position, it gives a neighbour's index in `O(columns)` comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lehmer {
    rank: u64,
    /// Digit `i` in nibble `i`.
    digits: u64,
}

/// Numbers the states reachable from a goal on a board of at most 16 cells, densely:
/// `0..len()` with `len() = cells!/2`.
#[derive(Clone, Debug)]
pub struct Ranker {
    board: Dims,
    cells: usize,
    half: u64,
    /// Parity the tile sequence must have when the blank sits in each cell.
    parity: [u8; 16],
    /// Row of each cell.
    row: [u8; 16],
}

impl Ranker {
    /// The ranker for states that can reach `goal`, on a 2-D board of up to 16 cells (a line
    /// has [`LineRanker`]).
    pub fn new(goal: &Grid) -> Result<Ranker, Error> {
        let board = goal.dims();
        let cells = board.cells();
        if cells > 16 {
            return Err(Error::Unsupported(format!("ranking covers boards up to 16 cells, not {board}")));
        }
        if board.is_line() {
            return Err(Error::Unsupported(format!(
                "{board} is a line: its states are numbered by the blank's cell (LineRanker), not by parity"
            )));
        }
        let seq: Vec<u8> = goal.tiles().iter().filter(|&&t| t != 0).map(|&t| t - 1).collect();
        let (_, goal_parity) = perm_rank(&seq);
        let goal_row = board.row(goal.blank());
        let mut parity = [0u8; 16];
        for (cell, p) in parity.iter_mut().enumerate().take(cells) {
            let row_flip = if board.cols().is_multiple_of(2) { ((board.row(cell) ^ goal_row) & 1) as u8 } else { 0 };
            *p = goal_parity ^ row_flip;
        }
        let mut row = [0u8; 16];
        for (cell, r) in row.iter_mut().enumerate().take(cells) {
            *r = board.row(cell) as u8;
        }
        Ok(Ranker { board, cells, half: FACTORIAL[cells - 1] / 2, parity, row })
    }

    /// The board's dimensions.
    pub fn dims(&self) -> Dims {
        self.board
    }
    /// Number of reachable states, `cells!/2`.
    pub fn len(&self) -> u64 {
        self.half * self.cells as u64
    }
    /// Never true (every board has states); here for API completeness.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The index of a reachable position.
    #[inline]
    pub fn rank(&self, p: &Position<Nibbles>) -> u64 {
        let m = self.cells - 1;
        let mut seen: u32 = 0;
        let mut rank = 0u64;
        let mut i = 0;
        let mut bits = p.cells.0;
        for _ in 0..self.cells {
            let t = (bits & 0xF) as u32;
            bits >>= 4;
            if t == 0 {
                continue;
            }
            let v = t - 1;
            let digit = v - pop16(seen & ((1u32 << v) - 1));
            rank += digit as u64 * FACTORIAL[m - 1 - i];
            seen |= 1 << v;
            i += 1;
        }
        p.blank as u64 * self.half + (rank >> 1)
    }

    /// The position with index `index` (< `len()`).
    #[inline]
    pub fn unrank(&self, index: u64) -> Position<Nibbles> {
        let blank = (index / self.half) as usize;
        let k = index % self.half;
        let m = self.cells - 1;
        let mut seq = [0u8; 16];
        let parity = perm_unrank(2 * k, &mut seq[..m]);
        if parity != self.parity[blank] {
            seq.swap(m - 2, m - 1);
        }
        let mut bits = 0u64;
        let mut j = 0;
        for cell in 0..self.cells {
            if cell != blank {
                bits |= ((seq[j] + 1) as u64) << (4 * cell);
                j += 1;
            }
        }
        Position { cells: Nibbles(bits), blank: blank as u8 }
    }

    /// The Lehmer form of `p`'s tile sequence (see [`Lehmer`]).
    #[inline]
    pub fn lehmer(&self, p: &Position<Nibbles>) -> Lehmer {
        let m = self.cells - 1;
        let mut seq = [0u8; 16];
        for (slot, c) in seq.iter_mut().zip((0..self.cells).filter(|&c| c != p.blank as usize)) {
            *slot = p.cells.get(c);
        }
        let seq = &seq[..m];
        let mut digits = 0u64;
        let mut rank = 0u64;
        for i in 0..m {
            let d = seq[i + 1..].iter().filter(|&&x| x < seq[i]).count() as u64;
            digits |= d << (4 * i);
            rank += d * FACTORIAL[m - 1 - i];
        }
        Lehmer { rank, digits }
    }

    /// The index of `p`, whose Lehmer form is `l`.
    #[inline]
    pub fn index_of(&self, p: &Position<Nibbles>, l: &Lehmer) -> u64 {
        p.blank as u64 * self.half + (l.rank >> 1)
    }

    /// The Lehmer form after the blank of `p` (form `l`) moves to the adjacent cell `to`.
    /// Along a row the sequence is unchanged; across rows one tile jumps over the `cols − 1`
    /// tiles between, so only their digits change, by one comparison each.
    #[inline]
    pub fn lehmer_slid(&self, p: &Position<Nibbles>, l: Lehmer, to: usize) -> Lehmer {
        let b = p.blank as usize;
        if self.row[b] == self.row[to] {
            return l;
        }
        let m = self.cells - 1;
        let weight = |i: usize| FACTORIAL[m - 1 - i] as i64;
        let digit = |i: usize| ((l.digits >> (4 * i)) & 0xF) as i64;
        let tile = p.cells.get(to);
        let mut rank = l.rank as i64;
        let mut digits = l.digits;
        let mut set = |i: usize, d: i64| digits = (digits & !(0xF << (4 * i))) | ((d as u64) << (4 * i));
        if to > b {
            // The tile at sequence position `to − 1` moves to `b`; those between shift right.
            let mut dt = digit(to - 1);
            for i in b..to - 1 {
                let smaller = i64::from(p.cells.get(i + 1) < tile);
                dt += smaller;
                let d = digit(i) - (1 - smaller);
                rank += d * weight(i + 1) - digit(i) * weight(i);
                set(i + 1, d);
            }
            rank += dt * weight(b) - digit(to - 1) * weight(to - 1);
            set(b, dt);
        } else {
            // The tile at sequence position `to` moves to `b − 1`; those between shift left.
            let mut dt = digit(to);
            for i in to + 1..b {
                let smaller = i64::from(p.cells.get(i) < tile);
                dt -= smaller;
                let d = digit(i) + (1 - smaller);
                rank += d * weight(i - 1) - digit(i) * weight(i);
                set(i - 1, d);
            }
            rank += dt * weight(b - 1) - digit(to) * weight(to);
            set(b - 1, dt);
        }
        Lehmer { rank: rank as u64, digits }
    }

    /// A cursor that walks indices in increasing order, unranking each one cheaply from the
    /// previous one (the enumeration scans its table this way).
    pub fn cursor(&self) -> Cursor<'_> {
        Cursor {
            ranker: self,
            index: u64::MAX,
            blank: 0,
            digits: [0; 16],
            avail: [0; 17],
            sums: [0; 16],
            seq: [0; 16],
            word: 0,
        }
    }

    /// The index of a grid, or `None` when it cannot reach the goal.
    pub fn rank_grid(&self, g: &Grid) -> Option<u64> {
        if g.dims() != self.board {
            return None;
        }
        let p: Position<Nibbles> = g.position();
        let seq: Vec<u8> = g.order().map(|t| t - 1).collect();
        let (_, parity) = perm_rank(&seq);
        (parity == self.parity[g.blank()]).then(|| self.rank(&p))
    }

    /// The grid with index `index` (< `len()`).
    pub fn unrank_grid(&self, index: u64) -> Grid {
        Grid::from_position(self.board, &self.unrank(index))
    }
}

/// Numbers the states reachable from a goal on a line (a 1×N or N×1 board, up to 36 cells):
/// the tiles never pass each other there, so every reachable state has the goal's tile order
/// and differs only in the blank's cell, which is its index: `0..N`.
///
/// ```
/// use delve_sliding::{Dims, notation::parse_state, rank::LineRanker};
/// let board = Some(Dims::new(1, 4).unwrap());
/// let line = LineRanker::new(&parse_state("B234", board).unwrap().0).unwrap();
/// assert_eq!(line.len(), 4);
/// assert_eq!(line.rank_grid(&parse_state("23B4", board).unwrap().0), Some(2));
/// assert_eq!(line.rank_grid(&parse_state("32B4", board).unwrap().0), None);
/// assert_eq!(line.unrank_grid(3).tiles(), &[1, 2, 3, 0]);
/// ```
#[derive(Clone, Debug)]
pub struct LineRanker {
    goal: Grid,
}

impl LineRanker {
    /// The ranker for states that can reach `goal`, a grid of a line.
    pub fn new(goal: &Grid) -> Result<LineRanker, Error> {
        if !goal.dims().is_line() {
            return Err(Error::Unsupported(format!("{} is not a line (1xN or Nx1)", goal.dims())));
        }
        Ok(LineRanker { goal: goal.clone() })
    }
    /// Number of reachable states: one per cell.
    pub fn len(&self) -> u64 {
        self.goal.dims().cells() as u64
    }
    /// Never true (every board has states); here for API completeness.
    pub fn is_empty(&self) -> bool {
        false
    }
    /// The index of a grid (its blank's cell), or `None` when it cannot reach the goal.
    pub fn rank_grid(&self, g: &Grid) -> Option<u64> {
        g.can_reach(&self.goal).then(|| g.blank() as u64)
    }
    /// The grid with index `index` (< `len()`): the goal's tiles in order, the blank in cell `index`.
    pub fn unrank_grid(&self, index: u64) -> Grid {
        let mut tiles: Vec<u8> = self.goal.order().collect();
        tiles.insert(index as usize, 0);
        Grid::new(self.goal.dims(), tiles).expect("the goal's tiles and the blank")
    }
}

/// The dense numbering `0..len()` of the states reachable from a goal that whole-space tables
/// are indexed by: [`Ranker`] on 2-D boards (up to 16 cells), [`LineRanker`] on lines.
#[derive(Clone, Debug)]
pub enum StateIndex {
    /// A 2-D board: `(cells)!/2` states, by parity.
    Grid(Ranker),
    /// A line: one state per cell of the blank.
    Line(LineRanker),
}

impl StateIndex {
    /// The numbering of the states that can reach `goal`.
    pub fn new(goal: &Grid) -> Result<StateIndex, Error> {
        if goal.dims().is_line() {
            Ok(StateIndex::Line(LineRanker::new(goal)?))
        } else {
            Ok(StateIndex::Grid(Ranker::new(goal)?))
        }
    }
    /// Number of reachable states.
    pub fn len(&self) -> u64 {
        match self {
            StateIndex::Grid(r) => r.len(),
            StateIndex::Line(l) => l.len(),
        }
    }
    /// Never true (every board has states); here for API completeness.
    pub fn is_empty(&self) -> bool {
        false
    }
    /// The index of a grid, or `None` when it cannot reach the goal (or is on another board).
    pub fn index(&self, g: &Grid) -> Option<u64> {
        match self {
            StateIndex::Grid(r) => r.rank_grid(g),
            StateIndex::Line(l) => l.rank_grid(g),
        }
    }
    /// The grid with index `index` (< `len()`).
    pub fn state(&self, index: u64) -> Grid {
        match self {
            StateIndex::Grid(r) => r.unrank_grid(index),
            StateIndex::Line(l) => l.unrank_grid(index),
        }
    }
    /// Writes the indices of the states one move from state `index` into `out`; returns how
    /// many there are (2 to 4). `moves` is the board's move table.
    pub fn neighbors(&self, index: u64, moves: &MoveTable, out: &mut [u64; 4]) -> usize {
        match self {
            StateIndex::Grid(r) => {
                let p = r.unrank(index);
                let targets = moves.targets(p.blank as usize);
                for (slot, &to) in out.iter_mut().zip(targets) {
                    *slot = r.rank(&p.slid(to as usize));
                }
                targets.len()
            }
            StateIndex::Line(_) => {
                // The index is the blank's cell, and the tiles keep their order.
                let targets = moves.targets(index as usize);
                for (slot, &to) in out.iter_mut().zip(targets) {
                    *slot = to as u64;
                }
                targets.len()
            }
        }
    }
}

/// Unranks increasing indices incrementally: moving forward by a small step only changes the
/// last few digits of the index in its mixed-radix form, so only the tail of the tile
/// sequence is rebuilt (see [`Ranker::cursor`]). It also computes the indices of the
/// current position's neighbours in `O(columns)` from the digits it holds.
pub struct Cursor<'a> {
    ranker: &'a Ranker,
    index: u64,
    blank: usize,
    /// Lehmer digits of the tile sequence, position `i` in `0..m` (radix `m − i`).
    digits: [u32; 16],
    /// `avail[i]`: the tile values at positions `≥ i` (not used before `i`).
    avail: [u32; 17],
    /// `sums[i]`: sum of `digits[..i]` (its parity is the prefix's inversion parity).
    sums: [u32; 16],
    /// The tile sequence (values `0..m`, tile = value + 1).
    seq: [u8; 16],
    /// `seq` packed as nibbles of `value + 1`.
    word: u64,
}

impl Cursor<'_> {
    /// The position with index `index`; fastest when `index` is a little above the previous.
    #[inline]
    pub fn seek(&mut self, index: u64) -> Position<Nibbles> {
        let blank = self.advance(index);
        let low = (1u64 << (4 * blank)) - 1;
        let word = self.word;
        Position { cells: Nibbles((word & low) | ((word & !low) << 4)), blank: blank as u8 }
    }

    /// Moves to `index` without building the position (enough for [`Cursor::neighbor`]);
    /// returns the blank's cell.
    #[inline]
    pub fn advance(&mut self, index: u64) -> usize {
        let r = self.ranker;
        let m = r.cells - 1;
        let top = m - 2; // free digit positions 0..top; the last two follow from the parity
        let base = self.blank as u64 * r.half;
        let same_blank = self.index != u64::MAX && index >= self.index && index - base < r.half;
        let blank = if same_blank { self.blank } else { (index / r.half) as usize };
        let from = if same_blank {
            // Add the step at the last free digit and propagate the carry.
            mixed_radix_add(&mut self.digits, top, m, index - self.index)
        } else {
            mixed_radix_set(&mut self.digits, top, m, index % r.half);
            self.avail[0] = (1u32 << m) - 1;
            self.sums[0] = 0;
            self.word = 0;
            0
        };
        self.index = index;
        self.blank = blank;
        let mut word = self.word & ((1u64 << (4 * from)) - 1);
        for i in from..top {
            let v = nth_set_bit(self.avail[i], self.digits[i]);
            self.seq[i] = v as u8;
            word |= (v as u64 + 1) << (4 * i);
            self.avail[i + 1] = self.avail[i] & !(1 << v);
            self.sums[i + 1] = self.sums[i] + self.digits[i];
        }
        let rest = self.avail[top];
        let a = rest.trailing_zeros();
        let b = (rest & (rest - 1)).trailing_zeros();
        let keep = (self.sums[top] & 1) as u8 == r.parity[blank];
        let (x, y) = if keep { (a, b) } else { (b, a) };
        self.digits[top] = u32::from(!keep);
        self.digits[top + 1] = 0;
        self.seq[top] = x as u8;
        self.seq[top + 1] = y as u8;
        self.avail[top + 1] = 1 << y;
        self.avail[top + 2] = 0;
        word |= ((x as u64 + 1) << (4 * top)) | ((y as u64 + 1) << (4 * (top + 1)));
        self.word = word;
        blank
    }

    /// The index of the position reached when the blank of the last [`Cursor::seek`]ed
    /// position moves to the adjacent cell `to`.
    #[inline]
    pub fn neighbor(&self, to: usize) -> u64 {
        to as u64 * self.ranker.half + self.neighbor_order(to)
    }

    /// The tile-order part of [`Cursor::neighbor`]'s index (the index less `to · H`, where
    /// `H = len() / cells`): unchanged by a move along a row.
    #[inline]
    pub fn neighbor_order(&self, to: usize) -> u64 {
        let r = self.ranker;
        let b = self.blank;
        let k = self.index - b as u64 * r.half;
        if r.row[to] == r.row[b] {
            // Horizontal: the tile sequence is unchanged.
            return k;
        }
        let m = r.cells - 1;
        let len = r.board.cols() - 1;
        // The segment [a, a + len] of the sequence rotates by one.
        let a = if to < b { to } else { b };
        let mut child = [0u8; 8];
        if to < b {
            for (c, &v) in child.iter_mut().zip(&self.seq[a + 1..=a + len]) {
                *c = v;
            }
            child[len] = self.seq[a];
        } else {
            child[0] = self.seq[a + len];
            for (c, &v) in child[1..].iter_mut().zip(&self.seq[a..a + len]) {
                *c = v;
            }
        }
        let mut right = self.avail[a + len + 1];
        let rank = 2 * k + self.digits[m - 2] as u64;
        let mut delta: i64 = 0;
        for j in (0..=len).rev() {
            let i = a + j;
            let v = child[j] as u32;
            let d = pop16(right & ((1u32 << v) - 1));
            right |= 1 << v;
            delta += (d as i64 - self.digits[i] as i64) * FACTORIAL[m - 1 - i] as i64;
        }
        (rank as i64 + delta) as u64 >> 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;
    use crate::notation::keypad_goal;
    use proptest::prelude::*;

    /// `k ≤ 16` distinct cells of a board of `n ≤ 32`, in any order, with `n!/(n−k)!`
    /// below 2^64.
    fn pattern() -> impl Strategy<Value = (Vec<u8>, usize)> {
        (1usize..=32).prop_flat_map(|n| {
            let fits = (1..=n.min(16))
                .take_while(|&k| (n - k + 1..=n).try_fold(1u64, |p, x| p.checked_mul(x as u64)).is_some());
            (Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle(), 1..=fits.last().unwrap_or(1))
                .prop_map(move |(cells, k)| (cells[..k].to_vec(), n))
        })
    }

    proptest! {
        /// The search's ranking by comparisons is the build's ranking by bit counts, a
        /// perfect index that unranks back to the cells.
        #[test]
        fn both_partial_ranks_agree((cells, n) in pattern()) {
            let rank = partial_rank(&cells, n);
            prop_assert_eq!(partial_rank_few(&cells, n) as u64, rank);
            prop_assert!(rank < partial_count(n, cells.len()));
            let mut back = vec![0u8; cells.len()];
            partial_unrank(rank, n, &mut back);
            prop_assert_eq!(back, cells);
        }
    }

    #[test]
    fn select_finds_the_kth_bit() {
        for mask in [1u32, 0b1011_0110, 0xFFFF, 0x8001, 0x1234, 0x1_0001] {
            let bits: Vec<u32> = (0..32).filter(|b| mask & (1 << b) != 0).collect();
            for (k, &b) in bits.iter().enumerate() {
                assert_eq!(nth_set_bit(mask, k as u32), b, "mask {mask:#x} k {k}");
            }
        }
    }

    #[test]
    fn perm_rank_round_trip() {
        let mut p = [0u8; 6];
        for r in 0..720 {
            let parity = perm_unrank(r, &mut p);
            assert_eq!(perm_rank(&p), (r, parity));
        }
    }

    #[test]
    fn partial_rank_round_trip() {
        let n = 9;
        let k = 4;
        let total = partial_count(n, k);
        assert_eq!(total, 9 * 8 * 7 * 6);
        let mut out = [0u8; 4];
        for r in 0..total {
            partial_unrank(r, n, &mut out);
            assert_eq!(partial_rank(&out, n), r);
        }
    }

    #[test]
    fn partial_cursor_matches_partial_rank() {
        let (n, k) = (9, 4);
        let mut c = PartialCursor::new(n, k);
        let mut r = 0;
        let mut step = 1;
        while r < partial_count(n, k) {
            let cells = c.seek(r).to_vec();
            assert_eq!(partial_rank(&cells, n), r);
            for i in 0..k {
                for to in 0..n as u8 {
                    if !cells.contains(&to) {
                        let mut moved = cells.clone();
                        moved[i] = to;
                        assert_eq!(c.moved(i, to), partial_rank(&moved, n), "rank {r} tile {i} to {to}");
                    }
                }
            }
            r += step;
            step = step % 37 + 1;
        }
    }

    #[test]
    fn ranker_is_a_bijection_on_small_boards() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 2)] {
            let goal = Grid::standard_goal(Dims::new(rows, cols).unwrap());
            let r = Ranker::new(&goal).unwrap();
            let mut seen = vec![false; r.len() as usize];
            for i in 0..r.len() {
                let p = r.unrank(i);
                let g = Grid::from_position(goal.dims(), &p);
                assert!(g.can_reach(&goal));
                assert_eq!(r.rank(&p), i);
                assert_eq!(r.rank_grid(&g), Some(i));
                seen[i as usize] = true;
            }
            assert!(seen.iter().all(|&s| s));
        }
        let goal = keypad_goal(Dims::new(3, 3).unwrap()).unwrap();
        let r = Ranker::new(&goal).unwrap();
        assert_eq!(r.len(), 181_440);
        for i in (0..r.len()).step_by(997) {
            assert_eq!(r.rank(&r.unrank(i)), i);
        }
        let mut t = goal.tiles().to_vec();
        t.swap(0, 1);
        assert_eq!(r.rank_grid(&Grid::new(goal.dims(), t).unwrap()), None);
    }

    #[test]
    fn lehmer_form_follows_every_move() {
        use rand::{Rng as _, SeedableRng};
        let mut rng = delve_core::random::SeededRng::seed_from_u64(7);
        for (rows, cols) in [(3, 3), (2, 4), (4, 2), (3, 4), (4, 4), (2, 2)] {
            let goal = Grid::standard_goal(Dims::new(rows, cols).unwrap());
            let r = Ranker::new(&goal).unwrap();
            let moves = crate::board::MoveTable::new(goal.dims());
            for _ in 0..300 {
                let p = r.unrank(rng.random_range(0..r.len()));
                let l = r.lehmer(&p);
                assert_eq!(r.index_of(&p, &l), r.rank(&p));
                for &to in moves.targets(p.blank as usize) {
                    let child = p.slid(to as usize);
                    let lc = r.lehmer_slid(&p, l, to as usize);
                    assert_eq!(lc, r.lehmer(&child), "{rows}x{cols}");
                    assert_eq!(r.index_of(&child, &lc), r.rank(&child), "{rows}x{cols}");
                }
            }
        }
    }

    #[test]
    fn cursor_matches_unrank() {
        for (rows, cols) in [(2, 2), (3, 3), (3, 4)] {
            let goal = Grid::standard_goal(Dims::new(rows, cols).unwrap());
            let r = Ranker::new(&goal).unwrap();
            let mut c = r.cursor();
            let mut i = 0u64;
            let mut step = 1u64;
            let moves = crate::board::MoveTable::new(goal.dims());
            while i < r.len() {
                let p = c.seek(i);
                assert_eq!(p, r.unrank(i), "{rows}x{cols} index {i}");
                for &to in moves.targets(p.blank as usize) {
                    assert_eq!(
                        c.neighbor(to as usize),
                        r.rank(&p.slid(to as usize)),
                        "{rows}x{cols} index {i} to {to}"
                    );
                }
                i += step;
                step = (step * 7 + 3) % 4099 + 1;
            }
            // Going backwards re-seeks from scratch.
            assert_eq!(c.seek(1), r.unrank(1));
        }
    }

    #[test]
    fn state_indices_number_every_reachable_state_once() {
        for (rows, cols) in [(1, 4), (4, 1), (1, 2), (1, 36), (2, 2), (2, 3)] {
            let goal = Grid::standard_goal(Dims::new(rows, cols).unwrap());
            let index = StateIndex::new(&goal).unwrap();
            let moves = MoveTable::new(goal.dims());
            // The original's counts: 2x2 has 12 states, 2x3 360, 1x4 4 (a line: one per cell).
            let expected = match (rows, cols) {
                (2, 2) => 12,
                (2, 3) => 360,
                _ => (rows * cols) as u64,
            };
            assert_eq!(index.len(), expected, "{rows}x{cols}");
            let mut out = [0u64; 4];
            for i in 0..index.len() {
                let g = index.state(i);
                assert!(g.can_reach(&goal), "{rows}x{cols} index {i}");
                assert_eq!(index.index(&g), Some(i), "{rows}x{cols}");
                // The neighbours are the states one blank move away, nothing else.
                let n = index.neighbors(i, &moves, &mut out);
                let mut by_moves: Vec<u64> =
                    Move::ALL.iter().filter_map(|&m| g.apply(m)).map(|h| index.index(&h).unwrap()).collect();
                let mut got = out[..n].to_vec();
                by_moves.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, by_moves, "{rows}x{cols} index {i}");
            }
        }
        assert!(Ranker::new(&Grid::standard_goal(Dims::new(1, 4).unwrap())).is_err());
        assert!(LineRanker::new(&Grid::standard_goal(Dims::new(2, 2).unwrap())).is_err());
    }
}
