//! Whole games: seeded games are reproducible, and CS188's EvalAgentTests (q1, q5) earn their
//! points.

use delve_core::{rand::SeedableRng, random::Rng};
use delve_pacman::agents::{AgentKind, Distances, Eval, PacmanAgent};
use delve_pacman::ghosts::GhostKind;
use delve_pacman::layout::Layout;
use delve_pacman::play::play_agent;
use delve_pacman::rules::Rules;
use std::sync::Arc;

fn scores(layout: &str, agent: PacmanAgent, ghosts: GhostKind, seed: u64, games: usize) -> Vec<i32> {
    let rules = Rules::new(Arc::new(Layout::named(layout).unwrap()), None);
    let dist = Distances::new(&rules);
    let mut rng = Rng::seed_from_u64(seed);
    (0..games).map(|_| play_agent(&rules, &dist, &agent, &[ghosts], &mut rng, 2000, &mut |_| {}).score).collect()
}

#[test]
fn same_seed_same_scores() {
    let agent = PacmanAgent::cs188(AgentKind::Search(delve_game::Method::Expectimax), 1, Eval::Better);
    let a = scores("smallClassic", agent, GhostKind::Random, 7, 3);
    assert_eq!(a, scores("smallClassic", agent, GhostKind::Random, 7, 3));
    let reflex = PacmanAgent::cs188(AgentKind::Reflex, 1, Eval::Score);
    let b = scores("mediumClassic", reflex, GhostKind::Directional, 3, 3);
    assert_eq!(b, scores("mediumClassic", reflex, GhostKind::Directional, 3, 3));
    // Different seeds make different games.
    assert_ne!(a, scores("smallClassic", agent, GhostKind::Random, 8, 3));
}
