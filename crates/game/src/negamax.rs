//! The fast engine for two-player zero-sum games: negamax with fail-soft alpha-beta, a
//! transposition table that keeps lower and upper bounds, the table's best move tried first,
//! iterative deepening, and null-window narrowing of the value.
//!
//! Written once for every [`ZeroSum`] game. Unlike the CS188-exact [`alpha_beta`](crate::alpha_beta)
//! (whose generated states must match a course's answers, so it stays naive), this engine is
//! free to prune as much as it can: only the value it returns is a contract.
//!
//! **Fail-soft**: a search of the window `(alpha, beta)` returns `v` with
//! `v <= alpha` ⇒ the true value is at most `v`, `v >= beta` ⇒ at least `v`, otherwise exactly
//! `v`. The table stores each result with the bound it is ([`BoundKind`]): an exact value,
//! a lower bound (a fail high) or an upper bound (a fail low). Storing a bound as exact would
//! make a later search with another window return a wrong value — the tests check that.
//!
//! **Counting**: as in [`search`](mod@crate::search), a node is *expanded* when its moves are
//! asked for and a position is *generated* when a move is played; the [`Meter`] checks the
//! [`Limits`] (node budget, time, cancel flag) and tells the observer, whose `Prune` on an
//! expansion evaluates the node as if cut off and on a generation skips that move.

use crate::search::kind_of;
use delve_core::{Bound, Finished, Limits, Meter, NodeInfo, Observer, OutcomeKind, Stats, StopReason};

/// A two-player zero-sum game seen from the side to move (the negamax form): a position's
/// value for the side to move is minus its value for the other side.
pub trait ZeroSum {
    /// A position, including whose turn it is.
    type Position;
    /// A move.
    type Move: Copy;
    /// The legal moves of a position that is not over, best first by the game's own guess:
    /// the engine tries the table's remembered best move first and then these in order.
    fn moves(&self, position: &Self::Position) -> Vec<Self::Move>;
    /// The position a move leads to.
    fn play(&self, position: &Self::Position, mv: Self::Move) -> Self::Position;
    /// The value for the side to move when the game is over, `None` while it goes on.
    fn terminal(&self, position: &Self::Position) -> Option<i32>;
    /// An estimate of the value for the side to move, used where a depth cut-off stops the
    /// search (and where an observer prunes a node). A search to the end of the game never
    /// asks, so the default, 0 (even), serves games solved to the end.
    fn evaluate(&self, position: &Self::Position) -> i32 {
        let _ = position;
        0
    }
    /// The transposition-table key: positions with equal keys must have equal values.
    fn key(&self, position: &Self::Position) -> u64;
    /// Bounds `(lo, hi)` on every value the search can return from `position` (terminal
    /// values and evaluations alike); null-window narrowing starts from them. The default is
    /// the whole range the engine supports, `±`[`VALUE_LIMIT`].
    fn value_bounds(&self, position: &Self::Position) -> (i32, i32) {
        let _ = position;
        (-VALUE_LIMIT, VALUE_LIMIT)
    }
}

/// A shared reference to a game is the game, so an adapter or an engine can borrow it.
impl<G: ZeroSum + ?Sized> ZeroSum for &G {
    type Position = G::Position;
    type Move = G::Move;
    fn moves(&self, position: &Self::Position) -> Vec<Self::Move> {
        (**self).moves(position)
    }
    fn play(&self, position: &Self::Position, mv: Self::Move) -> Self::Position {
        (**self).play(position, mv)
    }
    fn terminal(&self, position: &Self::Position) -> Option<i32> {
        (**self).terminal(position)
    }
    fn evaluate(&self, position: &Self::Position) -> i32 {
        (**self).evaluate(position)
    }
    fn key(&self, position: &Self::Position) -> u64 {
        (**self).key(position)
    }
    fn value_bounds(&self, position: &Self::Position) -> (i32, i32) {
        (**self).value_bounds(position)
    }
}

/// The largest value magnitude the engine handles (values are `i32`, and windows must be
/// negatable with room to spare).
pub const VALUE_LIMIT: i32 = 1 << 29;

/// What a table entry's value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoundKind {
    /// The true value.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// The settings of [`Negamax::solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NegamaxOptions {
    /// The depth cut-off in plies (single moves), `None` for the end of the game.
    pub max_plies: Option<u32>,
    /// Search depth 1, 2, … up to `max_plies`, stopping early once a depth needed no cut-off;
    /// each iteration leaves best moves in the table that order the next.
    pub iterative_deepening: bool,
    /// Find the value by null-window probes `(v, v + 1)` that halve the interval
    /// [`ZeroSum::value_bounds`] (each probe prunes more than a full window would), instead
    /// of one full-window search.
    pub null_window: bool,
}

impl Default for NegamaxOptions {
    /// Search to the end with iterative deepening and null windows.
    fn default() -> Self {
        NegamaxOptions { max_plies: None, iterative_deepening: true, null_window: true }
    }
}

/// A negamax search's value for the side to move and its best move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved<M> {
    /// The value for the side to move at the root (for [`Negamax::search_window`], a bound
    /// as the fail-soft rule says).
    pub value: i32,
    /// A move reaching `value` (`None` at a terminal root or cut-off root).
    pub best: Option<M>,
    /// Whether a depth cut-off (or a pruning observer) touched the value: `false` means it is
    /// the game-theoretic value.
    pub cut_off: bool,
}

/// A negamax search's result, or why it stopped, with its statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NegamaxResult<M> {
    /// The value, or the limit (or observer) that stopped the search.
    pub outcome: Result<Solved<M>, StopReason>,
    /// What the search did.
    pub stats: Stats,
}

/// `"negamax"`, `solved` when the search finished.
impl<M> Finished for NegamaxResult<M> {
    fn algorithm(&self) -> &'static str {
        "negamax"
    }
    fn outcome(&self) -> OutcomeKind {
        kind_of(&self.outcome)
    }
    fn stop_reason(&self) -> Option<StopReason> {
        self.outcome.as_ref().err().copied()
    }
    fn stats(&self) -> &Stats {
        &self.stats
    }
}

/// Depth recorded for a value that no cut-off touched: good for any remaining depth.
const COMPLETE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    lower: i32,
    upper: i32,
    /// The remaining depth the bounds hold for ([`COMPLETE`]: to the end of the game).
    depth: u32,
    /// Index of the best move in [`ZeroSum::moves`]'s order.
    best: u32,
}

/// The negamax engine for one game, with its transposition table (kept between searches, so
/// a later search starts from what an earlier one learned).
pub struct Negamax<'g, G> {
    game: &'g G,
    table: Vec<Option<Entry>>,
    mask: usize,
}

/// The table size [`Negamax::new`] picks: 2^18 entries, 8 MiB, enough for games whose
/// positions number in the hundreds of thousands (Nim, tic-tac-toe, small Connect Four
/// openings); a larger game wants [`Negamax::with_table_bits`].
pub const DEFAULT_TABLE_BITS: u32 = 18;

impl<'g, G: ZeroSum> Negamax<'g, G> {
    /// An engine for `game` with a table of 2^[`DEFAULT_TABLE_BITS`] entries (8 MiB).
    pub fn new(game: &'g G) -> Self {
        Self::with_table_bits(game, DEFAULT_TABLE_BITS)
    }

    /// An engine for `game` with a table of `2^table_bits` entries (at most 2^30), each 32
    /// bytes: more entries keep more of what a long search learned.
    pub fn with_table_bits(game: &'g G, table_bits: u32) -> Self {
        let size = 1usize << table_bits.min(30);
        Negamax { game, table: vec![None; size], mask: size - 1 }
    }

    /// Forgets everything the table holds.
    pub fn clear(&mut self) {
        self.table.fill(None);
    }

    /// What the table knows about `position`: its bound, as the kind of bound it is
    /// (`None` when the table holds nothing for it, or only a useless pair of infinities).
    pub fn probe(&self, position: &G::Position) -> Option<(i32, BoundKind)> {
        let key = self.game.key(position);
        let e = self.table[self.slot(key)].filter(|e| e.key == key)?;
        match (e.lower > -VALUE_LIMIT - 1, e.upper < VALUE_LIMIT + 1) {
            (true, true) if e.lower == e.upper => Some((e.lower, BoundKind::Exact)),
            (true, _) => Some((e.lower, BoundKind::Lower)),
            (false, true) => Some((e.upper, BoundKind::Upper)),
            (false, false) => None,
        }
    }

    fn slot(&self, key: u64) -> usize {
        // Fibonacci hashing spreads keys that differ only in high bits.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & self.mask
    }

    /// One fail-soft search of the window `(alpha, beta)` from `position` to `max_plies`
    /// (`None`: the end). See the module documentation for what the value means.
    pub fn search_window<O>(
        &mut self,
        position: &G::Position,
        max_plies: Option<u32>,
        alpha: i32,
        beta: i32,
        limits: &Limits,
        observer: O,
    ) -> NegamaxResult<G::Move>
    where
        O: Observer<G::Position, u32>,
    {
        let mut meter = Meter::new(limits, observer);
        let outcome = meter
            .start::<G::Position, u32>("negamax")
            .and_then(|()| self.root(position, max_plies, alpha, beta, &mut meter));
        finish::<G::Position, _, _>(meter, outcome)
    }

    /// The value of `position` for the side to move, and a best move, as `options` say.
    pub fn solve<O>(
        &mut self,
        position: &G::Position,
        options: &NegamaxOptions,
        limits: &Limits,
        observer: O,
    ) -> NegamaxResult<G::Move>
    where
        O: Observer<G::Position, u32>,
    {
        let mut meter = Meter::new(limits, observer);
        let outcome = meter.start::<G::Position, u32>("negamax").and_then(|()| {
            let first = if options.iterative_deepening { 1.min(options.max_plies.unwrap_or(1)) } else { 0 };
            let mut depth = first;
            loop {
                let plies = if options.iterative_deepening { Some(depth) } else { options.max_plies };
                meter.iteration::<G::Position, u32>(Bound::Depth(u64::from(plies.unwrap_or(u32::MAX))))?;
                let solved = self.value(position, plies, options.null_window, &mut meter)?;
                let last =
                    !options.iterative_deepening || !solved.cut_off || options.max_plies.is_some_and(|m| depth >= m);
                if last {
                    return Ok(solved);
                }
                depth += 1;
            }
        });
        finish::<G::Position, _, _>(meter, outcome)
    }

    /// The exact value at one depth, by a full window or by null-window narrowing, and then a
    /// move that reaches it.
    fn value<O>(
        &mut self,
        position: &G::Position,
        plies: Option<u32>,
        null_window: bool,
        meter: &mut Meter<'_, O>,
    ) -> Result<Solved<G::Move>, StopReason>
    where
        O: Observer<G::Position, u32>,
    {
        if !null_window {
            return self.root(position, plies, -VALUE_LIMIT, VALUE_LIMIT, meter);
        }
        let (mut lo, mut hi) = self.game.value_bounds(position);
        let mut cut_off = false;
        while lo < hi {
            // The midpoint, rounded down (also for negative values).
            let mid = lo + (hi - lo) / 2;
            let probe = self.root(position, plies, mid, mid + 1, meter)?;
            cut_off |= probe.cut_off;
            // Fail-soft bounds can be tighter than the probe; clamping keeps progress even if
            // a game's `value_bounds` were too narrow.
            if probe.value <= mid {
                hi = probe.value.clamp(lo, mid);
            } else {
                lo = probe.value.clamp(mid + 1, hi);
            }
        }
        // A window just below the value: the first move reaching it fails high.
        let last = self.root(position, plies, lo - 1, lo, meter)?;
        Ok(Solved { value: lo, best: last.best, cut_off: cut_off || last.cut_off })
    }

    /// The root: a node that also remembers which move gave its value.
    fn root<O>(
        &mut self,
        position: &G::Position,
        plies: Option<u32>,
        alpha: i32,
        beta: i32,
        meter: &mut Meter<'_, O>,
    ) -> Result<Solved<G::Move>, StopReason>
    where
        O: Observer<G::Position, u32>,
    {
        let (value, cut_off, best) = self.node(position, 0, plies, alpha, beta, meter)?;
        let best = match best {
            Some(i) if self.game.terminal(position).is_none() => self.game.moves(position).get(i).copied(),
            _ => None,
        };
        Ok(Solved { value, best, cut_off })
    }

    /// Fail-soft negamax: the value (or bound), whether a cut-off touched it, and the index
    /// of the best move among [`ZeroSum::moves`] when the node was expanded.
    fn node<O>(
        &mut self,
        position: &G::Position,
        ply: u32,
        plies: Option<u32>,
        mut alpha: i32,
        mut beta: i32,
        meter: &mut Meter<'_, O>,
    ) -> Result<(i32, bool, Option<usize>), StopReason>
    where
        O: Observer<G::Position, u32>,
    {
        let game = self.game;
        if let Some(v) = game.terminal(position) {
            return Ok((v, false, None));
        }
        let left = plies.map(|p| p.saturating_sub(ply));
        if left == Some(0) {
            return Ok((game.evaluate(position), true, None));
        }
        let need = left.unwrap_or(COMPLETE);
        let key = game.key(position);
        let slot = self.slot(key);
        let mut hint = None;
        let mut cut_off = false;
        if let Some(e) = self.table[slot].filter(|e| e.key == key) {
            hint = Some(e.best as usize);
            if e.depth >= need {
                let cut = e.depth != COMPLETE;
                if e.lower >= beta {
                    return Ok((e.lower, cut, hint));
                }
                if e.upper <= alpha || e.lower == e.upper {
                    return Ok((e.upper, cut, hint));
                }
                alpha = alpha.max(e.lower);
                beta = beta.min(e.upper);
                cut_off = cut;
            }
        }
        if !meter.expanding(NodeInfo { state: position, g: ply, h: None, depth: Some(ply) })? {
            return Ok((game.evaluate(position), true, None));
        }
        meter.frontier(ply as usize + 1);
        let moves = game.moves(position);
        // The remembered best move first, then the game's order.
        let order = hint.filter(|&h| h < moves.len()).into_iter().chain((0..moves.len()).filter(|&i| Some(i) != hint));
        let mut best = i32::MIN;
        let mut best_index = None;
        for i in order {
            let child = game.play(position, moves[i]);
            let info = NodeInfo { state: &child, g: ply + 1, h: None, depth: Some(ply + 1) };
            if !meter.generated(info)? {
                continue;
            }
            let floor = alpha.max(best);
            let (v, cut, _) = self.node(&child, ply + 1, plies, -beta, -floor, meter)?;
            cut_off |= cut;
            if -v > best {
                best = -v;
                best_index = Some(i);
            }
            if best >= beta {
                break;
            }
        }
        let Some(index) = best_index else {
            // The observer dropped every move: judge the node as if cut off.
            return Ok((game.evaluate(position), true, None));
        };
        self.store(slot, key, best, alpha, beta, if cut_off { need } else { COMPLETE }, index);
        Ok((best, cut_off, best_index))
    }

    /// Records the fail-soft result `value` of a search of `(alpha, beta)`, merging with
    /// what the table knows about the same position at the same depth. The move kept is the
    /// one that proved the lower bound kept: a table cut-off at the root answers with it (the
    /// null-window search's last probe names its move so), and the best of a search that
    /// failed low only has the highest upper bound.
    #[allow(clippy::too_many_arguments)]
    fn store(&mut self, slot: usize, key: u64, value: i32, alpha: i32, beta: i32, depth: u32, best: usize) {
        let lower = if value > alpha { value } else { -VALUE_LIMIT - 1 };
        let upper = if value < beta { value } else { VALUE_LIMIT + 1 };
        let mut entry = Entry { key, lower, upper, depth, best: best as u32 };
        if let Some(old) = self.table[slot].filter(|e| e.key == key && e.depth == depth) {
            let (lo, hi) = (old.lower.max(lower), old.upper.min(upper));
            if lo <= hi {
                (entry.lower, entry.upper) = (lo, hi);
                if old.lower > lower {
                    entry.best = old.best;
                }
            }
        }
        self.table[slot] = Some(entry);
    }
}

fn finish<S, M, O>(mut meter: Meter<'_, O>, outcome: Result<Solved<M>, StopReason>) -> NegamaxResult<M>
where
    O: Observer<S, u32>,
{
    let stats = meter.finish_with::<S, u32>(kind_of(&outcome), outcome.as_ref().err().copied());
    NegamaxResult { outcome, stats }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, minimax};
    use delve_core::NoObserver;
    use proptest::prelude::*;

    #[test]
    fn a_table_entry_takes_32_bytes() {
        // What the table sizes in the docs are counted from.
        assert_eq!(std::mem::size_of::<Option<Entry>>(), 32);
    }

    /// A game on a layered graph: node 0 is the root, `children[i]` lists node i's successors
    /// (empty: the game is over), `values[i]` is node i's value (or evaluation) for the side to
    /// move there, and `layer[i]` its depth. Nodes reached along several paths are
    /// transpositions: the key is the node's number.
    #[derive(Debug, Clone)]
    struct Dag {
        children: Vec<Vec<usize>>,
        values: Vec<i32>,
        layer: Vec<u32>,
    }

    impl ZeroSum for Dag {
        type Position = usize;
        type Move = usize;
        fn moves(&self, &p: &usize) -> Vec<usize> {
            (0..self.children[p].len()).collect()
        }
        fn play(&self, &p: &usize, m: usize) -> usize {
            self.children[p][m]
        }
        fn terminal(&self, &p: &usize) -> Option<i32> {
            self.children[p].is_empty().then_some(self.values[p])
        }
        fn evaluate(&self, &p: &usize) -> i32 {
            self.values[p]
        }
        fn key(&self, &p: &usize) -> u64 {
            p as u64
        }
        fn value_bounds(&self, _: &usize) -> (i32, i32) {
            (-20, 20)
        }
    }

    /// The same graph as a [`Game`] for the classic minimax: agent 0 moves on even layers.
    impl Game for Dag {
        type State = usize;
        type Action = usize;
        fn num_agents(&self) -> usize {
            2
        }
        fn initial_state(&self) -> usize {
            0
        }
        fn to_move(&self, &s: &usize) -> usize {
            self.layer[s] as usize % 2
        }
        fn actions(&self, s: &usize) -> Vec<usize> {
            self.moves(s)
        }
        fn result(&self, s: &usize, a: &usize) -> usize {
            self.play(s, *a)
        }
        fn is_terminal(&self, &s: &usize) -> bool {
            self.children[s].is_empty()
        }
        fn utility(&self, &s: &usize, _: usize) -> f64 {
            Game::evaluate(self, &s)
        }
        fn evaluate(&self, &s: &usize) -> f64 {
            let v = f64::from(self.values[s]);
            if self.layer[s].is_multiple_of(2) { v } else { -v }
        }
    }

    /// A layered graph of `layers` layers of `width` nodes (one root); each node's successors
    /// are picked from the next layer by `picks` (0 successors: a terminal node).
    fn dag(layers: usize, width: usize, picks: &[(u8, u8, i8)]) -> Dag {
        let mut d = Dag { children: vec![], values: vec![], layer: vec![] };
        let mut it = picks.iter().cycle();
        let first = |l: usize| if l == 0 { 0 } else { 1 + (l - 1) * width };
        for l in 0..layers {
            let n = if l == 0 { 1 } else { width };
            for _ in 0..n {
                let &(branch, pick, value) = it.next().unwrap();
                d.values.push(i32::from(value));
                d.layer.push(l as u32);
                let mut kids = vec![];
                if l + 1 < layers {
                    for b in 0..usize::from(branch) {
                        kids.push(first(l + 1) + (usize::from(pick) + 3 * b) % width);
                    }
                }
                d.children.push(kids);
            }
        }
        d
    }

    fn exact(d: &Dag, plies: Option<u32>) -> i32 {
        let rounds = plies.map(|p| p / 2);
        minimax(d, &0, rounds, &Limits::none(), NoObserver).decision().unwrap().value as i32
    }

    fn solve(d: &Dag, from: usize, options: NegamaxOptions, bits: u32) -> Solved<usize> {
        let mut engine = Negamax::with_table_bits(d, bits);
        engine.solve(&from, &options, &Limits::none(), NoObserver).outcome.unwrap()
    }

    fn picks() -> impl Strategy<Value = Vec<(u8, u8, i8)>> {
        proptest::collection::vec((0u8..=3, 0u8..=7, -9i8..=9), 1..60)
    }

    proptest! {
        #[test]
        fn negamax_has_the_minimax_value(
            layers in 1usize..7,
            width in 1usize..6,
            picks in picks(),
            rounds in proptest::option::of(0u32..3),
            iterative in any::<bool>(),
            null_window in any::<bool>(),
            bits in 0u32..6,
        ) {
            let d = dag(layers, width, &picks);
            let plies = rounds.map(|r| 2 * r);
            let want = exact(&d, plies);
            let options = NegamaxOptions { max_plies: plies, iterative_deepening: iterative, null_window };
            let got = solve(&d, 0, options, bits);
            prop_assert_eq!(got.value, want);
            // The move it names reaches the value.
            if let Some(m) = got.best {
                let child = d.children[0][m];
                let after = NegamaxOptions { max_plies: plies.map(|p| p.saturating_sub(1)), ..options };
                prop_assert_eq!(-solve(&d, child, after, bits).value, want);
            }
        }

        /// One engine, one table, many windows: each answer must keep the fail-soft promise.
        /// A bound stored as the wrong kind breaks it on a later window.
        #[test]
        fn a_shared_table_keeps_the_fail_soft_promise(
            layers in 1usize..7,
            width in 1usize..6,
            picks in picks(),
            windows in proptest::collection::vec((-10i32..10, 1i32..6), 1..12),
            bits in 0u32..6,
        ) {
            let d = dag(layers, width, &picks);
            let want = exact(&d, None);
            let mut engine = Negamax::with_table_bits(&d, bits);
            for (alpha, width) in windows {
                let beta = alpha + width;
                let v = engine.search_window(&0, None, alpha, beta, &Limits::none(), NoObserver).outcome.unwrap().value;
                if v <= alpha {
                    prop_assert!(want <= v, "window ({alpha}, {beta}): {v} is no upper bound of {want}");
                } else if v >= beta {
                    prop_assert!(want >= v, "window ({alpha}, {beta}): {v} is no lower bound of {want}");
                } else {
                    prop_assert_eq!(v, want, "window ({}, {})", alpha, beta);
                }
            }
            let full = engine.search_window(&0, None, -VALUE_LIMIT, VALUE_LIMIT, &Limits::none(), NoObserver);
            prop_assert_eq!(full.outcome.unwrap().value, want);
        }
    }

    #[test]
    fn a_fail_high_is_stored_as_a_lower_bound() {
        // The root's moves lead to positions worth -3 and -7 to the opponent: 3 and 7 to it.
        let d = Dag { children: vec![vec![1, 2], vec![], vec![]], values: vec![0, -3, -7], layer: vec![0, 1, 1] };
        let mut engine = Negamax::with_table_bits(&d, 4);
        let probe = engine.search_window(&0, None, 0, 1, &Limits::none(), NoObserver).outcome.unwrap();
        // The first move already beats the window: 3 is only "at least".
        assert_eq!(probe.value, 3);
        assert_eq!(engine.probe(&0), Some((3, BoundKind::Lower)));
        // Stored as exact, this search would answer 3.
        let full = engine.search_window(&0, None, -100, 100, &Limits::none(), NoObserver).outcome.unwrap();
        assert_eq!((full.value, full.best), (7, Some(1)));
        assert_eq!(engine.probe(&0), Some((7, BoundKind::Exact)));
    }

    #[test]
    fn a_fail_low_is_stored_as_an_upper_bound() {
        // Root → node 1 (opponent to move) → leaves worth 4 and 8 to the side to move at
        // node 1, so node 1 is worth 8 and the root -8.
        let d = Dag {
            children: vec![vec![1], vec![2, 3], vec![], vec![]],
            values: vec![0, 0, -4, -8],
            layer: vec![0, 1, 2, 2],
        };
        let mut engine = Negamax::with_table_bits(&d, 4);
        // Window (10, 11): at node 1 the first leaf already gives 4 >= -10, so the root learns
        // only "at most -4".
        let probe = engine.search_window(&0, None, 10, 11, &Limits::none(), NoObserver).outcome.unwrap();
        assert_eq!(probe.value, -4);
        assert_eq!(engine.probe(&0), Some((-4, BoundKind::Upper)));
        assert_eq!(engine.probe(&1), Some((4, BoundKind::Lower)));
        let full = engine.search_window(&0, None, -100, 100, &Limits::none(), NoObserver).outcome.unwrap();
        assert_eq!(full.value, -8);
        assert_eq!(engine.probe(&0), Some((-8, BoundKind::Exact)));
    }

    #[test]
    fn iterative_deepening_stops_when_no_cut_off_is_left() {
        // A chain of three moves: depths 1 and 2 are cut off, depth 3 reaches the end.
        let d = Dag {
            children: vec![vec![1], vec![2], vec![3], vec![]],
            values: vec![0, 0, 0, 5],
            layer: vec![0, 1, 2, 3],
        };
        let mut engine = Negamax::with_table_bits(&d, 4);
        let out = engine.solve(&0, &NegamaxOptions::default(), &Limits::none(), NoObserver);
        assert_eq!(out.stats.iterations, 3);
        let solved = out.outcome.unwrap();
        assert_eq!((solved.value, solved.best, solved.cut_off), (-5, Some(0), false));
    }

    #[test]
    fn a_node_limit_stops_the_search() {
        let d = dag(6, 5, &[(3, 1, 2), (2, 4, -3), (3, 2, 7)]);
        let mut engine = Negamax::with_table_bits(&d, 4);
        let out = engine.solve(&0, &NegamaxOptions::default(), &Limits::none().max_expanded(5), NoObserver);
        assert_eq!(out.outcome, Err(StopReason::NodeLimit));
        assert_eq!(out.stats.expanded, 5);
    }
}
