//! Corral deadlocks (for [`Mode::Pushes`](crate::Mode::Pushes) and [`Mode::Any`](crate::Mode::Any)): a position is dead when, for some
//! corral (empty squares the player cannot reach), the boxes around it can never all reach
//! goals even with every other box taken off the board.
//!
//! The test is a small search over pushes of the corral's boxes alone (the boxes next to its
//! squares), the rest of the board emptied. Why it never prunes a solvable position: taking
//! boxes away only helps the player, so the pushes of a solution that move these boxes,
//! played alone, are legal and end with all of them on goals; the small search prunes only
//! what that replay never visits (dead squares, freeze deadlocks among its own boxes). It
//! stops with "not dead" as soon as the player gets into the corral (then the corral no
//! longer confines anything) or the boxes all stand on goals, and also when it runs out of
//! its node budget (`BUDGET`): only a search that ends by exhausting every position proves
//! the corral dead. Results are cached per (boxes, player region).
//!
//! The stop when the player gets into the corral is only a shortcut: the argument above
//! holds for the whole search. With [`Settings::thorough_corrals`] (for
//! [`Mode::Any`](crate::Mode::Any)), a corral the quick search finds live is searched again
//! without the shortcut, with a smaller budget (`THOROUGH_BUDGET`); that also proves dead
//! the corrals whose boxes can let the player in but never all get home (for instance three
//! boxes above a goal room that shut each other in, which the quick search takes for live).
//! A corral still found live is then searched once more with the boxes next to its barrier
//! boxes taken on too (the argument holds for any set of boxes): without it, a barrier of two
//! boxes beside a corner square, wedged by a third box that is not next to the corral, is
//! taken for live, and the search keeps expanding such positions.
//!
//! A corral that holds an empty goal is also tested the other way round (`shut_out`): some
//! box must come in, so a barrier box must be pushed or the player get in; when neither can
//! ever happen, even with the boxes next to the barrier moving, the corral is dead, though its
//! barrier boxes all stand on goals (which the searches above take for home at once).
//!
//! [`Settings::thorough_corrals`]: crate::Settings::thorough_corrals

use crate::prune::corral::Corral;
use crate::prune::deadlock::{Lone, LoneBoxes, escapes, lone_pushes};
use crate::rules::board::Board;
use crate::rules::size::{Size, Square, SquareSet};
use delve_core::hash::{FxHashMap, FxHashSet};

/// Most positions one corral search may visit before it gives up (not dead).
pub(crate) const BUDGET: usize = 400;
/// Most positions the second, thorough corral search may visit (it does not stop when the
/// player gets into the corral, so it runs out of budget far more often).
pub(crate) const THOROUGH_BUDGET: usize = 100;
/// Most boxes a corral search takes on (more: not tested).
const MAX_CORRAL_BOXES: usize = 10;
const _: () = assert!(MAX_CORRAL_BOXES <= crate::prune::deadlock::MAX_LONE, "a corral search's boxes fit `LoneBoxes`");
/// Most cached results before the cache is emptied.
const CACHE_LIMIT: usize = 1 << 20;

/// Cached corral verdicts, keyed by the Zobrist key of the corral's boxes and the player's
/// top-left-most square.
#[derive(Debug, Default)]
pub(crate) struct CorralCache {
    dead: FxHashMap<u64, bool>,
    /// The verdicts of [`shut_out`], keyed by the boxes, the player and the barrier.
    shut: FxHashMap<u64, bool>,
}

/// Whether the position (`at`: box index per square or [`Size::NONE`](crate::rules::size::Size::NONE); `reach`: the player's
/// region) has a dead corral. Unordered boards only (callers skip ordered ones). The search
/// tests each corral with [`corral_is_dead`] in the one pass over the corrals it shares with
/// the PI-corral pruning. `thorough`: see [`corral_is_dead`].
#[cfg(test)]
pub(crate) fn corral_deadlock<Z: Size>(
    board: &Board<Z>,
    at: &Z::Marks<Z::Sq>,
    reach: &Z::Set,
    thorough: bool,
    cache: &mut CorralCache,
) -> bool {
    let player = reach.first();
    crate::prune::corral::for_each_corral(board, at, reach, |corral| {
        corral_is_dead(board, at, player, &corral, thorough, cache)
    })
}

/// Whether `corral` of a position (`at`: box index per square or [`Size::NONE`](crate::rules::size::Size::NONE); the player on
/// `player`, a square of its region) is dead. With `thorough`, a corral found live by the
/// quick search is searched again without the stop when the player gets into the corral
/// (then only when the boxes all stand on goals, or at [`THOROUGH_BUDGET`]), and then once
/// more with the boxes next to the barrier added ([`widened`]): more positions proved dead,
/// at more cost per corral.
pub(crate) fn corral_is_dead<Z: Size>(
    board: &Board<Z>,
    at: &Z::Marks<Z::Sq>,
    player: Z::Sq,
    corral: &Corral<'_, Z>,
    thorough: bool,
    cache: &mut CorralCache,
) -> bool {
    let unfinished = corral.has_goal || corral.barrier.iter().any(|&b| !board.is_goal(b));
    if !unfinished || corral.barrier.len() > MAX_CORRAL_BOXES {
        return false;
    }
    let mut squares = [Z::NONE; MAX_CORRAL_BOXES];
    let barrier = &mut squares[..corral.barrier.len()];
    barrier.copy_from_slice(corral.barrier);
    barrier.sort_unstable();
    if boxes_are_dead(board, barrier, player, corral, thorough, cache) {
        return true;
    }
    let mut wider = [Z::NONE; MAX_CORRAL_BOXES];
    let wide = if thorough { widened(board, at, barrier, &mut wider) } else { None };
    // A goal must get a box only when there are as many boxes as goals.
    let waits = corral.has_goal && board.start_boxes().len() == board.goals().len();
    if waits
        && [Some(&*barrier), wide].into_iter().flatten().any(|set| shut_out(board, set, barrier, player, corral, cache))
    {
        return true;
    }
    wide.is_some_and(|wide| boxes_are_dead(board, wide, player, corral, thorough, cache))
}

/// Whether the goals of `corral` can never get a box (cached): `boxes` (sorted; the barrier
/// and perhaps boxes next to it) alone on the board, the player on `player`, no push of a
/// barrier box is ever possible and the player never gets into the corral.
///
/// Why that proves the position dead (with as many boxes as goals): an empty goal in the
/// corral needs a box, which can only come in over a barrier square, so in a solution the player enters the corral or a barrier
/// box is pushed (out of the way or in); take the first time either happens. Until then the
/// barrier boxes stand still, and the pushes of the other boxes of `boxes`, played alone, are
/// legal (fewer boxes only open the player's way); so is that first push or entry, which
/// leaves no box frozen off its goal nor on a dead square (else the solution would fail).
/// The search prunes only such pushes. The all-on-goals stop of [`escapes`] is not used:
/// barrier boxes already on their goals shut a goal room as well as any (XSokoban #21).
fn shut_out<Z: Size>(
    board: &Board<Z>,
    boxes: &[Z::Sq],
    barrier: &[Z::Sq],
    player: Z::Sq,
    corral: &Corral<'_, Z>,
    cache: &mut CorralCache,
) -> bool {
    // Keyed by the boxes, the player, the barrier and the corral's first square.
    let key = boxes.iter().fold(board.player_key(player), |k, &b| k ^ board.box_key(0, b));
    let key = barrier.iter().fold(key.rotate_left(17), |k, &b| k ^ board.box_key(0, b).rotate_left(31));
    let key = key ^ board.player_key(corral.first).rotate_left(47);
    if let Some(&dead) = cache.shut.get(&key) {
        return dead;
    }
    let mut squares: Z::Set = Z::Set::EMPTY;
    for sq in (0..board.floor()).map(Z::Sq::of).filter(|&sq| corral.contains(sq)) {
        squares.insert(sq);
    }
    let mut seen: FxHashSet<(LoneBoxes<Z>, Z::Sq)> = FxHashSet::default();
    let mut stack: Vec<Lone<Z>> = vec![Lone::start(boxes, player)];
    let mut at = Z::marks(Z::NONE);
    let mut opened = false;
    while let Some(lone) = stack.pop() {
        let boxes = &lone.boxes;
        for &b in boxes.iter() {
            at[b.ix()] = Z::Sq::ZERO;
        }
        let (region, least) = lone.region(board, &at);
        opened = region.meets(&squares);
        if !opened && seen.insert((*boxes, least)) {
            // The player stands where the pushed box was: a barrier box was pushed.
            lone_pushes(
                board,
                boxes,
                &mut at,
                |p| region.has(p),
                |next, from, to| {
                    opened |= barrier.contains(&from);
                    stack.push(Lone::child(next, &region, from, to));
                },
            );
            opened |= seen.len() > THOROUGH_BUDGET;
        }
        for &b in boxes.iter() {
            at[b.ix()] = Z::NONE;
        }
        if opened {
            break;
        }
    }
    if cache.shut.len() >= CACHE_LIMIT {
        cache.shut.clear();
    }
    cache.shut.insert(key, !opened);
    !opened
}

/// The verdict of the searches of [`corral_is_dead`] for `boxes` (sorted), cached.
fn boxes_are_dead<Z: Size>(
    board: &Board<Z>,
    boxes: &[Z::Sq],
    player: Z::Sq,
    corral: &Corral<'_, Z>,
    thorough: bool,
    cache: &mut CorralCache,
) -> bool {
    let key = boxes.iter().fold(board.player_key(player), |k, &b| k ^ board.box_key(0, b));
    if let Some(&dead) = cache.dead.get(&key) {
        return dead;
    }
    let mut squares: Z::Set = Z::Set::EMPTY;
    for sq in (0..board.floor()).map(Z::Sq::of).filter(|&sq| corral.contains(sq)) {
        squares.insert(sq);
    }
    let dead = !leaves(board, boxes, player, BUDGET, &squares)
        || thorough && !leaves(board, boxes, player, THOROUGH_BUDGET, &Z::Set::EMPTY);
    if cache.dead.len() >= CACHE_LIMIT {
        cache.dead.clear();
    }
    cache.dead.insert(key, dead);
    dead
}

/// The barrier (sorted) and the boxes of `at` next to its boxes, sorted into `out`; `None`
/// when no box is next to the barrier or they would be more than [`MAX_CORRAL_BOXES`]. Any
/// set of boxes may be searched alone (the argument of the module documentation holds for
/// every set), and a box that wedges the barrier in (XSokoban #9: two barrier boxes and the
/// box in the corner between them, outside the corral) makes a dead set of a live barrier.
fn widened<'a, Z: Size>(
    board: &Board<Z>,
    at: &Z::Marks<Z::Sq>,
    barrier: &[Z::Sq],
    out: &'a mut [Z::Sq; MAX_CORRAL_BOXES],
) -> Option<&'a [Z::Sq]> {
    out[..barrier.len()].copy_from_slice(barrier);
    let mut len = barrier.len();
    for &b in barrier {
        for d in 0..4 {
            let n = board.next(b, d);
            if n == Z::NONE || at[n.ix()] == Z::NONE || out[..len].contains(&n) {
                continue;
            }
            if len == MAX_CORRAL_BOXES {
                return None;
            }
            out[len] = n;
            len += 1;
        }
    }
    let wide = &mut out[..len];
    wide.sort_unstable();
    (len > barrier.len()).then_some(&*wide)
}

/// Whether `boxes` alone on the board, the player on `player`, can be pushed until all stand
/// on goals or the player reaches a square of `corral`, or the search runs out of `budget`;
/// `false` only when every position was searched.
fn leaves<Z: Size>(board: &Board<Z>, boxes: &[Z::Sq], player: Z::Sq, budget: usize, corral: &Z::Set) -> bool {
    escapes(board, boxes, player, budget, |_, region| region.meets(corral))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::level::Level;
    use crate::rules::size::Small;

    fn verdict(text: &str) -> bool {
        verdict_of(text, false)
    }

    fn verdict_of(text: &str, thorough: bool) -> bool {
        let board = Board::as_drawn(text);
        let at = board.start_occupancy();
        let (region, _) = board.region(board.start_player(), &at);
        corral_deadlock(&board, &at, &region, thorough, &mut CorralCache::default())
    }

    #[test]
    fn a_box_that_seals_a_corral_for_good_is_dead() {
        // The box on (1, 4) is neither frozen nor on a dead square, and the bound matches
        // it to the goal on its left, but only the corral square (1, 5) would let the player
        // push it there: the position is dead, as the optimal search proves.
        let text = "#######\n#  .$ #\n#  @###\n## $ .#\n#######\n";
        assert!(verdict(text));
        let level = Level::parse(text).unwrap();
        let solved =
            crate::solve(&level, false, crate::Mode::Optimal, &delve_core::Limits::none(), delve_core::NoObserver);
        assert_eq!(solved.unwrap().unsolved, Some(crate::Unsolved::NoSolution));
    }

    #[test]
    fn a_thorough_search_follows_the_player_into_the_corral() {
        // A position of XSokoban #5: the boxes on (2, 11), (3, 11) and (5, 9) shut in the
        // corral left of them. Pushing (3, 11) left lets the player in, so the quick search
        // answers "not dead"; searched on, no push sequence brings the three home (the
        // whole level then has no solution, as `Mode::Any`'s proof search finds).
        let text = "#################\n#########   #####\n######### #$##@ #\n#########  $    #\n\
                    ######### ###   #\n#***.  ##$    ###\n#***.         ###\n#***.  ##      ##\n\
                    #########     ###\n#########      ##\n########### ## ##\n###########    ##\n\
                    #################\n";
        assert!(!verdict_of(text, false));
        assert!(verdict_of(text, true));
        let level = Level::parse(text).unwrap();
        let solved = crate::solve(&level, false, crate::Mode::Any, &delve_core::Limits::none(), delve_core::NoObserver);
        assert_eq!(solved.unwrap().unsolved, Some(crate::Unsolved::NoSolution));
    }

    #[test]
    fn a_box_that_wedges_the_barrier_in_makes_it_dead() {
        // The corral (1, 5) is shut by the boxes on (1, 4) and (2, 5). Alone, they let the
        // player in ((2, 5) pushed left) and then go home: live even for the thorough search
        // (checked with the third box on a goal). The box on (2, 4) wedges both in (XSokoban
        // #9): with it, no push is left.
        let text = "########\n#.  $ ##\n#.. $$ #\n#  @   #\n########\n";
        assert!(!verdict_of(&text.replace("#.. $$ #", "#.*  $ #"), true), "the third box elsewhere: live");
        assert!(!verdict_of(text, false));
        assert!(verdict_of(text, true));
        let level = Level::parse(text).unwrap();
        let solved = crate::solve(&level, false, crate::Mode::Any, &delve_core::Limits::none(), delve_core::NoObserver);
        assert_eq!(solved.unwrap().unsolved, Some(crate::Unsolved::NoSolution));
    }

    #[test]
    fn a_corral_the_player_can_open_is_alive() {
        // One push right puts the box on the corral's goal.
        assert!(!verdict("#######\n#   # #\n# @ $.#\n#   # #\n#######\n"));
        // With the goal in the corner above, the box would have to be pushed up from below,
        // a square only the box's own way leads to: dead.
        assert!(verdict("#######\n#   #.#\n# @ $ #\n#   # #\n#######\n"));
    }

    #[test]
    fn barrier_boxes_on_goals_can_still_shut_a_goal_in() {
        // A position of XSokoban #21 (its cycling search stalled on such): the goals (11, 12)
        // and (12, 12) can only be filled from above, by a push from (8, 12), which the player
        // reaches only through the corral; the boxes around are all on goals, so the search of
        // the barrier alone stops at once ("all home"), and only with the frozen box on
        // (10, 10) added (the widened set) is no barrier push left.
        let rows = [
            "#########",
            "#@      #",
            "#       ####",
            "## #### #  #",
            "## # ##    #",
            "#         $#",
            "#  # ##    #",
            "#  # ##    ####",
            "####      $#  #",
            " #   ## $ .***#",
            " # #   # #** *#",
            " #   # # ##*.*#",
            " #####    #*.*#",
            "     ##   #####",
            "      #####",
        ];
        let text = &(rows.join("\n") + "\n");
        let board = Board::as_drawn(text);
        let at = board.start_occupancy();
        let (region, player) = board.region(board.start_player(), &at);
        let mut cache = CorralCache::default();
        let before = crate::prune::corral::for_each_corral(&board, &at, &region, |corral| {
            let mut barrier = corral.barrier.to_vec();
            barrier.sort_unstable();
            let mut wider = [Small::NONE; MAX_CORRAL_BOXES];
            let wide = widened(&board, &at, &barrier, &mut wider).map(<[u8]>::to_vec);
            [Some(barrier), wide]
                .iter()
                .flatten()
                .any(|set| boxes_are_dead(&board, set, player, &corral, true, &mut cache))
        });
        assert!(!before, "the searches that stop when all boxes are home find every corral live");
        assert!(!verdict_of(text, false), "the barrier alone can be opened");
        assert!(verdict_of(text, true));
        // The level's start (same walls and goals): live.
        let start = [
            "#########",
            "#       #",
            "#       ####",
            "## #### #  #",
            "## #@##    #",
            "# $$$ $  $$#",
            "#  # ## $  #",
            "#  # ##  $ ####",
            "####  $$$ $#  #",
            " #   ##   ....#",
            " # #   # #.. .#",
            " #   # # ##...#",
            " ##### $  #...#",
            "     ##   #####",
            "      #####",
        ];
        assert!(!verdict_of(&(start.join("\n") + "\n"), true));
        let level = Level::parse(text).unwrap();
        let solved = crate::solve(&level, false, crate::Mode::Any, &delve_core::Limits::none(), delve_core::NoObserver);
        assert_eq!(solved.unwrap().unsolved, Some(crate::Unsolved::NoSolution));
    }
}
