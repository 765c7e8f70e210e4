//! Plans made before a search, for `--any`'s steps: sink plans, Festival-style backward
//! searches that give the boxes a route ([`sinks`]), and parking plans that split the level
//! at a position with every goal empty ([`parking`]).

pub mod parking;
pub mod sinks;
