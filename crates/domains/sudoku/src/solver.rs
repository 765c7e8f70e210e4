//! The solvers offered for Sudoku, each a configuration of the general CSP engine, and the
//! one rule of how they run (min-conflicts' restarts).

use crate::Sudoku;
use delve_core::{Limits, Observer};
use delve_csp::{Assignment, Config, CspResult, Inference, MinConflicts, ValueOrder, VarOrder, min_conflicts};
use std::fmt;
use std::str::FromStr;

/// A Sudoku solver, by its command-line name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Solver {
    /// Backtracking with MRV + degree and maintained arc consistency (hidden singles included).
    Mac,
    /// Backtracking with MRV + degree and forward checking.
    Fc,
    /// Backtracking with MRV + degree, least-constraining value and forward checking.
    FcLcv,
    /// Plain chronological backtracking (slow on hard grids).
    Backtrack,
    /// Min-conflicts local search (incomplete; fine on easy grids).
    MinConflicts,
}

impl Solver {
    /// Every solver, in documentation order.
    pub const ALL: [Solver; 5] = [Solver::Mac, Solver::Fc, Solver::FcLcv, Solver::Backtrack, Solver::MinConflicts];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Solver::Mac => "mac",
            Solver::Fc => "fc",
            Solver::FcLcv => "fc-lcv",
            Solver::Backtrack => "backtrack",
            Solver::MinConflicts => "min-conflicts",
        }
    }

    /// The backtracking configuration (min-conflicts' too: it is what counting uses).
    pub fn config(self) -> Config {
        match self {
            Solver::Mac | Solver::MinConflicts => Config::mac(),
            Solver::Fc => Config::mrv_fc(),
            Solver::FcLcv => Config::mrv_fc().with_values(ValueOrder::Lcv),
            Solver::Backtrack => {
                Config { var_order: VarOrder::Static, inference: Inference::None, ..Config::default() }
            }
        }
    }

    /// Solves `puzzle` within `limits` (`seed` drives min-conflicts), reporting to
    /// `observer`. Min-conflicts cannot prove a grid unsolvable: with a time or node limit it
    /// keeps restarting until that limit, without one it gives up after 50 restarts.
    ///
    /// ```
    /// use delve_core::{Limits, NoObserver};
    /// use delve_sudoku::{Solver, Sudoku};
    /// let grid: Sudoku =
    ///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse().unwrap();
    /// let out = Solver::Fc.solve(&grid, 0, &Limits::none(), NoObserver);
    /// assert!(Sudoku::from_assignment(out.solution().unwrap()).extends(&grid));
    /// ```
    pub fn solve<O: Observer<Assignment, usize>>(
        self,
        puzzle: &Sudoku,
        seed: u64,
        limits: &Limits,
        observer: O,
    ) -> CspResult {
        let csp = puzzle.to_csp();
        match self {
            Solver::MinConflicts => {
                let limited = limits.time_limit.is_some() || limits.max_expanded.is_some();
                let max_restarts = if limited { u64::MAX } else { 50 };
                let cfg = MinConflicts { max_steps: 200_000, max_restarts, ..MinConflicts::default() };
                min_conflicts(&csp, &cfg, seed, limits, observer)
            }
            solver => delve_csp::solve(&csp, &solver.config(), limits, observer),
        }
    }
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A solver name that is not one of [`Solver::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown Sudoku solver `{0}` (expected one of: mac, fc, fc-lcv, backtrack, min-conflicts)")]
pub struct UnknownSolver(pub String);

impl FromStr for Solver {
    type Err = UnknownSolver;
    /// Case-insensitive; `_` may stand for `-`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let key = s.trim().to_ascii_lowercase().replace('_', "-");
        Self::ALL.into_iter().find(|a| a.name() == key).ok_or_else(|| UnknownSolver(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for s in Solver::ALL {
            assert_eq!(s.name().parse::<Solver>(), Ok(s));
        }
        assert_eq!("FC_LCV".parse::<Solver>(), Ok(Solver::FcLcv));
        assert!("dfs".parse::<Solver>().is_err());
    }
}
