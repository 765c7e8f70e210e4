//! The rules of FORMAT.md §3 as a [`Problem`]: the state after each sample moment, the
//! actions (one move per truck standing on an event), the cost (the time to the next
//! arrival), the goal, and an admissible, consistent heuristic for A*.

use crate::graph::{Exit, Graph, Special};
use crate::level::{Colour, Dir, Level, MAX_TRUCKS};
use delve_core::reach::UNREACHED;
use delve_core::{Problem, Successor};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;

/// Which of the three rule sets (EXPECTED.md's three columns) to play by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// The original solver's rules with the head-on test done per pair of moves (the default).
    #[default]
    Pairwise,
    /// The original solver's rules bit for bit, including its one-sided head-on pruning, which
    /// throws legal plans away (FORMAT.md, "The original solver's quirk").
    Reference,
    /// archiloque's variant, approximated on events: a truck whose load is 0 may also stop
    /// on any event, and the goal is every warehouse served (trucks may still be driving).
    Archiloque,
}

impl Rules {
    /// All three, as the CLI names them.
    pub const ALL: [Rules; 3] = [Rules::Pairwise, Rules::Reference, Rules::Archiloque];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Pairwise => "pairwise",
            Rules::Reference => "reference",
            Rules::Archiloque => "archiloque",
        }
    }
}

impl std::str::FromStr for Rules {
    type Err = String;
    fn from_str(s: &str) -> Result<Rules, String> {
        Rules::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| format!("unknown rule set `{s}` (expected pairwise, reference or archiloque)"))
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A truck's move in an action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Move {
    /// Stop for good on this event.
    #[default]
    Stop,
    /// Drive the segment in this direction to the next event.
    Drive(Dir),
}

impl Move {
    /// The original solver's letter: `S`, `U`, `D`, `L`, `R`.
    pub fn letter(self) -> char {
        match self {
            Move::Stop => 'S',
            Move::Drive(d) => d.letter(),
        }
    }
}

/// A truck's move list: at most Stop and four directions, each with the bump under the truck
/// disabled (`false`) and, where it may drop an item there, enabled (`true`).
#[derive(Clone, Copy, Default)]
struct Moves {
    moves: [(Move, bool); 10],
    len: u8,
}

impl Moves {
    fn push(&mut self, m: Move, drop: bool) {
        self.moves[self.len as usize] = (m, drop);
        self.len += 1;
    }

    fn as_slice(&self) -> &[(Move, bool)] {
        &self.moves[..self.len as usize]
    }

    fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = Moves::default();
        for &(m, drop) in self.as_slice() {
            if keep(m) {
                kept.push(m, drop);
            }
        }
        *self = kept;
    }
}

/// The number of switch groups, as an array length.
const GROUPS: usize = crate::level::MAX_GROUPS as usize;

/// What one move does, worked out once per expansion: first what the truck takes or leaves
/// on the event it departs from (item, warehouse, bump), then the drive or the stop.
#[derive(Clone, Copy, Debug)]
struct Effect {
    /// The special taken or served on the event left, as its bit (0: none).
    taken: u64,
    /// The truck's load once it leaves.
    load: u8,
    /// Its stack once it leaves ([`Truck::stack`]).
    stack: u8,
    /// The bump nibbles the departure rewrites ([`State::bumps`]): mask, new value.
    bump: (u32, u32),
    /// Stop for good (the drive fields then do not matter).
    stop: bool,
    /// The segment driven, as its bit in the used-segment mask.
    segment: u128,
    /// The event at its other end.
    to: u8,
    /// Its length.
    length: u8,
    /// The event left.
    from: u8,
    /// The button on the event left: (group bit, active at the start).
    button: Option<(u8, bool)>,
}

impl Default for Effect {
    fn default() -> Effect {
        Effect {
            taken: 0,
            load: 0,
            stack: 0,
            bump: (0, 0),
            stop: true,
            segment: 0,
            to: 0,
            length: 0,
            from: 0,
            button: None,
        }
    }
}

/// The switch groups an action flipped so far, and per group the event whose button flipped
/// it (at most one press flips a group at a moment: the flip makes the group's other active
/// buttons idle).
#[derive(Clone, Copy, Debug)]
struct Flips {
    flipped: u8,
    pressed: [u8; GROUPS],
}

impl Flips {
    /// Nothing flipped yet.
    const NONE: Flips = Flips { flipped: 0, pressed: [u8::MAX; GROUPS] };
}

/// One action: a move for every truck standing on an event that has not stopped (`None` for
/// the others, which keep driving or stay stopped), and, bit `i` of the second field, whether
/// truck `i` found the bump it stands on enabled and dropped its top item there (FORMAT.md
/// §5.3: a bump's state is decided when the first truck reaches it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action(pub [Option<Move>; MAX_TRUCKS], pub u16);

const STOPPED: u8 = 1;

/// The most items a white truck, or any truck in a level with bumps, may carry (the game's
/// capacity): its stack of colours, two bits each, shares the truck's flag byte, so a state
/// stays four bytes per truck.
pub const MAX_WHITE_CAPACITY: u8 = 3;

/// One truck in a state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Truck {
    /// The event it stands on (`left == 0`) or drives to.
    pub at: u8,
    /// Cells left to drive to `at`.
    pub left: u8,
    /// Items carried.
    pub load: u8,
    /// Bit 0: stopped; bits 2–7: the stack of a white truck, or of any truck in a level with
    /// bumps ([`Truck::stack`]).
    flags: u8,
}

impl Truck {
    /// Whether it has stopped for good.
    pub fn stopped(&self) -> bool {
        self.flags & STOPPED != 0
    }

    /// Whether it stands on an event and must choose a move now.
    pub fn deciding(&self) -> bool {
        self.left == 0 && !self.stopped()
    }

    /// The items a white truck (or any truck in a level with bumps) carries, two bits each
    /// ([`Colour`] order), the top one lowest; always 0 for a truck of a colour in a level
    /// without bumps, whose items are all alike.
    pub fn stack(&self) -> u8 {
        self.flags >> 2
    }

    fn set_stack(&mut self, stack: u8) {
        self.flags = self.flags & STOPPED | stack << 2;
    }
}

/// A state at a sample moment: the segments used, the items picked up and warehouses
/// served, and every truck. Time is not part of it (it is the path cost). The item or
/// warehouse under a deciding truck is applied when that truck leaves or stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Used segments, one bit each.
    pub used: u128,
    /// Items picked up and warehouses served, one bit per special.
    pub done: u64,
    /// The trucks (only the level's first `n` are used).
    pub trucks: [Truck; MAX_TRUCKS],
    /// Two trucks stand on one cell: a failure state, with no successors. It is still a
    /// state, as in the original solver, so its time counts among iterative lengthening's cut-offs.
    pub crashed: bool,
    /// Switch groups flipped an odd number of times, bit `group - 1` (FORMAT.md §5).
    pub switches: u8,
    /// Each bump's state, four bits per bump in the level's order (FORMAT.md §5.3): 0 not
    /// reached yet (enabled or not is still open), 1 spent (disabled, or its dropped item
    /// taken), `8 | colour` a dropped item of that colour lies on it.
    pub bumps: u32,
}

/// A bump's nibble in [`State::bumps`]: spent.
const BUMP_SPENT: u32 = 1;
/// A bump's nibble in [`State::bumps`]: an item lies on it (its colour in the low two bits).
const BUMP_HOLDING: u32 = 8;

/// An RGB Express level under a rule set, as a search problem. Costs are time units (cells).
#[derive(Clone, Debug)]
pub struct RgbProblem {
    level: Level,
    graph: Graph,
    rules: Rules,
    colours: Vec<Colour>,
    warehouses: u64,
    /// Each event's button, if any: (group bit, active at the start).
    buttons: Vec<Option<(u8, bool)>>,
    /// Each event's gate, if any: (group bit, open at the start).
    gates: Vec<Option<(u8, bool)>>,
    /// Each event's bump, if any: its index in the level's bumps.
    bump_of: Vec<Option<u8>>,
    /// Whether trucks take items of any colour and carry them stacked (a level with bumps:
    /// archiloque's pickup rule, FORMAT.md §5.3).
    any_colour: bool,
    /// Each event's exits by [`Dir`] as used-segment bits (0: no exit), so listing moves
    /// needs no 128-bit shifts.
    exit_masks: Vec<[u128; 4]>,
}

/// Why a move list is empty or a combination fails is not reported: failures are simply not
/// successors (the original solver's "failure states").
impl RgbProblem {
    /// The problem of playing `level` by `rules`, or why the level is beyond the limits of
    /// the compact state (events, segments, items and warehouses).
    pub fn new(level: Level, rules: Rules) -> Result<RgbProblem, crate::ParseError> {
        let graph = Graph::new(&level)?;
        let stacked = level.trucks.iter().any(|t| t.colour == Colour::White) || !level.bumps.is_empty();
        if stacked && level.capacity > MAX_WHITE_CAPACITY {
            return Err(crate::ParseError {
                file: None,
                line: 1,
                column: 1,
                kind: crate::ErrorKind::TooMany {
                    what: "items a truck carries in a level with white trucks or bumps (capacity)",
                    found: level.capacity.into(),
                    max: MAX_WHITE_CAPACITY.into(),
                },
            });
        }
        let colours = level.trucks.iter().map(|t| t.colour).collect();
        let warehouses = graph
            .specials
            .iter()
            .flatten()
            .filter(|(_, s)| matches!(s, Special::Warehouse(_)))
            .fold(0u64, |m, (i, _)| m | 1 << i);
        let toggle = |t: Option<crate::level::Toggle>| t.map(|t| (1u8 << (t.group - 1), t.on));
        let buttons = graph.cells.iter().map(|&c| toggle(level.button(c))).collect();
        let gates = graph.cells.iter().map(|&c| toggle(level.gate(c))).collect();
        let exit_masks = graph.exits.iter().map(|exits| exits.map(|e| e.map_or(0, |e| 1u128 << e.segment))).collect();
        let bump_of = graph.cells.iter().map(|&c| level.bumps.iter().position(|&b| b == c).map(|k| k as u8)).collect();
        let any_colour = !level.bumps.is_empty();
        Ok(RgbProblem { level, graph, rules, colours, warehouses, buttons, gates, bump_of, any_colour, exit_masks })
    }

    /// The level.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The event graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Number of trucks.
    pub fn trucks(&self) -> usize {
        self.colours.len()
    }

    /// The exit a truck standing on `event` takes by driving `dir`.
    pub fn exit(&self, event: u8, dir: Dir) -> Option<Exit> {
        self.graph.exits[event as usize][dir as usize]
    }

    /// The special lying on `event` and not yet taken in `state`.
    fn pending(&self, state: &State, event: u8) -> Option<Special> {
        let (bit, special) = self.graph.specials[event as usize]?;
        (state.done & (1 << bit) == 0).then_some(special)
    }

    /// Whether truck `i` keeps its items as a stack: a white truck, or any truck in a level
    /// with bumps (whose items may be of several colours).
    fn stacked(&self, i: usize) -> bool {
        self.any_colour || self.colours[i] == Colour::White
    }

    /// The state of the bump on `event`, if there is one (a nibble of [`State::bumps`]).
    fn bump_state(&self, state: &State, event: u8) -> Option<u32> {
        self.bump_of[event as usize].map(|k| (state.bumps >> (4 * k)) & 0xF)
    }

    /// The item lying on `event` in `state`: a level's item not yet taken, or one dropped
    /// on a bump.
    fn item_at(&self, state: &State, event: u8) -> Option<Colour> {
        match self.pending(state, event) {
            Some(Special::Item(c)) => Some(c),
            Some(Special::Warehouse(_)) => None,
            None => match self.bump_state(state, event) {
                Some(b) if b & BUMP_HOLDING != 0 => Some(Colour::ALL[(b & 3) as usize]),
                _ => None,
            },
        }
    }

    /// A truck's load and stack once the item or warehouse under it (if it stands on one) is
    /// applied (a bump's drop is not: it is the move's choice).
    fn cargo_after(&self, state: &State, truck: usize) -> (u8, u8) {
        let t = &state.trucks[truck];
        let stacked = self.stacked(truck);
        if t.left != 0 {
            return (t.load, t.stack());
        }
        if let Some(c) = self.item_at(state, t.at) {
            return (t.load + 1, if stacked { t.stack() << 2 | c as u8 } else { 0 });
        }
        match self.pending(state, t.at) {
            Some(Special::Warehouse(_)) => (t.load - 1, t.stack() >> 2),
            _ => (t.load, t.stack()),
        }
    }

    /// A truck's load once the item or warehouse under it (if it stands on one) is applied.
    fn load_after(&self, state: &State, truck: usize) -> u8 {
        self.cargo_after(state, truck).0
    }

    /// Whether truck `i` can deliver to a warehouse of `colour` from what it carries now: a
    /// truck of that colour with a load, or a white truck whose top item has that colour (in
    /// a level with bumps, a truck of a colour too needs that colour on top).
    fn can_deliver(&self, t: &Truck, i: usize, colour: Colour) -> bool {
        let top_ok = !self.stacked(i) || t.stack() & 3 == colour as u8;
        let truck_ok = matches!(self.colours[i], Colour::White) || self.colours[i] == colour;
        truck_ok && t.load >= 1 && top_ok
    }

    /// Whether a white truck carries an item of `colour` anywhere in its stack.
    fn carries(t: &Truck, colour: Colour) -> bool {
        (0..t.load).any(|k| (t.stack() >> (2 * k)) & 3 == colour as u8)
    }

    /// Whether truck `i`, standing on an event, passes the arrival checks there (rules 2 and
    /// 3): an item it finds must be of its colour (any colour for a white truck) with room to
    /// carry it; an unserved warehouse must be of its colour with an item to deliver (for a
    /// white truck: its top item must be of the warehouse's colour). As in the original solver, the checks are made
    /// in the state where the truck has arrived, so a failing arrival is a state (with no
    /// moves) whose time counts among iterative lengthening's cut-offs.
    ///
    /// In a level with bumps any truck takes an item of any colour (archiloque's rule), also
    /// one dropped on a bump; a bump not reached before asks nothing on arrival (a truck
    /// with nothing to drop finds it disabled, see [`RgbProblem::moves`]).
    fn arrival_ok(&self, state: &State, i: usize) -> bool {
        let t = &state.trucks[i];
        if let Some(c) = self.item_at(state, t.at) {
            return (c == self.colours[i] || self.colours[i] == Colour::White || self.any_colour)
                && t.load < self.level.capacity;
        }
        match self.pending(state, t.at) {
            Some(Special::Warehouse(c)) => self.can_deliver(t, i, c),
            _ => true,
        }
    }

    /// The moves truck `i` (deciding, past its arrival checks) may make, in the original solver's
    /// order: Stop, then Up, Down, Left, Right onto unused segments. On a bump no truck has
    /// reached before, a truck with items gets each move twice: the bump disabled, then
    /// enabled (it drops its top item; under archiloque's rules it may then stop if that
    /// emptied it). A truck with nothing to drop only finds it disabled: an enabled bump
    /// would stop it (a failure), which no plan can use.
    fn moves(&self, state: &State, i: usize) -> Moves {
        let mut out = Moves::default();
        let t = &state.trucks[i];
        let delivering = matches!(self.pending(state, t.at), Some(Special::Warehouse(_)));
        let load = self.load_after(state, i);
        let may_drop = load > 0 && self.bump_state(state, t.at) == Some(0);
        for drop in [false, true] {
            if drop && !may_drop {
                break;
            }
            let empty = load - u8::from(drop) == 0;
            if delivering || (self.rules == Rules::Archiloque && empty) {
                out.push(Move::Stop, drop);
            }
            for (dir, &mask) in Dir::ALL.iter().zip(&self.exit_masks[t.at as usize]) {
                if mask != 0 && state.used & mask == 0 {
                    out.push(Move::Drive(*dir), drop);
                }
            }
        }
        out
    }

    /// The cost of `action` from `state` (the time to the next sample moment), or `None` when
    /// it fails.
    pub fn step_cost(&self, state: &State, action: &Action) -> Option<u32> {
        self.apply(state, action).map(|(_, cost)| cost)
    }

    /// The state after `action` from `state` and its cost, or `None` when two trucks take one
    /// segment from its two ends (a head-on collision, never a state), or a switch rule fails
    /// (a truck on a closed gate, or on another button of a group just flipped). `expand`
    /// does the same in parts (specials once, moves shared by actions with a common prefix).
    fn apply(&self, state: &State, action: &Action) -> Option<(State, u32)> {
        let mut next = *state;
        let mut flips = Flips::NONE;
        for (i, m) in action.0.iter().enumerate().take(self.trucks()) {
            let Some(m) = m else { continue };
            if !self.drive(&mut next, &mut flips, i, &self.effect(state, i, *m, action.1 & (1 << i) != 0)) {
                return None;
            }
        }
        self.settle(&mut next, &flips).map(|dt| (next, dt))
    }

    /// What move `m` of deciding truck `i` in `state` does (`drop`: the bump under it is
    /// enabled and takes its top item): the item, warehouse or bump under it as it leaves or
    /// stops, then the drive.
    fn effect(&self, state: &State, i: usize, m: Move, drop: bool) -> Effect {
        let at = state.trucks[i].at;
        let (mut load, mut stack) = self.cargo_after(state, i);
        let taken = match self.graph.specials[at as usize] {
            Some((bit, _)) if state.done & (1 << bit) == 0 => 1 << bit,
            _ => 0,
        };
        let mut bump = (0, 0);
        if let (Some(k), Some(b)) = (self.bump_of[at as usize], self.bump_state(state, at)) {
            let shift = 4 * u32::from(k);
            if b == 0 && drop {
                bump = (0xF << shift, (BUMP_HOLDING | u32::from(stack & 3)) << shift);
                load -= 1;
                stack >>= 2;
            } else if b != BUMP_SPENT {
                bump = (0xF << shift, BUMP_SPENT << shift); // not enabled, or its item taken
            }
        }
        let base = Effect { taken, load, stack, bump, from: at, ..Effect::default() };
        match m {
            Move::Stop => base,
            Move::Drive(dir) => {
                let exit = self.exit(at, dir).expect("a listed move has an exit");
                Effect {
                    stop: false,
                    segment: 1 << exit.segment,
                    to: exit.to,
                    length: exit.length,
                    button: self.buttons[at as usize],
                    ..base
                }
            }
        }
    }

    /// Truck `i`'s move into `next`; false on a head-on collision (the segment was just
    /// taken).
    #[inline]
    fn drive(&self, next: &mut State, flips: &mut Flips, i: usize, e: &Effect) -> bool {
        next.done |= e.taken;
        next.trucks[i].load = e.load;
        next.trucks[i].set_stack(e.stack);
        next.bumps = next.bumps & !e.bump.0 | e.bump.1;
        if e.stop {
            next.trucks[i].flags |= STOPPED;
            return true;
        }
        if next.used & e.segment != 0 {
            return false;
        }
        next.used |= e.segment;
        next.trucks[i].at = e.to;
        next.trucks[i].left = e.length;
        // Leaving an active button flips its group (buttons swap active/idle).
        if let Some((group, on)) = e.button
            && on != (next.switches & group != 0)
        {
            next.switches ^= group;
            flips.flipped |= group;
            flips.pressed[group.trailing_zeros() as usize] = e.from;
        }
        true
    }

    /// Every moving truck in `next` drives to the next arrival: the time it took, or `None`
    /// when a switch rule fails. Two trucks on one event make a crashed state.
    #[inline]
    fn settle(&self, next: &mut State, flips: &Flips) -> Option<u32> {
        let trucks = &mut next.trucks[..self.colours.len()];
        let mut dt = u8::MAX;
        for t in trucks.iter().filter(|t| !t.stopped()) {
            dt = dt.min(t.left);
        }
        let dt = if dt == u8::MAX { 0 } else { dt };
        // Crash: two trucks on one event at this moment (stopped ones included).
        let mut occupied = [0u64; 4];
        let mut crashed = false;
        for t in trucks.iter_mut() {
            if !t.stopped() {
                t.left -= dt;
            }
            if t.left == 0 {
                let (word, bit) = (usize::from(t.at >> 6), 1u64 << (t.at & 63));
                crashed |= occupied[word] & bit != 0;
                occupied[word] |= bit;
            }
        }
        next.crashed |= crashed;
        if !self.level.buttons.is_empty() && !self.switches_ok(next, flips.flipped, &flips.pressed, dt) {
            return None;
        }
        Some(u32::from(dt))
    }

    /// The switch rules after a move of `dt`: no truck stands on a closed gate; and when a
    /// group was flipped at the move's start, no truck stands one time unit later on another
    /// of its buttons (a truck there then has just arrived, so `dt` is 1, or has stopped).
    fn switches_ok(&self, next: &State, flipped: u8, pressed: &[u8; GROUPS], dt: u8) -> bool {
        next.trucks[..self.trucks()].iter().filter(|t| t.left == 0).all(|t| {
            let gate_ok = self.gates[t.at as usize].is_none_or(|(group, open)| open != (next.switches & group != 0));
            let button_ok = self.buttons[t.at as usize].is_none_or(|(group, _)| {
                flipped & group == 0 || !(dt == 1 || t.stopped()) || pressed[group.trailing_zeros() as usize] == t.at
            });
            gate_ok && button_ok
        })
    }

    /// Whether every warehouse is served or being served by a truck standing on it.
    fn all_served(&self, state: &State) -> bool {
        let mut served = state.done;
        for t in state.trucks[..self.trucks()].iter().filter(|t| t.deciding()) {
            if let Some((bit, _)) = self.graph.specials[t.at as usize] {
                served |= 1 << bit;
            }
        }
        served & self.warehouses == self.warehouses
    }
}

/// A truck of a [`StateView`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TruckView {
    /// The (row, col) of the event it stands on, or drives to when `left` is not 0.
    pub at: (usize, usize),
    /// Cells left to drive to `at`.
    pub left: u8,
    /// Items carried.
    pub load: u8,
    /// Whether it has stopped for good.
    pub stopped: bool,
}

/// A state as people read it (the web page's Search lab shows each node so): every truck,
/// the cells whose item was taken or warehouse served, the segments driven, whether two
/// trucks crashed; and, for version 2 levels, the switch and bump fields as numbers. Two
/// different states never have the same view.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StateView {
    /// The trucks, by index.
    pub trucks: Vec<TruckView>,
    /// The (row, col) of every item taken and warehouse served, in reading order.
    pub done: Vec<(usize, usize)>,
    /// The segments driven, by number ([`crate::Exit::segment`]).
    pub used: Vec<u8>,
    /// Two trucks stand on one cell.
    pub crashed: bool,
    /// [`State::switches`].
    pub switches: u8,
    /// [`State::bumps`].
    pub bumps: u32,
}

impl RgbProblem {
    /// `state` as people read it.
    ///
    /// ```
    /// use delve_core::Problem;
    /// use delve_rgb::{Level, RgbProblem, Rules};
    /// let problem = RgbProblem::new(Level::parse(include_str!("../data/Custom.txt")).unwrap(), Rules::Pairwise).unwrap();
    /// let view = problem.view(&problem.initial_state());
    /// assert_eq!((view.trucks[0].at, view.trucks[1].at), ((4, 0), (4, 6)));
    /// assert!(view.done.is_empty() && view.used.is_empty() && !view.crashed);
    /// ```
    pub fn view(&self, state: &State) -> StateView {
        let position = |event: u8| self.level.position(self.graph.cells[event as usize]);
        let trucks = state.trucks[..self.trucks()]
            .iter()
            .map(|t| TruckView { at: position(t.at), left: t.left, load: t.load, stopped: t.stopped() })
            .collect();
        let mut done: Vec<(usize, usize)> = (0..self.graph.events() as u8)
            .filter(|&e| self.graph.specials[e as usize].is_some_and(|(bit, _)| state.done & (1 << bit) != 0))
            .map(position)
            .collect();
        done.sort_unstable();
        let used = (0..self.graph.segments as u8).filter(|&s| state.used & (1 << s) != 0).collect();
        StateView { trucks, done, used, crashed: state.crashed, switches: state.switches, bumps: state.bumps }
    }
}

impl Problem for RgbProblem {
    type State = State;
    type Action = Action;
    type Cost = u32;

    fn initial_state(&self) -> State {
        let mut trucks = [Truck::default(); MAX_TRUCKS];
        for (t, &start) in trucks.iter_mut().zip(&self.graph.starts) {
            t.at = start;
        }
        State { used: 0, done: 0, trucks, crashed: false, switches: 0, bumps: 0 }
    }

    fn is_goal(&self, state: &State) -> bool {
        if state.crashed {
            return false;
        }
        match self.rules {
            // A truck standing on a warehouse serves it only if it passes the arrival checks.
            Rules::Archiloque => {
                self.all_served(state)
                    && (0..self.trucks()).all(|i| !state.trucks[i].deciding() || self.arrival_ok(state, i))
            }
            Rules::Pairwise | Rules::Reference => {
                state.trucks[..self.trucks()].iter().all(Truck::stopped)
                    && state.done & self.warehouses == self.warehouses
            }
        }
    }

    fn expand(&self, state: &State, out: &mut Vec<Successor<State, Action, u32>>) {
        if state.crashed {
            return;
        }
        let n = self.trucks();
        // Each deciding truck's move list, built in truck order (no allocation).
        let mut lists = [Moves::default(); MAX_TRUCKS];
        let mut deciding = [0usize; MAX_TRUCKS];
        let mut count = 0;
        for i in 0..n {
            if !state.trucks[i].deciding() {
                continue;
            }
            if !self.arrival_ok(state, i) {
                return; // a failure state
            }
            let mut list = self.moves(state, i);
            if self.rules == Rules::Reference {
                // The quirk: drop a move onto a segment whose other end holds an earlier
                // deciding truck whose list still holds the same segment towards us.
                let at = state.trucks[i].at;
                list.retain(|m| {
                    let Move::Drive(dir) = m else { return true };
                    let exit = self.exit(at, dir).expect("a listed move has an exit");
                    !deciding[..count].iter().any(|&j| {
                        state.trucks[j].at == exit.to
                            && lists[j].as_slice().iter().any(|&(m, _)| m == Move::Drive(dir.opposite()))
                    })
                });
            }
            if list.len == 0 {
                return; // this truck can do nothing: a failure state
            }
            lists[i] = list;
            deciding[count] = i;
            count += 1;
        }
        let deciding = &deciding[..count];
        if deciding.is_empty() {
            return;
        }
        // Worked out once: what each move does.
        let mut effects = [[Effect::default(); 10]; MAX_TRUCKS];
        for (k, &i) in deciding.iter().enumerate() {
            for (e, &(m, drop)) in effects[k].iter_mut().zip(lists[i].as_slice()) {
                *e = self.effect(state, i, m, drop);
            }
        }
        // The Cartesian product, truck 0 varying slowest. A head-on collision between the
        // first k + 1 trucks' moves rules out every action that has those moves.
        let mut choice = [0u8; MAX_TRUCKS];
        loop {
            let mut next = *state;
            let mut flips = Flips::NONE;
            let mut failed = None;
            for k in 0..count {
                if !self.drive(&mut next, &mut flips, deciding[k], &effects[k][choice[k] as usize]) {
                    failed = Some(k);
                    break;
                }
            }
            let mut k = match failed {
                Some(k) => k + 1, // skip every action with this prefix
                None => {
                    if let Some(cost) = self.settle(&mut next, &flips) {
                        let mut action = Action([None; MAX_TRUCKS], 0);
                        for (k, &i) in deciding.iter().enumerate() {
                            let (m, drop) = lists[i].moves[choice[k] as usize];
                            action.0[i] = Some(m);
                            action.1 |= u16::from(drop) << i;
                        }
                        out.push(Successor { action, state: next, cost });
                    }
                    count
                }
            };
            for c in &mut choice[k..count] {
                *c = 0;
            }
            loop {
                if k == 0 {
                    return;
                }
                k -= 1;
                choice[k] += 1;
                if choice[k] < lists[deciding[k]].len {
                    break;
                }
                choice[k] = 0;
            }
        }
    }

    /// The latest of: for each warehouse not yet served, the soonest a truck of its colour or
    /// a white truck can get there (through an item of its colour first if it carries none;
    /// in a level with bumps, such an item may also be picked up on a bump);
    /// and (unless trucks may end driving) for each moving truck, the soonest it can reach a
    /// warehouse it may serve (of its colour; any, for a white truck) to stop on. A truck's own drives avoid the segments already used (it can
    /// never drive them again); the item-to-warehouse leg ignores that, so this never
    /// overestimates. `u32::MAX` marks a dead end.
    fn heuristic(&self, state: &State) -> u32 {
        let n = self.trucks();
        if state.crashed || (0..n).any(|i| state.trucks[i].deciding() && !self.arrival_ok(state, i)) {
            return u32::MAX;
        }
        SCRATCH.with_borrow_mut(|(dist, heap)| {
            let events = self.graph.events();
            dist.resize(n * events, UNREACHED);
            for (i, t) in state.trucks[..n].iter().enumerate().filter(|(_, t)| !t.stopped()) {
                self.graph.distances_avoiding(t.at, state.used, &mut dist[i * events..(i + 1) * events], heap);
            }
            self.bound(state, |i, event| dist[i * events + event as usize])
        })
    }
}

/// Scratch space for the heuristic: each truck's distances, and a Dijkstra heap.
type Scratch = (Vec<u32>, BinaryHeap<Reverse<(u32, u8)>>);

thread_local! {
    /// One [`Scratch`] per thread, so the heuristic allocates nothing per node.
    static SCRATCH: std::cell::RefCell<Scratch> = Default::default();
}

impl RgbProblem {
    /// The heuristic's bound, given `drive(i, e)`: how far truck `i` is from event `e`.
    fn bound(&self, state: &State, drive: impl Fn(usize, u8) -> u32) -> u32 {
        let n = self.trucks();
        let taken = state.trucks[..n]
            .iter()
            .filter(|t| t.deciding())
            .filter_map(|t| self.graph.specials[t.at as usize].map(|(b, _)| 1u64 << b))
            .fold(state.done, |m, b| m | b);
        let mut worst = 0u32;
        for (event, special) in self.graph.specials.iter().enumerate() {
            let Some((bit, Special::Warehouse(colour))) = *special else { continue };
            if taken & (1 << bit) != 0 {
                continue;
            }
            let mut best = UNREACHED;
            let serves = |i: usize| self.colours[i] == colour || self.colours[i] == Colour::White;
            for i in (0..n).filter(|&i| serves(i) && !state.trucks[i].stopped()) {
                let (load, stack) = self.cargo_after(state, i);
                let mut after = Truck { load, ..state.trucks[i] };
                after.set_stack(stack);
                let loaded = if self.stacked(i) { Self::carries(&after, colour) } else { after.load > 0 };
                let via = if loaded {
                    drive(i, event as u8)
                } else {
                    self.nearest_item_then(state, taken, colour, |e| drive(i, e), event as u8)
                };
                if via != UNREACHED {
                    best = best.min(u32::from(state.trucks[i].left) + via);
                }
            }
            if best == UNREACHED {
                return u32::MAX;
            }
            worst = worst.max(best);
        }
        if self.rules != Rules::Archiloque {
            for (i, t) in state.trucks[..n].iter().enumerate().filter(|(_, t)| !t.stopped()) {
                if t.left == 0 && matches!(self.pending(state, t.at), Some(Special::Warehouse(_))) {
                    continue; // it may stop right here
                }
                let mut best = UNREACHED;
                for (event, special) in self.graph.specials.iter().enumerate() {
                    if let Some((bit, Special::Warehouse(c))) = *special
                        && (c == self.colours[i] || self.colours[i] == Colour::White)
                        && taken & (1 << bit) == 0
                    {
                        best = best.min(drive(i, event as u8));
                    }
                }
                if best == UNREACHED {
                    return u32::MAX;
                }
                worst = worst.max(u32::from(t.left) + best);
            }
        }
        worst
    }
}

impl RgbProblem {
    /// The shortest drive from a truck (`from(e)`: its distance to event `e`) through a place
    /// where it may find an item of `colour` to event `to`: an untaken item of that colour,
    /// or (in a level with bumps, where items change hands) a bump holding one or not reached
    /// yet, where some truck may still drop one. Every way an item of `colour` can get into
    /// the truck is counted, so the bound never overestimates.
    fn nearest_item_then(&self, state: &State, taken: u64, colour: Colour, from: impl Fn(u8) -> u32, to: u8) -> u32 {
        let mut best = UNREACHED;
        for (event, special) in self.graph.specials.iter().enumerate() {
            let source = match *special {
                Some((bit, Special::Item(c))) => c == colour && taken & (1 << bit) == 0,
                _ => match self.bump_state(state, event as u8) {
                    Some(b) => b == 0 || b == BUMP_HOLDING | colour as u32,
                    None => false,
                },
            };
            if source {
                let (a, b) = (from(event as u8), self.graph.distance(event as u8, to));
                if a != UNREACHED && b != UNREACHED {
                    best = best.min(a + b);
                }
            }
        }
        best
    }
}
