//! Min-conflicts local search over a complete assignment, with a tabu list and random-walk
//! steps to escape plateaus and local minima, and random restarts.
//!
//! Each step picks a random variable that takes part in a violated constraint and gives it
//! the value with the fewest conflicts (ties at random), skipping values it held within the
//! last `tabu_tenure` steps unless they beat the best assignment seen (aspiration); with
//! probability `walk_probability` it takes a random value instead. Conflict counts are kept
//! incrementally, so a step costs O(|D(x)| · degree(x)).

use crate::model::{Constraint, Csp, Var};
use crate::solver::{Assignment, CspCounters, CspResult, as_solution};
use delve_core::hash::FxHashMap;
use delve_core::local::SeededRng;
use delve_core::{Bound, Limits, Meter, NodeInfo, Observer, Outcome};
use rand::{Rng as _, SeedableRng};

/// Min-conflicts settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MinConflicts {
    /// Steps per try before restarting.
    pub max_steps: u64,
    /// Restarts after the first try (0 = a single try).
    pub max_restarts: u64,
    /// Steps during which a variable may not return to a value it just left.
    pub tabu_tenure: u64,
    /// Probability of a random-walk step.
    pub walk_probability: f64,
    /// Start from a greedy assignment (each variable in turn takes its least-conflicting
    /// value given the earlier ones) rather than a random one.
    pub greedy_init: bool,
}

impl Default for MinConflicts {
    fn default() -> Self {
        MinConflicts {
            max_steps: 100_000,
            max_restarts: 10,
            tabu_tenure: 10,
            walk_probability: 0.02,
            greedy_init: true,
        }
    }
}

/// Runs min-conflicts with a seeded generator. A solution is verified (zero violations);
/// when the tries run out the outcome is `Stopped { IterationLimit }` with the best
/// assignment seen (its cost = its number of violations). `stats.expanded` counts
/// steps, `iterations` tries, `assignments` value changes, `checks` constraint evaluations.
///
/// ```
/// use delve_csp::{Csp, Domain, MinConflicts, min_conflicts};
/// use delve_core::{Limits, NoObserver};
/// let mut csp = Csp::new();
/// let v: Vec<_> = (0..8).map(|_| csp.add_var(Domain::full(8))).collect();
/// let up: Vec<i64> = (0..8).collect();
/// let down: Vec<i64> = (0..8).map(|i| -i).collect();
/// csp.add_all_different(&v).unwrap();
/// csp.add_all_different_offsets(&v, &up).unwrap();
/// csp.add_all_different_offsets(&v, &down).unwrap();
/// let out = min_conflicts(&csp, &MinConflicts::default(), 7, &Limits::none(), &mut NoObserver);
/// assert!(csp.is_solution(out.solution().unwrap()));
/// ```
pub fn min_conflicts<O>(csp: &Csp, cfg: &MinConflicts, seed: u64, limits: &Limits, observer: O) -> CspResult
where
    O: Observer<Assignment, usize>,
{
    let mut meter = Meter::new(limits, observer);
    let mut counters = CspCounters::default();
    let finish = |mut meter: Meter<'_, O>, counters: CspCounters, outcome: Outcome<Assignment, (), usize>| {
        let stats = meter.finish_with::<Assignment, usize>(outcome.kind(), outcome.stop_reason());
        CspResult { algorithm: "min-conflicts", outcome, stats, counters }
    };
    if (0..csp.num_vars()).any(|v| csp.domain(v).is_empty()) {
        return finish(meter, counters, Outcome::NoSolution);
    }
    let mut state = State::new(csp, seed);
    let mut best: Option<(u64, Assignment)> = None;
    for _ in 0..=cfg.max_restarts {
        if let Err(reason) = meter.iteration::<Assignment, usize>(Bound::None) {
            let best_so_far = best.map(|(t, v)| as_solution(v, t as usize));
            return finish(meter, counters, Outcome::Stopped { reason, best_so_far });
        }
        state.init(cfg.greedy_init, &mut counters);
        let mut try_best = u64::MAX;
        for step in 0..=cfg.max_steps {
            if state.total < try_best {
                try_best = state.total;
                if best.as_ref().is_none_or(|(t, _)| state.total < *t) {
                    best = Some((state.total, state.values.clone()));
                }
            }
            if state.conflicted.is_empty() {
                let values = state.values.clone();
                debug_assert!(csp.is_solution(&values));
                return finish(meter, counters, Outcome::Solved(as_solution(values, 0)));
            }
            if step == cfg.max_steps {
                break;
            }
            let node = NodeInfo { state: &state.values, g: state.total as usize, h: None, depth: None };
            match meter.expanding(node) {
                Ok(true) => {}
                // A pruned state ends this try, as a stuck one would.
                Ok(false) => break,
                Err(reason) => {
                    let best_so_far = best.map(|(t, v)| as_solution(v, t as usize));
                    return finish(meter, counters, Outcome::Stopped { reason, best_so_far });
                }
            }
            let best_total = best.as_ref().map_or(u64::MAX, |(t, _)| *t);
            state.step(step, cfg, best_total, &mut counters);
        }
    }
    let best_so_far = best.map(|(t, v)| as_solution(v, t as usize));
    finish(meter, counters, Outcome::Stopped { reason: delve_core::StopReason::IterationLimit, best_so_far })
}

/// Shifted-value counts of one all-different constraint.
struct Counts {
    base: i64,
    counts: Vec<u32>,
}

impl Counts {
    fn slot(&self, w: i64) -> usize {
        (w - self.base) as usize
    }
}

struct State<'c> {
    csp: &'c Csp,
    rng: SeededRng,
    values: Vec<u32>,
    placed: Vec<bool>,
    dom: Vec<Vec<u32>>,
    /// Violations each variable takes part in.
    conf: Vec<u64>,
    total: u64,
    counts: Vec<Option<Counts>>,
    conflicted: Vec<u32>,
    pos: Vec<u32>,
    tabu: FxHashMap<(u32, u32), u64>,
    tuple: Vec<u32>,
}

const ABSENT: u32 = u32::MAX;

impl<'c> State<'c> {
    fn new(csp: &'c Csp, seed: u64) -> Self {
        let n = csp.num_vars();
        let counts = csp
            .constraints()
            .iter()
            .map(|c| match c {
                Constraint::AllDifferent { vars, offsets } => {
                    let lo = vars.iter().zip(offsets).map(|(&v, &o)| o + i64::from(csp.domain(v).min().unwrap_or(0)));
                    let hi = vars.iter().zip(offsets).map(|(&v, &o)| o + i64::from(csp.domain(v).max().unwrap_or(0)));
                    let (base, top) = (lo.min().unwrap_or(0), hi.max().unwrap_or(0));
                    Some(Counts { base, counts: vec![0; (top - base + 1).max(1) as usize] })
                }
                _ => None,
            })
            .collect();
        State {
            csp,
            rng: SeededRng::seed_from_u64(seed),
            values: vec![0; n],
            placed: vec![false; n],
            dom: (0..n).map(|v| csp.domain(v).iter().collect()).collect(),
            conf: vec![0; n],
            total: 0,
            counts,
            conflicted: Vec::new(),
            pos: vec![ABSENT; n],
            tabu: FxHashMap::default(),
            tuple: Vec::new(),
        }
    }

    fn init(&mut self, greedy: bool, counters: &mut CspCounters) {
        let n = self.values.len();
        self.placed.iter_mut().for_each(|p| *p = false);
        for c in self.counts.iter_mut().flatten() {
            c.counts.iter_mut().for_each(|x| *x = 0);
        }
        self.tabu.clear();
        for x in 0..n {
            let v = if greedy {
                let mut best = (u64::MAX, 0u32);
                let mut ties = 0u32;
                for i in 0..self.dom[x].len() {
                    let v = self.dom[x][i];
                    let c = self.violations_if(x, v, counters);
                    if c < best.0 {
                        best = (c, v);
                        ties = 1;
                    } else if c == best.0 {
                        ties += 1;
                        if self.rng.random_range(0..ties) == 0 {
                            best.1 = v;
                        }
                    }
                }
                best.1
            } else {
                self.dom[x][self.rng.random_range(0..self.dom[x].len())]
            };
            self.place(x, v);
        }
        self.total = self.csp.constraints().iter().map(|c| c.violations(&self.values) as u64).sum();
        self.conflicted.clear();
        self.pos.iter_mut().for_each(|p| *p = ABSENT);
        for x in 0..n {
            let v = self.values[x];
            self.conf[x] = self.violations_if(x, v, counters);
            self.touch(x);
        }
    }

    fn place(&mut self, x: Var, v: u32) {
        self.values[x] = v;
        self.placed[x] = true;
        for &(c, pos) in self.csp.incidence(x) {
            if let (Constraint::AllDifferent { offsets, .. }, Some(counts)) =
                (&self.csp.constraints()[c as usize], self.counts[c as usize].as_mut())
            {
                let s = counts.slot(i64::from(v) + offsets[pos as usize]);
                counts.counts[s] += 1;
            }
        }
    }

    /// Violations `x = v` takes part in, counting only placed variables.
    fn violations_if(&mut self, x: Var, v: u32, counters: &mut CspCounters) -> u64 {
        let csp = self.csp;
        let mut n = 0u64;
        for &(c, pos) in csp.incidence(x) {
            counters.checks += 1;
            match &csp.constraints()[c as usize] {
                Constraint::Binary { x: cx, y: cy, rel } => {
                    let (other, first) = if pos == 0 { (*cy, true) } else { (*cx, false) };
                    if self.placed[other] {
                        let b = self.values[other];
                        let ok = if first { rel.holds(v, b) } else { rel.holds(b, v) };
                        n += u64::from(!ok);
                    }
                }
                Constraint::AllDifferent { offsets, .. } => {
                    let counts = self.counts[c as usize].as_ref().expect("all-different has counts");
                    let s = counts.slot(i64::from(v) + offsets[pos as usize]);
                    let mine = u32::from(self.placed[x] && self.values[x] == v);
                    n += u64::from(counts.counts[s] - mine);
                }
                Constraint::Predicate { vars, pred } => {
                    if vars.iter().all(|&y| y == x || self.placed[y]) {
                        self.tuple.clear();
                        self.tuple.extend(vars.iter().map(|&y| if y == x { v } else { self.values[y] }));
                        n += u64::from(!pred(&self.tuple));
                    }
                }
            }
        }
        n
    }

    /// Keeps `x`'s membership in the conflicted set in line with `conf[x]`.
    fn touch(&mut self, x: Var) {
        let inside = self.pos[x] != ABSENT;
        if self.conf[x] > 0 && !inside {
            self.pos[x] = self.conflicted.len() as u32;
            self.conflicted.push(x as u32);
        } else if self.conf[x] == 0 && inside {
            let p = self.pos[x] as usize;
            let last = *self.conflicted.last().expect("non-empty");
            self.conflicted.swap_remove(p);
            if last as usize != x {
                self.pos[last as usize] = p as u32;
            }
            self.pos[x] = ABSENT;
        }
    }

    fn bump(&mut self, y: Var, up: bool) {
        if up {
            self.conf[y] += 1;
        } else {
            self.conf[y] -= 1;
        }
        self.touch(y);
    }

    fn step(&mut self, step: u64, cfg: &MinConflicts, best_total: u64, counters: &mut CspCounters) {
        let x = self.conflicted[self.rng.random_range(0..self.conflicted.len())] as usize;
        let cur = self.values[x];
        let size = self.dom[x].len();
        let target = if size > 1 && self.rng.random_bool(cfg.walk_probability.clamp(0.0, 1.0)) {
            let mut v = self.dom[x][self.rng.random_range(0..size - 1)];
            if v == cur {
                v = self.dom[x][size - 1];
            }
            v
        } else {
            let base = self.total - self.conf[x];
            let mut best: Option<(u64, u32)> = None;
            let mut ties = 0u32;
            for i in 0..size {
                let v = self.dom[x][i];
                let c = self.violations_if(x, v, counters);
                let tabu = self.tabu.get(&(x as u32, v)).is_some_and(|&until| until > step);
                if tabu && base + c >= best_total {
                    continue;
                }
                match best {
                    Some((bc, _)) if c > bc => {}
                    Some((bc, _)) if c == bc => {
                        ties += 1;
                        if self.rng.random_range(0..ties) == 0 {
                            best = Some((c, v));
                        }
                    }
                    _ => {
                        best = Some((c, v));
                        ties = 1;
                    }
                }
            }
            match best {
                Some((_, v)) => v,
                None => self.dom[x][self.rng.random_range(0..size)],
            }
        };
        if target != cur {
            self.tabu.insert((x as u32, cur), step + cfg.tabu_tenure + 1);
            self.change(x, target, counters);
        }
    }

    /// Moves `x` to `b`, updating conflict counts incrementally.
    fn change(&mut self, x: Var, b: u32, counters: &mut CspCounters) {
        let csp = self.csp;
        let a = self.values[x];
        counters.assignments += 1;
        for &(c, pos) in csp.incidence(x) {
            let c = c as usize;
            let pos = pos as usize;
            counters.checks += 1;
            match &csp.constraints()[c] {
                Constraint::Binary { x: cx, y: cy, rel } => {
                    let (other, first) = if pos == 0 { (*cy, true) } else { (*cx, false) };
                    let o = self.values[other];
                    let bad = |v: u32| !(if first { rel.holds(v, o) } else { rel.holds(o, v) });
                    let (before, after) = (bad(a), bad(b));
                    if before != after {
                        self.bump(other, after);
                        self.bump(x, after);
                        if after {
                            self.total += 1;
                        } else {
                            self.total -= 1;
                        }
                    }
                }
                Constraint::AllDifferent { vars, offsets } => {
                    let (w_old, w_new) = (i64::from(a) + offsets[pos], i64::from(b) + offsets[pos]);
                    for (j, &y) in vars.iter().enumerate() {
                        if j == pos {
                            continue;
                        }
                        let s = i64::from(self.values[y]) + offsets[j];
                        if s == w_old {
                            self.bump(y, false);
                            self.bump(x, false);
                            self.total -= 1;
                        }
                        if s == w_new {
                            self.bump(y, true);
                            self.bump(x, true);
                            self.total += 1;
                        }
                    }
                    let counts = self.counts[c].as_mut().expect("all-different has counts");
                    let (so, sn) = (counts.slot(w_old), counts.slot(w_new));
                    counts.counts[so] -= 1;
                    counts.counts[sn] += 1;
                }
                Constraint::Predicate { vars, pred } => {
                    self.tuple.clear();
                    self.tuple.extend(vars.iter().map(|&y| self.values[y]));
                    let before = !pred(&self.tuple);
                    self.tuple[pos] = b;
                    let after = !pred(&self.tuple);
                    if before != after {
                        for &y in vars {
                            self.bump(y, after);
                        }
                        if after {
                            self.total += 1;
                        } else {
                            self.total -= 1;
                        }
                    }
                }
            }
        }
        self.values[x] = b;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_models::vars;
    use crate::{Domain, Relation};
    use delve_core::{NoObserver, StopReason};

    #[test]
    fn solves_binary_queens_for_several_seeds() {
        let csp = crate::test_models::queens(30);
        for seed in 0..5 {
            let out = min_conflicts(&csp, &MinConflicts::default(), seed, &Limits::none(), &mut NoObserver);
            assert!(csp.is_solution(out.solution().expect("solved")), "seed {seed}");
        }
    }

    #[test]
    fn unsatisfiable_problem_stops_with_its_best() {
        // Three variables, two values, all different: one clash at best.
        let (mut csp, v) = vars(3, 2);
        csp.add_all_different(&v).unwrap();
        let cfg = MinConflicts { max_steps: 50, max_restarts: 2, ..MinConflicts::default() };
        let out = min_conflicts(&csp, &cfg, 1, &Limits::none(), &mut NoObserver);
        match out.outcome {
            Outcome::Stopped { reason: StopReason::IterationLimit, best_so_far: Some(best) } => {
                assert_eq!(best.cost, 1);
                assert_eq!(csp.violations(best.goal()), 1);
            }
            other => panic!("unexpected {other:?}"),
        }
        assert_eq!(out.stats.iterations, 3);
        assert_eq!(out.stats.expanded, 150);
    }

    #[test]
    fn predicates_and_walks() {
        // x + y == 10 with x != y over 0..10, no greedy start, lots of random walk.
        let mut csp = Csp::new();
        let x = csp.add_var(Domain::full(10));
        let y = csp.add_var(Domain::full(10));
        csp.add_predicate(&[x, y], |t| t[0] + t[1] == 10).unwrap();
        csp.add_binary(x, y, Relation::Ne).unwrap();
        let cfg = MinConflicts { greedy_init: false, walk_probability: 0.5, ..MinConflicts::default() };
        for seed in 0..10 {
            let out = min_conflicts(&csp, &cfg, seed, &Limits::none(), &mut NoObserver);
            assert!(csp.is_solution(out.solution().unwrap()));
        }
    }
}
