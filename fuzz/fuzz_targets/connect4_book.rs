//! Connect Four opening books (`delve connect4 solve --book FILE`, `book info`): any bytes
//! parse or fail with an error, never a panic; a book that parses holds only games going on
//! with possible scores and playable best moves, and writes back byte for byte.
#![no_main]

use delve_connect4::{Book, CELLS};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(book) = Book::parse(data) {
        assert_eq!(book.to_bytes(), data);
        for p in book.positions() {
            assert!(p.moves() < CELLS && !p.last_mover_won());
            let score = book.get(&p).expect("a listed position is in the book");
            assert!(score.abs() <= 21);
            let best = book.best_move(&p).expect("and has a move");
            assert!(p.can_play(best));
        }
        assert_eq!(book.positions().count(), book.len());
    }
});
