//! The [`Problem`] abstraction (AIMA's five parts plus a heuristic) and [`FnProblem`], the
//! closure adapter that lets `pathfinding`-style callers use the very same algorithms.

use crate::cost::Cost;
use std::hash::Hash;

/// One generated successor: the action taken, the state it leads to and its step cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Successor<S, A, C> {
    /// The action that produced `state`.
    pub action: A,
    /// The resulting state.
    pub state: S,
    /// The cost of taking `action`.
    pub cost: C,
}

/// A search problem: initial state, actions, transition model, goal test, step cost and an
/// optional heuristic.
///
/// Algorithms only call [`Problem::expand`], whose default is built from `actions`,
/// `result` and `step_cost`; a domain that can generate successors faster overrides it
/// (it fills a buffer the algorithm reuses, so no allocation per node is needed).
///
/// ```
/// use delve_core::{Problem, Successor};
/// /// Count from `0` up to a target by steps of 1 or 2.
/// struct Count(u32);
/// impl Problem for Count {
///     type State = u32;
///     type Action = u32;
///     type Cost = u32;
///     fn initial_state(&self) -> u32 { 0 }
///     fn actions(&self, _: &u32) -> Vec<u32> { vec![1, 2] }
///     fn result(&self, s: &u32, a: &u32) -> u32 { s + a }
///     fn is_goal(&self, s: &u32) -> bool { *s == self.0 }
///     fn step_cost(&self, _: &u32, _: &u32) -> u32 { 1 }
/// }
/// let mut buf = Vec::new();
/// Count(5).expand(&3, &mut buf);
/// assert_eq!(buf, vec![Successor { action: 1, state: 4, cost: 1 }, Successor { action: 2, state: 5, cost: 1 }]);
/// ```
pub trait Problem {
    /// A state of the world. Graph search hashes states, so keep them compact.
    type State: Clone + Eq + Hash;
    /// An action that moves between states.
    type Action: Clone;
    /// The path-cost type.
    type Cost: Cost;

    /// The state the search starts from.
    fn initial_state(&self) -> Self::State;
    /// The actions applicable in `state`, in the order algorithms should try them.
    fn actions(&self, state: &Self::State) -> Vec<Self::Action>;
    /// The transition model: the state reached by `action` from `state`.
    fn result(&self, state: &Self::State, action: &Self::Action) -> Self::State;
    /// The goal test.
    fn is_goal(&self, state: &Self::State) -> bool;
    /// The cost of taking `action` in `state`.
    fn step_cost(&self, state: &Self::State, action: &Self::Action) -> Self::Cost;
    /// An estimate of the cost from `state` to a goal; admissible if it never overestimates.
    /// Defaults to zero, which turns A* into uniform-cost search.
    fn heuristic(&self, state: &Self::State) -> Self::Cost {
        let _ = state;
        Self::Cost::ZERO
    }
    /// Appends every successor of `state` to `out` (which the caller clears).
    fn expand(&self, state: &Self::State, out: &mut Vec<Successor<Self::State, Self::Action, Self::Cost>>) {
        for action in self.actions(state) {
            let next = self.result(state, &action);
            let cost = self.step_cost(state, &action);
            out.push(Successor { action, state: next, cost });
        }
    }
}

/// A [`Problem`] made of closures, in the style of the `pathfinding` crate: the action is the
/// successor state itself.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, informed::astar};
/// // Walk the integer line from 1 to 17 with steps +1 (cost 1) or ×2 (cost 1).
/// let p = FnProblem::new(1u32, |&n: &u32| vec![(n + 1, 1u32), (n * 2, 1)], |&n: &u32| n == 17);
/// let out = astar(&p, &Limits::default(), &mut NoObserver);
/// assert_eq!(out.solution().unwrap().cost, 5); // 1→2→4→8→16→17
/// ```
pub struct FnProblem<N, C, FS, FG, FH = fn(&N) -> C> {
    start: N,
    successors: FS,
    success: FG,
    heuristic: FH,
    _cost: std::marker::PhantomData<C>,
}

impl<N, C, FS, FG> FnProblem<N, C, FS, FG>
where
    C: Cost,
{
    /// A problem with no heuristic (h = 0).
    pub fn new(start: N, successors: FS, success: FG) -> Self {
        FnProblem { start, successors, success, heuristic: |_| C::ZERO, _cost: std::marker::PhantomData }
    }
}

impl<N, C, FS, FG, FH> FnProblem<N, C, FS, FG, FH> {
    /// The same problem with a heuristic.
    pub fn with_heuristic<FH2>(self, heuristic: FH2) -> FnProblem<N, C, FS, FG, FH2> {
        FnProblem {
            start: self.start,
            successors: self.successors,
            success: self.success,
            heuristic,
            _cost: std::marker::PhantomData,
        }
    }
}

impl<N, C, FS, FG, FH, IT> Problem for FnProblem<N, C, FS, FG, FH>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FS: Fn(&N) -> IT,
    IT: IntoIterator<Item = (N, C)>,
    FG: Fn(&N) -> bool,
    FH: Fn(&N) -> C,
{
    type State = N;
    type Action = N;
    type Cost = C;

    fn initial_state(&self) -> N {
        self.start.clone()
    }
    fn actions(&self, state: &N) -> Vec<N> {
        (self.successors)(state).into_iter().map(|(n, _)| n).collect()
    }
    fn result(&self, _state: &N, action: &N) -> N {
        action.clone()
    }
    fn is_goal(&self, state: &N) -> bool {
        (self.success)(state)
    }
    fn step_cost(&self, state: &N, action: &N) -> C {
        (self.successors)(state)
            .into_iter()
            .filter(|(n, _)| n == action)
            .map(|(_, c)| c)
            .reduce(Cost::min_of)
            .unwrap_or(C::MAX)
    }
    fn heuristic(&self, state: &N) -> C {
        (self.heuristic)(state)
    }
    fn expand(&self, state: &N, out: &mut Vec<Successor<N, N, C>>) {
        out.extend((self.successors)(state).into_iter().map(|(n, c)| Successor {
            action: n.clone(),
            state: n,
            cost: c,
        }));
    }
}

/// A [`Problem`] that can also be searched backwards from its goals, as bidirectional search
/// needs.
///
/// Each predecessor is reported as a [`Successor`] seen from the other side: for a state `s`,
/// `Successor { state: p, action: a, cost: c }` means that the *forward* action `a` leads from
/// `p` to `s` at cost `c` (so `p`'s [`Problem::expand`] would list `Successor { state: s,
/// action: a, cost: c }`). That keeps solutions in forward order whichever side found them.
///
/// ```
/// use delve_core::{Problem, Reversible, Successor};
/// /// Count from 0 to a target by +1 steps.
/// struct Count(u32);
/// impl Problem for Count {
///     type State = u32;
///     type Action = &'static str;
///     type Cost = u32;
///     fn initial_state(&self) -> u32 { 0 }
///     fn actions(&self, _: &u32) -> Vec<&'static str> { vec!["inc"] }
///     fn result(&self, s: &u32, _: &&'static str) -> u32 { s + 1 }
///     fn is_goal(&self, s: &u32) -> bool { *s == self.0 }
///     fn step_cost(&self, _: &u32, _: &&'static str) -> u32 { 1 }
/// }
/// impl Reversible for Count {
///     fn predecessors(&self, s: &u32, out: &mut Vec<Successor<u32, &'static str, u32>>) {
///         if *s > 0 { out.push(Successor { action: "inc", state: s - 1, cost: 1 }); }
///     }
///     fn goal_states(&self) -> Vec<u32> { vec![self.0] }
/// }
/// let mut preds = Vec::new();
/// Count(5).predecessors(&5, &mut preds);
/// assert_eq!(preds, vec![Successor { action: "inc", state: 4, cost: 1 }]);
/// ```
pub trait Reversible: Problem {
    /// Appends every predecessor of `state` to `out` (which the caller clears); see the trait
    /// docs for the meaning of the action and cost.
    fn predecessors(&self, state: &Self::State, out: &mut Vec<Successor<Self::State, Self::Action, Self::Cost>>);
    /// Every goal state (each one satisfies [`Problem::is_goal`]); the backward search starts
    /// from them, so the list must be complete.
    fn goal_states(&self) -> Vec<Self::State>;
}

/// Makes any [`Problem`] (a closure-style [`FnProblem`] included) [`Reversible`] by adding a
/// predecessor closure and the list of goal states.
///
/// ```
/// use delve_core::{FnProblem, Limits, NoObserver, Successor, WithPredecessors, uninformed::bibfs};
/// // An undirected line 0 - 1 - ... - 9: predecessors are the neighbours, and with
/// // `FnProblem` the forward action is the state it reaches.
/// let neighbours = |&n: &u32| [n.wrapping_sub(1), n + 1].into_iter().filter(|&m| m < 10);
/// let p = FnProblem::new(0u32, move |n: &u32| neighbours(n).map(|m| (m, 1u32)), |&n: &u32| n == 9);
/// let p = WithPredecessors::new(p, vec![9], move |s: &u32| {
///     let s = *s;
///     neighbours(&s).map(move |m| Successor { action: s, state: m, cost: 1u32 })
/// });
/// assert_eq!(bibfs(&p, &Limits::none(), &mut NoObserver).solution().unwrap().cost, 9);
/// ```
pub struct WithPredecessors<P: Problem, F> {
    problem: P,
    goals: Vec<P::State>,
    predecessors: F,
}

impl<P: Problem, F> WithPredecessors<P, F> {
    /// Wraps `problem`; `predecessors(s)` yields the predecessors of `s` as described on
    /// [`Reversible`], and `goals` lists every goal state.
    pub fn new(problem: P, goals: Vec<P::State>, predecessors: F) -> Self {
        WithPredecessors { problem, goals, predecessors }
    }
    /// The wrapped problem.
    pub fn inner(&self) -> &P {
        &self.problem
    }
}

impl<P: Problem, F> Problem for WithPredecessors<P, F> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;

    fn initial_state(&self) -> P::State {
        self.problem.initial_state()
    }
    fn actions(&self, state: &P::State) -> Vec<P::Action> {
        self.problem.actions(state)
    }
    fn result(&self, state: &P::State, action: &P::Action) -> P::State {
        self.problem.result(state, action)
    }
    fn is_goal(&self, state: &P::State) -> bool {
        self.problem.is_goal(state)
    }
    fn step_cost(&self, state: &P::State, action: &P::Action) -> P::Cost {
        self.problem.step_cost(state, action)
    }
    fn heuristic(&self, state: &P::State) -> P::Cost {
        self.problem.heuristic(state)
    }
    fn expand(&self, state: &P::State, out: &mut Vec<Successor<P::State, P::Action, P::Cost>>) {
        self.problem.expand(state, out)
    }
}

impl<P, F, IT> Reversible for WithPredecessors<P, F>
where
    P: Problem,
    F: Fn(&P::State) -> IT,
    IT: IntoIterator<Item = Successor<P::State, P::Action, P::Cost>>,
{
    fn predecessors(&self, state: &P::State, out: &mut Vec<Successor<P::State, P::Action, P::Cost>>) {
        out.extend((self.predecessors)(state));
    }
    fn goal_states(&self) -> Vec<P::State> {
        self.goals.clone()
    }
}
