//! # delve-pacman
//!
//! Multi-agent Pacman, the game of Berkeley CS188's multi-agent search project,
//! with CS188's rules exactly ([`rules`]), its `.lay` layouts ([`layout`]), its random and
//! directional ghosts ([`ghosts`]), Pacman agents on `delve_game`'s minimax, alpha-beta and
//! expectimax ([`agents`]), whole games with a renderer and replays ([`play`]), and CS188's
//! own grading tests for Pacman games ([`grade`]). The original is Berkeley's Python project
//! (see the guide's Pacman chapter).
//!
//! | module | what it does |
//! | --- | --- |
//! | [`rules`] | CS188's game rules, exactly: moves, eating, scaring, scores |
//! | [`layout`] | CS188's `.lay` layouts |
//! | [`ghosts`] | random and directional ghosts, with Python's random numbers where grading needs them |
//! | [`agents`] | Pacman agents on minimax, alpha-beta and expectimax, and their evaluations |
//! | [`play`] | whole games, the renderer and replays |
//! | [`grade`] | CS188's autograder tests for whole Pacman games |
//!
//! ```
//! use delve_pacman::{agents::{AgentKind, Distances, Eval, PacmanAgent}, ghosts::GhostKind};
//! use delve_pacman::{layout::Layout, play::play_agent, rules::Rules};
//! use delve_core::{Limits, rand::SeedableRng, random::SeededRng};
//! use std::sync::Arc;
//! let rules = Rules::new(Arc::new(Layout::named("testClassic").unwrap()), None);
//! let dist = Distances::new(&rules);
//! let agent = PacmanAgent::cs188(AgentKind::Reflex, 1, Eval::Score);
//! let mut rng = SeededRng::seed_from_u64(1);
//! let game = play_agent(&rules, &dist, &agent, &[GhostKind::Random], &mut rng, 500, &Limits::none().clock(), &mut |_| {});
//! assert!(game.win && game.score > 500);
//! ```

pub mod agents;
pub mod ghosts;
pub mod grade;
pub mod layout;
pub mod play;
pub mod rules;
