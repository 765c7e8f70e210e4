//! Uninformed (blind) search: breadth-first, depth-first, depth-limited, iterative
//! deepening, uniform-cost, iterative lengthening and bidirectional breadth-first.

mod bfs;
mod bibfs;
mod dfs;
mod dls;
mod iddfs;
mod ils;
mod ucs;

pub use bfs::bfs;
pub use bibfs::bibfs;
pub use dfs::dfs;
pub use dls::{DepthLimited, dls, dls_with_cutoff};
pub use iddfs::iddfs;
pub use ils::ils;
pub use ucs::ucs;
