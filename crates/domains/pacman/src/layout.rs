//! CS188 `.lay` layouts: `%` wall, `.` food, `o` capsule, `P` Pacman, `G` a ghost (or `1`–`4`
//! for a numbered ghost), space empty. The top text row is the maze's top; coordinates are
//! CS188's, `(x, y)` with `y = 0` the bottom row. Ghosts are numbered as CS188 numbers them:
//! sorted by `(x, y)`, numbered ghosts (`1`–`4`) after the `G`s.

use delve_core::ParseError;
use std::fmt;
use std::path::Path;

/// What is wrong with a layout text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// A character that is not one of `% . o P G 1 2 3 4` or space.
    UnknownCharacter(char),
    /// No `P` anywhere.
    NoPacman,
    /// A second `P`.
    SecondPacman,
    /// A row longer or shorter than the first.
    RaggedRow {
        /// The first row's width.
        expected: usize,
        /// This row's width.
        found: usize,
    },
    /// A border cell that is not a wall: Pacman could walk off the maze.
    OpenBorder(char),
    /// Nothing but blank lines.
    Empty,
    /// More capsules than the game keeps track of.
    TooManyCapsules,
    /// A maze of more than [`MAX_CELLS`] cells.
    TooLarge {
        /// The maze's width.
        width: usize,
        /// The maze's height.
        height: usize,
    },
}

/// The most cells a maze may have. The agents keep the maze distance between every two open
/// cells (two bytes each), so a maze of N cells takes up to 2·N² bytes: 200 MB at this limit,
/// against 3 GB for 200 × 200. CS188's largest layout has 756 cells.
pub const MAX_CELLS: usize = 10_000;

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::UnknownCharacter(c) => {
                write!(f, "unknown character {c:?} (expected % . o P G 1-4 or space)")
            }
            LayoutError::NoPacman => write!(f, "no Pacman (`P`) in the layout"),
            LayoutError::SecondPacman => write!(f, "a second Pacman (`P`): a layout has exactly one"),
            LayoutError::RaggedRow { expected, found } => {
                let characters =
                    |n: &usize| if *n == 1 { "1 character".to_string() } else { format!("{n} characters") };
                write!(
                    f,
                    "row is {} wide, the first row is {} (as in CS188, spaces at either end of a row are not part of it)",
                    characters(found),
                    characters(expected)
                )
            }
            LayoutError::OpenBorder(c) => {
                write!(f, "open border: {c:?} on the edge of the maze, which must be all walls (`%`)")
            }
            LayoutError::Empty => write!(f, "empty layout"),
            LayoutError::TooManyCapsules => write!(f, "more than 64 capsules"),
            LayoutError::TooLarge { width, height } => write!(
                f,
                "the maze is {width} × {height} = {} cells; a maze may have at most {MAX_CELLS}",
                width * height
            ),
        }
    }
}

/// A parsed maze: walls, food, capsules and where the agents start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// `walls[x + y * width]`.
    pub walls: Vec<bool>,
    /// `food[x + y * width]`.
    pub food: Vec<bool>,
    /// Capsule cells, in CS188's order (bottom row first, left to right).
    pub capsules: Vec<(usize, usize)>,
    /// Pacman's start.
    pub pacman: (usize, usize),
    /// The ghosts' starts, ghost 1 first.
    pub ghosts: Vec<(usize, usize)>,
    /// The text it was parsed from (for replay files).
    pub text: String,
}

/// The layouts that ship with CS188's multiagent project (see data/SOURCES.md), by name.
const BUILT_IN: [(&str, &str); 11] = [
    ("capsuleClassic", include_str!("../data/layouts/capsuleClassic.lay")),
    ("contestClassic", include_str!("../data/layouts/contestClassic.lay")),
    ("mediumClassic", include_str!("../data/layouts/mediumClassic.lay")),
    ("minimaxClassic", include_str!("../data/layouts/minimaxClassic.lay")),
    ("openClassic", include_str!("../data/layouts/openClassic.lay")),
    ("originalClassic", include_str!("../data/layouts/originalClassic.lay")),
    ("powerClassic", include_str!("../data/layouts/powerClassic.lay")),
    ("smallClassic", include_str!("../data/layouts/smallClassic.lay")),
    ("testClassic", include_str!("../data/layouts/testClassic.lay")),
    ("trappedClassic", include_str!("../data/layouts/trappedClassic.lay")),
    ("trickyClassic", include_str!("../data/layouts/trickyClassic.lay")),
];

impl Layout {
    /// The names of the built-in layouts.
    pub fn names() -> impl Iterator<Item = &'static str> {
        BUILT_IN.iter().map(|(n, _)| *n)
    }

    /// A built-in layout by name (`smallClassic`, …; a trailing `.lay` is allowed).
    pub fn named(name: &str) -> Option<Layout> {
        let name = name.strip_suffix(".lay").unwrap_or(name);
        let (_, text) = BUILT_IN.iter().find(|(n, _)| *n == name)?;
        Some(Layout::parse(text).expect("built-in layouts parse"))
    }

    /// Reads a `.lay` file; errors name the file, line and column.
    pub fn read(path: &Path) -> Result<Layout, LayoutReadError> {
        let text = delve_core::input::read_text(path)
            .map_err(|error| LayoutReadError::Io { file: path.display().to_string(), error })?;
        Layout::parse(&text).map_err(|mut e| {
            e.file = Some(path.to_path_buf());
            LayoutReadError::Parse(e)
        })
    }

    /// Parses a layout text. Lines are trimmed of surrounding whitespace as CS188 does
    /// (so indented layouts inside test files read the same); blank lines are skipped.
    pub fn parse(text: &str) -> Result<Layout, ParseError<LayoutError>> {
        let err = |line: usize, column: usize, kind| ParseError { file: None, line, column, kind };
        // (line number, column of the first kept character, the row)
        let mut rows: Vec<(usize, usize, Vec<char>)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let trimmed = raw.trim();
            if trimmed.is_empty() {
                continue;
            }
            let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
            rows.push((i + 1, lead + 1, trimmed.chars().collect()));
        }
        let Some(first) = rows.first() else {
            return Err(err(1, 1, LayoutError::Empty));
        };
        let width = first.2.len();
        let height = rows.len();
        if width.saturating_mul(height) > MAX_CELLS {
            return Err(err(first.0, first.1, LayoutError::TooLarge { width, height }));
        }
        let mut layout = Layout {
            width,
            height,
            walls: vec![false; width * height],
            food: vec![false; width * height],
            capsules: Vec::new(),
            pacman: (0, 0),
            ghosts: Vec::new(),
            text: text.to_string(),
        };
        let mut pacman = None;
        // (order key, x, y): `G` ghosts sort before numbered ones, then by (x, y).
        let mut ghosts: Vec<(u32, usize, usize)> = Vec::new();
        let mut capsules = Vec::new();
        for (r, (line, col0, chars)) in rows.iter().enumerate() {
            // CS188 reads `width` characters of every row: extra walls at the end of a row
            // (capsuleClassic's last row has one) are ignored; anything else is a mistake.
            let extra_walls = chars.len() > width && chars[width..].iter().all(|&c| c == '%');
            if chars.len() != width && !extra_walls {
                let column = col0 + chars.len().min(width);
                return Err(err(*line, column, LayoutError::RaggedRow { expected: width, found: chars.len() }));
            }
            let y = height - 1 - r;
            for (x, &c) in chars.iter().take(width).enumerate() {
                let at = x + y * width;
                let column = col0 + x;
                match c {
                    '%' => layout.walls[at] = true,
                    '.' => layout.food[at] = true,
                    'o' => capsules.push((y, x)),
                    'P' if pacman.is_some() => return Err(err(*line, column, LayoutError::SecondPacman)),
                    'P' => pacman = Some((x, y)),
                    'G' => ghosts.push((1, x, y)),
                    '1'..='4' => ghosts.push((c as u32 - '0' as u32, x, y)),
                    ' ' => {}
                    other => return Err(err(*line, column, LayoutError::UnknownCharacter(other))),
                }
                let border = x == 0 || x + 1 == width || r == 0 || r + 1 == height;
                if border && c != '%' {
                    return Err(err(*line, column, LayoutError::OpenBorder(c)));
                }
            }
        }
        let Some(pacman) = pacman else {
            let last = rows.last().expect("at least one row");
            return Err(err(last.0, last.1, LayoutError::NoPacman));
        };
        if capsules.len() > 64 {
            return Err(err(first.0, first.1, LayoutError::TooManyCapsules));
        }
        // CS188 reads rows bottom-up, left to right.
        capsules.sort_unstable();
        layout.capsules = capsules.into_iter().map(|(y, x)| (x, y)).collect();
        ghosts.sort_unstable();
        layout.ghosts = ghosts.into_iter().map(|(_, x, y)| (x, y)).collect();
        layout.pacman = pacman;
        Ok(layout)
    }

    /// Whether `(x, y)` is a wall.
    pub fn is_wall(&self, x: usize, y: usize) -> bool {
        self.walls[x + y * self.width]
    }

    /// How many food dots the layout starts with.
    pub fn food_count(&self) -> usize {
        self.food.iter().filter(|&&f| f).count()
    }
}

/// Why a layout file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum LayoutReadError {
    /// The file could not be read.
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// What went wrong (in the message, not a separate cause, so it is printed once).
        error: std::io::Error,
    },
    /// The text is not a layout.
    #[error("{0}")]
    Parse(ParseError<LayoutError>),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_layout_parses_with_its_counts() {
        // (name, width, height, ghosts, food, capsules), as the data's SOURCES.md lists them.
        let expected = [
            ("capsuleClassic", 19, 7, 3, 23, 3),
            ("contestClassic", 20, 9, 3, 69, 6),
            ("mediumClassic", 20, 11, 2, 97, 2),
            ("minimaxClassic", 9, 5, 3, 2, 0),
            ("openClassic", 25, 9, 1, 86, 1),
            ("originalClassic", 28, 27, 4, 229, 4),
            ("powerClassic", 20, 7, 4, 53, 8),
            ("smallClassic", 20, 7, 2, 55, 2),
            ("testClassic", 5, 10, 1, 8, 0),
            ("trappedClassic", 8, 5, 2, 4, 0),
            ("trickyClassic", 20, 13, 4, 114, 6),
        ];
        assert_eq!(Layout::names().count(), expected.len());
        for (name, w, h, g, f, c) in expected {
            let l = Layout::named(name).unwrap();
            assert_eq!(
                (l.width, l.height, l.ghosts.len(), l.food_count(), l.capsules.len()),
                (w, h, g, f, c),
                "{name}"
            );
        }
    }

    #[test]
    fn coordinates_are_cs188s() {
        let l = Layout::named("smallClassic").unwrap();
        assert_eq!(l.pacman, (9, 1));
        assert_eq!(l.ghosts, vec![(8, 5), (11, 5)]);
        assert_eq!(l.capsules, vec![(3, 3), (16, 3)]);
        assert!(l.is_wall(0, 0) && !l.is_wall(1, 1));
        // contestClassic: ghosts sorted by (x, y), not in reading order.
        let c = Layout::named("contestClassic").unwrap();
        assert_eq!(c.ghosts, vec![(8, 5), (10, 5), (11, 5)]);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = Layout::parse("%%%%\n%P.%\n%x %\n%%%%\n").unwrap_err();
        assert_eq!((e.line, e.column, e.kind.clone()), (3, 2, LayoutError::UnknownCharacter('x')));
        assert_eq!(e.to_string(), "line 3, column 2: unknown character 'x' (expected % . o P G 1-4 or space)");
        let e = Layout::parse("%%%%\n%..%\n%%%%\n").unwrap_err();
        assert_eq!((e.line, e.kind), (3, LayoutError::NoPacman));
        let e = Layout::parse("%%%%\n%P. \n%%%%\n").unwrap_err();
        // The trailing space is trimmed away, so the row is short.
        assert_eq!((e.line, e.column), (2, 4));
        let e = Layout::parse("%%%%\n.P.%\n%%%%\n").unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (2, 1, LayoutError::OpenBorder('.')));
        let e = Layout::parse("%% %\n%P.%\n%%%%\n").unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (1, 3, LayoutError::OpenBorder(' ')));
        let e = Layout::parse("%%%%\n%P.%.\n%%%%\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 5));
        assert_eq!(Layout::parse("%%%%\n%P.%%\n%%%%\n").unwrap().width, 4);
        let e = Layout::parse("%%%%\n%PP%\n%%%%\n").unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (2, 3, LayoutError::SecondPacman));
        assert_eq!(Layout::parse("\n \n").unwrap_err().kind, LayoutError::Empty);
        // A maze too big for the all-pairs distances is refused before anything is built.
        let wall = "%".repeat(101);
        let big = format!("{wall}\n%P{}%\n", " ".repeat(98)).repeat(50);
        let e = Layout::parse(&big).unwrap_err();
        assert_eq!((e.line, e.column, e.kind.clone()), (1, 1, LayoutError::TooLarge { width: 101, height: 100 }));
        assert_eq!(e.kind.to_string(), "the maze is 101 × 100 = 10100 cells; a maze may have at most 10000");
        // Leading spaces are not part of a row either (CS188 strips both ends), and the
        // message says so, in the singular when it must.
        let e = Layout::parse("%%%%\n%P.%\n   %\n").unwrap_err();
        assert_eq!((e.line, e.column, e.kind.clone()), (3, 5, LayoutError::RaggedRow { expected: 4, found: 1 }));
        assert_eq!(
            e.kind.to_string(),
            "row is 1 character wide, the first row is 4 characters (as in CS188, spaces at either end of a row are not part of it)"
        );
    }
}
