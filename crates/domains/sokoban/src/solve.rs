//! Solving a level in one of the modes, laying the pushes out as LURD, replaying the result
//! with the independent checker, and the report the CLI prints.

use crate::board::{Board, DIRS, FAR, LETTERS, NONE};
use crate::features::Route;
use crate::level::{Level, ParseError};
use crate::macros::box_path;
use crate::parking;
use crate::problem::{Config, SokobanProblem};
use crate::replay::{ReplayError, replay};
use crate::sinks::{self, SinkPlan};
use crate::state::{Cost, Push, State};
use delve_core::informed::{Move, greedy, parallel_astar, weighted_cycling};
use delve_core::{Limits, NoObserver, Observer, Outcome, OutcomeKind, Problem, SearchResult, Stats, StopReason};
use serde::Serialize;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How hard to look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Fewest pushes, then fewest moves among those: A* on `(pushes, moves)` with the exact
    /// player square.
    Optimal,
    /// Fewest pushes only (moves as they come): A* with the normalised player, a smaller
    /// search space than [`Mode::Optimal`], with PI-corral pruning, corral deadlocks and the
    /// learned deadlock table (both prune only dead positions, so the fewest pushes stay).
    Pushes,
    /// The original course solver's fast mode: weighted A* (`f = g + 3·h`), not guaranteed optimal.
    Fast,
    /// Any solution: tunnel, goal-room and packing macros, corral deadlocks, the learned
    /// deadlock table, and FESS-style cell-cycling searches over (packing, out of plan,
    /// player regions), advisor moves first within a cell: one with the feature advisors
    /// (where a push that carries on the box pushed last is free, as in FESS's macro moves),
    /// one also with the hotspots, opener and explorer advisors and with packing macros to
    /// more goals of a room than its packing order's next. First the two race on two threads
    /// for a twelfth of the time limit (5 s without one), with FESS's room connectivity
    /// (links between rooms that boxes cut) among the features. If that race has not ended,
    /// two lanes share the cores for the time left: on one, the feature-advisor search
    /// without room links; on the other, the steps, each race's searches in turn (sink plans
    /// followed as routes, the `sinks` module; a race from each first push; parking plans,
    /// the `parking` module), then the other search.
    Any,
}

impl Mode {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Optimal => "optimal",
            Mode::Pushes => "pushes",
            Mode::Fast => "fast",
            Mode::Any => "any",
        }
    }
    /// Whether the mode's solutions have the fewest pushes.
    pub fn is_push_optimal(self) -> bool {
        matches!(self, Mode::Optimal | Mode::Pushes)
    }
    /// The search settings of the mode.
    pub fn config(self) -> Config {
        match self {
            Mode::Optimal => Config { exact_player: true, follow_children: false, ..Config::PLAIN },
            Mode::Pushes => Config {
                pi_corrals: true,
                corral_deadlocks: true,
                deadlock_table: true,
                table_when_expanded: true,
                frozen_goals: true,
                follow_children: false,
                ..Config::PLAIN
            },
            Mode::Fast => Config { weight: 3, pi_corrals: true, follow_children: false, ..Config::PLAIN },
            Mode::Any => {
                let any = Config { pi_corrals: true, macros: true, corral_deadlocks: true, ..Config::PLAIN };
                Config { thorough_corrals: true, deadlock_table: true, frozen_goals: true, ..any }
            }
        }
    }
}

impl FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Mode, String> {
        match s {
            "optimal" => Ok(Mode::Optimal),
            "pushes" => Ok(Mode::Pushes),
            "fast" => Ok(Mode::Fast),
            "any" => Ok(Mode::Any),
            _ => Err(format!("unknown mode `{s}` (expected optimal, pushes, fast or any)")),
        }
    }
}

/// Why a level could not be solved at all.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The level is beyond the solver's limits.
    #[error(transparent)]
    TooLarge(#[from] ParseError),
    /// The solver produced a solution the replay checker rejects (a bug, never expected).
    #[error("internal error: the solution found fails the independent replay ({0})")]
    Replay(#[from] ReplayError),
}

/// Why a search ended without a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsolved {
    /// The whole (pruned) space was searched: the level has no solution.
    NoSolution,
    /// A limit, Ctrl-C or the observer stopped the search.
    Stopped(StopReason),
}

impl Unsolved {
    /// The `snake_case` name used in reports (`no_solution`, `timeout`, …).
    pub fn name(self) -> &'static str {
        match self {
            Unsolved::NoSolution => "no_solution",
            Unsolved::Stopped(reason) => reason.name(),
        }
    }
}

/// The result of solving one level.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The mode used.
    pub mode: Mode,
    /// The solution in LURD, replayed and counted, if one was found.
    pub solution: Option<Lurd>,
    /// Why the search ended without one.
    pub unsolved: Option<Unsolved>,
    /// Search statistics.
    pub stats: Stats,
}

/// A checked solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lurd {
    /// The moves: `l u r d` walk, `L U R D` push.
    pub text: String,
    /// Pushes, as counted by the replay.
    pub pushes: u32,
    /// Moves, as counted by the replay.
    pub moves: u32,
}

impl Lurd {
    /// `text` replayed on `level` by the independent checker, with its counts.
    fn checked(level: &Level, text: String, ordered: bool) -> Result<Lurd, ReplayError> {
        let counted = replay(level, &text, ordered)?;
        Ok(Lurd { text, pushes: counted.pushes, moves: counted.moves })
    }
}

/// Solves `level` in `mode` under `limits`; `ordered` pairs box i with goal i in reading
/// order (levels with letters are always ordered). Every solution is replayed before it is
/// returned. One thread, except [`Mode::Any`], which runs two at once (see
/// [`solve_parallel`] for the other modes on several).
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_sokoban::{Level, Mode, solve};
/// let level = Level::parse("#######\n#@ $ .#\n#######\n").unwrap();
/// let solved = solve(&level, false, Mode::Optimal, &Limits::none(), NoObserver).unwrap();
/// let lurd = solved.solution.unwrap();
/// assert_eq!((lurd.text.as_str(), lurd.pushes, lurd.moves), ("rRR", 2, 3));
/// ```
pub fn solve<O: Observer<State, Cost>>(
    level: &Level,
    ordered: bool,
    mode: Mode,
    limits: &Limits,
    observer: O,
) -> Result<Solved, SolveError> {
    solve_parallel(level, ordered, mode, 1, limits, observer)
}

/// [`solve`] with the A* of [`Mode::Optimal`], [`Mode::Pushes`] and [`Mode::Fast`] on
/// `threads` threads ([`parallel_astar`]: hash-distributed A*). The optimal modes find the
/// same push (and move) counts as on one thread, sooner on several cores (BENCHMARKS.md has
/// the figures); which optimal solution comes out, and the node counts, may vary from run to
/// run. [`Mode::Any`] always runs on two threads.
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_sokoban::{Level, Mode, solve_parallel};
/// let level = Level::parse("#######\n#@ $ .#\n#######\n").unwrap();
/// let solved = solve_parallel(&level, false, Mode::Optimal, 2, &Limits::none(), NoObserver).unwrap();
/// let lurd = solved.solution.unwrap();
/// assert_eq!((lurd.pushes, lurd.moves), (2, 3));
/// ```
pub fn solve_parallel<O: Observer<State, Cost>>(
    level: &Level,
    ordered: bool,
    mode: Mode,
    threads: usize,
    limits: &Limits,
    observer: O,
) -> Result<Solved, SolveError> {
    let board = Board::new(level, ordered)?;
    let ordered = board.is_ordered();
    if board.hopeless().is_some() {
        return Ok(Solved { mode, solution: None, unsolved: Some(Unsolved::NoSolution), stats: Stats::default() });
    }
    let mut observer = observer;
    // `--any`: a short race first, weighing room links (most levels fall to it at once, and
    // with fewer pushes than through a plan); if it has not ended, two lanes ([`lanes`]).
    let mut before = Stats::default();
    let mut found = None;
    if mode == Mode::Any && !ordered {
        let mut first = limits.clone();
        first.time_limit = Some(limits.time_limit.map_or(QUICK_TIME, |t| t / QUICK_SHARE));
        let (problem, result) = race(&board, &first, &mut observer);
        if !matches!(result.outcome, Outcome::Stopped { reason: StopReason::Timeout, .. }) {
            found = Some((problem, result));
        } else {
            before = result.stats;
            let mut rest = limits.clone();
            rest.time_limit = limits.time_limit.map(|t| t.saturating_sub(before.elapsed));
            let (text, problem, result) = lanes(level, &board, &rest, &mut observer);
            if let Some(text) = text {
                before.absorb(&result.stats);
                before.elapsed += result.stats.elapsed;
                let solution = Lurd::checked(level, text, ordered)?;
                return Ok(Solved { mode, solution: Some(solution), unsolved: None, stats: before });
            }
            found = Some((problem, result));
        }
    }
    let mut rest = limits.clone();
    rest.time_limit = limits.time_limit.map(|t| t.saturating_sub(before.elapsed));
    let limits = &rest;
    let (mut problem, mut result) = if let Some(found) = found {
        found
    } else {
        let fork = || SokobanProblem::new(board.clone(), mode.config());
        let problem = fork();
        let result = parallel_astar(&problem, fork, threads, limits, &mut observer);
        (problem, result)
    };
    let mut stats = result.stats;
    stats.absorb(&before);
    stats.elapsed += before.elapsed;
    if matches!(result.outcome, Outcome::NoSolution) && problem.config().macros && problem.config().weight == 1 {
        // Goal-room macros drop some single pushes: only a search without them proves that
        // there is no solution. It gets the time left.
        let mut rest = limits.clone();
        rest.time_limit = limits.time_limit.map(|t| t.saturating_sub(stats.elapsed));
        problem = SokobanProblem::new(board, Config { macros: false, ..mode.config() });
        result = greedy(&problem, &rest, &mut observer);
        let first = stats;
        stats = result.stats;
        stats.absorb(&first);
        stats.elapsed += first.elapsed;
    }
    let (solution, unsolved) = match result.outcome {
        Outcome::Solved(solution) => {
            let text = lay_out(&problem, &problem.unfold(&solution));
            (Some(Lurd::checked(level, text, ordered)?), None)
        }
        Outcome::NoSolution => (None, Some(Unsolved::NoSolution)),
        Outcome::Stopped { reason, .. } => (None, Some(Unsolved::Stopped(reason))),
    };
    Ok(Solved { mode, solution, unsolved, stats })
}

/// `--any`'s first, short race, on both cores: two FESS-style cell-cycling searches (cells
/// of packing, out of plan and player regions, the `features` module; within a cell, the
/// fewest moves not recommended by an advisor on the path, then the matching bound; the same
/// macros), one advised by the feature advisors alone (and the pushes that carry on the box
/// pushed last free: [`SokobanProblem::advise`]), the other also by the hotspots, opener and
/// explorer advisors, its packing macros reaching [`WIDE_PACKING`] goals a room (the first
/// one's too on levels of [`WIDE_ROOMS`] goal rooms or more). Either set of advisors leads
/// some levels astray that the other solves, so the two together solve more than either
/// alone. Both also weigh the links between rooms that boxes cut ([`any_search`]'s
/// `room_links`). The first to find a solution stops the other, and so does a proof from the
/// first that there is none ([`side_by_side`]). Returns the search that solved, else the
/// first one (its stop reason and, with no solution, its proof), with the statistics of both
/// (nodes summed).
fn race<O: Observer<State, Cost>>(
    board: &Board,
    limits: &Limits,
    observer: O,
) -> (SokobanProblem, SearchResult<State, Push, Cost>) {
    let (mine, theirs) = side_by_side(
        limits,
        |ours| routed_search(board, false, true, None, ours, observer),
        |(_, result)| !matches!(result.outcome, Outcome::Stopped { .. }),
        |ours| routed_search(board, true, true, None, ours, NoObserver),
        |(_, result)| matches!(result.outcome, Outcome::Solved(_)),
    );
    let stats = together(&mine.1.stats, &theirs.1.stats);
    let (problem, mut result) = match (&mine.1.outcome, &theirs.1.outcome) {
        (Outcome::Solved(_), _) | (_, Outcome::NoSolution | Outcome::Stopped { .. }) => mine,
        (_, Outcome::Solved(_)) => theirs,
    };
    result.stats = stats;
    (problem, result)
}

/// Runs `first` on this thread and `second` on another, each under `limits` with half its
/// memory limit and a stop flag of their own: when `first_ends` holds of `first`'s result, or
/// `second_ends` of `second`'s, the other is stopped, and a Ctrl-C on `limits` stops both.
/// A part stopped by its own limits does not stop the other, which runs until its own stop
/// too (with an expansion limit, each search makes that many, however much slower it is).
fn side_by_side<A, B: Send>(
    limits: &Limits,
    first: impl FnOnce(&Limits) -> A,
    first_ends: impl Fn(&A) -> bool,
    second: impl FnOnce(&Limits) -> B + Send,
    second_ends: impl Fn(&B) -> bool + Send,
) -> (A, B) {
    let stop = Arc::new(AtomicBool::new(false));
    let mut ours = limits.clone();
    ours.cancel = Some(Arc::clone(&stop));
    ours.max_memory = limits.max_memory.map(|m| m / 2);
    let (ours, stop) = (&ours, &stop);
    std::thread::scope(|scope| {
        let helper = scope.spawn(move || {
            let theirs = second(ours);
            if second_ends(&theirs) {
                stop.store(true, Ordering::Relaxed);
            }
            theirs
        });
        if let Some(user) = &limits.cancel {
            // Pass a Ctrl-C on to both parts; ends when both are over.
            scope.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    if user.load(Ordering::Relaxed) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
            });
        }
        let mine = first(ours);
        if first_ends(&mine) {
            stop.store(true, Ordering::Relaxed);
        }
        let theirs = helper.join().expect("the cycling search does not panic");
        stop.store(true, Ordering::Relaxed);
        (mine, theirs)
    })
}

/// The counts of two parts that ran [`side_by_side`]: nodes summed, the longer time.
fn together(first: &Stats, second: &Stats) -> Stats {
    let mut stats = *first;
    stats.absorb(second);
    stats.elapsed = first.elapsed.max(second.elapsed);
    stats
}

/// Whether a Ctrl-C (or the other part of a [`side_by_side`]) has stopped `limits`.
fn cancelled(limits: &Limits) -> bool {
    limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
}

/// What `--any`'s second lane ([`lanes`]) ends with.
enum Lane {
    /// A step's LURD (not yet replayed on the level), with the lane's counts.
    Steps(String, Stats),
    /// The all-advisor search after the steps: its problem and result, the lane's counts in it.
    Search(Box<(SokobanProblem, SearchResult<State, Push, Cost>)>),
}

/// `--any` after its first race, on both cores: two lanes side by side ([`side_by_side`]). The
/// first runs the feature-advisor search of [`race`] without room links for all the time left: some
/// levels need a long search of it and nothing else. The second runs the steps, each race's two
/// searches in turn ([`in_turn`]): the sink step ([`sunk`]), the split step ([`split`]) and parking
/// plans ([`parked`]), each for its part of the time ([`SINK_PART`], [`SPLIT_PART`],
/// [`PARKING_PART`]); then the all-advisor search for the time left. Running the lanes side by
/// side, rather than the steps first on both cores, lets the long search start at once instead of
/// waiting for the steps to fail. A solution in either lane stops the other, and so does a proof
/// from the first that there is none. Returns the step's LURD, if a step solved, else the search
/// that solved, or the first lane's search (its stop reason and, with no solution, its proof), with
/// the counts of both lanes.
fn lanes<O: Observer<State, Cost>>(
    level: &Level,
    board: &Board,
    limits: &Limits,
    observer: O,
) -> (Option<String>, SokobanProblem, SearchResult<State, Push, Cost>) {
    let ((problem, result), second) = side_by_side(
        limits,
        |ours| routed_search(board, false, false, None, ours, observer),
        |(_, result)| !matches!(result.outcome, Outcome::Stopped { .. }),
        |ours| second_lane(level, board, ours),
        |lane| match lane {
            Lane::Steps(..) => true,
            Lane::Search(found) => matches!(found.1.outcome, Outcome::Solved(_)),
        },
    );
    let counts = match &second {
        Lane::Steps(_, counts) => *counts,
        Lane::Search(found) => found.1.stats,
    };
    let stats = together(&result.stats, &counts);
    let (text, problem, mut result) = match second {
        Lane::Steps(text, _) => (Some(text), problem, result),
        Lane::Search(found)
            if matches!((&result.outcome, &found.1.outcome), (Outcome::Stopped { .. }, Outcome::Solved(_))) =>
        {
            let (theirs, found) = *found;
            (None, theirs, found)
        }
        Lane::Search(_) => (None, problem, result),
    };
    result.stats = stats;
    (text, problem, result)
}

/// [`lanes`]' second lane: the steps, then the all-advisor search ([`race`]'s second, without
/// room links) for the time left. Each step gets its part of the lane's time limit, at most
/// what is left of it.
fn second_lane(level: &Level, board: &Board, limits: &Limits) -> Lane {
    let start = Instant::now();
    let left = || limits.time_limit.map(|t| t.saturating_sub(start.elapsed()));
    let mut stats = Stats::default();
    let mut step = |(parts, of): (u32, u32), run: &dyn Fn(&Limits) -> (Option<String>, Stats)| {
        let mut part = limits.clone();
        part.time_limit = limits.time_limit.zip(left()).map(|(t, left)| (t * parts / of).min(left));
        let (text, counts) = run(&part);
        stats.absorb(&counts);
        text
    };
    let text = step(SINK_PART, &|part| sunk(board, part))
        .or_else(|| step(SPLIT_PART, &|part| split(level, board, part)))
        .or_else(|| step(PARKING_PART, &|part| parked(level, board, part)));
    if let Some(text) = text {
        stats.elapsed = start.elapsed();
        return Lane::Steps(text, stats);
    }
    let mut rest = limits.clone();
    rest.time_limit = left();
    let (problem, mut result) = routed_search(board, true, false, None, &rest, NoObserver);
    result.stats.absorb(&stats);
    result.stats.elapsed = start.elapsed();
    Lane::Search(Box::new((problem, result)))
}

/// The two searches of [`race`], without room links, one after the other on this thread,
/// following `routes` (the first search `routes[0]`, the second `routes[1]`, when given) in
/// their packing feature instead of the packing orders: the second only when the first has
/// neither found a solution nor proved that there is none, nor been stopped by a Ctrl-C.
/// Each gets half of `limits`' time (the second also what the first left) and its expansion
/// limit. Returns the one that solved, else the first, with the counts of both (elapsed
/// summed).
fn in_turn(
    board: &Board,
    limits: &Limits,
    routes: [Option<&Route>; 2],
) -> (SokobanProblem, SearchResult<State, Push, Cost>) {
    let start = Instant::now();
    let mut half = limits.clone();
    half.time_limit = limits.time_limit.map(|t| t / 2);
    let first = routed_search(board, false, false, routes[0].cloned(), &half, NoObserver);
    if !matches!(first.1.outcome, Outcome::Stopped { .. }) || cancelled(limits) {
        return first;
    }
    let mut rest = limits.clone();
    rest.time_limit = limits.time_limit.map(|t| t.saturating_sub(start.elapsed()));
    let second = routed_search(board, true, false, routes[1].cloned(), &rest, NoObserver);
    let mut stats = first.1.stats;
    stats.absorb(&second.1.stats);
    stats.elapsed = start.elapsed();
    let (problem, mut result) = if matches!(second.1.outcome, Outcome::Solved(_)) { second } else { first };
    result.stats = stats;
    (problem, result)
}

/// `--any`'s first, short race gets a time limit's `1 / QUICK_SHARE`. It alone weighs the
/// links between rooms that boxes cut ([`any_search`]'s `room_links`): room links help short
/// searches find more solutions, but mislead some long ones that succeed without them, so
/// only the short race uses them.
const QUICK_SHARE: u32 = 12;
/// `--any`'s first race's time without a time limit.
const QUICK_TIME: Duration = Duration::from_secs(5);
/// The part `(parts, of)` of the second lane's time that `--any`'s sink step gets ([`sunk`]),
/// its searches taking turns on one core; its rounds are also bounded by expansion counts
/// ([`SINK_EXPANSIONS`], [`SINK_LATER_EXPANSIONS`]).
const SINK_PART: (u32, u32) = (2, 3);
/// Most expansions of the sink step's search for a plan: plans that exist are found in a
/// few hundred or thousand expansions, so a small bound keeps a hopeless plan search cheap.
const SINK_PLAN_EXPANSIONS: u64 = 5_000;
/// Most expansions each search of the sink step's first round may make: enough for a search
/// following a good route, small enough to leave time for the other steps.
const SINK_EXPANSIONS: u64 = 150_000;
/// Most expansions each search of the sink step's second round may make: a shorter try of
/// each search's next plan.
const SINK_LATER_EXPANSIONS: u64 = 60_000;
/// The plan styles in the order the first of [`race`]'s searches follows them in the sink
/// step (the feature advisors alone).
const FIRST_STYLES: [sinks::Style; 3] = [sinks::Style::Festival, sinks::Style::Nearest, sinks::Style::Reached];
/// The plan styles in the order the second of [`race`]'s searches follows them (all the
/// advisors). Each style leads a different search to levels the others miss, so the two
/// searches start from different styles.
const SECOND_STYLES: [sinks::Style; 3] = [sinks::Style::Reached, sinks::Style::Nearest, sinks::Style::Festival];

/// `--any`'s sink step: sink plans (the `sinks` module: boxes pulled from the solved position
/// until each has sunk on a start square of a box, after Festival's base search), one in each
/// [`Style`](sinks::Style), each made when a search first asks for it and kept when some box
/// waits on its way ([`SinkPlan::waits`]). Then at most two rounds of the two searches in
/// turn ([`in_turn`]) on the level, each search following a plan's route in its packing
/// feature: the first round with each search on its first plan ([`FIRST_STYLES`],
/// [`SECOND_STYLES`]), the second, shorter, on its next plan not yet followed, until one is
/// solved. Returns the solving search's LURD, or `None`, with the statistics of the searches.
fn sunk(board: &Board, limits: &Limits) -> (Option<String>, Stats) {
    let start = Instant::now();
    let left = || limits.time_limit.map(|t| t.saturating_sub(start.elapsed()));
    let stop = || cancelled(limits) || left() == Some(Duration::ZERO);
    let mut stats = Stats::default();
    // Each style's plan, made when a search first needs it (`None` until then; `next_plan`).
    let mut plans: [Option<Option<SinkPlan>>; 3] = [None, None, None];
    let mut followed: [Vec<SinkPlan>; 2] = [Vec::new(), Vec::new()];
    let mut text = None;
    for round in 0..2 {
        let mut routes = Vec::new();
        for (search, styles) in [FIRST_STYLES, SECOND_STYLES].into_iter().enumerate() {
            let Some(plan) = next_plan(board, styles, &mut plans, &followed[search], &stop, &mut stats) else { break };
            routes.push(plan.route(board));
            followed[search].push(plan);
        }
        if routes.len() < 2 || stop() {
            break;
        }
        let expansions = if round == 0 { SINK_EXPANSIONS } else { SINK_LATER_EXPANSIONS };
        let (problem, result) =
            in_turn(board, &budget(limits, left(), expansions), [Some(&routes[0]), Some(&routes[1])]);
        stats.absorb(&result.stats);
        if let Outcome::Solved(solution) = result.outcome {
            text = Some(lay_out(&problem, &problem.unfold(&solution)));
            break;
        }
    }
    stats.elapsed = start.elapsed();
    (text, stats)
}

/// [`sunk`]'s next plan for a search: the first, in `styles`' order, that the search has not
/// `followed` yet and in which some box waits. Each style's plan is made the first time a
/// search asks for it and kept in `plans` (by the style's place in [`sinks::Style`]), its
/// expansions counted in `stats`.
fn next_plan(
    board: &Board,
    styles: [sinks::Style; 3],
    plans: &mut [Option<Option<SinkPlan>>; 3],
    followed: &[SinkPlan],
    stop: &impl Fn() -> bool,
    stats: &mut Stats,
) -> Option<SinkPlan> {
    for style in styles {
        if stop() {
            return None;
        }
        let plan = plans[style as usize].get_or_insert_with(|| {
            let (plan, counts) = sinks::sink_plan(board, style, SINK_PLAN_EXPANSIONS, stop);
            stats.absorb(&counts);
            plan.filter(SinkPlan::waits)
        });
        if let Some(plan) = plan.as_ref().filter(|plan| !followed.contains(plan)) {
            return Some(plan.clone());
        }
    }
    None
}

/// The part `(parts, of)` of the second lane's time that `--any`'s parking plans get
/// ([`parked`]).
const PARKING_PART: (u32, u32) = (1, 2);
/// Pull searches `--any`'s parking step runs at most (seeds 0, 1, …), each for a parking plan.
const PLANS: u64 = 8;
/// Each plan's first part may take `1 / PLAN_SLICE` of the parking step's time.
const PLAN_SLICE: u32 = 2;
/// Most expansions each search of a plan's first part may make, whatever the time: a plan's
/// first part is either solved well within this count or not at all in a much longer search.
/// A count, unlike a slice of time, does not shrink when the machine is busy.
const PLAN_EXPANSIONS: u64 = 250_000;

/// `--any`'s parking step: parking plans (the `parking` module: pull searches from the solved
/// position to one with every goal empty, seeds 0 to [`PLANS`]` - 1`), and for each new one
/// [`in_turn`] on the level whose goals are its parking squares, until one is solved. Returns
/// its LURD followed by the plan's pulls played back as pushes (not yet replayed on
/// `level`), or `None`, with the statistics of all the searches.
fn parked(level: &Level, board: &Board, limits: &Limits) -> (Option<String>, Stats) {
    let start = Instant::now();
    let left = || limits.time_limit.map(|t| t.saturating_sub(start.elapsed()));
    let stop = || cancelled(limits) || left() == Some(Duration::ZERO);
    let mut stats = Stats::default();
    let mut tried: Vec<Vec<u8>> = Vec::new();
    let mut text = None;
    let planner = parking::Planner::new(board);
    for seed in 0..PLANS {
        if stop() {
            break;
        }
        let (plan, counts) = planner.plan(seed, stop);
        stats.absorb(&counts);
        let Some(plan) = plan.filter(|plan| !tried.contains(&plan.bases)) else { continue };
        tried.push(plan.bases.clone());
        let time = limits.time_limit.zip(left()).map(|(t, left)| (t / PLAN_SLICE).min(left));
        text = first_part(level, board, &plan, &budget(limits, time, PLAN_EXPANSIONS), &mut stats);
        if text.is_some() {
            break;
        }
    }
    stats.elapsed = start.elapsed();
    (text, stats)
}

/// The part `(parts, of)` of the second lane's time that `--any`'s split step gets
/// ([`split`]).
const SPLIT_PART: (u32, u32) = (1, 3);
/// [`split`] runs only from a start with at most this many first pushes.
const SPLIT_CHILDREN: usize = 4;
/// Most expansions each search of [`split`] may make from one first push. A level the step
/// helps is solved quickly from the right first push; where the step fails, each search runs
/// to this count while the all-advisor search after the steps ([`lanes`]' second lane) waits,
/// so the count is kept small.
const SPLIT_EXPANSIONS: u64 = 20_000;

/// `--any`'s split step: when the start has two to [`SPLIT_CHILDREN`] first pushes (macros
/// included), [`in_turn`] from each of them in turn, each for an even part of the time and at
/// most [`SPLIT_EXPANSIONS`] expansions a search. From the start, the cycling searches keep
/// coming back to the subtree their advisors and bound favour, and when that one leads
/// nowhere the others starve; here each first push gets its own search. Returns
/// the first push's LURD followed by the searches', or `None`, with the statistics of all the
/// searches.
fn split(level: &Level, board: &Board, limits: &Limits) -> (Option<String>, Stats) {
    let start = Instant::now();
    let mut stats = Stats::default();
    let problem = SokobanProblem::new(board.clone(), Mode::Any.config());
    let mut children = Vec::new();
    problem.expand(&problem.initial_state(), &mut children);
    let mut text = None;
    if (2..=SPLIT_CHILDREN).contains(&children.len()) {
        let slice = budget(limits, limits.time_limit.map(|t| t / children.len() as u32), SPLIT_EXPANSIONS);
        for child in &children {
            if cancelled(limits) {
                break;
            }
            text = from_child(level, board, &problem, child.action, &slice, &mut stats);
            if text.is_some() {
                break;
            }
        }
    }
    stats.elapsed = start.elapsed();
    (text, stats)
}

/// [`in_turn`] from the position after `first` (a push or macro from the start of `problem`),
/// and when it is solved, `first`'s LURD followed by the solution's; the counts go to `stats`.
fn from_child(
    level: &Level,
    board: &Board,
    problem: &SokobanProblem,
    first: Push,
    limits: &Limits,
    stats: &mut Stats,
) -> Option<String> {
    let (mut at, mut player) = (board.start_occupancy(), board.start_player());
    let mut text = String::new();
    lay_out_from(problem, &mut at, &mut player, &[first], &mut text);
    let boxes: Vec<u8> = (0..board.floor() as u8).filter(|&s| at[usize::from(s)] != NONE).collect();
    let child = Board::new(&board.redrawn(level, &boxes, player, board.goals())?, false).ok()?;
    let (problem, pushes) = race_part(&child, limits, stats)?;
    text.push_str(&lay_out(&problem, &pushes));
    Some(text)
}

/// `limits` with the time limit `time` and at most `expansions` expansions a search (fewer if
/// `limits` says so): the budget of one part of `--any`'s parking and split steps.
fn budget(limits: &Limits, time: Option<Duration>, expansions: u64) -> Limits {
    let mut part = limits.clone();
    part.time_limit = time;
    part.max_expanded = Some(limits.max_expanded.map_or(expansions, |n| n.min(expansions)));
    part
}

/// [`in_turn`] on `board`, a part of a level (see [`Board::redrawn`]), unless it is hopeless;
/// the searches' counts go to `stats`. Returns the problem it searched and its solution's pushes.
fn race_part(board: &Board, limits: &Limits, stats: &mut Stats) -> Option<(SokobanProblem, Vec<Push>)> {
    if board.hopeless().is_some() {
        return None;
    }
    let (problem, result) = in_turn(board, limits, [None; 2]);
    stats.absorb(&result.stats);
    let Outcome::Solved(solution) = result.outcome else { return None };
    let pushes = problem.unfold(&solution);
    Some((problem, pushes))
}

/// [`in_turn`] on the level whose goals are `plan`'s parking squares, and when it is solved,
/// its LURD followed by the plan's pulls played back as pushes; the counts go to `stats`.
fn first_part(
    level: &Level,
    board: &Board,
    plan: &parking::Plan,
    limits: &Limits,
    stats: &mut Stats,
) -> Option<String> {
    let first =
        Board::new(&board.redrawn(level, board.start_boxes(), board.start_player(), &plan.bases)?, false).ok()?;
    // The same floor and squares: only the goals moved.
    (first.floor() == board.floor()).then_some(())?;
    let (problem, pushes) = race_part(&first, limits, stats)?;
    let back = plan
        .pulls
        .iter()
        .rev()
        .map(|&(from, to)| first.direction(to, from).map(|d| Push { from: to, dir: d as u8, to: from }))
        .collect::<Option<Vec<Push>>>()?;
    let (mut at, mut player) = (first.start_occupancy(), first.start_player());
    let mut text = String::new();
    lay_out_from(&problem, &mut at, &mut player, &pushes, &mut text);
    lay_out_from(&problem, &mut at, &mut player, &back, &mut text);
    Some(text)
}

/// How many goals per room the packing macros of [`race`]'s second search may carry a box to
/// ([`Config::packing_goals`]; the first search keeps to the packing order's next goal on
/// levels of fewer than [`WIDE_ROOMS`] goal rooms). Carrying a box past the next goal of the
/// order lets a search fill a room in fewer steps, but on some one-room levels only the
/// strict order finds the solution, hence one search of each kind.
const WIDE_PACKING: usize = 8;

/// From how many goal rooms the first search of [`race`] too has packing macros to
/// [`WIDE_PACKING`] goals a room: levels of several goal rooms gain from wide packing in both
/// searches, one-room levels from the strict order in the first (BENCHMARKS.md has the
/// figures).
const WIDE_ROOMS: usize = 2;

/// One of the two cycling searches `--any` races, alone on this thread (with [`Mode::Any`]'s
/// settings): advised by the feature advisors, and with `all` also by the hotspots, opener
/// and explorer advisors; with `all` or on a level of `WIDE_ROOMS` goal rooms or more, its
/// packing macros reach `WIDE_PACKING` goals a room; with `room_links`, its cells and
/// advisors also weigh the links between rooms that boxes cut (FESS's room connectivity,
/// which `--any`'s first, short race uses). Public so that tools can study each search on its
/// own; [`solve`] with [`Mode::Any`] runs both. Returns the problem it searched (to unfold and
/// lay out a solution) and the search's result.
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_sokoban::{Board, Level, any_search};
/// let level = Level::parse("#######\n#@ $ .#\n#######\n").unwrap();
/// let board = Board::new(&level, false).unwrap();
/// let (_, result) = any_search(&board, true, false, &Limits::none(), NoObserver);
/// assert!(result.solution().is_some());
/// ```
pub fn any_search<O: Observer<State, Cost>>(
    board: &Board,
    all: bool,
    room_links: bool,
    limits: &Limits,
    observer: O,
) -> (SokobanProblem, SearchResult<State, Push, Cost>) {
    routed_search(board, all, room_links, None, limits, observer)
}

/// [`any_search`], following `route` (when given) in the packing feature.
pub(crate) fn routed_search<O: Observer<State, Cost>>(
    board: &Board,
    all: bool,
    room_links: bool,
    route: Option<Route>,
    limits: &Limits,
    observer: O,
) -> (SokobanProblem, SearchResult<State, Push, Cost>) {
    let mut problem = SokobanProblem::new(board.clone(), Mode::Any.config());
    if let Some(route) = route {
        problem.set_route(route);
    }
    if all || problem.goal_rooms() >= WIDE_ROOMS {
        problem.set_packing_goals(WIDE_PACKING);
    }
    if !room_links {
        problem.drop_room_links();
    }
    let cell = |s: &State| problem.feature_cell(s);
    let advise = |state: &State, parent, moves: &[Move<'_, State, Cost>], weights: &mut [u32]| {
        if all {
            problem.advise_all(state, parent, moves, weights)
        } else {
            problem.advise(state, parent, moves, weights)
        }
    };
    let result = weighted_cycling(&problem, cell, advise, limits, observer);
    (problem, result)
}

/// Writes pushes as LURD: before each push, a shortest walk to the square behind the box.
pub fn lay_out(problem: &SokobanProblem, pushes: &[Push]) -> String {
    let board = problem.board();
    let (mut at, mut player) = (board.start_occupancy(), board.start_player());
    let mut text = String::new();
    lay_out_from(problem, &mut at, &mut player, pushes, &mut text);
    text
}

/// [`lay_out`] from the position `at` with the player on `player` (both moved on as the
/// pushes are made), appending to `text`.
fn lay_out_from(problem: &SokobanProblem, at: &mut [u8; 256], player: &mut u8, pushes: &[Push], text: &mut String) {
    let board = problem.board();
    let mut dist = [FAR; 256];
    for push in pushes {
        // A macro is its first push, then the box's fewest pushes on to `to`.
        let first = board.next(push.from, usize::from(push.dir));
        let mut steps = vec![(push.from, usize::from(push.dir))];
        if push.to != first {
            let i = at[usize::from(push.from)];
            at[usize::from(push.from)] = NONE;
            let dirs = box_path(board, at, first, push.from, push.to).expect("the search found this macro");
            at[usize::from(push.from)] = i;
            let mut sq = first;
            for d in dirs {
                steps.push((sq, usize::from(d)));
                sq = board.next(sq, usize::from(d));
            }
        }
        for (from, d) in steps {
            let behind = board.next(from, d ^ 1);
            // Walk back from `behind` to the player along decreasing distances.
            problem.walk(*player, at, &mut dist);
            let mut walk = Vec::new();
            let mut here = behind;
            while here != *player {
                let (step, prev) = (0..4)
                    .map(|k| (k, board.next(here, k ^ 1)))
                    .find(|&(_, p)| {
                        p != NONE && dist[usize::from(p)] != FAR && dist[usize::from(p)] + 1 == dist[usize::from(here)]
                    })
                    .expect("the push was generated from a reachable square");
                walk.push(LETTERS[step]);
                here = prev;
            }
            text.extend(walk.iter().rev().map(|&c| c as char));
            text.push(LETTERS[d].to_ascii_uppercase() as char);
            let to = board.next(from, d);
            at[usize::from(to)] = at[usize::from(from)];
            at[usize::from(from)] = NONE;
            *player = from;
        }
    }
    debug_assert_eq!(DIRS.len(), LETTERS.len());
}

/// The level's own keys of its report, beside the keys every report shares.
#[derive(Clone, Debug, Serialize)]
pub struct LevelReport {
    /// The level's number in its file.
    pub level: usize,
    /// Its title.
    pub title: String,
    /// Whether the solution is push-optimal (then move-optimal among those in `optimal` mode).
    pub optimal: bool,
    /// Pushes of the solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pushes: Option<u32>,
    /// Moves of the solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    /// The solution in LURD.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// Successors generated (as `stats.generated`).
    pub nodes_generated: u64,
    /// The largest number of nodes waiting on the open list at once (as `stats.max_frontier`).
    pub max_nodes: u64,
    /// Wall-clock time (as `stats.elapsed_ms`).
    pub elapsed_ms: f64,
}

/// The report of one level, the JSON `delve sokoban solve --json` prints: the keys every
/// report shares (`algorithm`, `solved`, `outcome`, `stop_reason`, `stats`) and the level's
/// own ([`LevelReport`]).
pub type Report = delve_core::Report<LevelReport>;

impl Mode {
    /// The name of the search a mode runs, as its reports give it: A* for the optimal modes,
    /// weighted A* for `fast`, and the portfolio of searches for `any`.
    pub fn algorithm(self) -> &'static str {
        match self {
            Mode::Optimal | Mode::Pushes => "astar",
            Mode::Fast => "wastar",
            Mode::Any => "portfolio",
        }
    }
}

impl Solved {
    /// How the search ended, and why it stopped when a limit stopped it.
    pub fn outcome(&self) -> (OutcomeKind, Option<StopReason>) {
        match (&self.solution, self.unsolved) {
            (Some(_), _) => (OutcomeKind::Solved, None),
            (None, Some(Unsolved::Stopped(reason))) => (OutcomeKind::Stopped, Some(reason)),
            (None, _) => (OutcomeKind::NoSolution, None),
        }
    }

    /// The report for `level`.
    pub fn report(&self, level: &Level) -> Report {
        let lurd = self.solution.as_ref();
        let detail = LevelReport {
            level: level.number,
            title: level.title.clone(),
            optimal: lurd.is_some() && self.mode.is_push_optimal(),
            pushes: lurd.map(|l| l.pushes),
            moves: lurd.map(|l| l.moves),
            solution: lurd.map(|l| l.text.clone()),
            nodes_generated: self.stats.generated,
            max_nodes: self.stats.max_frontier,
            elapsed_ms: (self.stats.elapsed_ms() * 1000.0).round() / 1000.0,
        };
        let (outcome, stop_reason) = self.outcome();
        Report::from_parts(self.mode.algorithm(), outcome, stop_reason, self.stats, detail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_core::NoObserver;

    fn run(text: &str, ordered: bool, mode: Mode) -> Solved {
        solve(&Level::parse(text).unwrap(), ordered, mode, &Limits::none(), NoObserver).unwrap()
    }

    /// The all-advisor search always packs wide; the other one on levels of several rooms:
    /// XSokoban #18 has three goal rooms, #41 one.
    #[test]
    fn the_feature_search_packs_wide_on_levels_of_several_rooms() {
        let levels = crate::level::parse_collection(include_str!("../data/xsokoban90.xsb")).unwrap();
        let limits = Limits::none().max_expanded(1);
        for (n, rooms) in [(18, 3), (41, 1)] {
            let board = Board::new(&levels[n - 1], false).unwrap();
            let (problem, _) = any_search(&board, false, false, &limits, NoObserver);
            assert_eq!(problem.goal_rooms(), rooms, "level {n}");
            let wide = if rooms >= WIDE_ROOMS { WIDE_PACKING } else { 1 };
            assert_eq!(problem.config().packing_goals, wide, "level {n}");
            let (problem, _) = any_search(&board, true, false, &limits, NoObserver);
            assert_eq!(problem.config().packing_goals, WIDE_PACKING, "level {n}");
        }
    }

    /// XSokoban #52 (two rooms): the feature-advisor search solves it within 30,000
    /// expansions when it weighs room links, and not without them.
    #[test]
    fn room_links_lead_the_first_race_through_the_rooms() {
        let levels = crate::level::parse_collection(include_str!("../data/xsokoban90.xsb")).unwrap();
        let board = Board::new(&levels[51], false).unwrap();
        let limits = Limits::none().max_expanded(30_000);
        let (problem, with) = any_search(&board, false, true, &limits, NoObserver);
        let solution = with.solution().expect("solved with room links");
        let lurd = Lurd::checked(&levels[51], lay_out(&problem, &problem.unfold(solution)), false).unwrap();
        assert!(lurd.pushes > 0);
        let (_, without) = any_search(&board, false, false, &limits, NoObserver);
        assert!(without.solution().is_none());
    }

    #[test]
    fn the_sink_step_follows_its_plans_route_to_a_solution() {
        // Microban #3: its sink plan has two boxes wait on their way to the goals.
        let levels = crate::level::parse_collection(include_str!("../data/microban.xsb")).unwrap();
        let board = Board::new(&levels[2], false).unwrap();
        let (solution, stats) = sunk(&board, &Limits::none());
        Lurd::checked(&levels[2], solution.expect("solved"), false).expect("the solution replays");
        assert!(stats.expanded > 0, "the plan's and the race's expansions are counted");
        // Boxes that go straight to the goals: the plan is not followed.
        let text = "#########\n#   #   #\n# .   $ #\n# . # $ #\n#   #  @#\n#########\n";
        let level = Level::parse(text).unwrap();
        let board = Board::new(&level, false).unwrap();
        let (plan, _) = sinks::sink_plan(&board, sinks::Style::Festival, 1_000, || false);
        assert!(plan.is_some_and(|plan| !plan.waits()));
        assert_eq!(sunk(&board, &Limits::none()).0, None);
    }

    #[test]
    fn a_search_out_of_expansions_leaves_the_other_racing() {
        // XSokoban #89: neither search solves it in 3,000 expansions; each makes all of them,
        // the feature-advisor search (the faster) stopping first without ending the race.
        let levels = crate::level::parse_collection(include_str!("../data/xsokoban90.xsb")).unwrap();
        let board = Board::new(&levels[88], false).unwrap();
        let (_, result) = race(&board, &Limits::none().max_expanded(3_000), NoObserver);
        assert!(result.solution().is_none());
        assert_eq!(result.stats.expanded, 6_000);
    }

    #[test]
    fn searches_in_turn_run_the_second_only_when_the_first_stops() {
        // XSokoban #89 at 3,000 expansions a search: neither solves it, so both run.
        let levels = crate::level::parse_collection(include_str!("../data/xsokoban90.xsb")).unwrap();
        let board = Board::new(&levels[88], false).unwrap();
        let (_, result) = in_turn(&board, &Limits::none().max_expanded(3_000), [None; 2]);
        assert!(result.solution().is_none());
        assert_eq!(result.stats.expanded, 6_000);
        // A corridor the first search solves: the second never starts.
        let board = Board::new(&Level::parse("#######\n#@$  .#\n#######\n").unwrap(), false).unwrap();
        let (_, alone) = routed_search(&board, false, false, None, &Limits::none(), NoObserver);
        let (_, result) = in_turn(&board, &Limits::none(), [None; 2]);
        assert!(result.solution().is_some());
        assert_eq!(result.stats.expanded, alone.stats.expanded);
    }

    #[test]
    fn a_step_that_solves_stops_the_first_lane() {
        // XSokoban #28: the feature-advisor search alone does not solve it in 700,000
        // expansions; the split step, in the second lane, solves it from its push up, and the
        // first lane stops long before its 700,000.
        let levels = crate::level::parse_collection(include_str!("../data/xsokoban90.xsb")).unwrap();
        let board = Board::new(&levels[27], false).unwrap();
        let limits = Limits::none().max_expanded(700_000);
        let (text, _, result) = lanes(&levels[27], &board, &limits, NoObserver);
        let text = text.expect("a step solves #28");
        assert!(Lurd::checked(&levels[27], text, false).is_ok(), "the step's solution replays");
        assert!(result.stats.expanded < 700_000, "{:?}", result.stats);
    }

    #[test]
    fn a_ctrl_c_stops_both_lanes() {
        // Without a time limit, either lane alone would run on for minutes on XSokoban #89.
        let levels = crate::level::parse_collection(include_str!("../data/xsokoban90.xsb")).unwrap();
        let board = Board::new(&levels[88], false).unwrap();
        let limits = Limits { cancel: Some(Arc::new(AtomicBool::new(true))), ..Limits::none() };
        let (text, _, result) = lanes(&levels[88], &board, &limits, NoObserver);
        assert_eq!(text, None);
        assert!(matches!(result.outcome, Outcome::Stopped { reason: StopReason::Cancelled, .. }));
    }

    #[test]
    fn the_sink_step_solves_xsokoban_18_50_and_69() {
        // Levels the sink step exists for: #18 needs plans made by Festival's base search,
        // #50 Festival's plan style, and #69 the reached-first plan of the second search.
        let levels = crate::level::parse_collection(include_str!("../data/xsokoban90.xsb")).unwrap();
        for (n, least) in [(18, 100), (50, 300), (69, 200)] {
            let board = Board::new(&levels[n - 1], false).unwrap();
            let (solution, _) = sunk(&board, &Limits::none());
            let solution = solution.unwrap_or_else(|| panic!("#{n} not solved"));
            let checked = Lurd::checked(&levels[n - 1], solution, false).expect("the solution replays");
            assert!(checked.pushes > least, "#{n}: {} pushes", checked.pushes);
        }
    }

    /// The split step races from each first push and puts the first push's LURD in front:
    /// here the player can push either box first, and whichever race wins, the whole
    /// solution replays on the level. A start with no first push to split between is left
    /// alone.
    #[test]
    fn the_split_step_solves_from_a_first_push() {
        let text = "########\n#@$  . #\n# $    #\n#.     #\n########\n";
        let level = Level::parse(text).unwrap();
        let board = Board::new(&level, false).unwrap();
        let (solution, stats) = split(&level, &board, &Limits::none());
        let solution = solution.expect("both first pushes can be solved on");
        assert!(stats.expanded > 0);
        assert!(solution.starts_with('R') || solution.starts_with("dR"), "{solution}");
        let checked = Lurd::checked(&level, solution, false).expect("the split's solution replays");
        assert!(checked.pushes >= 4);
        // One box in a corridor: one first push only.
        let level = Level::parse("#######\n#@$  .#\n#######\n").unwrap();
        let board = Board::new(&level, false).unwrap();
        let (solution, stats) = split(&level, &board, &Limits::none());
        assert_eq!((solution, stats.expanded), (None, 0));
    }

    #[test]
    fn optimal_breaks_push_ties_by_moves() {
        // Two boxes, two goals: both matchings take 2 pushes; walking differs.
        let level = "########\n#@     #\n# $  $ #\n# .  . #\n########\n";
        let s = run(level, false, Mode::Optimal).solution.unwrap();
        // Left box first: r D, then u rrr D (7 moves); right box first would take 10.
        assert_eq!((s.pushes, s.moves), (2, 7));
    }

    #[test]
    fn ordered_levels_can_be_proved_unsolvable() {
        // The goals are in a pocket where boxes cannot move sideways: A and B would have to
        // swap places on the row above.
        let crossed = "######\n#@   #\n# AB #\n##ba##\n######\n";
        let s = run(crossed, false, Mode::Optimal);
        assert!(s.solution.is_none());
        assert_eq!(s.unsolved, Some(Unsolved::NoSolution));
        // Letters force the crossed pairing: 4 pushes become 8 (each box's Manhattan distance).
        let room = "#########\n#@      #\n# A b   #\n#       #\n# B a   #\n#       #\n#########\n";
        assert_eq!(run(room, false, Mode::Optimal).solution.unwrap().pushes, 8);
        assert_eq!(
            run(&room.replace(['A', 'B'], "$").replace(['a', 'b'], "."), false, Mode::Optimal).solution.unwrap().pushes,
            4
        );
        let plain = "######\n#@   #\n# $$ #\n##..##\n######\n";
        assert_eq!(run(plain, true, Mode::Optimal).solution.unwrap().pushes, 2);
    }

    #[test]
    fn any_mode_packs_a_goal_corridor_with_macros_and_replays() {
        // Three goals in a dead-end corridor: each box is carried in by one macro of the
        // race (`--any`'s first race solves it; its statistics are checked alone).
        let level = "#########\n#...    #\n####    #\n#  $$$  #\n#@      #\n#########\n";
        let solved = run(level, false, Mode::Any);
        let lurd = solved.solution.expect("solved");
        let optimal = run(level, false, Mode::Pushes).solution.unwrap();
        assert!(lurd.pushes >= optimal.pushes);
        let board = Board::new(&Level::parse(level).unwrap(), false).unwrap();
        let (problem, result) = race(&board, &Limits::none(), NoObserver);
        let pushes = problem.unfold(result.solution().expect("solved"));
        let text = lay_out(&problem, &pushes);
        assert_eq!(replay(&Level::parse(level).unwrap(), &text, false).unwrap().pushes, optimal.pushes);
        assert!(result.stats.expanded < 10, "one expansion per box: {:?}", result.stats);
    }

    #[test]
    fn any_mode_can_park_the_boxes_first() {
        // A room of four goals: the boxes are parked outside it, then pulled back in.
        let level = Level::parse("#########\n#..     #\n#.. $ $ #\n#  $ $  #\n#  @    #\n#########\n").unwrap();
        let board = Board::new(&level, false).unwrap();
        let (text, stats) = parked(&level, &board, &Limits::none().timeout(Duration::from_secs(20)));
        let lurd = text.expect("the boxes park, and the pulls play back");
        let counted = replay(&level, &lurd, false).expect("the independent replay accepts it");
        assert!(counted.pushes >= 8, "each box at least twice: {}", counted.pushes);
        assert!(stats.expanded > 0);
        // A stop before anything is tried: no plan, nothing searched.
        let mut cancelled = Limits::none();
        cancelled.cancel = Some(Arc::new(AtomicBool::new(true)));
        assert_eq!(parked(&level, &board, &cancelled).0, None);
    }

    #[test]
    fn several_threads_prove_what_one_proves() {
        // Unsolvable (see above), and 8 pushes with the fewest moves among those.
        let crossed = "######\n#@   #\n# AB #\n##ba##\n######\n";
        let room = "#########\n#@      #\n# A b   #\n#       #\n# B a   #\n#       #\n#########\n";
        let fewest = run(room, false, Mode::Optimal).solution.unwrap();
        for threads in [2, 3] {
            let on = |text, mode| {
                solve_parallel(&Level::parse(text).unwrap(), false, mode, threads, &Limits::none(), NoObserver).unwrap()
            };
            assert_eq!(on(crossed, Mode::Pushes).unsolved, Some(Unsolved::NoSolution));
            let s = on(room, Mode::Optimal).solution.expect("solvable");
            assert_eq!((s.pushes, s.moves), (8, fewest.moves));
        }
    }

    #[test]
    fn every_mode_solves_an_easy_level() {
        let level = "#######\n#     #\n# $$@ #\n#  .. #\n#######\n";
        for mode in [Mode::Optimal, Mode::Pushes, Mode::Fast, Mode::Any] {
            let solved = run(level, false, mode);
            assert!(solved.solution.is_some(), "{mode:?}");
            let report = solved.report(&Level::parse(level).unwrap());
            assert_eq!(report.detail.optimal, mode.is_push_optimal());
            assert_eq!((report.algorithm.as_str(), report.stop_name()), (mode.algorithm(), None));
        }
    }
}
