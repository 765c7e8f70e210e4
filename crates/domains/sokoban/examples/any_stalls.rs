//! Where a cell-cycling search of `--any` spends its effort on one level: runs it alone with
//! a budget of expansions, prints how many expansions each packing value (boxes packed in
//! order, the first part of the cell key) got, and writes every `EVERY`-th position expanded
//! at packing `PACKED` as an XSB collection, so that the positions can be solved as levels
//! of their own (are they dead? how many nodes does the proof take?). The search is the one
//! advised by the feature advisors, or with `all` the other one (`delve_sokoban::any::cycling_search`).
//!
//! ```text
//! cargo run --release -p delve-sokoban --example any_stalls -- FILE LEVEL EXPANSIONS PACKED EVERY [all] > stalls.xsb
//! delve sokoban bench stalls.xsb --any --timeout-per-level 2 --json
//! ```

use delve_core::{Event, FnObserver, Limits};
use delve_sokoban::any::{all_advisors, cycling_search, features};
use delve_sokoban::{Board, Level, Settings, Size, Small, SokobanProblem, State, parse_collection};
use std::collections::BTreeMap;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: any_stalls FILE LEVEL EXPANSIONS PACKED EVERY [all]";
    let (all, args) = match args.split_last() {
        Some((last, rest)) if last == "all" => (true, rest),
        _ => (false, args.as_slice()),
    };
    let [file, number, budget, packed, every] = args else { return Err(usage.into()) };
    let number: usize = number.parse()?;
    let (budget, want, every): (u64, u64, u64) = (budget.parse()?, packed.parse()?, every.parse()?);
    let levels = parse_collection(&std::fs::read_to_string(file)?)?;
    let level = levels.iter().find(|l| l.number == number).ok_or("no such level")?;
    let board = Board::new(level, false)?;
    // Only for the cell keys, which do not depend on the search's settings.
    let problem = SokobanProblem::new(board.clone(), Settings::any());
    let mut per_packing = BTreeMap::<u64, u64>::new();
    let mut kept = Vec::new();
    let observer = FnObserver(|event: &Event<'_, State<Small>, _>, _: &_| {
        if let Event::Expand(node) = event {
            // The packing is the cell's bits 32 and up (see `SokobanProblem::feature_cell`).
            let packed = problem.feature_cell(node.state) >> 32;
            let seen = per_packing.entry(packed).or_default();
            *seen += 1;
            if packed == want && seen.is_multiple_of(every.max(1)) {
                kept.push(*node.state);
            }
        }
    });
    let limits = Limits::none().max_expanded(budget);
    let strategy = if all { all_advisors() } else { features() };
    let (_, out) = cycling_search(&board, strategy.room_links(false), &limits, observer);
    eprintln!("level {number}: solved {}, {} expanded", out.solution().is_some(), out.stats.expanded);
    eprintln!("expansions per packing: {per_packing:?}");
    for (i, state) in kept.iter().enumerate() {
        println!("; {number} at packing {want}, position {}\n{}", i + 1, xsb(level, &board, state));
    }
    Ok(())
}

/// The position `state` of `level` as XSB rows (the player on its normalised square; the
/// boxes that never move where the level has them).
fn xsb(level: &Level, board: &Board, state: &State<Small>) -> String {
    let boxes: Vec<(usize, usize)> = state.boxes(board.start_boxes().len()).iter().map(|&b| board.cell_of(b)).collect();
    let player = board.cell_of(state.player());
    let mut text = String::new();
    for r in 0..level.height() {
        let row: String = (0..level.width())
            .map(|c| {
                let cell = level.cell(r, c);
                let goal = matches!(cell, b'.' | b'*' | b'+');
                // Boxes the board made walls (they never move) stay where the level has them.
                let fixed = matches!(cell, b'$' | b'*') && board.square_at(r, c) == Small::NONE;
                match (cell == b'#', fixed || boxes.contains(&(r, c)), player == (r, c)) {
                    (true, ..) => '#',
                    (_, true, _) if goal => '*',
                    (_, true, _) => '$',
                    (_, _, true) if goal => '+',
                    (_, _, true) => '@',
                    _ if goal => '.',
                    _ => ' ',
                }
            })
            .collect();
        text.push_str(row.trim_end());
        text.push('\n');
    }
    text
}
