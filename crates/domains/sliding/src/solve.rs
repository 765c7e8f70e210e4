//! Solving instances: the domain's policy (which heuristic for which board, the parity check
//! before any search, the compact state that fits the board, the tree formulation for the
//! depth-first algorithms) around one call of a generic `delve-core` algorithm, and the
//! reports of single and batch solves.
//!
//! Three levels, each built on the one below:
//! - [`solve`]: one search with a given algorithm and heuristic (the dispatch);
//! - [`Solver`]: a goal, an algorithm and a heuristic (chosen by [`HeuristicChoice::choose`]),
//!   reused for any number of starts, with [`SolveReport`]s and parallel batches;
//! - [`solve_one`]: one instance start to finish, refusing an unsolvable one before a
//!   pattern database is loaded or built for it.

use crate::board::{Dims, Move};
use crate::error::Error;
use crate::heuristic::{Heuristic, LinearConflict, Manhattan, Zero};
use crate::notation::{Notation, format_state, label};
use crate::pdb::{AdditivePdb, MAX_PDB_CELLS};
use crate::pdb_idastar::pdb_idastar;
use crate::problem::{SlidingProblem, SlidingTree, Trail};
use crate::state::{Bytes, Cells, Grid, Nibbles, Position};
use delve_core::{
    Algorithm, Bound, Control, Event, Finished, Limits, Live, Meter, Observer, Outcome, OutcomeKind, Report,
    SearchResult, SharedMeter, Solution, Stats, StopReason,
};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// Whether `algorithm` uses the heuristic: greedy best-first, A*, weighted A* and IDA*.
pub fn uses_heuristic(algorithm: Algorithm) -> bool {
    matches!(algorithm, Algorithm::Greedy | Algorithm::Astar | Algorithm::WeightedAstar { .. } | Algorithm::Idastar)
}

/// Whether `algorithm` always returns a shortest solution on the puzzle: the cost-optimal
/// algorithms (the heuristics here are all admissible) and, since every move costs 1, the
/// breadth-first family (BFS, iterative deepening, bidirectional BFS).
pub fn finds_shortest(algorithm: Algorithm) -> bool {
    algorithm.is_cost_optimal() || matches!(algorithm, Algorithm::Bfs | Algorithm::Iddfs | Algorithm::Bibfs)
}

/// The heuristic a user asks for; [`HeuristicChoice::choose`] turns it into the one used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HeuristicRequest {
    /// The domain's pick: a pattern database on 2-D boards of 10 to 25 cells, Manhattan
    /// distance on lines (1×N, N×1: exact there), linear conflict otherwise.
    #[default]
    Auto,
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// An additive pattern database (boards up to 32 cells).
    Pdb,
}

impl HeuristicRequest {
    /// Every request's name, as [`FromStr`] accepts it, with a one-line description.
    pub const NAMES: [(&'static str, &'static str); 4] = [
        (
            "auto",
            "a pattern database on boards of 10 to 25 cells, Manhattan distance on 1xN boards, linear conflict otherwise",
        ),
        ("manhattan", "Manhattan distance"),
        ("linear-conflict", "Manhattan distance plus linear conflicts"),
        ("pdb", "additive pattern database (boards up to 32 cells; built once and cached)"),
    ];

    /// The name.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicRequest::Auto => "auto",
            HeuristicRequest::Manhattan => "manhattan",
            HeuristicRequest::LinearConflict => "linear-conflict",
            HeuristicRequest::Pdb => "pdb",
        }
    }
}

impl fmt::Display for HeuristicRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for HeuristicRequest {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "auto" => HeuristicRequest::Auto,
            "manhattan" => HeuristicRequest::Manhattan,
            "linear-conflict" | "lc" => HeuristicRequest::LinearConflict,
            "pdb" => HeuristicRequest::Pdb,
            _ => {
                return Err(Error::Unsupported(format!(
                    "unknown heuristic `{s}` (expected one of: auto, manhattan, linear-conflict, pdb)"
                )));
            }
        })
    }
}

/// The heuristic a search uses.
#[derive(Clone, Debug)]
pub enum HeuristicChoice {
    /// None (h = 0): what the uninformed algorithms get.
    None,
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// An additive pattern database (boards up to 32 cells), built for the same goal.
    Pdb(Arc<AdditivePdb>),
}

impl HeuristicChoice {
    /// The name reports use.
    pub fn name(&self) -> &'static str {
        match self {
            HeuristicChoice::None => "none",
            HeuristicChoice::Manhattan => "manhattan",
            HeuristicChoice::LinearConflict => "linear-conflict",
            HeuristicChoice::Pdb(_) => "pdb",
        }
    }

    /// The domain's policy: no heuristic for an algorithm that does not use one; the one
    /// asked for otherwise, where `Auto` is a pattern database on 2-D boards of 10 to 25 cells
    /// (where one pays for itself and fits: the 24-puzzle's 6-6-6-6 tables are 510 MB),
    /// Manhattan distance on lines (where the tiles never pass each other, so it counts
    /// exactly the blank's moves) and linear conflict on the others. `pdb` supplies the
    /// database for `goal` (loading or building it); it is called only when the policy picks
    /// one. A pattern database asked for a line or a board above 32 cells is an error.
    ///
    /// ```
    /// use delve_sliding::{Dims, Grid, solve::{HeuristicChoice, HeuristicRequest}};
    /// use delve_core::Algorithm;
    /// let goal = Grid::standard_goal(Dims::new(3, 3).unwrap());
    /// let no_pdb = |_: &Grid| unreachable!("3x3 gets linear conflict");
    /// let h = HeuristicChoice::choose(HeuristicRequest::Auto, Algorithm::Idastar, &goal, no_pdb).unwrap();
    /// assert_eq!(h.name(), "linear-conflict");
    /// let h = HeuristicChoice::choose(HeuristicRequest::Pdb, Algorithm::Bfs, &goal, no_pdb).unwrap();
    /// assert_eq!(h.name(), "none");
    /// ```
    pub fn choose(
        request: HeuristicRequest,
        algorithm: Algorithm,
        goal: &Grid,
        pdb: impl FnOnce(&Grid) -> Result<Arc<AdditivePdb>, Error>,
    ) -> Result<HeuristicChoice, Error> {
        let cells = goal.dims().cells();
        Ok(match request {
            _ if !uses_heuristic(algorithm) => HeuristicChoice::None,
            HeuristicRequest::Manhattan => HeuristicChoice::Manhattan,
            HeuristicRequest::LinearConflict => HeuristicChoice::LinearConflict,
            HeuristicRequest::Auto if goal.dims().is_line() => HeuristicChoice::Manhattan,
            HeuristicRequest::Auto if !(10..=25).contains(&cells) => HeuristicChoice::LinearConflict,
            HeuristicRequest::Pdb if goal.dims().is_line() => return Err(crate::pdb::line_refusal(goal.dims())),
            HeuristicRequest::Auto | HeuristicRequest::Pdb => {
                if cells > MAX_PDB_CELLS {
                    return Err(Error::Pdb(format!(
                        "pattern databases cover boards up to {MAX_PDB_CELLS} cells, not {}; use the \
                         linear-conflict heuristic",
                        goal.dims()
                    )));
                }
                HeuristicChoice::Pdb(pdb(goal)?)
            }
        })
    }

    /// Checks that the heuristic fits `goal`: a pattern database must be built for it (and
    /// so for a board of at most 32 cells).
    fn check(&self, goal: &Grid) -> Result<(), Error> {
        match self {
            HeuristicChoice::Pdb(_) if goal.dims().cells() > MAX_PDB_CELLS => Err(Error::Pdb(format!(
                "pattern databases cover boards up to {MAX_PDB_CELLS} cells, not {}",
                goal.dims()
            ))),
            HeuristicChoice::Pdb(db) if db.goal() != goal => {
                Err(Error::Pdb("the pattern database was built for another goal".into()))
            }
            _ => Ok(()),
        }
    }
}

/// Observers `solve` can report to: one per state representation it may pick. Every
/// observer generic over the state type (like [`delve_core::NoObserver`]) qualifies.
pub trait SolveObserver:
    Observer<Position<Nibbles>, u32>
    + Observer<Position<Bytes>, u32>
    + Observer<Trail<Nibbles>, u32>
    + Observer<Trail<Bytes>, u32>
    + Observer<Grid, u32>
    + Send
{
}
impl<O> SolveObserver for O where
    O: Observer<Position<Nibbles>, u32>
        + Observer<Position<Bytes>, u32>
        + Observer<Trail<Nibbles>, u32>
        + Observer<Trail<Bytes>, u32>
        + Observer<Grid, u32>
        + Send
{
}

/// Checks that `start` can reach `goal` (same board; same parity on a 2-D board, same tile
/// order on a line); the error names both in `notation` and says why.
pub fn check_solvable(start: &Grid, goal: &Grid, notation: Notation) -> Result<(), Error> {
    if start.dims() != goal.dims() {
        return Err(Error::Notation(format!(
            "the start is a {} board but the goal a {} board",
            start.dims(),
            goal.dims()
        )));
    }
    match unsolvable_reason(start, goal, notation) {
        Some(reason) => {
            Err(Error::Unsolvable { start: format_state(start, notation), goal: format_state(goal, notation), reason })
        }
        None => Ok(()),
    }
}

/// Why `start` cannot reach `goal` (a grid of the same board), with tiles written in
/// `notation`; `None` when it can.
///
/// ```
/// use delve_sliding::{Dims, notation::{Notation, parse_state}, solve::unsolvable_reason};
/// let line = Some(Dims::new(1, 4).unwrap());
/// let (goal, _) = parse_state("B234", line).unwrap();
/// let (start, _) = parse_state("32B4", line).unwrap();
/// let why = unsolvable_reason(&start, &goal, Notation::Keypad).unwrap();
/// assert!(why.contains("never pass each other") && why.contains("324 here, 234 in the goal"), "{why}");
/// let (start, _) = parse_state("23B4", line).unwrap();
/// assert_eq!(unsolvable_reason(&start, &goal, Notation::Keypad), None);
/// ```
pub fn unsolvable_reason(start: &Grid, goal: &Grid, notation: Notation) -> Option<String> {
    if start.can_reach(goal) {
        return None;
    }
    Some(if goal.dims().is_line() {
        let order = |g: &Grid| {
            let labels: Vec<String> = g.order().map(|t| label(t, notation)).collect();
            labels.join(if notation == Notation::Keypad { "" } else { " " })
        };
        format!(
            "on a {} board the tiles never pass each other (only the blank moves), so their order \
             must already be the goal's: {} here, {} in the goal",
            goal.dims(),
            order(start),
            order(goal)
        )
    } else {
        "its permutation parity differs (they are an odd number of tile swaps apart), and sliding moves never \
         change that"
            .to_string()
    })
}

/// The few words a one-line-per-state listing gives an unsolvable state of `board`: the
/// short form of [`unsolvable_reason`].
pub fn unsolvable_hint(board: Dims) -> &'static str {
    if board.is_line() { "tile order differs from the goal's" } else { "wrong parity for this goal" }
}

/// Finds a move sequence from `start` to `goal` with any of the core's algorithms.
///
/// Fails before searching when the instance is unsolvable (wrong parity) or the heuristic
/// does not fit (a pattern database built for another goal, or a board above 16 cells).
/// The depth-first algorithms ([`Algorithm::is_depth_first`]) search the tree formulation
/// ([`SlidingTree`]: no move that undoes the previous one), the others the graph
/// ([`SlidingProblem`], which can also be searched backwards, so bidirectional search works).
/// The solution's states are the boards along the path.
///
/// ```
/// use delve_sliding::{Grid, Dims, solve::{solve, HeuristicChoice}, notation::Notation};
/// use delve_core::{Algorithm, Limits, NoObserver};
/// let goal = Grid::standard_goal(Dims::new(3, 3).unwrap());
/// let start = Grid::new(goal.dims(), vec![8, 1, 3, 4, 0, 2, 7, 6, 5]).unwrap();
/// let out = solve(&start, &goal, Algorithm::Idastar, &HeuristicChoice::LinearConflict,
///                 Notation::RowMajor, &Limits::none(), NoObserver).unwrap();
/// assert_eq!(out.solution().unwrap().cost, 14);
/// ```
pub fn solve<O: SolveObserver>(
    start: &Grid,
    goal: &Grid,
    algorithm: Algorithm,
    heuristic: &HeuristicChoice,
    notation: Notation,
    limits: &Limits,
    observer: O,
) -> Result<SearchResult<Grid, Move, u32>, Error> {
    check_solvable(start, goal, notation)?;
    heuristic.check(goal)?;
    Ok(search(start, goal, algorithm, heuristic, limits, observer))
}

/// The search of a checked instance: the cell storage that fits the board, the heuristic.
fn search<O: SolveObserver>(
    start: &Grid,
    goal: &Grid,
    algorithm: Algorithm,
    heuristic: &HeuristicChoice,
    limits: &Limits,
    observer: O,
) -> SearchResult<Grid, Move, u32> {
    let small = start.dims().cells() <= Nibbles::CAPACITY;
    match heuristic {
        HeuristicChoice::None if small => run::<Nibbles, _, _>(start, goal, Zero, algorithm, limits, observer),
        HeuristicChoice::None => run::<Bytes, _, _>(start, goal, Zero, algorithm, limits, observer),
        HeuristicChoice::Manhattan if small => {
            run::<Nibbles, _, _>(start, goal, Manhattan::new(goal), algorithm, limits, observer)
        }
        HeuristicChoice::Manhattan => {
            run::<Bytes, _, _>(start, goal, Manhattan::new(goal), algorithm, limits, observer)
        }
        HeuristicChoice::LinearConflict if small => {
            run::<Nibbles, _, _>(start, goal, LinearConflict::new(goal), algorithm, limits, observer)
        }
        HeuristicChoice::LinearConflict => {
            run::<Bytes, _, _>(start, goal, LinearConflict::new(goal), algorithm, limits, observer)
        }
        HeuristicChoice::Pdb(db) if parallel_search(algorithm, heuristic, goal) => {
            pdb_idastar(start, db, limits, observer)
        }
        HeuristicChoice::Pdb(db) if small => run::<Nibbles, _, _>(start, goal, db.clone(), algorithm, limits, observer),
        HeuristicChoice::Pdb(db) => run::<Bytes, _, _>(start, goal, db.clone(), algorithm, limits, observer),
    }
}

/// Whether a search runs on every thread by itself: IDA* over a pattern database above 16
/// cells ([`pdb_idastar`], the 24-puzzle's search). A batch of such searches runs one at a
/// time.
fn parallel_search(algorithm: Algorithm, heuristic: &HeuristicChoice, goal: &Grid) -> bool {
    algorithm == Algorithm::Idastar && matches!(heuristic, HeuristicChoice::Pdb(_)) && goal.dims().cells() > 16
}

fn run<C, H, O>(
    start: &Grid,
    goal: &Grid,
    h: H,
    algorithm: Algorithm,
    limits: &Limits,
    observer: O,
) -> SearchResult<Grid, Move, u32>
where
    C: Cells,
    H: Heuristic<C>,
    O: Observer<Position<C>, u32> + Observer<Trail<C>, u32>,
{
    let board = start.dims();
    let problem = SlidingProblem::<C, H>::new(start, goal, h);
    if algorithm.is_depth_first() {
        let tree = SlidingTree(problem);
        match algorithm.run(&tree, limits, observer) {
            Ok(result) => map_result(result, |t| Grid::from_position(board, &t.pos)),
            Err(why) => unreachable!("a depth-first search runs on every problem: {why}"),
        }
    } else {
        map_result(algorithm.run_reversible(&problem, limits, observer), |p| Grid::from_position(board, p))
    }
}

fn map_result<S, T>(r: SearchResult<S, Move, u32>, f: impl Fn(&S) -> T) -> SearchResult<T, Move, u32> {
    let map_solution = |s: Solution<S, Move, u32>| Solution {
        states: s.states.iter().map(&f).collect(),
        actions: s.actions,
        cost: s.cost,
    };
    let outcome = match r.outcome {
        Outcome::Solved(s) => Outcome::Solved(map_solution(s)),
        Outcome::NoSolution => Outcome::NoSolution,
        Outcome::Stopped { reason, best_so_far } => {
            Outcome::Stopped { reason, best_so_far: best_so_far.map(map_solution) }
        }
    };
    SearchResult { algorithm: r.algorithm, outcome, stats: r.stats }
}

/// A solve's fields of a report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveDetail {
    /// The board, as `MxN`.
    pub board: String,
    /// The start, in the input's notation.
    pub start: String,
    /// The goal, in the same notation.
    pub goal: String,
    /// The heuristic the search used (`none` for the uninformed algorithms).
    pub heuristic: String,
    /// The number of moves of the solution found.
    pub moves: Option<u32>,
    /// True when a solution was found by an algorithm that guarantees the fewest moves.
    pub optimal: bool,
    /// The moves (each the direction the blank travels).
    pub path: Option<Vec<Move>>,
    /// The boards along the path, start first.
    pub states: Option<Vec<String>>,
    /// Why the instance cannot be solved, when the parity check refused it (no search ran).
    pub unsolvable: Option<String>,
}

/// What `solve --json` prints for one instance: the core's report with [`SolveDetail`].
pub type SolveReport = Report<SolveDetail>;

/// A solved (or refused, or stopped) instance: its report, and the path with its boards.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The report.
    pub report: SolveReport,
    /// The solution, when one was found.
    pub solution: Option<Solution<Grid, Move, u32>>,
}

/// How an instance is to be solved: the algorithm and the heuristic asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Method {
    /// The search algorithm.
    pub algorithm: Algorithm,
    /// The heuristic asked for (used only by the algorithms that use one).
    pub heuristic: HeuristicRequest,
}

/// A goal with the algorithm and heuristic to reach it, reused for any number of starts.
#[derive(Clone, Debug)]
pub struct Solver {
    goal: Grid,
    notation: Notation,
    algorithm: Algorithm,
    heuristic: HeuristicChoice,
}

impl Solver {
    /// A solver with a given heuristic; states are written in `notation` in its reports.
    /// Fails when the heuristic does not fit the goal.
    pub fn new(
        goal: &Grid,
        notation: Notation,
        algorithm: Algorithm,
        heuristic: HeuristicChoice,
    ) -> Result<Solver, Error> {
        heuristic.check(goal)?;
        Ok(Solver { goal: goal.clone(), notation, algorithm, heuristic })
    }

    /// A solver whose heuristic the domain's policy picks ([`HeuristicChoice::choose`]);
    /// `pdb` is called only when the policy picks a pattern database.
    pub fn choose(
        goal: &Grid,
        notation: Notation,
        method: Method,
        pdb: impl FnOnce(&Grid) -> Result<Arc<AdditivePdb>, Error>,
    ) -> Result<Solver, Error> {
        let heuristic = HeuristicChoice::choose(method.heuristic, method.algorithm, goal, pdb)?;
        Solver::new(goal, notation, method.algorithm, heuristic)
    }

    /// The goal.
    pub fn goal(&self) -> &Grid {
        &self.goal
    }
    /// The algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }
    /// The heuristic.
    pub fn heuristic(&self) -> &HeuristicChoice {
        &self.heuristic
    }
    /// The notation of the reports.
    pub fn notation(&self) -> Notation {
        self.notation
    }
    /// The name of the heuristic the searches use: `none` for an algorithm that ignores it.
    pub fn heuristic_name(&self) -> &'static str {
        if uses_heuristic(self.algorithm) { self.heuristic.name() } else { "none" }
    }

    /// Searches from `start`; `Err` when it cannot reach the goal (see [`check_solvable`]).
    pub fn search<O: SolveObserver>(
        &self,
        start: &Grid,
        limits: &Limits,
        observer: O,
    ) -> Result<SearchResult<Grid, Move, u32>, Error> {
        check_solvable(start, &self.goal, self.notation)?;
        Ok(search(start, &self.goal, self.algorithm, &self.heuristic, limits, observer))
    }

    /// Solves from `start`: an instance with the other parity gets a `no_solution` report
    /// saying why, without searching; `Err` only for a start on another board.
    ///
    /// ```
    /// use delve_sliding::{Dims, Grid, solve::{HeuristicChoice, Solver}, notation::Notation};
    /// use delve_core::{Algorithm, Limits, NoObserver, OutcomeKind};
    /// let goal = Grid::standard_goal(Dims::new(3, 3).unwrap());
    /// let solver = Solver::new(&goal, Notation::RowMajor, Algorithm::Astar, HeuristicChoice::Manhattan).unwrap();
    /// let start = Grid::new(goal.dims(), vec![1, 2, 3, 4, 5, 6, 7, 0, 8]).unwrap();
    /// let solved = solver.solve(&start, &Limits::none(), NoObserver).unwrap();
    /// assert_eq!((solved.report.detail.moves, solved.report.detail.optimal), (Some(1), true));
    /// let swapped = Grid::new(goal.dims(), vec![2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
    /// let refused = solver.solve(&swapped, &Limits::none(), NoObserver).unwrap();
    /// assert_eq!(refused.report.outcome, OutcomeKind::NoSolution);
    /// assert!(refused.report.detail.unsolvable.is_some());
    /// ```
    pub fn solve<O: SolveObserver>(&self, start: &Grid, limits: &Limits, observer: O) -> Result<Solved, Error> {
        match self.search(start, limits, observer) {
            Ok(result) => {
                let report = self.report(start, &result);
                Ok(Solved { report, solution: result.into_solution() })
            }
            Err(e @ Error::Unsolvable { .. }) => Ok(Solved { report: self.refusal(start, &e), solution: None }),
            Err(e) => Err(e),
        }
    }

    /// The report of `result`, a search from `start`.
    pub fn report(&self, start: &Grid, result: &SearchResult<Grid, Move, u32>) -> SolveReport {
        let solution = result.solution();
        let detail = SolveDetail {
            board: start.dims().to_string(),
            start: format_state(start, self.notation),
            goal: format_state(&self.goal, self.notation),
            heuristic: self.heuristic_name().to_string(),
            moves: solution.map(|s| s.cost),
            optimal: solution.is_some() && finds_shortest(self.algorithm),
            path: solution.map(|s| s.actions.clone()),
            states: solution.map(|s| s.states.iter().map(|g| format_state(g, self.notation)).collect()),
            unsolvable: None,
        };
        result.report(detail)
    }

    /// The report of an instance the parity check refused with `why`.
    fn refusal(&self, start: &Grid, why: &Error) -> SolveReport {
        let detail = SolveDetail {
            board: start.dims().to_string(),
            start: format_state(start, self.notation),
            goal: format_state(&self.goal, self.notation),
            heuristic: self.heuristic_name().to_string(),
            moves: None,
            optimal: false,
            path: None,
            states: None,
            unsolvable: Some(why.to_string()),
        };
        Report::from_parts(self.algorithm.name(), OutcomeKind::NoSolution, None, Default::default(), detail)
    }

    /// Solves every start in parallel (rayon's threads), each with the whole of `limits`
    /// (its own time and node budget; the cancellation flag stops them all). `starts` pairs
    /// each start with a number the report carries (its line in a file). Instances with the
    /// other parity are refused, not searched.
    ///
    /// Reports through `observer`: `Event::Progress` with the phase `"solving"`, counting
    /// finished instances. If the observer stops the batch, the instances not yet started
    /// are reported as stopped. The batch's statistics add up the instances' (the largest
    /// frontier is the largest of any), with the batch's wall time; it is `solved` when
    /// every instance is, else stopped if any was, else `no_solution`.
    ///
    /// A search that runs on every thread by itself (IDA* over a pattern database above 16
    /// cells: the 24-puzzle) takes the instances one at a time, so each one's time is its
    /// own; the observer then also sees each search's iterations (`Event::Iteration` with
    /// its bound, the statistics counting every node so far) and progress (phases
    /// `"instance I of N, bound B"`).
    pub fn solve_batch<O>(&self, starts: &[(usize, Grid)], limits: &Limits, observer: O) -> Result<BatchReport, Error>
    where
        O: Observer<(), u64> + Send,
    {
        if let Some((i, (line, g))) = starts.iter().enumerate().find(|(_, (_, g))| g.dims() != self.goal.dims()) {
            return Err(Error::Notation(format!(
                "instance {} (line {line}): a {} board, but the goal is a {} board",
                i + 1,
                g.dims(),
                self.goal.dims()
            )));
        }
        if parallel_search(self.algorithm, &self.heuristic, &self.goal) {
            return Ok(self.solve_in_turn(starts, limits, observer));
        }
        // The batch's own meter only reports progress: its clock honours the cancel flag,
        // not the per-instance budgets.
        let batch_limits = Limits { cancel: limits.cancel.clone(), ..Limits::none() };
        let mut meter = Meter::new(&batch_limits, observer);
        let total = starts.len() as u64;
        let halted = AtomicBool::new(meter.start::<(), u64>(self.algorithm.name()).is_err());
        let shared = SharedMeter::new(meter);
        let finished = AtomicU64::new(0);
        let reports: Vec<SolveReport> = starts
            .par_iter()
            .map(|(_, start)| {
                if halted.load(Relaxed) {
                    let stopped = SearchResult {
                        algorithm: self.algorithm.name(),
                        outcome: Outcome::Stopped { reason: StopReason::Observer, best_so_far: None },
                        stats: Default::default(),
                    };
                    return self.report(start, &stopped);
                }
                let report = match self.solve(start, limits, delve_core::NoObserver) {
                    Ok(solved) => solved.report,
                    Err(_) => unreachable!("every start is on the goal's board"),
                };
                shared.add(report.stats.expanded, report.stats.generated);
                let done = finished.fetch_add(1, Relaxed) + 1;
                if shared.progress::<(), u64>("solving", done, Some(total)).is_err() {
                    halted.store(true, Relaxed);
                }
                report
            })
            .collect();
        let mut meter = shared.into_inner();
        let (outcome, stop_reason) = batch_outcome(&reports);
        let stats = meter.finish_with::<(), u64>(outcome, stop_reason);
        Ok(self.batch_report(starts, reports, stats, rayon::current_num_threads()))
    }

    /// [`Solver::solve_batch`] one instance after another.
    fn solve_in_turn<O: Observer<(), u64> + Send>(
        &self,
        starts: &[(usize, Grid)],
        limits: &Limits,
        observer: O,
    ) -> BatchReport {
        let batch_limits = Limits { cancel: limits.cancel.clone(), ..Limits::none() };
        let mut meter = Meter::new(&batch_limits, observer);
        let total = starts.len() as u64;
        let mut halted = meter.start::<(), u64>(self.algorithm.name()).err();
        let mut reports = Vec::with_capacity(starts.len());
        for (i, (_, start)) in starts.iter().enumerate() {
            if let Some(reason) = halted {
                let stopped = SearchResult {
                    algorithm: self.algorithm.name(),
                    outcome: Outcome::Stopped { reason, best_so_far: None },
                    stats: Default::default(),
                };
                reports.push(self.report(start, &stopped));
                continue;
            }
            let mut forward = Forward { meter: &mut meter, instance: i + 1, total, counted: (0, 0) };
            let report = match self.solve(start, limits, &mut forward) {
                Ok(solved) => solved.report,
                Err(_) => unreachable!("every start is on the goal's board"),
            };
            let (e, g) = forward.counted;
            meter.add(report.stats.expanded.saturating_sub(e), report.stats.generated.saturating_sub(g));
            halted = meter.progress::<(), u64>("solving", i as u64 + 1, Some(total)).err();
            reports.push(report);
        }
        let (outcome, stop_reason) = batch_outcome(&reports);
        let stats = meter.finish_with::<(), u64>(outcome, stop_reason);
        self.batch_report(starts, reports, stats, rayon::current_num_threads())
    }

    /// The report of a batch from its instances' reports (in the order of `starts`), however
    /// they were solved: `batch` holds the batch's wall time and node counts, and `threads`
    /// says how many solved them (the distributed batch reports through this too).
    pub fn batch_report(
        &self,
        starts: &[(usize, Grid)],
        reports: Vec<SolveReport>,
        batch: Stats,
        threads: usize,
    ) -> BatchReport {
        let (outcome, stop_reason) = batch_outcome(&reports);
        let mut stats = batch;
        stats.expanded = reports.iter().map(|r| r.stats.expanded).sum();
        stats.generated = reports.iter().map(|r| r.stats.generated).sum();
        stats.iterations = reports.iter().map(|r| r.stats.iterations).sum();
        stats.max_frontier = reports.iter().map(|r| r.stats.max_frontier).max().unwrap_or(0);
        let detail = BatchDetail {
            board: self.goal.dims().to_string(),
            goal: format_state(&self.goal, self.notation),
            heuristic: self.heuristic_name().to_string(),
            instances: reports.len(),
            solved_instances: reports.iter().filter(|r| r.solved).count(),
            threads,
            results: starts
                .iter()
                .zip(reports)
                .enumerate()
                .map(|(i, ((line, _), report))| BatchEntry { instance: i + 1, line: *line, report })
                .collect(),
        };
        Report::from_parts(self.algorithm.name(), outcome, stop_reason, stats, detail)
    }
}

/// Hands one search's iterations and progress to a batch's meter, as the batch's own.
struct Forward<'m, 'a, O> {
    meter: &'m mut Meter<'a, O>,
    instance: usize,
    total: u64,
    /// The search's (expanded, generated) already added to the batch.
    counted: (u64, u64),
}

impl<S, O: Observer<(), u64>> Observer<S, u32> for Forward<'_, '_, O> {
    fn on_event(&mut self, event: &Event<'_, S, u32>, live: &Live) -> Control {
        match event {
            Event::Iteration { index, bound } => {
                let s = live.stats();
                self.meter.add(s.expanded - self.counted.0, s.generated - self.counted.1);
                self.counted = (s.expanded, s.generated);
                let bound = match *bound {
                    Bound::Cost(c) => Bound::Cost(c as u64),
                    Bound::Depth(d) => Bound::Depth(d),
                    Bound::None => Bound::None,
                };
                self.meter.emit::<(), u64>(Event::Iteration { index: *index, bound })
            }
            Event::Progress { phase, done, total } => {
                let phase = format!("instance {} of {}, {phase}", self.instance, self.total);
                match self.meter.progress::<(), u64>(&phase, *done, *total) {
                    Ok(()) => Control::Continue,
                    Err(_) => Control::Stop,
                }
            }
            _ => Control::Continue,
        }
    }
}

/// How a batch ended: solved when every instance is, else stopped if any was (with the
/// first reason), else `no_solution`.
fn batch_outcome(reports: &[SolveReport]) -> (OutcomeKind, Option<StopReason>) {
    let outcome = if reports.iter().all(|r| r.solved) {
        OutcomeKind::Solved
    } else if reports.iter().any(|r| r.outcome == OutcomeKind::Stopped) {
        OutcomeKind::Stopped
    } else {
        OutcomeKind::NoSolution
    };
    (outcome, reports.iter().find_map(|r| r.stop_reason))
}

/// One instance of a [`BatchReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BatchEntry {
    /// Its place in the batch, from 1 (Korf's instance number for `korf100.txt`).
    pub instance: usize,
    /// The number the caller gave the instance (its line in the file), to find it again.
    pub line: usize,
    /// Its report.
    #[serde(flatten)]
    pub report: SolveReport,
}

/// A batch's fields of a report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BatchDetail {
    /// The board, as `MxN`.
    pub board: String,
    /// The goal.
    pub goal: String,
    /// The heuristic the searches used.
    pub heuristic: String,
    /// Number of instances.
    pub instances: usize,
    /// How many were solved.
    pub solved_instances: usize,
    /// Threads the instances were spread over.
    pub threads: usize,
    /// Every instance's report, in the order given.
    pub results: Vec<BatchEntry>,
}

/// What `solve --from-file --json` prints: the core's report with [`BatchDetail`].
pub type BatchReport = Report<BatchDetail>;

/// Solves one instance start to finish: refuses it (a `no_solution` report saying why)
/// before anything else when it cannot reach `goal`, so no pattern database is loaded or
/// built for it; otherwise picks the heuristic ([`HeuristicChoice::choose`]; `pdb` supplies
/// a pattern database when the policy picks one) and searches.
///
/// ```
/// use delve_sliding::{solve::{solve_one, Method, HeuristicRequest}, notation::{Notation, parse_state, default_goal}};
/// use delve_core::{Algorithm, Limits, NoObserver};
/// let (start, notation) = parse_state("9B6358247", None).unwrap();
/// let goal = default_goal(start.dims(), notation);
/// let method = Method { algorithm: Algorithm::Idastar, heuristic: HeuristicRequest::Auto };
/// let no_pdb = |_: &_| unreachable!("3x3 gets linear conflict");
/// let solved = solve_one(&start, &goal, notation, method, no_pdb, &Limits::none(), NoObserver).unwrap();
/// assert_eq!(solved.report.detail.moves, Some(27));
/// assert_eq!(solved.report.detail.heuristic, "linear-conflict");
/// ```
pub fn solve_one<O: SolveObserver>(
    start: &Grid,
    goal: &Grid,
    notation: Notation,
    method: Method,
    pdb: impl FnOnce(&Grid) -> Result<Arc<AdditivePdb>, Error>,
    limits: &Limits,
    observer: O,
) -> Result<Solved, Error> {
    match check_solvable(start, goal, notation) {
        Err(e @ Error::Unsolvable { .. }) => {
            let solver = Solver::new(goal, notation, method.algorithm, HeuristicChoice::None)?;
            Ok(Solved { report: solver.refusal(start, &e), solution: None })
        }
        Err(e) => Err(e),
        Ok(()) => Solver::choose(goal, notation, method, pdb)?.solve(start, limits, observer),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dims;
    use crate::state::replay;
    use delve_core::NoObserver;

    #[test]
    fn every_algorithm_agrees_on_an_easy_instance() {
        let goal = Grid::standard_goal(Dims::new(3, 3).unwrap());
        let start = Grid::new(goal.dims(), vec![1, 2, 3, 4, 0, 6, 7, 5, 8]).unwrap();
        let space = crate::enumerate::enumerate(&goal, u64::MAX, &Limits::none(), NoObserver).unwrap();
        let optimal = space.depth(&start).unwrap();
        for (name, _) in Algorithm::NAMES {
            let algo: Algorithm = name.parse().unwrap();
            for h in [HeuristicChoice::None, HeuristicChoice::Manhattan, HeuristicChoice::LinearConflict] {
                let out = solve(&start, &goal, algo, &h, Notation::RowMajor, &Limits::none(), NoObserver).unwrap();
                let sol = out.solution().unwrap_or_else(|| panic!("{algo} {}", h.name()));
                if finds_shortest(algo) {
                    assert_eq!(sol.cost, optimal, "{algo} {}", h.name());
                }
                assert_eq!(sol.cost as usize, sol.len());
                assert_eq!(replay(&start, &sol.actions).unwrap(), sol.states, "{algo}");
                assert_eq!(sol.states.last(), Some(&goal));
            }
        }
    }

    #[test]
    fn unsolvable_is_refused_before_searching() {
        let goal = Grid::standard_goal(Dims::new(3, 3).unwrap());
        let start = Grid::new(goal.dims(), vec![2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        let err = solve(
            &start,
            &goal,
            Algorithm::Bfs,
            &HeuristicChoice::Manhattan,
            Notation::RowMajor,
            &Limits::none(),
            NoObserver,
        )
        .unwrap_err();
        assert!(err.to_string().starts_with("unsolvable: 2 1 3 4 5 6 7 8 0 cannot reach"), "{err}");
        // The one-instance path refuses it before asking for a pattern database.
        let method = Method { algorithm: Algorithm::Idastar, heuristic: HeuristicRequest::Pdb };
        let no_pdb = |_: &Grid| -> Result<Arc<AdditivePdb>, Error> { panic!("no database for an unsolvable instance") };
        let solved = solve_one(&start, &goal, Notation::RowMajor, method, no_pdb, &Limits::none(), NoObserver).unwrap();
        let json = serde_json::to_value(&solved.report).unwrap();
        assert_eq!(json["outcome"], "no_solution");
        assert_eq!(json["solved"], false);
        assert!(json["unsolvable"].as_str().unwrap().starts_with("unsolvable: "));
        assert_eq!(json["stats"]["expanded"], 0);
    }

    #[test]
    fn lines_are_solved_by_the_blank_alone() {
        let board = Dims::new(1, 5).unwrap();
        let goal = Grid::standard_goal(board);
        let start = Grid::new(board, vec![0, 1, 2, 3, 4]).unwrap();
        let never = |_: &Grid| -> Result<Arc<AdditivePdb>, Error> { panic!("no database on a line") };
        for algorithm in [Algorithm::Idastar, Algorithm::Bfs, Algorithm::Astar, Algorithm::Bibfs] {
            let method = Method { algorithm, heuristic: HeuristicRequest::Auto };
            let solved =
                solve_one(&start, &goal, Notation::RowMajor, method, never, &Limits::none(), NoObserver).unwrap();
            assert_eq!(solved.report.detail.path, Some(vec![Move::Right; 4]), "{algorithm}");
            let expected = if uses_heuristic(algorithm) { "manhattan" } else { "none" };
            assert_eq!(solved.report.detail.heuristic, expected);
        }
        // 1 3 2 4 . : tiles 2 and 3 would have to pass each other.
        let swapped = Grid::new(board, vec![1, 3, 2, 4, 0]).unwrap();
        let err = check_solvable(&swapped, &goal, Notation::RowMajor).unwrap_err().to_string();
        assert_eq!(
            err,
            "unsolvable: 1 3 2 4 0 cannot reach the goal 1 2 3 4 0 — on a 1x5 board the tiles never pass each \
             other (only the blank moves), so their order must already be the goal's: 1 3 2 4 here, 1 2 3 4 in the goal"
        );
        let column = Dims::new(3, 1).unwrap();
        let moved = Grid::new(column, vec![2, 0, 1]).unwrap();
        assert!(check_solvable(&moved, &Grid::standard_goal(column), Notation::RowMajor).is_err());
        let pdb = HeuristicChoice::choose(HeuristicRequest::Pdb, Algorithm::Idastar, &goal, never);
        assert!(pdb.unwrap_err().to_string().contains("tiles never pass each other"));
        assert_eq!(unsolvable_hint(board), "tile order differs from the goal's");
    }

    #[test]
    fn large_boards_use_bytes() {
        let goal = Grid::standard_goal(Dims::new(5, 5).unwrap());
        let start = goal.apply(Move::Up).unwrap().apply(Move::Left).unwrap().apply(Move::Up).unwrap();
        let out = solve(
            &start,
            &goal,
            Algorithm::Astar,
            &HeuristicChoice::LinearConflict,
            Notation::RowMajor,
            &Limits::none(),
            NoObserver,
        )
        .unwrap();
        assert_eq!(out.solution().unwrap().actions, vec![Move::Down, Move::Right, Move::Down]);
        for algo in ["bibfs", "idastar"] {
            let out = solve(
                &start,
                &goal,
                algo.parse().unwrap(),
                &HeuristicChoice::None,
                Notation::RowMajor,
                &Limits::none(),
                NoObserver,
            )
            .unwrap();
            assert_eq!(out.solution().unwrap().actions, vec![Move::Down, Move::Right, Move::Down], "{algo}");
        }
    }

    #[test]
    fn the_policy_picks_the_heuristic() {
        let goal = |r, c| Grid::standard_goal(Dims::new(r, c).unwrap());
        let fake = |g: &Grid| -> Result<Arc<AdditivePdb>, Error> {
            let small = if g.dims().cells() == 6 { "2-3" } else { "3-3-3-3-3-3-3-3" };
            let p = crate::pdb::Partition::parse(small, g)?;
            Ok(Arc::new(AdditivePdb::build(g, &p, &Limits::none(), NoObserver)?.pdb))
        };
        let choose = |req, algo, g: &Grid| HeuristicChoice::choose(req, algo, g, fake).map(|h| h.name());
        use HeuristicRequest::*;
        // 2x3 (6 cells): auto means linear conflict; a database only when asked.
        assert_eq!(choose(Auto, Algorithm::Idastar, &goal(2, 3)).unwrap(), "linear-conflict");
        assert_eq!(choose(Pdb, Algorithm::Astar, &goal(2, 3)).unwrap(), "pdb");
        assert_eq!(choose(Manhattan, Algorithm::Greedy, &goal(2, 3)).unwrap(), "manhattan");
        assert_eq!(choose(Pdb, Algorithm::Ucs, &goal(2, 3)).unwrap(), "none");
        // 5x5: a database (the 24-puzzle's search); 6x6: none.
        assert_eq!(choose(Auto, Algorithm::Idastar, &goal(5, 5)).unwrap(), "pdb");
        assert_eq!(choose(Auto, Algorithm::Idastar, &goal(6, 6)).unwrap(), "linear-conflict");
        assert!(choose(Pdb, Algorithm::Idastar, &goal(6, 6)).unwrap_err().to_string().contains("up to 32 cells"));
        // A database for another goal is refused.
        let other = fake(&goal(2, 3)).unwrap();
        let keypad = crate::notation::keypad_goal(Dims::new(2, 3).unwrap()).unwrap();
        assert!(Solver::new(&keypad, Notation::Keypad, Algorithm::Astar, HeuristicChoice::Pdb(other)).is_err());
        for (name, _) in HeuristicRequest::NAMES {
            assert_eq!(name.parse::<HeuristicRequest>().unwrap().name(), name);
        }
        assert!("manhatan".parse::<HeuristicRequest>().is_err());
    }

    #[test]
    fn batches_report_every_instance() {
        let goal = Grid::standard_goal(Dims::new(3, 3).unwrap());
        let solver =
            Solver::new(&goal, Notation::RowMajor, Algorithm::Idastar, HeuristicChoice::LinearConflict).unwrap();
        let easy = goal.apply(Move::Up).unwrap();
        let odd = Grid::new(goal.dims(), vec![2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        let hard = Grid::new(goal.dims(), vec![8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
        let starts = vec![(3, easy), (5, odd), (8, hard.clone())];
        let report = solver.solve_batch(&starts, &Limits::none(), NoObserver).unwrap();
        assert_eq!(report.outcome, OutcomeKind::NoSolution);
        assert_eq!((report.detail.instances, report.detail.solved_instances), (3, 2));
        let one = solver.solve(&hard, &Limits::none(), NoObserver).unwrap().report;
        assert_eq!(one.detail.moves, Some(31));
        assert_eq!(report.detail.results[2].report.stats.expanded, one.stats.expanded);
        assert_eq!(report.stats.expanded, report.detail.results.iter().map(|r| r.report.stats.expanded).sum::<u64>());
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["results"][0]["line"], 3);
        assert_eq!(
            (json["results"][0]["instance"].as_u64(), json["results"][2]["instance"].as_u64()),
            (Some(1), Some(3))
        );
        assert_eq!(json["results"][0]["moves"], 1);
        assert_eq!(json["results"][0]["path"], serde_json::json!(["D"]));
        assert!(json["results"][1]["unsolvable"].is_string());
        // A node budget stops the hard one: the batch is stopped, with the reason.
        let report = solver.solve_batch(&starts, &Limits::none().max_expanded(50), NoObserver).unwrap();
        assert_eq!((report.outcome, report.stop_reason), (OutcomeKind::Stopped, Some(StopReason::NodeLimit)));
    }
}
