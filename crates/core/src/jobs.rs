//! The one job queue: independent jobs (the levels of a benchmark, the positions of a test
//! set) run on a few threads that take them in order from a shared queue, each thread with
//! its own working state, the results coming back in the jobs' order. Ctrl-C (the limits'
//! cancellation flag) starts no further job; the jobs already running stop on their own
//! limits, which they are given.
//!
//! ```
//! use delve_core::{Limits, jobs};
//! // Squares on two threads; each thread counts the jobs it ran in its own state.
//! let squares = jobs::map_in_order(&[1u64, 2, 3, 4], 2, &Limits::none(), || 0usize, |ran, &n| {
//!     *ran += 1;
//!     n * n
//! });
//! assert_eq!(squares, [1, 4, 9, 16]);
//! ```

use crate::outcome::Limits;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs `work` on every item on `jobs` threads (at least one, at most one per item) that take
/// the items in order from a shared queue. Each thread makes its working state once with
/// `state` (a solver with its tables, say) and hands it to each of its jobs. The results come
/// back in the items' order. Once `limits`' cancellation flag is raised no item is started:
/// the results are then those of the items started, a prefix of them.
pub fn map_in_order<T, S, R>(
    items: &[T],
    jobs: usize,
    limits: &Limits,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) -> R + Sync,
) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    let next = AtomicUsize::new(0);
    let cancelled = || limits.cancel.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed));
    let worker = || {
        let mut own = state();
        let mut done = Vec::new();
        while !cancelled() {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(k) else { break };
            done.push((k, work(&mut own, item)));
        }
        done
    };
    let threads = jobs.clamp(1, items.len().max(1));
    let mut results: Vec<(usize, R)> = if threads == 1 {
        worker()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
                .collect()
        })
    };
    results.sort_by_key(|(k, _)| *k);
    results.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn results_keep_the_items_order_on_any_number_of_threads() {
        let items: Vec<u32> = (0..50).collect();
        for jobs in [0, 1, 3, 64] {
            let out = map_in_order(&items, jobs, &Limits::none(), || (), |(), &n| n + 1);
            assert_eq!(out, (1..=50).collect::<Vec<_>>(), "{jobs} jobs");
        }
        assert!(map_in_order(&[] as &[u32], 4, &Limits::none(), || (), |(), &n| n).is_empty());
    }

    #[test]
    fn a_raised_cancel_flag_starts_no_further_item() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::none().cancel_flag(flag.clone());
        let out = map_in_order(
            &[1, 2, 3, 4],
            1,
            &limits,
            || (),
            |(), &n| {
                if n == 2 {
                    flag.store(true, Ordering::Relaxed);
                }
                n
            },
        );
        assert_eq!(out, [1, 2]);
    }
}
