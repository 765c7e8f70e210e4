//! Sokoban as a `delve-core` search problem over pushes: the state and its cost ([`state`]),
//! the problem with its bound, prunings and settings ([`problem`]), and the board's
//! symmetries, folded so that one state stands for its class ([`symmetry`]).

pub mod layout;
pub mod problem;
pub mod settings;
pub mod state;
pub mod symmetry;
