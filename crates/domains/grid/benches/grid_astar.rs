//! Search on grid maps against `pathfinding`, on the very same grids, successor closures and
//! heuristic: A* (`delve_core::informed::astar` through the closure adapter `FnProblem` and
//! through [`Grid`]'s own `Problem`, against `pathfinding::prelude::astar`), breadth-first
//! search (against `pathfinding::bfs`) and uniform-cost search (against
//! `pathfinding::dijkstra`, with step costs 1–7 from a hash of the cell).
//!
//! Grids: [`Grid::random`], 4-connected, unit step cost, ~25% random obstacles (ChaCha8,
//! fixed seed), from the top-left to the bottom-right corner, Manhattan-distance heuristic.
//!
//! Run: `cargo bench -p delve-grid --bench grid_astar`; results are recorded in
//! BENCHMARKS.md (section core).

use criterion::{BenchmarkId, Criterion};
use delve_core::informed::astar;
use delve_core::uninformed::{bfs, ucs};
use delve_core::{FnProblem, Limits, NoObserver};
use delve_grid::{Grid, Terrain};
use std::hint::black_box;
use std::time::Duration;

/// The grid of a size: the same for every variant, every run.
fn random_grid(size: u32) -> Grid {
    Grid::random(size, size, 0.25, 2024).expect("a connected grid")
}

fn delve_fn(grid: &Grid) -> u32 {
    let goal = grid.goal();
    let p = FnProblem::new(grid.start(), |&c: &u32| grid.neighbours(c), move |&c: &u32| c == goal)
        .with_heuristic(|&c: &u32| grid.manhattan(c));
    astar(&p, &Limits::none(), NoObserver).solution().expect("connected").cost
}

fn delve_problem(grid: &Grid) -> u32 {
    astar(grid, &Limits::none(), NoObserver).solution().expect("connected").cost
}

/// Step cost of entering `cell` in the weighted variant (1 to 7): the same on both sides.
#[inline]
fn weight(cell: u32) -> u32 {
    1 + cell.wrapping_mul(2_654_435_761) % 7
}

fn delve_bfs(grid: &Grid) -> usize {
    let goal = grid.goal();
    let p = FnProblem::new(grid.start(), |&c: &u32| grid.neighbours(c), move |&c: &u32| c == goal);
    bfs(&p, &Limits::none(), NoObserver).solution().expect("connected").len()
}

fn pathfinding_bfs(grid: &Grid) -> usize {
    let goal = grid.goal();
    pathfinding::prelude::bfs(&grid.start(), |&c| grid.neighbours(c).map(|(n, _)| n), |&c| c == goal)
        .expect("connected")
        .len()
        - 1
}

fn delve_ucs(grid: &Grid) -> u32 {
    let goal = grid.goal();
    let p = FnProblem::new(
        grid.start(),
        |&c: &u32| grid.neighbours(c).map(|(n, _)| (n, weight(n))),
        move |&c: &u32| c == goal,
    );
    ucs(&p, &Limits::none(), NoObserver).solution().expect("connected").cost
}

fn pathfinding_dijkstra(grid: &Grid) -> u32 {
    let goal = grid.goal();
    pathfinding::prelude::dijkstra(&grid.start(), |&c| grid.neighbours(c).map(|(n, _)| (n, weight(n))), |&c| c == goal)
        .expect("connected")
        .1
}

fn pathfinding(grid: &Grid) -> u32 {
    let goal = grid.goal();
    pathfinding::prelude::astar(&grid.start(), |&c| grid.neighbours(c), |&c| grid.manhattan(c), |&c| c == goal)
        .expect("connected")
        .1
}

fn grid_astar(c: &mut Criterion) {
    let mut group = c.benchmark_group("grid_astar");
    group.sample_size(20).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    for size in [256u32, 512] {
        let grid = random_grid(size);
        let cost = pathfinding(&grid);
        assert_eq!((delve_fn(&grid), delve_problem(&grid)), (cost, cost), "all three agree on the optimum");
        let stats = astar(&grid, &Limits::none(), NoObserver).stats;
        let pf_expanded = std::cell::Cell::new(0u64);
        let goal = grid.goal();
        pathfinding::prelude::astar(
            &grid.start(),
            |&c| {
                pf_expanded.set(pf_expanded.get() + 1);
                grid.neighbours(c)
            },
            |&c| grid.manhattan(c),
            |&c| c == goal,
        );
        eprintln!(
            "{size}x{size}: {} free cells, optimal cost {cost}; delve expanded {} (generated {}), pathfinding expanded {}",
            grid.cells().iter().filter(|&&t| t == Terrain::Floor).count(),
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
        let grid = random_grid(size);
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
