//! Solving one instance: the domain picks its compact state and heuristic, then hands the
//! problem to a generic algorithm of `delve-core`.

use crate::board::Move;
use crate::error::Error;
use crate::heuristic::{Heuristic, LinearConflict, Manhattan};
use crate::notation::{Notation, format_state};
use crate::pdb::AdditivePdb;
use crate::problem::{SlidingProblem, SlidingTree, Trail};
use crate::state::{Bytes, Cells, Grid, Nibbles, Position};
use delve_core::{Limits, Observer, Outcome, SearchResult, Solution, informed, uninformed};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// The search algorithms `solve` offers (all optimal on this puzzle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// A* graph search.
    Astar,
    /// IDA* (iterative-deepening A*): linear memory, the choice for the 15-puzzle.
    Idastar,
    /// Breadth-first search.
    Bfs,
    /// Uniform-cost search.
    Ucs,
    /// Iterative lengthening (cost-limited depth-first) search.
    Ils,
}

impl Algorithm {
    /// Every algorithm, in the order the CLI lists them.
    pub const ALL: [Algorithm; 5] =
        [Algorithm::Astar, Algorithm::Idastar, Algorithm::Bfs, Algorithm::Ucs, Algorithm::Ils];
    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Astar => "astar",
            Algorithm::Idastar => "idastar",
            Algorithm::Bfs => "bfs",
            Algorithm::Ucs => "ucs",
            Algorithm::Ils => "ils",
        }
    }
    /// Whether the algorithm uses the heuristic.
    pub fn informed(self) -> bool {
        matches!(self, Algorithm::Astar | Algorithm::Idastar)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Algorithm::ALL.into_iter().find(|a| a.name() == s).ok_or_else(|| {
            Error::Unsupported(format!("unknown algorithm `{s}` (choose astar, idastar, bfs, ucs or ils)"))
        })
    }
}

/// The heuristic informed searches use.
#[derive(Clone, Debug)]
pub enum HeuristicChoice {
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// An additive pattern database (boards up to 16 cells), built for the same goal.
    Pdb(Arc<AdditivePdb>),
}

impl HeuristicChoice {
    /// The command-line name.
    pub fn name(&self) -> &'static str {
        match self {
            HeuristicChoice::Manhattan => "manhattan",
            HeuristicChoice::LinearConflict => "linear-conflict",
            HeuristicChoice::Pdb(_) => "pdb",
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
{
}
impl<O> SolveObserver for O where
    O: Observer<Position<Nibbles>, u32>
        + Observer<Position<Bytes>, u32>
        + Observer<Trail<Nibbles>, u32>
        + Observer<Trail<Bytes>, u32>
{
}

/// Checks that `start` can reach `goal` (same board, same parity).
pub fn check_solvable(start: &Grid, goal: &Grid, notation: Notation) -> Result<(), Error> {
    if start.board() != goal.board() {
        return Err(Error::Notation(format!(
            "the start is a {} board but the goal a {} board",
            start.board(),
            goal.board()
        )));
    }
    if !start.can_reach(goal) {
        return Err(Error::Unsolvable { start: format_state(start, notation), goal: format_state(goal, notation) });
    }
    Ok(())
}

/// Finds a shortest move sequence from `start` to `goal` with `algorithm`.
///
/// Fails before searching when the instance is unsolvable (wrong parity) or the heuristic
/// does not fit (a pattern database built for another goal, or a board above 16 cells).
/// The solution's states are the boards along the path.
///
/// ```
/// use delve_sliding::{Grid, Board, solve::{solve, Algorithm, HeuristicChoice}, notation::Notation};
/// use delve_core::{Limits, NoObserver};
/// let goal = Grid::standard_goal(Board::new(3, 3).unwrap());
/// let start = Grid::new(goal.board(), vec![8, 1, 3, 4, 0, 2, 7, 6, 5]).unwrap();
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
    let small = start.board().cells() <= 16;
    Ok(match heuristic {
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
        HeuristicChoice::Pdb(db) => {
            if !small {
                return Err(Error::Pdb(format!(
                    "pattern databases cover boards up to 16 cells, not {}",
                    start.board()
                )));
            }
            if db.goal() != goal {
                return Err(Error::Pdb("the pattern database was built for another goal".into()));
            }
            run::<Nibbles, _, _>(start, goal, db.clone(), algorithm, limits, observer)
        }
    })
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
    let board = start.board();
    let problem = SlidingProblem::<C, H>::new(start, goal, h);
    let to_grids = |r: SearchResult<Position<C>, Move, u32>| map_result(r, |p| Grid::from_position(board, p));
    let from_trails = |r: SearchResult<Trail<C>, Move, u32>| map_result(r, |t| Grid::from_position(board, &t.pos));
    match algorithm {
        Algorithm::Astar => to_grids(informed::astar(&problem, limits, observer)),
        Algorithm::Bfs => to_grids(uninformed::bfs(&problem, limits, observer)),
        Algorithm::Ucs => to_grids(uninformed::ucs(&problem, limits, observer)),
        Algorithm::Idastar => from_trails(informed::idastar(&SlidingTree(problem), limits, observer)),
        Algorithm::Ils => from_trails(uninformed::ils(&SlidingTree(problem), limits, observer)),
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
    SearchResult { outcome, stats: r.stats }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::state::replay;
    use delve_core::NoObserver;

    #[test]
    fn every_algorithm_agrees_on_an_easy_instance() {
        let goal = Grid::standard_goal(Board::new(3, 3).unwrap());
        let start = Grid::new(goal.board(), vec![8, 1, 3, 4, 0, 2, 7, 6, 5]).unwrap();
        let space =
            crate::enumerate::enumerate(&goal, u64::MAX, &Limits::none(), &crate::enumerate::NoProgress).unwrap();
        let optimal = space.depth(&start).unwrap();
        for algo in Algorithm::ALL {
            for h in [HeuristicChoice::Manhattan, HeuristicChoice::LinearConflict] {
                let out = solve(&start, &goal, algo, &h, Notation::RowMajor, &Limits::none(), NoObserver).unwrap();
                let sol = out.solution().unwrap();
                assert_eq!(sol.cost, optimal, "{algo}");
                assert_eq!(replay(&start, &sol.actions).unwrap().last(), Some(&goal), "{algo}");
                assert_eq!(sol.states.last(), Some(&goal));
            }
        }
    }

    #[test]
    fn unsolvable_is_refused_before_searching() {
        let goal = Grid::standard_goal(Board::new(3, 3).unwrap());
        let start = Grid::new(goal.board(), vec![2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
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
    }

    #[test]
    fn large_boards_use_bytes() {
        let goal = Grid::standard_goal(Board::new(5, 5).unwrap());
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
        assert!("dfs".parse::<Algorithm>().is_err());
    }
}
