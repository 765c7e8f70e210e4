//! Sudoku grids (`delve sudoku`): any text parses or fails; a parsed grid re-parses from
//! its one-line form to the same grid.
#![no_main]

use delve_sudoku::Sudoku;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(s) = Sudoku::parse(&text) {
        assert!(s.cells().iter().all(|&d| d <= 9));
        assert!(Sudoku::parse(&s.to_line()).expect("the one-line form re-parses") == s);
    }
});
