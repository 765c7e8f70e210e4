//! Models shared by the unit tests.

use crate::{Config, Csp, Domain, Inference, Relation, TieBreak, ValueOrder, Var, VarOrder};
use std::sync::Arc;

/// A model of `k` variables over `0..m`, no constraints yet, and its variables.
pub(crate) fn vars(k: usize, m: u32) -> (Csp, Vec<Var>) {
    let mut csp = Csp::new();
    let v = (0..k).map(|_| csp.add_var(Domain::full(m))).collect();
    (csp, v)
}

/// N-Queens as a binary CSP: variable `c` is the row of column `c`'s queen; every pair of
/// columns differs in row and diagonal. (`delve_queens::csp_model` is the public one; this
/// crate cannot depend on it.)
pub(crate) fn queens(n: usize) -> Csp {
    let (mut csp, v) = vars(n, n as u32);
    for i in 0..n {
        for j in i + 1..n {
            let d = (j - i) as i64;
            csp.add_binary(v[i], v[j], Relation::DiffNotIn(Arc::from([0, d, -d]))).unwrap();
        }
    }
    csp
}

/// Configurations covering every ordering and inference, for tests that run them all.
pub(crate) const CONFIGS: [Config; 5] = [
    Config {
        var_order: VarOrder::Static,
        value_order: ValueOrder::Ascending,
        inference: Inference::None,
        tie_break: TieBreak::Lowest,
        restarts: false,
    },
    Config {
        var_order: VarOrder::Static,
        value_order: ValueOrder::Descending,
        inference: Inference::None,
        tie_break: TieBreak::Lowest,
        restarts: false,
    },
    Config {
        var_order: VarOrder::Mrv,
        value_order: ValueOrder::Lcv,
        inference: Inference::ForwardChecking,
        tie_break: TieBreak::Lowest,
        restarts: false,
    },
    Config {
        var_order: VarOrder::MrvDegree,
        value_order: ValueOrder::Ascending,
        inference: Inference::ForwardChecking,
        tie_break: TieBreak::Lowest,
        restarts: false,
    },
    Config {
        var_order: VarOrder::MrvDegree,
        value_order: ValueOrder::Lcv,
        inference: Inference::Mac,
        tie_break: TieBreak::Lowest,
        restarts: false,
    },
];
