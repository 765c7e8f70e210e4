//! The FESS-style guidance of `--any`'s cycling searches: goal rooms and their packing orders
//! ([`rooms`]), packing macros ([`packing`]), and the feature space and its advisors
//! ([`features`]).

pub mod features;
pub mod packing;
pub mod rooms;
pub mod strategy;
