//! Limits and cancellation: a node budget, a time limit counted from each search's start, a
//! memory limit, a cancel flag raised from another thread, and an observer that stops the
//! search itself — each ends the search cleanly with its statistics.
//!
//! Run: `cargo run --release -p delve-core --example limits`

use delve_core::Live;
use delve_core::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

fn main() {
    // An endless space: every number leads to two more (wrapping past 2⁶⁴), and no goal is
    // ever reached.
    let p = FnProblem::unit(1u64, |&n| [n.wrapping_mul(2), n.wrapping_mul(2) | 1], |_| false);

    let out = bfs(&p, &Limits::none().max_expanded(100_000), NoObserver);
    assert_eq!(out.outcome.stop_reason(), Some(StopReason::NodeLimit));
    println!("node budget:   {} after {}", out.outcome.stop_reason().unwrap(), out.stats);

    let out = bfs(&p, &Limits::none().timeout(Duration::from_millis(50)), NoObserver);
    assert_eq!(out.outcome.stop_reason(), Some(StopReason::Timeout));
    println!("time limit:    {} after {}", out.outcome.stop_reason().unwrap(), out.stats);

    let out = bfs(&p, &Limits::none().max_memory(16 << 20), NoObserver);
    assert_eq!(out.outcome.stop_reason(), Some(StopReason::Memory));
    println!("memory limit:  {} after {}", out.outcome.stop_reason().unwrap(), out.stats);

    // Ctrl-C handlers and other threads raise a flag; the search polls it.
    let flag = Arc::new(AtomicBool::new(false));
    let raiser = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let out = idastar(&p, &Limits::none().cancel_flag(flag), NoObserver);
    raiser.join().expect("the thread ends");
    assert_eq!(out.outcome.stop_reason(), Some(StopReason::Cancelled));
    println!("cancelled:     {} after {}", out.outcome.stop_reason().unwrap(), out.stats);

    // An observer that watches the live statistics and stops the search.
    struct Enough;
    impl<S, C> Observer<S, C> for Enough {
        fn on_event(&mut self, event: &Event<'_, S, C>, live: &Live) -> Control {
            match event {
                Event::Expand(_) if live.stats().generated >= 1_000 => Control::Stop,
                _ => Control::Continue,
            }
        }
    }
    let out = dfs(&p, &Limits::none(), Enough);
    assert_eq!(out.outcome.stop_reason(), Some(StopReason::Observer));
    println!("observer:      {} after {}", out.outcome.stop_reason().unwrap(), out.stats);
}
