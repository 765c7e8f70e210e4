//! An independent check of plans: a time-stepped replay, cell by cell, of every truck's
//! route against every rule of FORMAT.md §3. It reads only the level's cells and links —
//! not the event graph or the search's state — so a bug in the search model cannot hide
//! behind the same bug here. Every plan is replayed before it is printed.

use crate::level::{Cell, Dir, Level};
use crate::problem::{Move, Rules};

/// A rule a replayed plan breaks, with the time (cells driven) and the truck.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// A truck drives where there is no road.
    #[error("time {time}: truck {truck} drives {dir:?} off the road")]
    OffRoad {
        /// When.
        time: u32,
        /// Which truck.
        truck: usize,
        /// Where it tried to go.
        dir: Dir,
    },
    /// A road link is driven a second time.
    #[error("time {time}: truck {truck} drives a road segment that was already driven")]
    SegmentReused {
        /// When.
        time: u32,
        /// Which truck.
        truck: usize,
    },
    /// Two trucks on one cell at once.
    #[error("time {time}: trucks {a} and {b} crash on cell ({row}, {col})")]
    Crash {
        /// When.
        time: u32,
        /// One truck.
        a: usize,
        /// The other.
        b: usize,
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
    },
    /// A truck reaches an item it may not take (another colour, or full).
    #[error("time {time}: truck {truck} reaches an item it cannot take (wrong colour or full)")]
    BadItem {
        /// When.
        time: u32,
        /// Which truck.
        truck: usize,
    },
    /// A truck reaches an unserved warehouse it cannot serve (another colour, or empty).
    #[error("time {time}: truck {truck} reaches a warehouse it cannot serve (wrong colour or empty)")]
    BadWarehouse {
        /// When.
        time: u32,
        /// Which truck.
        truck: usize,
    },
    /// A truck stops where it may not.
    #[error("time {time}: truck {truck} stops where it has not just delivered")]
    EarlyStop {
        /// When.
        time: u32,
        /// Which truck.
        truck: usize,
    },
    /// A truck decides on a straight road cell.
    #[error("time {time}: truck {truck} turns or stops on a straight road cell")]
    NotAnEvent {
        /// When.
        time: u32,
        /// Which truck.
        truck: usize,
    },
    /// A truck's route ends before the plan does, without a stop.
    #[error("time {time}: truck {truck} has no move left and has not stopped")]
    RouteEnds {
        /// When.
        time: u32,
        /// Which truck.
        truck: usize,
    },
    /// A move of length 0.
    #[error("truck {truck}: a move of length 0")]
    EmptyMove {
        /// Which truck.
        truck: usize,
    },
    /// At the plan's end the goal is not reached.
    #[error("at time {time} the goal is not reached: {why}")]
    NotSolved {
        /// The plan's end.
        time: u32,
        /// What is missing.
        why: &'static str,
    },
    /// The plan names more routes than the level has trucks.
    #[error("the plan has {0} routes for {1} trucks")]
    TruckCount(usize, usize),
}

/// What a replay saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Time at the end (the plan's cost).
    pub time: u32,
    /// Items delivered.
    pub deliveries: usize,
    /// Total cells driven by all trucks.
    pub driven: u32,
}

#[derive(Clone, Copy)]
struct Truck {
    cell: usize,
    dir: Option<Dir>,
    steps_left: u8,
    next: usize,
    load: u8,
    stopped: bool,
    delivered_at: Option<u32>,
}

/// Replays `routes` (each truck's moves with their lengths, as [`Plan::routes`] gives them)
/// on `level` under `rules` for `cost` time units, and checks that the goal holds then.
///
/// [`Plan::routes`]: crate::Plan::routes
pub fn simulate(level: &Level, rules: Rules, routes: &[Vec<(Move, u8)>], cost: u32) -> Result<Replay, Violation> {
    if routes.len() != level.trucks.len() {
        return Err(Violation::TruckCount(routes.len(), level.trucks.len()));
    }
    let mut trucks: Vec<Truck> = level
        .trucks
        .iter()
        .map(|t| Truck {
            cell: t.start,
            dir: None,
            steps_left: 0,
            next: 0,
            load: 0,
            stopped: false,
            delivered_at: None,
        })
        .collect();
    let mut lying: Vec<bool> = level.cells.iter().map(|c| matches!(c, Cell::Item(_))).collect();
    let mut served = vec![false; level.cells.len()];
    let mut used = vec![0u8; level.cells.len()];
    let (mut deliveries, mut driven) = (0, 0);
    let mut time = 0u32;
    loop {
        // Decisions of the trucks that finished their move.
        for (i, t) in trucks.iter_mut().enumerate() {
            if t.stopped || t.steps_left > 0 {
                continue;
            }
            let Some(&(m, length)) = routes[i].get(t.next) else {
                if time == cost {
                    continue; // the plan is over; the goal check decides
                }
                return Err(Violation::RouteEnds { time, truck: i });
            };
            if level.cells[t.cell] == Cell::Straight {
                return Err(Violation::NotAnEvent { time, truck: i });
            }
            t.next += 1;
            match m {
                Move::Stop => {
                    let just_delivered = t.delivered_at == Some(time);
                    if !(just_delivered || (rules == Rules::Archiloque && t.load == 0)) {
                        return Err(Violation::EarlyStop { time, truck: i });
                    }
                    t.stopped = true;
                }
                Move::Drive(dir) => {
                    if length == 0 {
                        return Err(Violation::EmptyMove { truck: i });
                    }
                    t.dir = Some(dir);
                    t.steps_left = length;
                }
            }
        }
        if time == cost {
            break;
        }
        // Everyone moving drives one cell.
        for (i, t) in trucks.iter_mut().enumerate().filter(|(_, t)| !t.stopped) {
            let dir = t.dir.expect("a moving truck has a direction");
            let Some(to) = level.step(t.cell, dir) else {
                return Err(Violation::OffRoad { time, truck: i, dir });
            };
            let (a, da, b, db) = (t.cell, dir, to, dir.opposite());
            if used[a] & (1 << da as u8) != 0 {
                return Err(Violation::SegmentReused { time, truck: i });
            }
            used[a] |= 1 << da as u8;
            used[b] |= 1 << db as u8;
            t.cell = to;
            t.steps_left -= 1;
            driven += 1;
        }
        time += 1;
        for a in 0..trucks.len() {
            for b in a + 1..trucks.len() {
                if trucks[a].cell == trucks[b].cell {
                    let (row, col) = level.position(trucks[a].cell);
                    return Err(Violation::Crash { time, a, b, row, col });
                }
            }
        }
        // Arrivals: items and warehouses on the cells the moving trucks entered.
        for (i, t) in trucks.iter_mut().enumerate().filter(|(_, t)| !t.stopped) {
            let colour = level.trucks[i].colour;
            match level.cells[t.cell] {
                Cell::Item(c) if lying[t.cell] => {
                    if c != colour || t.load >= level.capacity {
                        return Err(Violation::BadItem { time, truck: i });
                    }
                    lying[t.cell] = false;
                    t.load += 1;
                }
                Cell::Warehouse(c) if !served[t.cell] => {
                    if c != colour || t.load == 0 {
                        return Err(Violation::BadWarehouse { time, truck: i });
                    }
                    served[t.cell] = true;
                    t.load -= 1;
                    t.delivered_at = Some(time);
                    deliveries += 1;
                }
                _ => {}
            }
        }
    }
    let all_served = level.cells.iter().enumerate().all(|(i, c)| !matches!(c, Cell::Warehouse(_)) || served[i]);
    if !all_served {
        return Err(Violation::NotSolved { time, why: "a warehouse is not served" });
    }
    if rules != Rules::Archiloque && !trucks.iter().all(|t| t.stopped) {
        return Err(Violation::NotSolved { time, why: "a truck has not stopped" });
    }
    Ok(Replay { time, deliveries, driven })
}
