//! Ghost agents, as CS188 defines them, and the random numbers they draw.
//!
//! - [`GhostKind::Random`]: every legal move equally likely.
//! - [`GhostKind::Directional`]: with probability 0.8 one of the moves that bring it closest
//!   to Pacman (farthest while scared, where it moves at half speed), else any legal move;
//!   CS188's `DirectionalGhost` with its default `prob_attack = prob_scaredFlee = 0.8`.
//!
//! A ghost samples its move the way CS188's `util.sample` does: moves sorted by name, one
//! uniform draw in `[0, 1)` walked along the cumulative probabilities. With [`PyRandom`]
//! (Python's Mersenne Twister) as the source of draws the ghosts move exactly as in CS188's
//! autograder; with [`delve_core::random::SeededRng`] they are seeded delve randomness.

use crate::rules::{Dir, Rules, State};
use delve_core::rand::Rng as _;

/// A source of uniform draws in `[0, 1)` for the ghosts.
pub trait Chance {
    /// The next draw.
    fn next_f64(&mut self) -> f64;
    /// Called after Pacman's `step`-th move (0-based); CS188's game-tree grader reseeds here.
    fn pacman_moved(&mut self, _step: usize) {}
}

impl Chance for delve_core::random::SeededRng {
    fn next_f64(&mut self) -> f64 {
        self.random::<f64>()
    }
}

/// How a ghost chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GhostKind {
    /// Uniformly among its legal moves.
    Random,
    /// Towards Pacman (away while scared) with probability 0.8.
    Directional,
}

impl GhostKind {
    /// The name the command line uses: `random` or `directional`.
    pub fn name(self) -> &'static str {
        match self {
            GhostKind::Random => "random",
            GhostKind::Directional => "directional",
        }
    }

    /// The ghost kind called `name` (`random` or `directional`).
    pub fn from_name(name: &str) -> Option<GhostKind> {
        match name {
            "random" => Some(GhostKind::Random),
            "directional" => Some(GhostKind::Directional),
            _ => None,
        }
    }

    /// The probability of each legal move of ghost `index` in `state`, in legal order.
    pub fn distribution(self, rules: &Rules, state: &State, index: usize) -> Vec<(Dir, f64)> {
        let legal = rules.legal_moves(state, index);
        if legal.is_empty() {
            return Vec::new();
        }
        let n = legal.len() as f64;
        match self {
            GhostKind::Random => normalize(legal.iter().map(|d| (d, 1.0)).collect()),
            GhostKind::Directional => {
                let ghost = &state.agents[index];
                let scared = ghost.scared > 0;
                let speed = if scared { 1 } else { 2 };
                let pac = state.agents[0].pos;
                // Manhattan distances (half cells) to Pacman after each legal move, in order.
                let mut dist = [0i32; 5];
                for (slot, d) in dist.iter_mut().zip(legal.iter()) {
                    let (dx, dy) = d.vector();
                    *slot = (ghost.pos.0 + dx * speed - pac.0).abs() + (ghost.pos.1 + dy * speed - pac.1).abs();
                }
                let dist = &dist[..legal.len()];
                let target = if scared { dist.iter().max() } else { dist.iter().min() }.copied().unwrap_or(0);
                let best = dist.iter().filter(|&&d| d == target).count();
                let best_prob = 0.8;
                // CS188 fills a dict: the best moves first, then every legal move's share.
                let share = (1.0 - best_prob) / n;
                let mut out = Vec::with_capacity(legal.len());
                for (a, &d) in legal.iter().zip(dist) {
                    if d == target {
                        out.push((a, best_prob / best as f64 + share));
                    }
                }
                for (a, &d) in legal.iter().zip(dist) {
                    if d != target {
                        out.push((a, share));
                    }
                }
                normalize(out)
            }
        }
    }

    /// Ghost `index`'s move in `state`, drawn from `chance` (CS188's `util.sample`).
    pub fn choose(self, rules: &Rules, state: &State, index: usize, chance: &mut dyn Chance) -> Dir {
        let mut dist = self.distribution(rules, state, index);
        if dist.is_empty() {
            return Dir::Stop;
        }
        dist.sort_by(|a, b| a.0.name().cmp(b.0.name()));
        let total: f64 = dist.iter().map(|(_, p)| p).sum();
        if total != 1.0 {
            dist = normalize(dist);
        }
        let r = chance.next_f64();
        let mut acc = dist[0].1;
        let mut i = 0;
        while r > acc && i + 1 < dist.len() {
            i += 1;
            acc += dist[i].1;
        }
        dist[i].0
    }
}

/// Divides every weight by their sum (added in order, as Python does).
fn normalize(mut dist: Vec<(Dir, f64)>) -> Vec<(Dir, f64)> {
    let total: f64 = dist.iter().fold(0.0, |s, (_, p)| s + p);
    for (_, p) in &mut dist {
        *p /= total;
    }
    dist
}

/// Python's `random` module: the Mersenne Twister MT19937 seeded as `random.seed(n)` seeds
/// it for a whole number `n`, and `random.random()`. Only needed to replay CS188's graded
/// games move for move.
#[derive(Clone)]
pub struct PyRandom {
    state: Box<[u32; 624]>,
    index: usize,
}

impl PyRandom {
    /// `random.seed(seed)`.
    pub fn new(seed: u32) -> PyRandom {
        let mut r = PyRandom { state: Box::new([0; 624]), index: 624 };
        r.seed(seed);
        r
    }

    /// Reseeds as `random.seed(seed)` does for a whole number below 2³² (a one-word key).
    pub fn seed(&mut self, seed: u32) {
        let mt = &mut self.state;
        mt[0] = 19_650_218;
        for i in 1..624 {
            mt[i] = 1_812_433_253u32.wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_add(i as u32);
        }
        // init_by_array with the key [seed].
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..624 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(seed)
                .wrapping_add(j as u32);
            i += 1;
            j = 0; // the key has one word
            if i >= 624 {
                mt[0] = mt[623];
                i = 1;
            }
        }
        for _ in 0..623 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= 624 {
                mt[0] = mt[623];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        self.index = 624;
    }

    /// The next 32-bit output.
    fn next_u32(&mut self) -> u32 {
        if self.index >= 624 {
            let mt = &mut self.state;
            for k in 0..624 {
                let y = (mt[k] & 0x8000_0000) | (mt[(k + 1) % 624] & 0x7fff_ffff);
                let mut v = mt[(k + 397) % 624] ^ (y >> 1);
                if y & 1 == 1 {
                    v ^= 0x9908_b0df;
                }
                mt[k] = v;
            }
            self.index = 0;
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `random.random()`: 53 random bits in `[0, 1)`.
    pub fn random(&mut self) -> f64 {
        let a = f64::from(self.next_u32() >> 5);
        let b = f64::from(self.next_u32() >> 6);
        (a * 67_108_864.0 + b) / 9_007_199_254_740_992.0
    }
}

/// The draws of CS188's game-tree grader: `random.seed(seed + k)` after Pacman's `k`-th move.
pub struct GraderChance {
    seed: u32,
    py: PyRandom,
}

impl GraderChance {
    /// Seeded as the grader seeds before the game.
    pub fn new(seed: u32) -> GraderChance {
        GraderChance { seed, py: PyRandom::new(seed) }
    }
}

impl Chance for GraderChance {
    fn next_f64(&mut self) -> f64 {
        self.py.random()
    }
    fn pacman_moved(&mut self, step: usize) {
        self.py.seed(self.seed.wrapping_add(u32::try_from(step + 1).unwrap_or(u32::MAX)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_random_values() {
        // random.seed(0); random.random(), random.random() in CPython.
        let mut r = PyRandom::new(0);
        assert_eq!(r.random(), 0.844_421_851_525_048_1);
        assert_eq!(r.random(), 0.757_954_402_940_302_5);
        let mut r = PyRandom::new(1);
        assert_eq!(r.random(), 0.134_364_244_112_401_22);
        assert_eq!(r.random(), 0.847_433_736_937_232_7);
    }
}
