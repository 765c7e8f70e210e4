//! Korf's 100 random 15-puzzle instances (Korf 1985), shipped with their published optimal
//! lengths; see `data/SOURCES.md`.

use crate::board::Dims;
use crate::state::Grid;

/// The instance file, in the `solve --from-file` format (`#` starts a comment).
pub const KORF100: &str = include_str!("../data/korf100.txt");

/// One benchmark instance.
#[derive(Clone, Debug)]
pub struct KorfInstance {
    /// Instance number, 1-based.
    pub id: u32,
    /// The start position.
    pub start: Grid,
    /// The published optimal solution length.
    pub optimal: u32,
}

/// The goal of the set: blank top-left, `0 1 2 … 15`.
pub fn korf_goal() -> Grid {
    Grid::new(Dims::new(4, 4).expect("4x4"), (0..16).collect()).expect("a permutation")
}

/// The 100 instances, parsed from [`KORF100`].
pub fn korf100() -> Vec<KorfInstance> {
    let board = Dims::new(4, 4).expect("4x4");
    KORF100
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|line| {
            let (tiles, comment) = line.split_once('#').expect("every instance carries its comment");
            let tiles = tiles.split_whitespace().map(|t| t.parse().expect("a tile")).collect();
            let (id, rest) = comment.trim().split_once(':').expect("`id: optimal N, ...`");
            let optimal =
                rest.trim().strip_prefix("optimal ").and_then(|r| r.split(',').next()).expect("optimal length");
            KorfInstance {
                id: id.parse().expect("an id"),
                start: Grid::new(board, tiles).expect("a valid instance"),
                optimal: optimal.parse().expect("a length"),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hundred_solvable_instances() {
        let all = korf100();
        assert_eq!(all.len(), 100);
        assert_eq!(all.iter().map(|k| k.optimal).sum::<u32>(), 5305, "mean 53.05");
        assert!(all.iter().all(|k| k.start.can_reach(&korf_goal())));
        assert_eq!((all[0].id, all[0].optimal, all[0].start.blank()), (1, 57, 9));
    }
}
