//! Sokoban XSB collections (`delve sokoban solve FILE`): any text parses or fails with a line
//! and column; a parsed level prints back to a level that parses to itself, and a short search
//! on it ends cleanly (any solution it returns has passed the independent replay).
#![no_main]

use delve_core::{Limits, NoObserver};
use delve_sokoban::{Level, Mode, parse_collection, solve};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let levels = match parse_collection(&text) {
        Ok(levels) => levels,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "no position in `{e}`");
            return;
        }
    };
    for level in levels.iter().take(2) {
        let printed = level.to_string();
        let again = Level::parse(&printed).unwrap_or_else(|e| panic!("a printed level re-parses: {e}\n{printed}"));
        assert_eq!(again.to_string(), printed);
        for mode in [Mode::Optimal, Mode::Any] {
            let limits = Limits::none().max_expanded(200);
            if let Ok(solved) = solve(level, false, mode, &limits, NoObserver) {
                if let Some(lurd) = solved.solution {
                    assert!(lurd.pushes <= lurd.moves);
                }
            }
        }
    }
});
