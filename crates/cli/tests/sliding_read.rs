//! `delve sliding read` end to end: the demo data, a synthetic run of frames written to disk
//! and read back (read → CSV → analyze gives the tables of the CSV the boards were drawn
//! from), tracking images, bad input, and the video path through ffmpeg.

mod common;

use common::{bad_input, delve, json, run};
use delve_core::rand::{Rng as _, SeedableRng, seq::IndexedRandom};
use delve_core::random::SeededRng;
use delve_sliding::notation::{Notation, format_state, keypad_goal};
use delve_sliding::{Dims, Move};
use delve_sliding_vision::synth::{self, Layout};
use std::path::{Path, PathBuf};

const DEMO: &str = "crates/domains/sliding-vision/data/demo";
const TILE: u32 = 40;

fn repo(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("delve-read-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn demo_frames_are_read() {
    let (templates, frames) = (repo(&format!("{DEMO}/templates")), repo(&format!("{DEMO}/frames")));
    let out = run("sliding", &["read", "--templates", &templates, "--frames", &frames], 0);
    let lines: Vec<String> = out.lines().map(|l| l.rsplit('/').next().unwrap().to_string()).collect();
    assert_eq!(lines, ["frame1.jpg,1,359B26478", "frame4.jpg,2,8734B9265"]);
    let v = json("sliding", &["read", "--templates", &templates, "--frames", &frames], 0);
    assert_eq!((v["frames"].as_u64(), v["skipped"].as_u64(), v["repeats"].as_u64()), (Some(5), Some(2), Some(1)));
    assert_eq!(v["skips"]["no_puzzle"], 1);
    assert_eq!(v["skips"]["off_grid"], 1);
    let b = &v["boards"][0];
    assert_eq!((b["puzzle"].as_u64(), b["pattern"].as_str()), (Some(1), Some("359B26478")));
    assert!(b["frame"].as_str().unwrap().ends_with("frame1.jpg"));
    assert!(b["score"].as_f64().unwrap() >= 0.95);
    // Any threshold in (0, 1] is taken, however small; the boards are still read.
    let out = run("sliding", &["read", "--templates", &templates, "--frames", &frames, "--threshold", "1e-300"], 0);
    assert!(out.contains("frame1.jpg,1,359B26478"), "{out}");
    // `--save-frames` keeps the frame of each board read, byte for byte.
    let kept = temp_dir("kept");
    run(
        "sliding",
        &["read", "--templates", &templates, "--frames", &frames, "--save-frames", kept.to_str().unwrap()],
        0,
    );
    let mut names: Vec<String> =
        std::fs::read_dir(&kept).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["frame1.jpg", "frame4.jpg"]);
    let original = std::fs::read(Path::new(&frames).join("frame4.jpg")).unwrap();
    assert_eq!(std::fs::read(kept.join("frame4.jpg")).unwrap(), original);
    std::fs::remove_dir_all(&kept).unwrap();
}

/// `--min-change`: a run of frames where the second board appears after two frames of the
/// first. Identical frames change by 0, so only the frame where the picture changes is read;
/// the first frame never is. Between two different screenshots the change is large, so a
/// `--max-change` below it skips that frame as a cut.
#[test]
fn min_change_reads_the_frames_that_changed() {
    let dir = temp_dir("change");
    let frames = repo(&format!("{DEMO}/frames"));
    let templates = repo(&format!("{DEMO}/templates"));
    for (name, from) in
        [("f1.jpg", "frame1.jpg"), ("f2.jpg", "frame1.jpg"), ("f3.jpg", "frame4.jpg"), ("f4.jpg", "frame4.jpg")]
    {
        std::fs::copy(Path::new(&frames).join(from), dir.join(name)).unwrap();
    }
    let d = dir.to_str().unwrap();
    let all = run("sliding", &["read", "--templates", &templates, "--frames", d], 0);
    assert_eq!(all.lines().count(), 2, "{all}");
    let out = run("sliding", &["read", "--templates", &templates, "--frames", d, "--min-change", "0.2"], 0);
    let lines: Vec<&str> = out.lines().map(|l| l.rsplit('/').next().unwrap()).collect();
    assert_eq!(lines, ["f3.jpg,2,8734B9265"]);
    let v = json("sliding", &["read", "--templates", &templates, "--frames", d, "--min-change", "0.2"], 0);
    assert_eq!(v["skips"], serde_json::json!({"first_frame": 1, "small_change": 2}));
    let v = json(
        "sliding",
        &["read", "--templates", &templates, "--frames", d, "--min-change", "0.2", "--max-change", "0.5"],
        0,
    );
    assert_eq!(v["skips"], serde_json::json!({"first_frame": 1, "small_change": 2, "cut": 1}));
    assert_eq!(v["boards"], serde_json::json!([]));
    let e = bad_input("sliding", &["read", "--templates", &templates, "--frames", d, "--min-change", "3"]);
    assert!(e.contains("expected a change between frames in [0, 2]"), "{e}");
    let e = bad_input("sliding", &["read", "--templates", &templates, "--frames", d, "--max-change", "0.5"]);
    assert!(e.contains("--min-change"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Frames of boards from `truth` (rows `puzzle,pattern`), each shown twice and followed by a
/// frame without the puzzle; every third also caught mid-slide. Written as PNG or JPEG.
fn write_frames(dir: &Path, truth: &[(u64, String)], rng: &mut SeededRng) -> usize {
    let mut n = 0;
    let mut write = |img: image::RgbImage, rng: &mut SeededRng| {
        n += 1;
        let path = dir.join(format!("shot{n}.{}", if rng.random_bool(0.5) { "png" } else { "jpg" }));
        let img = if rng.random_bool(0.3) { synth::jpeg(&img, 90) } else { img };
        img.save(&path).unwrap();
    };
    for (i, (p, pattern)) in truth.iter().enumerate() {
        let (grid, _) = delve_sliding::notation::parse_state(pattern, None).unwrap();
        let gap = rng.random_range(0..4);
        let shot = |slide: Option<(usize, f32)>, rng: &mut SeededRng| {
            let layout = Layout { x: rng.random_range(0..100), y: rng.random_range(0..60), tile: TILE, gap };
            let mut f = synth::background(240, 190, rng.random());
            synth::draw_board(&mut f, grid.tiles(), 3, layout, &|t| synth::tile_art(*p, t, TILE), slide);
            synth::degrade(&mut f, rng.random(), 4, rng.random_range(0.85..1.15), rng.random_range(-15.0..15.0));
            f
        };
        for _ in 0..2 {
            let f = shot(None, rng);
            write(f, rng);
        }
        if i % 3 == 0 {
            let blank = grid.blank();
            let moving = Move::ALL.iter().find_map(|&m| grid.dims().neighbor(blank, m)).unwrap();
            let f = shot(Some((moving, 0.5)), rng);
            write(f, rng);
        }
        let f = synth::background(240, 190, rng.random());
        write(f, rng);
    }
    n
}

fn write_templates(dir: &Path, puzzles: &[u64]) {
    for &p in puzzles {
        for piece in 2..=9u8 {
            synth::centre_crop(&synth::tile_art(p, piece - 1, TILE), 0.6)
                .save(dir.join(format!("{p}{piece}.png")))
                .unwrap();
        }
    }
}

#[test]
fn read_then_analyze_gives_the_tables_of_the_truth() {
    let dir = temp_dir("roundtrip");
    let (templates, frames) = (dir.join("templates"), dir.join("frames"));
    std::fs::create_dir_all(&templates).unwrap();
    std::fs::create_dir_all(&frames).unwrap();
    write_templates(&templates, &[1, 2, 3, 4, 5, 6]);
    let mut rng = SeededRng::seed_from_u64(415);
    let goal = keypad_goal(Dims::new(3, 3).unwrap()).unwrap();
    // Some patterns repeat (the original study's pool was smaller than its sample).
    let pool: Vec<String> = (0..5)
        .map(|_| {
            let mut g = goal.clone();
            for _ in 0..40 {
                g = g.apply(*Move::ALL.choose(&mut rng).unwrap()).unwrap_or(g);
            }
            format_state(&g, Notation::Keypad)
        })
        .collect();
    let truth: Vec<(u64, String)> =
        (0..12).map(|_| (rng.random_range(1..=6), pool.choose(&mut rng).unwrap().clone())).collect();
    let frames_written = write_frames(&frames, &truth, &mut rng);
    let truth_csv = dir.join("truth.csv");
    std::fs::write(&truth_csv, truth.iter().map(|(p, s)| format!("{p},{s}\n")).collect::<String>()).unwrap();

    let out_csv = dir.join("read.csv");
    let (t, f, o) = (templates.to_str().unwrap(), frames.to_str().unwrap(), out_csv.to_str().unwrap());
    let v = json("sliding", &["read", "--templates", t, "--frames", f, "--csv", o], 0);
    assert_eq!(v["frames"].as_u64(), Some(frames_written as u64));
    assert_eq!(v["boards"].as_array().unwrap().len(), truth.len());
    assert_eq!(v["repeats"].as_u64(), Some(truth.len() as u64));
    assert_eq!(v["skips"]["no_puzzle"].as_u64(), Some(truth.len() as u64));
    assert_eq!(v["skips"]["off_grid"].as_u64(), Some(truth.len().div_ceil(3) as u64));
    assert_eq!(std::fs::read_to_string(&out_csv).unwrap(), std::fs::read_to_string(&truth_csv).unwrap());

    let read_tables = json("sliding", &["analyze", o], 0);
    let truth_tables = json("sliding", &["analyze", truth_csv.to_str().unwrap()], 0);
    assert_eq!(common::untimed(read_tables.clone()), common::untimed(truth_tables));
    assert_eq!(read_tables["samples"].as_u64(), Some(12));

    // Text rows: frame,puzzle,pattern; --verbose says why the mid-slide frames were skipped
    // and names each frame with no puzzle.
    let out = delve().args(["sliding", "read", "--templates", t, "--frames", f, "--verbose"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8(out.stderr).unwrap();
    let why: Vec<&str> = stderr.lines().filter(|l| l.contains(": skipped: ")).collect();
    let mid_slide = why.iter().filter(|l| l.contains("is between two cells (mid-slide)")).count();
    let no_puzzle = why.iter().filter(|l| l.contains(": skipped: no puzzle (best key piece score ")).count();
    assert_eq!((mid_slide, no_puzzle), (truth.len().div_ceil(3), truth.len()), "{stderr}");
    assert_eq!(why.len(), mid_slide + no_puzzle, "{stderr}");
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<(String, String)> = text
        .lines()
        .map(|l| {
            let mut parts = l.rsplitn(3, ',');
            let pattern = parts.next().unwrap().to_string();
            let puzzle = parts.next().unwrap().to_string();
            assert!(parts.next().unwrap().starts_with(f), "{l}");
            (puzzle, pattern)
        })
        .collect();
    let want: Vec<(String, String)> = truth.iter().map(|(p, s)| (p.to_string(), s.clone())).collect();
    assert_eq!(rows, want);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tracking_images_are_written() {
    let dir = temp_dir("debug");
    let (templates, frames) = (repo(&format!("{DEMO}/templates")), repo(&format!("{DEMO}/frames/frame1.jpg")));
    let out = dir.join("track");
    run("sliding", &["read", "--templates", &templates, &frames, "--debug-dir", out.to_str().unwrap()], 0);
    let img = image::open(out.join("frame1.png")).unwrap().to_rgb8();
    // The border is green: the board was read.
    assert_eq!(img.get_pixel(0, 0).0, [0, 220, 0]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let dir = temp_dir("bad");
    let templates = repo(&format!("{DEMO}/templates"));
    let frame = repo(&format!("{DEMO}/frames/frame1.jpg"));
    let e = bad_input("sliding", &["read", "--templates", &templates]);
    assert!(e.contains("no frames: give FRAME files, --frames DIR or --video FILE"), "{e}");
    let e = bad_input("sliding", &["read", "--templates", &templates, &frame, "--threshold", "1.5"]);
    assert!(e.contains("expected a correlation threshold in (0, 1]"), "{e}");
    // A frame of more pixels than allowed is refused from its header, before it is decoded.
    let e = bad_input("sliding", &["read", "--templates", &templates, &frame, "--max-megapixels", "0.01"]);
    assert!(e.contains("frame1.jpg") && e.contains("more than the 10000 an image may have here"), "{e}");
    let e = bad_input("sliding", &["read", "--templates", &templates, &frame, "--max-megapixels", "0"]);
    assert!(e.contains("expected a positive number of megapixels"), "{e}");
    let e = bad_input("sliding", &["read", "--templates", dir.join("none").to_str().unwrap(), &frame]);
    assert!(e.contains("none: no such file or folder"), "{e}");
    let not_image = dir.join("frame.png");
    std::fs::write(&not_image, "hello").unwrap();
    let e = bad_input("sliding", &["read", "--templates", &templates, not_image.to_str().unwrap()]);
    assert!(e.contains("frame.png"), "{e}");
    let e = bad_input(
        "sliding",
        &["read", "--templates", &templates, "--frames", dir.to_str().unwrap(), "--video", "x.mp4"],
    );
    assert!(e.contains("cannot be used with"), "{e}");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let e = bad_input("sliding", &["read", "--templates", &templates, "--frames", empty.to_str().unwrap()]);
    assert!(e.contains("no PNG or JPEG frames in this folder"), "{e}");
    let e =
        bad_input("sliding", &["read", "--templates", &templates, "--video", dir.join("none.mp4").to_str().unwrap()]);
    assert!(e.contains("none.mp4: no such video file"), "{e}");
    // The video path when ffmpeg is not installed: the message names the package.
    let video = dir.join("clip.mp4");
    std::fs::write(&video, "not really a video").unwrap();
    let out = delve()
        .env("DELVE_FFMPEG", dir.join("no-such-ffmpeg"))
        .args(["sliding", "read", "--templates", &templates, "--video", video.to_str().unwrap()])
        .output()
        .unwrap();
    let e = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{e}");
    assert!(e.starts_with("error: cannot run"), "{e}");
    assert!(
        e.contains("apt-get install ffmpeg") && e.contains("package `ffmpeg`") && e.contains("DELVE_FFMPEG"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With ffmpeg installed: frames made into a video and read back through the pipe.
#[test]
fn video_through_ffmpeg() {
    let available = std::process::Command::new("ffmpeg").arg("-version").output().is_ok_and(|o| o.status.success());
    if !available {
        eprintln!("note: ffmpeg is not installed; the --video read test is skipped (apt-get install ffmpeg)");
        return;
    }
    let dir = temp_dir("video");
    let templates = repo(&format!("{DEMO}/templates"));
    // The demo frames as a lossless video, three video frames per picture.
    for i in 1..=5 {
        let img = image::open(repo(&format!("{DEMO}/frames/frame{i}.jpg"))).unwrap().to_rgb8();
        let img = image::imageops::crop_imm(&img, 0, 0, 230, 170).to_image();
        for k in 0..3 {
            img.save(dir.join(format!("f{:03}.png", (i - 1) * 3 + k + 1))).unwrap();
        }
    }
    let video = dir.join("clip.mkv");
    let status = std::process::Command::new("ffmpeg")
        .args(["-v", "error", "-y", "-framerate", "10", "-i"])
        .arg(dir.join("f%03d.png"))
        .args(["-c:v", "ffv1", "-pix_fmt", "bgr0"])
        .arg(&video)
        .status()
        .unwrap();
    assert!(status.success());
    let kept = dir.join("kept");
    let v = json(
        "sliding",
        &[
            "read",
            "--templates",
            &templates,
            "--video",
            video.to_str().unwrap(),
            "--save-frames",
            kept.to_str().unwrap(),
        ],
        0,
    );
    assert_eq!(v["frames"].as_u64(), Some(15));
    // The frames of the two boards, as the video decodes them (lossless: the pictures).
    let saved = image::open(kept.join("frame000010.png")).unwrap().to_rgb8();
    let picture = image::open(dir.join("f010.png")).unwrap().to_rgb8();
    assert_eq!(saved, picture);
    assert!(kept.join("frame000001.png").exists() && std::fs::read_dir(&kept).unwrap().count() == 2);
    let boards: Vec<(String, String)> = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["frame"].as_str().unwrap().rsplit('#').next().unwrap().to_string(),
                b["pattern"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(boards, [("1".to_string(), "359B26478".to_string()), ("10".to_string(), "8734B9265".to_string())]);
    // A file ffmpeg cannot decode.
    let junk = dir.join("junk.mp4");
    std::fs::write(&junk, "not a video").unwrap();
    let e = bad_input("sliding", &["read", "--templates", &templates, "--video", junk.to_str().unwrap()]);
    assert!(e.contains("junk.mp4: ffmpeg could not decode the video"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
