//! Search on grid maps against `pathfinding`, on the very same grids, successor closures and
//! heuristic: A* (`delve_core::informed::astar` through the closure adapter `FnProblem` and
//! through a hand-written `Problem`, against `pathfinding::prelude::astar`), breadth-first
//! search (against `pathfinding::bfs`) and uniform-cost search (against
//! `pathfinding::dijkstra`, with step costs 1–7 from a hash of the cell).
//!
//! Grids: 4-connected, unit step cost, ~25% random obstacles (ChaCha8, fixed seed), from the
//! top-left to the bottom-right corner, Manhattan-distance heuristic.
//!
//! Run: `cargo bench -p delve-route --bench grid_astar`; results are recorded in
//! BENCHMARKS.md (section core/route).

use criterion::{BenchmarkId, Criterion};
use delve_core::informed::astar;
use delve_core::uninformed::{bfs, ucs};
use delve_core::{FnProblem, Limits, NoObserver, Problem, Successor};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::Duration;

/// A `w × h` grid of free (`true`) and blocked cells, row-major; a cell is its index.
struct Grid {
    w: u32,
    h: u32,
    free: Vec<bool>,
}

impl Grid {
    /// A random grid with about `density` blocked cells; corners are kept free and the seed
    /// is bumped until they are connected.
    fn random(w: u32, h: u32, density: f64, mut seed: u64) -> Grid {
        loop {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut free: Vec<bool> = (0..w * h).map(|_| !rng.random_bool(density)).collect();
            free[0] = true;
            free[(w * h - 1) as usize] = true;
            let grid = Grid { w, h, free };
            let goal = grid.goal();
            if pathfinding::prelude::bfs(&0u32, |&c| grid.neighbours(c).map(|(n, _)| n), |&c| c == goal).is_some() {
                return grid;
            }
            seed += 1;
        }
    }

    fn goal(&self) -> u32 {
        self.w * self.h - 1
    }

    /// Free 4-neighbours of `cell` with step cost 1 (the one successor function every
    /// variant uses).
    #[inline]
    fn neighbours(&self, cell: u32) -> impl Iterator<Item = (u32, u32)> + '_ {
        let (x, y, w) = (cell % self.w, cell / self.w, self.w);
        [
            (x > 0).then(|| cell - 1),
            (x + 1 < w).then(|| cell + 1),
            (y > 0).then(|| cell - w),
            (y + 1 < self.h).then(|| cell + w),
        ]
        .into_iter()
        .flatten()
        .filter(|&n| self.free[n as usize])
        .map(|n| (n, 1))
    }

    /// Manhattan distance to the goal corner.
    #[inline]
    fn manhattan(&self, cell: u32) -> u32 {
        (self.w - 1 - cell % self.w) + (self.h - 1 - cell / self.w)
    }
}

/// The hand-written problem: compact states (`u32` cells), a one-byte action, and an
/// `expand` that writes successors straight into the search's buffer.
struct GridProblem<'g>(&'g Grid);

/// Moves: left, right, up, down.
const MOVES: [u8; 4] = [0, 1, 2, 3];

impl GridProblem<'_> {
    #[inline]
    fn step(&self, cell: u32, mv: u8) -> Option<u32> {
        let g = self.0;
        let (x, y) = (cell % g.w, cell / g.w);
        let next = match mv {
            0 if x > 0 => cell - 1,
            1 if x + 1 < g.w => cell + 1,
            2 if y > 0 => cell - g.w,
            3 if y + 1 < g.h => cell + g.w,
            _ => return None,
        };
        g.free[next as usize].then_some(next)
    }
}

impl Problem for GridProblem<'_> {
    type State = u32;
    type Action = u8;
    type Cost = u32;
    fn initial_state(&self) -> u32 {
        0
    }
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.0.goal()
    }
    #[inline]
    fn heuristic(&self, s: &u32) -> u32 {
        self.0.manhattan(*s)
    }
    #[inline]
    fn expand(&self, s: &u32, out: &mut Vec<Successor<u32, u8, u32>>) {
        for mv in MOVES {
            if let Some(next) = self.step(*s, mv) {
                out.push(Successor { action: mv, state: next, cost: 1 });
            }
        }
    }
}

fn delve_fn(grid: &Grid) -> u32 {
    let goal = grid.goal();
    let p = FnProblem::new(0u32, |&c: &u32| grid.neighbours(c), move |&c: &u32| c == goal)
        .with_heuristic(|&c: &u32| grid.manhattan(c));
    astar(&p, &Limits::none(), NoObserver).solution().expect("connected").cost
}

fn delve_problem(grid: &Grid) -> u32 {
    astar(&GridProblem(grid), &Limits::none(), NoObserver).solution().expect("connected").cost
}

/// Step cost of entering `cell` in the weighted variant (1 to 7): the same on both sides.
#[inline]
fn weight(cell: u32) -> u32 {
    1 + cell.wrapping_mul(2_654_435_761) % 7
}

fn delve_bfs(grid: &Grid) -> usize {
    let goal = grid.goal();
    let p = FnProblem::new(0u32, |&c: &u32| grid.neighbours(c), move |&c: &u32| c == goal);
    bfs(&p, &Limits::none(), NoObserver).solution().expect("connected").len()
}

fn pathfinding_bfs(grid: &Grid) -> usize {
    let goal = grid.goal();
    pathfinding::prelude::bfs(&0u32, |&c| grid.neighbours(c).map(|(n, _)| n), |&c| c == goal).expect("connected").len()
        - 1
}

fn delve_ucs(grid: &Grid) -> u32 {
    let goal = grid.goal();
    let p = FnProblem::new(0u32, |&c: &u32| grid.neighbours(c).map(|(n, _)| (n, weight(n))), move |&c: &u32| c == goal);
    ucs(&p, &Limits::none(), NoObserver).solution().expect("connected").cost
}

fn pathfinding_dijkstra(grid: &Grid) -> u32 {
    let goal = grid.goal();
    pathfinding::prelude::dijkstra(&0u32, |&c| grid.neighbours(c).map(|(n, _)| (n, weight(n))), |&c| c == goal)
        .expect("connected")
        .1
}

fn pathfinding(grid: &Grid) -> u32 {
    let goal = grid.goal();
    pathfinding::prelude::astar(&0u32, |&c| grid.neighbours(c), |&c| grid.manhattan(c), |&c| c == goal)
        .expect("connected")
        .1
}

fn grid_astar(c: &mut Criterion) {
    let mut group = c.benchmark_group("grid_astar");
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    for size in [256u32, 512] {
        let grid = Grid::random(size, size, 0.25, 2024);
        let cost = pathfinding(&grid);
        assert_eq!((delve_fn(&grid), delve_problem(&grid)), (cost, cost), "all three agree on the optimum");
        let stats = astar(&GridProblem(&grid), &Limits::none(), NoObserver).stats;
        let pf_expanded = std::cell::Cell::new(0u64);
        let goal = grid.goal();
        pathfinding::prelude::astar(
            &0u32,
            |&c| {
                pf_expanded.set(pf_expanded.get() + 1);
                grid.neighbours(c)
            },
            |&c| grid.manhattan(c),
            |&c| c == goal,
        );
        eprintln!(
            "{size}x{size}: {} free cells, optimal cost {cost}; delve expanded {} (generated {}), pathfinding expanded {}",
            grid.free.iter().filter(|&&f| f).count(),
            stats.expanded,
            stats.generated,
            pf_expanded.get()
        );
        group.bench_with_input(BenchmarkId::new("delve_fnproblem", size), &grid, |b, g| {
            b.iter(|| delve_fn(black_box(g)))
        });
        group.bench_with_input(BenchmarkId::new("delve_problem", size), &grid, |b, g| {
            b.iter(|| delve_problem(black_box(g)))
        });
        group.bench_with_input(BenchmarkId::new("pathfinding", size), &grid, |b, g| {
            b.iter(|| pathfinding(black_box(g)))
        });
    }
    group.finish();
}

/// Breadth-first search and uniform-cost search (Dijkstra) on the same grids, against
/// `pathfinding::bfs` and `pathfinding::dijkstra`.
fn grid_uninformed(c: &mut Criterion) {
    let mut group = c.benchmark_group("grid_uninformed");
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    for size in [256u32, 512] {
        let grid = Grid::random(size, size, 0.25, 2024);
        assert_eq!(delve_bfs(&grid), pathfinding_bfs(&grid), "bfs: same number of moves");
        assert_eq!(delve_ucs(&grid), pathfinding_dijkstra(&grid), "ucs: same optimal cost");
        group.bench_with_input(BenchmarkId::new("delve_bfs", size), &grid, |b, g| b.iter(|| delve_bfs(black_box(g))));
        group.bench_with_input(BenchmarkId::new("pathfinding_bfs", size), &grid, |b, g| {
            b.iter(|| pathfinding_bfs(black_box(g)))
        });
        group.bench_with_input(BenchmarkId::new("delve_ucs", size), &grid, |b, g| b.iter(|| delve_ucs(black_box(g))));
        group.bench_with_input(BenchmarkId::new("pathfinding_dijkstra", size), &grid, |b, g| {
            b.iter(|| pathfinding_dijkstra(black_box(g)))
        });
    }
    group.finish();
}

// What `criterion_group!`/`criterion_main!` expand to, minus an undocumented public fn.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    grid_astar(&mut criterion);
    grid_uninformed(&mut criterion);
    criterion.final_summary();
}
