//! White trucks (format version 2, FORMAT.md §5): the ten converted archiloque levels of
//! world D against EXPECTED.md §4 under every rule set (archiloque's published turn counts for
//! its own rules; A* against uniform-cost search for the others), and hand-made levels whose
//! answers are known by hand.

use delve_core::prelude::*;
use delve_rgb::{ErrorKind, Level, Plan, RgbProblem, Rules, simulate};
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

fn expect(cell: &str) -> Option<u32> {
    cell.trim().parse().ok()
}

/// (file, archiloque's count, [pairwise, reference, archiloque]) from EXPECTED.md §4.
fn table() -> Vec<(PathBuf, u32, [u32; 3])> {
    let path = data().join("EXPECTED.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut rows = Vec::new();
    let mut section = 0;
    for line in text.lines() {
        if let Some(head) = line.strip_prefix("## ") {
            section = head[..1].parse().unwrap_or(0);
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if section != 4 || cells.len() < 9 || cells[1] == "level" || cells[1].starts_with("---") {
            continue;
        }
        // | level | trucks | items | archiloque | quirk | pairwise | empty | source |
        let [Some(outside), Some(quirk), Some(pairwise), Some(empty)] =
            [cells[4], cells[5], cells[6], cells[7]].map(expect)
        else {
            panic!("EXPECTED.md §4: {line}");
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

#[test]
fn world_d_matches_expected_and_uniform_cost_search() {
    let rows = table();
    assert_eq!(rows.len(), 10, "EXPECTED.md §4 lists world D's ten levels");
    let mut compared = 0;
    for (file, outside, want) in rows {
        let level = Level::load(&file).unwrap();
        assert_eq!(want[2], outside, "{}: our archiloque column is archiloque's own count", level.name);
        for (k, rules) in Rules::ALL.into_iter().enumerate() {
            let astar = solve(level.clone(), Algorithm::Astar, rules, 2_000_000);
            assert_eq!(astar, Ok(Some(want[k])), "{} {rules}", level.name);
            if let Ok(ucs) = solve(level.clone(), Algorithm::Ucs, rules, 300_000) {
                assert_eq!(Ok(ucs), astar, "{} {rules}: A* and UCS differ", level.name);
                compared += 1;
            }
        }
    }
    assert!(compared >= 20, "only {compared} A*/UCS comparisons finished");
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
