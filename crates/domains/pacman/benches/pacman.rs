//! Minimax vs alpha-beta vs expectimax on Pacman: time per move at depths 2–4 on
//! smallClassic (two ghosts: 3 agents, so depth 4 is 12 plies), over five positions of one
//! seeded game (a sample's time is for all five: divide by 5 for a move). The states
//! generated per move are printed first (they do not vary).

use criterion::Criterion;
use delve_core::{Limits, rand::SeedableRng, random::SeededRng};
use delve_game::Method;
use delve_pacman::agents::{AgentKind, Distances, Eval, PacmanAgent};
use delve_pacman::ghosts::GhostKind;
use delve_pacman::layout::Layout;
use delve_pacman::play::play_agent;
use delve_pacman::rules::{Rules, State};
use std::hint::black_box;
use std::sync::Arc;

fn bench(c: &mut Criterion) {
    let rules = Rules::new(Arc::new(Layout::named("smallClassic").expect("built in")), None);
    let dist = Distances::new(&rules);
    // Five positions where Pacman is to move (moves 0, 5, …, 20 of a seeded game of a quick
    // agent against random ghosts).
    let quick = PacmanAgent::cs188(AgentKind::Search(Method::Expectimax), 1, Eval::Better);
    let mut states: Vec<State> = Vec::new();
    let mut rng = SeededRng::seed_from_u64(1);
    play_agent(&rules, &dist, &quick, &[GhostKind::Random], &mut rng, 200, &Limits::none().clock(), &mut |s| {
        if s.turn == 0 && !s.is_over() {
            states.push(s.clone());
        }
    });
    let states: Vec<State> = states.into_iter().step_by(5).take(5).collect();
    assert_eq!(states.len(), 5, "the seeded game is long enough");
    let methods = [Method::Minimax, Method::AlphaBeta, Method::Expectimax];
    eprintln!("states generated per move (mean of {} positions), smallClassic, eval better:", states.len());
    for depth in 2..=4 {
        for method in methods {
            let agent = PacmanAgent::cs188(AgentKind::Search(method), depth, Eval::Better);
            let total: u64 = states.iter().map(|s| agent.choose(&rules, &dist, s, false).stats.generated).sum();
            eprintln!("  depth {depth} {:<10} {}", method.name(), total / states.len() as u64);
        }
    }
    let mut group = c.benchmark_group("pacman_smallClassic_5_moves");
    group.sample_size(10);
    for depth in 2..=4 {
        for method in methods {
            let agent = PacmanAgent::cs188(AgentKind::Search(method), depth, Eval::Better);
            group.bench_function(format!("{}_depth{depth}", method.name()), |b| {
                b.iter(|| {
                    for s in &states {
                        black_box(agent.choose(&rules, &dist, black_box(s), false));
                    }
                })
            });
        }
    }
    group.finish();
}

// What `criterion_group!`/`criterion_main!` expand to, minus an undocumented public fn.
fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
