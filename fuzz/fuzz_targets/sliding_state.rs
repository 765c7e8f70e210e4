//! Sliding-puzzle states in every notation (keypad, row-major numbers, digit strings), with
//! and without `--size`, and as `--goal` for the parsed start's board: any text parses or
//! fails; a parsed state prints and re-parses to itself.
#![no_main]

use delve_sliding::Dims;
use delve_sliding::notation::{format_board, format_state, parse_state};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // First byte: an optional --size; the rest: the state, then after a `|` the goal.
    let (size, body) = match data.split_first() {
        Some((&b, rest)) => {
            (Dims::new(2 + (b as usize >> 4) % 5, 2 + (b as usize & 15) % 5).ok().filter(|_| b & 1 == 1), rest)
        }
        None => (None, data),
    };
    let text = String::from_utf8_lossy(body);
    let (state, goal) = text.split_once('|').unwrap_or((&text, ""));
    for board in [size, None] {
        if let Ok((grid, notation)) = parse_state(state, board) {
            if let Some(b) = board {
                assert_eq!(grid.dims(), b);
            }
            let printed = format_state(&grid, notation);
            assert_eq!(
                parse_state(&printed, Some(grid.dims())).expect("printed state re-parses"),
                (grid.clone(), notation)
            );
            let _ = format_board(&grid, notation);
            if let Ok((g, _)) = parse_state(goal, Some(grid.dims())) {
                assert_eq!(g.dims(), grid.dims());
            }
        }
    }
});
