//! Reading a 1080p frame: six 3×3 puzzles' templates (the original study's set), a board of
//! 180-pixel tiles drawn on a 1920×1080 background with noise. Target: under 50 ms per
//! frame on one core. `cargo bench -p delve-sliding-vision --bench read`.

use criterion::Criterion;
use delve_core::rand::{Rng as _, SeedableRng};
use delve_core::random::SeededRng;
use delve_sliding::Dims;
use delve_sliding::notation::Notation;
use delve_sliding_vision::synth::{self, Layout};
use delve_sliding_vision::{Reader, TemplateSet};
use std::hint::black_box;

const TILE: u32 = 180;

fn bench(c: &mut Criterion) {
    let board = Dims::new(3, 3).expect("3x3");
    let art = |p: u64, t: u8| synth::tile_art(p, t, TILE);
    let puzzles = (1..=6u64)
        .map(|p| {
            (p.to_string(), None, (1..9u8).map(|t| (t, synth::centre_crop(&art(p, t), 0.6), String::new())).collect())
        })
        .collect();
    let reader = Reader::new(TemplateSet::build(board, Notation::Keypad, puzzles).expect("templates"), 0.95);
    let mut rng = SeededRng::seed_from_u64(1080);
    let mut frame = synth::background(1920, 1080, 1);
    let tiles = [8u8, 2, 5, 0, 1, 4, 3, 6, 7];
    let layout = Layout { x: 700, y: 230, tile: TILE, gap: 6 };
    synth::draw_board(&mut frame, &tiles, 3, layout, &|t| art(6, t), None);
    synth::degrade(&mut frame, rng.random(), 4, 0.9, 10.0);
    let board = reader.read(&frame).result.expect("the bench frame reads");
    assert_eq!(board.pattern, "936B25478");
    let empty = synth::background(1920, 1080, 2);
    assert!(reader.read(&empty).result.is_err());
    // Wall-clock time suffers when other jobs share the cores; the process's CPU time does not
    // (much): print it too.
    for (name, f) in [("board", &frame), ("no puzzle", &empty)] {
        if let Some(ms) = cpu_ms_per_call(30, || {
            black_box(reader.read(black_box(f)));
        }) {
            println!("read_1080p {name}: {ms:.1} ms of CPU per frame (30 reads, /proc/self/stat)");
        }
    }
    c.bench_function("read_1080p_board", |b| b.iter(|| reader.read(black_box(&frame))));
    c.bench_function("read_1080p_no_puzzle", |b| b.iter(|| reader.read(black_box(&empty))));
}

/// CPU time of this process (user + system) in milliseconds, from `/proc/self/stat` (Linux).
fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let (user, system): (f64, f64) = (fields.get(11)?.parse().ok()?, fields.get(12)?.parse().ok()?);
    Some((user + system) * 10.0) // clock ticks of 1/100 s
}

/// The CPU time of one call of `f`, averaged over `n` calls.
fn cpu_ms_per_call(n: usize, mut f: impl FnMut()) -> Option<f64> {
    let start = cpu_ms()?;
    for _ in 0..n {
        f();
    }
    Some((cpu_ms()? - start) / n as f64)
}

// What `criterion_group!`/`criterion_main!` expand to, minus an undocumented public fn.
fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
