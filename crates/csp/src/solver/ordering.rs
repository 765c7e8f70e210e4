//! Variable and value ordering: which unassigned variable to branch on next (static, MRV,
//! MRV + degree, ties lowest or at random) and in which order to try its values (ascending,
//! descending, least-constraining value, shuffled).

use super::engine::{Engine, holds, shifted, to_value};
use super::{Assignment, UNASSIGNED};
use crate::domain::BitIter;
use crate::model::{Constraint, Relation};
use delve_core::Observer;
use rand::Rng as _;
use rand::seq::SliceRandom;

/// Which variable to branch on next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum VarOrder {
    /// The lowest-numbered unassigned variable.
    #[default]
    Static,
    /// Minimum remaining values (smallest current domain); ties: lowest number.
    Mrv,
    /// Minimum remaining values; ties: most constraints with other unassigned variables
    /// (the degree heuristic), then lowest number.
    MrvDegree,
}

/// In which order to try a variable's values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ValueOrder {
    /// Smallest value first.
    #[default]
    Ascending,
    /// Largest value first (what a stack-based search pushing values in increasing order does).
    Descending,
    /// Least-constraining value first: the value that removes the fewest values from the
    /// domains of unassigned neighbours; ties: smallest value.
    Lcv,
    /// A random order from the configuration's seed ([`TieBreak::Random`]; seed 0 otherwise).
    /// With restarts this diversifies runs, which tames heavy-tailed search times.
    Shuffled,
}

/// How ties of the variable ordering are broken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// The lowest-numbered variable: fully deterministic.
    #[default]
    Lowest,
    /// Uniformly at random among the tied variables, from a seeded generator (reproducible).
    /// Randomised ties with restarts tame the heavy-tailed run times of MRV on structured
    /// problems such as N-Queens (Gomes, Selman & Kautz 1998).
    Random {
        /// The generator's seed.
        seed: u64,
    },
}

impl<O: Observer<Assignment, usize>> Engine<'_, '_, O> {
    /// The variable to branch on at `depth`, or `None` when all are assigned.
    pub(super) fn select(&mut self, depth: usize) -> Option<usize> {
        let random = matches!(self.cfg.tie_break, TieBreak::Random { .. });
        match self.cfg.var_order {
            // Static order assigns a prefix of the variables (ties cannot arise).
            VarOrder::Static => (depth < self.n).then_some(depth),
            VarOrder::Mrv | VarOrder::MrvDegree => {
                let use_degree = self.cfg.var_order == VarOrder::MrvDegree;
                let mut best: Option<(u32, u32, usize)> = None;
                let mut ties = 0u32;
                for v in 0..self.n {
                    if self.value[v] != UNASSIGNED {
                        continue;
                    }
                    let s = self.size[v];
                    let d = if use_degree { self.degree[v] } else { 0 };
                    match best {
                        Some((bs, bd, _)) if s > bs || (s == bs && d < bd) => {}
                        Some((bs, bd, _)) if s == bs && d == bd => {
                            if random {
                                ties += 1;
                                if self.rng.random_range(0..ties) == 0 {
                                    best = Some((s, d, v));
                                }
                            }
                        }
                        _ => {
                            best = Some((s, d, v));
                            ties = 1;
                            if s == 0 {
                                break;
                            }
                        }
                    }
                }
                best.map(|(_, _, v)| v)
            }
        }
    }

    /// Appends `D(x)` to `out` in the configured value order.
    pub(super) fn order_values(&mut self, x: usize, out: &mut Vec<u32>) {
        let start = out.len();
        out.extend(BitIter::new(&self.words[x * self.wpv..(x + 1) * self.wpv]));
        match self.cfg.value_order {
            ValueOrder::Ascending => {}
            ValueOrder::Descending => out[start..].reverse(),
            ValueOrder::Shuffled => out[start..].shuffle(&mut self.rng),
            ValueOrder::Lcv => {
                let mut keyed: Vec<(u64, u32)> = out[start..].iter().map(|&a| (self.lcv_cost(x, a), a)).collect();
                keyed.sort_unstable();
                for (slot, (_, a)) in out[start..].iter_mut().zip(keyed) {
                    *slot = a;
                }
            }
        }
    }

    /// How many values of unassigned neighbours `x = a` rules out.
    fn lcv_cost(&mut self, x: usize, a: u32) -> u64 {
        let csp = self.csp;
        let mut cost = 0u64;
        for &(c, pos) in csp.incidence(x) {
            match &csp.constraints()[c as usize] {
                Constraint::Binary { x: cx, y: cy, rel } => {
                    let (other, first) = if pos == 0 { (*cy, true) } else { (*cx, false) };
                    if self.value[other] != UNASSIGNED {
                        continue;
                    }
                    cost += match rel {
                        Relation::Ne => u64::from(self.has(other, a)),
                        Relation::DiffNotIn(ks) => ks
                            .iter()
                            .filter_map(|k| shifted(a, if first { -k } else { *k }))
                            .filter(|&b| self.has(other, b))
                            .count() as u64,
                        _ => {
                            let mut vals = std::mem::take(&mut self.scratch);
                            self.values_into(other, &mut vals);
                            let n = vals.iter().filter(|&&b| !holds(rel, first, a, b)).count() as u64;
                            self.counters.checks += vals.len() as u64;
                            self.scratch = vals;
                            n
                        }
                    };
                }
                Constraint::AllDifferent { vars, offsets } => {
                    let w = i64::from(a) + offsets[pos as usize];
                    for (j, &y) in vars.iter().enumerate() {
                        if j != pos as usize
                            && self.value[y] == UNASSIGNED
                            && let Some(b) = to_value(w - offsets[j])
                        {
                            cost += u64::from(self.has(y, b));
                        }
                    }
                }
                Constraint::Predicate { .. } => {}
            }
        }
        cost
    }
}
