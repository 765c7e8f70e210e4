//! Integration tests of `delve-sliding` against outside facts: state counts `(m·n)!/2`, the
//! published 8-puzzle figures (hardest 31 moves, 2 such states, average 21.972398589065257),
//! every solver's path replayed by a checker written here, solver agreement, parity,
//! heuristic admissibility against the exact depths, and hand-worked analytics.

use delve_core::random::SeededRng;
use delve_core::{Algorithm, Limits, NoObserver};
use delve_sliding::analytics::{analyze, parse_samples};
use delve_sliding::enumerate::{Enumeration, enumerate};
use delve_sliding::heuristic::{Heuristic, LinearConflict, Manhattan};
use delve_sliding::notation::{Notation, keypad_goal, parse_state};
use delve_sliding::pdb::{AdditivePdb, Partition};
use delve_sliding::pool::samples_needed;
use delve_sliding::rank::Ranker;
use delve_sliding::solve::{HeuristicChoice, solve};
use delve_sliding::{Dims, Grid, Move, Nibbles, Position};
use rand::{Rng as _, SeedableRng};
use std::sync::Arc;

fn board(r: usize, c: usize) -> Dims {
    Dims::new(r, c).unwrap()
}

fn space(goal: &Grid) -> Enumeration {
    enumerate(goal, u64::MAX, &Limits::none(), NoObserver).unwrap()
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

/// The path checker: applies the letters to a plain vector, checking every move stays on
/// the board, and returns the final tiles. Written from the rules, not from the library.
fn check_path(rows: usize, cols: usize, start: &[u8], path: &[Move]) -> Vec<u8> {
    let mut t = start.to_vec();
    let mut blank = t.iter().position(|&x| x == 0).unwrap();
    for (i, m) in path.iter().enumerate() {
        let (r, c) = ((blank / cols) as isize, (blank % cols) as isize);
        let (nr, nc) = match m.letter() {
            'U' => (r - 1, c),
            'D' => (r + 1, c),
            'L' => (r, c - 1),
            'R' => (r, c + 1),
            other => panic!("unknown move letter {other}"),
        };
        assert!(nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols, "move {i} ({m}) leaves the board");
        let next = nr as usize * cols + nc as usize;
        t.swap(blank, next);
        blank = next;
    }
    t
}

/// A state `steps` random moves from `goal` (seeded).
fn scramble(goal: &Grid, steps: usize, rng: &mut SeededRng) -> Grid {
    let mut g = goal.clone();
    for _ in 0..steps {
        let m = Move::ALL[rng.random_range(0..4)];
        if let Some(n) = g.apply(m) {
            g = n;
        }
    }
    g
}

#[test]
fn counts_are_half_the_permutations() {
    for (r, c) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
        let e = space(&Grid::standard_goal(board(r, c)));
        assert_eq!(e.states(), factorial((r * c) as u64) / 2, "{r}x{c}");
        assert_eq!(e.per_depth()[0], 1);
    }
    assert_eq!(space(&Grid::standard_goal(board(2, 2))).states(), 12);
    assert_eq!(space(&Grid::standard_goal(board(2, 3))).states(), 360);
    assert_eq!(space(&Grid::standard_goal(board(2, 4))).states(), 20_160);
}

#[test]
fn eight_puzzle_published_figures() {
    // Keypad goal (the original study's) and the usual goal give the same distribution.
    for goal in [keypad_goal(board(3, 3)).unwrap(), Grid::standard_goal(board(3, 3))] {
        let e = space(&goal);
        assert_eq!(e.states(), 181_440);
        assert_eq!(e.max_depth(), 31);
        assert_eq!(e.states_at_max_depth(), 2);
        assert_eq!(e.average_depth(), 21.972398589065257);
    }
}

#[test]
fn every_solver_finds_an_optimal_replayable_path_on_random_8_puzzles() {
    let goal = keypad_goal(board(3, 3)).unwrap();
    let e = space(&goal);
    let pdb = Arc::new(
        AdditivePdb::build(&goal, &Partition::parse("4-4", &goal).unwrap(), &Limits::none(), NoObserver).unwrap().pdb,
    );
    let ranker = Ranker::new(&goal).unwrap();
    let mut rng = SeededRng::seed_from_u64(2024);
    let heuristics = [HeuristicChoice::Manhattan, HeuristicChoice::LinearConflict, HeuristicChoice::Pdb(pdb)];
    for trial in 0..12 {
        let start = Grid::from_position(goal.dims(), &ranker.unrank(rng.random_range(0..ranker.len())));
        let depth = e.depth(&start).unwrap();
        let mut runs: Vec<(Algorithm, &HeuristicChoice)> = Vec::new();
        for h in &heuristics {
            runs.push((Algorithm::Astar, h));
            runs.push((Algorithm::Idastar, h));
        }
        runs.push((Algorithm::Bfs, &heuristics[0]));
        runs.push((Algorithm::Ucs, &heuristics[0]));
        if depth <= 20 || trial < 2 {
            runs.push((Algorithm::Ils, &heuristics[0]));
        }
        for (algo, h) in runs {
            let out = solve(&start, &goal, algo, h, Notation::Keypad, &Limits::none(), NoObserver).unwrap();
            let sol = out.solution().unwrap();
            assert_eq!(sol.len() as u32, depth, "{algo} {} on {:?}", h.name(), start.tiles());
            assert_eq!(sol.cost, depth);
            assert_eq!(check_path(3, 3, start.tiles(), &sol.actions), goal.tiles(), "{algo} {}", h.name());
        }
        // The enumeration's own path is optimal and replayable too.
        let p = e.path(&start).unwrap();
        assert_eq!(p.len() as u32, depth);
        assert_eq!(check_path(3, 3, start.tiles(), &p), goal.tiles());
    }
}

#[test]
fn solvers_agree_on_easy_15_puzzles() {
    let goal = Grid::standard_goal(board(4, 4));
    let mut rng = SeededRng::seed_from_u64(7);
    for _ in 0..4 {
        let start = scramble(&goal, 40, &mut rng);
        let mut lengths = Vec::new();
        for (algo, h) in [
            (Algorithm::Idastar, HeuristicChoice::LinearConflict),
            (Algorithm::Astar, HeuristicChoice::Manhattan),
            (Algorithm::Astar, HeuristicChoice::LinearConflict),
        ] {
            let out = solve(&start, &goal, algo, &h, Notation::RowMajor, &Limits::none(), NoObserver).unwrap();
            let sol = out.solution().unwrap();
            assert_eq!(check_path(4, 4, start.tiles(), &sol.actions), goal.tiles());
            lengths.push(sol.len());
        }
        if lengths[0] <= 14 {
            let out = solve(
                &start,
                &goal,
                Algorithm::Bfs,
                &HeuristicChoice::Manhattan,
                Notation::RowMajor,
                &Limits::none(),
                NoObserver,
            )
            .unwrap();
            lengths.push(out.solution().unwrap().len());
        }
        assert!(lengths.windows(2).all(|w| w[0] == w[1]), "{lengths:?}");
    }
}

#[test]
fn heuristics_are_admissible_and_ordered_on_every_8_puzzle_state() {
    let goal = keypad_goal(board(3, 3)).unwrap();
    let e = space(&goal);
    let ranker = Ranker::new(&goal).unwrap();
    let manhattan = Manhattan::new(&goal);
    let lc = LinearConflict::new(&goal);
    let pdb =
        AdditivePdb::build(&goal, &Partition::parse("4-4", &goal).unwrap(), &Limits::none(), NoObserver).unwrap().pdb;
    assert!(pdb.reflects(), "the keypad blank lies on the anti-diagonal");
    // Every state's exact depth comes from the enumeration's table.
    let mut exact_hits = 0u64;
    for i in 0..ranker.len() {
        let p: Position<Nibbles> = ranker.unrank(i);
        let g = Grid::from_position(goal.dims(), &p);
        let d = e.depth(&g).unwrap();
        let (m, l, h) = (manhattan.estimate(&p), lc.estimate(&p), pdb.estimate(&p));
        assert!(m <= l && l <= d, "manhattan {m} lc {l} depth {d}");
        assert!(m <= pdb.sum(&p) && pdb.sum(&p) <= h && h <= d, "pdb {h} depth {d}");
        assert_eq!(m % 2, d % 2, "every move changes the Manhattan distance by one");
        exact_hits += u64::from(h == d);
    }
    assert!(exact_hits > 0);
}

#[test]
fn parity_is_checked_before_searching() {
    for (r, c) in [(2, 2), (3, 3), (3, 4), (4, 4), (5, 5)] {
        let goal = Grid::standard_goal(board(r, c));
        let mut t = goal.tiles().to_vec();
        t.swap(0, 1);
        let bad = Grid::new(goal.dims(), t).unwrap();
        assert!(!bad.can_reach(&goal));
        let err = solve(
            &bad,
            &goal,
            Algorithm::Astar,
            &HeuristicChoice::Manhattan,
            Notation::RowMajor,
            &Limits::none(),
            NoObserver,
        )
        .unwrap_err();
        assert!(err.to_string().starts_with("unsolvable:"), "{err}");
    }
    // 2x2: the 12 reachable states are exactly the even half.
    let e = space(&Grid::standard_goal(board(2, 2)));
    let (odd, _) = parse_state("2 1 3 0", Some(board(2, 2))).unwrap();
    assert_eq!(e.depth(&odd), None);
}

#[test]
fn limits_stop_cleanly() {
    let goal = Grid::standard_goal(board(4, 4));
    let (start, _) = parse_state("15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0", None).unwrap();
    let out = solve(
        &start,
        &goal,
        Algorithm::Idastar,
        &HeuristicChoice::Manhattan,
        Notation::RowMajor,
        &Limits::none().max_expanded(1000),
        NoObserver,
    )
    .unwrap();
    assert!(!out.is_solved());
    assert!(matches!(out.outcome, delve_core::Outcome::Stopped { .. }));
}

#[test]
fn hand_worked_analytics() {
    // Patterns: A = 789456B23 (the goal, 0 moves), B = 789B56423 (blank up: 1 move),
    // C = 78945623B (blank right twice: 2 moves).
    // Samples: puzzle 1: A, B; puzzle 2: B, C, C; puzzle 3: C  → 6 samples.
    let csv = "\u{feff}puzzle_number,pattern\r\n\"1\",\"789456B23\"\r\n1,789B56423\r\n2,\"789B56423\"\r\n\r\n2,78945623B\r\n2,78945623b\r\n3,78945623B\r\n";
    let samples = parse_samples("hand.csv", csv, None).unwrap();
    let goal = keypad_goal(samples.board).unwrap();
    let e = space(&goal);
    let a = analyze("hand.csv", &samples, |g| Ok(e.depth(g))).unwrap();
    assert_eq!(a.samples, 6);
    let pats: Vec<(&str, usize, u32)> = a.patterns.iter().map(|p| (p.pattern.as_str(), p.count, p.moves)).collect();
    assert_eq!(pats, vec![("789456B23", 1, 0), ("789B56423", 2, 1), ("78945623B", 3, 2)]);
    let puzzles: Vec<(&str, usize, usize)> =
        a.puzzles.iter().map(|p| (p.puzzle.as_str(), p.count, p.patterns)).collect();
    assert_eq!(puzzles, vec![("1", 2, 2), ("2", 3, 2), ("3", 1, 1)]);
    assert_eq!(a.pattern_average, 1.0); // (0 + 1 + 2) / 3
    assert_eq!(a.weighted_average, 8.0 / 6.0); // (1·0 + 2·1 + 3·2) / 6
    assert_eq!(a.median, 1.0);
    assert_eq!(a.modes, vec![0, 1, 2]);
    assert_eq!((a.min_moves(), a.max_moves()), (0, 2));
    let buckets: Vec<(u32, usize, usize)> = a.by_moves.iter().map(|b| (b.moves, b.patterns, b.samples)).collect();
    assert_eq!(buckets, vec![(0, 1, 1), (1, 1, 2), (2, 1, 3)]);
    // {A,B} ∩ {B,C} = {B}; {B,C} ∩ {C} = {C}; {A,B} ∩ {C} = ∅.
    assert_eq!(a.similarity, vec![vec![2, 1, 0], vec![1, 2, 1], vec![0, 1, 1]]);
}

#[test]
fn analytics_reports_unsolvable_rows_with_their_line() {
    let csv = "1,789456B23\n2,879456B23\n";
    let samples = parse_samples("s.csv", csv, None).unwrap();
    let goal = keypad_goal(samples.board).unwrap();
    let e = space(&goal);
    let err = analyze("s.csv", &samples, |g| Ok(e.depth(g))).unwrap_err().to_string();
    assert_eq!(err, "s.csv:2:1: pattern 879456B23 cannot reach the goal (wrong permutation parity)");
}

#[test]
fn parser_errors() {
    let msg = |s: &str, b: Option<Dims>| parse_state(s, b).unwrap_err().to_string();
    assert!(msg("1 2 3 4 5 6 7 8 12", None).contains("tile 12 does not exist on a 3x3 board"));
    assert!(msg("1 2 3 4 5 6 7 7 0", None).contains("tile 7 appears twice"));
    assert!(msg("1 2 3 4 5 6 7 0", None).contains("cannot tell the board size from 8 values"));
    assert!(msg("1 2 3 4 5 6 7 8 0", Some(board(2, 4))).contains("has 8 cells"));
    assert!(msg("1 2 3 4 5 6 7 8 0 9", Some(board(2, 4))).contains("got 10 values"));
    assert!(msg("78945B621", None).contains("not a keypad tile"));
    assert!(msg("7894 5B623", Some(board(3, 3))).contains("got 2 values"));
    assert!(msg("7 8 9 4 x B 6 2 3", None).contains("`x` at position 5 is not a keypad tile"));
    assert!(msg("a b c", None).contains("cannot tell") || msg("a b c", None).contains("not a tile"));
    assert!(Dims::parse("0x3").is_err());
    assert!(Dims::parse("6x7").unwrap_err().to_string().contains("at most 36 cells"));
}

#[test]
fn sample_count_rule_matches_the_reference() {
    assert_eq!(samples_needed(70, 0.999).unwrap().samples, 487);
    assert_eq!(samples_needed(80, 0.999).unwrap().samples, 557);
}

#[test]
fn analytics_fall_back_to_search_and_report_stops() {
    use delve_sliding::analytics::MoveCounter;
    use delve_sliding::error::Error;
    let csv = "1,789456B23\n2,9B6358247\n";
    let samples = parse_samples("s.csv", csv, None).unwrap();
    let goal = keypad_goal(samples.board).unwrap();
    let no_pdb = |_: &Grid| -> Result<Arc<AdditivePdb>, Error> { panic!("3x3 gets linear conflict") };
    // Too little memory to enumerate: IDA* per pattern gives the same figures.
    let counter = MoveCounter::new(&goal, samples.notation, 1 << 10, &Limits::none(), NoObserver, no_pdb).unwrap();
    assert_eq!(counter.method(), "idastar, heuristic linear-conflict");
    let a = analyze("s.csv", &samples, |g| counter.moves(g, &Limits::none(), NoObserver)).unwrap();
    assert_eq!(a.patterns.iter().map(|p| p.moves).collect::<Vec<_>>(), vec![0, 27]);
    // A search stopped by a limit is reported as stopped, not as an unreachable pattern.
    let limits = Limits::none().max_expanded(10);
    let err = analyze("s.csv", &samples, |g| counter.moves(g, &limits, NoObserver)).unwrap_err();
    assert!(matches!(err, Error::Stopped { reason: delve_core::StopReason::NodeLimit, .. }), "{err}");
    // So is a stopped enumeration: the fallback is for boards too large, nothing else.
    let stopped = Limits::none().timeout(std::time::Duration::ZERO);
    let err = MoveCounter::new(&goal, samples.notation, u64::MAX, &stopped, NoObserver, no_pdb).err().unwrap();
    assert!(matches!(err, Error::Stopped { reason: delve_core::StopReason::Timeout, .. }), "{err}");
}
