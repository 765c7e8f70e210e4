//! An independent check of plans: a time-stepped replay, cell by cell, of every truck's
//! route against every rule of FORMAT.md §3. It reads only the level's cells and links —
//! not the event graph or the search's state — so a bug in the search model cannot hide
//! behind the same bug here. Every plan is replayed before it is printed.

use crate::level::{Cell, Colour, Dir, Level};
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
    /// A white truck (or any truck, in a level with bumps) reaches an unserved warehouse
    /// whose colour is not that of the item on top of its stack (it delivers last in, first
    /// out).
    #[error("time {time}: truck {truck} reaches a {warehouse} warehouse with a {top} item on top")]
    NotOnTop {
        /// When.
        time: u32,
        /// Which truck.
        truck: usize,
        /// The warehouse's colour.
        warehouse: Colour,
        /// The colour of the item on top.
        top: Colour,
    },
    /// A truck with nothing to drop drives onto an enabled bump.
    #[error("time {time}: truck {truck} drives onto an enabled bump with nothing to drop")]
    EmptyOnBump {
        /// When.
        time: u32,
        /// Which truck.
        truck: usize,
    },
    /// A plan enables a cell that holds no bump.
    #[error("the plan enables a bump on cell ({row}, {col}), where the level has none")]
    NoBump {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
    },
    /// A truck stands on a gate that is closed (it drove onto it, or it closed under it).
    #[error("time {time}: truck {truck} is on a closed gate")]
    ClosedGate {
        /// When.
        time: u32,
        /// Which truck.
        truck: usize,
    },
    /// Right after a switch group flips, a truck stands on another of its buttons.
    #[error("time {time}: truck {truck} is on a button of switch group {group} as the group flips")]
    OnFlippingButton {
        /// When.
        time: u32,
        /// Which truck.
        truck: usize,
        /// The group.
        group: u8,
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

#[derive(Clone)]
struct Truck {
    cell: usize,
    dir: Option<Dir>,
    steps_left: u8,
    next: usize,
    /// The items carried, in the order picked up (the last one on top).
    cargo: Vec<Colour>,
    stopped: bool,
    delivered_at: Option<u32>,
}

/// Replays `routes` (each truck's moves with their lengths, as [`Plan::routes`] gives them)
/// on `level` under `rules` for `cost` time units, with the bumps on the cells `enabled`
/// enabled (as [`Plan::bumps`] gives them; the level's other bumps are disabled), and checks
/// that the goal holds then.
///
/// [`Plan::routes`]: crate::Plan::routes
/// [`Plan::bumps`]: crate::Plan::bumps
pub fn simulate(
    level: &Level,
    rules: Rules,
    routes: &[Vec<(Move, u8)>],
    enabled: &[usize],
    cost: u32,
) -> Result<Replay, Violation> {
    simulate_with(level, rules, routes, enabled, cost, |_| {})
}

/// Where the trucks are at one moment of a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The time.
    pub time: u32,
    /// Each truck's cell (row-major index) and whether it has stopped.
    pub trucks: Vec<(usize, bool)>,
    /// Each item still lying on the road, by cell (also one dropped on a bump).
    pub items: Vec<usize>,
    /// Each warehouse already served, by cell.
    pub served: Vec<usize>,
    /// Each gate closed at this moment, by cell (format version 2).
    pub closed: Vec<usize>,
    /// Each item dropped on a bump and lying there, by cell, with its colour (version 2).
    pub dropped: Vec<(usize, Colour)>,
}

/// [`simulate`], calling `frame` with the trucks' places at every time step (after the
/// decisions made at that time), for animations.
pub fn simulate_with(
    level: &Level,
    rules: Rules,
    routes: &[Vec<(Move, u8)>],
    enabled: &[usize],
    cost: u32,
    mut frame: impl FnMut(&Frame),
) -> Result<Replay, Violation> {
    if routes.len() != level.trucks.len() {
        return Err(Violation::TruckCount(routes.len(), level.trucks.len()));
    }
    if let Some(&cell) = enabled.iter().find(|&&c| !level.bump(c)) {
        let (row, col) = level.position(cell);
        return Err(Violation::NoBump { row, col });
    }
    // An enabled bump not yet driven onto (FORMAT.md §5.3); levels with bumps let every
    // truck take items of any colour and deliver from the top of its stack.
    let mut armed: Vec<bool> = (0..level.cells.len()).map(|c| enabled.contains(&c)).collect();
    let any_colour = !level.bumps.is_empty();
    let mut trucks: Vec<Truck> = level
        .trucks
        .iter()
        .map(|t| Truck {
            cell: t.start,
            dir: None,
            steps_left: 0,
            next: 0,
            cargo: Vec::new(),
            stopped: false,
            delivered_at: None,
        })
        .collect();
    let mut lying: Vec<Option<Colour>> =
        level.cells.iter().map(|c| if let Cell::Item(c) = c { Some(*c) } else { None }).collect();
    let mut served = vec![false; level.cells.len()];
    let mut used = vec![0u8; level.cells.len()];
    // Each switch group's flips so far (odd: flipped), index group - 1.
    let mut flips = [false; crate::level::MAX_GROUPS as usize];
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
                    if !(just_delivered || (rules == Rules::Archiloque && t.cargo.is_empty())) {
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
        frame(&Frame {
            time,
            trucks: trucks.iter().map(|t| (t.cell, t.stopped)).collect(),
            items: (0..lying.len()).filter(|&i| lying[i].is_some()).collect(),
            served: (0..served.len()).filter(|&i| served[i]).collect(),
            closed: level.gates.iter().filter(|g| g.on == flips[usize::from(g.group - 1)]).map(|g| g.cell).collect(),
            dropped: level.bumps.iter().filter_map(|&b| lying[b].map(|c| (b, c))).collect(),
        });
        if time == cost {
            break;
        }
        // Trucks leaving an active button flip its group, in truck order.
        let mut flipped: Vec<(u8, usize)> = Vec::new();
        for t in trucks.iter().filter(|t| !t.stopped) {
            let Some(button) = level.button(t.cell) else { continue };
            let g = usize::from(button.group - 1);
            if button.on != flips[g] {
                flips[g] = !flips[g];
                flipped.push((button.group, t.cell));
            }
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
        // Switches: nobody on a closed gate; nobody on another button of a group just flipped.
        for (i, t) in trucks.iter().enumerate() {
            if let Some(gate) = level.gate(t.cell)
                && gate.on == flips[usize::from(gate.group - 1)]
            {
                return Err(Violation::ClosedGate { time, truck: i });
            }
            if let Some(button) = level.button(t.cell)
                && let Some(&(group, _)) = flipped.iter().find(|&&(g, cell)| g == button.group && cell != t.cell)
            {
                return Err(Violation::OnFlippingButton { time, truck: i, group });
            }
        }
        // Arrivals: items (also dropped ones), warehouses and enabled bumps on the cells the
        // moving trucks entered.
        for (i, t) in trucks.iter_mut().enumerate().filter(|(_, t)| !t.stopped) {
            let colour = level.trucks[i].colour;
            let white = colour == Colour::White;
            match level.cells[t.cell] {
                _ if lying[t.cell].is_some() => {
                    let c = lying[t.cell].take().expect("an item lies here");
                    if !(c == colour || white || any_colour) || t.cargo.len() >= usize::from(level.capacity) {
                        return Err(Violation::BadItem { time, truck: i });
                    }
                    t.cargo.push(c);
                }
                _ if armed[t.cell] => {
                    armed[t.cell] = false;
                    let Some(top) = t.cargo.pop() else {
                        return Err(Violation::EmptyOnBump { time, truck: i });
                    };
                    lying[t.cell] = Some(top);
                }
                Cell::Warehouse(c) if !served[t.cell] => {
                    match t.cargo.last() {
                        Some(&top) if (white || any_colour) && top != c => {
                            return Err(Violation::NotOnTop { time, truck: i, warehouse: c, top });
                        }
                        Some(_) if white || c == colour => {}
                        _ => return Err(Violation::BadWarehouse { time, truck: i }),
                    }
                    served[t.cell] = true;
                    t.cargo.pop();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Dir::{Down as D, Left as L, Right as R, Up as U};

    const CUSTOM: &str = include_str!("../data/Custom.txt");

    fn drive(moves: &[(Dir, u8)], stop: bool) -> Vec<(Move, u8)> {
        let mut route: Vec<(Move, u8)> = moves.iter().map(|&(d, n)| (Move::Drive(d), n)).collect();
        if stop {
            route.push((Move::Stop, 0));
        }
        route
    }

    fn line(cells: &str, trucks: &[&str], capacity: u8) -> Level {
        let cols = cells.chars().count().div_ceil(2);
        let header: String = trucks.iter().enumerate().map(|(i, t)| format!("truck: {i} {t} -\n")).collect();
        Level::parse(&format!("version: 2\nrows: 1\ncols: {cols}\ncapacity: {capacity}\n{header}grid:\n{cells}\nend\n"))
            .unwrap()
    }

    #[test]
    fn gates_must_be_open_and_flipping_buttons_empty() {
        let level = |toggles: &str| {
            let head = "version: 2\nrows: 1\ncols: 6\ntruck: 0 red right\n";
            Level::parse(&format!("{head}{toggles}grid:\n0-+-+-+-r-R\nend\n")).unwrap()
        };
        let routes = [drive(&[(R, 1), (R, 1), (R, 1), (R, 1), (R, 1)], true)];
        // The gate at column 1 is closed: driving onto it fails.
        let closed = level("button: 1 0 2 on\ngate: 1 0 1 closed\n");
        assert_eq!(
            simulate(&closed, Rules::Pairwise, &routes, &[], 5),
            Err(Violation::ClosedGate { time: 1, truck: 0 })
        );
        // Button at column 1 opens the gate at column 2 as the truck leaves it.
        let opened = level("button: 1 0 1 on\ngate: 1 0 2 closed\n");
        assert_eq!(simulate(&opened, Rules::Pairwise, &routes, &[], 5).map(|r| r.deliveries), Ok(1));
        // Two buttons side by side: one time unit after the flip the truck is on the other.
        let twin = level("button: 1 0 1 on\nbutton: 1 0 2 off\ngate: 1 0 3 open\n");
        assert_eq!(
            simulate(&twin, Rules::Pairwise, &routes, &[], 5),
            Err(Violation::OnFlippingButton { time: 2, truck: 0, group: 1 })
        );
    }

    #[test]
    fn a_white_truck_serves_only_the_colour_on_top() {
        // Red picked first, green on top: the red warehouse comes too early.
        let level = line("0-r-g-R-G", &["white"], 3);
        let routes = [drive(&[(R, 1), (R, 1), (R, 1)], false)];
        assert_eq!(
            simulate(&level, Rules::Pairwise, &routes, &[], 3),
            Err(Violation::NotOnTop { time: 3, truck: 0, warehouse: Colour::Red, top: Colour::Green })
        );
        // Met the other way round it delivers both, and any colour of item is taken.
        let level = line("0-r-g-G-R", &["white"], 3);
        let routes = [drive(&[(R, 1), (R, 1), (R, 1), (R, 1)], true)];
        assert_eq!(simulate(&level, Rules::Pairwise, &routes, &[], 4).map(|r| r.deliveries), Ok(2));
        // Its capacity still counts, and an empty white truck serves nothing.
        let level = line("0-r-g-G-R", &["white"], 1);
        let routes = [drive(&[(R, 1), (R, 1)], false)];
        assert!(matches!(simulate(&level, Rules::Pairwise, &routes, &[], 2), Err(Violation::BadItem { time: 2, .. })));
        let level = line("0-G-g", &["white"], 3);
        let routes = [drive(&[(R, 1)], false)];
        assert!(matches!(
            simulate(&level, Rules::Pairwise, &routes, &[], 1),
            Err(Violation::BadWarehouse { time: 1, .. })
        ));
    }

    #[test]
    fn the_reference_plan_for_custom_replays() {
        let level = Level::parse(CUSTOM).unwrap();
        let routes = [drive(&[(R, 1), (U, 2), (R, 2), (D, 1)], true), drive(&[(L, 1), (U, 2), (U, 1)], true)];
        assert_eq!(
            simulate(&level, Rules::Pairwise, &routes, &[], 6),
            Ok(Replay { time: 6, deliveries: 2, driven: 10 })
        );
        // Claiming it ends sooner: the goal does not hold yet.
        assert!(matches!(
            simulate(&level, Rules::Pairwise, &routes, &[], 5),
            Err(Violation::NotSolved { time: 5, .. })
        ));
    }

    #[test]
    fn two_trucks_on_one_cell_crash() {
        let level = Level::parse(CUSTOM).unwrap();
        let routes = [drive(&[(R, 1), (R, 2)], false), drive(&[(L, 1), (L, 2)], false)];
        assert!(matches!(
            simulate(&level, Rules::Pairwise, &routes, &[], 3),
            Err(Violation::Crash { time: 3, a: 0, b: 1, .. })
        ));
    }

    #[test]
    fn head_on_and_reused_segments_are_refused() {
        // Two trucks swap along a one-cell segment: the second drives a link already used.
        let level = line("0-1", &["red", "green"], 3);
        let routes = [drive(&[(R, 1)], false), drive(&[(L, 1)], false)];
        assert!(matches!(
            simulate(&level, Rules::Pairwise, &routes, &[], 1),
            Err(Violation::SegmentReused { truck: 1, .. })
        ));
        // One truck drives back over its own segment.
        let level = Level::parse(CUSTOM).unwrap();
        let routes = [drive(&[(R, 1), (L, 1)], false), drive(&[(L, 1), (U, 2)], false)];
        assert!(matches!(
            simulate(&level, Rules::Pairwise, &routes, &[], 3),
            Err(Violation::SegmentReused { truck: 0, .. })
        ));
    }

    #[test]
    fn items_of_another_colour_or_beyond_capacity_are_refused() {
        let level = Level::parse(CUSTOM).unwrap();
        // The green truck picks up its item, then drives onto the red one.
        let routes = [drive(&[(R, 1), (U, 2), (U, 2)], false), drive(&[(L, 1), (U, 2), (L, 2)], false)];
        assert!(matches!(
            simulate(&level, Rules::Pairwise, &routes, &[], 5),
            Err(Violation::BadItem { time: 5, truck: 1 })
        ));
        let level = line("0-r-r-R", &["red"], 1);
        let routes = [drive(&[(R, 1), (R, 1)], false)];
        assert!(matches!(
            simulate(&level, Rules::Pairwise, &routes, &[], 2),
            Err(Violation::BadItem { time: 2, truck: 0 })
        ));
    }

    #[test]
    fn warehouses_of_another_colour_or_reached_empty_are_refused() {
        let level = line("0-r-G-R", &["red"], 3);
        let routes = [drive(&[(R, 1), (R, 1)], false)];
        assert!(matches!(
            simulate(&level, Rules::Pairwise, &routes, &[], 2),
            Err(Violation::BadWarehouse { time: 2, .. })
        ));
        let level = line("0-R-r", &["red"], 3);
        let routes = [drive(&[(R, 1)], false)];
        assert!(matches!(
            simulate(&level, Rules::Pairwise, &routes, &[], 1),
            Err(Violation::BadWarehouse { time: 1, .. })
        ));
    }

    #[test]
    fn stops_only_where_a_delivery_was_just_made() {
        let level = line("0-r-R", &["red"], 3);
        // Stopping on the item: too early.
        let routes = [drive(&[(R, 1)], true)];
        assert!(matches!(
            simulate(&level, Rules::Pairwise, &routes, &[], 1),
            Err(Violation::EarlyStop { time: 1, .. })
        ));
        // archiloque's rules let an empty truck stop anywhere, but this one carries an item.
        assert!(matches!(
            simulate(&level, Rules::Archiloque, &routes, &[], 1),
            Err(Violation::EarlyStop { time: 1, .. })
        ));
        let routes = [drive(&[(R, 1), (R, 1)], true)];
        assert_eq!(simulate(&level, Rules::Pairwise, &routes, &[], 2).map(|r| r.deliveries), Ok(1));
        // A route that ends without a stop before the plan does.
        let routes = [drive(&[(R, 1)], false)];
        assert!(matches!(
            simulate(&level, Rules::Pairwise, &routes, &[], 2),
            Err(Violation::RouteEnds { time: 1, .. })
        ));
        // Never stopping: under the original solver's rules the goal needs every truck stopped.
        let level = line("0-r-R-+", &["red"], 3);
        let routes = [drive(&[(R, 1), (R, 1), (R, 1)], false)];
        assert!(matches!(simulate(&level, Rules::Pairwise, &routes, &[], 3), Err(Violation::NotSolved { .. })));
        assert!(simulate(&level, Rules::Archiloque, &routes, &[], 3).is_ok());
    }

    #[test]
    fn decisions_happen_on_events_only() {
        let level = line("0---R", &["red"], 3);
        let routes = [drive(&[(R, 1), (R, 1)], false)];
        assert!(matches!(
            simulate(&level, Rules::Pairwise, &routes, &[], 2),
            Err(Violation::NotAnEvent { time: 1, .. })
        ));
        let routes = [drive(&[(L, 1)], false)];
        assert!(matches!(simulate(&level, Rules::Pairwise, &routes, &[], 1), Err(Violation::OffRoad { dir: L, .. })));
    }
}
