//! Runs `--any` on a range of levels with a fixed budget of expansions per search thread, so
//! that which levels are solved depends little on the machine's load (the time limit is only
//! a safety net). `--any`'s parking plans come first: the race of each plan's first part gets
//! the same budget, and all of them together a quarter of the time limit.
//!
//! ```text
//! cargo run --release -p delve-sokoban --example any_budget -- FILE FIRST LAST [EXPANSIONS] [SECONDS]
//! ```
//!
//! Prints one line per level (solved, pushes, expanded and generated nodes of both threads,
//! seconds) and the total solved.

use delve_core::{Limits, NoObserver};
use delve_sokoban::{Mode, parse_collection, solve};
use std::time::Duration;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: any_budget FILE FIRST LAST [EXPANSIONS] [SECONDS]";
    let [file, first, last, rest @ ..] = args.as_slice() else { return Err(usage.into()) };
    let (first, last): (usize, usize) = (first.parse()?, last.parse()?);
    let budget: u64 = rest.first().map_or(Ok(100_000), |s| s.parse())?;
    let seconds: u64 = rest.get(1).map_or(Ok(20), |s| s.parse())?;
    let levels = parse_collection(&std::fs::read_to_string(file)?)?;
    let limits = Limits::none().max_expanded(budget).timeout(Duration::from_secs(seconds));
    let mut solved = Vec::new();
    for level in levels.iter().filter(|l| (first..=last).contains(&l.number)) {
        let out = solve(level, false, Mode::Any, &limits, NoObserver)?;
        let pushes = out.solution.as_ref().map(|l| l.pushes);
        println!(
            "#{:<3} {:<6} pushes {:>5} expanded {:>8} generated {:>9} {:>6.2} s",
            level.number,
            if pushes.is_some() { "solved" } else { "-" },
            pushes.map_or("-".to_string(), |p| p.to_string()),
            out.stats.expanded,
            out.stats.generated,
            out.stats.elapsed.as_secs_f64()
        );
        if pushes.is_some() {
            solved.push(level.number);
        }
    }
    println!("solved {} of {}: {:?}", solved.len(), last + 1 - first, solved);
    Ok(())
}
