//! Synthetic puzzles, drawn deterministically from a seed: tile art for any number of
//! puzzles, boards rendered onto a background at any place (also mid-slide), noise,
//! brightness changes and JPEG compression. The tests, the benchmark and the demo data of
//! `delve sliding read` are made with it, so no large images live in the repository.

use delve_core::rand::{Rng as _, SeedableRng};
use delve_core::random::SeededRng;
use image::{Rgb, RgbImage};

/// The art of one tile: a `size`-pixel square, different for every `(puzzle, tile)` (a
/// gradient, a few discs, bars and rings in random colours, and a little fine noise).
pub fn tile_art(puzzle: u64, tile: u8, size: u32) -> RgbImage {
    let mut rng = SeededRng::seed_from_u64(puzzle.wrapping_mul(1_000_003) ^ (tile as u64).wrapping_mul(7919) ^ 0x5EED);
    // Dark and bright colours in turn, so every tile has strong contrast in luma too.
    let colour = |rng: &mut SeededRng, bright: bool| {
        let range = if bright { 150..=240u8 } else { 16..=100u8 };
        Rgb([rng.random_range(range.clone()), rng.random_range(range.clone()), rng.random_range(range)])
    };
    let (a, b) = (colour(&mut rng, false), colour(&mut rng, true));
    let s = size as f32;
    let mut img = RgbImage::from_fn(size, size, |x, y| {
        let t = (x as f32 + y as f32) / (2.0 * s);
        Rgb(std::array::from_fn(|c| (a[c] as f32 * (1.0 - t) + b[c] as f32 * t) as u8))
    });
    for k in 0..6 {
        let c = colour(&mut rng, k % 2 == 0);
        let (cx, cy) = (rng.random_range(0.15..0.85) * s, rng.random_range(0.15..0.85) * s);
        let r = rng.random_range(0.08..0.25) * s;
        match rng.random_range(0..3) {
            0 => fill(&mut img, c, |x, y| (x - cx).powi(2) + (y - cy).powi(2) <= r * r),
            1 => fill(&mut img, c, |x, y| (x - cx).abs() <= r && (y - cy).abs() <= r * 0.4),
            _ => fill(&mut img, c, |x, y| (((x - cx).powi(2) + (y - cy).powi(2)).sqrt() - r).abs() <= r * 0.25),
        }
    }
    for p in img.pixels_mut() {
        for v in p.0.iter_mut() {
            *v = (*v as i32 + rng.random_range(-4..=4)).clamp(0, 255) as u8;
        }
    }
    img
}

fn fill(img: &mut RgbImage, c: Rgb<u8>, inside: impl Fn(f32, f32) -> bool) {
    for (x, y, p) in img.enumerate_pixels_mut() {
        if inside(x as f32 + 0.5, y as f32 + 0.5) {
            *p = c;
        }
    }
}

/// The middle `fraction` of `art` (a template, as the original study cropped its pieces).
pub fn centre_crop(art: &RgbImage, fraction: f32) -> RgbImage {
    let (w, h) = art.dimensions();
    let (cw, ch) = (((w as f32 * fraction) as u32).max(1), ((h as f32 * fraction) as u32).max(1));
    image::imageops::crop_imm(art, (w - cw) / 2, (h - ch) / 2, cw, ch).to_image()
}

/// A background: smooth colour waves and fine noise, different for every seed.
pub fn background(width: u32, height: u32, seed: u64) -> RgbImage {
    let mut rng = SeededRng::seed_from_u64(seed ^ 0xB4C6);
    let f: [f32; 6] = std::array::from_fn(|_| rng.random_range(0.005..0.03));
    let base: [f32; 3] = std::array::from_fn(|_| rng.random_range(40.0..200.0));
    let mut img = RgbImage::from_fn(width, height, |x, y| {
        let (x, y) = (x as f32, y as f32);
        Rgb(std::array::from_fn(|c| (base[c] + 40.0 * (x * f[c] + y * f[c + 3]).sin()) as u8))
    });
    for p in img.pixels_mut() {
        for v in p.0.iter_mut() {
            *v = (*v as i32 + rng.random_range(-6..=6)).clamp(0, 255) as u8;
        }
    }
    img
}

/// Where and how a board is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// Left edge of the board.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Side of a tile in pixels.
    pub tile: u32,
    /// Gap between tiles.
    pub gap: u32,
}

/// Draws the board `tiles` (row-major, 0 = blank, `cols` per row) at `layout`, each tile's art
/// from `art(tile)`; the blank cell is left as the background. With `slide = Some((cell, f))`
/// the tile in `cell` is drawn a fraction `f` of the way toward the blank (it must be next to
/// it), as in a frame caught mid-move.
pub fn draw_board(
    frame: &mut RgbImage,
    tiles: &[u8],
    cols: usize,
    layout: Layout,
    art: &dyn Fn(u8) -> RgbImage,
    slide: Option<(usize, f32)>,
) {
    let pitch = (layout.tile + layout.gap) as f32;
    let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
    let at = |cell: usize| ((cell % cols) as f32 * pitch, (cell / cols) as f32 * pitch);
    for (cell, &t) in tiles.iter().enumerate() {
        if t == 0 {
            continue;
        }
        let (mut px, mut py) = at(cell);
        if let Some((moving, f)) = slide
            && moving == cell
        {
            let (bx, by) = at(blank);
            px += (bx - px) * f;
            py += (by - py) * f;
        }
        let (x, y) = (layout.x as i64 + px.round() as i64, layout.y as i64 + py.round() as i64);
        image::imageops::replace(frame, &art(t), x, y);
    }
}

/// Adds uniform noise of ±`amplitude` grey levels, then maps every value `v` to
/// `gain · v + offset` (clamped): sensor noise and a brightness change.
pub fn degrade(frame: &mut RgbImage, seed: u64, amplitude: i32, gain: f32, offset: f32) {
    let mut rng = SeededRng::seed_from_u64(seed ^ 0xD15C);
    for p in frame.pixels_mut() {
        for v in p.0.iter_mut() {
            let noisy = *v as f32 + rng.random_range(-amplitude..=amplitude) as f32;
            *v = (gain * noisy + offset).clamp(0.0, 255.0) as u8;
        }
    }
}

/// The frame after a JPEG round trip at `quality` (1–100).
pub fn jpeg(frame: &RgbImage, quality: u8) -> RgbImage {
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality)
        .encode_image(frame)
        .expect("encoding into memory cannot fail");
    image::load_from_memory_with_format(&bytes, image::ImageFormat::Jpeg).expect("our own JPEG decodes").to_rgb8()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_is_deterministic_and_distinct() {
        assert_eq!(tile_art(1, 2, 32), tile_art(1, 2, 32));
        assert_ne!(tile_art(1, 2, 32), tile_art(1, 3, 32));
        assert_ne!(tile_art(1, 2, 32), tile_art(2, 2, 32));
        assert_eq!(centre_crop(&tile_art(1, 2, 50), 0.6).dimensions(), (30, 30));
    }

    #[test]
    fn boards_are_drawn_where_asked() {
        let mut f = background(200, 150, 1);
        let art = |t: u8| RgbImage::from_pixel(10, 10, Rgb([t * 20, 0, 0]));
        let layout = Layout { x: 7, y: 9, tile: 10, gap: 2 };
        draw_board(&mut f, &[1, 2, 3, 0], 2, layout, &art, None);
        assert_eq!(f.get_pixel(7 + 12 + 5, 9 + 5), &Rgb([40, 0, 0]));
        let mut g = background(200, 150, 1);
        draw_board(&mut g, &[1, 2, 3, 0], 2, layout, &art, Some((1, 0.5)));
        assert_eq!(g.get_pixel(7 + 12, 9 + 6 + 5), &Rgb([40, 0, 0]));
    }
}
