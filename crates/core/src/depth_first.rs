//! The depth-first engine behind depth-first search, depth-limited search, iterative
//! deepening, iterative lengthening and IDA*: written once, parameterised by a cut-off rule
//! and a pruning rule.
//!
//! It walks the search tree with an explicit stack (no recursion, so deep paths cannot
//! overflow the call stack). Each depth owns a successor buffer that is kept between probes
//! and iterations, so after warm-up no allocation happens per node. Memory is `O(b·d)`:
//! the current path plus the successors of every state on it.
//!
//! Order of tests for each successor: first the cut-off rule (a node beyond the bound is cut
//! off *without* a goal test, which is what makes iterative lengthening and IDA* optimal),
//! then the pruning rule, and for a node that is entered the goal test, then the expansion.
//! A pruned node never counts as cut off, so a probe on a finite graph can end exhausted.
//! Successors are tried in the order [`Problem::expand`] yields them.

use crate::cost::Cost;
use crate::hash::FxHashSet;
use crate::observe::{Meter, NodeInfo, Observer};
use crate::outcome::{Solution, StopReason};
use crate::problem::{Problem, Successor};
use std::cmp::Ordering;

/// How the engine avoids revisiting states.
pub(crate) enum Pruning<S> {
    /// Tree search: skip a successor that already lies on the current path.
    Path,
    /// Graph search: skip a successor that was ever entered (the closed set).
    Closed(FxHashSet<S>),
}

impl<S: Eq + std::hash::Hash> Pruning<S> {
    /// Whether `state` would be pruned (without recording it).
    fn seen(&self, path: &[S], state: &S) -> bool {
        match self {
            Pruning::Path => on_path(path, state),
            Pruning::Closed(closed) => closed.contains(state),
        }
    }
}

/// Whether `state` lies on `path`. Scans from the newest state back, where cycles usually close
/// (a move undone right away).
#[inline]
fn on_path<S: Eq>(path: &[S], state: &S) -> bool {
    path.iter().rev().any(|s| s == state)
}

/// How one probe ended.
pub(crate) enum Probe<M> {
    /// A goal was entered; [`DepthFirst::solution`] holds the path.
    Found,
    /// Every path was followed to its end; nothing was cut off.
    Exhausted,
    /// No goal within the bound; the smallest measure that was cut off.
    Cutoff(M),
    /// A limit stopped the probe.
    Stopped(StopReason),
}

/// Where a node was reached from: the parent state, its heuristic value and the action.
pub(crate) type From<'a, S, A, C> = Option<(&'a S, Option<C>, &'a A)>;

/// What a probe does with a node it enters (within the bound and not pruned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Enter {
    /// Expand it, or treat it as a leaf if it is a goal.
    Go,
    /// End the probe here: it is the goal sought ([`Probe::Found`]).
    Stop,
    /// Remember the path to this node ([`DepthFirst::take_kept`]) and go on: a goal is
    /// treated as a leaf, any other node is expanded.
    Keep,
}

/// The default entry rule: the first goal entered ends the probe.
pub(crate) fn stop_at_goal<C>(_: C, _: Option<C>, goal: bool) -> Enter {
    if goal { Enter::Stop } else { Enter::Go }
}

/// The reusable stack: the current path and one successor buffer per depth.
pub(crate) struct DepthFirst<S, A, C> {
    /// States on the current path, root first.
    states: Vec<S>,
    /// Path cost of each state on the path.
    costs: Vec<C>,
    /// Heuristic value of each state on the path, where the cut-off rule computed one.
    hs: Vec<Option<C>>,
    /// Successors of the state at each depth (kept across probes).
    succs: Vec<Vec<Successor<S, A, C>>>,
    /// Index of the next successor to try at each depth.
    next: Vec<usize>,
    /// The path to the last node an entry rule asked to keep ([`Enter::Keep`]).
    kept: Option<Solution<S, A, C>>,
}

impl<S: Clone + Eq + std::hash::Hash, A: Clone, C: Cost> DepthFirst<S, A, C> {
    /// An empty engine.
    pub(crate) fn new() -> Self {
        DepthFirst {
            states: Vec::new(),
            costs: Vec::new(),
            hs: Vec::new(),
            succs: Vec::new(),
            next: Vec::new(),
            kept: None,
        }
    }

    /// One depth-first probe from `root`. `cut(depth, g, from, state)` returns `Err(measure)`
    /// when the node lies beyond the bound (it is then neither goal-tested nor expanded) and
    /// `Ok(h)` otherwise, with the heuristic value if it computed one; the smallest measure
    /// cut off is reported. The first goal entered ends the probe.
    pub(crate) fn probe<P, O, M, F>(
        &mut self,
        problem: &P,
        meter: &mut Meter<'_, O>,
        root: S,
        pruning: &mut Pruning<S>,
        cut: F,
    ) -> Probe<M>
    where
        P: Problem<State = S, Action = A, Cost = C>,
        O: Observer<S, C>,
        M: Cost,
        F: FnMut(usize, C, From<'_, S, A, C>, &S) -> Result<Option<C>, M>,
    {
        self.probe_with(problem, meter, root, pruning, cut, stop_at_goal)
    }

    /// [`DepthFirst::probe`] with an entry rule: `enter(g, h, goal)` is asked for every node
    /// entered, with its path cost, its heuristic value if the cut-off rule computed one, and
    /// whether it is a goal, and says whether the probe ends there, goes on, or keeps the
    /// node's path and goes on (a goal is never expanded).
    pub(crate) fn probe_with<P, O, M, F, E>(
        &mut self,
        problem: &P,
        meter: &mut Meter<'_, O>,
        root: S,
        pruning: &mut Pruning<S>,
        mut cut: F,
        mut enter: E,
    ) -> Probe<M>
    where
        P: Problem<State = S, Action = A, Cost = C>,
        O: Observer<S, C>,
        M: Cost,
        F: FnMut(usize, C, From<'_, S, A, C>, &S) -> Result<Option<C>, M>,
        E: FnMut(C, Option<C>, bool) -> Enter,
    {
        let DepthFirst { states, costs, hs, succs, next, kept } = self;
        states.clear();
        costs.clear();
        hs.clear();
        let h_root = match cut(0, C::ZERO, None, &root) {
            Ok(h) => h,
            Err(measure) => return Probe::Cutoff(measure),
        };
        if let Pruning::Closed(closed) = pruning {
            closed.insert(root.clone());
        }
        states.push(root);
        costs.push(C::ZERO);
        hs.push(h_root);
        let mut smallest_cut: Option<M> = None;
        loop {
            // Enter the node on top of the path: it is within the bound and not pruned.
            let depth = states.len() - 1;
            meter.frontier(depth + 1);
            let state = &states[depth];
            let goal = problem.is_goal(state);
            match enter(costs[depth], hs[depth], goal) {
                Enter::Stop => return Probe::Found,
                Enter::Keep => *kept = Some(path_solution(states, costs, succs, next)),
                Enter::Go => {}
            }
            if succs.len() == depth {
                succs.push(Vec::new());
                next.push(0);
            }
            let buf = &mut succs[depth];
            buf.clear();
            next[depth] = 0;
            let info = NodeInfo { state, g: costs[depth], h: hs[depth], depth: Some(depth as u32) };
            match if goal { Ok(false) } else { meter.expanding(info) } {
                Ok(true) => {
                    problem.expand(state, buf);
                    let mut stop = None;
                    let child_depth = Some(depth as u32 + 1);
                    buf.retain(|succ| {
                        if stop.is_some() {
                            return false;
                        }
                        let g = costs[depth] + succ.cost;
                        match meter.generated(NodeInfo { state: &succ.state, g, h: None, depth: child_depth }) {
                            Ok(keep) => keep,
                            Err(reason) => {
                                stop = Some(reason);
                                false
                            }
                        }
                    });
                    if let Some(reason) = stop {
                        return Probe::Stopped(reason);
                    }
                }
                Ok(false) => {}
                Err(reason) => return Probe::Stopped(reason),
            }
            // Find the next successor to enter, backtracking as needed.
            loop {
                let Some(depth) = states.len().checked_sub(1) else {
                    return smallest_cut.map_or(Probe::Exhausted, Probe::Cutoff);
                };
                let i = next[depth];
                let Some(succ) = succs[depth].get(i) else {
                    states.pop();
                    costs.pop();
                    hs.pop();
                    continue;
                };
                next[depth] = i + 1;
                let g = costs[depth] + succ.cost;
                let h = match cut(depth + 1, g, Some((&states[depth], hs[depth], &succ.action)), &succ.state) {
                    Ok(h) => h,
                    Err(measure) => {
                        // Only a successor that would not be pruned counts as cut off. The
                        // pruning test is skipped when the measure could not lower the minimum
                        // anyway, which spares it for most cut-off nodes.
                        let lower = smallest_cut.is_none_or(|m| measure.total_cmp(&m) == Ordering::Less);
                        if lower && !pruning.seen(states, &succ.state) {
                            smallest_cut = Some(measure);
                        }
                        continue;
                    }
                };
                let fresh = match pruning {
                    Pruning::Path => !on_path(states, &succ.state),
                    Pruning::Closed(closed) => closed.insert(succ.state.clone()),
                };
                if fresh {
                    states.push(succ.state.clone());
                    costs.push(g);
                    hs.push(h);
                    break;
                }
            }
        }
    }

    /// The current path; after [`Probe::Found`] it ends in the goal.
    pub(crate) fn solution(&self) -> Solution<S, A, C> {
        path_solution(&self.states, &self.costs, &self.succs, &self.next)
    }

    /// The path to the last node kept by an entry rule ([`Enter::Keep`]), taken out.
    pub(crate) fn take_kept(&mut self) -> Option<Solution<S, A, C>> {
        self.kept.take()
    }
}

/// The path on the stack as a solution: the states, the action that led to each, the cost.
fn path_solution<S: Clone, A: Clone, C: Copy>(
    states: &[S],
    costs: &[C],
    succs: &[Vec<Successor<S, A, C>>],
    next: &[usize],
) -> Solution<S, A, C> {
    let actions = (0..states.len() - 1).map(|d| succs[d][next[d] - 1].action.clone()).collect();
    Solution { actions, states: states.to_vec(), cost: costs[costs.len() - 1] }
}
