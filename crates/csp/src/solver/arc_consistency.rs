//! Arc consistency: AC-3 revises constraints until a fixpoint, once before a MAC search,
//! after each of its assignments, and on its own in [`ac3`]. Binary constraints are revised
//! by support search (O(1) per value for `≠`, `=`, and difference constraints),
//! all-different by singleton elimination plus, when it has no offsets, the pigeonhole test
//! and hidden singles (a value only one variable can take, when as many values as variables
//! remain), and n-ary predicates by generalised arc consistency when their domains' product
//! is small (otherwise forward checking).

use super::Assignment;
use super::Config;
use super::engine::{Engine, holds, to_value};
use crate::domain::{BitIter, Domain};
use crate::model::{Constraint, Csp, Relation, Var};
use delve_core::{Limits, Observer};

/// Largest domain product for which an n-ary predicate is made generalised-arc-consistent.
const GAC_TUPLE_LIMIT: u64 = 1 << 16;

/// Makes the whole problem arc-consistent (AC-3, with the propagators described in the
/// module docs of `arc_consistency`); returns the reduced domains, or `None` when a domain is wiped out (no
/// solution exists).
///
/// ```
/// use delve_csp::{Csp, Domain, Relation, ac3};
/// let mut csp = Csp::new();
/// let x = csp.add_var(Domain::full(3));
/// let y = csp.add_var(Domain::full(3));
/// csp.add_binary(x, y, Relation::Lt).unwrap();
/// let d = ac3(&csp).unwrap();
/// assert_eq!((d[x].iter().collect::<Vec<_>>(), d[y].iter().collect::<Vec<_>>()), (vec![0, 1], vec![1, 2]));
/// ```
pub fn ac3(csp: &Csp) -> Option<Vec<Domain>> {
    let limits = Limits::none();
    let mut engine = Engine::new(csp, Config::mac(), &limits, delve_core::NoObserver);
    engine.initial_propagation().then(|| (0..csp.num_vars()).map(|v| engine.domain_of(v)).collect())
}

impl<O: Observer<Assignment, usize>> Engine<'_, '_, O> {
    /// Queues constraint `c` for revision unless it is queued already.
    pub(super) fn enqueue(&mut self, c: u32) {
        if !self.in_queue[c as usize] {
            self.in_queue[c as usize] = true;
            self.queue.push(c);
        }
    }

    /// Makes the initial domains arc-consistent (before a MAC search, and for [`ac3`]); false on a wipe-out.
    pub(super) fn initial_propagation(&mut self) -> bool {
        if (0..self.n).any(|v| self.size[v] == 0) {
            return false;
        }
        for c in (0..self.csp.constraints().len() as u32).rev() {
            self.enqueue(c);
        }
        self.propagate()
    }

    /// AC-3 over the queued constraints.
    pub(super) fn propagate(&mut self) -> bool {
        let csp = self.csp;
        while let Some(c) = self.queue.pop() {
            self.in_queue[c as usize] = false;
            self.changed.clear();
            if !self.revise(c as usize) {
                for q in self.queue.drain(..) {
                    self.in_queue[q as usize] = false;
                }
                return false;
            }
            let changed = std::mem::take(&mut self.changed);
            for &v in &changed {
                for &(c2, _) in csp.incidence(v as usize) {
                    if c2 != c {
                        self.enqueue(c2);
                    }
                }
            }
            self.changed = changed;
        }
        true
    }

    /// Revises every variable of constraint `c`; records changed variables; false on a wipe-out.
    fn revise(&mut self, c: usize) -> bool {
        let csp = self.csp;
        match &csp.constraints()[c] {
            Constraint::Binary { x, y, rel } => {
                self.revise_dir(*x, *y, rel, true) && self.revise_dir(*y, *x, rel, false)
            }
            Constraint::AllDifferent { vars, offsets } => self.revise_all_different(vars, offsets),
            Constraint::Predicate { vars, pred } => self.revise_predicate(vars, pred.as_ref()),
        }
    }

    /// Removes the values of `t` without support in `s` (`t_first`: `t` is the relation's
    /// first argument).
    fn revise_dir(&mut self, t: usize, s: usize, rel: &Relation, t_first: bool) -> bool {
        let before = self.size[t];
        match rel {
            Relation::Ne => {
                if self.size[s] == 1 {
                    let b = self.first_value(s).expect("size 1");
                    self.counters.checks += 1;
                    self.remove(t, b);
                }
            }
            Relation::Eq => {
                let (bt, bs) = (t * self.wpv, s * self.wpv);
                for k in 0..self.wpv {
                    let old = self.words[bt + k];
                    let new = old & self.words[bs + k];
                    self.counters.checks += 1;
                    if new != old {
                        self.trail.push((bt + k, old));
                        self.words[bt + k] = new;
                        let removed = (old ^ new).count_ones();
                        self.size[t] -= removed;
                        self.counters.pruned += u64::from(removed);
                    }
                }
            }
            Relation::DiffNotIn(ks) if self.size[s] as usize > ks.len() => {}
            _ => {
                let mut tv = std::mem::take(&mut self.scratch);
                let mut sv = std::mem::take(&mut self.scratch2);
                self.values_into(t, &mut tv);
                self.values_into(s, &mut sv);
                for &a in &tv {
                    let mut supported = false;
                    for &b in &sv {
                        self.counters.checks += 1;
                        if holds(rel, t_first, a, b) {
                            supported = true;
                            break;
                        }
                    }
                    if !supported {
                        self.remove(t, a);
                    }
                }
                self.scratch = tv;
                self.scratch2 = sv;
            }
        }
        if self.size[t] != before {
            self.changed.push(t as u32);
        }
        self.size[t] > 0
    }

    fn revise_all_different(&mut self, vars: &[Var], offsets: &[i64]) -> bool {
        let k = vars.len();
        let plain = offsets.iter().all(|&o| o == 0);
        let mut done = vec![false; k];
        loop {
            // Singleton elimination to a fixpoint.
            loop {
                let mut progress = false;
                for i in 0..k {
                    let vi = vars[i];
                    if done[i] || self.size[vi] != 1 {
                        continue;
                    }
                    done[i] = true;
                    progress = true;
                    let w = i64::from(self.first_value(vi).expect("size 1")) + offsets[i];
                    for j in 0..k {
                        if j == i {
                            continue;
                        }
                        let Some(b) = to_value(w - offsets[j]) else { continue };
                        self.counters.checks += 1;
                        if self.remove(vars[j], b) {
                            self.changed.push(vars[j] as u32);
                            if self.size[vars[j]] == 0 {
                                return false;
                            }
                        }
                    }
                }
                if !progress {
                    break;
                }
            }
            if !plain {
                return true;
            }
            // Pigeonhole: k variables need k distinct values; with exactly k left, a value
            // only one variable can take is forced (hidden single).
            let mut union = vec![0u64; self.wpv];
            for &v in vars {
                for (u, w) in union.iter_mut().zip(&self.words[v * self.wpv..(v + 1) * self.wpv]) {
                    *u |= w;
                }
            }
            let m = union.iter().map(|w| w.count_ones() as usize).sum::<usize>();
            if m < k {
                return false;
            }
            if m > k {
                return true;
            }
            let mut forced = false;
            for u in BitIter::new(&union).collect::<Vec<_>>() {
                let mut holder = None;
                let mut holders = 0;
                for &v in vars {
                    self.counters.checks += 1;
                    if self.has(v, u) {
                        holders += 1;
                        holder = Some(v);
                    }
                }
                if let (1, Some(v)) = (holders, holder)
                    && self.size[v] > 1
                {
                    self.keep_only(v, u);
                    self.changed.push(v as u32);
                    forced = true;
                }
            }
            if !forced {
                return true;
            }
        }
    }

    fn revise_predicate(&mut self, vars: &[Var], pred: &(dyn Fn(&[u32]) -> bool + Send + Sync)) -> bool {
        let product = vars.iter().try_fold(1u64, |p, &v| p.checked_mul(u64::from(self.size[v])));
        match product {
            Some(0) => false,
            Some(p) if p <= GAC_TUPLE_LIMIT => {
                // Generalised arc consistency by enumerating the tuples of the domains.
                let lists: Vec<Vec<u32>> = vars
                    .iter()
                    .map(|&v| {
                        let mut l = Vec::new();
                        self.values_into(v, &mut l);
                        l
                    })
                    .collect();
                let mut supported: Vec<Vec<bool>> = lists.iter().map(|l| vec![false; l.len()]).collect();
                let mut idx = vec![0usize; vars.len()];
                let mut tuple: Vec<u32> = lists.iter().map(|l| l[0]).collect();
                loop {
                    self.counters.checks += 1;
                    if pred(&tuple) {
                        for (i, &j) in idx.iter().enumerate() {
                            supported[i][j] = true;
                        }
                    }
                    // Odometer step.
                    let mut i = 0;
                    loop {
                        if i == vars.len() {
                            break;
                        }
                        idx[i] += 1;
                        if idx[i] < lists[i].len() {
                            tuple[i] = lists[i][idx[i]];
                            break;
                        }
                        idx[i] = 0;
                        tuple[i] = lists[i][0];
                        i += 1;
                    }
                    if i == vars.len() {
                        break;
                    }
                }
                for (i, &v) in vars.iter().enumerate() {
                    let before = self.size[v];
                    for (j, &a) in lists[i].iter().enumerate() {
                        if !supported[i][j] {
                            self.remove(v, a);
                        }
                    }
                    if self.size[v] != before {
                        self.changed.push(v as u32);
                    }
                    if self.size[v] == 0 {
                        return false;
                    }
                }
                true
            }
            _ => {
                // Too many tuples: forward checking on the one open variable, if only one.
                let open: Vec<usize> = (0..vars.len()).filter(|&i| self.size[vars[i]] > 1).collect();
                if open.len() > 1 {
                    return true;
                }
                let mut tuple: Vec<u32> =
                    vars.iter().map(|&v| self.first_value(v).expect("non-empty domain")).collect();
                match open.first() {
                    None => {
                        self.counters.checks += 1;
                        pred(&tuple)
                    }
                    Some(&i) => {
                        let y = vars[i];
                        let before = self.size[y];
                        let mut vals = Vec::new();
                        self.values_into(y, &mut vals);
                        for b in vals {
                            tuple[i] = b;
                            self.counters.checks += 1;
                            if !pred(&tuple) {
                                self.remove(y, b);
                            }
                        }
                        if self.size[y] != before {
                            self.changed.push(y as u32);
                        }
                        self.size[y] > 0
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::solve;
    use crate::test_models::vars;
    use delve_core::{NoObserver, Outcome};

    #[test]
    fn ac3_detects_inconsistency_and_hidden_singles() {
        // Three variables, two values, all different: pigeonhole failure.
        let (mut csp, v) = vars(3, 2);
        csp.add_all_different(&v).unwrap();
        assert!(ac3(&csp).is_none());
        assert_eq!(solve(&csp, &Config::mac(), &Limits::none(), &mut NoObserver).outcome, Outcome::NoSolution);
        // Hidden single: value 2 only fits the last variable.
        let mut csp = Csp::new();
        let a = csp.add_var(Domain::from_values([0, 1]));
        let b = csp.add_var(Domain::from_values([0, 1]));
        let c = csp.add_var(Domain::from_values([0, 1, 2]));
        csp.add_all_different(&[a, b, c]).unwrap();
        let d = ac3(&csp).unwrap();
        assert_eq!(d[c].single(), Some(2));
    }
}
