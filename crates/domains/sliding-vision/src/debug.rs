//! Tracking images: a frame with every piece found outlined in its own colour and labelled,
//! as the original study's `frame1 track.jpg` (green when the board was read, red when skipped).

use crate::reader::Reading;
use image::{Rgb, RgbImage};

/// Outline colours, one per piece (cycled).
const COLOURS: [[u8; 3]; 8] = [
    [255, 0, 0],
    [0, 255, 0],
    [0, 0, 255],
    [200, 200, 0],
    [200, 0, 200],
    [0, 200, 200],
    [255, 128, 0],
    [255, 255, 255],
];

/// 3×5 digit glyphs (bit 2 = left column), for the pieces' labels.
const DIGITS: [[u8; 5]; 10] = [
    [7, 5, 5, 5, 7],
    [2, 6, 2, 2, 7],
    [7, 1, 7, 4, 7],
    [7, 1, 7, 1, 7],
    [5, 5, 7, 1, 1],
    [7, 4, 7, 1, 7],
    [7, 4, 7, 5, 7],
    [7, 1, 1, 1, 1],
    [7, 5, 7, 5, 7],
    [7, 5, 7, 1, 7],
];

fn put(img: &mut RgbImage, x: i64, y: i64, c: Rgb<u8>) {
    if x >= 0 && y >= 0 && (x as u32) < img.width() && (y as u32) < img.height() {
        img.put_pixel(x as u32, y as u32, c);
    }
}

fn rect(img: &mut RgbImage, x: i64, y: i64, w: i64, h: i64, thick: i64, c: Rgb<u8>) {
    for t in 0..thick {
        for i in x - t..x + w + t {
            put(img, i, y - t, c);
            put(img, i, y + h - 1 + t, c);
        }
        for j in y - t..y + h + t {
            put(img, x - t, j, c);
            put(img, x + w - 1 + t, j, c);
        }
    }
}

fn text(img: &mut RgbImage, x: i64, y: i64, s: &str, scale: i64, c: Rgb<u8>) {
    for (k, d) in s.chars().filter_map(|ch| ch.to_digit(10)).enumerate() {
        for (row, bits) in DIGITS[d as usize].iter().enumerate() {
            for col in 0..3 {
                if bits >> (2 - col) & 1 == 1 {
                    for dy in 0..scale {
                        for dx in 0..scale {
                            let px = x + (k as i64 * 4 + col) * scale + dx;
                            put(img, px, y + row as i64 * scale + dy, c);
                        }
                    }
                }
            }
        }
    }
}

/// Draws `reading` onto `frame`: each found piece's template outlined and labelled, and a
/// frame border, green when the board was read and red when the frame was skipped.
pub fn draw(frame: &mut RgbImage, reading: &Reading) {
    let scale = (frame.width().min(frame.height()) as i64 / 240).max(1);
    for (i, f) in reading.found.iter().enumerate() {
        let c = Rgb(COLOURS[i % COLOURS.len()]);
        rect(frame, f.x as i64, f.y as i64, f.w as i64, f.h as i64, scale + 1, c);
        text(frame, f.x as i64 + 2 * scale + 2, f.y as i64 + 2 * scale + 2, &f.label, scale * 2, c);
    }
    let border = if reading.result.is_ok() { Rgb([0, 220, 0]) } else { Rgb([230, 0, 0]) };
    rect(frame, 0, 0, frame.width() as i64, frame.height() as i64, scale * 2, border);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::{Found, Skip};

    #[test]
    fn outlines_and_labels_land_on_the_piece() {
        let mut img = RgbImage::new(100, 80);
        let found = vec![Found { label: "7".into(), x: 20, y: 10, w: 30, h: 30, score: 1.0 }];
        let reading = Reading { puzzle: Some("1".into()), found, result: Err(Skip::NoPuzzle { best: 0.0 }) };
        draw(&mut img, &reading);
        assert_eq!(img.get_pixel(20, 10), &Rgb(COLOURS[0]));
        assert_eq!(img.get_pixel(49, 39), &Rgb(COLOURS[0]));
        assert_eq!(img.get_pixel(0, 0), &Rgb([230, 0, 0]));
        // The label's top bar ("7" starts with a full row).
        assert_eq!(img.get_pixel(24, 14), &Rgb(COLOURS[0]));
        assert_eq!(img.get_pixel(35, 25), &Rgb([0, 0, 0]));
    }
}
