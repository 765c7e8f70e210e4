//! Randomness: the one seeded generator every randomised algorithm in delve uses (local
//! search, CSP tie-breaks and min-conflicts, the domains' restarts and samplers), so a seed
//! means the same run everywhere.

use rand_chacha::ChaCha8Rng;

/// The seeded generator every randomised algorithm in delve uses (make one with
/// `rand::SeedableRng::seed_from_u64`; `rand` is re-exported as `delve_core::rand`).
pub type SeededRng = ChaCha8Rng;

/// A seed from the operating system's randomness, for a run meant to differ from the last
/// (print it with the result, so the run can be repeated).
pub fn fresh_seed() -> u64 {
    rand::random()
}
