//! The incremental formulation the original assignment uses for BFS and backtracking: queens are
//! placed column by column from the left; a state is the rows chosen so far; an action places the
//! next column's queen in a row. Attacking partial states are pruned (never generated), which is
//! the original assignment's `checkNoPair` test moved from expansion to generation. It exists for
//! `delve_core`'s generic tree searches, which need partial states and actions; the local searches
//! work on complete states ([`Board`](crate::Board)) and the CSP engine on
//! [`csp_model`](fn@crate::csp_model).

use delve_core::{Problem, Successor};

/// A partial placement: the 0-based rows of the queens in columns `0..len`.
pub type Partial = Vec<u16>;

/// N-Queens as a [`Problem`] for the generic searches (BFS, DFS, UCS, iterative
/// lengthening, …): every step costs 1, successors come in increasing row order, so
/// depth-first and breadth-first searches find the lexicographically first solution.
///
/// ```
/// use delve_core::{Limits, NoObserver, uninformed::bfs};
/// use delve_queens::Placement;
/// let out = bfs(&Placement::new(5), &Limits::none(), NoObserver);
/// assert_eq!(out.solution().unwrap().goal(), &vec![0, 2, 4, 1, 3]); // "1 3 5 2 4"
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    n: u16,
}

impl Placement {
    /// The N-Queens placement problem (N ≤ 65,535).
    pub fn new(n: u16) -> Self {
        Placement { n }
    }

    /// Whether a queen in the next column at `row` is attacked by `state`'s queens.
    #[inline]
    pub fn attacked(state: &[u16], row: u16) -> bool {
        let col = state.len();
        state.iter().enumerate().any(|(c, &r)| r == row || usize::from(r.abs_diff(row)) == col - c)
    }
}

impl Problem for Placement {
    type State = Partial;
    type Action = u16;
    type Cost = u32;

    fn initial_state(&self) -> Partial {
        Vec::new()
    }
    fn is_goal(&self, state: &Partial) -> bool {
        state.len() == usize::from(self.n)
    }
    fn expand(&self, state: &Partial, out: &mut Vec<Successor<Partial, u16, u32>>) {
        if state.len() >= usize::from(self.n) {
            return;
        }
        for row in (0..self.n).filter(|&r| !Self::attacked(state, r)) {
            // Exactly the room the child needs: a full board's room for each of 65,535
            // children would touch a page each before the search could look at memory.
            let mut next = Vec::with_capacity(state.len() + 1);
            next.extend_from_slice(state);
            next.push(row);
            out.push(Successor { state: next, action: row, cost: 1 });
        }
    }
}
