//! Informed (heuristic) search: greedy best-first, A*, weighted A* and IDA*.

mod astar;
mod greedy;

pub use astar::{astar, weighted_astar};
pub use greedy::greedy;
