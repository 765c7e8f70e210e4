//! Solving a level in one of the modes, laying the pushes out as LURD, replaying the result
//! with the independent checker, and the report the CLI prints.

use crate::any::{self, Ending, Tally};
use crate::rules::board::Board;
use crate::rules::level::{ErrorKind, Level, ParseError};
use crate::rules::replay::{ReplayError, replay};
use crate::rules::size::{Large, Size, Small};
use crate::search::problem::SokobanProblem;
use crate::search::settings::Settings;
use crate::search::state::{Cost, State};
use delve_core::informed::{greedy, parallel_astar};
use delve_core::{Limits, Observer, OutcomeKind, Stats, StopReason};
use serde::Serialize;
use std::str::FromStr;

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
    /// deadlock table, and the [`crate::any`] portfolio of FESS-style cell-cycling
    /// searches on two threads: a short race (a twelfth of the time limit, 5 s without one),
    /// then two lanes for the time left, one long search beside the steps (sink plans, a
    /// search from each first push, parking plans) and a second search.
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
    /// The search settings of the mode (the presets of [`Settings`]).
    pub fn settings(self) -> Settings {
        match self {
            Mode::Optimal => Settings::optimal(),
            Mode::Pushes => Settings::pushes(),
            Mode::Fast => Settings::fast(),
            Mode::Any => Settings::any(),
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
    pub(crate) fn checked(level: &Level, text: String, ordered: bool) -> Result<Lurd, ReplayError> {
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
pub fn solve<O: SokobanObserver>(
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
pub fn solve_parallel<O: SokobanObserver>(
    level: &Level,
    ordered: bool,
    mode: Mode,
    threads: usize,
    limits: &Limits,
    observer: O,
) -> Result<Solved, SolveError> {
    match Board::<Small>::build(level, ordered) {
        Ok(board) => solve_board(level, board, mode, threads, limits, observer),
        Err(ParseError { kind: ErrorKind::TooLarge { .. }, .. }) => {
            solve_board(level, Board::<Large>::build(level, ordered)?, mode, threads, limits, observer)
        }
        Err(e) => Err(e.into()),
    }
}

/// An observer of the searches of every size class (see [`Size`]): what [`solve`] and
/// [`solve_parallel`] report to. Every observer generic over the state type is one.
pub trait SokobanObserver: Observer<State<Small>, Cost> + Observer<State<Large>, Cost> + Send {}

impl<O: Observer<State<Small>, Cost> + Observer<State<Large>, Cost> + Send> SokobanObserver for O {}

/// [`solve_parallel`] on `board`, compiled from `level` in the size class `Z`.
fn solve_board<Z: Size, O: Observer<State<Z>, Cost> + Send>(
    level: &Level,
    board: Board<Z>,
    mode: Mode,
    threads: usize,
    limits: &Limits,
    observer: O,
) -> Result<Solved, SolveError> {
    let ordered = board.is_ordered();
    if board.hopeless().is_some() {
        return Ok(Solved { mode, solution: None, unsolved: Some(Unsolved::NoSolution), stats: Stats::default() });
    }
    let mut observer = observer;
    let mut tally = Tally::new();
    let ending = if mode == Mode::Any && !ordered {
        any::portfolio(level, &board, limits, &mut observer, &mut tally)
    } else {
        let fork = || SokobanProblem::new(board.clone(), mode.settings());
        let problem = fork();
        let result = parallel_astar(&problem, fork, threads, limits, &mut observer);
        tally.add(&result.stats);
        Ending::of(&problem, &result)
    };
    let ending = match ending {
        // Macros drop some single pushes: only a search without them proves that there is no
        // solution. It gets the time left.
        Ending::NoSolution if mode.settings().macros() => {
            let mut rest = limits.clone();
            rest.time_limit = limits.time_limit.map(|t| t.saturating_sub(tally.stats().elapsed));
            let problem = SokobanProblem::new(board, mode.settings().without_macros());
            let result = greedy(&problem, &rest, &mut observer);
            tally.add(&result.stats);
            Ending::of(&problem, &result)
        }
        ending => ending,
    };
    let (solution, unsolved) = match ending {
        Ending::Solved(text) => (Some(Lurd::checked(level, text, ordered)?), None),
        Ending::NoSolution => (None, Some(Unsolved::NoSolution)),
        Ending::Stopped(reason) => (None, Some(Unsolved::Stopped(reason))),
    };
    // The search's depth is the solution's pushes: one push is one step in push space.
    let stats = Stats { depth: solution.as_ref().map(|l| u64::from(l.pushes)), ..tally.stats() };
    Ok(Solved { mode, solution, unsolved, stats })
}

/// The level's own keys of its report, beside the keys every report shares.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
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

    /// A level of `boxes` boxes in a row, each two pushes above its goal, in an open room
    /// `rows` rows high: `rows * (boxes + 2)` floor squares.
    fn room(boxes: usize, rows: usize) -> String {
        let mut text = format!("{}\n#@{}#\n", "#".repeat(boxes + 4), " ".repeat(boxes + 1));
        text += &format!("# {} #\n#{}#\n", "$".repeat(boxes), " ".repeat(boxes + 2));
        text += &format!("# {} #\n", ".".repeat(boxes));
        for _ in 4..rows {
            text += &format!("#{}#\n", " ".repeat(boxes + 2));
        }
        text + &"#".repeat(boxes + 4) + "\n"
    }

    #[test]
    fn levels_past_the_small_class_are_solved_in_every_mode() {
        // 50 boxes on 624 squares: past the small class on both counts.
        let level = Level::parse(&room(50, 12)).unwrap();
        assert!(Board::new(&level, false).is_err());
        assert_eq!(Board::<Large>::build(&level, false).unwrap().floor(), 624);
        for mode in [Mode::Pushes, Mode::Fast, Mode::Any] {
            // Every solution is replayed by the checker before it is returned.
            let solved = solve(&level, false, mode, &Limits::none(), NoObserver).unwrap();
            let lurd = solved.solution.unwrap_or_else(|| panic!("{mode:?}: {:?}", solved.unsolved));
            assert!(lurd.pushes >= 100, "{mode:?}");
            if mode == Mode::Pushes {
                assert_eq!(lurd.pushes, 100);
            }
        }
        // A limit stops it like any other level.
        let stopped = solve(&level, false, Mode::Optimal, &Limits::none().max_expanded(10), NoObserver).unwrap();
        assert!(matches!(stopped.unsolved, Some(Unsolved::Stopped(StopReason::NodeLimit))), "{:?}", stopped.unsolved);
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
