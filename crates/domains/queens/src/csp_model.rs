//! N-Queens as a general CSP for `delve_csp`: variable `c` is the row of column `c`'s queen, and
//! each pair of columns `i < j` is one binary constraint "different rows and different diagonals",
//! i.e. `row_i − row_j ∉ {0, j − i, i − j}` (AIMA's formulation, and the original assignment's:
//! columns as variables, rows as values, no two queens attacking). The `csp`, `csp-mrv-fc` and
//! `mac` algorithms run on it, and the specialised counter and min-conflicts are tested against the
//! general engine on it.

use delve_csp::{Csp, Domain, Relation, Var};
use std::sync::Arc;

/// The binary CSP model of the N×N board (N·(N−1)/2 constraints; the relation of each
/// column distance is shared).
///
/// ```
/// use delve_core::{Limits, NoObserver};
/// use delve_csp::{Config, count};
/// let csp = delve_queens::csp_model(6);
/// assert_eq!(count(&csp, &Config::mrv_fc(), &Limits::none(), NoObserver).count, 4);
/// ```
pub fn csp_model(n: usize) -> Csp {
    let mut csp = Csp::new();
    let vars: Vec<Var> = (0..n).map(|c| csp.add_named_var(format!("col{}", c + 1), Domain::full(n as u32))).collect();
    let relations: Vec<Relation> = (0..n as i64).map(|d| Relation::DiffNotIn(Arc::from([0, d, -d]))).collect();
    for i in 0..n {
        for j in i + 1..n {
            csp.add_binary(vars[i], vars[j], relations[j - i].clone()).expect("distinct known variables");
        }
    }
    csp
}
