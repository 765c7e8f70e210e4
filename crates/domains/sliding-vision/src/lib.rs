//! # delve-sliding-vision
//!
//! Reads sliding-puzzle boards from screenshots and video frames, as the original study (a blog
//! series on the Last Origin game's slide puzzles; see the guide's chapter on reading sliding
//! puzzles) did with OpenCV (its §4-3): find which puzzle is on screen by one piece's template,
//! locate every piece by normalised cross-correlation (`TM_CCOEFF_NORMED`, threshold 0.95), and
//! turn their places into the pattern (`789456B23` solved), for any m×n board. Frames with no
//! puzzle, a missing piece, a piece between two cells or two pieces on one cell are skipped and
//! counted, never guessed ([`reader::Skip`]); a run of frames showing one board counts once
//! ([`reader::Tally`]).
//!
//! | module | what it does |
//! | --- | --- |
//! | [`templates`] | loading a puzzle's templates from a folder or a manifest |
//! | [`ncc`] | the pyramid normalised cross-correlation matcher (why its own: below) |
//! | [`reader`] | a frame to a board, the reasons a frame is skipped, and the tally of a run |
//! | [`change`] | picking a video's frames by their change from the frame before (`--min-change`) |
//! | [`debug`] | tracking images: what was read where |
//! | [`video`] | frames from a video file through `ffmpeg` |
//! | [`synth`] | synthetic puzzles for tests, benches and demos |
//! | [`error`] | the crate's error type |
//!
//! ```
//! use delve_sliding_vision::{reader::Reader, synth, templates::TemplateSet};
//! use delve_sliding::{Dims, notation::Notation};
//! // Two puzzles of a 2×2 board; their templates are the middle 60% of each tile's art.
//! let art = |p: u64, t: u8| synth::tile_art(p, t, 40);
//! let puzzles = (1..=2)
//!     .map(|p| (p.to_string(), None, (1..4).map(|t| (t, synth::centre_crop(&art(p, t), 0.6), String::new())).collect()))
//!     .collect();
//! let set = TemplateSet::build(Dims::new(2, 2).unwrap(), Notation::Keypad, puzzles).unwrap();
//! // Puzzle 2 with tiles 3 2 / 0 1 (keypad `43/B2`) on a background.
//! let mut frame = synth::background(200, 160, 7);
//! let layout = synth::Layout { x: 50, y: 30, tile: 40, gap: 4 };
//! synth::draw_board(&mut frame, &[3, 2, 0, 1], 2, layout, &|t| art(2, t), None);
//! let board = Reader::new(set, 0.95).read(&frame).result.unwrap();
//! assert_eq!((board.puzzle.as_str(), board.pattern.as_str()), ("2", "43B2"));
//! ```
//!
//! ## Why a crate of its own
//!
//! Decoding images pulls in the `image` crate and its PNG and JPEG codecs; keeping them out of
//! `delve-sliding` keeps the search crate lean for users who only solve puzzles. This crate
//! depends on `delve-sliding` for the board ([`delve_sliding::Dims`]), the states
//! ([`delve_sliding::Grid`]) and the notation, so a pattern read here is the pattern
//! `delve sliding analyze` parses.
//!
//! ## Why its own matcher
//!
//! `imageproc::template_matching::match_template` computes the score at every position of
//! the full-resolution frame: for a 1080p frame and a 100-pixel template that is about 2·10¹⁰
//! multiply-adds per template, and 14 templates per frame (6 puzzles' keys, then 8 pieces):
//! far too slow for video. An FFT correlation costs O(N log N) per template on the whole
//! frame, still too much for 14 templates a frame. [`ncc`] instead searches a pyramid: every
//! position only at the coarsest level where a template keeps at least 8 pixels a side
//! (1/8 scale for 100-pixel templates: 64 times fewer positions and pixels each), then
//! follows the best few local maxima down to full resolution, where the score is computed
//! exactly at the final position. That keeps a frame well within video rates (BENCHMARKS.md
//! has the figures), and the `image` crate stays the only dependency.

pub mod change;
pub mod debug;
pub mod error;
pub mod ncc;
pub mod reader;
pub mod synth;
pub mod templates;
pub mod video;

pub use error::Error;
pub use reader::{Board, DEFAULT_THRESHOLD, Reader, Reading, Skip, Tally};
pub use templates::TemplateSet;
