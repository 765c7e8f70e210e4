//! Picking frames by how much they changed from the frame before, the original study's way
//! through a video (its §4-3): each frame is compared with the one just before it by the
//! normalised cross-correlation of the whole frames (OpenCV's `TM_CCOEFF_NORMED` with a
//! template as large as the frame, so one score), and only a frame that changed enough, but
//! not too much, is read.
//!
//! The study read a frame when that similarity was strictly between 0.5 and 0.8: near 1 the
//! frame merely continues the one before (nothing new), a middling score is the puzzle
//! popping up, and a low one is the answer appearing first or the puzzle closing. Here the
//! thresholds are changes, 1 − similarity: the study's band is `min_change` 0.2 and
//! `max_change` 0.5. The score is taken on grey frames (luma), as [`crate::ncc`] matches
//! pieces; a frame with no texture at all, or a frame of another size than the one before,
//! counts as completely changed (similarity 0).

use crate::ncc::Plane;
use image::RgbImage;

/// How a frame compares with the one before it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Change {
    /// The first frame: nothing to compare with, so not read (the study's first frame only
    /// became the "frame before" of the second).
    First,
    /// Changed less than `min_change` (similarity given): a continuation, not read.
    Small(f32),
    /// Changed more than `max_change`: a cut (a screen appearing or closing), not read; it
    /// ends a run of frames showing one board, as a frame with no puzzle does.
    Cut(f32),
    /// Changed by an amount in the band: read it.
    Read(f32),
}

/// The frame-to-frame gate: remembers the frame before and classifies each new one.
#[derive(Clone, Debug)]
pub struct ChangeGate {
    min_change: f32,
    max_change: f32,
    previous: Option<Plane>,
}

impl ChangeGate {
    /// A gate reading frames whose change (1 − similarity to the frame before) is at least
    /// `min_change` and at most `max_change` (both in [0, 1]; the study: 0.2 and 0.5, each
    /// bound exclusive there).
    pub fn new(min_change: f32, max_change: f32) -> ChangeGate {
        ChangeGate { min_change, max_change, previous: None }
    }

    /// Classifies `frame` against the frame before it, and remembers it as the frame before
    /// the next one.
    ///
    /// ```
    /// use delve_sliding_vision::change::{Change, ChangeGate};
    /// use delve_sliding_vision::synth;
    /// let mut gate = ChangeGate::new(0.2, 0.5);
    /// let frame = synth::background(64, 48, 1);
    /// assert_eq!(gate.check(&frame), Change::First);
    /// assert!(matches!(gate.check(&frame), Change::Small(s) if (s - 1.0).abs() < 1e-4));
    /// // The negative of a frame: similarity -1, a change of 2.
    /// let mut negative = frame.clone();
    /// negative.pixels_mut().for_each(|p| p.0 = p.0.map(|v| 255 - v));
    /// assert!(matches!(gate.check(&negative), Change::Cut(s) if s < -0.99));
    /// ```
    pub fn check(&mut self, frame: &RgbImage) -> Change {
        let plane = Plane::from_rgb(frame);
        let change = match &self.previous {
            None => Change::First,
            Some(before) => {
                let similarity = similarity(before, &plane);
                let change = 1.0 - similarity;
                if change < self.min_change {
                    Change::Small(similarity)
                } else if change > self.max_change {
                    Change::Cut(similarity)
                } else {
                    Change::Read(similarity)
                }
            }
        };
        self.previous = Some(plane);
        change
    }
}

/// The normalised cross-correlation of two whole frames (the Pearson correlation of their
/// pixels), in [−1, 1]; 0 when either has no texture or their sizes differ.
pub fn similarity(a: &Plane, b: &Plane) -> f32 {
    if (a.w, a.h) != (b.w, b.h) || a.data.is_empty() {
        return 0.0;
    }
    let n = a.data.len() as f64;
    let mean = |p: &Plane| p.data.iter().map(|&v| f64::from(v)).sum::<f64>() / n;
    let (ma, mb) = (mean(a), mean(b));
    let (mut cross, mut sa, mut sb) = (0.0, 0.0, 0.0);
    for (&x, &y) in a.data.iter().zip(&b.data) {
        let (dx, dy) = (f64::from(x) - ma, f64::from(y) - mb);
        cross += dx * dy;
        sa += dx * dx;
        sb += dy * dy;
    }
    // Below this, a frame is flat: a constant picture has nothing to correlate.
    let flat = 1e-6 * n;
    if sa <= flat || sb <= flat {
        return 0.0;
    }
    (cross / (sa * sb).sqrt()) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plane(w: usize, h: usize, f: impl Fn(usize, usize) -> f32) -> Plane {
        Plane { w, h, data: (0..w * h).map(|i| f(i % w, i / w)).collect() }
    }

    /// Scores worked by hand: a frame against itself, its negative, a brightened copy, and a
    /// half-changed one.
    #[test]
    fn similarity_is_the_correlation_of_the_frames() {
        let a = plane(4, 2, |x, y| (x + 4 * y) as f32);
        assert!((similarity(&a, &a) - 1.0).abs() < 1e-6);
        let negative = plane(4, 2, |x, y| 100.0 - (x + 4 * y) as f32);
        assert!((similarity(&a, &negative) + 1.0).abs() < 1e-6);
        // Gain and offset leave the score alone.
        let brighter = plane(4, 2, |x, y| 3.0 * (x + 4 * y) as f32 + 20.0);
        assert!((similarity(&a, &brighter) - 1.0).abs() < 1e-6);
        // Values 0 0 1 1 against 0 1 0 1: centred ±0.5 each, cross sum 0: uncorrelated.
        let (p, q) = (plane(4, 1, |x, _| (x / 2) as f32), plane(4, 1, |x, _| (x % 2) as f32));
        assert!(similarity(&p, &q).abs() < 1e-6);
        // 0 1 2 3 against 0 1 2 0: means 1.5 and 0.75; cross 0.5, sums of squares 5 and 2.75,
        // so 0.5 / sqrt(13.75).
        let (r, s) = (plane(4, 1, |x, _| x as f32), plane(4, 1, |x, _| (x % 3) as f32));
        assert!((similarity(&r, &s) - (0.5 / 13.75f64.sqrt()) as f32).abs() < 1e-6);
        let flat = plane(4, 2, |_, _| 7.0);
        assert_eq!(similarity(&a, &flat), 0.0);
        assert_eq!(similarity(&a, &plane(2, 4, |x, y| (x + y) as f32)), 0.0);
    }

    #[test]
    fn the_gate_reads_only_the_band() {
        let mut gate = ChangeGate::new(0.2, 0.5);
        let frame = |f: &dyn Fn(u32, u32) -> u8| RgbImage::from_fn(8, 8, |x, y| image::Rgb([f(x, y); 3]));
        let base = frame(&|x, y| (x * 30 + y * 3) as u8);
        assert_eq!(gate.check(&base), Change::First);
        assert!(matches!(gate.check(&base), Change::Small(_)));
        // Inverted: similarity -1, a change of 2.
        assert!(matches!(gate.check(&frame(&|x, y| 255 - (x * 30 + y * 3) as u8)), Change::Cut(s) if s < -0.99));
        // Back to the base (again a cut). Then rows 0 50 100 150 against 50 0 150 100, by
        // hand as 0 1 2 3 against 1 0 3 2 (scale does not matter): centred, the cross sum is
        // 3 and each sum of squares 5, so the similarity is 0.6, a change of 0.4.
        assert!(matches!(gate.check(&base), Change::Cut(_)));
        let row = |v: [u8; 4]| RgbImage::from_fn(4, 1, |x, _| image::Rgb([v[x as usize]; 3]));
        let mut gate = ChangeGate::new(0.2, 0.5);
        gate.check(&row([0, 50, 100, 150]));
        assert!(matches!(gate.check(&row([50, 0, 150, 100])), Change::Read(s) if (s - 0.6).abs() < 1e-5));
        // 0 1 2 3 against 0 1 0 1 is 1 / sqrt(5) = 0.447: a change of 0.553, a cut.
        gate.check(&row([0, 50, 100, 150]));
        assert!(matches!(gate.check(&row([0, 50, 0, 50])), Change::Cut(s) if (s - 0.4472).abs() < 1e-4));
        // Everything is read between 0 and 2.
        let mut open = ChangeGate::new(0.0, 2.0);
        open.check(&base);
        assert!(matches!(open.check(&base), Change::Read(_)));
    }
}
