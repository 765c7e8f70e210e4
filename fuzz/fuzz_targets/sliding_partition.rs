//! Pattern-database partitions (`--partition 7-8`, `6-6-3`, `1,2,3/4,5,6,7,8`) on any board:
//! any text parses or fails; a parsed partition covers every tile exactly once.
#![no_main]

use delve_sliding::pdb::Partition;
use delve_sliding::{Dims, Grid};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // First byte: the board (2x2 up to 6x6, beyond the 16 cells databases cover).
    let Some((&b, rest)) = data.split_first() else { return };
    let Ok(board) = Dims::new(2 + (b as usize >> 4) % 5, 2 + (b as usize & 15) % 5) else { return };
    let text = String::from_utf8_lossy(rest);
    if let Ok(p) = Partition::parse(&text, &Grid::standard_goal(board)) {
        let mut tiles: Vec<u8> = p.groups().iter().flatten().copied().collect();
        tiles.sort_unstable();
        assert_eq!(tiles, (1..board.cells() as u8).collect::<Vec<_>>());
    }
});
