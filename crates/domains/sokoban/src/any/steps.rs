//! The portfolio's second lane: steps that look for a solution in other ways than one long
//! search, each for its share of the lane's time, then the all-advisor search for the rest.
//!
//! | step | share | what it does |
//! | --- | --- | --- |
//! | sinks | 0.65 | sink plans (the `sinks` module) followed as routes by both searches |
//! | split | 0.1 | both searches from each first push, when there are two to four |
//! | parking | 0.15 | parking plans (the `parking` module): boxes parked, then pulled back in |
//! | search | 0.1 | the all-advisor search, without room links |
//!
//! A sink plan can take its searches a long way (XSokoban #88 is solved by the sink step after
//! about 28 s), so the sinks get about two thirds of the lane. Each step's searches are also
//! bounded by expansion counts: a count, unlike a slice of
//! time, does not shrink when the machine is busy, and a step that fails must leave time to
//! the others.

use super::{Budget, Ending, Part, Relay, Run, Tally, all_advisors, features, in_turn, search, stop_reason};
use crate::fess::features::Route;
use crate::fess::strategy::Strategy;
use crate::plans::parking;
use crate::plans::sinks::{self, SinkPlan};
use crate::rules::board::Board;
use crate::rules::level::Level;
use crate::rules::size::{Size, Square};
use crate::search::layout::{lay_out, lay_out_from};
use crate::search::problem::SokobanProblem;
use crate::search::state::{Cost, Push, State};
use delve_core::{Observer, Outcome, SearchResult, Stats};
use std::sync::Mutex;

/// The second lane: the steps in turn, then the all-advisor search (without room links) for
/// the time left.
pub(crate) fn lane<Z: Size, O: Observer<State<Z>, Cost> + Send>(
    level: &Level,
    board: &Board<Z>,
    budget: &Budget,
    observer: &Mutex<O>,
    tally: &mut Tally,
) -> Ending {
    let steps = Steps { level, board, observer };
    let sinks = |b: &Budget, t: &mut Tally| steps.sunk(b, t).map(Ending::Solved);
    let split = |b: &Budget, t: &mut Tally| steps.split(b, t).map(Ending::Solved);
    let parking = |b: &Budget, t: &mut Tally| steps.parked(b, t).map(Ending::Solved);
    let last = |b: &Budget, t: &mut Tally| Some(search(board, all_advisors().room_links(false), b, observer, t));
    let runs: [Run<'_>; 4] = [&sinks, &split, &parking, &last];
    let table = STEPS.into_iter().zip(runs).map(|((name, share), run)| Part { name, share, run });
    let table: Vec<Part<'_>> = table.collect();
    in_turn(&table, budget, tally).unwrap_or_else(|| Ending::Stopped(stop_reason(budget)))
}

/// The steps of the lane and their shares of its time, in order (the module docs say what
/// each does).
pub(crate) const STEPS: [(&str, f64); 4] =
    [("sinks", 0.65), ("split", 0.1), ("parking", 0.15), ("all-advisor search", 0.1)];

/// Most expansions of the sink step's search for a plan: plans that exist are found in a
/// few hundred or thousand expansions, so a small bound keeps a hopeless plan search cheap.
const SINK_PLAN_EXPANSIONS: u64 = 5_000;
/// Most expansions each search of the sink step's first round may make: enough for a search
/// following a good route, small enough to leave time for the other steps.
const SINK_EXPANSIONS: u64 = 150_000;
/// Most expansions each search of the sink step's second round may make: a shorter try of
/// each search's next plan.
const SINK_LATER_EXPANSIONS: u64 = 60_000;
/// The plan styles in the order the feature-advisor search follows them.
const FIRST_STYLES: [sinks::Style; 3] = [sinks::Style::Festival, sinks::Style::Nearest, sinks::Style::Reached];
/// The plan styles in the order the all-advisor search follows them. Each style leads a
/// different search to levels the others miss, so the two start from different styles.
const SECOND_STYLES: [sinks::Style; 3] = [sinks::Style::Reached, sinks::Style::Nearest, sinks::Style::Festival];

/// Pull searches the parking step runs at most (seeds 0, 1, …), each for a parking plan.
const PLANS: u64 = 8;
/// Each plan's first part may take this part of the parking step's time (at most what is
/// left of it).
const PLAN_SLICE: f64 = 0.5;
/// Most expansions each search of a plan's first part may make: a plan's first part is
/// either solved well within this count or not at all in a much longer search.
const PLAN_EXPANSIONS: u64 = 250_000;

/// The split step runs only from a start with at most this many first pushes.
const SPLIT_CHILDREN: usize = 4;
/// Most expansions each search of the split step may make from one first push. A level the
/// step helps is solved quickly from the right first push; where it fails, the all-advisor
/// search after the steps waits, so the count is kept small.
const SPLIT_EXPANSIONS: u64 = 20_000;

/// What every step works on.
struct Steps<'a, O, Z: Size> {
    level: &'a Level,
    board: &'a Board<Z>,
    observer: &'a Mutex<O>,
}

impl<Z: Size, O: Observer<State<Z>, Cost> + Send> Steps<'_, O, Z> {
    /// The feature-advisor search, then, unless it found a solution, proved there is none or
    /// was stopped by a Ctrl-C, the all-advisor search, on `board` (without room links,
    /// following `routes` when given), each with half the time (the second also what the
    /// first left) and the budget's expansions. Returns the one that solved, else the first;
    /// the counts of both go to `tally`.
    fn both(
        &self,
        board: &Board<Z>,
        budget: &Budget,
        routes: [Option<Route<Z>>; 2],
        tally: &mut Tally,
    ) -> (SokobanProblem<Z>, SearchResult<State<Z>, Push<Z>, Cost>) {
        let [first_route, second_route] = routes;
        let run = |strategy: Strategy<Z>, budget: &Budget, tally: &mut Tally| {
            let (problem, result) =
                super::cycling_search(board, strategy.room_links(false), &budget.limits(), Relay(self.observer));
            tally.add(&result.stats);
            (problem, result)
        };
        let first = run(features().route(first_route), &budget.share(0.5, None), tally);
        if !matches!(first.1.outcome, Outcome::Stopped { .. }) || budget.spent() {
            return first;
        }
        let second = run(all_advisors().route(second_route), budget, tally);
        if matches!(second.1.outcome, Outcome::Solved(_)) { second } else { first }
    }

    /// [`both`](Self::both) on `board` (a part of the level, see [`Board::redrawn`]), unless
    /// it is hopeless: the problem it searched and its solution's pushes.
    fn solve_part(
        &self,
        board: &Board<Z>,
        budget: &Budget,
        tally: &mut Tally,
    ) -> Option<(SokobanProblem<Z>, Vec<Push<Z>>)> {
        if board.hopeless().is_some() {
            return None;
        }
        let (problem, result) = self.both(board, budget, [None, None], tally);
        let Outcome::Solved(solution) = result.outcome else { return None };
        let pushes = problem.unfold(&solution);
        Some((problem, pushes))
    }

    /// The sink step: sink plans (boxes pulled from the solved position until each has sunk
    /// on a start square of a box, after Festival's base search), one in each
    /// [`Style`](sinks::Style), each made when a search first asks for it and kept when some
    /// box waits on its way ([`SinkPlan::waits`]). Then at most two rounds of [`both`]
    /// searches, each following a plan's route in its packing feature: the first round with
    /// each search on its first plan ([`FIRST_STYLES`], [`SECOND_STYLES`]), the second,
    /// shorter, on its next plan not yet followed, until one is solved.
    ///
    /// [`both`]: Self::both
    fn sunk(&self, budget: &Budget, tally: &mut Tally) -> Option<String> {
        let board = self.board;
        // Each style's plan, made when a search first needs it (`None` until then).
        let mut plans: [Option<Option<SinkPlan<Z>>>; 3] = [None, None, None];
        let mut followed: [Vec<SinkPlan<Z>>; 2] = [Vec::new(), Vec::new()];
        for round in 0..2 {
            let mut routes = Vec::new();
            for (search, styles) in [FIRST_STYLES, SECOND_STYLES].into_iter().enumerate() {
                let Some(plan) = next_plan(board, styles, &mut plans, &followed[search], budget, tally) else { break };
                routes.push(plan.route(board));
                followed[search].push(plan);
            }
            if routes.len() < 2 || budget.spent() {
                return None;
            }
            let expansions = if round == 0 { SINK_EXPANSIONS } else { SINK_LATER_EXPANSIONS };
            let second = routes.pop();
            let first = routes.pop();
            let (problem, result) = self.both(board, &budget.expansions(expansions), [first, second], tally);
            if let Outcome::Solved(solution) = result.outcome {
                return Some(lay_out(&problem, &problem.unfold(&solution)));
            }
        }
        None
    }

    /// The split step: when the start has two to [`SPLIT_CHILDREN`] first pushes (macros
    /// included), [`both`](Self::both) searches from each of them in turn, each for an even
    /// part of the time and at most [`SPLIT_EXPANSIONS`] expansions a search. From the start,
    /// the cycling searches keep coming back to the subtree their advisors and bound favour,
    /// and when that one leads nowhere the others starve; here each first push gets its own
    /// searches. Returns the first push's LURD followed by the searches'.
    fn split(&self, budget: &Budget, tally: &mut Tally) -> Option<String> {
        let problem = SokobanProblem::new(self.board.clone(), crate::search::settings::Settings::any());
        let mut children = Vec::new();
        delve_core::Problem::expand(&problem, &delve_core::Problem::initial_state(&problem), &mut children);
        if !(2..=SPLIT_CHILDREN).contains(&children.len()) {
            return None;
        }
        let each = budget.left().map(|t| t / children.len() as u32);
        for child in &children {
            if budget.spent() {
                return None;
            }
            let slice = budget.within(each).expansions(SPLIT_EXPANSIONS);
            if let Some(text) = self.after_first_push(&problem, child.action, &slice, tally) {
                return Some(text);
            }
        }
        None
    }

    /// [`both`](Self::both) searches from the position after `first` (a push or macro from
    /// the start of `problem`), and when they solve it, `first`'s LURD followed by theirs.
    fn after_first_push(
        &self,
        problem: &SokobanProblem<Z>,
        first: Push<Z>,
        budget: &Budget,
        tally: &mut Tally,
    ) -> Option<String> {
        let board = self.board;
        let (mut at, mut player) = (board.start_occupancy(), board.start_player());
        let mut text = String::new();
        lay_out_from(problem, &mut at, &mut player, &[first], &mut text);
        let boxes: Vec<Z::Sq> = (0..board.floor()).map(Z::Sq::of).filter(|&s| at[s.ix()] != Z::NONE).collect();
        let child = Board::build(&board.redrawn(self.level, &boxes, player, board.goals())?, false).ok()?;
        let (problem, pushes) = self.solve_part(&child, budget, tally)?;
        text.push_str(&lay_out(&problem, &pushes));
        Some(text)
    }

    /// The parking step: parking plans (pull searches from the solved position to one with
    /// every goal empty, seeds 0 to [`PLANS`]` - 1`), and for each new one [`both`] searches
    /// on the level whose goals are its parking squares, until one is solved. Returns their
    /// LURD followed by the plan's pulls played back as pushes.
    ///
    /// [`both`]: Self::both
    fn parked(&self, budget: &Budget, tally: &mut Tally) -> Option<String> {
        let mut tried: Vec<Vec<Z::Sq>> = Vec::new();
        let planner = parking::Planner::new(self.board);
        let each = budget.left().map(|t| t.mul_f64(PLAN_SLICE));
        for seed in 0..PLANS {
            if budget.spent() {
                return None;
            }
            let (plan, counts) = planner.plan(seed, &budget.limits());
            tally.add(&counts);
            let Some(plan) = plan.filter(|plan| !tried.contains(&plan.bases)) else { continue };
            tried.push(plan.bases.clone());
            let part = budget.within(each).expansions(PLAN_EXPANSIONS);
            if let Some(text) = self.first_part(&plan, &part, tally) {
                return Some(text);
            }
        }
        None
    }

    /// [`both`](Self::both) searches on the level whose goals are `plan`'s parking squares,
    /// and when they solve it, their LURD followed by the plan's pulls played back as pushes.
    fn first_part(&self, plan: &parking::Plan<Z>, budget: &Budget, tally: &mut Tally) -> Option<String> {
        let board = self.board;
        let level = board.redrawn(self.level, board.start_boxes(), board.start_player(), &plan.bases)?;
        let first = Board::build(&level, false).ok()?;
        // The same floor and squares: only the goals moved.
        (first.floor() == board.floor()).then_some(())?;
        let (problem, pushes) = self.solve_part(&first, budget, tally)?;
        let back = plan
            .pulls
            .iter()
            .rev()
            .map(|&(from, to)| first.direction(to, from).map(|d| Push { from: to, dir: d as u8, to: from }))
            .collect::<Option<Vec<Push<Z>>>>()?;
        let (mut at, mut player) = (first.start_occupancy(), first.start_player());
        let mut text = String::new();
        lay_out_from(&problem, &mut at, &mut player, &pushes, &mut text);
        lay_out_from(&problem, &mut at, &mut player, &back, &mut text);
        Some(text)
    }
}

/// The sink step's next plan for a search: the first, in `styles`' order, that the search
/// has not `followed` yet and in which some box waits. Each style's plan is made the first
/// time a search asks for it and kept in `plans` (by the style's place in
/// [`sinks::Style`]), within `budget` and [`SINK_PLAN_EXPANSIONS`], its expansions counted in
/// `tally`.
fn next_plan<Z: Size>(
    board: &Board<Z>,
    styles: [sinks::Style; 3],
    plans: &mut [Option<Option<SinkPlan<Z>>>; 3],
    followed: &[SinkPlan<Z>],
    budget: &Budget,
    tally: &mut Tally,
) -> Option<SinkPlan<Z>> {
    for style in styles {
        if budget.spent() {
            return None;
        }
        let plan = plans[style as usize].get_or_insert_with(|| {
            let (plan, counts): (Option<SinkPlan<Z>>, Stats) =
                sinks::sink_plan(board, style, &budget.expansions(SINK_PLAN_EXPANSIONS).limits());
            tally.add(&counts);
            plan.filter(SinkPlan::waits)
        });
        if let Some(plan) = plan.as_ref().filter(|plan| !followed.contains(plan)) {
            return Some(plan.clone());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::size::Small;
    use crate::solve::Lurd;
    use delve_core::{Limits, NoObserver};
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    fn collection(text: &str, n: usize) -> (Level, Board) {
        let level = crate::parse_collection(text).unwrap()[n - 1].clone();
        let board = Board::new(&level, false).unwrap();
        (level, board)
    }

    fn xsokoban(n: usize) -> (Level, Board) {
        collection(include_str!("../../data/xsokoban90.xsb"), n)
    }

    fn parse(text: &str) -> (Level, Board) {
        let level = Level::parse(text).unwrap();
        let board = Board::new(&level, false).unwrap();
        (level, board)
    }

    fn quiet() -> Mutex<NoObserver> {
        Mutex::new(NoObserver)
    }

    /// Runs `step` of the steps on `level`/`board` within `limits`: its LURD and counts.
    fn run(
        (level, board): &(Level, Board),
        limits: &Limits,
        step: impl Fn(&Steps<'_, NoObserver, Small>, &Budget, &mut Tally) -> Option<String>,
    ) -> (Option<String>, delve_core::Stats) {
        let quiet = quiet();
        let steps = Steps { level, board, observer: &quiet };
        let mut tally = Tally::new();
        let text = step(&steps, &Budget::new(limits), &mut tally);
        (text, tally.stats())
    }

    #[test]
    fn the_sink_step_follows_its_plans_route_to_a_solution() {
        // Microban #3: its sink plan has two boxes wait on their way to the goals.
        let microban = collection(include_str!("../../data/microban.xsb"), 3);
        let (solution, stats) = run(&microban, &Limits::none(), |s, b, t| s.sunk(b, t));
        Lurd::checked(&microban.0, solution.expect("solved"), false).expect("the solution replays");
        assert!(stats.expanded > 0, "the plan's and the searches' expansions are counted");
        // Boxes that go straight to the goals: the plan is not followed.
        let straight = parse("#########\n#   #   #\n# .   $ #\n# . # $ #\n#   #  @#\n#########\n");
        let (plan, _) = sinks::sink_plan(&straight.1, sinks::Style::Festival, &Limits::none().max_expanded(1_000));
        assert!(plan.is_some_and(|plan| !plan.waits()));
        assert_eq!(run(&straight, &Limits::none(), |s, b, t| s.sunk(b, t)).0, None);
    }

    #[test]
    fn both_searches_run_the_second_only_when_the_first_stops() {
        // XSokoban #89 at 3,000 expansions a search: neither solves it, so both run.
        let (level, board) = xsokoban(89);
        let quiet = quiet();
        let steps = Steps { level: &level, board: &board, observer: &quiet };
        let mut tally = Tally::new();
        let budget = Budget::new(&Limits::none().max_expanded(3_000));
        let (_, result) = steps.both(&board, &budget, [None, None], &mut tally);
        assert!(result.solution().is_none());
        assert_eq!(tally.stats().expanded, 6_000);
        // A corridor the first search solves: the second never starts.
        let (level, board) = parse("#######\n#@$  .#\n#######\n");
        let steps = Steps { level: &level, board: &board, observer: &quiet };
        let (_, alone) =
            super::super::cycling_search(&board, features().room_links(false), &Limits::none(), NoObserver);
        let mut tally = Tally::new();
        let (_, result) = steps.both(&board, &Budget::new(&Limits::none()), [None, None], &mut tally);
        assert!(result.solution().is_some());
        assert_eq!(tally.stats().expanded, alone.stats.expanded);
    }

    #[test]
    fn the_sink_step_solves_xsokoban_18_50_and_69() {
        // Levels the sink step exists for: #18 needs plans made by Festival's base search,
        // #50 Festival's plan style, and #69 the reached-first plan of the second search.
        for (n, least) in [(18, 100), (50, 300), (69, 200)] {
            let level = xsokoban(n);
            let (solution, _) = run(&level, &Limits::none(), |s, b, t| s.sunk(b, t));
            let solution = solution.unwrap_or_else(|| panic!("#{n} not solved"));
            let checked = Lurd::checked(&level.0, solution, false).expect("the solution replays");
            assert!(checked.pushes > least, "#{n}: {} pushes", checked.pushes);
        }
    }

    /// The split step searches from each first push and puts the first push's LURD in front:
    /// here the player can push either box first, and whichever search wins, the whole
    /// solution replays on the level. A start with no first push to split between is left
    /// alone.
    #[test]
    fn the_split_step_solves_from_a_first_push() {
        let two = parse("########\n#@$  . #\n# $    #\n#.     #\n########\n");
        let (solution, stats) = run(&two, &Limits::none(), |s, b, t| s.split(b, t));
        let solution = solution.expect("both first pushes can be solved on");
        assert!(stats.expanded > 0);
        assert!(solution.starts_with('R') || solution.starts_with("dR"), "{solution}");
        let checked = Lurd::checked(&two.0, solution, false).expect("the split's solution replays");
        assert!(checked.pushes >= 4);
        // One box in a corridor: one first push only.
        let (solution, stats) = run(&parse("#######\n#@$  .#\n#######\n"), &Limits::none(), |s, b, t| s.split(b, t));
        assert_eq!((solution, stats.expanded), (None, 0));
    }

    #[test]
    fn the_parking_step_can_park_the_boxes_first() {
        // A room of four goals: the boxes are parked outside it, then pulled back in.
        let room = parse("#########\n#..     #\n#.. $ $ #\n#  $ $  #\n#  @    #\n#########\n");
        let (text, stats) = run(&room, &Limits::none().timeout(Duration::from_secs(20)), |s, b, t| s.parked(b, t));
        let lurd = text.expect("the boxes park, and the pulls play back");
        let counted = crate::replay(&room.0, &lurd, false).expect("the independent replay accepts it");
        assert!(counted.pushes >= 8, "each box at least twice: {}", counted.pushes);
        assert!(stats.expanded > 0);
        // A stop before anything is tried: no plan, nothing searched.
        let cancelled = Limits { cancel: Some(Arc::new(AtomicBool::new(true))), ..Limits::none() };
        assert_eq!(run(&room, &cancelled, |s, b, t| s.parked(b, t)).0, None);
    }
}
