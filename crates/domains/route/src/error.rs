//! The errors of the route domain: [`ParseError`] (where in a map file, and what was
//! expected there), its [`ErrorKind`], and the crate-wide [`RouteError`].

use std::path::PathBuf;

/// What is wrong with a line of a road-map file.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ErrorKind {
    /// A line starts with something other than `city` or `road`.
    #[error("expected `city` or `road`, found `{0}`")]
    UnknownDirective(String),
    /// A token is missing at the end of a line.
    #[error("expected {0}, found end of line")]
    Missing(&'static str),
    /// A token is present where the line should have ended.
    #[error("expected end of line, found `{0}`")]
    Trailing(String),
    /// A quoted name has no closing quote.
    #[error("expected a closing `\"` for this name")]
    UnterminatedQuote,
    /// A quoted name is empty.
    #[error("expected a city name, found empty quotes")]
    EmptyName,
    /// A closing quote is directly followed by more text.
    #[error("expected a space after the closing `\"`, found `{0}`")]
    AfterQuote(char),
    /// A bare name contains a double quote.
    #[error("expected a city name without `\"` inside (quote the whole name), found `{0}`")]
    QuoteInName(String),
    /// A coordinate is not a finite number.
    #[error("expected {what} (a finite number), found `{found}`")]
    BadCoordinate {
        /// Which coordinate (`an x coordinate` / `a y coordinate`).
        what: &'static str,
        /// The offending text.
        found: String,
    },
    /// A road cost is not a whole number.
    #[error("expected a road cost (a whole number of at most {max}), found `{found}`", max = u32::MAX)]
    BadCost {
        /// The offending text.
        found: String,
    },
    /// A road cost is negative.
    #[error("expected a non-negative road cost, found `{0}`")]
    NegativeCost(String),
    /// Two cities share a name (names are compared ignoring case, `_`, `-` and spacing).
    #[error("duplicate city `{name}` (`{first}` is declared on line {first_line})")]
    DuplicateCity {
        /// The name on this line.
        name: String,
        /// The name it clashes with.
        first: String,
        /// Where that one is declared.
        first_line: usize,
    },
    /// A road names a city that no `city` line declares.
    #[error("unknown city `{name}`{}", suggest(suggestion.as_deref()))]
    UnknownCity {
        /// The name used.
        name: String,
        /// The closest declared name, if one is close.
        suggestion: Option<String>,
    },
    /// A road joins a city to itself.
    #[error("expected two different cities, found a road from `{0}` to itself")]
    SelfLoop(String),
    /// The same pair of cities is joined twice.
    #[error("duplicate road between `{a}` and `{b}` (first given on line {first_line})")]
    DuplicateRoad {
        /// One end.
        a: String,
        /// The other end.
        b: String,
        /// Where the first road between them is.
        first_line: usize,
    },
    /// The file declares no city at all.
    #[error("expected at least one `city` line, found none")]
    NoCities,
}

/// The " (did you mean `X`?)" tail of an unknown-city message.
pub(crate) fn suggest(suggestion: Option<&str>) -> String {
    suggestion.map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default()
}

/// A malformed file: where (file when known, 1-based line and column) and what was expected
/// there; displays as `FILE:LINE:COL: message`.
pub type ParseError = delve_core::ParseError<ErrorKind>;

/// Everything that can go wrong in the route domain.
#[derive(Debug, thiserror::Error)]
pub enum RouteError {
    /// A map file could not be read.
    #[error("cannot read map file {}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A map file is malformed.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A city name is not on the map.
    #[error("unknown city `{name}`{}", suggest(suggestion.as_deref()))]
    UnknownCity {
        /// The name asked for.
        name: String,
        /// The closest name on the map, if one is close.
        suggestion: Option<String>,
    },
}
