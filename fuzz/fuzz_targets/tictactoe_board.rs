//! Tic-tac-toe boards (`delve tictactoe` and the web page's `/api/tictactoe`): any
//! text parses or is refused, never a panic; a parsed board reads back as the same nine cells
//! and the engine's advice on it (a full search, at most 9! lines) finishes.
#![no_main]

use delve_core::{Limits, NoObserver};
use delve_tictactoe::{Board, advise};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(board) = Board::parse(&text) {
        let canonical: String = text
            .chars()
            .map(|c| match c {
                'X' | 'x' => 'X',
                'O' | 'o' => 'O',
                _ => '.',
            })
            .collect();
        assert_eq!(board.to_text(), canonical);
        let report = advise(&board, &Limits::none(), NoObserver);
        assert!(report.detail.winner.is_some() || report.detail.best.is_some());
    }
});
