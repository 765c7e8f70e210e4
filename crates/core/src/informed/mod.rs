//! Informed (heuristic) search: greedy best-first, cell-cycling best-first, Festival's FESS,
//! A*, weighted A*, hash-distributed parallel A* and IDA*.

mod astar;
mod cycling;
mod fess;
mod greedy;
mod idastar;
mod parallel_astar;

pub(crate) use astar::weighted_by;
pub use astar::{astar, weighted_astar};
pub use cycling::{Move, cycling, weighted_cycling};
pub use fess::{FessProblem, Step, fess};
pub use greedy::greedy;
pub use idastar::idastar;
pub use parallel_astar::parallel_astar;
