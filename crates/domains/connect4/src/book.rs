//! An opening book: the exact scores of every position up to a number of plies, so that the
//! solver answers them without a search (an option: the benchmarks and targets never use one).
//!
//! **Building.** [`positions`] lists the positions reachable from a start within `depth` plies,
//! each once up to mirror symmetry (a mirrored position has the same score). Only the deepest
//! level is solved; each shallower position's score follows from its children's, one ply of
//! negamax over the book. Any subset of a book's positions is a valid book, so a partial book
//! written as a checkpoint resumes the build.
//!
//! **File format** (`.c4b`; integers little-endian):
//!
//! | bytes | content |
//! | --- | --- |
//! | 0..8 | the magic `DELVEC4B` |
//! | 8 | the format version, 1 |
//! | 9 | the depth the book was built to, in plies from its start (informational) |
//! | 10..12 | zero |
//! | 12..16 | `n`, the number of entries (`u32`) |
//! | 16..16 + 8n | the entries, as `u64`s in strictly increasing order |
//! | last 8 | the FNV-1a 64-bit hash of every byte before it |
//!
//! An entry holds in bits 0..49 the key ([`Position::key`]) of the position's canonical form
//! (the smaller of its key and its mirror's), in bits 49..52 a best move of that canonical
//! form as its column (1 to 7), bits 52..56 zero, and in bits 56..64 Pons's score for the
//! side to move as a signed byte. Reading checks everything: the magic, the version,
//! the length, the hash, the order, that every key is a game going on in its canonical form,
//! that every best move is a playable column, and that every score is possible with that many
//! stones — a corrupt file is an error that
//! says what is wrong, never a wrong answer.

use crate::board::{CELLS, ORDER, Position, WIDTH, win_score};
use delve_core::{Clock, Limits, StopReason};
use std::collections::HashSet;
use thiserror::Error;

/// The first bytes of a book file.
pub const MAGIC: &[u8; 8] = b"DELVEC4B";
/// The format version this crate reads and writes.
pub const VERSION: u8 = 1;
const HEADER: usize = 16;
const KEY_MASK: u64 = (1 << 49) - 1;

/// Why bytes are not a book.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BookError {
    /// The file does not start with [`MAGIC`].
    #[error("not a delve Connect Four book (it does not start with \"DELVEC4B\")")]
    Magic,
    /// Another format version.
    #[error("book format version {0}, but this delve reads version 1")]
    Version(u8),
    /// The length does not match the header's entry count.
    #[error(
        "the book is {found} bytes long, but its header promises {entries} entries ({expected} bytes): truncated or corrupt"
    )]
    Length {
        /// The entry count in the header.
        entries: u32,
        /// The length that count needs.
        expected: usize,
        /// The actual length.
        found: usize,
    },
    /// The bytes do not hash to the recorded hash.
    #[error("the book's checksum does not match its contents: the file is corrupt")]
    Checksum,
    /// A reserved byte is not zero.
    #[error("reserved header bytes are not zero: the file is corrupt")]
    Reserved,
    /// Entries out of order (or repeated).
    #[error("entry {index} is not after the one before it (entries must be sorted, each once)")]
    Order {
        /// 0-based index of the entry.
        index: usize,
    },
    /// An entry's key is not a position of a game going on, in its canonical form.
    #[error("entry {index}: {key:#x} is not the key of a game going on (in its canonical, mirror-smaller form)")]
    Key {
        /// 0-based index of the entry.
        index: usize,
        /// The key found.
        key: u64,
    },
    /// An entry's best move is not a playable column.
    #[error("entry {index}: best move {column} is not a playable column of its position")]
    Move {
        /// 0-based index of the entry.
        index: usize,
        /// The column found (1 to 7 when valid; 0 for none).
        column: u64,
    },
    /// An entry's score is impossible for its position.
    #[error("entry {index}: score {score} is impossible with {stones} stones on the board")]
    Score {
        /// 0-based index of the entry.
        index: usize,
        /// The score found.
        score: i32,
        /// The position's stones.
        stones: u32,
    },
}

/// A set of positions with their exact scores.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    depth: u8,
    /// Sorted entries (see the module documentation).
    entries: Vec<u64>,
}

/// The canonical key: the smaller of a position's key and its mirror's.
fn canonical(p: &Position) -> u64 {
    p.key().min(p.mirror_key())
}

/// Whether `score` is possible in a game going on with `stones` stones on the board.
fn possible_score(score: i32, stones: u32) -> bool {
    let left = (CELLS - stones) as i32;
    (-left / 2..=(left + 1) / 2).contains(&score)
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

impl Book {
    /// An empty book that says it was built to `depth` plies.
    pub fn new(depth: u8) -> Self {
        Book { depth, entries: Vec::new() }
    }

    /// The depth the book was built to (plies from its start).
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// How many positions the book holds (mirror images counted once).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn find(&self, key: u64) -> Result<usize, usize> {
        self.entries.binary_search_by_key(&key, |e| e & KEY_MASK)
    }

    /// Sets the depth the book says it was built to.
    pub fn set_depth(&mut self, depth: u8) {
        self.depth = depth;
    }

    /// The exact score of `position` (Pons's, for the side to move), if the book has it.
    pub fn get(&self, position: &Position) -> Option<i32> {
        self.find(canonical(position)).ok().map(|i| i32::from((self.entries[i] >> 56) as u8 as i8))
    }

    /// A best move (0-based column) of `position`, if the book has it.
    pub fn best_move(&self, position: &Position) -> Option<usize> {
        let key = canonical(position);
        let i = self.find(key).ok()?;
        let column = ((self.entries[i] >> 49) & 7) as usize - 1;
        // The entry is the canonical form's: mirror the column back when that is the mirror.
        Some(if key == position.key() { column } else { WIDTH - 1 - column })
    }

    /// Every position of the book (each in its canonical form).
    pub fn positions(&self) -> impl Iterator<Item = Position> + '_ {
        self.entries.iter().filter_map(|e| Position::from_key(e & KEY_MASK))
    }

    /// Records the exact score of `position` and a best move (a 0-based playable column),
    /// replacing what the book had.
    ///
    /// # Panics
    /// If the score is impossible for the position (not a Pons score with its stones) or the
    /// column is not playable.
    pub fn insert(&mut self, position: &Position, score: i32, best: usize) {
        assert!(possible_score(score, position.moves()), "score {score} with {} stones", position.moves());
        assert!(position.can_play(best), "column {best} is full");
        let key = canonical(position);
        let column = if key == position.key() { best } else { WIDTH - 1 - best };
        let entry = key | (column as u64 + 1) << 49 | u64::from(score as i8 as u8) << 56;
        match self.find(key) {
            Ok(i) => self.entries[i] = entry,
            Err(i) => self.entries.insert(i, entry),
        }
    }

    /// The book as the bytes of its file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + 8 * self.entries.len() + 8);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&[VERSION, self.depth, 0, 0]);
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for e in &self.entries {
            out.extend_from_slice(&e.to_le_bytes());
        }
        let hash = fnv1a(&out);
        out.extend_from_slice(&hash.to_le_bytes());
        out
    }

    /// Reads a book file's bytes, checking all of it (see the module documentation).
    pub fn parse(bytes: &[u8]) -> Result<Self, BookError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(BookError::Magic);
        }
        let short = |expected| BookError::Length { entries: 0, expected, found: bytes.len() };
        let header = bytes.get(..HEADER).ok_or(short(HEADER + 8))?;
        if header[8] != VERSION {
            return Err(BookError::Version(header[8]));
        }
        let depth = header[9];
        if header[10] != 0 || header[11] != 0 {
            return Err(BookError::Reserved);
        }
        let entries = u32::from_le_bytes([header[12], header[13], header[14], header[15]]);
        let expected = HEADER + 8 * entries as usize + 8;
        if bytes.len() != expected {
            return Err(BookError::Length { entries, expected, found: bytes.len() });
        }
        let (body, hash) = bytes.split_at(expected - 8);
        let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
        if fnv1a(body) != word(hash) {
            return Err(BookError::Checksum);
        }
        let mut list = Vec::with_capacity(entries as usize);
        for (index, chunk) in body[HEADER..].chunks_exact(8).enumerate() {
            let e = word(chunk);
            let key = e & KEY_MASK;
            if list.last().is_some_and(|&prev: &u64| prev & KEY_MASK >= key) {
                return Err(BookError::Order { index });
            }
            let position = Position::from_key(key)
                .filter(|p| canonical(p) == key && (e >> 52) & 0xf == 0)
                .ok_or(BookError::Key { index, key: e & ((1 << 56) - 1) })?;
            let column = (e >> 49) & 7;
            if column == 0 || !position.can_play(column as usize - 1) {
                return Err(BookError::Move { index, column });
            }
            let score = i32::from((e >> 56) as u8 as i8);
            if !possible_score(score, position.moves()) {
                return Err(BookError::Score { index, score, stones: position.moves() });
            }
            list.push(e);
        }
        Ok(Book { depth, entries: list })
    }
}

/// Positions listed between two looks at the clock: a level of a deep book holds millions.
const LIST_CHECK_EVERY: usize = 1 << 12;

/// The positions reachable from `start` within `depth` plies whose game goes on, level by level
/// (level `k` has `start.moves() + k` stones), each once up to mirror symmetry. `Err` when
/// `clock` (its deadline or cancel flag) stops the listing, which for a deep book takes long
/// and much memory.
pub fn positions(start: &Position, depth: u32, clock: &Clock) -> Result<Vec<Vec<Position>>, StopReason> {
    let mut levels = vec![vec![*start]];
    for _ in 0..depth {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for (i, p) in levels.last().expect("the start's level").iter().enumerate() {
            if i % LIST_CHECK_EVERY == 0 {
                clock.check()?;
            }
            for column in 0..WIDTH {
                if !p.can_play(column) || p.is_winning_move(column) {
                    continue;
                }
                let mut child = *p;
                child.play_column(column);
                if child.moves() < CELLS && seen.insert(canonical(&child)) {
                    next.push(child);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        levels.push(next);
    }
    Ok(levels)
}

/// What solves the deepest level of a book build: the exact score of a position and a best
/// move (the [`Solver`](crate::Solver) does).
pub trait DeepestLevel {
    /// The score of `position` for the side to move, and a best move, within `limits`.
    fn score_and_move(&mut self, position: &Position, limits: &Limits) -> Result<(i32, usize), StopReason>;
}

/// Fills `book` with every position of [`positions`]`(start, depth)`, skipping those it already
/// has (a resumed build): the deepest level by `solver`, the others from their children.
/// `progress` hears after each position the book so far, the positions done and the total.
/// `Err` when a limit (the deadline or cancel flag of `limits`) stopped the listing or the
/// solver; the book keeps what was done, and `progress` has heard how far that was (nothing
/// when the listing was stopped).
pub fn build(
    start: &Position,
    depth: u32,
    solver: &mut impl DeepestLevel,
    limits: &Limits,
    book: &mut Book,
    mut progress: impl FnMut(&Book, usize, usize),
) -> Result<(), StopReason> {
    let clock = limits.clock();
    let levels = positions(start, depth, &clock)?;
    let total = levels.iter().map(Vec::len).sum();
    let mut done = 0;
    for (k, level) in levels.iter().enumerate().rev() {
        let deepest = k + 1 == levels.len();
        for p in level {
            clock.check()?;
            if book.get(p).is_none() {
                let (score, best) = if deepest { solver.score_and_move(p, limits)? } else { from_children(book, p) };
                book.insert(p, score, best);
            }
            done += 1;
            progress(book, done, total);
        }
    }
    Ok(())
}

/// The score of `p` and a best move (centre first among equals) from its children's scores in
/// `book` (which has every child whose game goes on: they are the next level of [`positions`]).
fn from_children(book: &Book, p: &Position) -> (i32, usize) {
    let playable = ORDER.into_iter().filter(|&c| p.can_play(c));
    if let Some(c) = playable.clone().find(|&c| p.is_winning_move(c)) {
        return (win_score(p.moves()), c);
    }
    let mut best = None;
    for c in playable {
        let mut child = *p;
        child.play_column(c);
        let v = if child.moves() == CELLS { 0 } else { -book.get(&child).expect("the next level is in the book") };
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, c));
        }
    }
    best.expect("a game going on has a move")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Solver, SolverConfig};
    use proptest::prelude::*;

    fn small_book() -> Book {
        let start = Position::parse("44455554221").unwrap();
        let mut solver = Solver::new(SolverConfig { table_bits: 14, ..SolverConfig::default() });
        let mut book = Book::new(2);
        build(&start, 2, &mut solver, &Limits::none(), &mut book, |_, _, _| {}).unwrap();
        book
    }

    #[test]
    fn book_scores_equal_solver_scores() {
        let book = small_book();
        let start = Position::parse("44455554221").unwrap();
        let levels = positions(&start, 2, &Limits::none().clock()).unwrap();
        assert_eq!(levels.iter().map(Vec::len).sum::<usize>(), book.len());
        assert_eq!(book.get(&start), Some(-15));
        let mut solver = Solver::new(SolverConfig { table_bits: 14, ..SolverConfig::default() });
        for (k, level) in levels.iter().enumerate() {
            for p in level {
                let want = solver.solve(p, false, &Limits::none()).unwrap().score;
                assert_eq!(book.get(p), Some(want));
                let best = book.best_move(p).expect("a best move");
                assert_eq!(solver.column_score(p, best, false, &Limits::none()).unwrap(), Some(want), "level {k}");
            }
        }
        // The file round-trips.
        assert_eq!(Book::parse(&book.to_bytes()), Ok(book.clone()));
        // A solver with the book answers from it without a search.
        let mut with_book = Solver::new(SolverConfig { table_bits: 12, ..SolverConfig::default() }).with_book(book);
        let s = with_book.solve(&start, false, &Limits::none()).unwrap();
        assert_eq!((s.score, s.nodes), (-15, 0));
        assert_eq!(with_book.solve(&start, true, &Limits::none()).unwrap().score, -1);
    }

    #[test]
    fn the_shipped_opening_book_has_pons_s_first_move_scores() {
        let book = Book::parse(include_bytes!("../data/opening.c4b")).unwrap();
        assert_eq!((book.len(), book.depth()), (5, 1));
        assert_eq!(book.get(&Position::new()), Some(1));
        assert_eq!(book.best_move(&Position::new()), Some(3));
        // The first player's score of each first move, columns 1 to 7.
        let first: Vec<i32> = (1..=7).map(|c| -book.get(&Position::parse(&c.to_string()).unwrap()).unwrap()).collect();
        assert_eq!(first, [-2, -1, 0, 1, 0, -1, -2]);
    }

    #[test]
    fn mirrored_positions_are_stored_once() {
        let levels = positions(&Position::new(), 2, &Limits::none().clock()).unwrap();
        // 1 empty board; 7 first moves = 4 up to mirror; 49 two-move positions, of which only "44"
        // is its own mirror: 25.
        assert_eq!(levels.iter().map(Vec::len).collect::<Vec<_>>(), [1, 4, 25]);
    }

    #[test]
    fn a_raised_cancel_flag_stops_the_listing_and_the_build() {
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        let limits = Limits::none().cancel_flag(Arc::new(AtomicBool::new(true)));
        // Forty-one plies from the empty board: far more positions than memory holds.
        assert_eq!(positions(&Position::new(), 41, &limits.clock()), Err(StopReason::Cancelled));
        let mut solver = Solver::new(SolverConfig { table_bits: 12, ..SolverConfig::default() });
        let mut book = Book::new(2);
        let start = Position::parse("44455554221").unwrap();
        let mut heard = 0;
        assert_eq!(build(&start, 2, &mut solver, &limits, &mut book, |_, _, _| heard += 1), Err(StopReason::Cancelled));
        assert_eq!((book.len(), heard), (0, 0));
        // Depth 0 lists nothing: the build's own look at the flag stops it.
        assert_eq!(build(&start, 0, &mut solver, &limits, &mut book, |_, _, _| heard += 1), Err(StopReason::Cancelled));
        // A small solve (a few hundred nodes) stops too, though it never reaches a periodic check.
        assert_eq!(solver.solve(&Position::parse("4455").unwrap(), false, &limits), Err(StopReason::Cancelled));
        assert_eq!((book.len(), heard), (0, 0));
    }

    #[test]
    fn corrupt_books_are_errors_that_say_why() {
        let good = small_book().to_bytes();
        assert_eq!(Book::parse(b"hello"), Err(BookError::Magic));
        assert!(matches!(Book::parse(&good[..good.len() - 1]), Err(BookError::Length { .. })));
        let mut v = good.clone();
        v[8] = 2;
        assert_eq!(Book::parse(&v), Err(BookError::Version(2)));
        let mut flipped = good.clone();
        flipped[HEADER + 7] ^= 1; // a score's bit
        assert_eq!(Book::parse(&flipped), Err(BookError::Checksum));
        // Well-formed files with bad contents (re-hashed so the checksum passes).
        let rehash = |mut body: Vec<u8>| {
            body.truncate(body.len() - 8);
            let h = fnv1a(&body);
            body.extend_from_slice(&h.to_le_bytes());
            body
        };
        let mut swapped = good.clone();
        let (a, b) = (HEADER, HEADER + 8);
        let first: Vec<u8> = swapped[a..b].to_vec();
        swapped.copy_within(b..b + 8, a);
        swapped[b..b + 8].copy_from_slice(&first);
        assert_eq!(Book::parse(&rehash(swapped)), Err(BookError::Order { index: 1 }));
        let mut bad_score = good.clone();
        bad_score[HEADER + 7] = 40;
        assert!(matches!(Book::parse(&rehash(bad_score)), Err(BookError::Score { index: 0, score: 40, .. })));
        let mut bad_key = good.clone();
        bad_key[HEADER..HEADER + 6].copy_from_slice(&[0x7f; 6]);
        assert!(matches!(Book::parse(&rehash(bad_key)), Err(BookError::Key { index: 0, .. })));
        let mut bad_move = good;
        bad_move[HEADER + 6] &= !0x0e; // column bits 49..52 = bits 1..4 of byte 6
        assert_eq!(Book::parse(&rehash(bad_move)), Err(BookError::Move { index: 0, column: 0 }));
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let _ = Book::parse(&bytes);
        }

        #[test]
        fn arbitrary_entries_parse_or_fail_cleanly(entries in proptest::collection::vec(any::<u64>(), 0..20)) {
            let mut bytes = MAGIC.to_vec();
            bytes.extend_from_slice(&[VERSION, 3, 0, 0]);
            bytes.extend_from_slice(&(entries.len() as u32).to_le_bytes());
            for e in &entries {
                bytes.extend_from_slice(&e.to_le_bytes());
            }
            let h = fnv1a(&bytes);
            bytes.extend_from_slice(&h.to_le_bytes());
            if let Ok(book) = Book::parse(&bytes) {
                // What parses writes back the same.
                prop_assert_eq!(book.to_bytes(), bytes);
            }
        }
    }
}
