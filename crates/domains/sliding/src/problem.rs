//! The sliding-tile puzzle as a [`delve_core::Problem`]: compact `Copy` states, successor
//! generation by table walk into the caller's buffer, and a pluggable heuristic.

use crate::board::{Dims, Move, MoveTable};
use crate::heuristic::Heuristic;
use crate::state::{Cells, Grid, Position};
use delve_core::{Problem, Reversible, Successor};

/// One instance: a start, a goal and the heuristic informed searches use.
pub struct SlidingProblem<C: Cells, H> {
    board: Dims,
    moves: MoveTable,
    start: Position<C>,
    goal: Position<C>,
    heuristic: H,
}

impl<C: Cells, H: Heuristic<C>> SlidingProblem<C, H> {
    /// The instance `start` → `goal` (same board; solvability is the caller's check).
    pub fn new(start: &Grid, goal: &Grid, heuristic: H) -> Self {
        assert_eq!(start.dims(), goal.dims(), "start and goal must share a board");
        assert!(start.dims().cells() <= C::CAPACITY, "board too large for this cell storage");
        SlidingProblem {
            board: start.dims(),
            moves: MoveTable::new(start.dims()),
            start: start.position(),
            goal: goal.position(),
            heuristic,
        }
    }
    /// The board's dimensions.
    pub fn dims(&self) -> Dims {
        self.board
    }
}

impl<C: Cells, H: Heuristic<C>> Problem for SlidingProblem<C, H> {
    type State = Position<C>;
    type Action = Move;
    type Cost = u32;

    fn initial_state(&self) -> Position<C> {
        self.start
    }
    #[inline]
    fn is_goal(&self, state: &Position<C>) -> bool {
        *state == self.goal
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

/// Every move is undone by its opposite, so a state's predecessors are its successors, each
/// reached by the opposite move: bidirectional search works on the puzzle.
impl<C: Cells, H: Heuristic<C>> Reversible for SlidingProblem<C, H> {
    #[inline]
    fn predecessors(&self, state: &Position<C>, out: &mut Vec<Successor<Position<C>, Move, u32>>) {
        for (back, to) in self.moves.moves(state.blank as usize) {
            out.push(Successor { action: back.opposite(), state: state.slid(to), cost: 1 });
        }
    }
    fn goal_states(&self) -> Vec<Position<C>> {
        vec![self.goal]
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
    #[inline]
    fn is_goal(&self, state: &Trail<C>) -> bool {
        state.pos == self.0.goal
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

    /// Every legal move of `g` with the grid it leads to, by `Grid::apply` (the rules, not
    /// the move table).
    fn by_rules(g: &Grid) -> Vec<(Move, Grid)> {
        Move::ALL.into_iter().filter_map(|m| g.apply(m).map(|next| (m, next))).collect()
    }

    #[test]
    fn expand_follows_the_rules() {
        let goal = Grid::standard_goal(Dims::new(3, 4).unwrap());
        let start = goal.apply(Move::Up).unwrap().apply(Move::Left).unwrap();
        let p: SlidingProblem<Nibbles, _> = SlidingProblem::new(&start, &goal, Manhattan::new(&goal));
        // A corner, an edge and an inner blank: 2, 3 and 4 moves.
        for g in [goal.clone(), goal.apply(Move::Up).unwrap(), start.clone()] {
            let mut buf = Vec::new();
            p.expand(&g.position(), &mut buf);
            let got: Vec<(Move, Grid)> =
                buf.iter().map(|s| (s.action, Grid::from_position(g.dims(), &s.state))).collect();
            let mut want = by_rules(&g);
            let mut got_sorted = got.clone();
            got_sorted.sort_by_key(|(m, _)| m.letter());
            want.sort_by_key(|(m, _)| m.letter());
            assert_eq!(got_sorted, want, "{:?}", g.tiles());
            assert!(buf.iter().all(|s| s.cost == 1));
            // Predecessors: the same neighbours, each labelled with the move that leads back here.
            let mut preds = Vec::new();
            p.predecessors(&g.position(), &mut preds);
            for pred in &preds {
                let from = Grid::from_position(g.dims(), &pred.state);
                assert_eq!(from.apply(pred.action), Some(g.clone()));
            }
            assert_eq!(preds.len(), buf.len());
        }
        assert_eq!(p.heuristic(&p.initial_state()), 2);
        assert!(p.is_goal(&goal.position()));
        assert_eq!(p.goal_states(), vec![goal.position()]);

        let tree = SlidingTree(p);
        let root = tree.initial_state();
        let mut kids = Vec::new();
        tree.expand(&root, &mut kids);
        assert_eq!(kids.len(), by_rules(&start).len(), "the root keeps every move");
        let child = kids.iter().find(|k| k.action == Move::Right).unwrap().state;
        let child_grid = start.apply(Move::Right).unwrap();
        assert_eq!(Grid::from_position(start.dims(), &child.pos), child_grid);
        let mut grandkids = Vec::new();
        tree.expand(&child, &mut grandkids);
        let mut want: Vec<Move> =
            by_rules(&child_grid).into_iter().map(|(m, _)| m).filter(|&m| m != Move::Left).collect();
        let mut got: Vec<Move> = grandkids.iter().map(|k| k.action).collect();
        want.sort_by_key(|m| m.letter());
        got.sort_by_key(|m| m.letter());
        assert_eq!(got, want, "every legal move but the undo");
        for k in &grandkids {
            assert_eq!(Grid::from_position(start.dims(), &k.state.pos), child_grid.apply(k.action).unwrap());
            assert_eq!(k.state.last, Some(k.action));
        }
    }
}
