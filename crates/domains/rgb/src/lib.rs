//! # delve-rgb
//!
//! RGB Express for delve: coloured trucks carry items to warehouses of their colour on a
//! road map where every road segment can be driven once. This crate reads levels in the
//! `rgbx-grid` format, version 1 and its version 2 extension (white trucks, switches, bumps),
//! and in the original solver's own Python-dict format ([`Level`], [`Format`]; errors with
//! line and column), states the game's rules
//! as a `delve-core` [`Problem`](delve_core::Problem) under three rule sets ([`RgbProblem`],
//! [`Rules`]), lays out plans ([`Plan`]: per step and as each truck's arrows), and replays
//! every plan cell by cell with an independent simulator ([`simulate`](fn@simulate)).
//!
//! The search model is the original solver's (doobee98's iterative-lengthening RGB Express solver,
//! a course homework; see the guide's RGB Express chapter, and `data/FORMAT.md` §3): a state is
//! sampled whenever a truck reaches an event (a road cell other than a straight one); an action
//! gives every truck on an event a move (Stop, or a direction whose segment is unused); its cost is
//! the time to the next arrival, so a plan's cost is the time of the goal. Uniform-cost search,
//! iterative lengthening and A* (with [`RgbProblem`]'s admissible heuristic) all come from
//! `delve-core`.
//!
//! | module | what it does |
//! | --- | --- |
//! | [`level`] | a level as the file describes it, and the `rgbx-grid` parser |
//! | [`mod@format`] | the two file formats, telling them apart, and reading a level file in either |
//! | [`pydict`] | the original solver's own level format (a Python dict), both ways |
//! | [`pyliteral`] | the bounded reader of the Python literal syntax that format uses |
//! | [`graph`] | the event graph: events, segments between them, road distances |
//! | [`problem`] | the rules as a `delve-core` problem, the three rule sets, the heuristic |
//! | [`plan`] | a solution laid out per step and per truck |
//! | [`mod@simulate`] | the independent cell-by-cell replay every plan goes through |
//! | [`report`] | solving a level end to end, and the report the CLI and web API print |
//! | [`error`] | parse errors with line and column, and the crate-wide error |
//!
//! ```
//! use delve_core::prelude::*;
//! use delve_rgb::{Level, Plan, RgbProblem, Rules};
//! let level = Level::parse(include_str!("../data/Custom.txt")).unwrap();
//! let problem = RgbProblem::new(level, Rules::Pairwise).unwrap();
//! let solution = ucs(&problem, &Limits::none(), NoObserver).into_solution().unwrap();
//! assert_eq!(solution.cost, 6);
//! let plan = Plan::new(&problem, &solution);
//! assert!(delve_rgb::simulate(problem.level(), Rules::Pairwise, &plan.routes(2), &plan.bumps, plan.cost).is_ok());
//! ```
//!
//! Why these types: a state is `Copy` and fixed-size (a 128-bit used-segment mask, a 64-bit
//! mask of items taken and warehouses served, a byte of switch flips, four bits per bump, and
//! four bytes per truck), so the graph
//! searches store it without allocation; levels past those widths are refused with a
//! message naming the limit.

pub mod error;
pub mod format;
pub mod graph;
pub mod level;
pub mod plan;
pub mod problem;
pub mod pydict;
pub mod pyliteral;
pub mod report;
pub mod simulate;

pub use error::{ErrorKind, NotInDict, ParseError, RgbError};
pub use format::Format;
pub use graph::{Exit, Graph, MAX_EVENTS, MAX_SEGMENTS, MAX_SPECIALS, Special};
pub use level::{Cell, Colour, Dir, Level, MAX_BUMPS, MAX_GROUPS, MAX_SIDE, MAX_TRUCKS, Toggle, TruckSpec};
pub use plan::{Plan, Step, TruckMove};
pub use problem::{Action, MAX_WHITE_CAPACITY, Move, RgbProblem, Rules, State, StateView, Truck, TruckView};
pub use report::{RgbDetail, RgbReport, RunsDetail, SUPPORTED, SolveError, Solved, runs_report, solve};
pub use simulate::{Frame, Replay, Violation, simulate, simulate_with};

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The levels shipped with delve (`data/`, and the fan-made ones under `archiloque/`), as
/// (name, file text), sorted so that `A-2` comes before `A-10`: what the web page offers by
/// name.
pub fn shipped() -> &'static [(&'static str, &'static str)] {
    SHIPPED
}
