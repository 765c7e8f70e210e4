//! The game itself, with no search in it: XSB levels and collections ([`level`]), the original
//! course solver's level file ([`course`]), files in either format ([`file`](mod@file)), the compact
//! board a solver works on ([`board`]), a level being played move by move ([`playthrough`]:
//! the rules written once, for play mode and the checker), and the independent checker every
//! solution goes through ([`replay`]).

pub mod board;
pub mod course;
pub mod file;
pub mod level;
pub mod playthrough;
pub mod replay;
pub mod size;
