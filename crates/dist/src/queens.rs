//! N-Queens solution counts as a timely dataflow: the single-machine counter's tasks (the
//! symmetry-reduced boards after its first rows) are dealt to the workers, each counts its
//! share ([`count_share`]), and the shares' counts are exchanged to worker 0 and summed.

use crate::Error;
use crate::cluster::{self, Cluster};
use delve_core::{Limits, NoObserver, Observer, Stats};
use delve_queens::QueensError;
use delve_queens::count::{Count, Share, count_share};
use std::cell::Cell;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};

/// Counts the solutions of the N×N board on the workers of `cluster`: the total on process 0
/// (`None` on the others). `observer` sees the progress of process 0's worker 0 over its
/// share of the tasks (`Event::Progress` with the phase `"tasks"`). Honours the time limit
/// and cancellation of `limits`.
///
/// ```
/// use delve_dist::{Cluster, queens::count};
/// use delve_core::{Limits, NoObserver};
/// let c = count(&Cluster::local(2), 8, &Limits::none(), NoObserver).unwrap().unwrap();
/// assert_eq!((c.solutions, c.unique), (92, 12));
/// ```
pub fn count<O>(cluster: &Cluster, n: usize, limits: &Limits, observer: O) -> Result<Option<Count>, Error>
where
    O: Observer<(), u64> + Send + 'static,
{
    // Refuse a board the counter refuses before any process waits for another.
    if n == 0 {
        return Err(QueensError::ZeroSize.into());
    }
    if n > delve_queens::MAX_COUNT_N {
        return Err(QueensError::TooLarge { n, max: delve_queens::MAX_COUNT_N, what: "count" }.into());
    }
    let start = Instant::now();
    let observer = Arc::new(Mutex::new(Some(observer)));
    let limits = limits.clone();
    cluster::run(cluster, &format!("queens count {n}"), move |worker| {
        let share = Share { index: worker.index(), of: worker.peers() };
        let lead = share.index == 0;
        let observer = if lead { observer.lock().unwrap_or_else(|p| p.into_inner()).take() } else { None };
        let part = match observer {
            Some(o) => count_share(n, 1, share, &limits, o),
            None => count_share(n, 1, share, &limits, NoObserver),
        };
        let part = match part {
            Ok(p) => p,
            Err(QueensError::Stopped(reason)) => {
                return Err(Error::Stopped { reason, stats: Stats { elapsed: start.elapsed(), ..Stats::default() } });
            }
            Err(e) => return Err(e.into()),
        };
        let total = Rc::new(Cell::new((0u64, 0u64, 0u64)));
        let mut input: crate::Input<(u64, u64, u64)> = InputHandle::new();
        let probe = ProbeHandle::new();
        worker.dataflow::<u64, _, _>(|scope| {
            let t = Rc::clone(&total);
            scope
                .input_from(&mut input)
                .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    Exchange::new(|_: &(u64, u64, u64)| 0),
                    "sum",
                    move |_, _| {
                        move |input, _| {
                            input.for_each(|_, data| {
                                for &(s, u, k) in data.iter() {
                                    let (a, b, c) = t.get();
                                    t.set((a + s, b + u, c + k));
                                }
                            });
                        }
                    },
                )
                .probe_with(&probe);
        });
        input.send((part.solutions, part.unique, part.tasks));
        input.advance_to(1);
        while probe.less_than(&1) {
            worker.step();
        }
        let (solutions, unique, tasks) = total.get();
        Ok(lead.then(|| Count { n, solutions, unique, tasks, elapsed: start.elapsed() }))
    })
}
