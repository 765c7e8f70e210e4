//! The one hash-map flavour used across delve: `rustc-hash`'s Fx hasher, fast and
//! deterministic (identical node counts run to run).

pub use rustc_hash::{FxBuildHasher, FxHashMap, FxHashSet};
