//! The [`Problem`] abstraction (AIMA's problem, reduced to what search needs: an initial
//! state, a goal test, a successor generator and a heuristic) and [`FnProblem`], the closure
//! adapter that lets `pathfinding`-style callers use the very same algorithms.
//!
//! AIMA's `actions` / `result` / `step_cost` formulation is still there for those who think
//! in it: implement [`Actions`] and write `expand` as one call to [`expand_by_actions`].

use crate::cost::Cost;
use std::cell::RefCell;
use std::hash::Hash;

/// The [`SearchResult`](crate::SearchResult) of a search on problem `P`.
pub type ResultOf<P> = crate::SearchResult<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;
/// The [`Outcome`](crate::Outcome) of a search on problem `P`.
pub type OutcomeOf<P> = crate::Outcome<<P as Problem>::State, <P as Problem>::Action, <P as Problem>::Cost>;

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

/// A search problem: an initial state, a goal test, a successor generator and an optional
/// heuristic.
///
/// Contract: [`Problem::expand`] is a function of the state (the same state always yields the
/// same successors in the same order). The iterative searches expand a state again in each
/// iteration and rely on it to find the same successors. No search calls `expand` to rebuild
/// its solution: the graph searches store the action that reached each node.
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
///     fn is_goal(&self, s: &u32) -> bool { *s == self.0 }
///     fn expand(&self, s: &u32, out: &mut Vec<Successor<u32, u32, u32>>) {
///         out.extend([1, 2].map(|step| Successor { action: step, state: s + step, cost: 1 }));
///     }
/// }
/// let mut buf = Vec::new();
/// Count(5).expand(&3, &mut buf);
/// assert_eq!(buf, vec![Successor { action: 1, state: 4, cost: 1 }, Successor { action: 2, state: 5, cost: 1 }]);
/// ```
pub trait Problem {
    /// A state of the world. Graph search stores and hashes states, so keep them compact: a
    /// packed integer state makes a node `size_of::<State>() + 4 + size_of::<Cost>()` bytes,
    /// plus `size_of::<Action>()` for the action that reached it.
    type State: Clone + Eq + Hash;
    /// An action that moves between states.
    type Action: Clone;
    /// The path-cost type.
    type Cost: Cost;

    /// The state the search starts from.
    fn initial_state(&self) -> Self::State;
    /// The goal test.
    fn is_goal(&self, state: &Self::State) -> bool;
    /// Appends every successor of `state` to `out` (which the caller clears and reuses, so no
    /// allocation per node is needed), in the order algorithms should try them.
    fn expand(&self, state: &Self::State, out: &mut Vec<Successor<Self::State, Self::Action, Self::Cost>>);
    /// An estimate of the cost from `state` to a goal; admissible if it never overestimates.
    /// May return [`Cost::MAX`] for a dead end. Defaults to zero, which turns A* into
    /// uniform-cost search.
    fn heuristic(&self, state: &Self::State) -> Self::Cost {
        let _ = state;
        Self::Cost::ZERO
    }
    /// The heuristic of `child`, reached from `parent` (whose estimate was `parent_h`) by
    /// `action`. Algorithms call this for every successor, so a domain whose estimate changes
    /// a little per step (a matching bound that changes by one box a push) can update it
    /// instead of recomputing it. Defaults to [`Problem::heuristic`] of `child`.
    fn heuristic_after(
        &self,
        parent: &Self::State,
        parent_h: Self::Cost,
        action: &Self::Action,
        child: &Self::State,
    ) -> Self::Cost {
        let _ = (parent, parent_h, action);
        self.heuristic(child)
    }
}

/// AIMA's formulation of the transition model, for those who think in it: list the actions,
/// apply one, price it. Implement it beside [`Problem`] and write `expand` as
/// [`expand_by_actions`].
///
/// ```
/// use delve_core::{Actions, Limits, NoObserver, Problem, Successor, expand_by_actions, uninformed::bfs};
/// struct Count(u32);
/// impl Actions for Count {
///     fn actions(&self, _: &u32) -> Vec<u32> { vec![1, 2] }
///     fn result(&self, s: &u32, a: &u32) -> u32 { s + a }
///     fn step_cost(&self, _: &u32, _: &u32) -> u32 { 1 }
/// }
/// impl Problem for Count {
///     type State = u32;
///     type Action = u32;
///     type Cost = u32;
///     fn initial_state(&self) -> u32 { 0 }
///     fn is_goal(&self, s: &u32) -> bool { *s == self.0 }
///     fn expand(&self, s: &u32, out: &mut Vec<Successor<u32, u32, u32>>) { expand_by_actions(self, s, out) }
/// }
/// assert_eq!(bfs(&Count(7), &Limits::none(), NoObserver).into_solution().unwrap().len(), 4);
/// ```
pub trait Actions: Problem {
    /// The actions applicable in `state`, in the order algorithms should try them.
    fn actions(&self, state: &Self::State) -> Vec<Self::Action>;
    /// The state reached by `action` from `state`.
    fn result(&self, state: &Self::State, action: &Self::Action) -> Self::State;
    /// The cost of taking `action` in `state`.
    fn step_cost(&self, state: &Self::State, action: &Self::Action) -> Self::Cost;
}

/// [`Problem::expand`] built from [`Actions`].
pub fn expand_by_actions<P: Actions>(
    problem: &P,
    state: &P::State,
    out: &mut Vec<Successor<P::State, P::Action, P::Cost>>,
) {
    for action in problem.actions(state) {
        let next = problem.result(state, &action);
        let cost = problem.step_cost(state, &action);
        out.push(Successor { action, state: next, cost });
    }
}

/// A [`Problem`] made of closures, in the style of the `pathfinding` crate: a start, a
/// successor closure returning `(state, cost)` pairs, a goal closure, and optionally a
/// heuristic. The path is in the solution's `states`; the actions are `()` (the state is not
/// stored twice). Closures may be `FnMut` (each is called from one thread at a time).
///
/// ```
/// use delve_core::prelude::*;
/// // Walk the integer line from 1 to 17 with steps +1 (cost 1) or ×2 (cost 1).
/// let p = FnProblem::new(1u32, |&n| [(n + 1, 1u32), (n * 2, 1)], |&n| n == 17);
/// let out = astar(&p, &Limits::none(), NoObserver);
/// assert_eq!(out.solution().unwrap().cost, 5); // 1→2→4→8→16→17
/// ```
pub struct FnProblem<N, C, FS, FG, FH = fn(&N) -> C> {
    start: N,
    successors: RefCell<FS>,
    success: RefCell<FG>,
    heuristic: RefCell<FH>,
    _cost: std::marker::PhantomData<fn() -> C>,
}

impl<N, C, FS, FG> FnProblem<N, C, FS, FG>
where
    C: Cost,
{
    /// A problem with no heuristic (h = 0).
    pub fn new<IT>(start: N, successors: FS, success: FG) -> Self
    where
        FS: FnMut(&N) -> IT,
        IT: IntoIterator<Item = (N, C)>,
        FG: FnMut(&N) -> bool,
    {
        let zero: fn(&N) -> C = |_| C::ZERO;
        FnProblem {
            start,
            successors: RefCell::new(successors),
            success: RefCell::new(success),
            heuristic: RefCell::new(zero),
            _cost: std::marker::PhantomData,
        }
    }
}

impl<N, FG> FnProblem<N, u32, (), FG> {
    /// A problem where every step costs 1 (`u32`): `neighbours` returns states alone, as for
    /// `pathfinding`'s `bfs`.
    ///
    /// ```
    /// use delve_core::prelude::*;
    /// // A knight's shortest tour from a1 to h8 on a chess board.
    /// let moves = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
    /// let p = FnProblem::unit((0i8, 0i8), |&(x, y)| {
    ///     moves.iter().map(move |(dx, dy)| (x + dx, y + dy)).filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
    /// }, |&s| s == (7, 7));
    /// assert_eq!(bfs(&p, &Limits::none(), NoObserver).into_solution().unwrap().len(), 6);
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn unit<FN, IT>(
        start: N,
        mut neighbours: FN,
        success: FG,
    ) -> FnProblem<N, u32, impl FnMut(&N) -> std::iter::Map<IT::IntoIter, fn(N) -> (N, u32)>, FG>
    where
        FN: FnMut(&N) -> IT,
        IT: IntoIterator<Item = N>,
        FG: FnMut(&N) -> bool,
    {
        let with_cost: fn(N) -> (N, u32) = |n| (n, 1);
        FnProblem::new(start, move |n: &N| neighbours(n).into_iter().map(with_cost), success)
    }
}

impl<N, C, FS, FG, FH> FnProblem<N, C, FS, FG, FH> {
    /// The same problem with a heuristic.
    pub fn with_heuristic<FH2>(self, heuristic: FH2) -> FnProblem<N, C, FS, FG, FH2>
    where
        FH2: FnMut(&N) -> C,
    {
        FnProblem {
            start: self.start,
            successors: self.successors,
            success: self.success,
            heuristic: RefCell::new(heuristic),
            _cost: std::marker::PhantomData,
        }
    }
}

impl<N, C, FS, FG, FH, IT> Problem for FnProblem<N, C, FS, FG, FH>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FS: FnMut(&N) -> IT,
    IT: IntoIterator<Item = (N, C)>,
    FG: FnMut(&N) -> bool,
    FH: FnMut(&N) -> C,
{
    type State = N;
    type Action = ();
    type Cost = C;

    fn initial_state(&self) -> N {
        self.start.clone()
    }
    #[inline]
    fn is_goal(&self, state: &N) -> bool {
        (self.success.borrow_mut())(state)
    }
    #[inline]
    fn heuristic(&self, state: &N) -> C {
        (self.heuristic.borrow_mut())(state)
    }
    #[inline]
    fn expand(&self, state: &N, out: &mut Vec<Successor<N, (), C>>) {
        let succs = (self.successors.borrow_mut())(state);
        out.extend(succs.into_iter().map(|(state, cost)| Successor { action: (), state, cost }));
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
///     fn is_goal(&self, s: &u32) -> bool { *s == self.0 }
///     fn expand(&self, s: &u32, out: &mut Vec<Successor<u32, &'static str, u32>>) {
///         out.push(Successor { action: "inc", state: s + 1, cost: 1 });
///     }
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
    /// docs for the meaning of the action and cost. Like `expand`, a function of the state.
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
/// // An undirected line 0 - 1 - ... - 9: predecessors are the neighbours.
/// let neighbours = |&n: &u32| [n.wrapping_sub(1), n + 1].into_iter().filter(|&m| m < 10);
/// let p = FnProblem::new(0u32, move |n| neighbours(n).map(|m| (m, 1u32)), |&n| n == 9);
/// let p = WithPredecessors::new(p, vec![9], move |s: &u32| neighbours(s).map(|m| Successor { action: (), state: m, cost: 1u32 }));
/// assert_eq!(bibfs(&p, &Limits::none(), NoObserver).solution().unwrap().cost, 9);
/// ```
pub struct WithPredecessors<P: Problem, F> {
    problem: P,
    goals: Vec<P::State>,
    predecessors: F,
}

impl<P: Problem, F> WithPredecessors<P, F> {
    /// Wraps `problem`; `predecessors(s)` yields the predecessors of `s` as described on
    /// [`Reversible`], and `goals` lists every goal state.
    pub fn new<IT>(problem: P, goals: Vec<P::State>, predecessors: F) -> Self
    where
        F: Fn(&P::State) -> IT,
        IT: IntoIterator<Item = Successor<P::State, P::Action, P::Cost>>,
    {
        WithPredecessors { problem, goals, predecessors }
    }
}

impl<P: Problem, F> Problem for WithPredecessors<P, F> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;

    fn initial_state(&self) -> P::State {
        self.problem.initial_state()
    }
    fn is_goal(&self, state: &P::State) -> bool {
        self.problem.is_goal(state)
    }
    fn heuristic(&self, state: &P::State) -> P::Cost {
        self.problem.heuristic(state)
    }
    fn heuristic_after(&self, parent: &P::State, parent_h: P::Cost, action: &P::Action, child: &P::State) -> P::Cost {
        self.problem.heuristic_after(parent, parent_h, action, child)
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
