//! A deadlock table learned from small sub-problems ([`Settings::deadlock_table`]).
//!
//! After a push, the pushed box and the boxes packed around it (8-neighbours, transitively,
//! at most `MAX_CLUSTER`) are searched alone: every other box taken off the board, the
//! player where the push left it. When no sequence of pushes brings all of them onto goals,
//! the position is dead, and so is every later position that holds the same boxes on the same
//! squares with the player in the same region of the emptied board: the pattern is kept (its
//! boxes and those player squares) and matched against every push that lands on one of its
//! squares.
//!
//! With [`Settings::table_when_expanded`] (as `--pushes` sets it), the search looks at learned
//! patterns as each push is made, but runs a new sub-problem search only when the position
//! the push made is expanded: a position reached again and again is searched around once,
//! and one left on the frontier when the search ends not at all (the position carries the
//! square of its last push for that).
//!
//! Why it never prunes a solvable position: taking boxes away only opens the player's way,
//! so the pushes of a solution that move the cluster's boxes, played alone, are legal and end
//! with all of them on goals (goals of their own, since no two boxes share one); a superset of
//! a dead pattern is dead for the same reason. The small search prunes only what such a
//! replay never visits (dead squares, freeze deadlocks among its own boxes).
//!
//! The small search is depth-first over (boxes, player region) and answers "alive" early:
//! as soon as every box stands on a goal, as soon as no two of its boxes touch any more
//! (8-neighbours; from then on they rarely hinder each other, and an answer of "alive" is
//! always safe), and when it has visited `BUDGET` positions. Only a search that runs out of
//! positions proves a pattern dead. Clusters found alive are remembered by their key. The
//! verdict does not depend on the order of the search (dead exactly when the positions it can
//! reach are at most `BUDGET` and none of them answers "alive"); depth first reaches an
//! "alive" position sooner than breadth first, so a live cluster costs less to clear.
//!
//! [`Settings::deadlock_table`]: crate::Settings::deadlock_table
//! [`Settings::table_when_expanded`]: crate::Settings::table_when_expanded

use crate::prune::deadlock::escapes;
use crate::rules::board::Board;
use crate::rules::size::{Size, Square, SquareSet};
use delve_core::hash::FxHashSet;

/// Most boxes in one sub-problem.
pub(crate) const MAX_CLUSTER: usize = 5;
const _: () = assert!(MAX_CLUSTER <= crate::prune::deadlock::MAX_LONE, "a cluster's boxes fit `LoneBoxes`");
/// Most positions one sub-problem search visits before it answers "alive".
pub(crate) const BUDGET: usize = 1000;
/// Most clusters remembered as alive before that memory is emptied.
const ALIVE_LIMIT: usize = 1 << 20;
/// Most dead patterns kept (more are not recorded).
const PATTERN_LIMIT: usize = 1 << 16;

/// A dead pattern: boxes on these squares, the player on one of `player`'s squares. Stored
/// inline (no pointer to follow), since every push scans the patterns of its square.
#[derive(Clone, Debug)]
struct Pattern<Z: Size> {
    player: Z::Set,
    /// The box squares: the first `len`.
    boxes: [Z::Sq; MAX_CLUSTER],
    len: Z::Sq,
}

/// The learned patterns and the clusters known to be alive.
#[derive(Debug, Default)]
pub(crate) struct DeadlockTable<Z: Size> {
    patterns: Vec<Pattern<Z>>,
    /// Per square: the patterns with a box on it.
    by_square: Vec<Vec<u32>>,
    /// Keys (Zobrist of the boxes and of the emptied board's player region, or of the
    /// player's exact square) of clusters whose search did not prove them dead.
    alive: FxHashSet<u64>,
}

impl<Z: Size> DeadlockTable<Z> {
    /// Whether a learned pattern with a box on `pushed` matches the position `at` with the
    /// player on `player` (no new sub-problem search: the cheap half of
    /// [`is_dead`](Self::is_dead)).
    pub(crate) fn is_known_dead(&self, at: &Z::Marks<Z::Sq>, pushed: Z::Sq, player: Z::Sq) -> bool {
        let matches =
            |p: &Pattern<Z>| p.player.has(player) && p.boxes[..p.len.ix()].iter().all(|&b| at[b.ix()] != Z::NONE);
        self.by_square.get(pushed.ix()).is_some_and(|ids| ids.iter().any(|&i| matches(&self.patterns[i as usize])))
    }

    /// Whether the position `at` (box index per square or [`Size::NONE`](crate::rules::size::Size::NONE); unordered boards only),
    /// just after a push left a box on `pushed` and the player on `player`, is dead by a
    /// learned pattern or by a new sub-problem search around `pushed`.
    pub(crate) fn is_dead(&mut self, board: &Board<Z>, at: &Z::Marks<Z::Sq>, pushed: Z::Sq, player: Z::Sq) -> bool {
        if self.by_square.is_empty() {
            self.by_square = vec![Vec::new(); board.floor()];
        }
        if self.is_known_dead(at, pushed, player) {
            return true;
        }
        let (squares, len) = cluster(board, at, pushed);
        let cluster = &squares[..len];
        if cluster.len() < 2 {
            return false;
        }
        // Alive clusters are remembered under two keys: with the player's region (its
        // top-left-most square) and with the exact square it stood on, which is looked up
        // first and spares the flood fill (the same push meets the same cluster again and
        // again). A square is in its own region, so both keys name the same verdict.
        let boxes = cluster.iter().fold(0, |k, &b| k ^ board.box_key(0, b));
        let exact = boxes ^ board.player_key(player);
        if self.alive.contains(&exact) {
            return false;
        }
        let mut alone = Z::marks(Z::NONE);
        for &b in cluster {
            alone[b.ix()] = Z::Sq::ZERO;
        }
        let (region, least) = board.region(player, &alone);
        let key = boxes ^ board.player_key(least);
        if self.alive.contains(&key) || gets_away(board, cluster, player) {
            if self.alive.len() + 2 > ALIVE_LIMIT {
                self.alive.clear();
            }
            self.alive.insert(key);
            self.alive.insert(exact);
            return false;
        }
        if self.patterns.len() < PATTERN_LIMIT {
            let id = self.patterns.len() as u32;
            for &b in cluster {
                self.by_square[b.ix()].push(id);
            }
            self.patterns.push(Pattern { player: region, boxes: squares, len: Z::Sq::of(len) });
        }
        true
    }
}

/// The boxes packed around `start` (8-neighbours, transitively), nearest first, at most
/// [`MAX_CLUSTER`], sorted by square: the first `len` squares of the array, and `len`.
fn cluster<Z: Size>(board: &Board<Z>, at: &Z::Marks<Z::Sq>, start: Z::Sq) -> ([Z::Sq; MAX_CLUSTER], usize) {
    let mut out = [Z::NONE; MAX_CLUSTER];
    out[0] = start;
    let (mut i, mut len) = (0, 1);
    while i < len && len < MAX_CLUSTER {
        let around = board.around(out[i]);
        i += 1;
        // Row by row: NW, N, NE, W, E, SW, S, SE (indices into the ring).
        for k in [7, 0, 1, 6, 2, 5, 4, 3] {
            let sq = around[k];
            if sq != Z::NONE && at[sq.ix()] != Z::NONE && !out[..len].contains(&sq) && len < MAX_CLUSTER {
                out[len] = sq;
                len += 1;
            }
        }
    }
    out[..len].sort_unstable();
    (out, len)
}

/// Whether two of `boxes` touch (8-neighbours).
fn touching<Z: Size>(board: &Board<Z>, boxes: &[Z::Sq]) -> bool {
    boxes.iter().enumerate().any(|(i, &a)| boxes[i + 1..].iter().any(|b| board.around(a).contains(b)))
}

/// Whether `boxes` alone on the board, the player on `player`, may still all reach goals
/// (or come apart, no two touching): `false` only when every position (within the pruning)
/// was searched without that.
fn gets_away<Z: Size>(board: &Board<Z>, boxes: &[Z::Sq], player: Z::Sq) -> bool {
    escapes(board, boxes, player, BUDGET, |boxes, _| !touching(board, boxes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::level::Level;

    /// The verdict after a push that left a box on `(row, col)` and the player on `player`.
    fn verdict(text: &str, pushed: (usize, usize), player: (usize, usize)) -> bool {
        let board = Board::as_drawn(text);
        let at = board.start_occupancy();
        let mut table = DeadlockTable::default();
        let (pushed, player) = (board.square_at(pushed.0, pushed.1), board.square_at(player.0, player.1));
        assert!(!table.is_known_dead(&at, pushed, player), "nothing learned yet");
        let dead = table.is_dead(&board, &at, pushed, player);
        // The second time, the answer comes from the table (a pattern or the alive keys);
        // a dead position was learned as a pattern, which the cheap test now finds.
        assert_eq!(table.is_dead(&board, &at, pushed, player), dead);
        assert_eq!(table.is_known_dead(&at, pushed, player), dead);
        dead
    }

    #[test]
    fn a_player_shut_in_by_two_boxes_is_dead() {
        // The player in the corner can push neither box (a wall behind each), and nothing
        // else can ever open the way: the optimal search proves the level unsolvable.
        let text = "######\n#@$#.#\n#$   #\n##   #\n#.   #\n######\n";
        assert!(verdict(text, (2, 1), (1, 1)));
        let level = Level::parse(text).unwrap();
        let solved =
            crate::solve(&level, false, crate::Mode::Optimal, &delve_core::Limits::none(), delve_core::NoObserver);
        assert_eq!(solved.unwrap().unsolved, Some(crate::Unsolved::NoSolution));
        // With goals under the boxes there is nothing left to do.
        assert!(!verdict("######\n#@*# #\n#*   #\n##   #\n#    #\n######\n", (2, 1), (1, 1)));
    }

    #[test]
    fn boxes_that_can_part_are_alive() {
        let text = "#########\n#       #\n#  $$ @ #\n#   ..  #\n#########\n";
        assert!(!verdict(text, (2, 4), (2, 5)));
        // A lone box is never searched.
        assert!(!verdict("#######\n#     #\n# $@. #\n#     #\n#######\n", (2, 2), (2, 3)));
    }
}
