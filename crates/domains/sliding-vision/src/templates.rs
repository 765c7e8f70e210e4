//! Tile templates: one image per piece of each puzzle, loaded from a folder named as the
//! original study names them or from a JSON manifest.
//!
//! - **Folder**: files `{puzzle}{piece}.png|jpg|jpeg`, `piece` one keypad digit (2–9; 1 is
//!   the blank and has no image), `puzzle` the rest of the name (`12.jpg` is puzzle 1's piece 2,
//!   `103.png` puzzle 10's piece 3). Every puzzle needs the same pieces, which must be exactly
//!   2..=k of a square board of k cells (8 pieces: 3×3, 3 pieces: 2×2); other boards need a
//!   manifest. A `manifest.json` inside the folder is read instead, when there is one.
//! - **Manifest** (`*.json`): a board of any size, any puzzle names, tiles in either notation:
//!
//! ```json
//! { "board": "2x3", "notation": "keypad",
//!   "puzzles": [ { "puzzle": "forest", "pieces": { "2": "f2.png", "3": "f3.png", "4": "f4.png",
//!                                                   "5": "f5.png", "6": "f6.png" } } ] }
//! ```
//!
//! `notation` is `keypad` (labels 2..=cells, the default up to 9 cells) or `row-major`
//! (labels 1..cells, the default above 9 cells); paths are relative to the manifest. The
//! first piece listed in label order (the original study's piece 2 in keypad notation), or the
//! one named by `"key"`, is the piece that tells the puzzles apart.
//!
//! Each image is a crop of the middle of its piece, at the scale pieces have in the frames;
//! colour images are matched on their luma.

use crate::error::Error;
use crate::ncc::{Plane, Template};
use delve_sliding::notation::{Notation, label};
use delve_sliding::{Dims, Grid};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One piece's template.
#[derive(Clone, Debug)]
pub struct Piece {
    /// The tile it shows (internal numbering: keypad label − 1, or the row-major number).
    pub tile: u8,
    /// Its label in the set's notation (`"2"`…`"9"` for keypad).
    pub label: String,
    /// The prepared template.
    pub template: Template,
}

/// One puzzle's pieces; the first is the key that identifies the puzzle on screen.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The puzzle's name (its number in the original study).
    pub name: String,
    /// Every tile's template, the key first, then by tile.
    pub pieces: Vec<Piece>,
}

/// The templates of every puzzle, all on one board.
#[derive(Clone, Debug)]
pub struct TemplateSet {
    /// The board the puzzles are on.
    pub board: Dims,
    /// How patterns are written.
    pub notation: Notation,
    /// The puzzles, in name order (numeric names numerically).
    pub puzzles: Vec<Puzzle>,
}

/// One puzzle's images for [`TemplateSet::build`]: its name, its key tile (`None`: the
/// smallest), and `(tile, image, where the image came from)` for every tile.
pub type PuzzleImages = (String, Option<u8>, Vec<(u8, image::RgbImage, String)>);

/// The manifest's JSON shape.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    board: String,
    #[serde(default)]
    notation: Option<String>,
    puzzles: Vec<ManifestPuzzle>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ManifestPuzzle {
    puzzle: serde_json::Value,
    #[serde(default)]
    key: Option<String>,
    pieces: BTreeMap<String, PathBuf>,
}

/// The most pixels an image file may have by default: a little over 8K (7680 × 4320), far
/// above any screenshot, and about 160 MB decoded.
pub const MAX_PIXELS: u64 = 40_000_000;

/// Loads an image file as RGB, naming the file in any error; at most [`MAX_PIXELS`] pixels.
pub fn load_rgb(path: &Path) -> Result<image::RgbImage, Error> {
    load_rgb_within(path, MAX_PIXELS)
}

/// Loads an image file as RGB if it has at most `max_pixels` pixels. The size is read from
/// the file's header first, so a small file that unpacks to a huge image is refused before
/// anything is decoded; the file itself is read through the bounded reader.
pub fn load_rgb_within(path: &Path, max_pixels: u64) -> Result<image::RgbImage, Error> {
    let bytes = delve_core::input::read_bytes(path).map_err(|e| Error::io(path, e))?;
    let open = || {
        image::io::Reader::new(std::io::Cursor::new(&bytes[..])).with_guessed_format().map_err(|e| Error::io(path, e))
    };
    let (width, height) = open()?.into_dimensions().map_err(|e| Error::io(path, e))?;
    let pixels = u64::from(width) * u64::from(height);
    if pixels > max_pixels {
        return Err(Error::io(
            path,
            format!("{width} × {height} is {pixels} pixels, more than the {max_pixels} an image may have here"),
        ));
    }
    let img = open()?.decode().map_err(|e| Error::io(path, e))?;
    Ok(img.to_rgb8())
}

/// Sorts names so that numbers compare numerically (`2` before `10`), as frame and puzzle
/// names are written.
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    fn chunks(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for i in 1..=bytes.len() {
            if i == bytes.len() || bytes[i].is_ascii_digit() != bytes[start].is_ascii_digit() {
                out.push((bytes[start].is_ascii_digit(), &s[start..i]));
                start = i;
            }
        }
        out
    }
    let (ca, cb) = (chunks(a), chunks(b));
    for (x, y) in ca.iter().zip(&cb) {
        let ord = match (x, y) {
            ((true, p), (true, q)) => {
                let (p, q) = (p.trim_start_matches('0'), q.trim_start_matches('0'));
                p.len().cmp(&q.len()).then_with(|| p.cmp(q))
            }
            ((_, p), (_, q)) => p.cmp(q),
        };
        if ord.is_ne() {
            return ord;
        }
    }
    ca.len().cmp(&cb.len()).then_with(|| a.cmp(b))
}

fn is_image(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        let e = e.to_ascii_lowercase();
        e == "png" || e == "jpg" || e == "jpeg"
    })
}

/// The image files of a folder (PNG, JPEG), in natural name order.
pub fn image_files(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| Error::io(dir, e))?.path();
        if path.is_file() && is_image(&path) {
            files.push(path);
        }
    }
    files.sort_by(|a, b| natural_cmp(&a.to_string_lossy(), &b.to_string_lossy()));
    Ok(files)
}

impl TemplateSet {
    /// Loads templates from `path`: a folder (named files, or a `manifest.json` inside it) or a
    /// manifest file.
    pub fn load(path: &Path) -> Result<TemplateSet, Error> {
        if path.is_dir() {
            let manifest = path.join("manifest.json");
            if manifest.is_file() { TemplateSet::from_manifest(&manifest) } else { TemplateSet::from_dir(path) }
        } else if path.exists() {
            // A manifest file; the bounded reader refuses devices by name.
            TemplateSet::from_manifest(path)
        } else {
            Err(Error::io(path, "no such file or folder"))
        }
    }

    /// Loads a folder of `{puzzle}{piece}.png|jpg` files (the original study's naming).
    pub fn from_dir(dir: &Path) -> Result<TemplateSet, Error> {
        let mut puzzles: BTreeMap<String, BTreeMap<u8, PathBuf>> = BTreeMap::new();
        for path in image_files(dir)? {
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let bad = || {
                Error::Templates(format!(
                    "{}: a template's name is {{puzzle}}{{piece}} with piece a keypad digit 2-9 (e.g. `12.png` is puzzle 1's piece 2)",
                    path.display()
                ))
            };
            let (puzzle, piece) = stem.split_at(stem.len().saturating_sub(1));
            let piece = piece.parse::<u8>().ok().filter(|d| (2..=9).contains(d)).ok_or_else(bad)?;
            if puzzle.is_empty() || puzzle.contains(char::is_whitespace) {
                return Err(bad());
            }
            if let Some(old) = puzzles.entry(puzzle.to_string()).or_default().insert(piece, path.clone()) {
                return Err(Error::Templates(format!(
                    "{} and {} are both puzzle {puzzle}'s piece {piece}",
                    old.display(),
                    path.display()
                )));
            }
        }
        let Some((first, pieces)) = puzzles.iter().next() else {
            return Err(Error::Templates(format!(
                "{}: no templates (expected files like 12.png … 19.png: puzzle 1, pieces 2-9)",
                dir.display()
            )));
        };
        let cells = pieces.len() + 1;
        let board = Dims::square_of(cells)
            .filter(|b| b.cells() <= 9)
            .filter(|_| pieces.keys().copied().eq(2..=cells as u8))
            .ok_or_else(|| {
                Error::Templates(format!(
                    "{}: puzzle {first} has pieces {:?}; a folder holds the pieces 2-4 of a 2x2 board or 2-9 of a 3x3 \
                     (other boards need a manifest.json)",
                    dir.display(),
                    pieces.keys().collect::<Vec<_>>()
                ))
            })?;
        let mut list = Vec::new();
        for (name, pieces) in &puzzles {
            if !pieces.keys().eq(puzzles[first].keys()) {
                return Err(Error::Templates(format!(
                    "{}: puzzle {name} has pieces {:?} but puzzle {first} has {:?}; every puzzle needs every piece",
                    dir.display(),
                    pieces.keys().collect::<Vec<_>>(),
                    puzzles[first].keys().collect::<Vec<_>>()
                )));
            }
            let mut loaded = Vec::new();
            for (&k, path) in pieces {
                loaded.push((k - 1, load_rgb(path)?, path.display().to_string()));
            }
            list.push((name.clone(), None, loaded));
        }
        TemplateSet::build(board, Notation::Keypad, list)
    }

    /// Loads a JSON manifest (see the module's documentation).
    pub fn from_manifest(path: &Path) -> Result<TemplateSet, Error> {
        let text = delve_core::input::read_text(path).map_err(|e| Error::io(path, e))?;
        let m: Manifest = serde_json::from_str(&text)
            .map_err(|e| Error::Templates(format!("{}: not a template manifest: {e}", path.display())))?;
        let bad = |msg: String| Error::Templates(format!("{}: {msg}", path.display()));
        let board = Dims::parse(&m.board).map_err(|e| bad(format!("board: {e}")))?;
        let notation = match m.notation.as_deref() {
            None if board.cells() <= 9 => Notation::Keypad,
            None => Notation::RowMajor,
            Some("keypad") if board.cells() <= 9 => Notation::Keypad,
            Some("keypad") => return Err(bad(format!("keypad notation covers boards up to 9 cells, not {board}"))),
            Some("row-major") => Notation::RowMajor,
            Some(other) => return Err(bad(format!("notation `{other}`: expected `keypad` or `row-major`"))),
        };
        let base = path.parent().unwrap_or(Path::new("."));
        let mut list = Vec::new();
        for p in &m.puzzles {
            let name = match &p.puzzle {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Number(n) => n.to_string(),
                other => return Err(bad(format!("puzzle name {other}: expected a number or a string"))),
            };
            if name.is_empty() || name.contains([',', '"', '\n']) {
                return Err(bad(format!("puzzle name `{name}`: it must be non-empty, without commas or quotes")));
            }
            let mut loaded = Vec::new();
            for (lab, file) in &p.pieces {
                let tile = tile_of(lab, board, notation).ok_or_else(|| {
                    bad(format!("puzzle {name}: `{lab}` is not a tile of a {board} board in {notation:?} notation"))
                })?;
                loaded.push((tile, load_rgb(&base.join(file))?, base.join(file).display().to_string()));
            }
            let key = match &p.key {
                Some(k) => Some(
                    tile_of(k, board, notation)
                        .ok_or_else(|| bad(format!("puzzle {name}: key `{k}` is not a tile")))?,
                ),
                None => None,
            };
            list.push((name, key, loaded));
        }
        TemplateSet::build(board, notation, list)
    }

    /// Builds a set from images in memory: per puzzle its name, its key tile (default: the
    /// smallest) and `(tile, image, where it came from)` for every tile of `board`.
    pub fn build(board: Dims, notation: Notation, puzzles: Vec<PuzzleImages>) -> Result<TemplateSet, Error> {
        if puzzles.is_empty() {
            return Err(Error::Templates("no puzzles in the templates".into()));
        }
        let mut out = Vec::new();
        for (name, key, mut images) in puzzles {
            if out.iter().any(|p: &Puzzle| p.name == name) {
                return Err(Error::Templates(format!("puzzle {name} is listed twice")));
            }
            images.sort_by_key(|(t, _, _)| *t);
            let tiles: Vec<u8> = images.iter().map(|(t, _, _)| *t).collect();
            if !tiles.iter().copied().eq(1..board.cells() as u8) {
                let labels: Vec<String> = tiles.iter().map(|&t| label(t, notation)).collect();
                let want: Vec<String> = (1..board.cells() as u8).map(|t| label(t, notation)).collect();
                return Err(Error::Templates(format!(
                    "puzzle {name}: a {board} board needs one template per tile {}, got {}",
                    want.join(" "),
                    labels.join(" ")
                )));
            }
            let mut pieces = Vec::new();
            for (tile, img, source) in images {
                let template = Template::new(&Plane::from_rgb(&img)).ok_or_else(|| {
                    Error::Templates(format!(
                        "{source}: the template is flat (one colour) or smaller than 2x2: crop a textured part of the piece"
                    ))
                })?;
                pieces.push(Piece { tile, label: label(tile, notation), template });
            }
            let key = key.unwrap_or(1);
            let k = pieces.iter().position(|p| p.tile == key).expect("every tile is present");
            pieces[..=k].rotate_right(1);
            out.push(Puzzle { name, pieces });
        }
        out.sort_by(|a, b| natural_cmp(&a.name, &b.name));
        Ok(TemplateSet { board, notation, puzzles: out })
    }

    /// How many pyramid levels the templates use at most.
    pub fn depth(&self) -> usize {
        self.puzzles.iter().flat_map(|p| &p.pieces).map(|p| p.template.depth()).max().unwrap_or(0)
    }
}

/// The tile a label names on `board` in `notation`, if any.
fn tile_of(text: &str, board: Dims, notation: Notation) -> Option<u8> {
    let n: u8 = text.trim().parse().ok()?;
    let tile = match notation {
        Notation::Keypad => n.checked_sub(1)?,
        Notation::RowMajor => n,
    };
    (1..board.cells() as u8).contains(&tile).then_some(tile)
}

/// Writes a pattern the way `delve sliding analyze` reads it back without being told the
/// board: the one-line form, and for row-major boards with rows separated by `/`.
pub fn pattern_text(grid: &Grid, notation: Notation) -> String {
    let b = grid.dims();
    match notation {
        Notation::Keypad => delve_sliding::notation::format_state(grid, notation),
        Notation::RowMajor => grid
            .tiles()
            .chunks(b.cols())
            .map(|row| row.iter().map(|&t| label(t, notation)).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join(" / "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_sliding::notation::parse_state;

    #[test]
    fn natural_order() {
        let mut v = vec!["frame10.png", "frame9.png", "frame1.png", "frame09b.png", "a"];
        v.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(v, ["a", "frame1.png", "frame9.png", "frame09b.png", "frame10.png"]);
    }

    #[test]
    fn labels_name_tiles() {
        let b = Dims::new(3, 3).unwrap();
        assert_eq!(tile_of("2", b, Notation::Keypad), Some(1));
        assert_eq!(tile_of("1", b, Notation::Keypad), None);
        assert_eq!(tile_of("9", b, Notation::Keypad), Some(8));
        assert_eq!(tile_of("10", b, Notation::Keypad), None);
        assert_eq!(tile_of("8", b, Notation::RowMajor), Some(8));
        assert_eq!(tile_of("0", b, Notation::RowMajor), None);
    }

    #[test]
    fn patterns_read_back_without_a_size() {
        for (text, size) in [("359B26478", None), ("1 2 3 4 / 5 6 7 8 / 9 10 11 0", Some((3, 4)))] {
            let board = size.map(|(r, c)| Dims::new(r, c).unwrap());
            let (g, n) = parse_state(text, board).unwrap();
            let written = pattern_text(&g, n);
            assert_eq!(written, text);
            assert_eq!(parse_state(&written, None).unwrap().0, g);
        }
    }
}
