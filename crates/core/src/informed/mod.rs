//! Informed (heuristic) search: greedy best-first, cell-cycling best-first, A*, weighted A*
//! and IDA*.

mod astar;
mod cycling;
mod greedy;
mod idastar;

pub use astar::{astar, weighted_astar};
pub use cycling::{Move, cycling, weighted_cycling};
pub use greedy::greedy;
pub use idastar::idastar;
