//! The contest agent (`delve_pacman::grade::CONTEST_AGENT`) over many contestClassic games
//! against three directional ghosts, on several threads, with what each score is made of:
//! food, ghosts eaten (per capsule), capsules left, moves, time a move.
//!
//! `cargo run --release -p delve-pacman --example contest -- GAMES SEED [DEPTH] [THREADS]`
//! (defaults 20 games, seed 1, the contest agent's depth, 2 threads). Game `i` draws its
//! ghosts' moves from delve's generator seeded `SEED + i`, so a run repeats whatever the
//! threads; these are not `delve pacman play --seed`'s games (one generator for all of them).
//! With `SHOW=K` in the environment it draws the last `K` positions of every lost game.

use delve_core::Limits;
use delve_core::rand::SeedableRng;
use delve_pacman::agents::{Distances, PacmanAgent};
use delve_pacman::ghosts::GhostKind;
use delve_pacman::grade::CONTEST_AGENT;
use delve_pacman::layout::Layout;
use delve_pacman::play::{play_agent, render};
use delve_pacman::rules::{Rules, State};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// One game's figures.
struct Row {
    score: i32,
    win: bool,
    ghosts: u32,
    moves: usize,
    ms_per_move: f64,
}

/// Ghosts eaten between two successive states, from the score: a Pacman move scores −1,
/// +10 a dot, +500 for the last and −500 when caught; a ghost move only −500 or +200.
fn ghosts_eaten(before: &State, after: &State) -> u32 {
    let mut delta = after.score - before.score;
    if before.turn == 0 {
        delta += 1 - 10 * (before.food_left - after.food_left) as i32 - if after.win { 500 } else { 0 };
    }
    if after.lose {
        delta += 500;
    }
    u32::try_from(delta / 200).unwrap_or(0)
}

/// Plays game `i` and prints its line (and, when `show > 0` and it is lost, its last
/// `show` positions).
fn game(rules: &Rules, dist: &Distances, agent: &PacmanAgent, seed: u64, i: u64, show: usize) -> Row {
    let mut rng = delve_core::random::SeededRng::seed_from_u64(seed + i);
    let mut prev: Option<State> = None;
    // Ghosts eaten after each capsule (before the next one).
    let mut per_capsule: Vec<u32> = Vec::new();
    let mut frames = VecDeque::new();
    let record =
        play_agent(rules, dist, agent, &[GhostKind::Directional], &mut rng, 5000, &Limits::none().clock(), &mut |s| {
            if let Some(p) = &prev {
                if s.capsules.count_ones() < p.capsules.count_ones() {
                    per_capsule.push(0);
                }
                if let Some(last) = per_capsule.last_mut() {
                    *last += ghosts_eaten(p, s);
                }
            }
            if show > 0 && s.turn == 0 {
                frames.push_back(format!("score {}\n{}", s.score, render(&rules.layout, s)));
                if frames.len() > show {
                    frames.pop_front();
                }
            }
            prev = Some(s.clone());
        });
    let last = prev.expect("the game's states");
    if !record.win && show > 0 {
        println!("=== lost game {i}\n{}", Vec::from(frames).join("\n"));
    }
    let moves = record.pacman_moves();
    let ms_per_move = record.think_time.as_secs_f64() * 1000.0 / moves.max(1) as f64;
    let ghosts = per_capsule.iter().sum();
    let per_capsule: String = per_capsule.iter().map(u32::to_string).collect();
    println!(
        "game {i}: {} score {} moves {moves} food {} ghosts {ghosts} per-capsule {per_capsule} capsules-left {} {ms_per_move:.1} ms/move",
        if record.win { "won " } else { "LOST" },
        record.score,
        rules.layout.food_count() - last.food_left as usize,
        last.capsules.count_ones(),
    );
    Row { score: record.score, win: record.win, ghosts, moves, ms_per_move }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or_else(|_| panic!("`{a}`: expected GAMES SEED [DEPTH] [THREADS], whole numbers")))
        .collect();
    let games = args.first().copied().unwrap_or(20);
    let seed = args.get(1).copied().unwrap_or(1);
    let depth = args.get(2).map_or(CONTEST_AGENT.depth, |&d| u32::try_from(d).unwrap_or(u32::MAX));
    let agent = PacmanAgent { depth, ..CONTEST_AGENT };
    let threads = args.get(3).copied().unwrap_or(2);
    let show: usize = std::env::var("SHOW").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let rules = Rules::new(Arc::new(Layout::named("contestClassic").expect("built in")), Some(3));
    let dist = Distances::new(&rules);
    let next = Mutex::new(0u64);
    let rows = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().expect("no panic holds it");
                        if *n >= games {
                            break;
                        }
                        *n += 1;
                        *n - 1
                    };
                    let row = game(&rules, &dist, &agent, seed, i, show);
                    rows.lock().expect("no panic holds it").push(row);
                }
            });
        }
    });
    let rows = rows.into_inner().expect("no panic holds it");
    let n = rows.len().max(1) as f64;
    let wins = rows.iter().filter(|r| r.win).count();
    let mean_of = |rows: Vec<&Row>| rows.iter().map(|r| f64::from(r.score)).sum::<f64>() / rows.len().max(1) as f64;
    println!(
        "{} games, seeds {seed}..{}: {wins} won, average {:.1} (won {:.0}, lost {:.0}), ghosts eaten {:.2}, moves {:.0}, {:.1} ms/move",
        rows.len(),
        seed + games.saturating_sub(1),
        mean_of(rows.iter().collect()),
        mean_of(rows.iter().filter(|r| r.win).collect()),
        mean_of(rows.iter().filter(|r| !r.win).collect()),
        rows.iter().map(|r| f64::from(r.ghosts)).sum::<f64>() / n,
        rows.iter().map(|r| r.moves as f64).sum::<f64>() / n,
        rows.iter().map(|r| r.ms_per_move).sum::<f64>() / n,
    );
}
