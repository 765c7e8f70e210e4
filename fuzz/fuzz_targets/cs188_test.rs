//! CS188 game-tree test and solution files (`delve game cs188 FILE`): any text parses or fails
//! with a line and column; a parsed tree searches within a node budget without a panic. The
//! parser itself refuses a depth × agents past `MAX_PLIES`, as the CLI does, and the search
//! runs on an explicit stack: a deep or cyclic tree must stop at the budget, not overflow.
#![no_main]

use delve_core::Limits;
use delve_game::cs188::{Cs188Error, Expected, GraphTest};
use libfuzzer_sys::fuzz_target;

fn positioned(e: &Cs188Error) {
    if let Cs188Error::Syntax(p) = e {
        assert!(p.line >= 1 && p.column >= 1, "no position in `{e}`");
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match GraphTest::parse("t.test", &text) {
        Ok(test) => {
            let _ = test.run(&Limits::none().max_expanded(2_000));
        }
        Err(e) => positioned(&e),
    }
    if let Err(e) = Expected::parse("t.solution", &text) {
        positioned(&e);
    }
});
