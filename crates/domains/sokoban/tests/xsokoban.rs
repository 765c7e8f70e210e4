//! XSokoban against `data/xsokoban90_optimal_partial.tsv` (published figures: #1 in 97
//! pushes, #38 in 81): the push-optimal mode finds exactly the table's pushes on every level
//! the table fills, and every solution replays to them.

use delve_core::{Limits, NoObserver};
use delve_sokoban::{Mode, parse_collection, replay, solve};

/// `(level, pushes)` of the rows that have a push count.
fn table() -> Vec<(usize, u32)> {
    include_str!("../data/xsokoban90_optimal_partial.tsv")
        .lines()
        .skip(1)
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            Some((f[0].parse().ok()?, f[1].parse().ok()?))
        })
        .collect()
}

#[test]
fn push_optimal_matches_the_published_push_counts() {
    let levels = parse_collection(include_str!("../data/xsokoban90.xsb")).expect("XSokoban parses");
    assert_eq!(levels.len(), 90);
    let rows = table();
    assert_eq!(rows.iter().map(|&(n, _)| n).collect::<Vec<_>>(), [1, 38], "the table fills #1 and #38");
    // A generous expansion limit: each level needs far fewer, and a regression stops here.
    let limits = Limits::none().max_expanded(2_000_000);
    for (n, pushes) in rows {
        let level = &levels[n - 1];
        let solved = solve(level, false, Mode::Pushes, &limits, NoObserver).expect("a valid level");
        let lurd = solved.solution.unwrap_or_else(|| panic!("#{n} not solved: {:?}", solved.unsolved));
        assert_eq!(lurd.pushes, pushes, "#{n}");
        assert_eq!(replay(level, &lurd.text, false).expect("replays").pushes, pushes, "#{n}");
    }
}
