//! Deadlock detection: positions proved dead, which every search may drop without losing a
//! solution. Freeze deadlocks ([`deadlock`]), PI-corral pruning ([`corral`]), corral
//! deadlocks ([`corral_deadlock`]), a table of dead patterns learned from small sub-problems
//! ([`deadlock_table`]) and boxes frozen on goals taken as walls ([`frozen_goals`]). The first
//! two tests, dead squares and freezes, also judge a position being played
//! ([`dead_position`]).

pub mod corral;
pub mod corral_deadlock;
pub mod dead_position;
pub mod deadlock;
pub mod deadlock_table;
pub mod frozen_goals;
