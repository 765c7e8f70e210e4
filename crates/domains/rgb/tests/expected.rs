//! Every level's optimal cost under each rule set against EXPECTED.md (copied from the data
//! set with its sources; see data/SOURCES.md), by uniform-cost search and A*, every plan
//! replayed by the independent simulator; and the ILS cost-limit sequences.

use delve_core::prelude::*;
use delve_rgb::{Level, Plan, RgbProblem, Rules, simulate};
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e} (the RGB Express data ships in crates/domains/rgb/data)", path.display()))
}

/// What EXPECTED.md says for one rule set: a cost, unsolvable, or nothing usable.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    Cost(u32),
    Unsolvable,
    Unknown,
}

fn expect(cell: &str) -> Expect {
    let cell = cell.trim().trim_matches('*');
    match cell {
        "unsolvable" => Expect::Unsolvable,
        _ => cell.parse().map_or(Expect::Unknown, Expect::Cost),
    }
}

/// (file, [pairwise, reference, archiloque]) for every level row of EXPECTED.md.
fn table() -> Vec<(PathBuf, [Expect; 3])> {
    let text = read(&data().join("EXPECTED.md"));
    let mut rows = Vec::new();
    let mut section = 0;
    for line in text.lines() {
        if line.starts_with("## ") {
            section = line[3..4].parse().unwrap_or(0);
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 8 || cells[1] == "level" || cells[1].starts_with("---") {
            continue;
        }
        match section {
            // | level | trucks | items | quirk | pairwise | empty | times |
            1 => rows.push((
                data().join(format!("{}.txt", cells[1])),
                [expect(cells[5]), expect(cells[4]), expect(cells[6])],
            )),
            // | level | trucks | items | archiloque | quirk | pairwise | empty | note |
            3 => rows.push((
                data().join("archiloque").join(format!("{}.txt", cells[1])),
                [expect(cells[6]), expect(cells[5]), expect(cells[7])],
            )),
            _ => {}
        }
    }
    rows
}

#[test]
fn the_table_covers_every_level_file() {
    let rows = table();
    assert_eq!(rows.len(), 7 + 74, "the original solver's 7 levels and 74 archiloque levels");
    for (file, _) in &rows {
        assert!(file.exists(), "{} is in EXPECTED.md but not in data/", file.display());
    }
}

/// Solves `file` under `rules` with `algo`; returns the cost (`None`: proved unsolvable), or
/// `Err` when a limit stopped it. Every plan is replayed by the simulator first.
fn solve(algo: Algorithm, rules: Rules, file: &Path, max_expanded: u64) -> Result<Option<u32>, String> {
    let level = Level::load(file).unwrap();
    let problem = RgbProblem::new(level, rules).unwrap();
    let result = algo.run(&problem, &Limits::none().max_expanded(max_expanded), NoObserver).unwrap();
    match &result.outcome {
        Outcome::Solved(s) => {
            let plan = Plan::new(&problem, s);
            let replay = simulate(problem.level(), rules, &plan.routes(problem.trucks()), &plan.bumps, plan.cost);
            assert!(
                replay.is_ok(),
                "{} {rules} {}: the plan fails the replay: {replay:?}",
                file.display(),
                algo.name()
            );
            Ok(Some(s.cost))
        }
        Outcome::NoSolution => Ok(None),
        Outcome::Stopped { reason, .. } => Err(reason.to_string()),
    }
}

fn name(file: &Path) -> String {
    let dir = file.parent().and_then(Path::file_name).unwrap_or_default().to_string_lossy();
    let stem = file.file_stem().unwrap_or_default().to_string_lossy();
    if dir == "archiloque" { format!("archiloque/{stem}") } else { stem.into_owned() }
}

#[test]
fn astar_matches_every_expected_cost_under_every_rule_set() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (file, want) in table() {
        for (k, rules) in Rules::ALL.into_iter().enumerate() {
            let got = solve(Algorithm::Astar, rules, &file, 5_000_000);
            let ok = match (want[k], &got) {
                (Expect::Cost(c), Ok(Some(g))) => c == *g,
                (Expect::Unsolvable, Ok(None)) => true,
                (Expect::Unknown, _) => true,
                _ => false,
            };
            checked += usize::from(want[k] != Expect::Unknown);
            if !ok {
                wrong.push(format!("{} {rules}: expected {:?}, got {got:?}", name(&file), want[k]));
            }
        }
    }
    assert!(wrong.is_empty(), "{} of {checked} differ:\n{}", wrong.len(), wrong.join("\n"));
    assert!(checked > 230, "only {checked} expectations were read from EXPECTED.md");
}

/// A* with the heuristic finds the same costs as uniform-cost search (which uses none) on
/// every level UCS finishes within its budget: the heuristic never overestimates there.
#[test]
fn astar_agrees_with_uniform_cost_search() {
    let mut compared = 0;
    for (file, _) in table() {
        for rules in [Rules::Pairwise, Rules::Reference] {
            let Ok(ucs) = solve(Algorithm::Ucs, rules, &file, 400_000) else { continue };
            let astar = solve(Algorithm::Astar, rules, &file, 5_000_000);
            assert_eq!(astar, Ok(ucs), "{} {rules}", name(&file));
            compared += 1;
        }
    }
    assert!(compared >= 150, "only {compared} levels compared");
}

/// The `Find Cost:` sequences of EXPECTED.md for the original solver's seven levels, and ILS's
/// costs.
#[test]
fn ils_cost_limits_match_the_reference() {
    let text = read(&data().join("EXPECTED.md"));
    let mut seen = 0;
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() != 4 || !cells[2].starts_with("0 ") {
            continue;
        }
        let want: Vec<u32> = match cells[2].strip_suffix("(every integer)") {
            Some(range) => (0..=range.split_whitespace().last().unwrap().parse().unwrap()).collect(),
            None => cells[2].split_whitespace().map(|n| n.parse().unwrap()).collect(),
        };
        let level = Level::load(data().join(format!("{}.txt", cells[1]))).unwrap();
        let problem = RgbProblem::new(level, Rules::Pairwise).unwrap();
        let mut limits = Vec::new();
        let result = ils(
            &problem,
            &Limits::none(),
            FnObserver(|event: &Event<'_, _, u32>, _: &delve_core::Live| {
                if let Event::Iteration { bound: delve_core::Bound::Cost(c), .. } = event {
                    limits.push(*c);
                }
            }),
        );
        assert_eq!(limits, want, "{}", cells[1]);
        assert_eq!(result.solution().map(|s| s.cost), want.last().copied(), "{}", cells[1]);
        seen += 1;
    }
    assert_eq!(seen, 7, "EXPECTED.md's ILS table");
}

/// The original solver's printed routes for Custom, and its action list.
#[test]
fn custom_plan_reads_as_the_reference_prints_it() {
    let level = Level::load(data().join("Custom.txt")).unwrap();
    let problem = RgbProblem::new(level, Rules::Reference).unwrap();
    let solution = ils(&problem, &Limits::none(), NoObserver).into_solution().unwrap();
    let plan = Plan::new(&problem, &solution);
    assert_eq!(plan.arrows(2), ["→↑.→.↓*", "←↑.↑*"]);
    let steps: Vec<String> = plan.steps.iter().map(ToString::to_string).collect();
    assert_eq!(
        steps,
        ["[(0,R,1),(1,L,1)]", "[(0,U,2),(1,U,2)]", "[(0,R,2),(1,U,1)]", "[(1,S,0)]", "[(0,D,1)]", "[(0,S,0)]"]
    );
    assert_eq!(plan.steps.iter().map(|s| s.cost).collect::<Vec<_>>(), [1, 2, 1, 1, 1, 0]);
}

#[test]
fn every_level_prints_back_to_itself() {
    for (file, _) in table() {
        let level = Level::load(&file).unwrap();
        let again = Level::parse(&level.to_string()).unwrap_or_else(|e| panic!("{}: {e}\n{level}", name(&file)));
        assert_eq!(again, level, "{}", name(&file));
    }
}
