//! The contracts of the core's second edition: limits that stop cleanly with statistics
//! (memory, relative time, observer), steering observers, incremental heuristics, dead-end
//! heuristics at the cost type's maximum, and the event sequence a viewer relies on.

use delve_core::prelude::*;
use delve_core::{Bound, Lex, Live, Successor};
use std::cell::Cell;
use std::time::Duration;

/// An endless binary tree over `u64`: only a limit ends a search on it.
fn endless() -> impl Problem<State = u64, Action = (), Cost = u32> {
    FnProblem::new(1u64, |&n: &u64| [(2 * n, 1u32), (2 * n + 1, 1)], |_: &u64| false)
}

#[test]
fn a_small_memory_limit_stops_every_graph_search_with_stats() {
    let limits = Limits::none().max_memory(64 * 1024);
    for algo in [Algorithm::Bfs, Algorithm::Ucs, Algorithm::Astar, Algorithm::Greedy] {
        let out = algo.run(&endless(), &limits, NoObserver).unwrap();
        assert_eq!(out.outcome.stop_reason(), Some(StopReason::Memory), "{algo}");
        assert!(out.stats.expanded > 100, "{algo}: {}", out.stats.expanded);
        assert!(out.stats.generated >= out.stats.expanded, "{algo}");
    }
    // Without the limit the same searches go on until the node budget.
    let out = Algorithm::Bfs.run(&endless(), &Limits::none().max_expanded(10_000), NoObserver).unwrap();
    assert_eq!(out.outcome.stop_reason(), Some(StopReason::NodeLimit));
}

#[test]
fn the_time_limit_is_counted_from_each_search_start() {
    let limits = Limits::none().timeout(Duration::from_millis(40));
    std::thread::sleep(Duration::from_millis(60)); // an absolute deadline would have passed
    let p = FnProblem::unit(0u32, |&n| [n + 1], |&n| n == 1000);
    for _ in 0..3 {
        assert!(bfs(&p, &limits, NoObserver).is_solved());
    }
    let out = bfs(&endless(), &limits, NoObserver);
    assert_eq!(out.outcome.stop_reason(), Some(StopReason::Timeout));
    assert!(out.stats.elapsed >= Duration::from_millis(40));
}

#[test]
fn an_observer_prunes_and_stops() {
    // 0 → 1 → 2 → goal 3 by +1; and 0 → 10 → 3 by a detour. Pruning state 1 forces the detour.
    let p = FnProblem::unit(
        0u32,
        |&n| match n {
            0 => vec![1, 10],
            1 => vec![2],
            2 | 10 => vec![3],
            _ => vec![],
        },
        |&n| n == 3,
    );
    struct NoOne;
    impl Observer<u32, u32> for NoOne {
        fn on_event(&mut self, e: &Event<'_, u32, u32>, _: &Live) -> Control {
            match e {
                Event::Generate(node) if *node.state == 1 => Control::Prune,
                _ => Control::Continue,
            }
        }
    }
    for algo in [Algorithm::Bfs, Algorithm::Dfs, Algorithm::Ucs, Algorithm::Iddfs, Algorithm::Idastar] {
        let sol = algo.run(&p, &Limits::none(), NoOne).unwrap().into_solution().unwrap();
        assert_eq!(sol.states, [0, 10, 3], "{algo}");
    }
    // Stop when IDA* starts its second iteration, with the statistics so far.
    struct StopOnSecondIteration;
    impl Observer<u64, u32> for StopOnSecondIteration {
        fn on_event(&mut self, e: &Event<'_, u64, u32>, _: &Live) -> Control {
            match e {
                Event::Iteration { index: 1, .. } => Control::Stop,
                _ => Control::Continue,
            }
        }
    }
    let out = idastar(&endless(), &Limits::none().max_expanded(1 << 20), StopOnSecondIteration);
    assert_eq!(out.outcome.stop_reason(), Some(StopReason::Observer));
    assert_eq!(out.stats.iterations, 2);
}

#[test]
fn events_start_first_finish_last_and_carry_g_h_depth() {
    let p = FnProblem::new(0i32, |&n| [(n + 1, 2u32), (n - 1, 2)], |&n| n == 4)
        .with_heuristic(|&n| 2 * (4 - n).unsigned_abs());
    let mut log: Vec<String> = Vec::new();
    let out = idastar(
        &p,
        &Limits::none(),
        FnObserver(|e: &Event<'_, i32, u32>, _: &Live| {
            log.push(match e {
                Event::Start { algorithm } => format!("start {algorithm}"),
                Event::Iteration { bound: Bound::Cost(b), .. } => format!("bound {b}"),
                Event::Expand(n) => format!("expand {} g={} h={:?} d={:?}", n.state, n.g, n.h, n.depth),
                Event::Finish { outcome, .. } => format!("finish {outcome:?}"),
                _ => return,
            })
        }),
    );
    assert_eq!(out.into_solution().unwrap().cost, 8);
    assert_eq!(log.first().map(String::as_str), Some("start idastar"));
    assert_eq!(log.last().map(String::as_str), Some("finish Solved"));
    assert!(log.contains(&"expand 2 g=4 h=Some(4) d=Some(2)".to_string()), "{log:?}");
}

#[test]
fn a_dead_end_heuristic_at_the_maximum_does_not_overflow() {
    // u8 costs: h = 255 marks dead ends; g + h would overflow without saturation.
    let p = FnProblem::new(0u8, |&n: &u8| if n < 5 { vec![(n + 1, 10u8), (n + 100, 1)] } else { vec![] }, |&n| n == 5)
        .with_heuristic(|&n: &u8| if n >= 100 { u8::MAX } else { 5 - n });
    for algo in [Algorithm::Astar, Algorithm::WeightedAstar { weight: 3.0 }, Algorithm::Idastar, Algorithm::Greedy] {
        let sol = algo.run(&p, &Limits::none(), NoObserver).unwrap().into_solution().unwrap();
        assert_eq!(sol.cost, 50, "{algo}");
    }
}

#[test]
fn incremental_heuristics_see_the_parent_and_the_action() {
    /// Walk from 0 to 12 by +1 or +3 (cost 1 each); h = ⌈remaining / 3⌉, updated from the
    /// parent's value by the step taken.
    struct Walk {
        full: Cell<u32>,
        incremental: Cell<u32>,
    }
    impl Problem for Walk {
        type State = u32;
        type Action = u32;
        type Cost = u32;
        fn initial_state(&self) -> u32 {
            0
        }
        fn is_goal(&self, s: &u32) -> bool {
            *s == 12
        }
        fn expand(&self, s: &u32, out: &mut Vec<Successor<u32, u32, u32>>) {
            out.extend([1, 3].into_iter().filter(|d| s + d <= 12).map(|d| Successor {
                action: d,
                state: s + d,
                cost: 1,
            }));
        }
        fn heuristic(&self, s: &u32) -> u32 {
            self.full.set(self.full.get() + 1);
            (12 - s).div_ceil(3)
        }
        fn heuristic_after(&self, parent: &u32, _parent_h: u32, action: &u32, child: &u32) -> u32 {
            assert_eq!(parent + action, *child);
            self.incremental.set(self.incremental.get() + 1);
            (12 - child).div_ceil(3)
        }
    }
    for algo in [Algorithm::Astar, Algorithm::Idastar] {
        let w = Walk { full: Cell::new(0), incremental: Cell::new(0) };
        let sol = algo.run(&w, &Limits::none(), NoObserver).unwrap().into_solution().unwrap();
        assert_eq!((sol.cost, sol.actions), (4, vec![3, 3, 3, 3]), "{algo}");
        assert_eq!(w.full.get(), 1, "{algo}: only the initial state is estimated from scratch");
        assert!(w.incremental.get() > 0, "{algo}");
    }
}

#[test]
fn lexicographic_costs_search_like_any_other() {
    // Two ways to b: one with a push (1, 1), one without but long (0, 5).
    let p = FnProblem::new(
        'a',
        |&c: &char| match c {
            'a' => vec![('b', Lex(1u32, 1u32)), ('x', Lex(0, 2))],
            'x' => vec![('b', Lex(0, 3))],
            _ => vec![],
        },
        |&c| c == 'b',
    );
    for sol in [
        ucs(&p, &Limits::none(), NoObserver),
        astar(&p, &Limits::none(), NoObserver),
        ils(&p, &Limits::none(), NoObserver),
    ]
    .into_iter()
    .map(|r| r.into_solution().unwrap())
    {
        assert_eq!((sol.cost, sol.states), (Lex(0, 5), vec!['a', 'x', 'b']));
    }
}

#[test]
fn closures_over_borrowed_states_need_no_annotations() {
    // `&str` states: the closures' argument types are inferred from `FnProblem::new`.
    let roads = [("Arad", "Sibiu", 140u32), ("Sibiu", "Fagaras", 99), ("Fagaras", "Bucharest", 211)];
    let p =
        FnProblem::new("Arad", |&c| roads.iter().filter(move |r| r.0 == c).map(|r| (r.1, r.2)), |&c| c == "Bucharest");
    let sol = ucs(&p, &Limits::none(), NoObserver).into_solution().unwrap();
    assert_eq!((sol.cost, sol.states), (450, vec!["Arad", "Sibiu", "Fagaras", "Bucharest"]));
    // FnMut closures are accepted: count the goal tests.
    let mut tests = 0;
    let p = FnProblem::unit(
        0u32,
        |&n| [n + 1],
        |&n| {
            tests += 1;
            n == 5
        },
    );
    assert_eq!(bfs(&p, &Limits::none(), NoObserver).into_solution().unwrap().len(), 5);
    drop(p);
    assert!(tests >= 5);
}

#[test]
fn slow_work_units_still_meet_the_deadline() {
    // Each expansion takes 5 ms: checking the clock every 256 units would overshoot a 50 ms
    // limit by more than a second; the meter shortens its stride instead.
    let p = FnProblem::unit(
        0u64,
        |&n| {
            std::thread::sleep(Duration::from_millis(5));
            [n + 1]
        },
        |_| false,
    );
    let out = dfs(&p, &Limits::none().timeout(Duration::from_millis(50)), NoObserver);
    assert_eq!(out.outcome.stop_reason(), Some(StopReason::Timeout));
    assert!(out.stats.elapsed < Duration::from_millis(400), "stopped after {:?}", out.stats.elapsed);
}
