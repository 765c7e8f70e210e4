//! RGB Express level files (`delve rgb solve FILE`): any text parses or fails with a line and
//! column; a parsed level prints back to itself, builds its search problem or is refused with
//! a message, and any plan a short search finds passes the independent replay.
#![no_main]

use delve_core::{Algorithm, Limits, NoObserver};
use delve_rgb::{Level, RgbProblem, Rules, solve};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let level = match Level::parse(&text) {
        Ok(level) => level,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "no position in `{e}`");
            return;
        }
    };
    assert_eq!(Level::parse(&level.to_string()).expect("a printed level re-parses"), level);
    for rules in Rules::ALL {
        let Ok(problem) = RgbProblem::new(level.clone(), rules) else { return };
        let limits = Limits::none().max_expanded(300);
        let solved = solve(&problem, Algorithm::Astar, &limits, NoObserver);
        assert!(solved.is_ok(), "a plan failed the replay: {solved:?}");
    }
});
