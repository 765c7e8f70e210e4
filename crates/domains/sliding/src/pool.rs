//! Estimating a hidden pool of patterns from samples (the original study's §4-1 and §4-2).
//!
//! - [`simulate_pool`]: for every pool size `P = 1..=max_pool`, draw `S` samples uniformly
//!   with replacement `trials` times and average the number of distinct patterns seen; the
//!   pool size is where that curve meets the observed number of distinct patterns. The
//!   expectation has a closed form, `P·(1 − (1 − 1/P)^S)`, reported beside the simulation.
//! - [`samples_needed`]: the number of samples `n` after which one pattern beyond the
//!   `P` expected would have stayed unseen with probability `(P/(P+1))^n` below a threshold.

use crate::error::Error;
use delve_core::random::SeededRng;
use rand::{Rng as _, SeedableRng};
use rayon::prelude::*;
use serde::Serialize;

/// The simulated curve.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolCurve {
    /// Samples drawn per trial (`S`).
    pub samples: usize,
    /// Trials averaged per pool size.
    pub trials: usize,
    /// The seed of the random generator.
    pub seed: u64,
    /// `average[P − 1]`: mean distinct patterns seen with a pool of `P`.
    pub average: Vec<f64>,
}

/// Expected number of distinct patterns among `samples` uniform draws from a pool of `pool`.
pub fn expected_distinct(pool: f64, samples: usize) -> f64 {
    pool * (1.0 - (1.0 - 1.0 / pool).powi(samples as i32))
}

/// The most trials [`simulate_pool`] runs per pool size.
pub const MAX_TRIALS: usize = 1_000_000;
/// The most samples per trial [`simulate_pool`] draws.
pub const MAX_SAMPLES: usize = 100_000_000;
/// The most random draws in all (samples x trials x pools) [`simulate_pool`] makes: about
/// a minute's work on a few cores.
pub const MAX_DRAWS: u128 = 100_000_000_000;

/// Simulates the curve (deterministic for a seed, whatever the number of threads).
///
/// ```
/// use delve_sliding::pool::simulate_pool;
/// let c = simulate_pool(80, 100, 100, 7).unwrap();
/// assert_eq!(c.average[0], 1.0);        // a pool of one shows one pattern
/// assert!(c.crossing(48.0).unwrap().abs_diff(70) <= 3);
/// ```
pub fn simulate_pool(samples: usize, trials: usize, max_pool: usize, seed: u64) -> Result<PoolCurve, Error> {
    if samples == 0 || trials == 0 || max_pool == 0 {
        return Err(Error::Unsupported("samples, trials and the largest pool must all be at least 1".into()));
    }
    if max_pool > 1_000_000 {
        return Err(Error::Unsupported(format!(
            "a largest pool of {max_pool} is more than this simulation handles (1,000,000)"
        )));
    }
    // Trials are marked in a u32 and the closed form takes the samples as an i32 exponent;
    // past these bounds (or the total number of draws) a run would also take hours.
    if trials > MAX_TRIALS || samples > MAX_SAMPLES {
        return Err(Error::Unsupported(format!(
            "{samples} samples and {trials} trials: this simulation handles up to {MAX_SAMPLES} samples and {MAX_TRIALS} trials"
        )));
    }
    let draws = samples as u128 * trials as u128 * max_pool as u128;
    if draws > MAX_DRAWS {
        return Err(Error::Unsupported(format!(
            "{samples} samples x {trials} trials x {max_pool} pools is {draws} random draws, more than this simulation handles ({MAX_DRAWS})"
        )));
    }
    let average = (1..=max_pool)
        .into_par_iter()
        .map(|pool| {
            let mut rng = SeededRng::seed_from_u64(seed);
            rng.set_stream(pool as u64);
            let mut seen = vec![0u32; pool];
            let mut total = 0u64;
            for trial in 1..=trials as u32 {
                let mut distinct = 0u64;
                for _ in 0..samples {
                    let x = rng.random_range(0..pool);
                    if seen[x] != trial {
                        seen[x] = trial;
                        distinct += 1;
                    }
                }
                total += distinct;
            }
            total as f64 / trials as f64
        })
        .collect();
    Ok(PoolCurve { samples, trials, seed, average })
}

impl PoolCurve {
    /// The smallest pool size whose simulated average reaches `observed` distinct patterns.
    pub fn crossing(&self, observed: f64) -> Option<usize> {
        self.average.iter().position(|&a| a >= observed).map(|i| i + 1)
    }
    /// The (fractional) pool size at which the expected number of distinct patterns equals
    /// `observed`, by bisection on the closed form; `None` when `observed` is not below the
    /// number of samples (any larger pool fits).
    pub fn expected_crossing(&self, observed: f64) -> Option<f64> {
        if observed >= self.samples as f64 || observed < 1.0 {
            return None;
        }
        let (mut lo, mut hi) = (1.0f64, 2.0f64);
        while expected_distinct(hi, self.samples) < observed {
            hi *= 2.0;
        }
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if expected_distinct(mid, self.samples) < observed {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(0.5 * (lo + hi))
    }
}

/// The answer of [`samples_needed`].
#[derive(Clone, Debug, PartialEq)]
pub struct SamplesNeeded {
    /// The pool size assumed.
    pub pool: u64,
    /// The smallest `n` with `(P/(P+1))^n` at or below `1 − confidence`.
    pub samples: u64,
    /// `(P/(P+1))^n` at that `n`.
    pub probability: f64,
    /// `curve[n]` = `(P/(P+1))^n` for `n = 0..=samples`.
    pub curve: Vec<f64>,
}

/// How many samples make an unexpected extra pattern improbable: the original study's loop
/// (`P = 70`, confidence 0.999 → 487 samples, probability 0.000999838…).
///
/// ```
/// use delve_sliding::pool::samples_needed;
/// let s = samples_needed(70, 0.999).unwrap();
/// assert_eq!(s.samples, 487);
/// assert_eq!(samples_needed(80, 0.999).unwrap().samples, 557);
/// ```
pub fn samples_needed(pool: u64, confidence: f64) -> Result<SamplesNeeded, Error> {
    if pool == 0 {
        return Err(Error::Unsupported("the pool must hold at least one pattern".into()));
    }
    if !(confidence > 0.0 && confidence < 1.0) {
        return Err(Error::Unsupported(format!("the confidence must lie strictly between 0 and 1, got {confidence}")));
    }
    let threshold = 1.0 - confidence;
    let chance = pool as f64 / (pool as f64 + 1.0);
    let mut probability = 1.0f64;
    let mut curve = vec![1.0];
    while probability > threshold {
        probability *= chance;
        curve.push(probability);
        if curve.len() > 100_000_000 {
            return Err(Error::Unsupported("more than 100,000,000 samples would be needed".into()));
        }
    }
    Ok(SamplesNeeded { pool, samples: curve.len() as u64 - 1, probability, curve })
}

/// `(P/(P+1))^n`: the chance that one pattern beyond the `pool` expected never shows in `n`
/// samples.
pub fn unseen_probability(pool: u64, samples: u64) -> f64 {
    (pool as f64 / (pool as f64 + 1.0)).powf(samples as f64)
}

/// What `pool --json` prints: the simulated curve and where it meets the observation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PoolEstimate {
    /// Samples drawn per trial (`S`).
    pub samples: usize,
    /// Distinct patterns observed among them (`K`).
    pub observed: usize,
    /// Trials averaged per pool size.
    pub trials: usize,
    /// Largest pool size simulated.
    pub max_pool: usize,
    /// The seed of the random generator.
    pub seed: u64,
    /// The smallest pool whose simulated average reaches `observed` ([`PoolCurve::crossing`]).
    pub crossing: Option<usize>,
    /// Where the closed form reaches it ([`PoolCurve::expected_crossing`]).
    pub expected_crossing: Option<f64>,
    /// `average[P − 1]`: mean distinct patterns seen with a pool of `P`.
    pub average: Vec<f64>,
}

/// Checks an observation before a simulation: `observed` distinct patterns among `samples`
/// draws is between 1 and `samples`.
///
/// ```
/// use delve_sliding::pool::check_observed;
/// assert!(check_observed(80, 48).is_ok());
/// assert!(check_observed(80, 0).is_err() && check_observed(80, 81).is_err());
/// ```
pub fn check_observed(samples: usize, observed: usize) -> Result<(), Error> {
    if observed == 0 || observed > samples {
        return Err(Error::Unsupported(format!(
            "observed must be between 1 and the number of samples ({samples}), got {observed}"
        )));
    }
    Ok(())
}

impl PoolCurve {
    /// The estimate for `observed` distinct patterns.
    ///
    /// ```
    /// use delve_sliding::pool::simulate_pool;
    /// let e = simulate_pool(80, 100, 100, 1).unwrap().estimate(48);
    /// assert_eq!((e.observed, e.max_pool), (48, 100));
    /// assert!((70.0..71.0).contains(&e.expected_crossing.unwrap()));
    /// ```
    pub fn estimate(&self, observed: usize) -> PoolEstimate {
        PoolEstimate {
            samples: self.samples,
            observed,
            trials: self.trials,
            max_pool: self.average.len(),
            seed: self.seed,
            crossing: self.crossing(observed as f64),
            expected_crossing: self.expected_crossing(observed as f64),
            average: self.average.clone(),
        }
    }
}

/// The chance of an unseen pattern after a given number of samples.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Unseen {
    /// The number of samples.
    pub samples: u64,
    /// `(P/(P+1))^n`.
    pub probability: f64,
    /// `1 − probability`.
    pub confidence: f64,
}

/// What `samples-needed --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SamplesNeededReport {
    /// The pool size assumed.
    pub pool: u64,
    /// The confidence asked for.
    pub confidence: f64,
    /// The smallest number of samples that reaches it.
    pub samples: u64,
    /// `(P/(P+1))^n` at that number.
    pub probability: f64,
    /// The same figures for the number of samples the user has, if given.
    pub have: Option<Unseen>,
    /// The same figures at each marked number of samples (`--mark`), if any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Unseen>,
}

impl SamplesNeeded {
    /// The report of this answer for `confidence`, with the figures for `have` samples and
    /// for each of `marks`.
    pub fn report(&self, confidence: f64, have: Option<u64>, marks: &[u64]) -> SamplesNeededReport {
        SamplesNeededReport {
            pool: self.pool,
            confidence,
            samples: self.samples,
            probability: self.probability,
            have: have.map(|n| self.unseen(n)),
            marks: marks.iter().map(|&n| self.unseen(n)).collect(),
        }
    }

    /// The figures after `n` samples.
    pub fn unseen(&self, n: u64) -> Unseen {
        let probability = unseen_probability(self.pool, n);
        Unseen { samples: n, probability, confidence: 1.0 - probability }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `delve sliding pool --trials 18446744073709551615` (or as many samples) ran for hours,
    /// and trials above 2^32 were silently truncated.
    #[test]
    fn oversized_simulations_are_refused() {
        for (samples, trials, pools) in
            [(80, usize::MAX, 100), (usize::MAX, 100, 100), (80, (1 << 32) + 1, 1), (100_000, 1000, 10_000)]
        {
            let msg = simulate_pool(samples, trials, pools, 1).unwrap_err().to_string();
            assert!(msg.contains("this simulation handles"), "{msg}");
        }
        assert!(simulate_pool(80, 100, 100, 1).is_ok());
    }

    #[test]
    fn reference_numbers() {
        let s = samples_needed(70, 0.999).unwrap();
        assert_eq!(s.samples, 487);
        assert!((s.probability - 0.000_999_838_051_014_516_3).abs() < 1e-15, "{}", s.probability);
        assert_eq!(s.curve.len(), 488);
        // With 500 samples and 80 patterns, about 0.2% (the original study's "99.8%").
        assert!((unseen_probability(80, 500) - 0.002).abs() < 0.0005);
        assert!(samples_needed(0, 0.9).is_err());
        assert!(samples_needed(10, 1.0).is_err());
    }

    #[test]
    fn simulation_is_seeded_and_close_to_the_expectation() {
        let a = simulate_pool(80, 200, 100, 42).unwrap();
        let b = simulate_pool(80, 200, 100, 42).unwrap();
        assert_eq!(a, b);
        for pool in [10usize, 50, 100] {
            let e = expected_distinct(pool as f64, 80);
            assert!((a.average[pool - 1] - e).abs() < 1.0, "pool {pool}: {} vs {e}", a.average[pool - 1]);
        }
        let x = a.expected_crossing(48.0).unwrap();
        assert!((70.0..71.0).contains(&x), "{x}");
        assert!(a.expected_crossing(80.0).is_none());
        assert!(simulate_pool(0, 1, 1, 0).is_err());
    }
}
