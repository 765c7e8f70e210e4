//! Assigning a value and what is inferred from it: plain backtracking checks the value
//! against the assigned variables only; **forward checking** removes, after each
//! assignment, the values of unassigned neighbours that conflict with it (binary
//! constraints, all-different, and n-ary predicates once a single variable is left open);
//! **MAC** runs AC-3 from the assigned variable's constraints (see
//! [`arc_consistency`](super::arc_consistency)).

use super::engine::{Engine, holds, shifted, to_value};
use super::{Assignment, UNASSIGNED};
use crate::model::{Constraint, Relation};
use delve_core::Observer;

/// What to infer after each assignment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Inference {
    /// Nothing: check the new value against assigned variables only.
    #[default]
    None,
    /// Forward checking.
    ForwardChecking,
    /// Maintaining arc consistency (AC-3 after each assignment, and once before search).
    Mac,
}

impl<O: Observer<Assignment, usize>> Engine<'_, '_, O> {
    /// Assigns `x = a` and infers what the configuration asks; false when that fails.
    pub(super) fn assign(&mut self, x: usize, a: u32) -> bool {
        self.value[x] = a;
        let csp = self.csp;
        for &(c, _) in csp.incidence(x) {
            let c = c as usize;
            self.ucount[c] -= 1;
            if self.ucount[c] == 1
                && let Some(y) = self.remaining_unassigned(c)
            {
                self.degree[y] -= 1;
            }
        }
        match self.cfg.inference {
            Inference::None => csp.incidence(x).iter().all(|&(c, pos)| self.consistent(c as usize, pos as usize, a)),
            Inference::ForwardChecking => {
                csp.incidence(x).iter().all(|&(c, pos)| self.forward(c as usize, pos as usize, a))
            }
            Inference::Mac => {
                if !self.has(x, a) {
                    return false;
                }
                self.keep_only(x, a);
                for &(c, _) in csp.incidence(x) {
                    self.enqueue(c);
                }
                self.propagate()
            }
        }
    }

    /// Undoes the bookkeeping of `assign` (the caller undoes the domains with the trail).
    pub(super) fn unassign(&mut self, x: usize) {
        let csp = self.csp;
        for &(c, _) in csp.incidence(x) {
            let c = c as usize;
            if self.ucount[c] == 1
                && let Some(y) = self.remaining_unassigned(c)
            {
                self.degree[y] += 1;
            }
            self.ucount[c] += 1;
        }
        self.value[x] = UNASSIGNED;
    }

    fn remaining_unassigned(&self, c: usize) -> Option<usize> {
        match &self.csp.constraints()[c] {
            Constraint::Binary { x, y, .. } => [*x, *y].into_iter().find(|&v| self.value[v] == UNASSIGNED),
            Constraint::AllDifferent { vars, .. } | Constraint::Predicate { vars, .. } => {
                vars.iter().copied().find(|&v| self.value[v] == UNASSIGNED)
            }
        }
    }

    /// Plain backtracking's check of `x = a` against the assigned variables of `c`.
    fn consistent(&mut self, c: usize, pos: usize, a: u32) -> bool {
        match &self.csp.constraints()[c] {
            Constraint::Binary { x, y, rel } => {
                let (other, first) = if pos == 0 { (*y, true) } else { (*x, false) };
                let b = self.value[other];
                if b == UNASSIGNED {
                    return true;
                }
                self.counters.checks += 1;
                holds(rel, first, a, b)
            }
            Constraint::AllDifferent { vars, offsets } => {
                let w = i64::from(a) + offsets[pos];
                for (j, &y) in vars.iter().enumerate() {
                    let b = self.value[y];
                    if j != pos && b != UNASSIGNED {
                        self.counters.checks += 1;
                        if i64::from(b) + offsets[j] == w {
                            return false;
                        }
                    }
                }
                true
            }
            Constraint::Predicate { vars, pred } => {
                if self.ucount[c] != 0 {
                    return true;
                }
                self.counters.checks += 1;
                self.tuple.clear();
                self.tuple.extend(vars.iter().map(|&v| self.value[v]));
                pred(&self.tuple)
            }
        }
    }

    /// Forward checking of `x = a` (x at position `pos` of constraint `c`).
    fn forward(&mut self, c: usize, pos: usize, a: u32) -> bool {
        let csp = self.csp;
        match &csp.constraints()[c] {
            Constraint::Binary { x, y, rel } => {
                let (other, first) = if pos == 0 { (*y, true) } else { (*x, false) };
                if self.value[other] != UNASSIGNED {
                    return true;
                }
                self.filter_binary(other, rel, first, a);
                self.size[other] > 0
            }
            Constraint::AllDifferent { vars, offsets } => {
                let w = i64::from(a) + offsets[pos];
                for (j, &y) in vars.iter().enumerate() {
                    if j != pos
                        && self.value[y] == UNASSIGNED
                        && let Some(b) = to_value(w - offsets[j])
                    {
                        self.counters.checks += 1;
                        if self.remove(y, b) && self.size[y] == 0 {
                            return false;
                        }
                    }
                }
                true
            }
            Constraint::Predicate { vars, pred } => match self.ucount[c] {
                0 => {
                    self.counters.checks += 1;
                    self.tuple.clear();
                    self.tuple.extend(vars.iter().map(|&v| self.value[v]));
                    pred(&self.tuple)
                }
                1 => {
                    let Some(y) = self.remaining_unassigned(c) else { return true };
                    let yi = vars.iter().position(|&v| v == y).expect("y is in the constraint");
                    let mut vals = std::mem::take(&mut self.scratch);
                    self.values_into(y, &mut vals);
                    self.tuple.clear();
                    self.tuple.extend(vars.iter().map(|&v| self.value[v]));
                    for &b in &vals {
                        self.tuple[yi] = b;
                        self.counters.checks += 1;
                        if !pred(&self.tuple) {
                            self.remove(y, b);
                        }
                    }
                    self.scratch = vals;
                    self.size[y] > 0
                }
                _ => true,
            },
        }
    }

    /// Removes from `D(y)` the values incompatible with the other side's value `a`
    /// (`a_first`: `a` is the relation's first argument).
    fn filter_binary(&mut self, y: usize, rel: &Relation, a_first: bool, a: u32) {
        match rel {
            Relation::Ne => {
                self.counters.checks += 1;
                self.remove(y, a);
            }
            Relation::Eq => {
                self.counters.checks += 1;
                self.keep_only(y, a);
            }
            Relation::DiffNotIn(ks) => {
                for &k in ks.iter() {
                    // a_first: a - b = k → b = a - k; else b - a = k → b = a + k.
                    if let Some(b) = shifted(a, if a_first { -k } else { k }) {
                        self.counters.checks += 1;
                        self.remove(y, b);
                    }
                }
            }
            _ => {
                let mut vals = std::mem::take(&mut self.scratch);
                self.values_into(y, &mut vals);
                for &b in &vals {
                    self.counters.checks += 1;
                    if !holds(rel, a_first, a, b) {
                        self.remove(y, b);
                    }
                }
                self.scratch = vals;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::model::Relation;
    use crate::solver::for_each_solution;
    use crate::test_models::{CONFIGS, vars};
    use delve_core::{Limits, NoObserver};
    use std::ops::ControlFlow;

    #[test]
    fn predicates_propagate() {
        // x + y + z == 6 over 0..4 with x < y < z: only (0,2,4)... and (1,2,3).
        let (mut csp, v) = vars(3, 5);
        csp.add_predicate(&v, |t| t.iter().sum::<u32>() == 6).unwrap();
        csp.add_binary(v[0], v[1], Relation::Lt).unwrap();
        csp.add_binary(v[1], v[2], Relation::Lt).unwrap();
        for cfg in CONFIGS {
            let mut seen = Vec::new();
            let out = for_each_solution(&csp, &cfg, &Limits::none(), &mut NoObserver, |s| {
                seen.push(s.to_vec());
                ControlFlow::Continue(())
            });
            seen.sort();
            assert_eq!(out.count, 2, "{cfg:?}");
            assert_eq!(seen, vec![vec![0, 2, 4], vec![1, 2, 3]]);
        }
    }
}
