//! Connect Four input (`delve connect4 solve POSITION`, batch lines, `delve connect4 bench
//! FILE`): Pons's move strings and test-set files. A parsed position has one stone per move,
//! no winner yet, a free cell, and its mirror's key differs only when the position is not
//! symmetric; a test-set file parses or fails without a panic, and its positions obey the same.
#![no_main]

use delve_connect4::{CELLS, Position, testset};
use libfuzzer_sys::fuzz_target;

fn check(p: &Position, moves: &str) {
    assert_eq!(p.moves() as usize, moves.trim().chars().count());
    assert!(!p.last_mover_won() && p.moves() < CELLS);
    let mirrored: String = moves
        .trim()
        .chars()
        .map(|c| char::from_digit(8 - c.to_digit(10).unwrap(), 10).unwrap())
        .collect();
    let m = Position::parse(&mirrored).expect("the mirror of a game going on is one too");
    assert_eq!(m.key(), p.mirror_key());
    assert_eq!(m.mirror_key(), p.key());
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(p) = Position::parse(&text) {
        check(&p, &text);
    }
    if let Ok(cases) = testset::parse(&text) {
        for case in &cases {
            check(&case.position, &case.moves);
        }
    }
});
