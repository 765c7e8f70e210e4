//! Pacman `.lay` layouts (`delve pacman play --layout FILE`): any text parses or fails with a
//! line and column; a parsed layout starts a game whose legal moves can be played for a while
//! without a panic.
#![no_main]

use delve_pacman::layout::Layout;
use delve_pacman::rules::Rules;
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let layout = match Layout::parse(&text) {
        Ok(layout) => layout,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "no position in `{e}`");
            return;
        }
    };
    let rules = Rules::new(Arc::new(layout), None);
    let mut state = rules.initial_state();
    // Each agent plays its first legal move (a fixed choice, so a crash reproduces).
    for step in 0..200 {
        if state.is_over() {
            break;
        }
        let legal = rules.legal(&state, state.turn);
        assert!(!legal.is_empty(), "agent {} has no legal move", state.turn);
        state = rules.successor(&state, legal[step % legal.len()]);
    }
});
