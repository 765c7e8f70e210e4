//! Sudoku on famous hard puzzles with their published unique solutions
//! (`data/hard-sudoku.txt`, sources in `data/SOURCES.md`).

use delve_core::{Limits, NoObserver};
use delve_csp::{Config, Inference, MinConflicts, ValueOrder, VarOrder, ac3, count, min_conflicts, solve};
use delve_sudoku::Sudoku;
use std::path::PathBuf;

fn puzzles() -> Vec<(String, Sudoku, Sudoku)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/hard-sudoku.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("cannot read {} ({e}); it ships with the repository at crates/domains/sudoku/tests/data", path.display())
    });
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].to_string(), f[1].parse().unwrap(), f[2].parse().unwrap())
        })
        .collect()
}

#[test]
fn hard_puzzles_match_their_published_solutions() {
    let all = puzzles();
    assert_eq!(all.len(), 4);
    for (name, puzzle, published) in all {
        assert!(published.is_solved() && published.extends(&puzzle), "{name}: data sanity");
        let csp = puzzle.to_csp();
        for cfg in [Config::mac(), Config::mrv_fc(), Config::mac().with_values(ValueOrder::Lcv)] {
            let out = solve(&csp, &cfg, &Limits::none(), &mut NoObserver);
            let got = Sudoku::from_assignment(out.solution().unwrap_or_else(|| panic!("{name} unsolved")));
            assert_eq!(got, published, "{name} with {cfg:?}");
        }
        let unique = count(&csp, &Config::mac(), &Limits::none(), &mut NoObserver);
        assert_eq!((unique.count, unique.stop_reason), (1, None), "{name}: exactly one solution");
    }
}

#[test]
fn plain_backtracking_and_forward_checking_agree_with_mac() {
    // Plain static-order backtracking takes minutes on the famous hard grids (that is the
    // point of them), so it gets a classic easy one; static order with forward checking
    // still manages Inkala's.
    let easy: Sudoku =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300".parse().unwrap();
    let plain = solve(&easy.to_csp(), &Config::plain(), &Limits::none(), &mut NoObserver);
    let mac = solve(&easy.to_csp(), &Config::mac(), &Limits::none(), &mut NoObserver);
    assert_eq!(plain.solution(), mac.solution());
    assert!(plain.counters.assignments > mac.counters.assignments);
    let (_, inkala, published) = puzzles().remove(0);
    let fc = Config { var_order: VarOrder::Static, inference: Inference::ForwardChecking, ..Config::default() };
    let out = solve(&inkala.to_csp(), &fc, &Limits::none(), &mut NoObserver);
    assert_eq!(Sudoku::from_assignment(out.solution().unwrap()), published);
}

#[test]
fn easy_puzzle_falls_to_propagation_alone() {
    let easy: Sudoku =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300".parse().unwrap();
    let domains = ac3(&easy.to_csp()).expect("consistent");
    let values: Vec<u32> = domains.iter().map(|d| d.single().expect("AC-3 with hidden singles solves it")).collect();
    let solved = Sudoku::from_assignment(&values);
    assert!(solved.is_solved() && solved.extends(&easy));
    let out = solve(&easy.to_csp(), &Config::mac(), &Limits::none(), &mut NoObserver);
    assert_eq!(out.counters.backtracks, 0);
}

#[test]
fn contradictory_and_unsolvable_grids() {
    // No clash among the givens, but r1c9 has no candidate left: no solution.
    let grid: Sudoku =
        "12345678.........9...............................................................".parse().unwrap();
    let out = solve(&grid.to_csp(), &Config::mac(), &Limits::none(), &mut NoObserver);
    assert_eq!(out.outcome, delve_core::Outcome::NoSolution);
}

#[test]
fn min_conflicts_fills_an_empty_grid() {
    let empty: Sudoku = ".".repeat(81).parse().unwrap();
    let cfg = MinConflicts { max_steps: 200_000, max_restarts: 20, ..MinConflicts::default() };
    let out = min_conflicts(&empty.to_csp(), &cfg, 3, &Limits::none(), &mut NoObserver);
    let grid = Sudoku::from_assignment(out.solution().expect("an empty grid is easy for min-conflicts"));
    assert!(grid.is_solved());
}
