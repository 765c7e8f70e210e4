//! The sliding analytics samples CSV (`delve sliding analyze`): any text parses or fails
//! with a line and column; every row kept re-parses to the same state.
#![no_main]

use delve_sliding::analytics::parse_samples;
use delve_sliding::notation::parse_state;
use delve_sliding::{Dims, Error};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks the --size (none, or a board of up to 6x6), the rest is the file.
    let (size, body) = match data.split_first() {
        Some((&b, rest)) => {
            (Dims::new(2 + (b as usize >> 4) % 5, 2 + (b as usize & 15) % 5).ok().filter(|_| b & 1 == 1), rest)
        }
        None => (None, data),
    };
    let text = String::from_utf8_lossy(body);
    match parse_samples("samples.csv", &text, size) {
        Ok(samples) => {
            assert!(!samples.rows.is_empty());
            for row in &samples.rows {
                assert_eq!(row.grid.dims(), samples.board);
                let (again, n) = parse_state(&row.pattern, Some(samples.board)).expect("a kept pattern re-parses");
                assert_eq!((again, n), (row.grid.clone(), samples.notation));
            }
        }
        Err(Error::Csv { line, column, .. }) => assert!(line >= 1 && column >= 1),
        Err(e) => panic!("a CSV error without a position: {e}"),
    }
});
