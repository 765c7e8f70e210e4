//! delve past one machine: whole-space enumeration, N-Queens counting and batch solving as
//! [timely dataflow](https://docs.rs/timely) computations, which run as threads in one
//! process, as several processes, or across machines over TCP.
//!
//! - [`cluster`]: where a run happens ([`Cluster`]: workers per process, processes, this
//!   process's index, addresses) and [`cluster::run`], which connects the processes with a
//!   deadline and turns a lost connection into an error.
//! - [`mod@enumerate`]: breadth-first enumeration of a sliding puzzle's states, each worker
//!   owning a share of the rank space.
//! - [`queens`]: N-Queens counts, the counter's tasks dealt to the workers.
//! - [`batch`](mod@batch): independent jobs (instance files, level collections) dealt to the
//!   workers, results back in input order.
//!
//! Process 0 gets the results; the others return `None`. One process with one worker is the
//! default everywhere, and gives the same results as the single-machine code.

pub mod batch;
pub mod cluster;
pub mod enumerate;
mod error;
pub mod queens;

pub use cluster::Cluster;
pub use error::Error;

/// An input of records `D` at `u64` timestamps, as every dataflow here feeds its workers'
/// records in.
type Input<D> = timely::dataflow::InputHandle<u64, timely::container::CapacityContainerBuilder<Vec<D>>>;
