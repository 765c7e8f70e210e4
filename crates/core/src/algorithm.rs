//! One name for every systematic search algorithm of the core, and one dispatch: front ends
//! parse an [`Algorithm`] from its name and call [`Algorithm::run`] (or
//! [`Algorithm::run_reversible`], which adds bidirectional search) instead of matching on
//! names themselves.

use crate::cost::Cost;
use crate::cost::Scale;
use crate::informed::{astar, greedy, idastar, weighted_astar, weighted_by};
use crate::observe::Observer;
use crate::outcome::{Limits, SearchResult};
use crate::problem::{Problem, ResultOf, Reversible};
use crate::uninformed::{bfs, bibfs, dfs, dls, iddfs, ils, ucs};
use serde::{Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A systematic search algorithm with its parameters.
///
/// ```
/// use delve_core::prelude::*;
/// let algo: Algorithm = "wastar".parse().unwrap();
/// assert_eq!(algo, Algorithm::WeightedAstar { weight: 2.0 });
/// let p = FnProblem::new(0u32, |&n| [(n + 1, 1u32), (n + 2, 1)], |&n| n == 9);
/// let cost = |a: Algorithm| a.run(&p, &Limits::none(), NoObserver).unwrap().into_solution().unwrap().cost;
/// assert_eq!(cost(Algorithm::Astar), 5);
/// assert_eq!(cost("iddfs".parse().unwrap()), 5);
/// assert!(Algorithm::Bibfs.run(&p, &Limits::none(), NoObserver).is_err()); // needs predecessors
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Algorithm {
    /// Breadth-first graph search (fewest actions).
    Bfs,
    /// Depth-first graph search.
    Dfs,
    /// Depth-limited tree search.
    Dls {
        /// The most actions a path may have.
        limit: usize,
    },
    /// Iterative deepening (fewest actions).
    Iddfs,
    /// Uniform-cost search (cheapest path).
    Ucs,
    /// Iterative lengthening (cheapest path, linear memory).
    Ils,
    /// Bidirectional breadth-first search (fewest actions; needs predecessors).
    Bibfs,
    /// Greedy best-first search on `h`.
    Greedy,
    /// A* (cheapest path with an admissible heuristic).
    Astar,
    /// Weighted A*: cost at most `weight` × the optimum.
    WeightedAstar {
        /// The heuristic's weight (≥ 1).
        weight: f64,
    },
    /// IDA* (cheapest path, linear memory).
    Idastar,
}

impl Algorithm {
    /// Every algorithm's name, as [`FromStr`] accepts and [`fmt::Display`] prints it, with
    /// a one-line description.
    pub const NAMES: [(&'static str, &'static str); 11] = [
        ("bfs", "breadth-first search: fewest actions"),
        ("dfs", "depth-first search: some path"),
        ("dls", "depth-limited search (default limit 50)"),
        ("iddfs", "iterative deepening: fewest actions, little memory"),
        ("ucs", "uniform-cost search: cheapest path"),
        ("ils", "iterative lengthening: cheapest path, little memory"),
        ("bibfs", "bidirectional breadth-first search: fewest actions"),
        ("greedy", "greedy best-first search: fast, not optimal"),
        ("astar", "A*: cheapest path"),
        ("wastar", "weighted A* (default weight 2): at most weight × the cheapest"),
        ("idastar", "IDA*: cheapest path, little memory"),
    ];

    /// The algorithm's short name.
    pub fn name(&self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Dls { .. } => "dls",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Ucs => "ucs",
            Algorithm::Ils => "ils",
            Algorithm::Bibfs => "bibfs",
            Algorithm::Greedy => "greedy",
            Algorithm::Astar => "astar",
            Algorithm::WeightedAstar { .. } => "wastar",
            Algorithm::Idastar => "idastar",
        }
    }

    /// Weighted A* with `weight` in place of its default: every front end's one check that a
    /// weight is given only to `wastar` and is a finite number of at least 1.
    ///
    /// ```
    /// use delve_core::Algorithm;
    /// let wastar: Algorithm = "wastar".parse().unwrap();
    /// assert_eq!(wastar.with_weight(1.5), Ok(Algorithm::WeightedAstar { weight: 1.5 }));
    /// assert!(wastar.with_weight(0.5).is_err());
    /// assert!(Algorithm::Astar.with_weight(1.5).is_err());
    /// ```
    pub fn with_weight(self, weight: f64) -> Result<Self, BadParameter> {
        match self {
            Algorithm::WeightedAstar { .. } if weight.is_finite() && weight >= 1.0 => {
                Ok(Algorithm::WeightedAstar { weight })
            }
            Algorithm::WeightedAstar { .. } => Err(BadParameter::Weight(weight)),
            other => Err(BadParameter::NotTaken { parameter: "weight", algorithm: other.name(), takes: "wastar" }),
        }
    }

    /// Depth-limited search with `limit` in place of its default (only `dls` takes one).
    pub fn with_depth_limit(self, limit: usize) -> Result<Self, BadParameter> {
        match self {
            Algorithm::Dls { .. } => Ok(Algorithm::Dls { limit }),
            other => Err(BadParameter::NotTaken { parameter: "depth limit", algorithm: other.name(), takes: "dls" }),
        }
    }

    /// Whether the algorithm returns a cheapest path (given an admissible heuristic where it
    /// uses one).
    pub fn is_cost_optimal(&self) -> bool {
        matches!(self, Algorithm::Ucs | Algorithm::Ils | Algorithm::Astar | Algorithm::Idastar)
    }

    /// Whether the algorithm keeps only the current path (depth-first family), so a domain
    /// may hand it a tree-search formulation.
    pub fn is_depth_first(&self) -> bool {
        matches!(self, Algorithm::Dls { .. } | Algorithm::Iddfs | Algorithm::Ils | Algorithm::Idastar)
    }

    /// Runs the algorithm on `problem`, whatever its cost type. Two cannot run here:
    /// [`Algorithm::Bibfs`] needs predecessors (`Err(CannotRun::NeedsPredecessors)`; use
    /// [`Algorithm::run_reversible`]), and [`Algorithm::WeightedAstar`] needs costs that
    /// scale by a real weight (`Err(CannotRun::CostsDoNotScale)` for pairs such as
    /// [`Lex`](crate::Lex)).
    ///
    /// ```
    /// use delve_core::prelude::*;
    /// use delve_core::{CannotRun, Lex};
    /// // Fewest steps, then the least toll: a `Lex` pair of costs.
    /// let p = FnProblem::new(0u32, |&n| [(n + 1, Lex(1u32, 2u32)), (n + 2, Lex(1, 5))], |&n| n == 4);
    /// let out = "astar".parse::<Algorithm>()?.run(&p, &Limits::none(), NoObserver)?;
    /// assert_eq!(out.solution().unwrap().cost, Lex(2, 10));
    /// let wastar = "wastar".parse::<Algorithm>()?.run(&p, &Limits::none(), NoObserver);
    /// assert_eq!(wastar.err(), Some(CannotRun::CostsDoNotScale));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<P, O>(self, problem: &P, limits: &Limits, observer: O) -> Result<ResultOf<P>, CannotRun>
    where
        P: Problem,
        O: Observer<P::State, P::Cost>,
    {
        Ok(match self {
            Algorithm::Bfs => bfs(problem, limits, observer),
            Algorithm::Dfs => dfs(problem, limits, observer),
            Algorithm::Dls { limit } => dls(problem, limit, limits, observer),
            Algorithm::Iddfs => iddfs(problem, limits, observer),
            Algorithm::Ucs => ucs(problem, limits, observer),
            Algorithm::Ils => ils(problem, limits, observer),
            Algorithm::Bibfs => return Err(CannotRun::NeedsPredecessors),
            Algorithm::Greedy => greedy(problem, limits, observer),
            Algorithm::Astar => astar(problem, limits, observer),
            Algorithm::WeightedAstar { weight } => {
                P::Cost::ZERO.try_scale(weight).ok_or(CannotRun::CostsDoNotScale)?;
                weighted_by(problem, move |h: P::Cost| h.try_scale(weight).unwrap_or(h), limits, observer)
            }
            Algorithm::Idastar => idastar(problem, limits, observer),
        })
    }

    /// Runs the algorithm on a problem that can also be searched backwards: every algorithm,
    /// bidirectional search included.
    pub fn run_reversible<P, O>(
        self,
        problem: &P,
        limits: &Limits,
        observer: O,
    ) -> SearchResult<P::State, P::Action, P::Cost>
    where
        P: Reversible,
        P::Cost: Scale,
        O: Observer<P::State, P::Cost>,
    {
        match self {
            Algorithm::Bibfs => bibfs(problem, limits, observer),
            Algorithm::WeightedAstar { weight } => weighted_astar(problem, weight, limits, observer),
            other => match other.run(problem, limits, observer) {
                Ok(result) => result,
                Err(why) => unreachable!("{other} runs on every problem with scalable costs: {why}"),
            },
        }
    }
}

/// Why [`Algorithm::run`] cannot run an algorithm on a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CannotRun {
    /// Bidirectional search was asked of a problem without predecessors.
    #[error("bidirectional search needs a problem that lists predecessors")]
    NeedsPredecessors,
    /// Weighted A* was asked of a problem whose costs cannot be multiplied by a weight.
    #[error("weighted A* needs costs that can be multiplied by a real weight, not pairs such as `Lex`")]
    CostsDoNotScale,
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Algorithm {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(self.name())
    }
}

/// A parameter an algorithm does not take, or a value it cannot use.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum BadParameter {
    /// A weight below 1, infinite or not a number.
    #[error("weight must be a finite number of at least 1, got {0}")]
    Weight(f64),
    /// A parameter given to an algorithm that does not take it.
    #[error("{parameter} only applies to {takes}, not to {algorithm}")]
    NotTaken {
        /// The parameter ("weight", "depth limit").
        parameter: &'static str,
        /// The algorithm it was given to.
        algorithm: &'static str,
        /// The algorithm that takes it.
        takes: &'static str,
    },
}

/// An algorithm name that is not one of [`Algorithm::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown algorithm `{0}` (expected one of: bfs, dfs, dls, iddfs, ucs, ils, bibfs, greedy, astar, wastar, idastar)"
)]
pub struct UnknownAlgorithm(pub String);

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;
    /// Parses a name (case-insensitive; `a*`, `ida*`, `wa*` accepted). `dls` gets a limit of
    /// 50 and `wastar` a weight of 2; set them on the value for others.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.to_ascii_lowercase().as_str() {
            "bfs" => Algorithm::Bfs,
            "dfs" => Algorithm::Dfs,
            "dls" => Algorithm::Dls { limit: 50 },
            "iddfs" => Algorithm::Iddfs,
            "ucs" => Algorithm::Ucs,
            "ils" => Algorithm::Ils,
            "bibfs" => Algorithm::Bibfs,
            "greedy" => Algorithm::Greedy,
            "astar" | "a*" => Algorithm::Astar,
            "wastar" | "wa*" => Algorithm::WeightedAstar { weight: 2.0 },
            "idastar" | "ida*" => Algorithm::Idastar,
            _ => return Err(UnknownAlgorithm(s.to_string())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_name_parses_back_to_itself() {
        for (name, _) in Algorithm::NAMES {
            let algo: Algorithm = name.parse().unwrap();
            assert_eq!(algo.name(), name);
            assert_eq!(serde_json::to_string(&algo).unwrap(), format!("\"{name}\""));
        }
        assert!("warp".parse::<Algorithm>().is_err());
    }
}
