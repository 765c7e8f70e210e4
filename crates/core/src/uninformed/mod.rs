//! Uninformed (blind) search: breadth-first, depth-first, depth-limited, iterative
//! deepening, uniform-cost, iterative lengthening and bidirectional breadth-first.

mod bfs;
mod ucs;

pub use bfs::bfs;
pub use ucs::ucs;
