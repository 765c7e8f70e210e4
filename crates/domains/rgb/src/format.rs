//! The two level file formats, how a text tells which it is in, and reading a level file in
//! either: the grid format ([`crate::level`]) or the original solver's dict
//! ([`crate::pydict`]).

use crate::error::{NotInDict, ParseError, RgbError};
use crate::level::Level;
use std::fmt;
use std::path::Path;

/// The two level file formats delve reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `rgbx-grid` (FORMAT.md): a header of `key: value` lines, then the grid.
    Grid,
    /// The original solver's Python dict with `Roads`, `Trucks`, `Items` and `Cargos`
    /// ([`crate::pydict`]).
    Dict,
}

impl Format {
    /// Both, as the CLI names them.
    pub const ALL: [Format; 2] = [Format::Grid, Format::Dict];

    /// The format of a level text, told by its first line that is neither blank nor a `#`
    /// comment: a dict starts with `{` or with its quoted name, a grid file with a key.
    ///
    /// ```
    /// use delve_rgb::Format;
    /// assert_eq!(Format::detect("# A-9\n'A-9': {\n"), Format::Dict);
    /// assert_eq!(Format::detect("name: A-9\nrows: 9\n"), Format::Grid);
    /// ```
    pub fn detect(text: &str) -> Format {
        let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'));
        match first.and_then(|l| l.chars().next()) {
            Some('{' | '\'' | '"') => Format::Dict,
            _ => Format::Grid,
        }
    }

    /// The name used on the command line (`grid`, `dict`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Grid => "grid",
            Format::Dict => "dict",
        }
    }
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| format!("unknown level format `{s}` (expected grid or dict)"))
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Level {
    /// Reads and parses a level file in either format ([`Format::detect`] tells which).
    pub fn load(path: impl AsRef<Path>) -> Result<Level, RgbError> {
        Level::load_in(path, None)
    }

    /// Reads and parses a level file in `format`, or in the format [`Format::detect`] finds.
    /// A level without a name of its own takes the file's stem.
    pub fn load_in(path: impl AsRef<Path>, format: Option<Format>) -> Result<Level, RgbError> {
        let path = path.as_ref();
        let text =
            delve_core::input::read_text(path).map_err(|source| RgbError::Io { path: path.to_path_buf(), source })?;
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        Level::parse_named(&text, format, &stem).map_err(|mut e| {
            e.file = Some(path.to_path_buf());
            RgbError::Parse(e)
        })
    }

    /// Parses level text in `format`, or in the format [`Format::detect`] finds (the error
    /// carries no file name).
    pub fn parse_in(text: &str, format: Option<Format>) -> Result<Level, ParseError> {
        Level::parse_named(text, format, "")
    }

    /// Parses a level in the original solver's dict format ([`crate::pydict`]): a dict with
    /// `Roads`, `Trucks`, `Items` and `Cargos`, or one named entry of the original's
    /// `testcases.py`. Nothing in it is evaluated.
    ///
    /// ```
    /// let text = "'Line': {'Roads': \"╶─╴\", 'Trucks': [Truck(0, Color.Red, Dir.Right, (0, 0))],\n\
    ///             'Items': {}, 'Cargos': {}}";
    /// let level = delve_rgb::Level::parse_dict(text).unwrap();
    /// assert_eq!((level.name.as_str(), level.rows, level.cols), ("Line", 1, 3));
    /// let err = delve_rgb::Level::parse_dict("{'Roads': \"╶─x\"}").unwrap_err();
    /// assert_eq!((err.line, err.column), (1, 14));
    /// assert!(err.to_string().ends_with("in `Roads`: expected a road glyph (a space or one of ╴ ╶ ╵ ╷ ─ │ ┌ ┐ ┘ └ ├ ┤ ┬ ┴ ┼), found `x`"));
    /// ```
    pub fn parse_dict(text: &str) -> Result<Level, ParseError> {
        crate::pydict::parse(text, "")
    }

    /// The level in the original solver's dict format, laid out as its `testcases.py` lays
    /// out A-9; an error names what the format cannot hold (the version 2 elements, a
    /// capacity other than 3, a decision point on a straight road).
    pub fn to_dict(&self) -> Result<String, NotInDict> {
        crate::pydict::write(self)
    }

    /// Parses `text` in `format`, or in the format [`Format::detect`] finds; a level
    /// without a name of its own takes `default_name`.
    fn parse_named(text: &str, format: Option<Format>, default_name: &str) -> Result<Level, ParseError> {
        match format.unwrap_or_else(|| Format::detect(text)) {
            Format::Grid => Level::parse_grid(text, default_name),
            Format::Dict => crate::pydict::parse(text, default_name),
        }
    }
}
