//! The command line's own value parsers: `--timeout` (the CLI's `parse_secs` and the limits
//! it builds, compiled in from crates/cli/src/common.rs), `--algorithm` for route, sliding
//! and queens, and `--heuristic`. Any text is accepted or refused, never a panic; an
//! accepted timeout of a second or more has not run out when the search starts.
#![no_main]

#[allow(dead_code)]
#[path = "../../crates/cli/src/common.rs"]
mod common;

use delve_sliding::solve::HeuristicRequest;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(secs) = common::parse_secs(&text) {
        assert!(secs > 0.0);
        let args = common::SearchArgs { timeout: Some(secs), ..common::SearchArgs::default() };
        let clock = args.limits().clock();
        // A timeout of a second or more cannot have run out yet (smaller ones may round to
        // zero and legitimately stop at once).
        assert!(secs < 1.0 || clock.check().is_ok(), "--timeout {text} already ran out");
    }
    let _ = text.parse::<delve_core::Algorithm>();
    let _ = text.parse::<delve_queens::Algorithm>();
    let _ = text.parse::<HeuristicRequest>();
});
