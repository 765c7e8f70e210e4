//! Microban against `data/microban_optimal.tsv`: every level that the optimal mode solves
//! within a small node budget must have exactly the table's pushes and, among push-optimal
//! solutions, its moves; every solution is replayed (inside `solve`) and again here.

use delve_core::{Limits, NoObserver};
use delve_sokoban::{Level, Mode, parse_collection, replay, solve, solve_parallel};

/// `(level, pushes, moves)` rows of the table that have a push count (level 93 has no move
/// count).
fn table() -> Vec<(usize, u32, Option<u32>)> {
    include_str!("../data/microban_optimal.tsv")
        .lines()
        .skip(1)
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            Some((f[0].parse().ok()?, f[1].parse().ok()?, f[2].parse().ok()))
        })
        .collect()
}

fn levels() -> Vec<Level> {
    parse_collection(include_str!("../data/microban.xsb")).expect("microban parses")
}

#[test]
fn the_collection_parses_with_its_titles() {
    let levels = levels();
    assert_eq!(levels.len(), 155);
    assert!(levels.iter().enumerate().all(|(i, l)| l.title == (i + 1).to_string() && l.number == i + 1));
    assert_eq!(table().len(), 153, "the table leaves 144 and 153 blank");
}

/// Solves every `step`-th level of the table in `--optimal` mode on `threads` threads within
/// `budget` expansions; each solution must have the table's pushes and moves and replay to
/// them. Returns how many levels were solved and checked.
fn optimal_matches_the_table(threads: usize, step: usize, budget: u64) -> usize {
    let levels = levels();
    let limits = Limits::none().max_expanded(budget);
    let mut checked = 0;
    for (n, pushes, moves) in table().into_iter().step_by(step) {
        let level = &levels[n - 1];
        let solved = solve_parallel(level, false, Mode::Optimal, threads, &limits, NoObserver).expect("within limits");
        let Some(lurd) = solved.solution else { continue };
        assert_eq!((lurd.pushes, Some(lurd.moves)), (pushes, moves), "level {n}, {threads} threads");
        let again = replay(level, &lurd.text, false).expect("replays");
        assert_eq!((again.pushes, again.moves), (lurd.pushes, lurd.moves), "level {n}");
        checked += 1;
    }
    checked
}

#[test]
fn easy_levels_match_the_table_in_pushes_and_moves() {
    let checked = optimal_matches_the_table(1, 1, 3_000);
    assert!(checked >= 80, "only {checked} levels solved within the budget");
}

#[test]
fn two_threads_match_the_table_in_pushes_and_moves() {
    // Parallel A*'s node budget is shared out between its threads.
    let checked = optimal_matches_the_table(2, 2, 6_000);
    assert!(checked >= 40, "only {checked} levels solved within the budget");
}

#[test]
fn the_push_only_mode_agrees_on_pushes() {
    let levels = levels();
    let limits = Limits::none().max_expanded(3_000);
    let mut checked = 0;
    for (n, pushes, _) in table().into_iter().step_by(3) {
        let solved = solve(&levels[n - 1], false, Mode::Pushes, &limits, NoObserver).expect("within limits");
        if let Some(lurd) = solved.solution {
            assert_eq!(lurd.pushes, pushes, "level {n}");
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} levels solved within the budget");
}
