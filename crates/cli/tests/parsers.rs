//! Every parser of user input, fed arbitrary bytes and near-valid inputs (valid texts with
//! random edits): each must return `Ok` or an error, never panic. Errors of the line-oriented
//! formats must say where (a line number). This runs on stable in CI; the cargo-fuzz targets
//! (coverage-guided, on nightly) are the deeper version of the same check.

use delve_connect4::{Position, testset};
use delve_game::cs188::TestFile;
use delve_grid::Grid as LabGrid;
use delve_pacman::layout::Layout;
use delve_queens::{parse_batch, parse_output};
use delve_route::RoadMap;
use delve_sliding::analytics::parse_samples;
use delve_sliding::notation::parse_state;
use delve_sliding::pdb::Partition;
use delve_sliding::{Dims, Grid};
use delve_sokoban::{Level, parse_collection};
use delve_sudoku::Sudoku;
use delve_tictactoe::Board;
use proptest::prelude::*;

const MAP: &str = "# a map\ncity Arad 91 492\ncity \"Rimnicu Vilcea\" 233 410\ncity Sibiu 207 457\nroad Arad Sibiu 140\nroad Sibiu \"Rimnicu Vilcea\" 80\n";
const SUDOKU: &str =
    "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
const BATCH: &str = "5 bfs\n# comment\n8 min-conflicts\n\n12 mac\n";
const XSB: &str = "; two levels\n  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########\n\n; rle\n5#|#@$.#|5#\n";
const LAYOUT: &str = include_str!("../../domains/pacman/data/layouts/smallClassic.lay");
const GAME_TREE: &str = include_str!("../../game/data/cs188/q2/2-2b-vary-depth.test");
const C4_SET: &str = "4455 3\n2252576 -1\n7422341735647741166133573 0\n";
const SAMPLES: &str = "puzzle_number,pattern\n1,359B26478\n2,789456B23\n1,8734B9265\n";

/// A valid text with random edits: replace, insert or delete bytes at random places.
fn near(valid: &'static str) -> impl Strategy<Value = String> {
    prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<u8>()), 0..6).prop_map(move |edits| {
        let mut bytes = valid.as_bytes().to_vec();
        for (at, op, b) in edits {
            let i = at.index(bytes.len() + 1);
            match op {
                0 if i < bytes.len() => bytes[i] = b,
                1 => bytes.insert(i, b),
                _ if i < bytes.len() => {
                    bytes.remove(i);
                }
                _ => {}
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// Arbitrary text, biased towards the characters the formats use.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), "[0-9a-fA-FB .,#\"\\-\n\t_/x]{0,200}"]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn road_maps(t in prop_oneof![text(), near(MAP)]) {
        if let Err(e) = RoadMap::parse(&t) {
            let msg = e.to_string();
            prop_assert!(msg.contains(':') && msg.chars().any(|c| c.is_ascii_digit()), "no position in `{msg}`");
        }
    }

    #[test]
    fn sudoku_grids(t in prop_oneof![text(), near(SUDOKU)]) {
        let _ = Sudoku::parse(&t);
    }

    #[test]
    fn queens_batch_files(t in prop_oneof![text(), near(BATCH)]) {
        let (_, errors) = parse_batch(&t);
        for e in errors {
            prop_assert!(e.to_string().starts_with("line "), "no position in `{e}`");
        }
        let _ = parse_output(&t);
    }

    #[test]
    fn sliding_states_boards_and_partitions(t in text(), m in 1usize..7, n in 1usize..7) {
        let _ = Dims::parse(&t);
        let board = Dims::new(m, n).ok();
        let _ = parse_state(&t, board);
        let _ = parse_state(&t, None);
        if let Some(board) = board {
            let _ = Partition::parse(&t, &Grid::standard_goal(board));
        }
    }

    #[test]
    fn sliding_states_near_valid(t in prop_oneof![near("8734B9265"), near("1 2 3 4 5 6 7 8 9 10 11 0"), near("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")]) {
        let _ = parse_state(&t, None);
        let _ = parse_state(&t, Dims::new(3, 3).ok());
    }

    #[test]
    fn analytics_csv(t in prop_oneof![text(), near(SAMPLES)]) {
        let _ = parse_samples("samples.csv", &t, None);
        let _ = parse_samples("samples.csv", &t, Dims::new(3, 3).ok());
    }

    #[test]
    fn sokoban_levels(t in prop_oneof![text(), near(XSB), "[#@+$*. _\\-0-9|;\n]{0,120}"]) {
        for r in [Level::parse(&t).map(|_| ()), parse_collection(&t).map(|_| ())] {
            if let Err(e) = r {
                let msg = e.to_string();
                prop_assert!(msg.starts_with("line "), "no position in `{msg}`");
            }
        }
    }

    #[test]
    fn pacman_layouts(t in prop_oneof![text(), near(LAYOUT), "[%.oPG \n]{0,120}"]) {
        if let Err(e) = Layout::parse(&t) {
            let msg = e.to_string();
            prop_assert!(msg.starts_with("line "), "no position in `{msg}`");
        }
    }

    #[test]
    fn connect4_positions_and_test_sets(t in prop_oneof![text(), near(C4_SET), "[0-9 \n-]{0,60}"]) {
        if let Ok(p) = Position::parse(&t) {
            prop_assert_eq!(p.moves() as usize, t.trim().chars().count());
        }
        let _ = testset::parse(&t);
    }

    #[test]
    fn cs188_game_trees(t in prop_oneof![text(), near(GAME_TREE)]) {
        let _ = TestFile::parse("tree.test", &t);
    }

    #[test]
    fn tictactoe_boards_and_lab_grids(t in prop_oneof![text(), "[XO. \n]{0,12}", "[SG.#~ \n]{0,30}"]) {
        let _ = Board::parse(&t);
        if let Ok(grid) = LabGrid::parse(&t) {
            prop_assert_eq!(LabGrid::parse(&grid.to_string()), Ok(grid));
        }
    }
}
