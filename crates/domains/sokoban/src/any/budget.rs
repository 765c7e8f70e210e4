//! What a part of the portfolio may spend ([`Budget`]: time and expansions, shared out by
//! fractions), and the one [`Tally`] that merges the statistics of every search it ran.

use delve_core::{Limits, Stats};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Time and expansions a part of the portfolio may spend, and the user's other limits
/// (memory, Ctrl-C), which every part keeps.
#[derive(Clone, Debug)]
pub struct Budget {
    limits: Limits,
    deadline: Option<Instant>,
}

impl Budget {
    /// The whole of `limits`, from now.
    pub fn new(limits: &Limits) -> Budget {
        Budget { limits: limits.clone(), deadline: limits.time_limit.map(|t| Instant::now() + t) }
    }

    /// The time left (`None`: no time limit).
    pub fn left(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// Whether nothing is left: the time is up or Ctrl-C (or the other side of a race)
    /// stopped it.
    pub fn spent(&self) -> bool {
        self.left() == Some(Duration::ZERO) || self.limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// `part` (between 0 and 1) of the time left; without a time limit, `unlimited` (`None`:
    /// no time limit either).
    pub fn share(&self, part: f64, unlimited: Option<Duration>) -> Budget {
        let time = match self.left() {
            Some(left) => Some(left.mul_f64(part.clamp(0.0, 1.0))),
            None => unlimited,
        };
        self.within(time)
    }

    /// This budget ending `time` from now (or at its own end, if sooner).
    pub fn within(&self, time: Option<Duration>) -> Budget {
        let end = time.map(|t| Instant::now() + t);
        let deadline = match (self.deadline, end) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Budget { limits: self.limits.clone(), deadline }
    }

    /// This budget with at most `expansions` expansions a search (fewer if the user's limits
    /// say so). A count, unlike a slice of time, does not shrink when the machine is busy.
    pub fn expansions(&self, expansions: u64) -> Budget {
        let mut limits = self.limits.clone();
        limits.max_expanded = Some(limits.max_expanded.map_or(expansions, |n| n.min(expansions)));
        Budget { limits, deadline: self.deadline }
    }

    /// This budget with `limits`' memory and stop flag instead of its own (for one side of
    /// a race).
    pub(crate) fn with_limits(&self, limits: Limits) -> Budget {
        Budget { limits, deadline: self.deadline }
    }

    /// The limits of one search started now.
    pub fn limits(&self) -> Limits {
        let mut limits = self.limits.clone();
        limits.time_limit = self.left();
        limits
    }
}

/// The statistics of every search a part of the portfolio ran, merged: nodes summed, the
/// largest frontier, and the wall-clock time since the tally started.
#[derive(Debug)]
pub struct Tally {
    stats: Stats,
    start: Instant,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally::new()
    }
}

impl Tally {
    /// A tally started now.
    pub fn new() -> Tally {
        Tally { stats: Stats::default(), start: Instant::now() }
    }
    /// Adds a search's (or a part's) counts.
    pub fn add(&mut self, stats: &Stats) {
        self.stats.absorb(stats);
    }
    /// The counts so far, with the time since the tally started.
    pub fn stats(&self) -> Stats {
        Stats { elapsed: self.start.elapsed(), ..self.stats }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_split_the_time_left_and_keep_the_other_limits() {
        let limits = Limits::none().max_expanded(500).timeout(Duration::from_secs(100));
        let budget = Budget::new(&limits);
        let quarter = budget.share(0.25, None).left().unwrap();
        assert!(quarter <= Duration::from_secs(25) && quarter > Duration::from_secs(24));
        assert_eq!(budget.expansions(1_000).limits().max_expanded, Some(500));
        assert_eq!(budget.expansions(100).limits().max_expanded, Some(100));
        let unlimited = Budget::new(&Limits::none());
        assert_eq!(unlimited.share(0.5, None).left(), None);
        assert_eq!(
            unlimited.share(0.5, Some(Duration::from_secs(5))).left().map(|t| t <= Duration::from_secs(5)),
            Some(true)
        );
        assert!(!unlimited.spent());
        assert!(Budget::new(&Limits::none().timeout(Duration::ZERO)).spent());
    }

    #[test]
    fn a_tally_sums_nodes_and_keeps_the_largest_frontier() {
        let mut tally = Tally::new();
        tally.add(&Stats { expanded: 3, generated: 7, max_frontier: 5, ..Stats::default() });
        tally.add(&Stats { expanded: 4, generated: 1, max_frontier: 2, ..Stats::default() });
        let s = tally.stats();
        assert_eq!((s.expanded, s.generated, s.max_frontier), (7, 8, 5));
    }
}
