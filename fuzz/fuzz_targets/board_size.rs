//! Board sizes `MxN` (`--size`, `delve sliding enumerate MxN`): any text parses or fails; a
//! parsed board is in range and prints back to itself.
#![no_main]

use delve_sliding::Dims;
use delve_sliding::board::MAX_CELLS;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(b) = Dims::parse(&text) {
        assert!(b.rows() >= 1 && b.cols() >= 1 && (2..=MAX_CELLS).contains(&b.cells()), "{text:?} gave {b}");
        assert_eq!(Dims::parse(&b.to_string()).expect("printed board re-parses"), b);
    }
});
