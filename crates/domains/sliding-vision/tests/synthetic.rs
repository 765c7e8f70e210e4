//! Boards read from synthetic frames: distinct tile art for several puzzles, boards drawn at
//! varying places onto backgrounds, with noise, brightness changes and JPEG compression,
//! mixed with frames that hold no board (nothing, a piece mid-slide, a piece missing, pieces
//! scattered off any grid). Every board must be read exactly and nothing read from the rest.

use delve_core::rand::{Rng as _, SeedableRng, seq::IndexedRandom};
use delve_core::random::SeededRng;
use delve_sliding::notation::{Notation, format_state, keypad_goal};
use delve_sliding::{Dims, Grid, Move};
use delve_sliding_vision::synth::{self, Layout};
use delve_sliding_vision::{Reader, Skip, Tally, TemplateSet};
use image::RgbImage;

const TILE: u32 = 44;

fn art(puzzle: u64, tile: u8) -> RgbImage {
    synth::tile_art(puzzle, tile, TILE)
}

/// Templates of `puzzles` on `board`: the middle 60% of each tile.
fn templates(board: Dims, notation: Notation, puzzles: &[u64]) -> TemplateSet {
    let list = puzzles
        .iter()
        .map(|&p| {
            let pieces = (1..board.cells() as u8)
                .map(|t| (t, synth::centre_crop(&art(p, t), 0.6), format!("{p}/{t}")))
                .collect();
            (p.to_string(), None, pieces)
        })
        .collect();
    TemplateSet::build(board, notation, list).unwrap()
}

/// A solvable board: a random walk of the blank from `goal`.
fn scramble(goal: &Grid, rng: &mut SeededRng) -> Grid {
    let mut g = goal.clone();
    for _ in 0..60 {
        let m = *Move::ALL.choose(rng).unwrap();
        g = g.apply(m).unwrap_or(g);
    }
    g
}

/// A frame of `w × h` with the board drawn at a random place, noise and a random brightness.
fn frame(board: &Grid, puzzle: u64, rng: &mut SeededRng, w: u32, h: u32, slide: Option<(usize, f32)>) -> RgbImage {
    let b = board.dims();
    let gap = rng.random_range(0..5);
    let (bw, bh) = (b.cols() as u32 * (TILE + gap), b.rows() as u32 * (TILE + gap));
    let layout = Layout { x: rng.random_range(0..w - bw), y: rng.random_range(0..h - bh), tile: TILE, gap };
    let mut f = synth::background(w, h, rng.random());
    synth::draw_board(&mut f, board.tiles(), b.cols(), layout, &|t| art(puzzle, t), slide);
    synth::degrade(&mut f, rng.random(), 5, rng.random_range(0.85..1.15), rng.random_range(-15.0..15.0));
    if rng.random_bool(0.5) { synth::jpeg(&f, rng.random_range(85..=95)) } else { f }
}

#[test]
fn boards_are_read_exactly_and_distractors_skipped() {
    let board = Dims::new(3, 3).unwrap();
    let puzzles = [1u64, 2, 3, 4, 5, 6];
    let reader = Reader::new(templates(board, Notation::Keypad, &puzzles), 0.95);
    let goal = keypad_goal(board).unwrap();
    let mut rng = SeededRng::seed_from_u64(15);
    let (w, h) = (300, 220);
    let mut tally = Tally::default();
    let mut expected = Vec::new();
    let mut expected_skips = std::collections::BTreeMap::new();
    let mut got = Vec::new();
    let check = |name: String, f: &RgbImage, tally: &mut Tally, want: Result<(u64, String), &'static str>| {
        let reading = reader.read(f);
        match (&reading.result, want) {
            (Ok(b), Ok((p, pattern))) => {
                assert_eq!(
                    (b.puzzle.as_str(), b.pattern.as_str()),
                    (p.to_string().as_str(), pattern.as_str()),
                    "{name}"
                );
                assert!(b.score >= 0.95, "{name}: {}", b.score);
            }
            (Err(skip), Err(kind)) => assert_eq!(skip.kind(), kind, "{name}: {skip}"),
            (got, want) => panic!("{name}: read {got:?}, expected {want:?}"),
        }
        tally.add(&name, &reading)
    };
    for i in 0..14 {
        let p = puzzles[i % puzzles.len()];
        let g = scramble(&goal, &mut rng);
        let pattern = format_state(&g, Notation::Keypad);
        // The board, twice (a run of frames: counted once), then mid-slide and closed.
        for k in 0..2 {
            let f = frame(&g, p, &mut rng, w, h, None);
            let row = check(format!("board{i}-{k}"), &f, &mut tally, Ok((p, pattern.clone())));
            assert_eq!(row.is_some(), k == 0, "board{i}-{k}");
            got.extend(row.map(|r| (r.puzzle, r.pattern)));
        }
        expected.push((p.to_string(), pattern.clone()));
        let blank = g.blank();
        let moving = board
            .neighbor(blank, Move::ALL[i % 4])
            .or_else(|| board.neighbor(blank, Move::Up))
            .or_else(|| board.neighbor(blank, Move::Down))
            .unwrap();
        let part = rng.random_range(0.3..0.7);
        let f = frame(&g, p, &mut rng, w, h, Some((moving, part)));
        assert!(check(format!("slide{i}"), &f, &mut tally, Err("off_grid")).is_none());
        *expected_skips.entry("off_grid").or_insert(0) += 1;
        let f = synth::background(w, h, rng.random());
        assert!(check(format!("empty{i}"), &f, &mut tally, Err("no_puzzle")).is_none());
        *expected_skips.entry("no_puzzle").or_insert(0) += 1;
    }
    // A board with one piece missing (its cell drawn blank too).
    let mut tiles = scramble(&goal, &mut rng).tiles().to_vec();
    let gone = tiles.iter().position(|&t| t == 4).unwrap();
    tiles[gone] = 0;
    let mut f = synth::background(w, h, 99);
    synth::draw_board(&mut f, &tiles, 3, Layout { x: 20, y: 30, tile: TILE, gap: 2 }, &|t| art(3, t), None);
    assert!(check("missing".into(), &f, &mut tally, Err("missing_piece")).is_none());
    *expected_skips.entry("missing_piece").or_insert(0) += 1;
    // The pieces of puzzle 5 scattered at random: found, but on no grid.
    let mut f = synth::background(w, h, 98);
    for (k, t) in (1..9u8).enumerate() {
        let (x, y) = ((k as u32 % 4) * 70 + rng.random_range(0..20), (k as u32 / 4) * 100 + rng.random_range(0..40));
        image::imageops::replace(&mut f, &art(5, t), x as i64, y as i64);
    }
    assert!(check("scattered".into(), &f, &mut tally, Err("off_grid")).is_none());
    *expected_skips.entry("off_grid").or_insert(0) += 1;
    // Two copies of piece 2 in one board, no piece 3: piece 3 is missing.
    let mut f = synth::background(w, h, 97);
    let copy = |t: u8| if t == 2 { art(1, 1) } else { art(1, t) };
    synth::draw_board(&mut f, goal.tiles(), 3, Layout { x: 60, y: 40, tile: TILE, gap: 3 }, &copy, None);
    assert!(check("copied".into(), &f, &mut tally, Err("missing_piece")).is_none());
    *expected_skips.entry("missing_piece").or_insert(0) += 1;

    assert_eq!(tally.frames, 14 * 4 + 3);
    assert_eq!(tally.repeats, 14);
    assert_eq!(tally.skipped.clone().into_iter().collect::<Vec<_>>(), expected_skips.into_iter().collect::<Vec<_>>());
    assert_eq!(got, expected);
}

#[test]
fn a_board_counts_again_only_after_the_puzzle_closed() {
    let board = Dims::new(2, 2).unwrap();
    let reader = Reader::new(templates(board, Notation::Keypad, &[7]), 0.95);
    let g = Grid::new(board, vec![3, 2, 0, 1]).unwrap();
    let mut rng = SeededRng::seed_from_u64(3);
    let shown = frame(&g, 7, &mut rng, 160, 140, None);
    let closed = synth::background(160, 140, 5);
    let mut tally = Tally::default();
    let names: Vec<Option<String>> = [&shown, &shown, &closed, &shown]
        .iter()
        .enumerate()
        .map(|(i, f)| {
            tally
                .add(&format!("f{i}"), &reader.read(f))
                .map(|row| format!("{},{},{}", row.frame, row.puzzle, row.pattern))
        })
        .collect();
    assert_eq!(names, [Some("f0,7,43B2".to_string()), None, None, Some("f3,7,43B2".to_string())]);
    assert_eq!((tally.frames, tally.repeats, tally.skipped_total()), (4, 1, 1));
}

#[test]
fn other_boards_and_row_major_notation() {
    let mut rng = SeededRng::seed_from_u64(8);
    for (rows, cols, notation) in
        [(2, 3, Notation::Keypad), (3, 2, Notation::Keypad), (4, 4, Notation::RowMajor), (2, 5, Notation::RowMajor)]
    {
        let board = Dims::new(rows, cols).unwrap();
        let reader = Reader::new(templates(board, notation, &[11, 12]), 0.95);
        let goal = if notation == Notation::Keypad { keypad_goal(board).unwrap() } else { Grid::standard_goal(board) };
        for p in [11, 12] {
            let g = scramble(&goal, &mut rng);
            let f = frame(&g, p, &mut rng, 320, 260, None);
            let b = reader.read(&f).result.unwrap_or_else(|e| panic!("{board}: {e}"));
            assert_eq!((b.puzzle, &b.grid), (p.to_string(), &g), "{board}");
            let size = (!board.is_square() && notation == Notation::Keypad).then_some(board);
            let (parsed, _) =
                delve_sliding::notation::parse_state(&b.pattern, size).unwrap_or_else(|e| panic!("{}: {e}", b.pattern));
            assert_eq!(
                parsed, g,
                "{board}: `{}` reads back (keypad boards that are not square need their size)",
                b.pattern
            );
        }
    }
}

#[test]
fn skips_say_what_is_wrong() {
    let board = Dims::new(2, 2).unwrap();
    let reader = Reader::new(templates(board, Notation::Keypad, &[1]), 0.95);
    // A frame smaller than a template.
    let tiny = synth::background(10, 10, 1);
    let r = reader.read(&tiny);
    assert_eq!(r.result, Err(Skip::NoPuzzle { best: 0.0 }));
    assert!(r.result.unwrap_err().to_string().starts_with("no puzzle"));
    let skip = Skip::SharedCell { puzzle: "1".into(), labels: ["2".into(), "3".into()], cell: 4 };
    assert_eq!(skip.to_string(), "puzzle 1: pieces 2 and 3 both on cell 4");
}

#[test]
fn templates_load_from_a_folder_and_refuse_bad_ones() {
    let dir = std::env::temp_dir().join(format!("delve-vision-templates-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for p in [1u64, 2, 10] {
        for k in 2..=9u8 {
            let img = synth::centre_crop(&art(p, k - 1), 0.6);
            let ext = if k % 2 == 0 { "png" } else { "jpg" };
            img.save(dir.join(format!("{p}{k}.{ext}"))).unwrap();
        }
    }
    std::fs::write(dir.join("notes.txt"), "not an image").unwrap();
    let set = TemplateSet::load(&dir).unwrap();
    assert_eq!(set.board, Dims::new(3, 3).unwrap());
    let names: Vec<&str> = set.puzzles.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["1", "2", "10"]);
    assert_eq!(set.puzzles[0].pieces[0].label, "2", "piece 2 is the key, as in the original study");

    // A missing piece in one puzzle.
    std::fs::remove_file(dir.join("105.png").with_extension("jpg")).unwrap();
    let e = TemplateSet::load(&dir).unwrap_err().to_string();
    assert!(e.contains("puzzle 10 has pieces [2, 3, 4, 6, 7, 8, 9]"), "{e}");
    // A piece 1 (the blank has no image).
    synth::centre_crop(&art(10, 4), 0.6).save(dir.join("105.jpg")).unwrap();
    synth::background(20, 20, 1).save(dir.join("21.png")).unwrap();
    let e = TemplateSet::load(&dir).unwrap_err().to_string();
    assert!(e.contains("21.png: a template's name is {puzzle}{piece}"), "{e}");
    std::fs::remove_file(dir.join("21.png")).unwrap();
    // A flat template.
    image::RgbImage::from_pixel(20, 20, image::Rgb([9, 9, 9])).save(dir.join("22.png")).unwrap();
    let e = TemplateSet::load(&dir).unwrap_err().to_string();
    assert!(e.contains("22.png: the template is flat"), "{e}");
    std::fs::remove_file(dir.join("22.png")).unwrap();

    // A manifest for a 2x3 board with named puzzles.
    let m = dir.join("m");
    std::fs::create_dir_all(&m).unwrap();
    for t in 1..6u8 {
        synth::centre_crop(&art(40, t), 0.6).save(m.join(format!("t{t}.png"))).unwrap();
    }
    let manifest = r#"{"board": "2x3", "puzzles": [{"puzzle": "forest", "key": "4",
        "pieces": {"2": "t1.png", "3": "t2.png", "4": "t3.png", "5": "t4.png", "6": "t5.png"}}]}"#;
    std::fs::write(m.join("manifest.json"), manifest).unwrap();
    let set = TemplateSet::load(&m).unwrap();
    assert_eq!((set.board, set.notation), (Dims::new(2, 3).unwrap(), Notation::Keypad));
    assert_eq!(set.puzzles[0].pieces[0].label, "4");
    for (text, want) in [
        (
            r#"{"board": "2x3", "puzzles": [{"puzzle": 1, "pieces": {"2": "t1.png"}}]}"#,
            "needs one template per tile 2 3 4 5 6, got 2",
        ),
        (
            r#"{"board": "2x3", "puzzles": [{"puzzle": 1, "pieces": {"7": "t1.png"}}]}"#,
            "`7` is not a tile of a 2x3 board",
        ),
        (r#"{"board": "9x9", "puzzles": []}"#, "board: a board needs"),
        (r#"{"board": "2x3", "notation": "roman", "puzzles": []}"#, "notation `roman`"),
        (r#"{"board": "2x3", "puzzles": [], "extra": 1}"#, "not a template manifest: unknown field `extra`"),
        (r#"{"board": "2x3", "puzzles": [{"puzzle": 1, "pieces": {"2": "nope.png"}}]}"#, "nope.png: No such file"),
    ] {
        std::fs::write(m.join("manifest.json"), text).unwrap();
        let e = TemplateSet::load(&m.join("manifest.json")).unwrap_err().to_string();
        assert!(e.contains(want), "{text}: {e}");
    }
    let e = TemplateSet::load(&dir.join("absent")).unwrap_err().to_string();
    assert!(e.ends_with("absent: no such file or folder"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The pyramid search finds the place the exhaustive full-resolution search finds, for the
/// pieces of boards drawn at random places with noise and compression: small templates (one
/// level above full resolution) and larger ones (two levels, so the ±1 windows are used).
#[test]
fn pyramid_search_agrees_with_the_exhaustive_one() {
    use delve_sliding_vision::ncc::{Frame, Plane, Template};
    let board = Dims::new(3, 3).unwrap();
    let goal = keypad_goal(board).unwrap();
    let mut rng = SeededRng::seed_from_u64(21);
    for (round, tile, (w, h), tiles) in [
        (0u64, TILE, (260, 200), 1..9u8),
        (1, TILE, (260, 200), 1..9),
        (2, 80, (330, 300), 2..5),
        (3, 80, (330, 300), 6..9),
    ] {
        let g = scramble(&goal, &mut rng);
        let gap = rng.random_range(0..4);
        let layout = Layout {
            x: rng.random_range(0..w - 3 * (tile + gap)),
            y: rng.random_range(0..h - 3 * (tile + gap)),
            tile,
            gap,
        };
        let mut f = synth::background(w, h, rng.random());
        synth::draw_board(&mut f, g.tiles(), 3, layout, &|t| synth::tile_art(round, t, tile), None);
        synth::degrade(&mut f, rng.random(), 5, 0.9, 12.0);
        let f = synth::jpeg(&f, 90);
        for t in tiles {
            let tpl =
                Template::new(&Plane::from_rgb(&synth::centre_crop(&synth::tile_art(round, t, tile), 0.6))).unwrap();
            assert_eq!(tpl.depth(), if tile == TILE { 1 } else { 2 });
            let mut fr = Frame::new(Plane::from_rgb(&f), tpl.depth());
            let (fast, slow) = (fr.best(&tpl).unwrap(), fr.best_exhaustive(&tpl).unwrap());
            assert!(slow.score >= 0.95, "round {round} tile {t}: {slow:?}");
            assert_eq!((fast.x, fast.y), (slow.x, slow.y), "round {round} tile {t}");
            assert!((fast.score - slow.score).abs() < 1e-4);
        }
    }
}

/// Two pieces that look alike (a puzzle whose tiles 2 and 3 share their art) both claim the
/// same cell: the frame is skipped, not guessed.
#[test]
fn two_pieces_on_one_cell_are_skipped() {
    let board = Dims::new(2, 2).unwrap();
    let same = |t: u8| art(30, if t == 2 { 1 } else { t });
    let pieces = (1..4u8).map(|t| (t, synth::centre_crop(&same(t), 0.6), String::new())).collect();
    let reader =
        Reader::new(TemplateSet::build(board, Notation::Keypad, vec![("30".into(), None, pieces)]).unwrap(), 0.95);
    let mut f = synth::background(150, 130, 4);
    synth::draw_board(&mut f, &[1, 2, 3, 0], 2, Layout { x: 20, y: 15, tile: TILE, gap: 2 }, &same, None);
    let reading = reader.read(&f);
    assert_eq!(reading.found.len(), 3);
    match reading.result {
        Err(Skip::SharedCell { labels, .. }) => assert_eq!(labels, ["2".to_string(), "3".to_string()]),
        other => panic!("{other:?}"),
    }
}
