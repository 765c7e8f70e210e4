//! Informed (heuristic) search: greedy best-first, A*, weighted A* and IDA*.

mod astar;
mod greedy;
mod idastar;

pub use astar::{astar, weighted_astar};
pub use greedy::greedy;
pub use idastar::idastar;
