//! The search state every part of the solver works on: the current domains (one flat
//! bitset), the assignment, the trail that undoes domain changes, and the bookkeeping of
//! MRV + degree and AC-3 (unassigned variables per constraint, the propagation queue).

use super::{Assignment, Config, CspCounters, TieBreak, UNASSIGNED};
use crate::domain::{BitIter, Domain};
use crate::model::{Csp, Relation};
use delve_core::local::SeededRng;
use delve_core::{Limits, Meter, Observer};
use rand::SeedableRng;

/// The search state: current domains (one flat bitset), assignment, trail, bookkeeping.
pub(super) struct Engine<'c, 'l, O> {
    /// The model searched.
    pub(super) csp: &'c Csp,
    /// Orderings, inference, tie-breaks, restarts.
    pub(super) cfg: Config,
    /// Number of variables.
    pub(super) n: usize,
    /// Words per variable in `words`.
    pub(super) wpv: usize,
    /// The current domains: `wpv` bitset words per variable.
    pub(super) words: Vec<u64>,
    /// Current domain sizes.
    pub(super) size: Vec<u32>,
    /// The assignment (`UNASSIGNED` where open).
    pub(super) value: Vec<u32>,
    /// (word index, previous word).
    pub(super) trail: Vec<(usize, u64)>,
    /// Unassigned variables per constraint.
    pub(super) ucount: Vec<u32>,
    /// Constraints with another unassigned variable, per variable.
    pub(super) degree: Vec<u32>,
    /// Constraints waiting for revision (AC-3).
    pub(super) queue: Vec<u32>,
    /// Whether each constraint is in `queue`.
    pub(super) in_queue: Vec<bool>,
    /// Variables whose domain the last revision reduced.
    pub(super) changed: Vec<u32>,
    /// Reused value buffers (no allocation per revision).
    pub(super) scratch: Vec<u32>,
    /// A second one, for the other side of a binary constraint.
    pub(super) scratch2: Vec<u32>,
    /// Reused buffer of a predicate's arguments.
    pub(super) tuple: Vec<u32>,
    /// The CSP counters so far.
    pub(super) counters: CspCounters,
    /// Counts work and enforces the limits.
    pub(super) meter: Meter<'l, O>,
    /// Random tie-breaks and shuffled values.
    pub(super) rng: SeededRng,
    /// Assignments allowed in the current run (restarts).
    pub(super) cutoff: Option<u64>,
}

impl<'c, 'l, O: Observer<Assignment, usize>> Engine<'c, 'l, O> {
    /// The state before any assignment: the model's domains, nothing assigned.
    pub(super) fn new(csp: &'c Csp, cfg: Config, limits: &'l Limits, observer: O) -> Self {
        let n = csp.num_vars();
        let wpv = (csp.max_universe() as usize).div_ceil(64).max(1);
        let mut words = vec![0u64; n * wpv];
        let mut size = vec![0u32; n];
        for v in 0..n {
            let d = csp.domain(v).words();
            words[v * wpv..v * wpv + d.len()].copy_from_slice(d);
            size[v] = csp.domain(v).len() as u32;
        }
        let constraints = csp.constraints();
        let ucount: Vec<u32> = constraints.iter().map(|c| c.vars().len() as u32).collect();
        let mut degree = vec![0u32; n];
        for c in constraints {
            let vars = c.vars();
            if vars.len() >= 2 {
                for v in vars {
                    degree[v] += 1;
                }
            }
        }
        Engine {
            csp,
            cfg,
            n,
            wpv,
            words,
            size,
            value: vec![UNASSIGNED; n],
            trail: Vec::new(),
            ucount,
            degree,
            queue: Vec::new(),
            in_queue: vec![false; constraints.len()],
            changed: Vec::new(),
            scratch: Vec::new(),
            scratch2: Vec::new(),
            tuple: Vec::new(),
            counters: CspCounters::default(),
            meter: Meter::new(limits, observer),
            rng: SeededRng::seed_from_u64(match cfg.tie_break {
                TieBreak::Random { seed } => seed,
                TieBreak::Lowest => 0,
            }),
            cutoff: None,
        }
    }

    // ---- domains ----------------------------------------------------------------------

    /// Whether `a` is in `D(v)`.
    #[inline]
    pub(super) fn has(&self, v: usize, a: u32) -> bool {
        (a as usize) < self.wpv * 64 && self.words[v * self.wpv + (a / 64) as usize] & (1u64 << (a % 64)) != 0
    }

    /// Removes `a` from `D(v)`; true if it was there.
    #[inline]
    pub(super) fn remove(&mut self, v: usize, a: u32) -> bool {
        if (a as usize) >= self.wpv * 64 {
            return false;
        }
        let i = v * self.wpv + (a / 64) as usize;
        let bit = 1u64 << (a % 64);
        let w = self.words[i];
        if w & bit == 0 {
            return false;
        }
        self.trail.push((i, w));
        self.words[i] = w & !bit;
        self.size[v] -= 1;
        self.counters.pruned += 1;
        true
    }

    /// Reduces `D(v)` to `{a}` (or to nothing if `a` was not in it); true if it changed.
    pub(super) fn keep_only(&mut self, v: usize, a: u32) -> bool {
        let base = v * self.wpv;
        let mut changed = false;
        for k in 0..self.wpv {
            let old = self.words[base + k];
            let new = if (a / 64) as usize == k { old & (1u64 << (a % 64)) } else { 0 };
            if new != old {
                self.trail.push((base + k, old));
                self.words[base + k] = new;
                changed = true;
            }
        }
        if changed {
            let new_size = u32::from(self.has(v, a));
            self.counters.pruned += u64::from(self.size[v] - new_size);
            self.size[v] = new_size;
        }
        changed
    }

    /// Restores the domains as they were when the trail was `mark` long.
    pub(super) fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (i, old) = self.trail.pop().expect("trail longer than mark");
            let v = i / self.wpv;
            let cur = self.words[i];
            self.size[v] = self.size[v] + old.count_ones() - cur.count_ones();
            self.words[i] = old;
        }
    }

    /// The values of `D(v)`, ascending, into `out`.
    pub(super) fn values_into(&self, v: usize, out: &mut Vec<u32>) {
        out.clear();
        out.extend(BitIter::new(&self.words[v * self.wpv..(v + 1) * self.wpv]));
    }

    /// The smallest value of `D(v)`.
    pub(super) fn first_value(&self, v: usize) -> Option<u32> {
        BitIter::new(&self.words[v * self.wpv..(v + 1) * self.wpv]).next()
    }

    /// `D(v)` as a [`Domain`].
    pub(super) fn domain_of(&self, v: usize) -> Domain {
        let mut d = Domain::empty(self.csp.domain(v).universe());
        for a in BitIter::new(&self.words[v * self.wpv..(v + 1) * self.wpv]) {
            d.insert(a);
        }
        d
    }
}

/// `rel(a, b)` when `a_first`, else `rel(b, a)`.
#[inline]
pub(super) fn holds(rel: &Relation, a_first: bool, a: u32, b: u32) -> bool {
    if a_first { rel.holds(a, b) } else { rel.holds(b, a) }
}

/// `a + k` as a value, if it is one.
#[inline]
pub(super) fn shifted(a: u32, k: i64) -> Option<u32> {
    to_value(i64::from(a) + k)
}

/// `x` as a value, if it is one.
#[inline]
pub(super) fn to_value(x: i64) -> Option<u32> {
    u32::try_from(x).ok().filter(|&v| v != UNASSIGNED)
}
