//! Format version 2 (FORMAT.md §5): white trucks and switches. The converted archiloque levels
//! (EXPECTED.md §4: world D, white trucks; §5: the 27 levels with switches) under every rule
//! set — archiloque's published turn counts for its own rules, A* against uniform-cost search
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
            let replay = simulate(problem.level(), rules, &plan.routes(problem.trucks()), plan.cost);
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
    assert_eq!(simulate(&level, Rules::Archiloque, &[route], 23), Err(Violation::ClosedGate { time: 22, truck: 0 }));
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
