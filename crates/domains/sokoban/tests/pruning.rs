//! The pruning (dead squares, freeze deadlocks, unmatchable boxes) never loses a solution:
//! on random small levels, every mode finds a solution exactly when a plain breadth-first
//! search over pushes (no pruning, no heuristic, written here from the rules alone) does, and
//! the optimal modes find its push count; on mazes of narrow passages the bound at the start
//! never exceeds it either.

use delve_core::{Limits, NoObserver, Problem};
use delve_sokoban::{Board, Level, Mode, Settings, SokobanProblem, solve};
use proptest::prelude::*;
use std::collections::{HashSet, VecDeque};

type Cell = (usize, usize);

/// Fewest pushes that solve `level`, by breadth-first search on (boxes, player region).
fn plain_bfs(level: &Level) -> Option<u32> {
    let (h, w) = (level.height(), level.width());
    let wall = |(r, c): Cell| level.cell(r, c) == b'#';
    let mut boxes = Vec::new();
    let mut goals = HashSet::new();
    let mut player = (0, 0);
    for r in 0..h {
        for c in 0..w {
            match level.cell(r, c) {
                b'$' => boxes.push((r, c)),
                b'*' => {
                    boxes.push((r, c));
                    goals.insert((r, c));
                }
                b'.' => {
                    goals.insert((r, c));
                }
                b'@' => player = (r, c),
                b'+' => {
                    player = (r, c);
                    goals.insert((r, c));
                }
                _ => {}
            }
        }
    }
    let step = |(r, c): Cell, d: usize| -> Cell {
        match d {
            0 => (r - 1, c),
            1 => (r + 1, c),
            2 => (r, c - 1),
            _ => (r, c + 1),
        }
    };
    let region = |player: Cell, boxes: &[Cell]| -> HashSet<Cell> {
        let mut seen = HashSet::from([player]);
        let mut stack = vec![player];
        while let Some(p) = stack.pop() {
            for d in 0..4 {
                let q = step(p, d);
                if !wall(q) && !boxes.contains(&q) && seen.insert(q) {
                    stack.push(q);
                }
            }
        }
        seen
    };
    boxes.sort();
    let key = |boxes: &Vec<Cell>, reach: &HashSet<Cell>| (boxes.clone(), *reach.iter().min().unwrap());
    let start_reach = region(player, &boxes);
    let mut seen = HashSet::from([key(&boxes, &start_reach)]);
    let mut queue = VecDeque::from([(boxes, player, 0u32)]);
    while let Some((boxes, player, pushes)) = queue.pop_front() {
        if boxes.iter().all(|b| goals.contains(b)) {
            return Some(pushes);
        }
        let reach = region(player, &boxes);
        for (i, &b) in boxes.iter().enumerate() {
            for d in 0..4 {
                let behind = step(b, d ^ 1);
                let to = step(b, d);
                if !reach.contains(&behind) || wall(to) || boxes.contains(&to) {
                    continue;
                }
                let mut next = boxes.clone();
                next[i] = to;
                next.sort();
                let next_reach = region(b, &next);
                if seen.insert(key(&next, &next_reach)) {
                    queue.push_back((next, b, pushes + 1));
                }
            }
        }
    }
    None
}

/// A closed random level: `w × h` inside a wall border, some inner walls, `k` goals and the
/// player. When `pull` is set, the boxes start on the goals and the player walks at random,
/// pulling a box behind it now and then (so the level is solvable); otherwise the boxes are
/// dropped at random (often unsolvable).
fn level_strategy() -> impl Strategy<Value = String> {
    level_strategy_with_walls(7)
}

/// [`level_strategy`] with one inner wall in `walls` squares (about): 3 makes mazes of
/// one-wide passages, where the player often stands on one side of a box only.
fn level_strategy_with_walls(walls: usize) -> impl Strategy<Value = String> {
    (3usize..=7, 3usize..=6, 1usize..=4, any::<bool>(), any::<u64>()).prop_map(move |(w, h, k, pull, seed)| {
        let mut next = xorshift(seed);
        let mut grid = vec![vec![b'#'; w + 2]; h + 2];
        let mut free = Vec::new();
        for (r, row) in grid.iter_mut().enumerate().take(h + 1).skip(1) {
            for (c, cell) in row.iter_mut().enumerate().take(w + 1).skip(1) {
                if next(walls) != 0 {
                    *cell = b' ';
                    free.push((r, c));
                }
            }
        }
        if free.len() < 2 * k + 1 {
            return "#####\n#@$.#\n#####\n".to_string();
        }
        let take = |free: &mut Vec<(usize, usize)>, next: &mut dyn FnMut(usize) -> usize| {
            let i = next(free.len());
            free.swap_remove(i)
        };
        let goals: Vec<_> = (0..k).map(|_| take(&mut free, &mut next)).collect();
        let mut player = take(&mut free, &mut next);
        let mut boxes = if pull { goals.clone() } else { (0..k).map(|_| take(&mut free, &mut next)).collect() };
        if pull {
            pull_around(&grid, &mut boxes, &mut player, 60, &mut next);
        }
        for &(r, c) in &goals {
            grid[r][c] = b'.';
        }
        draw(grid, &boxes, player)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn pruning_never_loses_a_solution(text in level_strategy()) {
        agrees_with_bfs(&text, &[Mode::Optimal, Mode::Pushes, Mode::Fast, Mode::Any])?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The same on mazes of one-wide passages, where the bound's player sides (a box the
    /// player can push from one side only) and the corral tests matter most.
    #[test]
    fn pruning_never_loses_a_solution_in_narrow_levels(text in level_strategy_with_walls(3)) {
        let truth = agrees_with_bfs(&text, &[Mode::Optimal, Mode::Pushes, Mode::Fast, Mode::Any])?;
        // The bound at the start never exceeds the fewest pushes (admissible).
        if let (Some(truth), Ok(board)) = (truth, Board::new(&Level::parse(&text).unwrap(), false)) {
            for exact_player in [false, true] {
                let settings = if exact_player { Settings::optimal() } else { Settings::PLAIN };
                let problem = SokobanProblem::new(board.clone(), settings);
                let bound = problem.heuristic(&problem.initial_state()).0;
                prop_assert!(bound <= truth, "bound {} > {} pushes on\n{}", bound, truth, text);
            }
        }
    }
}

/// A closed random level whose walls and goals are mirrored left-right (and up-down when
/// `both`), so the solver folds symmetric states; the boxes (as many as goals) and the player
/// are not mirrored: dropped at random, or (`pull`) started on the goals and pulled around by
/// a random walk of the player, so the level is solvable.
fn symmetric_level_strategy() -> impl Strategy<Value = String> {
    (2usize..=3, 2usize..=3, any::<bool>(), any::<bool>(), any::<bool>(), any::<u64>()).prop_map(
        |(w, h, both, centre, pull, seed)| {
            let mut next = xorshift(seed);
            // One quarter (or half) at random, then its mirror images; the middle row or column
            // is shared when `centre` makes the size odd.
            let width = 2 * w + usize::from(centre);
            let height = if both { 2 * h + usize::from(centre) } else { h + 1 };
            let mut grid = vec![vec![b'#'; width + 2]; height + 2];
            let mirror = |r: usize, c: usize| (if both { r.min(height + 1 - r) } else { r }, c.min(width + 1 - c));
            // One goal in the quarter (so two or four in all, fewer on a middle line).
            let goal = (1 + next(height.div_ceil(if both { 2 } else { 1 })), 1 + next(width.div_ceil(2)));
            for r in 1..=height {
                for c in 1..=width {
                    let (mr, mc) = mirror(r, c);
                    grid[r][c] = if (mr, mc) != (r, c) {
                        grid[mr][mc]
                    } else if (r, c) == goal {
                        b'.'
                    } else if next(6) == 0 {
                        b'#'
                    } else {
                        b' '
                    };
                }
            }
            let mut free: Vec<(usize, usize)> = (1..=height)
                .flat_map(|r| (1..=width).map(move |c| (r, c)))
                .filter(|&(r, c)| grid[r][c] != b'#')
                .collect();
            let goals: Vec<(usize, usize)> = free.iter().copied().filter(|&(r, c)| grid[r][c] == b'.').collect();
            if free.len() < 2 * goals.len() + 1 {
                return "#####\n#@$.#\n#####\n".to_string();
            }
            let mut player = free[next(free.len())];
            let mut boxes: Vec<(usize, usize)> = if pull {
                free.retain(|&at| at != player && !goals.contains(&at));
                goals.clone()
            } else {
                free.retain(|&at| at != player);
                (0..goals.len()).map(|_| free.swap_remove(next(free.len()))).collect()
            };
            if pull {
                pull_around(&grid, &mut boxes, &mut player, 80, &mut next);
            }
            draw(grid, &boxes, player)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Folding symmetric states (and unfolding the path into real pushes, which the replay
    /// checks) keeps every answer: solvable exactly when plain BFS says so, with its pushes.
    #[test]
    fn symmetry_folding_never_loses_a_solution(text in symmetric_level_strategy()) {
        agrees_with_bfs(&text, &[Mode::Optimal, Mode::Pushes, Mode::Fast])?;
    }
}

/// Solves `text` in each of `modes`: solvable exactly when plain BFS says so, and with BFS's
/// pushes in the push-optimal modes. Returns BFS's fewest pushes.
fn agrees_with_bfs(text: &str, modes: &[Mode]) -> Result<Option<u32>, TestCaseError> {
    let level = Level::parse(text).unwrap();
    let truth = plain_bfs(&level);
    for &mode in modes {
        let solved = solve(&level, false, mode, &Limits::none(), NoObserver).unwrap();
        let pushes = solved.solution.as_ref().map(|s| s.pushes);
        prop_assert_eq!(pushes.is_some(), truth.is_some(), "{:?} on\n{}", mode, text);
        if mode.is_push_optimal() {
            prop_assert_eq!(pushes, truth, "{:?} on\n{}", mode, text);
        }
    }
    Ok(truth)
}

/// A xorshift generator drawing numbers below `n` (the level generators' own randomness, so
/// a proptest seed is one `u64`).
fn xorshift(seed: u64) -> impl FnMut(usize) -> usize {
    let mut rng = seed | 1;
    move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    }
}

/// A random walk of `steps` player moves that now and then pulls the box behind it, so a
/// level whose boxes started on the goals stays solvable.
fn pull_around(
    grid: &[Vec<u8>],
    boxes: &mut [(usize, usize)],
    player: &mut (usize, usize),
    steps: usize,
    next: &mut impl FnMut(usize) -> usize,
) {
    for _ in 0..steps {
        let (dr, dc) = [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)][next(4)];
        let ahead = (player.0.wrapping_add_signed(dr), player.1.wrapping_add_signed(dc));
        let behind = (player.0.wrapping_add_signed(-dr), player.1.wrapping_add_signed(-dc));
        if grid[ahead.0][ahead.1] == b'#' || boxes.contains(&ahead) {
            continue;
        }
        if next(2) == 0
            && let Some(b) = boxes.iter_mut().find(|b| **b == behind)
        {
            *b = *player;
        }
        *player = ahead;
    }
}

/// The level as XSB: `grid` holds walls, floor and goals; the boxes and the player are drawn in.
fn draw(mut grid: Vec<Vec<u8>>, boxes: &[(usize, usize)], player: (usize, usize)) -> String {
    for &(r, c) in boxes {
        grid[r][c] = if grid[r][c] == b'.' { b'*' } else { b'$' };
    }
    grid[player.0][player.1] = if grid[player.0][player.1] == b'.' { b'+' } else { b'@' };
    grid.iter().map(|row| String::from_utf8_lossy(row).into_owned() + "\n").collect()
}
