//! Writes the demo data of `delve sliding read` (data/demo: the templates of two synthetic
//! 3×3 puzzles and five small frames) so the help's examples and the README run without any
//! screenshot: `cargo run -p delve-sliding-vision --example make_demo`.

use delve_sliding::notation::parse_state;
use delve_sliding_vision::synth::{self, Layout};
use std::path::Path;

const TILE: u32 = 36;

/// A frame's board: puzzle, pattern, top-left corner, and a tile caught mid-slide.
type Shot = (u64, &'static str, (u32, u32), Option<(usize, f32)>);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/demo");
    let (templates, frames) = (root.join("templates"), root.join("frames"));
    std::fs::create_dir_all(&templates)?;
    std::fs::create_dir_all(&frames)?;
    let art = |p: u64, t: u8| synth::tile_art(p, t, TILE);
    for p in 1..=2u64 {
        for piece in 2..=9u8 {
            // JPEG, as the original study's `sample_template/{puzzle}{piece}.jpg`.
            let crop = synth::centre_crop(&art(p, piece - 1), 0.6);
            let file = std::fs::File::create(templates.join(format!("{p}{piece}.jpg")))?;
            image::codecs::jpeg::JpegEncoder::new_with_quality(file, 95).encode_image(&crop)?;
        }
    }
    // (puzzle, pattern, place, a tile mid-slide), or no board at all.
    let shots: [Option<Shot>; 5] = [
        Some((1, "359B26478", (30, 20), None)),
        Some((1, "359B26478", (34, 18), None)),
        None,
        Some((2, "8734B9265", (80, 40), None)),
        Some((2, "8734B9265", (80, 40), Some((1, 0.5)))),
    ];
    for (i, shot) in shots.iter().enumerate() {
        let mut frame = synth::background(230, 170, 100 + i as u64);
        if let Some((p, pattern, (x, y), slide)) = shot {
            let (grid, _) = parse_state(pattern, None)?;
            let layout = Layout { x: *x, y: *y, tile: TILE, gap: 2 };
            synth::draw_board(&mut frame, grid.tiles(), 3, layout, &|t| art(*p, t), *slide);
        }
        synth::degrade(&mut frame, i as u64, 3, 1.0 - 0.05 * i as f32, 4.0 * i as f32);
        let path = frames.join(format!("frame{}.jpg", i + 1));
        image::codecs::jpeg::JpegEncoder::new_with_quality(std::fs::File::create(&path)?, 92).encode_image(&frame)?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
