//! Boxes frozen on goals act as walls ([`Settings::frozen_goals`]): a bipartite deadlock test.
//!
//! A box frozen on a goal (see the `deadlock` module: it can never move along either axis)
//! stays there for the rest of the game, so from then on it is a wall. The board's lone-box
//! distances, and with them the dead squares and the matching bound, are computed once with
//! the level's own walls: they miss a goal room whose entrance a frozen box closed, or a
//! passage it blocked. This test recomputes, per set of frozen goal boxes, which squares a
//! lone box can still be pushed from onto each free goal (pulling it back from the goal with
//! the frozen boxes as walls), and asks whether the other boxes can still be matched to
//! distinct free goals they reach.
//!
//! The pulls keep track of the player's side of the box: a pull needs the player to get
//! round the box to the square it pulls from. A goal behind a one-wide door that a frozen
//! box left as the only way in (XSokoban #11, packed from the wrong end) can then only be
//! filled from inside, where the player can no longer get: plain pulls, which let the player
//! stand anywhere, saw it reachable.
//!
//! Why it never prunes a solvable position: in a solution no frozen box moves, so every other
//! box ends on a goal of its own that is not under a frozen box, along pushes that never cross
//! a frozen box's square nor need the player there; played alone on the board with the frozen
//! boxes as walls, those pushes stay legal (other boxes only stand in the way). So each box
//! reaches its own free goal in the pulled sets, and the goals make a matching.
//!
//! [`Settings::frozen_goals`]: crate::Settings::frozen_goals

use crate::fess::rooms::BoxPaths;
use crate::prune::deadlock::{Boxes, is_frozen};
use crate::rules::board::Board;
use crate::rules::size::{Size, Square, SquareSet};
use delve_core::hash::FxHashMap;

/// Most frozen sets whose reach sets are kept before that memory is emptied.
const KNOWN_LIMIT: usize = 1 << 12;

/// The boxes of `at` that stand frozen on goals (a bit set of their squares).
pub(crate) fn frozen_on_goals<Z: Size>(
    board: &Board<Z>,
    at: &Z::Marks<Z::Sq>,
    boxes: impl Iterator<Item = Z::Sq>,
) -> Z::Set {
    let mut frozen = Z::Set::EMPTY;
    for b in boxes.filter(|&b| board.is_goal(b)) {
        if is_frozen(board, &Boxes { at: at.as_ref() }, b) {
            frozen.insert(b);
        }
    }
    frozen
}

/// What a set of boxes frozen on goals leaves: for each free goal, the squares from which a
/// lone box can be pushed onto it, the frozen boxes being walls; and all those squares.
#[derive(Debug)]
struct Reach<Z: Size> {
    goals: Vec<(Z::Sq, Z::Set)>,
    any: Z::Set,
}

/// The reach sets of the frozen sets met so far.
#[derive(Debug, Default)]
pub(crate) struct FrozenGoals<Z: Size> {
    known: FxHashMap<Z::Set, Reach<Z>>,
}

impl<Z: Size> FrozenGoals<Z> {
    /// Whether the position just after a push left a box on `pushed`, with the boxes on
    /// `boxes` (unordered) and those on the squares of `frozen` never moving again, is dead:
    /// the pushed box reaches no free goal, or, when the push froze it (`froze`: `frozen`
    /// then grew), the boxes can no longer all be matched to distinct free goals they reach.
    /// The matching is left out after the other pushes, which are many (it costs a few
    /// microseconds, as much as an expansion of a push-optimal search).
    pub(crate) fn is_dead(
        &mut self,
        board: &Board<Z>,
        (boxes, pushed, froze): (impl Iterator<Item = Z::Sq>, Z::Sq, bool),
        frozen: &Z::Set,
    ) -> bool {
        if *frozen == Z::Set::EMPTY {
            return false;
        }
        if self.known.len() >= KNOWN_LIMIT && !self.known.contains_key(frozen) {
            self.known.clear();
        }
        let reach = self.known.entry(*frozen).or_insert_with(|| reach_sets(board, frozen));
        if !frozen.has(pushed) && !reach.any.has(pushed) {
            return true;
        }
        froze && {
            let free: Vec<Z::Sq> = boxes.filter(|&b| !frozen.has(b)).collect();
            !matches_all::<Z>(&free, &reach.goals)
        }
    }
}

/// For each goal not in `frozen`, the squares from which a lone box can be pushed onto it
/// with the squares of `frozen` as walls: pulls from the goal over (box square, player's
/// side), where the player on one side of the box pulls it from another side he can walk to
/// round it, and a pull from `t` to `b` needs `b` and the player's square beyond it free.
fn reach_sets<Z: Size>(board: &Board<Z>, frozen: &Z::Set) -> Reach<Z> {
    let open = |s: Z::Sq| s != Z::NONE && !frozen.has(s);
    let mut at = Z::marks(Z::NONE);
    for s in frozen.squares::<Z::Sq>() {
        at[s.ix()] = Z::Sq::ZERO;
    }
    let mut stack = Vec::new();
    // Per (square, side): the player next to the box there, on that side.
    let mut seen = vec![false; 4 * board.floor()];
    let goals = board.goals().iter().copied().filter(|&g| !frozen.has(g));
    let goals: Vec<(Z::Sq, Z::Set)> = goals
        .map(|goal| {
            let paths = BoxPaths::new(board, &at, goal);
            seen.fill(false);
            let mut from = Z::Set::EMPTY;
            from.insert(goal);
            for d in (0..4).filter(|&d| open(board.next(goal, d))) {
                seen[4 * goal.ix() + d] = true;
                stack.push((goal, d));
            }
            while let Some((t, side)) = stack.pop() {
                let player = board.next(t, side);
                let wanted = std::array::from_fn(|d| open(board.next(t, d)));
                let round = paths.reached(board, &at, t, player, wanted);
                // Pull towards `d`: the player steps from the box's side `d` on away, the
                // box follows onto that side, and the player is then on its side `d`.
                for d in (0..4).filter(|&d| round[d]) {
                    let b = board.next(t, d);
                    if open(board.next(b, d)) && !seen[4 * b.ix() + d] {
                        seen[4 * b.ix() + d] = true;
                        from.insert(b);
                        stack.push((b, d));
                    }
                }
            }
            (goal, from)
        })
        .collect();
    let mut any = Z::Set::EMPTY;
    for (_, from) in &goals {
        any.add(from);
    }
    Reach { goals, any }
}

/// Whether every box of `boxes` gets a goal of its own among `reach` (goal, squares it is
/// reached from): Kuhn's augmenting paths.
pub(crate) fn matches_all<Z: Size>(boxes: &[Z::Sq], reach: &[(Z::Sq, Z::Set)]) -> bool {
    if boxes.len() > reach.len() {
        return false;
    }
    // owner[g]: the box (index into `boxes`) matched with goal g.
    let mut owner = vec![usize::MAX; reach.len()];
    for i in 0..boxes.len() {
        let mut tried = vec![false; reach.len()];
        if !augment::<Z>(i, boxes, reach, &mut owner, &mut tried) {
            return false;
        }
    }
    true
}

/// Finds a goal for box `i`, moving boxes already matched along an augmenting path.
fn augment<Z: Size>(
    i: usize,
    boxes: &[Z::Sq],
    reach: &[(Z::Sq, Z::Set)],
    owner: &mut [usize],
    tried: &mut [bool],
) -> bool {
    for (g, (_, from)) in reach.iter().enumerate() {
        if tried[g] || !from.has(boxes[i]) {
            continue;
        }
        tried[g] = true;
        if owner[g] == usize::MAX || augment::<Z>(owner[g], boxes, reach, owner, tried) {
            owner[g] = i;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::level::Level;

    /// Whether the start of `text` is dead by this test alone.
    fn dead(text: &str) -> bool {
        let board = Board::as_drawn(text);
        let at = board.start_occupancy();
        let boxes = || board.start_boxes().iter().copied();
        let frozen = frozen_on_goals(&board, &at, boxes());
        // As after a push that froze the first box on a goal (the full test).
        let pushed = boxes().find(|&b| frozen.has(b)).expect("a frozen box");
        FrozenGoals::default().is_dead(&board, (boxes(), pushed, true), &frozen)
    }

    #[test]
    fn boxes_frozen_on_goals_in_a_corridor_close_the_goal_beyond_them() {
        // Two boxes on goals side by side in a one-wide corridor never move again; the third
        // box can reach the goal past them only through their squares. Nothing else sees
        // it: no square is dead for the box, and the level's own distances match it.
        assert!(dead("##########\n#.  **$@ #\n##########\n"));
    }

    #[test]
    fn a_goal_only_the_player_inside_could_fill_is_out_of_reach() {
        // The box can come down the door into the bottom row, but then only from above: to
        // push it left onto the goal the player would have to stand right of it, in the
        // pocket he can only get to past the box. Pulls that let the player stand anywhere
        // pull the box from the goal right, then up the door, and find it alive.
        assert!(dead("######\n#*@ ##\n###$##\n### ##\n#.   #\n######\n"));
        // With a way round to the pocket, the player gets behind the box.
        assert!(!dead("######\n#*@  #\n###$ #\n###  #\n#.   #\n######\n"));
    }

    #[test]
    fn a_free_goal_on_the_open_side_keeps_the_position_alive() {
        let level = "##########\n#**  @$. #\n##########\n";
        let board = Board::as_drawn(level);
        let at = board.start_occupancy();
        let frozen = frozen_on_goals(&board, &at, board.start_boxes().iter().copied());
        assert_eq!(frozen.squares::<u8>().count(), 2, "both boxes on goals are frozen");
        assert!(!dead(level));
    }

    #[test]
    fn the_search_drops_the_push_that_freezes_a_pair_on_goals_across_the_corridor() {
        // Pushing the box right puts it on a goal beside a box on a goal: the pair is frozen
        // in the corridor, and the box in the room on the right can never get to the goal on
        // the left.
        use crate::search::problem::SokobanProblem;
        use crate::search::settings::Settings;
        use delve_core::Problem;
        let level =
            Level::parse("#############\n#.  @$.*    #\n#######  $  #\n      #     #\n      #######\n").unwrap();
        let children = |config| {
            let p = SokobanProblem::new(Board::new(&level, false).unwrap(), config);
            let mut out = Vec::new();
            p.expand(&p.initial_state(), &mut out);
            out.len()
        };
        assert_eq!(children(Settings::PLAIN), 1, "the only push, which nothing else prunes");
        assert_eq!(children(Settings { frozen_goals: true, ..Settings::PLAIN }), 0);
    }
}
