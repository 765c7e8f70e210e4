//! The sliding-tile puzzle as a [`delve_core::Problem`]: compact `Copy` states, successor
//! generation by table walk into the caller's buffer, and a pluggable heuristic.

use crate::board::{Board, Move, MoveTable};
use crate::heuristic::Heuristic;
use crate::state::{Cells, Grid, Position};
use delve_core::{Problem, Successor};

/// One instance: a start, a goal and the heuristic informed searches use.
pub struct SlidingProblem<C: Cells, H> {
    board: Board,
    moves: MoveTable,
    start: Position<C>,
    goal: Position<C>,
    heuristic: H,
}

impl<C: Cells, H: Heuristic<C>> SlidingProblem<C, H> {
    /// The instance `start` → `goal` (same board; solvability is the caller's check).
    pub fn new(start: &Grid, goal: &Grid, heuristic: H) -> Self {
        assert_eq!(start.board(), goal.board(), "start and goal must share a board");
        assert!(start.board().cells() <= C::CAPACITY, "board too large for this cell storage");
        SlidingProblem {
            board: start.board(),
            moves: MoveTable::new(start.board()),
            start: start.position(),
            goal: goal.position(),
            heuristic,
        }
    }
    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }
    /// The heuristic.
    pub fn heuristic_fn(&self) -> &H {
        &self.heuristic
    }
}

impl<C: Cells, H: Heuristic<C>> Problem for SlidingProblem<C, H> {
    type State = Position<C>;
    type Action = Move;
    type Cost = u32;

    fn initial_state(&self) -> Position<C> {
        self.start
    }
    fn actions(&self, state: &Position<C>) -> Vec<Move> {
        self.moves.moves(state.blank as usize).map(|(m, _)| m).collect()
    }
    fn result(&self, state: &Position<C>, action: &Move) -> Position<C> {
        let to = self.board.neighbor(state.blank as usize, *action).expect("a legal move");
        state.slid(to)
    }
    #[inline]
    fn is_goal(&self, state: &Position<C>) -> bool {
        *state == self.goal
    }
    fn step_cost(&self, _: &Position<C>, _: &Move) -> u32 {
        1
    }
    #[inline]
    fn heuristic(&self, state: &Position<C>) -> u32 {
        self.heuristic.estimate(state)
    }
    #[inline]
    fn expand(&self, state: &Position<C>, out: &mut Vec<Successor<Position<C>, Move, u32>>) {
        for (action, to) in self.moves.moves(state.blank as usize) {
            out.push(Successor { action, state: state.slid(to), cost: 1 });
        }
    }
}

/// A position plus the move that produced it, for depth-first searches (IDA*, iterative
/// lengthening): [`SlidingTree`] never generates the move that undoes the previous one.
/// Equality and hashing look at the position only, so path checks still see repeated
/// positions.
#[derive(Clone, Copy, Debug)]
pub struct Trail<C> {
    /// The position.
    pub pos: Position<C>,
    /// The move that led here (`None` at the root).
    pub last: Option<Move>,
}

impl<C: PartialEq> PartialEq for Trail<C> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.pos == other.pos
    }
}
impl<C: Eq> Eq for Trail<C> {}
impl<C: std::hash::Hash> std::hash::Hash for Trail<C> {
    fn hash<Hs: std::hash::Hasher>(&self, state: &mut Hs) {
        self.pos.hash(state)
    }
}

/// The same puzzle for tree searches: states carry their last move, and the move that
/// would undo it is not generated (it leads straight back to the parent).
pub struct SlidingTree<C: Cells, H>(pub SlidingProblem<C, H>);

impl<C: Cells, H: Heuristic<C>> Problem for SlidingTree<C, H> {
    type State = Trail<C>;
    type Action = Move;
    type Cost = u32;

    fn initial_state(&self) -> Trail<C> {
        Trail { pos: self.0.start, last: None }
    }
    fn actions(&self, state: &Trail<C>) -> Vec<Move> {
        let undo = state.last.map(Move::opposite);
        self.0.actions(&state.pos).into_iter().filter(|&m| Some(m) != undo).collect()
    }
    fn result(&self, state: &Trail<C>, action: &Move) -> Trail<C> {
        Trail { pos: self.0.result(&state.pos, action), last: Some(*action) }
    }
    #[inline]
    fn is_goal(&self, state: &Trail<C>) -> bool {
        state.pos == self.0.goal
    }
    fn step_cost(&self, _: &Trail<C>, _: &Move) -> u32 {
        1
    }
    #[inline]
    fn heuristic(&self, state: &Trail<C>) -> u32 {
        self.0.heuristic.estimate(&state.pos)
    }
    #[inline]
    fn expand(&self, state: &Trail<C>, out: &mut Vec<Successor<Trail<C>, Move, u32>>) {
        let undo = state.last.map(Move::opposite);
        for (action, to) in self.0.moves.moves(state.pos.blank as usize) {
            if Some(action) != undo {
                out.push(Successor { action, state: Trail { pos: state.pos.slid(to), last: Some(action) }, cost: 1 });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::Manhattan;
    use crate::state::Nibbles;

    #[test]
    fn expand_matches_actions_and_result() {
        let goal = Grid::standard_goal(Board::new(3, 4).unwrap());
        let start = goal.apply(Move::Up).unwrap().apply(Move::Left).unwrap();
        let p: SlidingProblem<Nibbles, _> = SlidingProblem::new(&start, &goal, Manhattan::new(&goal));
        let s = p.initial_state();
        let mut buf = Vec::new();
        p.expand(&s, &mut buf);
        let acts = p.actions(&s);
        assert_eq!(buf.len(), acts.len());
        for (succ, a) in buf.iter().zip(&acts) {
            assert_eq!(succ.action, *a);
            assert_eq!(succ.state, p.result(&s, a));
        }
        assert_eq!(p.heuristic(&s), 2);
        assert!(p.is_goal(&goal.position()));
        let tree = SlidingTree(p);
        let root = tree.initial_state();
        let mut kids = Vec::new();
        tree.expand(&root, &mut kids);
        assert_eq!(kids.len(), 4);
        let child = kids.iter().find(|k| k.action == Move::Right).unwrap().state;
        let mut grandkids = Vec::new();
        tree.expand(&child, &mut grandkids);
        assert!(grandkids.iter().all(|k| k.action != Move::Left), "the undo move is pruned");
        assert_eq!(tree.actions(&child).len(), grandkids.len());
    }
}
