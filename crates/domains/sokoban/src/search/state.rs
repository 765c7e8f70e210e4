//! The search state of Sokoban over pushes, its cost and its action (see the `problem`
//! module for how the search uses them).

use crate::rules::size::Size;
use delve_core::Lex;
use std::hash::{Hash, Hasher};

/// The cost of a path: (pushes, moves).
pub type Cost = Lex<u32, u32>;

/// A search state: the boxes and the player (see the module docs).
#[derive(Clone, Copy, Debug)]
pub struct State<Z: Size> {
    pub(crate) key: u64,
    pub(crate) boxes: Z::BoxSquares,
    pub(crate) player: Z::Sq,
    /// The square of the box pushed last ([`Size::NONE`](crate::rules::size::Size::NONE) at the start): where the deadlock table
    /// looks when the state is expanded ([`Settings::table_when_expanded`](crate::Settings::table_when_expanded)). Not part of the
    /// state: two paths to one position may end with different pushes, and the first one
    /// stored is kept.
    pub(crate) pushed: Z::Sq,
}

impl<Z: Size> PartialEq for State<Z> {
    fn eq(&self, other: &State<Z>) -> bool {
        self.key == other.key && self.boxes == other.boxes && self.player == other.player
    }
}

impl<Z: Size> Eq for State<Z> {}

impl<Z: Size> Hash for State<Z> {
    /// The Zobrist key is the hash: equal states have equal keys.
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.key);
    }
}

impl<Z: Size> State<Z> {
    /// The box squares (`n` of them: the level's box count).
    pub fn boxes(&self, n: usize) -> &[Z::Sq] {
        &self.boxes[..n]
    }
    /// The player's square (exact or normalised, see [`SokobanProblem`](crate::SokobanProblem)).
    pub fn player(&self) -> Z::Sq {
        self.player
    }
    /// The Zobrist key (the state's hash).
    pub(crate) fn key(&self) -> u64 {
        self.key
    }
}

/// One push: the box on square `from` moves one square in direction `dir` (index into
/// [`DIRS`](crate::rules::board::DIRS)); or, for a tunnel or goal-room macro ([`Settings::macros`](crate::Settings::macros)),
/// that push and then the fewest pushes that carry the same box on to square `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Push<Z: Size> {
    /// The square of the pushed box before the push.
    pub from: Z::Sq,
    /// The direction of the (first) push.
    pub dir: u8,
    /// Where the box ends: the square next to `from` in direction `dir` for a single push.
    pub to: Z::Sq,
}
