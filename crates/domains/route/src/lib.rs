//! # delve-route
//!
//! Route finding on road maps for delve: a plain-text map format with a parser that
//! reports errors by file, line and column; the [`RoadMap`] model; and [`RouteProblem`],
//! which lets every algorithm of `delve-core` drive from one city to another with an
//! admissible straight-line-distance heuristic. The classic AIMA Romania map is built in
//! ([`RoadMap::romania`], file `maps/romania.map`).
//!
//! | module | what it does |
//! | --- | --- |
//! | [`map`] | the [`RoadMap`] model: cities and roads, stored compactly for fast expansion |
//! | [`parse`] | the map format's two-pass parser, with errors by file, line and column |
//! | [`problem`] | [`RouteProblem`]: a drive between two cities, with its admissible heuristic |
//! | [`report`] | what a route search reports, and the listing of a map |
//! | [`error`] | parse errors and the crate-wide error |
//!
//! ## The map format
//!
//! One declaration per line; blank lines are ignored and `#` starts a comment that runs to
//! the end of the line.
//!
//! ```text
//! # city NAME [X Y]          a city, optionally with coordinates (any finite numbers)
//! # road NAME NAME COST      an undirected road; COST is a whole number 0..=4294967295
//! city Arad               91 492
//! city "Rimnicu Vilcea"  233 410
//! city Sibiu             207 457
//! road Arad Sibiu 140
//! road Sibiu "Rimnicu Vilcea" 80
//! ```
//!
//! - Names are single words, or any text in double quotes (`"Rimnicu Vilcea"`); a name
//!   cannot contain `"`. Names are matched ignoring case, with `_`, `-` and runs of spaces
//!   equivalent, so `rimnicu_vilcea` finds `Rimnicu Vilcea` (and two cities may not have
//!   names that match each other).
//! - Cities may be declared before or after the roads that use them. A road joins two
//!   different cities, at most one road joins a pair, and costs are non-negative whole
//!   numbers (exact sums; scale decimal distances, e.g. to metres).
//! - Coordinates are optional, per city. When present they feed the straight-line
//!   heuristic (see [`RouteProblem`] for how it stays admissible even on maps whose
//!   coordinates are not faithful to the road lengths, or only partly given).
//!
//! Errors say where and what was expected, e.g.
//! `my.map:7:11: unknown city `Sibu` (did you mean `Sibiu`?)` or
//! `my.map:9:14: expected a non-negative road cost, found `-3``.
//!
//! ## Why these types
//!
//! A city is a [`CityId`] (a `u32` index): the search state is 4 bytes and `Copy`, and
//! expansion walks a flat adjacency array without allocating. Costs are `u64`: road
//! lengths are whole numbers, so optimal costs compare exactly (418, not 418.0000001), and
//! no sum of `u32` road costs along any path can overflow.

pub mod error;
pub mod map;
pub mod parse;
pub mod problem;
pub mod report;

pub use error::{ErrorKind, ParseError, RouteError};
pub use map::{BUILTIN_MAPS, CityId, Neighbor, Point, ROMANIA, Road, RoadMap};
pub use problem::RouteProblem;
pub use report::{CityListing, MapListing, RoadListing, RouteDetail, RouteReport, listing};

/// The README's Rust examples (the library section), compiled and run as doc-tests.
#[cfg(doctest)]
#[doc = include_str!("../../../../README.md")]
pub struct ReadmeExamples;
