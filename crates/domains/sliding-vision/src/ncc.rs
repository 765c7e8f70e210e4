//! Normalised cross-correlation (OpenCV's `TM_CCOEFF_NORMED`) on grey images, coarse to fine.
//!
//! The score of a template `T` (w×h) at the window of image `I` whose top-left corner is
//! `(u, v)` is
//!
//! ```text
//!            Σ (T(x,y) − mean T) · (I(u+x, v+y) − mean of the window)
//! score = ─────────────────────────────────────────────────────────────
//!          sqrt(Σ (T − mean T)²) · sqrt(Σ (I(window) − mean of the window)²)
//! ```
//!
//! which is 1 for a perfect match, is unchanged by any brightness gain and offset of the
//! frame, and is taken as 0 on a flat window (no texture, nothing to correlate).
//!
//! A search builds a pyramid (each level half the size of the one below, by 2×2 averaging),
//! computes the score at every position of the coarsest level where the template still has
//! at least [`MIN_SIDE`] pixels a side (window sums from integral images, the correlation
//! as row-wise multiply-adds the compiler vectorises), keeps the [`CANDIDATES`] best local
//! maxima, and follows each down the pyramid, scoring a small window around its doubled
//! position (±2 pixels on the level below the coarse map, ±1 further down; moved on while
//! the best score sits on the window's edge). The score returned
//! is the exact full-resolution score at the final position, so a threshold means what it
//! means in OpenCV; only the choice of where to look is approximate.

/// The smallest side, in pixels, a template keeps at the coarsest level searched.
pub const MIN_SIDE: usize = 8;
/// How many coarse local maxima are followed down to full resolution.
pub const CANDIDATES: usize = 4;
/// A candidate whose score trails the best one by more than this at a pyramid level is
/// dropped before the next, finer level.
const PRUNE_MARGIN: f32 = 0.25;
/// The most pyramid levels above full resolution (1/16 scale).
const MAX_LEVELS: usize = 4;

/// A grey image: `w × h` luma values, row-major.
#[derive(Clone, Debug)]
pub struct Plane {
    /// Width in pixels.
    pub w: usize,
    /// Height in pixels.
    pub h: usize,
    /// Luma per pixel (0–255 scale).
    pub data: Vec<f32>,
}

impl Plane {
    /// The luma of an RGB image (ITU-R BT.601 weights, as OpenCV's `BGR2GRAY`).
    pub fn from_rgb(img: &image::RgbImage) -> Plane {
        let data = img
            .as_raw()
            .chunks_exact(3)
            .map(|p| 0.299 * p[0] as f32 + 0.587 * p[1] as f32 + 0.114 * p[2] as f32)
            .collect();
        Plane { w: img.width() as usize, h: img.height() as usize, data }
    }

    /// Half the size, each pixel the mean of a 2×2 block (an odd last row or column is dropped).
    pub fn half(&self) -> Plane {
        let (w, h) = (self.w / 2, self.h / 2);
        let mut data = Vec::with_capacity(w * h);
        for y in 0..h {
            let r0 = &self.data[2 * y * self.w..][..2 * w];
            let r1 = &self.data[(2 * y + 1) * self.w..][..2 * w];
            data.extend(r0.chunks_exact(2).zip(r1.chunks_exact(2)).map(|(a, b)| 0.25 * (a[0] + a[1] + b[0] + b[1])));
        }
        Plane { w, h, data }
    }

    fn row(&self, y: usize) -> &[f32] {
        &self.data[y * self.w..(y + 1) * self.w]
    }
}

/// One pyramid level of a template: zero-mean values and their norm.
#[derive(Clone, Debug)]
struct Level {
    w: usize,
    h: usize,
    /// `T − mean T`.
    data: Vec<f32>,
    /// `sqrt(Σ (T − mean T)²)`.
    norm: f64,
}

impl Level {
    fn new(p: &Plane) -> Level {
        let n = p.data.len() as f64;
        let mean = p.data.iter().map(|&v| v as f64).sum::<f64>() / n;
        let data: Vec<f32> = p.data.iter().map(|&v| (v as f64 - mean) as f32).collect();
        let norm = data.iter().map(|&v| (v as f64) * (v as f64)).sum::<f64>().sqrt();
        Level { w: p.w, h: p.h, data, norm }
    }
    /// Textured enough to correlate: a standard deviation of at least half a grey level.
    fn textured(&self) -> bool {
        self.norm / ((self.w * self.h) as f64).sqrt() >= 0.5
    }
}

/// A template prepared for searching: its pyramid of zero-mean levels.
#[derive(Clone, Debug)]
pub struct Template {
    levels: Vec<Level>,
}

impl Template {
    /// Prepares `plane`; `None` when it is flat (no texture: nothing to correlate) or smaller
    /// than 2×2.
    pub fn new(plane: &Plane) -> Option<Template> {
        if plane.w < 2 || plane.h < 2 {
            return None;
        }
        let base = Level::new(plane);
        if !base.textured() {
            return None;
        }
        let mut levels = vec![base];
        let mut p = plane.clone();
        while levels.len() <= MAX_LEVELS && p.w.min(p.h) / 2 >= MIN_SIDE {
            p = p.half();
            let level = Level::new(&p);
            if !level.textured() {
                break;
            }
            levels.push(level);
        }
        Some(Template { levels })
    }
    /// Width at full resolution.
    pub fn width(&self) -> usize {
        self.levels[0].w
    }
    /// Height at full resolution.
    pub fn height(&self) -> usize {
        self.levels[0].h
    }
    /// How many levels above full resolution a search may use.
    pub fn depth(&self) -> usize {
        self.levels.len() - 1
    }
}

/// A frame prepared for searching: its pyramid and, per level, integral images of the
/// values and their squares (built on first use).
pub struct Frame {
    planes: Vec<Plane>,
    integrals: Vec<Option<Integral>>,
}

/// Summed-area tables of a plane and of its squares, `(w+1) × (h+1)`.
struct Integral {
    sum: Vec<f64>,
    sq: Vec<f64>,
}

impl Integral {
    fn new(p: &Plane) -> Integral {
        let w1 = p.w + 1;
        let mut sum = vec![0.0; w1 * (p.h + 1)];
        let mut sq = vec![0.0; w1 * (p.h + 1)];
        for y in 0..p.h {
            let (mut rs, mut rq) = (0.0f64, 0.0f64);
            for (x, &v) in p.row(y).iter().enumerate() {
                rs += v as f64;
                rq += (v as f64) * (v as f64);
                sum[(y + 1) * w1 + x + 1] = sum[y * w1 + x + 1] + rs;
                sq[(y + 1) * w1 + x + 1] = sq[y * w1 + x + 1] + rq;
            }
        }
        Integral { sum, sq }
    }
    fn window(&self, w1: usize, u: usize, v: usize, w: usize, h: usize) -> (f64, f64) {
        let at = |t: &[f64]| t[(v + h) * w1 + u + w] - t[v * w1 + u + w] - t[(v + h) * w1 + u] + t[v * w1 + u];
        (at(&self.sum), at(&self.sq))
    }
}

/// A match: the template's top-left corner at full resolution and its exact score there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    /// Left edge.
    pub x: usize,
    /// Top edge.
    pub y: usize,
    /// Normalised cross-correlation, −1 to 1.
    pub score: f32,
}

/// The score from the three window sums: `cross = Σ T'·I`, `sum = Σ I`, `sq = Σ I²` over `n`
/// pixels, against a template of norm `norm`.
fn score(cross: f64, sum: f64, sq: f64, n: f64, norm: f64) -> f32 {
    let var = sq - sum * sum / n;
    // A flat window (below a hundredth of a grey level's deviation) matches nothing.
    if var <= 1e-4 * n {
        return 0.0;
    }
    (cross / (norm * var.sqrt())).clamp(-1.0, 1.0) as f32
}

impl Frame {
    /// Prepares `plane` for templates that may search up to `levels` levels above it.
    pub fn new(plane: Plane, levels: usize) -> Frame {
        let mut planes = vec![plane];
        while planes.len() <= levels.min(MAX_LEVELS) {
            let next = planes.last().expect("non-empty").half();
            planes.push(next);
        }
        let integrals = planes.iter().map(|_| None).collect();
        Frame { planes, integrals }
    }

    /// Width at full resolution.
    pub fn width(&self) -> usize {
        self.planes[0].w
    }
    /// Height at full resolution.
    pub fn height(&self) -> usize {
        self.planes[0].h
    }

    /// The best match of `t` anywhere in the frame, `None` when the frame is smaller than it.
    pub fn best(&mut self, t: &Template) -> Option<Hit> {
        let top = t.depth().min(self.planes.len() - 1);
        let tl = &t.levels[top];
        let (pw, ph) = (self.planes[top].w, self.planes[top].h);
        if pw < tl.w || ph < tl.h {
            // The frame is too small for the coarse level: try full resolution directly.
            return if top > 0 && self.planes[0].w >= t.width() && self.planes[0].h >= t.height() {
                self.exhaustive(t)
            } else {
                None
            };
        }
        let map = self.map(top, tl);
        let (ow, oh) = (pw - tl.w + 1, ph - tl.h + 1);
        let radius = (tl.w.max(tl.h) / 2).max(1);
        let mut found: Vec<(usize, usize, f32)> =
            peaks(&map, ow, oh, radius, CANDIDATES).into_iter().map(|(u, v)| (u, v, map[v * ow + u])).collect();
        for level in (0..top).rev() {
            for c in found.iter_mut() {
                // ±2 below the coarse map (its peaks are the roughest), ±1 further down.
                let r = if level + 1 == top { 2 } else { 1 };
                *c = self.climb(level, &t.levels[level], 2 * c.0, 2 * c.1, r);
            }
            // Follow on only the candidates close to the best so far: full resolution is where
            // the time goes, and a candidate this far behind at a coarser level does not win.
            let best = found.iter().map(|c| c.2).fold(f32::NEG_INFINITY, f32::max);
            found.retain(|c| c.2 >= best - PRUNE_MARGIN);
        }
        found.into_iter().map(|(x, y, score)| Hit { x, y, score }).max_by(|a, b| a.score.total_cmp(&b.score))
    }

    /// The exact score of `t` with its top-left corner at `(x, y)` of the full-resolution
    /// frame; `None` when it does not fit there.
    pub fn score_at(&self, t: &Template, x: usize, y: usize) -> Option<f32> {
        let p = &self.planes[0];
        (x + t.width() <= p.w && y + t.height() <= p.h).then(|| self.at(0, &t.levels[0], x, y))
    }

    /// The best position of `t` over every full-resolution position (no pyramid): slow,
    /// the exact answer the pyramid search is checked against.
    pub fn best_exhaustive(&mut self, t: &Template) -> Option<Hit> {
        if self.planes[0].w < t.width() || self.planes[0].h < t.height() {
            return None;
        }
        self.exhaustive(t)
    }

    /// Every position at full resolution (frames too small for a pyramid search).
    fn exhaustive(&mut self, t: &Template) -> Option<Hit> {
        let tl = &t.levels[0];
        let map = self.map(0, tl);
        let ow = self.planes[0].w - tl.w + 1;
        let (i, &s) = map.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1))?;
        Some(Hit { x: i % ow, y: i / ow, score: s })
    }

    /// The score at every position of level `level`.
    fn map(&mut self, level: usize, t: &Level) -> Vec<f32> {
        let p = &self.planes[level];
        let integral = self.integrals[level].get_or_insert_with(|| Integral::new(p));
        let (ow, oh) = (p.w - t.w + 1, p.h - t.h + 1);
        let n = (t.w * t.h) as f64;
        let mut out = vec![0.0f32; ow * oh];
        let mut acc = vec![0.0f32; ow];
        for v in 0..oh {
            acc.iter_mut().for_each(|a| *a = 0.0);
            for ty in 0..t.h {
                let row = &p.row(v + ty);
                let trow = &t.data[ty * t.w..(ty + 1) * t.w];
                for (tx, &tv) in trow.iter().enumerate() {
                    let src = &row[tx..tx + ow];
                    for (a, &s) in acc.iter_mut().zip(src) {
                        *a += tv * s;
                    }
                }
            }
            for (u, &cross) in acc.iter().enumerate() {
                let (sum, sq) = integral.window(p.w + 1, u, v, t.w, t.h);
                out[v * ow + u] = score(cross as f64, sum, sq, n, t.norm);
            }
        }
        out
    }

    /// The exact score of `t` at `(u, v)` of level `level`.
    fn at(&self, level: usize, t: &Level, u: usize, v: usize) -> f32 {
        let p = &self.planes[level];
        let (mut cross, mut sum, mut sq) = (0.0f64, 0.0f64, 0.0f64);
        for ty in 0..t.h {
            let row = &p.row(v + ty)[u..u + t.w];
            let trow = &t.data[ty * t.w..(ty + 1) * t.w];
            // Eight lanes of partial sums, so the loop runs on vector registers.
            let (mut c, mut s, mut q) = ([0.0f32; 8], [0.0f32; 8], [0.0f32; 8]);
            let (rows8, trows8) = (row.chunks_exact(8), trow.chunks_exact(8));
            let (rest, trest) = (rows8.remainder(), trows8.remainder());
            for (a, b) in rows8.zip(trows8) {
                for k in 0..8 {
                    c[k] += a[k] * b[k];
                    s[k] += a[k];
                    q[k] += a[k] * a[k];
                }
            }
            for (&a, &b) in rest.iter().zip(trest) {
                c[0] += a * b;
                s[0] += a;
                q[0] += a * a;
            }
            cross += c.iter().sum::<f32>() as f64;
            sum += s.iter().sum::<f32>() as f64;
            sq += q.iter().sum::<f32>() as f64;
        }
        score(cross, sum, sq, (t.w * t.h) as f64, t.norm)
    }

    /// The best position of `t` on level `level` near `(u, v)`: a ±`r` window, moved on while
    /// its best score lies on its edge (at most a few steps).
    fn climb(&self, level: usize, t: &Level, u: usize, v: usize, r: usize) -> (usize, usize, f32) {
        let p = &self.planes[level];
        let (max_u, max_v) = (p.w - t.w, p.h - t.h);
        let (mut cu, mut cv) = (u.min(max_u), v.min(max_v));
        let mut best = (cu, cv, f32::NEG_INFINITY);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..6 {
            for y in cv.saturating_sub(r)..=(cv + r).min(max_v) {
                for x in cu.saturating_sub(r)..=(cu + r).min(max_u) {
                    if seen.insert((x, y)) {
                        let s = self.at(level, t, x, y);
                        if s > best.2 {
                            best = (x, y, s);
                        }
                    }
                }
            }
            let on_edge = best.0.abs_diff(cu) == r || best.1.abs_diff(cv) == r;
            if !on_edge {
                break;
            }
            (cu, cv) = (best.0, best.1);
        }
        best
    }
}

/// The `k` best local maxima of a `w × h` score map, at least `radius` apart (Chebyshev).
fn peaks(map: &[f32], w: usize, h: usize, radius: usize, k: usize) -> Vec<(usize, usize)> {
    let mut maxima: Vec<(f32, usize, usize)> = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let s = map[y * w + x];
            let mut is_max = true;
            'n: for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                    if map[ny * w + nx] > s {
                        is_max = false;
                        break 'n;
                    }
                }
            }
            if is_max {
                maxima.push((s, x, y));
            }
        }
    }
    maxima.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut kept: Vec<(usize, usize)> = Vec::with_capacity(k);
    for (_, x, y) in maxima {
        if kept.iter().all(|&(kx, ky)| kx.abs_diff(x) > radius || ky.abs_diff(y) > radius) {
            kept.push((x, y));
            if kept.len() == k {
                break;
            }
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plane of deterministic value noise: random values on an 8-pixel lattice, smoothly
    /// interpolated, plus a little per-pixel detail (textured like tile art, not periodic).
    fn pattern(w: usize, h: usize, seed: u32) -> Plane {
        let hash = |x: usize, y: usize| {
            let mut v = (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                ^ seed as u64;
            v ^= v >> 29;
            v = v.wrapping_mul(0xBF58_476D_1CE4_E5B9);
            (v >> 40) as f32 / (1u64 << 24) as f32
        };
        let data = (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                let (gx, gy, fx, fy) = (x / 8, y / 8, (x % 8) as f32 / 8.0, (y % 8) as f32 / 8.0);
                let top = hash(gx, gy) * (1.0 - fx) + hash(gx + 1, gy) * fx;
                let bottom = hash(gx, gy + 1) * (1.0 - fx) + hash(gx + 1, gy + 1) * fx;
                40.0 + 170.0 * (top * (1.0 - fy) + bottom * fy) + 20.0 * hash(x + 1000, y)
            })
            .collect();
        Plane { w, h, data }
    }

    fn crop(p: &Plane, x: usize, y: usize, w: usize, h: usize) -> Plane {
        let data = (0..h).flat_map(|r| p.data[(y + r) * p.w + x..][..w].to_vec()).collect();
        Plane { w, h, data }
    }

    /// The score by its definition, computed naively in f64.
    fn naive(p: &Plane, t: &Plane, u: usize, v: usize) -> f64 {
        let n = (t.w * t.h) as f64;
        let win: Vec<f64> = (0..t.h)
            .flat_map(|y| (0..t.w).map(move |x| (x, y)))
            .map(|(x, y)| p.data[(v + y) * p.w + u + x] as f64)
            .collect();
        let tv: Vec<f64> = t.data.iter().map(|&v| v as f64).collect();
        let (mw, mt) = (win.iter().sum::<f64>() / n, tv.iter().sum::<f64>() / n);
        let cross: f64 = win.iter().zip(&tv).map(|(a, b)| (a - mw) * (b - mt)).sum();
        let nw = win.iter().map(|a| (a - mw).powi(2)).sum::<f64>().sqrt();
        let nt = tv.iter().map(|b| (b - mt).powi(2)).sum::<f64>().sqrt();
        cross / (nw * nt)
    }

    #[test]
    fn scores_follow_the_definition() {
        let p = pattern(90, 70, 3);
        let t = crop(&pattern(90, 70, 5), 10, 20, 24, 18);
        let tpl = Template::new(&t).unwrap();
        let frame = Frame::new(p.clone(), 0);
        for (u, v) in [(0, 0), (13, 7), (66, 52)] {
            let got = frame.at(0, &tpl.levels[0], u, v) as f64;
            assert!((got - naive(&p, &t, u, v)).abs() < 1e-4, "({u},{v}): {got}");
        }
        let mut frame = Frame::new(p.clone(), 0);
        let map = frame.map(0, &tpl.levels[0]);
        assert!((map[7 * 67 + 13] as f64 - naive(&p, &t, 13, 7)).abs() < 1e-4);
    }

    #[test]
    fn finds_a_crop_exactly_under_gain_and_offset() {
        let p = pattern(400, 300, 1);
        for (x, y) in [(0, 0), (123, 77), (331, 241), (200, 5)] {
            let t = crop(&p, x, y, 64, 56);
            let tpl = Template::new(&t).unwrap();
            assert!(tpl.depth() >= 2);
            // Brighter and lower contrast: the score does not change.
            let lit = Plane { data: p.data.iter().map(|v| 0.7 * v + 40.0).collect(), ..p.clone() };
            let hit = Frame::new(lit, tpl.depth()).best(&tpl).unwrap();
            assert_eq!((hit.x, hit.y), (x, y));
            assert!(hit.score > 0.999, "{}", hit.score);
        }
    }

    #[test]
    fn flat_templates_and_windows_score_nothing() {
        let flat = Plane { w: 20, h: 20, data: vec![90.0; 400] };
        assert!(Template::new(&flat).is_none());
        let tpl = Template::new(&pattern(20, 20, 2)).unwrap();
        let hit = Frame::new(Plane { w: 60, h: 50, data: vec![10.0; 3000] }, 2).best(&tpl).unwrap();
        assert_eq!(hit.score, 0.0);
        // A frame smaller than the template: nothing to find.
        assert!(Frame::new(pattern(10, 30, 1), 2).best(&tpl).is_none());
    }

    #[test]
    fn peaks_are_separated() {
        let mut map = vec![0.0f32; 100];
        map[11] = 0.9;
        map[12] = 0.8;
        map[88] = 0.7;
        assert_eq!(peaks(&map, 10, 10, 2, 4)[..2], [(1, 1), (8, 8)]);
    }
}
