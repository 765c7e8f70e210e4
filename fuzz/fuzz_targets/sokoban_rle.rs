//! Sokoban run-length encoding (`3#`, `-`, `_`, `|` row breaks): each input byte is mapped onto
//! the RLE alphabet, so the fuzzer spends its time on counts. Every collection either parses
//! within the stated bounds (no row wider than `MAX_WIDTH`, no level taller than `MAX_HEIGHT`,
//! no file past `MAX_SQUARES`) or is refused with a line and column, before anything large is
//! built: libFuzzer's memory limit (2 GB by default) fails the target otherwise.
#![no_main]

use delve_sokoban::level::{MAX_HEIGHT, MAX_SQUARES, MAX_WIDTH};
use delve_sokoban::parse_levels;
use libfuzzer_sys::fuzz_target;

/// The characters of an RLE level file; digits are most of them.
const ALPHABET: &[u8] = b"0123456789012345678999999999#$@.*+ -_|\n\n#";

fuzz_target!(|data: &[u8]| {
    let text: String = data.iter().map(|&b| ALPHABET[usize::from(b) % ALPHABET.len()] as char).collect();
    let levels = match parse_levels(&text) {
        Ok(levels) => levels,
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "no position in `{e}`");
            return;
        }
    };
    let mut squares = 0;
    for level in levels {
        match level {
            Ok(level) => {
                assert!(level.width() <= MAX_WIDTH && level.height() <= MAX_HEIGHT);
                squares += level.width() * level.height();
            }
            Err(e) => assert!(e.line >= 1 && e.column >= 1, "no position in `{e}`"),
        }
    }
    assert!(squares <= MAX_SQUARES, "{squares} squares");
});
