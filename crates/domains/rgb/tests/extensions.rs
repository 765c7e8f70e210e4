//! Format version 2 (FORMAT.md §5): white trucks, switches and bumps. The converted archiloque
//! levels (EXPECTED.md §4: world D, white trucks; §5: the 27 levels with switches; §6: the 9
//! levels with bumps) under every rule set — archiloque's published turn counts for its own rules, A* against uniform-cost search
//! for all — and hand-made levels whose answers are known by hand.

use delve_core::prelude::*;
use delve_rgb::{Dir, ErrorKind, Level, Move, Plan, RgbProblem, Rules, Violation, simulate};
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// A cost (`Some(None)`: unsolvable), or `None` when the cell holds neither.
fn expect(cell: &str) -> Option<Option<u32>> {
    match cell.trim() {
        "unsolvable" => Some(None),
        c => c.parse().ok().map(Some),
    }
}

/// (file, archiloque's count, [pairwise, reference, archiloque]) from a section of EXPECTED.md.
fn table(wanted: u32) -> Vec<(PathBuf, u32, [Option<u32>; 3])> {
    let path = data().join("EXPECTED.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut rows = Vec::new();
    let mut section = 0;
    for line in text.lines() {
        if let Some(head) = line.strip_prefix("## ") {
            section = head[..1].parse().unwrap_or(0);
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if section != wanted || cells.len() < 9 || cells[1] == "level" || cells[1].starts_with("---") {
            continue;
        }
        // | level | trucks | items | archiloque | quirk | pairwise | empty | source |
        let [Some(Some(outside)), Some(quirk), Some(pairwise), Some(empty)] =
            [cells[4], cells[5], cells[6], cells[7]].map(expect)
        else {
            panic!("EXPECTED.md §{wanted}: {line}");
        };
        rows.push((data().join("archiloque").join(format!("{}.txt", cells[1])), outside, [pairwise, quirk, empty]));
    }
    rows
}

/// The cost `algo` finds (`None`: proved unsolvable; `Err`: stopped by the budget), the plan
/// replayed by the simulator first.
fn solve(level: Level, algo: Algorithm, rules: Rules, max_expanded: u64) -> Result<Option<u32>, String> {
    let problem = RgbProblem::new(level, rules).unwrap();
    let result = algo.run(&problem, &Limits::none().max_expanded(max_expanded), NoObserver).unwrap();
    match &result.outcome {
        Outcome::Solved(s) => {
            let plan = Plan::new(&problem, s);
            let replay = simulate(problem.level(), rules, &plan.routes(problem.trucks()), &plan.bumps, plan.cost);
            assert!(replay.is_ok(), "{} {rules}: the plan fails the replay: {replay:?}", problem.level().name);
            Ok(Some(s.cost))
        }
        Outcome::NoSolution => Ok(None),
        Outcome::Stopped { reason, .. } => Err(reason.to_string()),
    }
}

/// Every level of a section under every rule set by A* against the table, and against
/// uniform-cost search where it finishes within its budget; returns the levels whose
/// `empty` column differs from archiloque's own count, and the comparisons made.
fn check_section(section: u32, levels: usize) -> (Vec<String>, usize) {
    let rows = table(section);
    assert_eq!(rows.len(), levels, "EXPECTED.md §{section}");
    let (mut differ, mut compared) = (Vec::new(), 0);
    for (file, outside, want) in rows {
        let level = Level::load(&file).unwrap();
        assert_eq!(Level::parse(&level.to_string()).as_ref(), Ok(&level), "{} prints back to itself", level.name);
        if want[2] != Some(outside) {
            differ.push(level.name.clone());
        }
        for (k, rules) in Rules::ALL.into_iter().enumerate() {
            let astar = solve(level.clone(), Algorithm::Astar, rules, 2_000_000);
            assert_eq!(astar, Ok(want[k]), "{} {rules}", level.name);
            if let Ok(ucs) = solve(level.clone(), Algorithm::Ucs, rules, 100_000) {
                assert_eq!(Ok(ucs), astar, "{} {rules}: A* and UCS differ", level.name);
                compared += 1;
            }
        }
    }
    (differ, compared)
}

#[test]
fn world_d_matches_expected_and_uniform_cost_search() {
    let (differ, compared) = check_section(4, 10);
    assert!(differ.is_empty(), "our archiloque column is archiloque's own count: {differ:?}");
    assert!(compared >= 25, "only {compared} A*/UCS comparisons finished");
}

#[test]
fn switch_levels_match_expected_and_uniform_cost_search() {
    let (differ, compared) = check_section(5, 27);
    assert_eq!(differ, ["J-1"], "only J-1 differs from archiloque (EXPECTED.md §5 says why)");
    assert!(compared >= 70, "only {compared} A*/UCS comparisons finished");
}

/// archiloque's own 23-step J-1 route (its `solution.txt`, split at our events) presses a
/// button that the first press made idle, so the closed gate it then drives onto stops it.
#[test]
fn archiloque_j1_route_meets_a_closed_gate() {
    use Dir::{Down as D, Left as L, Right as R, Up as U};
    let level = Level::load(data().join("archiloque/J-1.txt")).unwrap();
    let legs = [(R, 3), (U, 3), (R, 2), (R, 2), (U, 1), (R, 1), (R, 1), (D, 1), (D, 1), (L, 1), (L, 1), (D, 2)];
    let mut route: Vec<(Move, u8)> = legs.iter().map(|&(d, n)| (Move::Drive(d), n)).collect();
    route.extend([(D, 1), (D, 1), (L, 1), (L, 1)].map(|(d, n)| (Move::Drive(d), n)));
    assert_eq!(route.iter().map(|&(_, n)| u32::from(n)).sum::<u32>(), 23);
    assert_eq!(
        simulate(&level, Rules::Archiloque, &[route], &[], 23),
        Err(Violation::ClosedGate { time: 22, truck: 0 })
    );
}

fn switch_line(cells: &str, toggles: &str) -> Level {
    let cols = cells.chars().count().div_ceil(2);
    let text = format!("version: 2\nrows: 1\ncols: {cols}\ntruck: 0 red right\n{toggles}grid:\n{cells}\nend\n");
    Level::parse(&text).unwrap()
}

#[test]
fn a_button_opens_a_gate_ahead_and_flips_swap_active_buttons() {
    // Button at column 2, closed gate at column 3: pressing it on the way opens the gate.
    let level = switch_line("0-r-+-+-R", "button: 1 0 2 on\ngate: 1 0 3 closed\n");
    for rules in Rules::ALL {
        assert_eq!(solve(level.clone(), Algorithm::Astar, rules, 1000), Ok(Some(4)), "{rules}");
        assert_eq!(solve(level.clone(), Algorithm::Ucs, rules, 1000), Ok(Some(4)), "{rules}");
    }
    // Gate first: it is still closed when the truck gets there.
    let level = switch_line("0-r-+-+-R", "button: 1 0 3 on\ngate: 1 0 2 closed\n");
    assert_eq!(solve(level, Algorithm::Astar, Rules::Pairwise, 1000), Ok(None));
    // Two buttons (a straight cell between them): the first press makes the active one idle
    // and the idle one active, so the second press (on a button idle at the start) closes the
    // gate again.
    let level = switch_line("0-+---+-+-r-R", "button: 1 0 1 on\nbutton: 1 0 3 off\ngate: 1 0 4 closed\n");
    assert_eq!(solve(level, Algorithm::Astar, Rules::Pairwise, 1000), Ok(None));
    // Both active at the start: the first press makes both idle, the second does nothing.
    let level = switch_line("0-+---+-+-r-R", "button: 1 0 1 on\nbutton: 1 0 3 on\ngate: 1 0 4 closed\n");
    assert_eq!(solve(level.clone(), Algorithm::Astar, Rules::Pairwise, 1000), Ok(Some(6)));
    assert_eq!(solve(level, Algorithm::Ucs, Rules::Pairwise, 1000), Ok(Some(6)));
    // The same with the buttons side by side: one time unit after its group flips, a truck
    // may not stand on another of its buttons (archiloque's rule), so no plan is left.
    let level = switch_line("0-+-+-+-r-R", "button: 1 0 1 on\nbutton: 1 0 2 on\ngate: 1 0 3 closed\n");
    assert_eq!(solve(level, Algorithm::Astar, Rules::Pairwise, 1000), Ok(None));
}

#[test]
fn switch_lines_are_checked_against_the_grid() {
    let parse = |toggles: &str, version: &str| {
        let text = format!("{version}rows: 1\ncols: 3\ntruck: 0 red right\n{toggles}grid:\n0-+-R\nend\n");
        Level::parse(&text).map(|_| ()).map_err(|e| (e.line, e.kind))
    };
    let both = "button: 1 0 1 on\ngate: 1 0 1 open\n";
    assert_eq!(parse("button: 1 0 1 on\n", ""), Err((4, ErrorKind::NeedsVersion2("a switch (button or gate)"))));
    assert_eq!(parse("button: 1 0 1 on\n", "version: 2\n"), Err((6, ErrorKind::LoneSwitch(1))));
    assert_eq!(parse(both, "version: 2\n"), Err((6, ErrorKind::ToggleCell("alone on its cell"))));
    assert_eq!(
        parse("button: 1 0 2 on\ngate: 1 0 1 open\n", "version: 2\n"),
        Err((5, ErrorKind::ToggleCell("on a `+` cell")))
    );
    assert_eq!(
        parse("button: 1 0 7 on\ngate: 1 0 1 open\n", "version: 2\n"),
        Err((5, ErrorKind::ToggleCell("inside the grid")))
    );
    assert!(matches!(parse("button: 1 0 1 up\n", "version: 2\n"), Err((5, ErrorKind::BadToggle(_)))));
    assert!(matches!(parse("gate: 5 0 1 open\n", "version: 2\n"), Err((5, ErrorKind::BadNumber { .. }))));
}

fn line(cells: &str, trucks: &str) -> Level {
    let cols = cells.chars().count().div_ceil(2);
    Level::parse(&format!("version: 2\nrows: 1\ncols: {cols}\ncapacity: 3\n{trucks}grid:\n{cells}\nend\n")).unwrap()
}

#[test]
fn a_white_truck_delivers_last_in_first_out() {
    // Picks red then green (green on top): the green warehouse must come first.
    let level = line("0-r-g-G-R", "truck: 0 white right\n");
    for rules in Rules::ALL {
        assert_eq!(solve(level.clone(), Algorithm::Astar, rules, 1000), Ok(Some(4)), "{rules}");
        assert_eq!(solve(level.clone(), Algorithm::Ucs, rules, 1000), Ok(Some(4)), "{rules}");
    }
    // The same items met in the other order: red is under green at the red warehouse.
    let level = line("0-r-g-R-G", "truck: 0 white right\n");
    for rules in Rules::ALL {
        assert_eq!(solve(level.clone(), Algorithm::Astar, rules, 1000), Ok(None), "{rules}");
    }
    // A red truck may not take the green item at all; a white one may.
    let level = line("0-g-G", "truck: 0 red right\n");
    assert_eq!(solve(level, Algorithm::Astar, Rules::Pairwise, 1000), Ok(None));
    let level = line("0-g-G", "truck: 0 white right\n");
    assert_eq!(solve(level, Algorithm::Astar, Rules::Pairwise, 1000), Ok(Some(2)));
}

#[test]
fn a_white_truck_with_a_loop_reorders_by_the_way_it_drives() {
    // Two ways from the start to the items: the short one meets red last (on top), which the
    // red warehouse first on the way out wants; cost by hand: 1 + 1 + 1 + 1 + 1 + 1 = 6.
    //   0-+-g-r-+-R-G    the white truck picks g, r (r on top), then serves R, then G.
    let level = line("0-+-g-r-+-R-G", "truck: 0 white right\n");
    assert_eq!(solve(level.clone(), Algorithm::Astar, Rules::Pairwise, 1000), Ok(Some(6)));
    assert_eq!(solve(level, Algorithm::Ucs, Rules::Pairwise, 1000), Ok(Some(6)));
}

#[test]
fn white_needs_version_two_and_a_small_capacity() {
    let err = Level::parse("rows: 1\ncols: 3\ntruck: 0 white right\ngrid:\n0-r-R\nend\n").unwrap_err();
    assert_eq!((err.line, err.kind), (3, ErrorKind::NeedsVersion2("a white truck")));
    let err = Level::parse("version: 3\nrows: 1\ncols: 3\ntruck: 0 red right\ngrid:\n0-r-R\nend\n").unwrap_err();
    assert!(matches!(err.kind, ErrorKind::BadNumber { what: "a format version", .. }), "{err}");
    // Version 2 files without white trucks read as version 1 would.
    let v1 = Level::parse("rows: 1\ncols: 3\ntruck: 0 red right\ngrid:\n0-r-R\nend\n").unwrap();
    let v2 = Level::parse("version: 2\nrows: 1\ncols: 3\ntruck: 0 red right\ngrid:\n0-r-R\nend\n").unwrap();
    assert_eq!(v1, v2);
    let big =
        Level::parse("version: 2\nrows: 1\ncols: 3\ncapacity: 5\ntruck: 0 white right\ngrid:\n0-r-R\nend\n").unwrap();
    let err = RgbProblem::new(big, Rules::Pairwise).unwrap_err();
    assert!(err.to_string().contains("capacity"), "{err}");
}

#[test]
fn bump_levels_match_expected_and_uniform_cost_search() {
    let (differ, compared) = check_section(6, 9);
    assert!(differ.is_empty(), "our archiloque column is archiloque's own count: {differ:?}");
    // Every UCS run but H-10's under the quirk (236,180 expanded) and archiloque's rules
    // (219,174) finishes within the section budget; those two are compared here with their
    // own, so A* = UCS on all 27.
    assert_eq!(compared, 25, "A*/UCS comparisons within the budget");
    let h10 = Level::load(data().join("archiloque/H-10.txt")).unwrap();
    for (rules, cost) in [(Rules::Reference, 40), (Rules::Archiloque, 36)] {
        assert_eq!(solve(h10.clone(), Algorithm::Ucs, rules, 300_000), Ok(Some(cost)), "H-10 {rules} by UCS");
    }
}

/// archiloque's own solutions of the bump levels (`levels/<w>/<nn>/solution.txt` at the commit
/// SOURCES.md names): each truck's start (our coordinates) and arrows, and the bumps its
/// solution enables (our coordinates).
type Solution = (&'static str, &'static [((usize, usize), &'static str)], &'static [(usize, usize)]);
const ARCHILOQUE_BUMP_SOLUTIONS: [Solution; 9] = [
    ("F-1", &[((8, 0), "↑↑↑↑→→→→→→→→→"), ((8, 4), "↑↑↑↑↑↑↑↑")], &[(4, 4)]),
    ("F-2", &[((8, 2), "↑←←↑↑→→↑→→→↑↑←←↑↑"), ((8, 9), "←←←←↑↑↑↑→→→→→")], &[(4, 5)]),
    ("F-3", &[((10, 1), "↑↑↑↑↑↑→↑↑↑↑←←↓↓→→→→→→→→→"), ((10, 8), "→↑↑↑↑↑↑←←←↑↑↑↑←←↓↓↓↓←←")], &[(2, 4)]),
    (
        "F-4",
        &[((0, 0), "→↓↓↓↓→→→→→→"), ((0, 10), "←↓↓↓↓←"), ((8, 1), "→→→→↑↑↑↑↑↑↑↑←←←"), ((8, 10), "←↑↑←←←←←←←←↑↑")],
        &[(4, 5), (6, 5)],
    ),
    ("F-5", &[((6, 0), "→→→→→↑↑↑↑↑↑"), ((6, 9), "←↑↑←←←←←←↑↑→→→→→→"), ((9, 5), "←↑↑→→↑→→")], &[(2, 5), (4, 5)]),
    ("F-7", &[((9, 0), "↑↑↑↑→→↓↓↓→→→→→↑↑↑→→"), ((9, 4), "↑↑↑↑→→→↑↑↑↑↑←←←←←↓↓↓↓↓→→↑↑")], &[(5, 7)]),
    ("F-9", &[((0, 0), "→→↓↓↓→→→→↑↑↑←"), ((0, 8), "↓↓↓←←↓↓↓←←↑↑↑↑↑↑←")], &[(3, 4), (3, 6), (6, 2)]),
    ("H-10", &[((2, 10), "←↑↑←←←←↓↓↓↓↓↓→→→→↑↑→"), ((6, 0), "→→→→→↓↓←←←←↑↑↑↑→→→→→→→→↑↑←←←←←←←←↓↓←")], &[(4, 9), (6, 5)]),
    ("M-2", &[((8, 0), "→→→→→↑↑←←←←↑↑→→→↑↑←←←↑↑←"), ((8, 8), "←↑↑↑↑↑↑←←←↑↑→→→→")], &[(2, 4)]),
];

/// A route of arrows cut at our events into moves; `stop` appends a stop.
fn legs(level: &Level, start: usize, arrows: &str, stop: bool) -> Vec<(Move, u8)> {
    let mut route: Vec<(Move, u8)> = Vec::new();
    let mut at = start;
    for arrow in arrows.chars() {
        let dir = Dir::ALL.into_iter().find(|d| d.arrow() == arrow).unwrap();
        match route.last_mut() {
            Some((Move::Drive(d), n)) if !level.cells[at].is_event() && *d == dir => *n += 1,
            _ => route.push((Move::Drive(dir), 1)),
        }
        at = level.step(at, dir).unwrap_or_else(|| panic!("{}: no road {dir:?} of cell {at}", level.name));
    }
    if stop {
        route.push((Move::Stop, 0));
    }
    route
}

/// archiloque's own routes, with the bumps it enables, replay under our archiloque rules in
/// exactly archiloque's turn count (the longest route; the trucks that finish sooner stop
/// empty, as archiloque's do), and our plans reach the same cost.
#[test]
fn archiloque_bump_solutions_replay() {
    for (name, routes, enabled) in ARCHILOQUE_BUMP_SOLUTIONS {
        let level = Level::load(data().join(format!("archiloque/{name}.txt"))).unwrap();
        let cost = routes.iter().map(|(_, a)| a.chars().count()).max().unwrap() as u32;
        let mut plan = vec![Vec::new(); level.trucks.len()];
        for &((row, col), arrows) in routes {
            let start = row * level.cols + col;
            let truck = level.trucks.iter().position(|t| t.start == start).unwrap();
            plan[truck] = legs(&level, start, arrows, arrows.chars().count() < cost as usize);
        }
        let enabled: Vec<usize> = enabled.iter().map(|&(r, c)| r * level.cols + c).collect();
        let replay = simulate(&level, Rules::Archiloque, &plan, &enabled, cost);
        assert_eq!(replay.map(|r| r.time), Ok(cost), "{name}");
        // Without its bumps the same routes fail (they need the hand-overs).
        assert!(simulate(&level, Rules::Archiloque, &plan, &[], cost).is_err(), "{name}");
        assert_eq!(solve(level, Algorithm::Astar, Rules::Archiloque, 2_000_000), Ok(Some(cost)), "{name}");
    }
}

/// A red truck (1) drives down over a yellow item (taking it: in a level with bumps any
/// truck takes any colour), the bump at (2, 3) and its own item to its warehouse; the yellow
/// truck (0) reaches the bump one time unit after the red one left it:
///
/// ```text
/// ......1....
/// ......|....
/// ......y....
/// ......|....
/// 0-----+---Y     the bump is the crossing (2, 3)
/// ......|....
/// ......r....
/// ......|....
/// ......R....
/// ```
fn hand_over(bumps: &str, capacity: u8, row2: &str) -> Level {
    let text = format!(
        "version: 2\nrows: 5\ncols: 6\ncapacity: {capacity}\ntruck: 0 yellow right\ntruck: 1 red down\n{bumps}grid:\n\
         ......1....\n......|....\n......y....\n......|....\n{row2}\n......|....\n......r....\n......|....\n\
         ......R....\nend\n"
    );
    Level::parse(&text).unwrap()
}

#[test]
fn a_bump_hands_an_item_over_and_plans_say_which_bumps_they_use() {
    let level = hand_over("bump: 2 3\n", 3, "0-----+---Y");
    for rules in Rules::ALL {
        // Cost by hand: yellow reaches the bump at 3 (red left it at 2), then Y at 5.
        assert_eq!(solve(level.clone(), Algorithm::Astar, rules, 10_000), Ok(Some(5)), "{rules}");
        assert_eq!(solve(level.clone(), Algorithm::Ucs, rules, 10_000), Ok(Some(5)), "{rules}");
        let problem = RgbProblem::new(level.clone(), rules).unwrap();
        let solved = delve_rgb::solve(&problem, Algorithm::Astar, &Limits::none(), NoObserver).unwrap();
        assert_eq!(solved.plan.as_ref().unwrap().bumps, [2 * 6 + 3], "{rules}: the plan enables the bump");
        let json = serde_json::to_value(solved.report(&problem)).unwrap();
        assert_eq!(json["bumps_enabled"], serde_json::json!([[2, 3]]), "{rules}");
    }
    // Without the bump the red truck may not even pass the yellow item.
    let plain = hand_over("", 3, "0-----+---Y");
    assert_eq!(solve(plain.clone(), Algorithm::Astar, Rules::Pairwise, 10_000), Ok(None));
    let problem = RgbProblem::new(plain, Rules::Pairwise).unwrap();
    let solved = delve_rgb::solve(&problem, Algorithm::Astar, &Limits::none(), NoObserver).unwrap();
    let json = serde_json::to_value(solved.report(&problem)).unwrap();
    assert!(json.get("bumps_enabled").is_none(), "levels without bumps keep their JSON: {json}");
}

#[test]
fn the_simulator_refuses_illegal_plans_with_bumps() {
    use Dir::{Down as D, Right as R};
    let drive = |legs: &[(Dir, u8)], stop: bool| {
        let mut route: Vec<(Move, u8)> = legs.iter().map(|&(d, n)| (Move::Drive(d), n)).collect();
        if stop {
            route.push((Move::Stop, 0));
        }
        route
    };
    let bump = 2 * 6 + 3;
    let level = hand_over("bump: 2 3\n", 3, "0-----+---Y");
    let plan = [drive(&[(R, 3), (R, 2)], true), drive(&[(D, 1), (D, 1), (D, 1), (D, 1)], true)];
    assert_eq!(simulate(&level, Rules::Pairwise, &plan, &[bump], 5).map(|r| r.deliveries), Ok(2));
    // The bump left disabled: the yellow item stays in the red truck and Y is never served
    // (the yellow truck reaches it empty).
    assert_eq!(simulate(&level, Rules::Pairwise, &plan, &[], 5), Err(Violation::BadWarehouse { time: 5, truck: 0 }));
    // A bump the level does not have.
    assert_eq!(simulate(&level, Rules::Pairwise, &plan, &[0], 5), Err(Violation::NoBump { row: 0, col: 0 }));
    // The yellow truck, capacity 1, already holds the green item when it reaches the dropped
    // yellow one: full.
    let full = hand_over("bump: 2 3\n", 1, "0-g---+---Y");
    let plan = [drive(&[(R, 1), (R, 2), (R, 2)], true), drive(&[(D, 1), (D, 1), (D, 1), (D, 1)], true)];
    assert_eq!(simulate(&full, Rules::Pairwise, &plan, &[bump], 5), Err(Violation::BadItem { time: 3, truck: 0 }));
    // An enabled bump reached empty.
    let text = "version: 2\nrows: 1\ncols: 4\ntruck: 0 red right\nbump: 0 1\ngrid:\n0-+-r-R\nend\n";
    let level = Level::parse(text).unwrap();
    let plan = [drive(&[(R, 1), (R, 1), (R, 1)], true)];
    assert_eq!(simulate(&level, Rules::Pairwise, &plan, &[1], 3), Err(Violation::EmptyOnBump { time: 1, truck: 0 }));
    assert_eq!(simulate(&level, Rules::Pairwise, &plan, &[], 3).map(|r| r.deliveries), Ok(1));
    assert_eq!(solve(level, Algorithm::Astar, Rules::Pairwise, 1000), Ok(Some(3)));
    // In a level with bumps a red truck takes a yellow item, but then delivers from the top
    // of its stack: yellow on top at the red warehouse fails, and the search finds no plan.
    let text = "version: 2\nrows: 1\ncols: 5\ntruck: 0 red right\nbump: 0 4\ngrid:\n0-r-y-R-+\nend\n";
    let level = Level::parse(text).unwrap();
    let plan = [drive(&[(R, 1), (R, 1), (R, 1)], true)];
    assert_eq!(
        simulate(&level, Rules::Pairwise, &plan, &[], 3),
        Err(Violation::NotOnTop {
            time: 3,
            truck: 0,
            warehouse: delve_rgb::Colour::Red,
            top: delve_rgb::Colour::Yellow
        })
    );
    for rules in Rules::ALL {
        assert_eq!(solve(level.clone(), Algorithm::Astar, rules, 1000), Ok(None), "{rules}");
    }
}

#[test]
fn bump_lines_are_checked_against_the_grid() {
    let parse = |bumps: &str, version: &str| {
        let text = format!("{version}rows: 1\ncols: 4\ntruck: 0 red right\n{bumps}grid:\n0-+-+-R\nend\n");
        Level::parse(&text).map(|l| l.bumps).map_err(|e| (e.line, e.column, e.kind))
    };
    let v2 = "version: 2\n";
    assert_eq!(parse("bump: 0 1\nbump: 0 2\n", v2), Ok(vec![1, 2]));
    assert_eq!(parse("bump: 0 1\n", ""), Err((4, 1, ErrorKind::NeedsVersion2("a bump"))));
    assert_eq!(parse("bump: 0 1 2\n", v2), Err((5, 7, ErrorKind::BadBump("0 1 2".into()))));
    assert!(matches!(parse("bump: 0 x\n", v2), Err((5, 7, ErrorKind::BadNumber { what: "a column", .. }))));
    assert_eq!(parse("bump: 0 3\n", v2), Err((5, 7, ErrorKind::BumpCell("on a `+` cell"))));
    assert_eq!(parse("bump: 1 1\n", v2), Err((5, 7, ErrorKind::BumpCell("inside the grid"))));
    let twice = Err((6, 7, ErrorKind::BumpCell("alone on its cell (no other bump, button or gate)")));
    assert_eq!(parse("bump: 0 1\nbump: 0 1\n", v2), twice);
    let with_button = parse("button: 1 0 1 on\ngate: 1 0 2 open\nbump: 0 1\n", v2);
    assert_eq!(with_button, Err((7, 7, ErrorKind::BumpCell("alone on its cell (no other bump, button or gate)"))));
    let nine: String = (0..9).map(|_| "bump: 0 1\n").collect();
    assert!(matches!(parse(&nine, v2), Err((13, 1, ErrorKind::TooMany { what: "bumps", .. }))));
    // A level with bumps prints back to itself, `bump:` lines included.
    let level =
        Level::parse(&format!("{v2}rows: 1\ncols: 4\ntruck: 0 red right\nbump: 0 2\ngrid:\n0-+-+-R\nend\n")).unwrap();
    assert!(level.to_string().contains("version: 2\n") && level.to_string().contains("bump: 0 2\n"));
    assert_eq!(Level::parse(&level.to_string()), Ok(level));
}
