//! Systematic search: chronological backtracking with variable ordering (static, MRV,
//! MRV + degree), value ordering (ascending, descending, least-constraining value) and
//! inference (none, forward checking, maintaining arc consistency), for one solution, for
//! all of them, or to count them. Also [`ac3`] on its own.
//!
//! The search is iterative (an explicit stack of choice points, so no recursion limit) and
//! undoes domain changes with a trail. Work is counted through `delve_core`'s
//! [`Meter`](delve_core::Meter): one *expansion* per assignment, so `--max-nodes`,
//! timeouts and Ctrl-C behave as in every other delve search.
//!
//! ## Propagation
//! - **Forward checking** removes, after each assignment, the values of unassigned
//!   neighbours that conflict with it (binary constraints, all-different, and n-ary
//!   predicates once a single variable is left open).
//! - **AC-3 / MAC** revise constraints until a fixpoint: binary constraints by support
//!   search (O(1) per value for `≠`, `=`, and difference constraints), all-different by
//!   singleton elimination plus, when it has no offsets, the pigeonhole test and hidden
//!   singles (a value only one variable can take, when as many values as variables remain),
//!   and n-ary predicates by generalised arc consistency when their domains' product is
//!   small (otherwise forward checking).

use crate::domain::{BitIter, Domain};
use crate::model::{Constraint, Csp, Relation, Var};
use delve_core::local::Rng;
use delve_core::{Bound, Limits, Meter, NodeInfo, Observer, Outcome, OutcomeKind, Solution, Stats, StopReason};
use rand::seq::SliceRandom;
use rand::{Rng as _, SeedableRng};
use std::ops::ControlFlow;

/// Marks an unassigned variable in an assignment vector.
pub const UNASSIGNED: u32 = u32::MAX;

/// A complete assignment: one value per variable, in variable order.
pub type Assignment = Vec<u32>;

/// Largest domain product for which an n-ary predicate is made generalised-arc-consistent.
const GAC_TUPLE_LIMIT: u64 = 1 << 16;

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

/// A backtracking configuration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Config {
    /// Variable ordering.
    pub var_order: VarOrder,
    /// Value ordering.
    pub value_order: ValueOrder,
    /// Inference.
    pub inference: Inference,
    /// Tie-breaking of the variable ordering.
    pub tie_break: TieBreak,
    /// When searching for one solution, restart from scratch after a cutoff of assignments
    /// that grows by half each time (first cutoff: 2 × the number of variables, at least 64). The search stays
    /// complete: a run that finishes under its cutoff proves there is no solution. Restarts
    /// only help with [`TieBreak::Random`]; counting and enumeration never restart.
    pub restarts: bool,
}

impl Config {
    /// Plain chronological backtracking: static order, ascending values, no inference.
    pub fn plain() -> Self {
        Config::default()
    }
    /// MRV + degree with forward checking.
    pub fn mrv_fc() -> Self {
        Config {
            var_order: VarOrder::MrvDegree,
            value_order: ValueOrder::Ascending,
            inference: Inference::ForwardChecking,
            ..Config::default()
        }
    }
    /// MRV + degree with maintained arc consistency.
    pub fn mac() -> Self {
        Config {
            var_order: VarOrder::MrvDegree,
            value_order: ValueOrder::Ascending,
            inference: Inference::Mac,
            ..Config::default()
        }
    }
    /// The same configuration with another value ordering.
    pub fn with_values(mut self, value_order: ValueOrder) -> Self {
        self.value_order = value_order;
        self
    }
    /// The same configuration with random tie-breaking from `seed` and restarts.
    pub fn randomised(mut self, seed: u64) -> Self {
        self.tie_break = TieBreak::Random { seed };
        self.restarts = true;
        self
    }
}

/// Statistics of a CSP search: the core's [`Stats`] plus CSP counters.
///
/// In `search`: `expanded` = assignments tried, `generated` = candidate values ordered,
/// `max_frontier` = deepest level (assigned variables), `iterations` = runs when
/// restarting (tries for local search), else 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct CspCounters {
    /// Values assigned to variables (including those rejected at once).
    pub assignments: u64,
    /// Dead ends: variables whose every value failed, sending the search back to the
    /// previous variable (for local search: steps taken).
    pub backtracks: u64,
    /// Constraint checks (one relation or predicate evaluation, or one value tested by a
    /// propagator).
    pub checks: u64,
    /// Values removed from domains by propagation.
    pub pruned: u64,
}

/// The result of [`solve`] (and of min-conflicts): an [`Outcome`] whose solution holds
/// the assignment as its only state, no actions, and its number of violated constraints
/// (zero) as cost.
#[derive(Clone, Debug, PartialEq)]
pub struct CspResult {
    /// How the search ended.
    pub outcome: Outcome<Assignment, (), usize>,
    /// The core statistics (one expansion per assignment or local-search step).
    pub stats: Stats,
    /// The CSP's own counters.
    pub counters: CspCounters,
}

impl CspResult {
    /// The solution's values, if one was found.
    pub fn solution(&self) -> Option<&[u32]> {
        match &self.outcome {
            Outcome::Solved(s) => Some(s.goal()),
            _ => None,
        }
    }
    /// True when solved.
    pub fn is_solved(&self) -> bool {
        matches!(self.outcome, Outcome::Solved(_))
    }
}

/// Wraps an assignment as a [`Solution`] (one state, no actions, cost = violations).
pub(crate) fn as_solution(values: Assignment, violations: usize) -> Solution<Assignment, (), usize> {
    Solution { actions: Vec::new(), states: vec![values], cost: violations }
}

/// The result of [`count`] and [`enumerate`].
#[derive(Clone, Debug, PartialEq)]
pub struct CountResult {
    /// Solutions found (all of them unless `stop_reason` is set).
    pub count: u64,
    /// Set when a limit stopped the enumeration early (the count is then a lower bound).
    pub stop_reason: Option<StopReason>,
    /// The core statistics.
    pub stats: Stats,
    /// The CSP's own counters.
    pub counters: CspCounters,
}

impl CountResult {
    /// True when every solution was counted.
    pub fn is_complete(&self) -> bool {
        self.stop_reason.is_none()
    }
}

/// Finds one solution.
///
/// ```
/// use delve_csp::{Config, Csp, Domain, solve};
/// use delve_core::{Limits, NoObserver};
/// // x + y == 7 and x < y over 0..8.
/// let mut csp = Csp::new();
/// let x = csp.add_var(Domain::full(8));
/// let y = csp.add_var(Domain::full(8));
/// csp.add_predicate(&[x, y], |v| v[0] + v[1] == 7).unwrap();
/// csp.add_binary(x, y, delve_csp::Relation::Lt).unwrap();
/// let out = solve(&csp, &Config::mac(), &Limits::none(), &mut NoObserver);
/// assert_eq!(out.solution(), Some(&[0, 7][..]));
/// ```
pub fn solve<O>(csp: &Csp, config: &Config, limits: &Limits, observer: O) -> CspResult
where
    O: Observer<Assignment, usize>,
{
    let mut found = None;
    let (end, stats, counters) =
        Engine::new(csp, *config, limits, observer).run_with_restarts(&mut |values: &[u32]| {
            found = Some(values.to_vec());
            ControlFlow::Break(())
        });
    let outcome = match (found, end) {
        (Some(values), _) => Outcome::Solved(as_solution(values, 0)),
        (None, End::Stopped(reason)) => Outcome::Stopped { reason, best_so_far: None },
        (None, End::Exhausted | End::Interrupted | End::Cutoff) => Outcome::NoSolution,
    };
    CspResult { outcome, stats, counters }
}

/// Counts every solution.
///
/// ```
/// use delve_csp::{Config, Csp, Domain, count};
/// use delve_core::{Limits, NoObserver};
/// let mut csp = Csp::new();
/// let v: Vec<_> = (0..4).map(|_| csp.add_var(Domain::full(4))).collect();
/// csp.add_all_different(&v).unwrap();
/// assert_eq!(count(&csp, &Config::mrv_fc(), &Limits::none(), &mut NoObserver).count, 24);
/// ```
pub fn count<O>(csp: &Csp, config: &Config, limits: &Limits, observer: O) -> CountResult
where
    O: Observer<Assignment, usize>,
{
    enumerate(csp, config, limits, observer, |_| ControlFlow::Continue(()))
}

/// Calls `visit` with every solution until it breaks; returns how many were visited.
pub fn enumerate<O, F>(csp: &Csp, config: &Config, limits: &Limits, observer: O, mut visit: F) -> CountResult
where
    O: Observer<Assignment, usize>,
    F: FnMut(&[u32]) -> ControlFlow<()>,
{
    let mut n = 0u64;
    let (end, stats, counters) = Engine::new(csp, *config, limits, observer).run(&mut |values: &[u32]| {
        n += 1;
        visit(values)
    });
    let stop_reason = match end {
        End::Stopped(reason) => Some(reason),
        End::Exhausted | End::Interrupted | End::Cutoff => None,
    };
    CountResult { count: n, stop_reason, stats, counters }
}

/// Makes the whole problem arc-consistent (AC-3, with the propagators described in the
/// module docs); returns the reduced domains, or `None` when a domain is wiped out (no
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

/// How a run ended.
enum End {
    /// The restart cutoff was reached (the state has been unwound).
    Cutoff,
    /// The whole tree was searched.
    Exhausted,
    /// The visitor asked to stop.
    Interrupted,
    /// A limit stopped the search.
    Stopped(StopReason),
}

/// One choice point: a variable and the values still to try.
struct Frame {
    var: u32,
    /// Range of this frame's values in the shared value stack.
    start: usize,
    end: usize,
    next: usize,
    /// Trail length before the first value was tried.
    mark: usize,
}

/// The search state: current domains (one flat bitset), assignment, trail, bookkeeping.
struct Engine<'c, 'l, O> {
    csp: &'c Csp,
    cfg: Config,
    n: usize,
    /// Words per variable in `words`.
    wpv: usize,
    words: Vec<u64>,
    size: Vec<u32>,
    value: Vec<u32>,
    /// (word index, previous word).
    trail: Vec<(usize, u64)>,
    /// Unassigned variables per constraint.
    ucount: Vec<u32>,
    /// Constraints with another unassigned variable, per variable.
    degree: Vec<u32>,
    queue: Vec<u32>,
    in_queue: Vec<bool>,
    changed: Vec<u32>,
    scratch: Vec<u32>,
    scratch2: Vec<u32>,
    tuple: Vec<u32>,
    counters: CspCounters,
    meter: Meter<'l, O>,
    rng: Rng,
    /// Assignments allowed in the current run (restarts).
    cutoff: Option<u64>,
}

impl<'c, 'l, O: Observer<Assignment, usize>> Engine<'c, 'l, O> {
    fn new(csp: &'c Csp, cfg: Config, limits: &'l Limits, observer: O) -> Self {
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
            rng: Rng::seed_from_u64(match cfg.tie_break {
                TieBreak::Random { seed } => seed,
                TieBreak::Lowest => 0,
            }),
            cutoff: None,
        }
    }

    // ---- domains ----------------------------------------------------------------------

    #[inline]
    fn has(&self, v: usize, a: u32) -> bool {
        (a as usize) < self.wpv * 64 && self.words[v * self.wpv + (a / 64) as usize] & (1u64 << (a % 64)) != 0
    }

    /// Removes `a` from `D(v)`; true if it was there.
    #[inline]
    fn remove(&mut self, v: usize, a: u32) -> bool {
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
    fn keep_only(&mut self, v: usize, a: u32) -> bool {
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

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (i, old) = self.trail.pop().expect("trail longer than mark");
            let v = i / self.wpv;
            let cur = self.words[i];
            self.size[v] = self.size[v] + old.count_ones() - cur.count_ones();
            self.words[i] = old;
        }
    }

    fn values_into(&self, v: usize, out: &mut Vec<u32>) {
        out.clear();
        out.extend(BitIter::new(&self.words[v * self.wpv..(v + 1) * self.wpv]));
    }

    fn first_value(&self, v: usize) -> Option<u32> {
        BitIter::new(&self.words[v * self.wpv..(v + 1) * self.wpv]).next()
    }

    fn domain_of(&self, v: usize) -> Domain {
        let mut d = Domain::empty(self.csp.domain(v).universe());
        for a in BitIter::new(&self.words[v * self.wpv..(v + 1) * self.wpv]) {
            d.insert(a);
        }
        d
    }

    // ---- the search loop --------------------------------------------------------------

    fn run(mut self, visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>) -> (End, Stats, CspCounters) {
        let end = self.search(visit);
        self.finish(end)
    }

    /// Like `run`, restarting with a doubling cutoff when the configuration asks for it.
    fn run_with_restarts(mut self, visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>) -> (End, Stats, CspCounters) {
        if !self.cfg.restarts {
            return self.run(visit);
        }
        let mut cutoff = 2 * self.n.max(32) as u64;
        loop {
            if let Err(reason) = self.meter.iteration::<Assignment, usize>(Bound::None) {
                return self.finish(End::Stopped(reason));
            }
            self.cutoff = Some(self.meter.stats().expanded + cutoff);
            match self.search(visit) {
                End::Cutoff => cutoff = cutoff.saturating_add(cutoff / 2),
                end => return self.finish(end),
            }
        }
    }

    fn finish(mut self, end: End) -> (End, Stats, CspCounters) {
        let (kind, reason) = match end {
            End::Stopped(reason) => (OutcomeKind::Stopped, Some(reason)),
            // The caller knows whether a solution was found; the event says the search ran out.
            End::Exhausted | End::Interrupted | End::Cutoff => (OutcomeKind::NoSolution, None),
        };
        let stats = self.meter.finish_with::<Assignment, usize>(kind, reason);
        let mut counters = self.counters;
        counters.assignments = stats.expanded;
        (end, stats, counters)
    }

    fn search(&mut self, visit: &mut dyn FnMut(&[u32]) -> ControlFlow<()>) -> End {
        if self.cfg.inference == Inference::Mac && !self.initial_propagation() {
            return End::Exhausted;
        }
        let mut frames: Vec<Frame> = Vec::new();
        let mut values: Vec<u32> = Vec::new();
        loop {
            // Descend: pick a variable, or report a complete assignment.
            match self.select(frames.len()) {
                None => {
                    if visit(&self.value).is_break() {
                        return End::Interrupted;
                    }
                }
                Some(x) => {
                    let start = values.len();
                    self.order_values(x, &mut values);
                    self.meter.generated_many((values.len() - start) as u64);
                    frames.push(Frame { var: x as u32, start, end: values.len(), next: start, mark: self.trail.len() });
                    self.meter.frontier(frames.len());
                }
            }
            // Advance: the next untried value of the deepest choice point that has one.
            loop {
                let Some(f) = frames.last_mut() else { return End::Exhausted };
                let x = f.var as usize;
                if self.value[x] != UNASSIGNED {
                    let mark = f.mark;
                    self.unassign(x);
                    self.undo(mark);
                }
                let Some(f) = frames.last_mut() else { return End::Exhausted };
                if f.next == f.end {
                    values.truncate(f.start);
                    frames.pop();
                    self.counters.backtracks += 1;
                    continue;
                }
                let a = values[f.next];
                f.next += 1;
                if self.cutoff.is_some_and(|c| self.meter.stats().expanded >= c) {
                    // Unwind everything so the next run starts from the initial domains.
                    for f in frames.iter().rev() {
                        if self.value[f.var as usize] != UNASSIGNED {
                            self.unassign(f.var as usize);
                        }
                    }
                    self.undo(0);
                    return End::Cutoff;
                }
                let depth = frames.len();
                let node = NodeInfo { state: &self.value, g: depth, h: None, depth: Some(depth as u32) };
                match self.meter.expanding(node) {
                    Ok(true) => {}
                    // The observer pruned this value: treat it as failed.
                    Ok(false) => continue,
                    Err(reason) => return End::Stopped(reason),
                }
                if self.assign(x, a) {
                    break;
                }
            }
        }
    }

    fn select(&mut self, depth: usize) -> Option<usize> {
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
                                if self.rng.gen_range(0..ties) == 0 {
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

    fn order_values(&mut self, x: usize, out: &mut Vec<u32>) {
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

    // ---- assignment and inference ---------------------------------------------------

    fn assign(&mut self, x: usize, a: u32) -> bool {
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

    fn unassign(&mut self, x: usize) {
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

    fn enqueue(&mut self, c: u32) {
        if !self.in_queue[c as usize] {
            self.in_queue[c as usize] = true;
            self.queue.push(c);
        }
    }

    fn initial_propagation(&mut self) -> bool {
        if (0..self.n).any(|v| self.size[v] == 0) {
            return false;
        }
        for c in (0..self.csp.constraints().len() as u32).rev() {
            self.enqueue(c);
        }
        self.propagate()
    }

    /// AC-3 over the queued constraints.
    fn propagate(&mut self) -> bool {
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

/// `rel(a, b)` when `a_first`, else `rel(b, a)`.
#[inline]
fn holds(rel: &Relation, a_first: bool, a: u32, b: u32) -> bool {
    if a_first { rel.holds(a, b) } else { rel.holds(b, a) }
}

/// `a + k` as a value, if it is one.
#[inline]
fn shifted(a: u32, k: i64) -> Option<u32> {
    to_value(i64::from(a) + k)
}

#[inline]
fn to_value(x: i64) -> Option<u32> {
    u32::try_from(x).ok().filter(|&v| v != UNASSIGNED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_models::queens;
    use delve_core::NoObserver;

    const CONFIGS: [Config; 5] = [
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

    #[test]
    fn every_configuration_counts_queens() {
        for cfg in CONFIGS {
            for (n, expected) in [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40), (8, 92)] {
                let out = count(&queens(n), &cfg, &Limits::none(), &mut NoObserver);
                assert_eq!(out.count, expected, "{cfg:?} n={n}");
                assert_eq!(out.stop_reason, None);
            }
        }
    }

    #[test]
    fn stronger_inference_explores_fewer_nodes() {
        let csp = queens(10);
        let plain = solve(&csp, &Config::plain(), &Limits::none(), &mut NoObserver);
        let fc = solve(&csp, &Config::mrv_fc(), &Limits::none(), &mut NoObserver);
        let mac = solve(&csp, &Config::mac(), &Limits::none(), &mut NoObserver);
        for r in [&plain, &fc, &mac] {
            assert!(csp.is_solution(r.solution().unwrap()));
        }
        assert!(fc.counters.assignments < plain.counters.assignments);
        assert!(mac.counters.assignments <= fc.counters.assignments);
        // Plain backtracking returns the lexicographically first solution.
        assert_eq!(plain.solution().unwrap(), &[0, 2, 5, 7, 9, 4, 8, 1, 3, 6]);
    }

    #[test]
    fn node_limit_stops_cleanly() {
        let limits = Limits::none().max_expanded(5);
        let out = solve(&queens(12), &Config::plain(), &limits, &mut NoObserver);
        assert_eq!(out.outcome, Outcome::Stopped { reason: StopReason::NodeLimit, best_so_far: None });
        assert_eq!(out.counters.assignments, 5);
        let c = count(&queens(8), &Config::mrv_fc(), &limits, &mut NoObserver);
        assert_eq!(c.stop_reason, Some(StopReason::NodeLimit));
    }

    #[test]
    fn ac3_detects_inconsistency_and_hidden_singles() {
        // Three variables, two values, all different: pigeonhole failure.
        let mut csp = Csp::new();
        let v: Vec<Var> = (0..3).map(|_| csp.add_var(Domain::full(2))).collect();
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

    #[test]
    fn predicates_propagate() {
        // x + y + z == 6 over 0..4 with x < y < z: only (0,2,4)... and (1,2,3).
        let mut csp = Csp::new();
        let v: Vec<Var> = (0..3).map(|_| csp.add_var(Domain::full(5))).collect();
        csp.add_predicate(&v, |t| t.iter().sum::<u32>() == 6).unwrap();
        csp.add_binary(v[0], v[1], Relation::Lt).unwrap();
        csp.add_binary(v[1], v[2], Relation::Lt).unwrap();
        for cfg in CONFIGS {
            let mut seen = Vec::new();
            let out = enumerate(&csp, &cfg, &Limits::none(), &mut NoObserver, |s| {
                seen.push(s.to_vec());
                ControlFlow::Continue(())
            });
            seen.sort();
            assert_eq!(out.count, 2, "{cfg:?}");
            assert_eq!(seen, vec![vec![0, 2, 4], vec![1, 2, 3]]);
        }
    }
}
