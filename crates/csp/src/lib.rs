//! # delve-csp
//!
//! A general finite-domain constraint satisfaction engine for delve.
//!
//! - **Model** ([`Csp`]): variables with bitset [`Domain`]s; binary constraints
//!   ([`Relation`]: `=`, `≠`, `<`, `≤`, difference exclusions, any predicate), all-different
//!   (with optional per-variable offsets, which is how N-Queens' diagonals are said), and
//!   arbitrary n-ary predicates.
//! - **Systematic search** ([`solve`], [`count`](fn@count), [`for_each_solution`]): chronological
//!   backtracking configured by a [`Config`] — variable ordering (static, MRV, MRV + degree),
//!   value ordering (ascending, descending, LCV) and inference (none, forward checking,
//!   MAC); [`ac3`] on its own.
//! - **Local search** ([`min_conflicts`](fn@min_conflicts)): min-conflicts with tabu and random-walk escapes
//!   and restarts.
//!
//! | module | what it does |
//! | --- | --- |
//! | [`model`] | the model: variables, domains, binary, all-different and n-ary constraints |
//! | [`solver`] | systematic search: backtracking, ordering, inference, counting |
//! | [`solver::search`] | the backtracking loop over an explicit stack, with restarts |
//! | [`solver::ordering`] | variable ordering (static, MRV, MRV + degree) and value ordering |
//! | [`solver::propagation`] | assigning a value: plain checks, forward checking, MAC |
//! | [`solver::arc_consistency`] | AC-3, on its own and inside MAC |
//! | [`solver::count`](mod@solver::count) | counting and visiting every solution |
//! | [`solver::engine`] | the search state: domains, assignment, trail (internal) |
//! | [`mod@min_conflicts`] | min-conflicts local search with tabu, random walk and restarts |
//!
//! [`Domain`] (a bitset of small values) and [`CspError`] (model-building errors) sit at the
//! crate root.
//!
//! The crate holds no domain: the models live in the domain crates (`delve-queens`'
//! `csp_model`, `delve-sudoku`'s `Sudoku::to_csp`), which use this engine as any caller would.
//!
//! Work is counted and bounded through `delve_core`'s `Meter`, so every solver honours the
//! same [`Limits`](delve_core::Limits) (node budget, deadline, Ctrl-C) and reports the core
//! [`Stats`](delve_core::Stats) plus CSP counters ([`CspCounters`]: assignments, backtracks,
//! constraint checks, pruned values).
//!
//! ```
//! use delve_csp::{Config, Csp, Domain, Relation, count, solve};
//! use delve_core::{Limits, NoObserver};
//! // Three digits a < b < c summing to 12.
//! let mut csp = Csp::new();
//! let [a, b, c] = [(); 3].map(|_| csp.add_var(Domain::full(10)));
//! csp.add_binary(a, b, Relation::Lt).unwrap();
//! csp.add_binary(b, c, Relation::Lt).unwrap();
//! csp.add_predicate(&[a, b, c], |v| v.iter().sum::<u32>() == 12).unwrap();
//! let out = solve(&csp, &Config::plain(), &Limits::none(), &mut NoObserver);
//! assert_eq!(out.solution(), Some(&[0, 3, 9][..])); // the first in lexicographic order
//! let mac = solve(&csp, &Config::mac(), &Limits::none(), &mut NoObserver);
//! assert!(csp.is_solution(mac.solution().unwrap()));
//! assert_eq!(count(&csp, &Config::mac(), &Limits::none(), &mut NoObserver).count, 10);
//! ```

mod domain;
mod error;
pub mod min_conflicts;
pub mod model;
pub mod solver;
#[cfg(test)]
mod test_models;

pub use domain::Domain;
pub use error::CspError;
pub use min_conflicts::{MinConflicts, min_conflicts};
pub use model::{BinaryFn, Constraint, Csp, NaryFn, Relation, Var};
pub use solver::{
    Assignment, Config, CountResult, CspCounters, CspResult, Inference, TieBreak, UNASSIGNED, ValueOrder, VarOrder,
    ac3, count, for_each_solution, solve,
};
