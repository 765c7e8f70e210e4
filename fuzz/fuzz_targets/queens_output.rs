//! Queens output files (`N_algorithm_output.txt`, read back by `delve queens verify`-style
//! checks): any text parses or fails; what parses formats back to the same rows.
#![no_main]

use delve_queens::{format_output, parse_output};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(rows) = parse_output(&text) {
        let again = parse_output(&format_output(rows.as_deref())).expect("formatted output re-parses");
        assert_eq!(again, rows);
    }
});
