//! Queens batch files (`delve queens batch`): every malformed line is reported with its line
//! number, every good line kept.
#![no_main]

use delve_queens::parse_batch;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (lines, errors) = parse_batch(&text);
    let count = text.lines().count().max(1);
    for l in &lines {
        assert!(l.line >= 1 && l.line <= count && l.n >= 1);
        let _ = l.output_name();
    }
    for e in &errors {
        assert!(e.to_string().starts_with("line "), "no position in `{e}`");
    }
});
