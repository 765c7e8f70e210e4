//! Runs one of the two searches `--any` races, alone on one thread, with a fixed budget of
//! expansions: its node counts do not depend on the other thread's timing, so two builds can
//! be compared node for node, and the time per expansion is one core's.
//!
//! ```text
//! cargo run --release -p delve-sokoban --example any_single -- FILE FIRST LAST EXPANSIONS feature|all [links]
//! ```
//!
//! `feature`: the search advised by the feature advisors; `all`: also by the hotspots, opener
//! and explorer advisors; `links`: with the room-connectivity feature, as in `--any`'s first
//! race. Prints one line per level and the totals.

use delve_core::{Limits, NoObserver};
use delve_sokoban::any::{all_advisors, cycling_search, features};
use delve_sokoban::{Board, parse_collection};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: any_single FILE FIRST LAST EXPANSIONS feature|all [links]";
    let (links, args) = match args.split_last() {
        Some((last, rest)) if last == "links" => (true, rest),
        _ => (false, args.as_slice()),
    };
    let [file, first, last, budget, which] = args else { return Err(usage.into()) };
    let (first, last, budget): (usize, usize, u64) = (first.parse()?, last.parse()?, budget.parse()?);
    let strategy = match which.as_str() {
        "feature" => features(),
        "all" => all_advisors(),
        _ => return Err(usage.into()),
    }
    .room_links(links);
    let levels = parse_collection(&std::fs::read_to_string(file)?)?;
    let limits = Limits::none().max_expanded(budget);
    let (mut solved, mut expanded, mut seconds) = (Vec::new(), 0, 0.0);
    for level in levels.iter().filter(|l| (first..=last).contains(&l.number)) {
        let board = Board::new(level, false)?;
        if board.hopeless().is_some() {
            continue;
        }
        let (_, out) = cycling_search(&board, strategy.clone(), &limits, NoObserver);
        let stats = out.stats;
        let secs = stats.elapsed.as_secs_f64();
        println!(
            "#{:<3} {:<6} expanded {:>8} generated {:>9} {:>7.2} s {:>6.1} us/exp",
            level.number,
            if out.solution().is_some() { "solved" } else { "-" },
            stats.expanded,
            stats.generated,
            secs,
            secs * 1e6 / stats.expanded.max(1) as f64
        );
        if out.solution().is_some() {
            solved.push(level.number);
        }
        (expanded, seconds) = (expanded + stats.expanded, seconds + secs);
    }
    let per = seconds * 1e6 / expanded.max(1) as f64;
    println!("solved {}: {solved:?}; {expanded} expanded in {seconds:.2} s, {per:.1} us/exp", solved.len());
    Ok(())
}
