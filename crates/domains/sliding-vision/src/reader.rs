//! Reading one frame: which puzzle is on screen, where each piece is, and the pattern those
//! places make; and [`Tally`], which counts a run of frames as the original study did.

use crate::ncc::{Frame, Plane};
use crate::templates::{TemplateSet, pattern_text};
use delve_sliding::Grid;
use serde::Serialize;
use std::fmt;

/// The original study's threshold on the normalised cross-correlation of a piece.
pub const DEFAULT_THRESHOLD: f32 = 0.95;

/// How far a piece's centre may sit from its cell's centre, as a fraction of the distance
/// between cells: more and the piece is between two cells (mid-slide) and the frame is
/// skipped.
pub const CELL_TOLERANCE: f64 = 0.15;

/// A piece found in a frame: its template's place (top-left corner, size) and score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Found {
    /// The piece's label (`"2"`…`"9"` in keypad notation).
    pub label: String,
    /// Left edge of the matched template, in pixels.
    pub x: usize,
    /// Top edge.
    pub y: usize,
    /// Template width.
    pub w: usize,
    /// Template height.
    pub h: usize,
    /// Normalised cross-correlation there.
    pub score: f32,
}

/// Why a frame gave no board. Every skipped frame is counted, none is guessed.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Skip {
    /// No puzzle's key piece reaches the threshold.
    NoPuzzle {
        /// The best key score seen (0 when the frame is smaller than the templates).
        best: f32,
    },
    /// The puzzle is there but a piece is not found well enough.
    MissingPiece {
        /// The puzzle.
        puzzle: String,
        /// The piece.
        label: String,
        /// Its best score.
        score: f32,
    },
    /// The pieces do not sit on an m×n grid: one is between two cells (mid-slide).
    OffGrid {
        /// The puzzle.
        puzzle: String,
        /// The piece farthest off its cell.
        label: String,
    },
    /// Two pieces were found on the same cell.
    SharedCell {
        /// The puzzle.
        puzzle: String,
        /// The two pieces.
        labels: [String; 2],
        /// The cell (row-major, from 0).
        cell: usize,
    },
    /// Picking frames by their change ([`crate::change`]): the first frame, never read.
    FirstFrame,
    /// Picking frames by their change: too like the frame before to be read.
    SmallChange {
        /// The similarity to the frame before.
        similarity: f32,
    },
    /// Picking frames by their change: too unlike the frame before (a cut); it ends a run of
    /// one board.
    Cut {
        /// The similarity to the frame before.
        similarity: f32,
    },
}

impl Skip {
    /// A short name of the reason, for counts.
    pub fn kind(&self) -> &'static str {
        match self {
            Skip::NoPuzzle { .. } => "no_puzzle",
            Skip::MissingPiece { .. } => "missing_piece",
            Skip::OffGrid { .. } => "off_grid",
            Skip::SharedCell { .. } => "shared_cell",
            Skip::FirstFrame => "first_frame",
            Skip::SmallChange { .. } => "small_change",
            Skip::Cut { .. } => "cut",
        }
    }
}

impl fmt::Display for Skip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skip::NoPuzzle { best } => write!(f, "no puzzle (best key piece score {best:.3})"),
            Skip::MissingPiece { puzzle, label, score } => {
                write!(f, "puzzle {puzzle}: piece {label} not found (best score {score:.3})")
            }
            Skip::OffGrid { puzzle, label } => {
                write!(f, "puzzle {puzzle}: piece {label} is between two cells (mid-slide)")
            }
            Skip::SharedCell { puzzle, labels, cell } => {
                write!(f, "puzzle {puzzle}: pieces {} and {} both on cell {cell}", labels[0], labels[1])
            }
            Skip::FirstFrame => write!(f, "the first frame (nothing before it to compare with)"),
            Skip::SmallChange { similarity } => {
                write!(f, "changed too little from the frame before (similarity {similarity:.3})")
            }
            Skip::Cut { similarity } => {
                write!(f, "changed too much from the frame before (similarity {similarity:.3})")
            }
        }
    }
}

/// A board read from a frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// The puzzle's name.
    pub puzzle: String,
    /// The pattern (keypad `789456B23`, or row-major rows separated by `/`).
    pub pattern: String,
    /// The board state.
    pub grid: Grid,
    /// The weakest piece's score: every piece matched at least this well.
    pub score: f32,
}

/// What reading one frame gave: the board or why not, with every piece found on the way
/// (for drawing).
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// The puzzle identified, if any.
    pub puzzle: Option<String>,
    /// The pieces located (all of them when the puzzle was identified).
    pub found: Vec<Found>,
    /// The board, or why the frame is skipped.
    pub result: Result<Board, Skip>,
}

/// Reads boards from frames with one set of templates.
#[derive(Clone, Debug)]
pub struct Reader {
    set: TemplateSet,
    threshold: f32,
}

impl Reader {
    /// A reader matching `set` with `threshold` (0 < threshold ≤ 1; the original study used 0.95).
    pub fn new(set: TemplateSet, threshold: f32) -> Reader {
        Reader { set, threshold }
    }

    /// The templates.
    pub fn templates(&self) -> &TemplateSet {
        &self.set
    }

    /// Reads one frame.
    pub fn read(&self, frame: &image::RgbImage) -> Reading {
        let mut f = Frame::new(Plane::from_rgb(frame), self.set.depth());
        // Which puzzle: the best key piece over all puzzles.
        let mut best: Option<(usize, crate::ncc::Hit)> = None;
        for (i, p) in self.set.puzzles.iter().enumerate() {
            if let Some(hit) = f.best(&p.pieces[0].template)
                && best.is_none_or(|(_, b)| hit.score > b.score)
            {
                best = Some((i, hit));
            }
        }
        let Some((pi, key)) = best.filter(|(_, h)| h.score >= self.threshold) else {
            let best = best.map_or(0.0, |(_, h)| h.score);
            return Reading { puzzle: None, found: Vec::new(), result: Err(Skip::NoPuzzle { best }) };
        };
        let puzzle = &self.set.puzzles[pi];
        let mut found = Vec::with_capacity(puzzle.pieces.len());
        let mut missing = None;
        for (k, piece) in puzzle.pieces.iter().enumerate() {
            let t = &piece.template;
            let hit = if k == 0 { Some(key) } else { f.best(t) };
            let hit = hit.unwrap_or(crate::ncc::Hit { x: 0, y: 0, score: 0.0 });
            if hit.score < self.threshold && missing.is_none() {
                missing = Some(Skip::MissingPiece {
                    puzzle: puzzle.name.clone(),
                    label: piece.label.clone(),
                    score: hit.score,
                });
            }
            found.push(Found {
                label: piece.label.clone(),
                x: hit.x,
                y: hit.y,
                w: t.width(),
                h: t.height(),
                score: hit.score,
            });
        }
        let result = match missing {
            Some(skip) => Err(skip),
            None => self.place(puzzle, &found),
        };
        Reading { puzzle: Some(puzzle.name.clone()), found, result }
    }

    /// Turns the pieces' places into a board: their centres must form the board's grid. Each
    /// cell takes at most one piece (two on one cell skip the frame), so the m·n − 1 pieces
    /// leave exactly one blank and every pattern read is a permutation.
    fn place(&self, puzzle: &crate::templates::Puzzle, found: &[Found]) -> Result<Board, Skip> {
        let board = self.set.board;
        let centres: Vec<(f64, f64)> =
            found.iter().map(|f| (f.x as f64 + f.w as f64 / 2.0, f.y as f64 + f.h as f64 / 2.0)).collect();
        let min_w = found.iter().map(|f| f.w).min().unwrap_or(1) as f64;
        let min_h = found.iter().map(|f| f.h).min().unwrap_or(1) as f64;
        let off_grid = |i: usize| Skip::OffGrid { puzzle: puzzle.name.clone(), label: found[i].label.clone() };
        let cols = lattice(&centres.iter().map(|c| c.0).collect::<Vec<_>>(), board.cols(), min_w).map_err(off_grid)?;
        let rows = lattice(&centres.iter().map(|c| c.1).collect::<Vec<_>>(), board.rows(), min_h).map_err(off_grid)?;
        let mut tiles = vec![0u8; board.cells()];
        let mut owner: Vec<Option<usize>> = vec![None; board.cells()];
        for (i, piece) in puzzle.pieces.iter().enumerate() {
            let cell = rows[i] * board.cols() + cols[i];
            if let Some(j) = owner[cell] {
                return Err(Skip::SharedCell {
                    puzzle: puzzle.name.clone(),
                    labels: [found[j].label.clone(), found[i].label.clone()],
                    cell,
                });
            }
            owner[cell] = Some(i);
            tiles[cell] = piece.tile;
        }
        let grid = Grid::new(board, tiles).expect("distinct cells hold distinct tiles and one blank");
        Ok(Board {
            puzzle: puzzle.name.clone(),
            pattern: pattern_text(&grid, self.set.notation),
            grid,
            score: found.iter().map(|f| f.score).fold(1.0, f32::min),
        })
    }
}

/// Assigns each coordinate to one of `n` evenly spaced lines (columns or rows): the values
/// are split at the `n − 1` widest gaps, the lines must be at least `min_pitch · 0.9` apart and
/// evenly spaced (±[`CELL_TOLERANCE`] of the pitch), and every value within
/// [`CELL_TOLERANCE`] of the pitch from its line. Err names the value farthest off.
fn lattice(values: &[f64], n: usize, min_pitch: f64) -> Result<Vec<usize>, usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    // The n − 1 widest gaps between neighbours in sorted order.
    let mut gaps: Vec<usize> = (1..order.len()).collect();
    gaps.sort_by(|&a, &b| {
        (values[order[b]] - values[order[b - 1]]).total_cmp(&(values[order[a]] - values[order[a - 1]]))
    });
    let mut cuts: Vec<usize> = gaps.into_iter().take(n - 1).collect();
    if cuts.len() < n - 1 {
        return Err(order.last().copied().unwrap_or(0));
    }
    cuts.sort_unstable();
    let mut line = vec![0usize; values.len()];
    let mut means = vec![0.0f64; n];
    let mut counts = vec![0usize; n];
    let mut g = 0;
    for (k, &i) in order.iter().enumerate() {
        if g < cuts.len() && k == cuts[g] {
            g += 1;
        }
        line[i] = g;
        means[g] += values[i];
        counts[g] += 1;
    }
    for (m, &c) in means.iter_mut().zip(&counts) {
        *m /= c as f64;
    }
    let pitch = (means[n - 1] - means[0]) / (n - 1) as f64;
    let worst = || {
        (0..values.len()).max_by(|&a, &b| {
            let d = |i: usize| (values[i] - (means[0] + line[i] as f64 * pitch)).abs();
            d(a).total_cmp(&d(b))
        })
    };
    if pitch < 0.9 * min_pitch {
        return Err(worst().unwrap_or(0));
    }
    let tol = CELL_TOLERANCE * pitch;
    let uneven = means.windows(2).any(|w| ((w[1] - w[0]) - pitch).abs() > tol);
    let far = (0..values.len()).any(|i| (values[i] - means[line[i]]).abs() > tol);
    if uneven || far {
        return Err(worst().unwrap_or(0));
    }
    Ok(line)
}

/// A distinct board in a run of frames.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardRow {
    /// The frame it was first seen in.
    pub frame: String,
    /// The puzzle's name.
    pub puzzle: String,
    /// The pattern.
    pub pattern: String,
    /// The weakest piece's score in that frame.
    pub score: f32,
}

/// The report of `delve sliding read --json`: the boards read, in frame order, and the
/// frames counted.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ReadReport {
    /// Each new board, with the frame it was first seen in.
    pub boards: Vec<JsonBoard>,
    /// Frames seen.
    pub frames: u64,
    /// Frames skipped.
    pub skipped: u64,
    /// Frames that repeated the board just before them.
    pub repeats: u64,
    /// Skipped frames by reason.
    pub skips: std::collections::BTreeMap<&'static str, u64>,
    /// The `puzzle_number,pattern` CSV written, if one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub csv: Option<String>,
    /// True when Ctrl-C stopped the run before the last frame.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
}

impl ReadReport {
    /// The report of the boards `rows` a run counted into `tally`; `csv` names the CSV
    /// written, and `interrupted` says whether Ctrl-C stopped the run.
    pub fn new(rows: &[BoardRow], tally: &Tally, csv: Option<String>, interrupted: bool) -> Self {
        ReadReport {
            boards: rows.iter().map(JsonBoard::from).collect(),
            frames: tally.frames,
            skipped: tally.skipped_total(),
            repeats: tally.repeats,
            skips: tally.skipped.clone(),
            csv,
            interrupted,
        }
    }
}

/// A board in a [`ReadReport`].
#[derive(Clone, Debug, serde::Serialize)]
pub struct JsonBoard {
    /// The frame it was first seen in.
    pub frame: String,
    /// A number when the puzzle's name is one (the original study's 1-6), else its name.
    pub puzzle: serde_json::Value,
    /// The pattern.
    pub pattern: String,
    /// The weakest piece's score in that frame, to four decimals.
    pub score: f32,
}

impl From<&BoardRow> for JsonBoard {
    fn from(r: &BoardRow) -> Self {
        JsonBoard {
            frame: r.frame.clone(),
            puzzle: r.puzzle.parse::<u64>().map_or_else(|_| r.puzzle.clone().into(), Into::into),
            pattern: r.pattern.clone(),
            score: (r.score * 1e4).round() / 1e4,
        }
    }
}

/// The boards `rows` as `puzzle_number,pattern` lines, the CSV `delve sliding analyze`
/// reads.
pub fn boards_csv(rows: &[BoardRow]) -> String {
    rows.iter().map(|r| format!("{},{}\n", r.puzzle, r.pattern)).collect()
}

/// Counts a run of frames as the original study did: a board counts once however many
/// consecutive frames show it; it counts again only after a frame without a puzzle (the
/// puzzle was closed and opened again), a cut ([`Skip::Cut`]) or a different board. Frames
/// skipped for a missing piece, a piece mid-slide or a small change do not break a run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Tally {
    /// Frames seen.
    pub frames: u64,
    /// Frames skipped, by reason ([`Skip::kind`]).
    pub skipped: std::collections::BTreeMap<&'static str, u64>,
    /// Frames that repeated the board before them.
    pub repeats: u64,
    #[serde(skip)]
    last: Option<(String, String)>,
}

impl Tally {
    /// Counts `reading` of frame `name`; returns the board when it is a new one.
    pub fn add(&mut self, name: &str, reading: &Reading) -> Option<BoardRow> {
        self.frames += 1;
        match &reading.result {
            Err(skip) => {
                *self.skipped.entry(skip.kind()).or_default() += 1;
                if matches!(skip, Skip::NoPuzzle { .. } | Skip::Cut { .. }) {
                    self.last = None;
                }
                None
            }
            Ok(b) => {
                let key = (b.puzzle.clone(), b.pattern.clone());
                if self.last.as_ref() == Some(&key) {
                    self.repeats += 1;
                    return None;
                }
                self.last = Some(key);
                Some(BoardRow {
                    frame: name.to_string(),
                    puzzle: b.puzzle.clone(),
                    pattern: b.pattern.clone(),
                    score: b.score,
                })
            }
        }
    }
    /// Frames skipped, all reasons together.
    pub fn skipped_total(&self) -> u64 {
        self.skipped.values().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lattices_accept_grids_and_refuse_strays() {
        // Three columns 100 apart, a blank in the middle one.
        let xs = [10.0, 110.0, 210.0, 10.0, 211.0, 9.0, 110.0, 210.0];
        assert_eq!(lattice(&xs, 3, 60.0).unwrap(), [0, 1, 2, 0, 2, 0, 1, 2]);
        // A piece halfway between two columns.
        let mut mid = xs;
        mid[6] = 160.0;
        assert_eq!(lattice(&mid, 3, 60.0), Err(6));
        // A piece a third of the way.
        mid[6] = 143.0;
        assert!(lattice(&mid, 3, 60.0).is_err());
        // Lines closer than the templates are wide: the pieces overlap, not a board.
        assert!(lattice(&xs, 3, 150.0).is_err());
        // Everything on one spot.
        assert!(lattice(&[5.0; 8], 3, 10.0).is_err());
    }
}
