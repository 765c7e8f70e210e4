//! Batches of independent jobs (Korf instance files, Sokoban collections) as a timely
//! dataflow: worker `w` of `P` solves items `w`, `w + P`, `w + 2P`, …, and sends each result
//! (as JSON) to worker 0, which puts them back in input order.

use crate::Error;
use crate::cluster::{self, Cluster};
use delve_core::{Limits, Stats, StopReason};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};

/// Solves items `0..items` on the workers of `cluster` with `solve`, and returns every
/// result in item order on process 0 (`None` on the others). `name` describes the job (the
/// command and its input): processes with different names refuse to connect. `progress`
/// is called on process 0 each time results arrive, with how many are in and the total.
/// Between items every worker checks the cancellation flag of `limits` (time and node
/// limits are the items' own business).
///
/// ```
/// use delve_dist::{Cluster, batch::batch};
/// use delve_core::Limits;
/// let squares = batch(&Cluster::local(2), "squares", 5, |i| i * i, |_, _| {}, &Limits::none()).unwrap();
/// assert_eq!(squares, Some(vec![0, 1, 4, 9, 16]));
/// ```
pub fn batch<R, F, P>(
    cluster: &Cluster,
    name: &str,
    items: usize,
    solve: F,
    progress: P,
    limits: &Limits,
) -> Result<Option<Vec<R>>, Error>
where
    R: Serialize + DeserializeOwned + Send + 'static,
    F: Fn(usize) -> R + Send + Sync + 'static,
    P: Fn(usize, usize) + Send + Sync + 'static,
{
    let start = Instant::now();
    let (solve, progress, limits) = (Arc::new(solve), Arc::new(progress), limits.clone());
    let name = format!("batch {name} of {items}");
    cluster::run(cluster, &name, move |worker| {
        let (me, peers) = (worker.index(), worker.peers());
        let lead = me == 0;
        let results: Rc<RefCell<Vec<Option<String>>>> = Rc::new(RefCell::new(vec![None; items]));
        let mut input: crate::Input<(u64, String)> = InputHandle::new();
        let probe = ProbeHandle::new();
        worker.dataflow::<u64, _, _>(|scope| {
            let (r, progress) = (Rc::clone(&results), Arc::clone(&progress));
            scope
                .input_from(&mut input)
                .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    Exchange::new(|_: &(u64, String)| 0),
                    "collect",
                    move |_, _| {
                        let mut done = 0;
                        move |input, _| {
                            let mut r = r.borrow_mut();
                            input.for_each(|_, data| {
                                for (i, json) in data.drain(..) {
                                    r[i as usize] = Some(json);
                                    done += 1;
                                }
                            });
                            progress(done, items);
                        }
                    },
                )
                .probe_with(&probe);
        });
        let stopped = |reason| Error::Stopped { reason, stats: Stats { elapsed: start.elapsed(), ..Stats::default() } };
        for (round, i) in (me..items).step_by(peers).enumerate() {
            if cancelled(&limits) {
                return Err(stopped(StopReason::Cancelled));
            }
            let json = serde_json::to_string(&solve(i)).map_err(|e| Error::Worker(format!("item {i}: {e}")))?;
            input.send((i as u64, json));
            input.advance_to(round as u64 + 1);
            worker.step();
        }
        drop(input);
        while !probe.done() {
            if cancelled(&limits) {
                return Err(stopped(StopReason::Cancelled));
            }
            worker.step_or_park(Some(Duration::from_millis(50)));
        }
        if !lead {
            return Ok(None);
        }
        let results = std::mem::take(&mut *results.borrow_mut());
        results
            .into_iter()
            .enumerate()
            .map(|(i, json)| {
                let json = json.ok_or_else(|| Error::Worker(format!("item {i} never arrived")))?;
                serde_json::from_str(&json).map_err(|e| Error::Worker(format!("item {i}: {e}")))
            })
            .collect::<Result<Vec<R>, Error>>()
            .map(Some)
    })
}

/// True once the cancellation flag of `limits` is set.
fn cancelled(limits: &Limits) -> bool {
    limits.cancel.as_ref().is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
}
