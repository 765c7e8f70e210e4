//! Whole games: seeded games are reproducible, and CS188's EvalAgentTests (q1, q5) earn their
//! points.

use delve_core::{Limits, rand::SeedableRng, random::SeededRng};
use delve_pacman::agents::{AgentKind, Distances, Eval, PacmanAgent};
use delve_pacman::ghosts::GhostKind;
use delve_pacman::layout::Layout;
use delve_pacman::play::play_agent;
use delve_pacman::rules::Rules;
use std::sync::Arc;

fn scores(layout: &str, agent: PacmanAgent, ghosts: GhostKind, seed: u64, games: usize) -> Vec<i32> {
    let rules = Rules::new(Arc::new(Layout::named(layout).unwrap()), None);
    let dist = Distances::new(&rules);
    let mut rng = SeededRng::seed_from_u64(seed);
    (0..games)
        .map(|_| {
            play_agent(&rules, &dist, &agent, &[ghosts], &mut rng, 2000, &Limits::none().clock(), &mut |_| {}).score
        })
        .collect()
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

#[test]
fn a_raised_cancel_flag_ends_the_game_before_pacman_moves_and_the_report_says_so() {
    use delve_core::StopReason;
    use delve_pacman::play::PlayReport;
    use std::sync::atomic::AtomicBool;
    let rules = Rules::new(Arc::new(Layout::named("testClassic").unwrap()), None);
    let dist = Distances::new(&rules);
    let agent = PacmanAgent::cs188(AgentKind::Reflex, 1, Eval::Score);
    let mut rng = SeededRng::seed_from_u64(1);
    let mut none = |_: &_| {};
    let won =
        play_agent(&rules, &dist, &agent, &[GhostKind::Random], &mut rng, 500, &Limits::none().clock(), &mut none);
    let cancel = Limits::none().cancel_flag(Arc::new(AtomicBool::new(true)));
    let stopped = play_agent(&rules, &dist, &agent, &[GhostKind::Random], &mut rng, 500, &cancel.clock(), &mut none);
    assert_eq!((stopped.stopped, stopped.pacman_moves(), stopped.win), (Some(StopReason::Cancelled), 0, false));
    assert_eq!(won.stopped, None);
    // The stopped game counts only as the reason the series ended.
    let games = [won.clone(), stopped];
    let report = PlayReport::new(&games, "testClassic", &agent, GhostKind::Random, 1, Default::default());
    assert_eq!((report.detail.games, report.detail.scores.as_slice()), (1, [won.score].as_slice()));
    assert_eq!((report.stop_reason, report.stats.generated), (Some(StopReason::Cancelled), won.generated));
}
