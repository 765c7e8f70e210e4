//! `--any`: a portfolio of searches that looks for any solution, as a table of parts, each
//! with its share of the time.
//!
//! ```text
//!            ┌ race (1/12 of the time; 5 s with no time limit), on both cores:
//!            │    features search ‖ all-advisor search, both weighing room links
//! portfolio ─┤    (a solution, a proof of none or a stop other than the time ends it)
//!            └ lanes (the time left), on both cores:
//!                 lane 1: features search, without room links, all the time
//!                 lane 2: the steps, in turn, each for its share:
//!                         sinks 0.65 → split 0.1 → parking 0.15 → all-advisor search 0.1
//! ```
//!
//! * A **cycling search** ([`cycling_search`]) is core's
//!   [`delve_core::informed::weighted_cycling`] over FESS's feature cells,
//!   guided by a [`Strategy`] given whole when the problem is made: the advisors, room links,
//!   how far packing macros reach, and the route of a sink plan.
//! * A **[`Budget`]** is the time and expansions a part may spend; parts in a table get
//!   their share of the time left divided by the shares still to come, so a part that ends
//!   early leaves its time to the next ([`in_turn`]), and the shares of each table sum to 1.
//! * One **[`Tally`]** merges the statistics of every search the portfolio ran.
//! * **Every search reports to the caller's observer** (through a lock, so both cores'
//!   searches can), and every search stops on a Ctrl-C.
//! * Two parts run side by side, one a core: a solution in one stops the other.
//!
//! The steps (the [`steps`] module) look for a solution in other ways than one long search:
//! sink plans followed as routes, a search from each first push, and parking plans.

pub mod budget;
pub mod steps;

pub use budget::{Budget, Tally};

use crate::fess::strategy::{Advisors, Packing, Strategy};
use crate::rules::board::Board;
use crate::rules::level::Level;
use crate::rules::size::Size;
use crate::search::layout::lay_out;
use crate::search::problem::SokobanProblem;
use crate::search::settings::Settings;
use crate::search::state::{Cost, Push, State};
use delve_core::informed::{Move, weighted_cycling};
use delve_core::{Control, Event, Limits, Live, Observer, Outcome, SearchResult, StopReason};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How a part of the portfolio ended, when it ends its table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A solution, as LURD (not yet replayed on the level).
    Solved(String),
    /// A complete search proved that there is none (with macros: see `solve`).
    NoSolution,
    /// A limit, Ctrl-C or the observer stopped it.
    Stopped(StopReason),
}

impl Ending {
    /// The ending of a search on `problem`, its solution laid out as LURD.
    pub(crate) fn of<Z: Size>(problem: &SokobanProblem<Z>, result: &SearchResult<State<Z>, Push<Z>, Cost>) -> Ending {
        match &result.outcome {
            Outcome::Solved(solution) => Ending::Solved(lay_out(problem, &problem.unfold(solution))),
            Outcome::NoSolution => Ending::NoSolution,
            Outcome::Stopped { reason, .. } => Ending::Stopped(*reason),
        }
    }
    /// Whether it ends the race: anything but running out of time (the lanes then go on).
    fn is_final(&self) -> bool {
        !matches!(self, Ending::Stopped(StopReason::Timeout))
    }
}

/// One part of a table: its name, its share of the table's time, and what it runs with its
/// budget (its searches' counts going to the tally). `None`: it gave up, the next part runs.
pub struct Part<'a> {
    /// What the part is, for readers of the table.
    pub name: &'static str,
    /// Its share of the table's time (the shares of a table sum to 1).
    pub share: f64,
    /// The part itself.
    pub run: Run<'a>,
}

/// What a [`Part`] runs: with its budget, its searches' counts going to the tally.
pub type Run<'a> = &'a (dyn Fn(&Budget, &mut Tally) -> Option<Ending> + Sync);

/// Runs `parts` in turn until one returns an ending: each gets its share of the time left
/// divided by the shares still to come (the last one all that is left), so time a part does
/// not use goes to the next. Stops when the budget is spent.
pub fn in_turn(parts: &[Part<'_>], budget: &Budget, tally: &mut Tally) -> Option<Ending> {
    for (i, part) in parts.iter().enumerate() {
        if budget.spent() {
            return None;
        }
        let to_come: f64 = parts[i..].iter().map(|p| p.share).sum();
        let mine = if to_come > 0.0 { part.share / to_come } else { 1.0 };
        if let Some(ending) = (part.run)(&budget.share(mine, None), tally) {
            return Some(ending);
        }
    }
    None
}

/// The strategy of the search advised by the feature advisors: packing macros to
/// [`WIDE_PACKING`] goals a room on levels of several goal rooms.
pub fn features<Z: Size>() -> Strategy<Z> {
    Strategy::new(Advisors::Features).packing(Packing::WideWithSeveralRooms(WIDE_PACKING))
}

/// The strategy of the search advised by all the advisors: packing macros always to
/// [`WIDE_PACKING`] goals a room. Either set of advisors leads some levels astray that the
/// other solves, so the two together solve more than either alone.
pub fn all_advisors<Z: Size>() -> Strategy<Z> {
    Strategy::new(Advisors::All).packing(Packing::Wide(WIDE_PACKING))
}

/// How many goals a room the packing macros may carry a box to, when they go wide
/// ([`Packing::Wide`]).
pub const WIDE_PACKING: usize = 8;

/// The race's share of the time; the lanes get the rest. Room links help short searches
/// find more solutions but mislead some long ones, so only the race weighs them.
const RACE_SHARE: f64 = 1.0 / 12.0;
const _: () = assert!(RACE_SHARE > 0.0 && RACE_SHARE < 1.0, "the lanes get the rest");
/// The race's time without a time limit.
const RACE_TIME: Duration = Duration::from_secs(5);

/// The portfolio on `board` (from `level`), under `limits`, every search reporting to
/// `observer`; the counts of all its searches go to `tally`.
pub fn portfolio<Z: Size, O: Observer<State<Z>, Cost> + Send>(
    level: &Level,
    board: &Board<Z>,
    limits: &Limits,
    observer: O,
    tally: &mut Tally,
) -> Ending {
    let observer = &Mutex::new(observer);
    let budget = Budget::new(limits);
    let race = |budget: &Budget, tally: &mut Tally| Some(race(board, budget, observer, tally)).filter(Ending::is_final);
    let lanes = |budget: &Budget, tally: &mut Tally| Some(lanes(level, board, budget, observer, tally));
    let table = [
        Part { name: "race", share: RACE_SHARE, run: &race },
        Part { name: "lanes", share: 1.0 - RACE_SHARE, run: &lanes },
    ];
    let ending = match budget.left() {
        Some(_) => in_turn(&table, &budget, tally),
        // With no time limit the race has its own, and the lanes all the time after it.
        None => race(&budget.within(Some(RACE_TIME)), tally).or_else(|| lanes(&budget, tally)),
    };
    ending.unwrap_or_else(|| Ending::Stopped(stop_reason(&budget)))
}

/// The race, on both cores: the feature-advisor and the all-advisor searches, both weighing
/// room links ([`side_by_side`]).
pub(crate) fn race<Z: Size, O: Observer<State<Z>, Cost> + Send>(
    board: &Board<Z>,
    budget: &Budget,
    observer: &Mutex<O>,
    tally: &mut Tally,
) -> Ending {
    side_by_side(
        budget,
        tally,
        |ours, tally| search(board, features(), ours, observer, tally),
        |ours, tally| search(board, all_advisors(), ours, observer, tally),
    )
}

/// The lanes, on both cores ([`side_by_side`]): the feature-advisor search without room
/// links for all the time on one; the steps, then the all-advisor search, on the other
/// ([`steps::lane`]). Running them side by side, rather than the steps first on both cores,
/// lets the long search start at once: some levels need a long search of it and nothing else.
pub(crate) fn lanes<Z: Size, O: Observer<State<Z>, Cost> + Send>(
    level: &Level,
    board: &Board<Z>,
    budget: &Budget,
    observer: &Mutex<O>,
    tally: &mut Tally,
) -> Ending {
    side_by_side(
        budget,
        tally,
        |ours, tally| search(board, features().room_links(false), ours, observer, tally),
        |ours, tally| steps::lane(level, board, ours, observer, tally),
    )
}

/// Why a budget ended with nothing found: Ctrl-C, or else the time.
pub(crate) fn stop_reason(budget: &Budget) -> StopReason {
    match budget.limits().cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
        true => StopReason::Cancelled,
        false => StopReason::Timeout,
    }
}

/// One cycling search (the `features` module's cells, core's
/// [`delve_core::informed::weighted_cycling`]) on `board`, guided by
/// `strategy`, with `--any`'s settings. Public so that tools can study each search on its
/// own; the portfolio runs several. Returns the problem it searched (to unfold and lay out a
/// solution) and the search's result.
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_sokoban::any::{cycling_search, features};
/// use delve_sokoban::{Board, Level};
/// let level = Level::parse("#######\n#@ $ .#\n#######\n").unwrap();
/// let board = Board::new(&level, false).unwrap();
/// let (_, result) = cycling_search(&board, features(), &Limits::none(), NoObserver);
/// assert!(result.solution().is_some());
/// ```
pub fn cycling_search<Z: Size, O: Observer<State<Z>, Cost>>(
    board: &Board<Z>,
    strategy: Strategy<Z>,
    limits: &Limits,
    observer: O,
) -> (SokobanProblem<Z>, SearchResult<State<Z>, Push<Z>, Cost>) {
    let problem = SokobanProblem::with_strategy(board.clone(), Settings::any(), strategy);
    let cell = |s: &State<Z>| problem.feature_cell(s);
    let advise = |parent: &State<Z>, cell, moves: &[Move<'_, State<Z>, Cost>], weights: &mut [u32]| {
        problem.advise(parent, cell, moves, weights)
    };
    let result = weighted_cycling(&problem, cell, advise, limits, observer);
    (problem, result)
}

/// [`cycling_search`] within `budget`, reporting to the shared `observer`, its counts to
/// `tally`.
pub(crate) fn search<Z: Size, O: Observer<State<Z>, Cost> + Send>(
    board: &Board<Z>,
    strategy: Strategy<Z>,
    budget: &Budget,
    observer: &Mutex<O>,
    tally: &mut Tally,
) -> Ending {
    let (problem, result) = cycling_search(board, strategy, &budget.limits(), Relay(observer));
    tally.add(&result.stats);
    Ending::of(&problem, &result)
}

/// Passes a search's events on to an observer shared by every search of the portfolio.
pub(crate) struct Relay<'a, O>(&'a Mutex<O>);

impl<Z: Size, O: Observer<State<Z>, Cost>> Observer<State<Z>, Cost> for Relay<'_, O> {
    fn on_event(&mut self, event: &Event<'_, State<Z>, Cost>, live: &Live) -> Control {
        if !O::WATCHES {
            return Control::Continue;
        }
        // A poisoned lock means a search panicked; the others no longer report.
        self.0.lock().map_or(Control::Continue, |mut o| o.on_event(event, live))
    }
}

/// Runs `first` on this thread and `second` on another, each within `budget` with half its
/// memory limit and a stop flag of their own: a solution or a proof that there is none from
/// `first`, or a solution from `second`, stops the other, and a Ctrl-C stops both. A part
/// stopped by its own limits does not stop the other. Returns `first`'s ending, unless it
/// was stopped and `second` solved; the counts of both go to `tally`.
pub(crate) fn side_by_side<A, B>(budget: &Budget, tally: &mut Tally, first: A, second: B) -> Ending
where
    A: FnOnce(&Budget, &mut Tally) -> Ending,
    B: FnOnce(&Budget, &mut Tally) -> Ending + Send,
{
    let limits = budget.limits();
    let stop = Arc::new(AtomicBool::new(false));
    let mut ours = limits.clone();
    ours.cancel = Some(Arc::clone(&stop));
    ours.max_memory = limits.max_memory.map(|m| m / 2);
    let ours = budget.with_limits(ours);
    let (ours, stop) = (&ours, &stop);
    let (mine, (theirs, counts)) = std::thread::scope(|scope| {
        let helper = scope.spawn(move || {
            let mut tally = Tally::new();
            let theirs = second(ours, &mut tally);
            if matches!(theirs, Ending::Solved(_)) {
                stop.store(true, Ordering::Relaxed);
            }
            (theirs, tally.stats())
        });
        if let Some(user) = &limits.cancel {
            // Pass a Ctrl-C on to both parts; ends when both are over.
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    if user.load(Ordering::Relaxed) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
            });
        }
        let mine = first(ours, tally);
        if !matches!(mine, Ending::Stopped(_)) {
            stop.store(true, Ordering::Relaxed);
        }
        let theirs = helper.join().expect("the other part does not panic");
        stop.store(true, Ordering::Relaxed);
        (mine, theirs)
    });
    tally.add(&counts);
    match (mine, theirs) {
        (Ending::Stopped(_), theirs @ Ending::Solved(_)) => theirs,
        (mine, _) => mine,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::size::Small;
    use crate::solve::Lurd;
    use delve_core::{FnObserver, NoObserver};

    fn xsokoban(n: usize) -> (Level, Board) {
        let levels = crate::parse_collection(include_str!("../../data/xsokoban90.xsb")).unwrap();
        let level = levels[n - 1].clone();
        let board = Board::new(&level, false).unwrap();
        (level, board)
    }

    fn quiet() -> Mutex<NoObserver> {
        Mutex::new(NoObserver)
    }

    #[test]
    fn the_shares_of_each_table_sum_to_one() {
        let lane: f64 = steps::STEPS.iter().map(|&(_, share)| share).sum();
        assert!((lane - 1.0).abs() < 1e-9, "{lane}");
    }

    #[test]
    fn a_part_that_ends_early_leaves_its_time_to_the_next() {
        let limits = Limits::none().timeout(Duration::from_secs(100));
        let seen = Mutex::new(Vec::new());
        let give_up = |b: &Budget, _: &mut Tally| {
            seen.lock().unwrap().push(b.left().unwrap());
            None
        };
        let parts = [Part { name: "a", share: 0.25, run: &give_up }, Part { name: "b", share: 0.75, run: &give_up }];
        assert_eq!(in_turn(&parts, &Budget::new(&limits), &mut Tally::new()), None);
        let seen = seen.into_inner().unwrap();
        assert!(seen[0] <= Duration::from_secs(25) && seen[0] > Duration::from_secs(24), "{seen:?}");
        assert!(seen[1] > Duration::from_secs(99), "the last part gets all that is left: {seen:?}");
    }

    /// The all-advisor search always packs wide; the other one on levels of several rooms:
    /// XSokoban #18 has three goal rooms, #41 one.
    #[test]
    fn the_feature_search_packs_wide_on_levels_of_several_rooms() {
        let limits = Limits::none().max_expanded(1);
        for (n, rooms) in [(18, 3), (41, 1)] {
            let (_, board) = xsokoban(n);
            let (problem, _) = cycling_search(&board, features(), &limits, NoObserver);
            assert_eq!(problem.goal_rooms(), rooms, "level {n}");
            let wide = if rooms > 1 { WIDE_PACKING } else { 1 };
            assert_eq!(problem.packing_goals(), wide, "level {n}");
            let (problem, _) = cycling_search(&board, all_advisors(), &limits, NoObserver);
            assert_eq!(problem.packing_goals(), WIDE_PACKING, "level {n}");
        }
    }

    /// XSokoban #52 (two rooms): the feature-advisor search solves it within 30,000
    /// expansions when it weighs room links, and not without them.
    #[test]
    fn room_links_lead_the_race_through_the_rooms() {
        let (level, board) = xsokoban(52);
        let limits = Limits::none().max_expanded(30_000);
        let (problem, with) = cycling_search(&board, features(), &limits, NoObserver);
        let solution = with.solution().expect("solved with room links");
        let lurd = Lurd::checked(&level, lay_out(&problem, &problem.unfold(solution)), false).unwrap();
        assert!(lurd.pushes > 0);
        let (_, without) = cycling_search(&board, features().room_links(false), &limits, NoObserver);
        assert!(without.solution().is_none());
    }

    #[test]
    fn a_search_out_of_expansions_leaves_the_other_racing() {
        // XSokoban #89: neither search solves it in 3,000 expansions; each makes all of them,
        // the feature-advisor search (the faster) stopping first without ending the race.
        let (_, board) = xsokoban(89);
        let mut tally = Tally::new();
        let budget = Budget::new(&Limits::none().max_expanded(3_000));
        let ending = race(&board, &budget, &quiet(), &mut tally);
        assert_eq!(ending, Ending::Stopped(StopReason::NodeLimit));
        assert_eq!(tally.stats().expanded, 6_000);
    }

    #[test]
    fn a_step_that_solves_stops_the_first_lane() {
        // XSokoban #28: the feature-advisor search alone does not solve it in 700,000
        // expansions; the split step, in the second lane, solves it from its push up, and the
        // first lane stops long before its 700,000.
        let (level, board) = xsokoban(28);
        let mut tally = Tally::new();
        let budget = Budget::new(&Limits::none().max_expanded(700_000));
        let Ending::Solved(text) = lanes(&level, &board, &budget, &quiet(), &mut tally) else {
            panic!("a step solves #28")
        };
        assert!(Lurd::checked(&level, text, false).is_ok(), "the step's solution replays");
        assert!(tally.stats().expanded < 700_000, "{:?}", tally.stats());
    }

    #[test]
    fn a_ctrl_c_stops_both_lanes() {
        // Without a time limit, either lane alone would run on for minutes on XSokoban #89.
        let (level, board) = xsokoban(89);
        let limits = Limits { cancel: Some(Arc::new(AtomicBool::new(true))), ..Limits::none() };
        let ending = lanes(&level, &board, &Budget::new(&limits), &quiet(), &mut Tally::new());
        assert_eq!(ending, Ending::Stopped(StopReason::Cancelled));
    }

    #[test]
    fn the_observer_hears_from_every_search() {
        // XSokoban #89 is not solved in a second: the race's two searches start, then the
        // lanes' feature search and the second lane's steps and searches.
        let (level, board) = xsokoban(89);
        let mut starts = 0;
        let limits = Limits::none().timeout(Duration::from_secs(1));
        let watch = FnObserver(|event: &Event<'_, State<Small>, Cost>, _: &Live| {
            if matches!(event, Event::Start { .. }) {
                starts += 1;
            }
        });
        let ending = portfolio(&level, &board, &limits, watch, &mut Tally::new());
        assert_eq!(ending, Ending::Stopped(StopReason::Timeout));
        assert!(starts >= 4, "{starts} searches reported");
    }

    #[test]
    fn the_race_packs_a_goal_corridor_with_macros() {
        // Three goals in a dead-end corridor: each box is carried in by one macro of the
        // race, with as few pushes as the push-optimal search.
        let text = "#########\n#...    #\n####    #\n#  $$$  #\n#@      #\n#########\n";
        let level = Level::parse(text).unwrap();
        let board = Board::new(&level, false).unwrap();
        let optimal = crate::solve(&level, false, crate::Mode::Pushes, &Limits::none(), NoObserver).unwrap();
        let mut tally = Tally::new();
        let Ending::Solved(lurd) = race(&board, &Budget::new(&Limits::none()), &quiet(), &mut tally) else {
            panic!("solved")
        };
        assert_eq!(Lurd::checked(&level, lurd, false).unwrap().pushes, optimal.solution.unwrap().pushes);
        assert!(tally.stats().expanded < 10, "one expansion per box: {:?}", tally.stats());
    }
}
