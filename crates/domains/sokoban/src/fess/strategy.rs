//! How one of `--any`'s cycling searches is guided: which advisors weigh its moves, whether
//! its features weigh the links between rooms, the route its packing feature follows, and how
//! far its packing macros reach. Given whole when the problem is made
//! ([`SokobanProblem::with_strategy`](crate::SokobanProblem::with_strategy)).

use crate::fess::features::Route;
use crate::rules::size::Size;

/// Which advisors recommend moves within a feature cell (a recommended move costs 0, the
/// others 1: see the `features` module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advisors {
    /// The feature advisors, and the pushes that carry on the box pushed last free (FESS's
    /// macro moves: a box's whole journey for the price of one move).
    Features,
    /// The feature advisors and FESS's hotspots, opener and explorer advisors, each of which
    /// may recommend one more move.
    All,
}

/// How far the packing macros carry a box into a goal room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Packing {
    /// To the next goal of the room's packing order only.
    Next,
    /// Also to goals the packing order puts later but that need no goal still empty filled
    /// first, up to this many a room: a room fills in fewer steps, but on some one-room
    /// levels only the strict order finds the solution.
    Wide(usize),
    /// [`Packing::Wide`] on levels of several goal rooms, where it pays, else
    /// [`Packing::Next`]: a level's shape decides, not its number.
    WideWithSeveralRooms(usize),
}

/// The guidance of one cycling search.
#[derive(Clone, Debug)]
pub struct Strategy<Z: Size> {
    /// Who recommends moves.
    pub advisors: Advisors,
    /// Weigh the links between rooms that boxes cut (FESS's room connectivity) in the cells
    /// and advisors: more solutions in short searches, a wrong lead in some long ones.
    pub room_links: bool,
    /// How far packing macros reach.
    pub packing: Packing,
    /// A route for the boxes that takes the place of the packing orders in the packing
    /// feature (a sink plan's, the `sinks` module).
    pub(crate) route: Option<Route<Z>>,
}

impl<Z: Size> Strategy<Z> {
    /// The feature advisors, room links weighed, strict packing, no route.
    pub fn new(advisors: Advisors) -> Strategy<Z> {
        Strategy { advisors, room_links: true, packing: Packing::Next, route: None }
    }
    /// The same strategy with `room_links`.
    pub fn room_links(self, room_links: bool) -> Strategy<Z> {
        Strategy { room_links, ..self }
    }
    /// The same strategy with `packing`.
    pub fn packing(self, packing: Packing) -> Strategy<Z> {
        Strategy { packing, ..self }
    }
    /// The same strategy following `route`.
    pub(crate) fn route(self, route: Option<Route<Z>>) -> Strategy<Z> {
        Strategy { route, ..self }
    }
    /// How many goals a room the packing macros may reach on a level of `rooms` goal rooms.
    pub(crate) fn packing_goals(&self, rooms: usize) -> usize {
        match self.packing {
            Packing::Next => 1,
            Packing::Wide(goals) => goals,
            Packing::WideWithSeveralRooms(goals) if rooms > 1 => goals,
            Packing::WideWithSeveralRooms(_) => 1,
        }
    }
}

impl<Z: Size> Default for Strategy<Z> {
    /// [`Strategy::new`] with the feature advisors.
    fn default() -> Strategy<Z> {
        Strategy::new(Advisors::Features)
    }
}
