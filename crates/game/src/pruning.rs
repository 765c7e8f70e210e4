//! What alpha-beta saves over minimax on one game: both searches run from the same state, side
//! by side, with the nodes each visits, the branching factor `b` and depth `m` of the tree
//! searched (minimax's work grows as b^m; alpha-beta's, with the best move order, as b^(m/2)),
//! and, when asked, every cut alpha-beta made. Written once for every [`Game`]: `delve game
//! solve` runs it on a hand-written [`GameTree`](crate::tree::GameTree) and on CS188's trees.
//!
//! ```
//! use delve_core::Limits;
//! use delve_game::pruning::{Prune, compare};
//! use delve_game::tree::GameTree;
//! let tree = GameTree::parse("t.tree", "(a: (3 5) b: (2 9 7))").unwrap();
//! let both = compare(&tree, &0, Prune::Strict, None, &Limits::none(), true);
//! // Minimax visits all 8 nodes; alpha-beta stops at b's 2 (2 < 3): 9 and 7 are never seen.
//! let name = |s: &usize, a: &usize| tree.move_name(*s, *a).to_string();
//! let report = both.report(&tree, &0, name).detail;
//! assert_eq!((report.value, report.best_move.as_deref()), (Some(3.0), Some("a")));
//! assert_eq!((report.minimax.nodes, report.alpha_beta.nodes), (8, 6));
//! assert_eq!((report.b, report.m), (3, 2));
//! assert_eq!(report.cuts.unwrap()[0].pruned, ["2", "3"]);
//! ```

use crate::Game;
use crate::search::{Cut, GameResult, Method, search, search_with_cuts};
use delve_core::{Event, FnObserver, Limits, NoObserver, OutcomeKind, Report, Stats};

/// Which cuts alpha-beta makes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Prune {
    /// CS188's rule: cut only on a strict inequality, `v > beta` at a MAX node and
    /// `v < alpha` at a MIN node ([`Method::AlphaBeta`]).
    #[default]
    Strict,
    /// The textbook pseudo code's rule: cut on ties too, `v >= beta` and `v <= alpha`
    /// ([`Method::AlphaBetaAima`]). Never visits more nodes than the strict rule.
    NonStrict,
}

impl Prune {
    /// The alpha-beta search that cuts this way.
    pub fn method(self) -> Method {
        match self {
            Prune::Strict => Method::AlphaBeta,
            Prune::NonStrict => Method::AlphaBetaAima,
        }
    }

    /// `strict` or `non-strict`, as `--prune` and reports spell it.
    pub fn name(self) -> &'static str {
        match self {
            Prune::Strict => "strict",
            Prune::NonStrict => "non-strict",
        }
    }
}

impl std::str::FromStr for Prune {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "strict" => Ok(Prune::Strict),
            "non-strict" => Ok(Prune::NonStrict),
            _ => Err(format!("expected `strict` or `non-strict`, found `{}`", s.escape_debug())),
        }
    }
}

/// How much of the tree one search visited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Visits {
    /// The nodes visited: the root and every state a move created.
    pub nodes: u64,
    /// Of those, the ones valued without trying their moves: the leaves (and the states at a
    /// depth cut-off).
    pub leaves: u64,
}

impl Visits {
    /// The visits a search's statistics count: every node visited is expanded or valued as it is.
    pub fn of(stats: &Stats) -> Self {
        let nodes = stats.generated + 1;
        Visits { nodes, leaves: nodes.saturating_sub(stats.expanded) }
    }
}

/// Minimax and alpha-beta, run from the same state.
#[derive(Clone, Debug)]
pub struct Comparison<A> {
    /// The minimax search.
    pub minimax: GameResult<A>,
    /// The alpha-beta search.
    pub alpha_beta: GameResult<A>,
    /// The cuts alpha-beta made.
    pub prune: Prune,
    /// `b`: the most moves of a node minimax tried.
    pub b: u64,
    /// `m`: the most moves from the root to a node minimax visited.
    pub m: u64,
    /// Every cut alpha-beta made that pruned a move, in order, when asked for.
    pub cuts: Option<Vec<Cut>>,
}

/// Runs minimax, then alpha-beta with the `prune` rule, from `state`, each within `limits`,
/// with the cut-off `depth` in rounds (`None`: to the end). With `explain`, alpha-beta's cuts
/// are kept.
pub fn compare<G: Game>(
    game: &G,
    state: &G::State,
    prune: Prune,
    depth: Option<u32>,
    limits: &Limits,
    explain: bool,
) -> Comparison<G::Action> {
    // Moves tried so far by the node being searched at each ply (index = ply of the moves).
    let mut tried: Vec<u64> = vec![0];
    let (mut b, mut m) = (0, 0);
    let shape = FnObserver(|e: &Event<'_, G::State, u32>, _: &_| {
        if let Event::Generate(n) = e {
            let ply = n.depth.unwrap_or(0) as usize;
            // A move at this ply: the searches of deeper nodes are over.
            tried.resize(ply + 1, 0);
            tried[ply] += 1;
            b = b.max(tried[ply]);
            m = m.max(ply as u64);
        }
    });
    let minimax = search(game, state, Method::Minimax, depth, limits, shape);
    let method = prune.method();
    let (alpha_beta, cuts) = if explain {
        let mut cuts = Vec::new();
        let out = search_with_cuts(game, state, method, depth, limits, NoObserver, &mut |c| cuts.push(c));
        (out, Some(cuts))
    } else {
        (search(game, state, method, depth, limits, NoObserver), None)
    };
    Comparison { minimax, alpha_beta, prune, b, m, cuts }
}

/// A cut in a report: where, why, and what it pruned, by move names.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CutReport {
    /// The moves from the root to the node cut.
    pub path: Vec<String>,
    /// `max` or `min`: the node's side.
    pub node: &'static str,
    /// The node's value when it was cut: the best of the moves it tried.
    pub value: f64,
    /// `beta` (at a MAX node) or `alpha` (at a MIN node): the bound that value reached.
    pub bound: &'static str,
    /// The bound's value.
    pub bound_value: f64,
    /// The moves never tried, in order.
    pub pruned: Vec<String>,
}

/// The domain's part of the report of `delve game solve`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PruningReport {
    /// The root's minimax value (`null` when a limit stopped both searches).
    pub value: Option<f64>,
    /// The best move at the root: the first of equally good ones (`null` at a leaf).
    pub best_move: Option<String>,
    /// The cuts alpha-beta made: `strict` or `non-strict`.
    pub prune: Prune,
    /// What minimax visited.
    pub minimax: Visits,
    /// What alpha-beta visited.
    pub alpha_beta: Visits,
    /// The branching factor: the most moves of a node.
    pub b: u64,
    /// The depth: the most moves from the root to a leaf (or to the depth cut-off).
    pub m: u64,
    /// b^m, the order of minimax's work (`null` past the largest number).
    pub b_pow_m: f64,
    /// b^(m/2), the order of alpha-beta's work with the best move order (`null` past the
    /// largest number).
    pub b_pow_half_m: f64,
    /// With `--explain`: every cut that pruned a move, in the order made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cuts: Option<Vec<CutReport>>,
}

impl<A> Comparison<A> {
    /// The report of this comparison on `game` from `state` (the state it ran from), moves
    /// named by `name(state, move)`. It is `solved` when both searches finished; its stats add
    /// both searches' up.
    pub fn report<G: Game<Action = A>>(
        &self,
        game: &G,
        state: &G::State,
        name: impl Fn(&G::State, &A) -> String,
    ) -> Report<PruningReport> {
        let decision = self.minimax.decision().or(self.alpha_beta.decision());
        let cuts = self.cuts.as_ref().map(|cuts| cuts.iter().map(|c| cut_report(game, state, c, &name)).collect());
        let (b, m) = (self.b as f64, self.m as f64);
        let detail = PruningReport {
            value: decision.map(|d| d.value),
            best_move: decision.and_then(|d| d.action.as_ref()).map(|a| name(state, a)),
            prune: self.prune,
            minimax: Visits::of(&self.minimax.stats),
            alpha_beta: Visits::of(&self.alpha_beta.stats),
            b: self.b,
            m: self.m,
            b_pow_m: b.powf(m),
            b_pow_half_m: b.powf(m / 2.0),
            cuts,
        };
        let mut stats = self.minimax.stats;
        stats.absorb(&self.alpha_beta.stats);
        stats.elapsed = self.minimax.stats.elapsed + self.alpha_beta.stats.elapsed;
        let stop = self.minimax.outcome.as_ref().err().or(self.alpha_beta.outcome.as_ref().err()).copied();
        let outcome = if stop.is_some() { OutcomeKind::Stopped } else { OutcomeKind::Solved };
        Report::from_parts("minimax+alphabeta", outcome, stop, stats, detail)
    }
}

/// `cut` by move names: the moves are played again from `root` along its path.
fn cut_report<G: Game>(
    game: &G,
    root: &G::State,
    cut: &Cut,
    name: &impl Fn(&G::State, &G::Action) -> String,
) -> CutReport {
    let mut path = Vec::with_capacity(cut.path.len());
    let mut owned: Option<G::State> = None;
    for &i in &cut.path {
        let state = owned.as_ref().unwrap_or(root);
        // The search took move `i` here, so it exists.
        if let Some(action) = game.actions(state).into_iter().nth(i) {
            path.push(name(state, &action));
            owned = Some(game.result(state, &action));
        }
    }
    let state = owned.as_ref().unwrap_or(root);
    let pruned = game
        .actions(state)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| cut.pruned.contains(i))
        .map(|(_, a)| name(state, &a))
        .collect();
    let (node, bound) = if cut.maximising { ("max", "beta") } else { ("min", "alpha") };
    CutReport { path, node, value: cut.value, bound, bound_value: cut.bound, pruned }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::GameTree;

    /// A uniform tree, `b` moves a node and `m` moves deep, written in the text form. Move
    /// `i` at ply `k` adds `sign × i × b^(m-k)` to every leaf below it: each subtree of a node
    /// is its first one shifted, so with `sign` = +1 at MIN plies and −1 at MAX plies every
    /// node's first move is its best (the best order), and with the signs flipped its worst.
    fn uniform(b: u32, m: u32, best_first: bool) -> GameTree {
        let mut text = String::new();
        let mut path = vec![0u32; m as usize];
        let leaves = b.pow(m);
        for leaf in 0..leaves {
            let mut rest = leaf;
            for k in (0..m as usize).rev() {
                path[k] = rest % b;
                rest /= b;
            }
            // A new subtree opens at each ply where this leaf is the first.
            let opens = path.iter().rev().take_while(|&&i| i == 0).count();
            text += &"(".repeat(opens);
            let value: i64 = (0..m as usize)
                .map(|k| {
                    let max_ply = k % 2 == 0;
                    let sign = if max_ply == best_first { -1 } else { 1 };
                    sign * i64::from(path[k]) * i64::from(b).pow(m - 1 - k as u32)
                })
                .sum();
            text += &format!(" {value} ");
            let closes = path.iter().rev().take_while(|&&i| i == b - 1).count();
            text += &")".repeat(closes);
        }
        GameTree::parse("uniform.tree", &text).unwrap()
    }

    #[test]
    fn best_order_meets_knuth_and_moore_and_worst_order_prunes_nothing() {
        // Knuth & Moore (1975): with the best move order, alpha-beta visits
        // b^⌈m/2⌉ + b^⌊m/2⌋ − 1 leaves of a uniform tree, the b^(m/2) of the bound; with the
        // worst, all b^m, as minimax does.
        for b in 2..=4u32 {
            for m in 1..=5u32 {
                let best = uniform(b, m, true);
                let worst = uniform(b, m, false);
                for prune in [Prune::Strict, Prune::NonStrict] {
                    let ordered = compare(&best, &0, prune, None, &Limits::none(), false);
                    let (mm, ab) = (Visits::of(&ordered.minimax.stats), Visits::of(&ordered.alpha_beta.stats));
                    assert_eq!((ordered.b, ordered.m), (u64::from(b), u64::from(m)));
                    assert_eq!(mm.leaves, u64::from(b.pow(m)), "b {b} m {m}");
                    assert_eq!(ab.leaves, u64::from(b.pow(m.div_ceil(2)) + b.pow(m / 2) - 1), "b {b} m {m}");
                    let reversed = compare(&worst, &0, prune, None, &Limits::none(), false);
                    assert_eq!(Visits::of(&reversed.alpha_beta.stats).leaves, u64::from(b.pow(m)), "b {b} m {m}");
                    let value = |c: &Comparison<usize>| c.minimax.decision().unwrap().value;
                    assert_eq!(value(&ordered), ordered.alpha_beta.decision().unwrap().value);
                    assert_eq!(value(&reversed), reversed.alpha_beta.decision().unwrap().value);
                }
            }
        }
    }
}
