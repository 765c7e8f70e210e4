//! CS188's Pacman rules, exactly (its `pacman.py` and `game.py` semantics).
//!
//! - Agents move in turn: Pacman (agent 0), then ghosts 1, 2, … Every move creates a state.
//! - Legal moves: West, Stop, East, North, South in that order (CS188's: its `Actions` table
//!   lists them so, and of the 120 orders only this one reproduces the distinct-state counts of
//!   its alpha-beta game test, `q3/8-pacman-game`), each into a cell that is not a wall. Between grid points (a scared ghost moving at half speed) an agent must go on
//!   straight. Ghosts may not Stop, and may not reverse unless that is their only move.
//! - Pacman moves one cell; his move costs 1 point (`TIME_PENALTY`). He eats the food (+10)
//!   or capsule of the cell he reaches; the last food wins (+500). A capsule scares every
//!   ghost for [`SCARED_TIME`] ghost moves.
//! - Ghosts move one cell, half a cell while scared; each ghost move counts its scared timer
//!   down, and when it runs out the ghost snaps to the nearest grid point.
//! - Pacman and a ghost collide when their Manhattan distance is at most 0.7
//!   ([`COLLISION_TOLERANCE`]): after Pacman's move against every ghost, after a ghost's move
//!   against that ghost. A scared ghost is eaten (+200, back to its start, no longer scared);
//!   otherwise Pacman dies (−500), unless he has just won.
//!
//! Positions are kept in half cells so half-speed moves are exact integers.

use crate::layout::Layout;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// How many ghost moves a capsule scares the ghosts for.
pub const SCARED_TIME: u8 = 40;
/// Points lost per Pacman move.
pub const TIME_PENALTY: i32 = 1;
/// Points for a food dot.
pub const FOOD_SCORE: i32 = 10;
/// Points for eating the last food dot (the win), besides its [`FOOD_SCORE`].
pub const WIN_SCORE: i32 = 500;
/// Collision distance, in cells (CS188's 0.7).
pub const COLLISION_TOLERANCE: f64 = 0.7;
/// [`COLLISION_TOLERANCE`] in half cells, rounded down (distances in half cells are whole).
const COLLISION_HALVES: i32 = 1;

/// A move (also an agent's heading).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    /// Up (y + 1).
    North,
    /// Down (y − 1).
    South,
    /// Right (x + 1).
    East,
    /// Left (x − 1).
    West,
    /// Stay (as a heading: not moved yet).
    Stop,
}

impl Dir {
    /// The five moves in the order CS188 lists legal moves (see the module documentation).
    pub const ALL: [Dir; 5] = [Dir::West, Dir::Stop, Dir::East, Dir::North, Dir::South];

    /// CS188's name: `North`, …, `Stop`.
    pub fn name(self) -> &'static str {
        match self {
            Dir::North => "North",
            Dir::South => "South",
            Dir::East => "East",
            Dir::West => "West",
            Dir::Stop => "Stop",
        }
    }

    /// The move called `name` (CS188's spelling).
    pub fn from_name(name: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The unit step `(dx, dy)`.
    pub fn vector(self) -> (i32, i32) {
        match self {
            Dir::North => (0, 1),
            Dir::South => (0, -1),
            Dir::East => (1, 0),
            Dir::West => (-1, 0),
            Dir::Stop => (0, 0),
        }
    }

    /// The opposite heading (Stop's is Stop).
    pub fn reverse(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::South => Dir::North,
            Dir::East => Dir::West,
            Dir::West => Dir::East,
            Dir::Stop => Dir::Stop,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One agent: where it is (in half cells), its heading, and (ghosts) its scared timer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Agent {
    /// Position in half cells: `(2x, 2y)` at grid point `(x, y)`.
    pub pos: (i32, i32),
    /// The direction of its last move that was not Stop (Stop before it first moves).
    pub dir: Dir,
    /// Ghost moves left while scared (0: not scared).
    pub scared: u8,
}

impl Agent {
    /// Whether it stands on a grid point (not between two cells).
    pub fn on_grid(&self) -> bool {
        self.pos.0 % 2 == 0 && self.pos.1 % 2 == 0
    }

    /// The nearest grid point, rounding halves up as CS188's `nearestPoint` does.
    pub fn cell(&self) -> (usize, usize) {
        let round = |h: i32| usize::try_from((h + 1) / 2).unwrap_or(0);
        (round(self.pos.0), round(self.pos.1))
    }
}

/// Up to five moves in order, kept on the stack (see [`Rules::legal_moves`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moves {
    moves: [Option<Dir>; 5],
    len: usize,
}

impl Moves {
    /// Appends a move (there are only five).
    fn push(&mut self, d: Dir) {
        self.moves[self.len] = Some(d);
        self.len += 1;
    }

    /// Keeps the moves `keep` accepts, in order.
    fn retain(&mut self, keep: impl Fn(Dir) -> bool) {
        let mut kept = Moves::default();
        for d in self.iter() {
            if keep(d) {
                kept.push(d);
            }
        }
        *self = kept;
    }

    /// How many moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves in order.
    pub fn iter(&self) -> impl Iterator<Item = Dir> + '_ {
        self.moves[..self.len].iter().flatten().copied()
    }

    /// The moves as a vector.
    pub fn to_vec(&self) -> Vec<Dir> {
        self.iter().collect()
    }
}

/// A game position: every agent, the food and capsules left, the score and who moves next.
///
/// Two states are the same *CS188 state* (what the autograder counts) when their agents,
/// food, capsules and score agree: see [`State::cs188_key`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Pacman first, then the ghosts.
    pub agents: Vec<Agent>,
    /// Food left, one bit per cell (`x + y * width`).
    pub food: Vec<u64>,
    /// How many food dots are left.
    pub food_left: u32,
    /// Capsules left: bit `i` for the layout's capsule `i`.
    pub capsules: u64,
    /// The score.
    pub score: i32,
    /// The agent to move.
    pub turn: usize,
    /// Pacman ate the last food in the move that made this state.
    pub win: bool,
    /// Pacman died in the move that made this state.
    pub lose: bool,
}

/// What makes two states the same for CS188's `GameState` equality: agents (position,
/// heading, scared timer), food, capsules and score, not whose turn it is.
pub type Cs188Key = (Vec<Agent>, Vec<u64>, u64, i32);

impl State {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.win || self.lose
    }

    /// Whether there is food at `(x, y)` of a maze `width` wide.
    pub fn has_food(&self, width: usize, x: usize, y: usize) -> bool {
        let i = x + y * width;
        self.food[i / 64] >> (i % 64) & 1 == 1
    }

    /// The CS188 identity of this state (see [`Cs188Key`]).
    pub fn cs188_key(&self) -> Cs188Key {
        (self.agents.clone(), self.food.clone(), self.capsules, self.score)
    }

    /// Pacman's cell.
    pub fn pacman(&self) -> (usize, usize) {
        self.agents[0].cell()
    }
}

/// The rules on one maze with a number of ghosts: legal moves and successors.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The maze.
    pub layout: Arc<Layout>,
    /// How many ghosts play (at most the layout's).
    pub ghosts: usize,
    /// For each cell `x + y * width`, bit `i` set when the move `Dir::ALL[i]` from it does
    /// not run into a wall: legal moves are asked for at every search node.
    open_moves: Vec<u8>,
}

impl Rules {
    /// The rules of `layout` with its first `ghosts` ghosts (CS188 drops the rest; `None`:
    /// all of them).
    pub fn new(layout: Arc<Layout>, ghosts: Option<usize>) -> Rules {
        let n = ghosts.map_or(layout.ghosts.len(), |g| g.min(layout.ghosts.len()));
        let mut rules = Rules { layout, ghosts: n, open_moves: Vec::new() };
        let (w, h) = (rules.layout.width, rules.layout.height);
        rules.open_moves = (0..w * h)
            .map(|i| {
                let at = (i32::try_from(2 * (i % w)).unwrap_or(0), i32::try_from(2 * (i / w)).unwrap_or(0));
                Dir::ALL.iter().enumerate().filter(|(_, d)| !rules.blocked(at, **d)).fold(0, |m, (b, _)| m | 1 << b)
            })
            .collect();
        rules
    }

    /// Pacman and the ghosts.
    pub fn num_agents(&self) -> usize {
        1 + self.ghosts
    }

    /// The starting position.
    pub fn initial_state(&self) -> State {
        let l = &*self.layout;
        let at = |(x, y): (usize, usize)| Agent {
            pos: (i32::try_from(2 * x).unwrap_or(0), i32::try_from(2 * y).unwrap_or(0)),
            dir: Dir::Stop,
            scared: 0,
        };
        let mut agents = vec![at(l.pacman)];
        agents.extend(l.ghosts.iter().take(self.ghosts).map(|&g| at(g)));
        let mut food = vec![0u64; (l.width * l.height).div_ceil(64)];
        for (i, _) in l.food.iter().enumerate().filter(|(_, f)| **f) {
            food[i / 64] |= 1 << (i % 64);
        }
        let capsules = if l.capsules.len() == 64 { u64::MAX } else { (1u64 << l.capsules.len()) - 1 };
        State {
            agents,
            food,
            food_left: u32::try_from(l.food_count()).unwrap_or(u32::MAX),
            capsules,
            score: 0,
            turn: 0,
            win: false,
            lose: false,
        }
    }

    /// Whether the half-cell position `(hx, hy)` + one step of `d` is a wall (positions on grid).
    fn blocked(&self, (hx, hy): (i32, i32), d: Dir) -> bool {
        let (dx, dy) = d.vector();
        let x = hx / 2 + dx;
        let y = hy / 2 + dy;
        match (usize::try_from(x), usize::try_from(y)) {
            (Ok(x), Ok(y)) if x < self.layout.width && y < self.layout.height => self.layout.is_wall(x, y),
            _ => true,
        }
    }

    /// The moves an agent's body allows: straight on between grid points, else every move
    /// into a non-wall cell (Stop included), in [`Dir::ALL`] order.
    fn possible(&self, agent: &Agent) -> Moves {
        let mut moves = Moves::default();
        if !agent.on_grid() {
            moves.push(agent.dir);
            return moves;
        }
        let (x, y) = (agent.pos.0 / 2, agent.pos.1 / 2);
        let cell = usize::try_from(x).ok().zip(usize::try_from(y).ok()).filter(|&(x, _)| x < self.layout.width);
        match cell.and_then(|(x, y)| self.open_moves.get(x + y * self.layout.width)) {
            Some(&open) => {
                for (b, d) in Dir::ALL.into_iter().enumerate() {
                    if open >> b & 1 == 1 {
                        moves.push(d);
                    }
                }
            }
            None => {
                for d in Dir::ALL {
                    if !self.blocked(agent.pos, d) {
                        moves.push(d);
                    }
                }
            }
        }
        moves
    }

    /// The legal moves of agent `index` in `state` (none once the game is over).
    pub fn legal(&self, state: &State, index: usize) -> Vec<Dir> {
        self.legal_moves(state, index).to_vec()
    }

    /// [`Rules::legal`] without allocating (the searches ask at every node).
    pub fn legal_moves(&self, state: &State, index: usize) -> Moves {
        if state.is_over() {
            return Moves::default();
        }
        let agent = &state.agents[index];
        let mut moves = self.possible(agent);
        if index > 0 {
            moves.retain(|d| d != Dir::Stop);
            let back = agent.dir.reverse();
            if moves.len() > 1 {
                moves.retain(|d| d != back);
            }
            if moves.is_empty() {
                // A ghost walled in on every side (CS188 has no answer: its random choice
                // fails) stays where it is.
                moves.push(Dir::Stop);
            }
        }
        moves
    }

    /// The state after agent `state.turn` plays `action` (which must be legal).
    pub fn successor(&self, state: &State, action: Dir) -> State {
        let index = state.turn;
        let mut next = state.clone();
        next.win = false;
        next.lose = false;
        next.turn = (index + 1) % self.num_agents();
        let (dx, dy) = action.vector();
        let agent = &mut next.agents[index];
        // Half cells per unit of the move's vector.
        let speed = if index > 0 && agent.scared > 0 { 1 } else { 2 };
        agent.pos = (agent.pos.0 + dx * speed, agent.pos.1 + dy * speed);
        if action != Dir::Stop {
            agent.dir = action;
        }
        if index == 0 {
            let (x, y) = next.agents[0].cell();
            self.consume(&mut next, x, y);
            next.score -= TIME_PENALTY;
            for g in 1..next.agents.len() {
                self.check_collision(&mut next, g);
            }
        } else {
            let ghost = &mut next.agents[index];
            if ghost.scared == 1 {
                let (x, y) = ghost.cell();
                ghost.pos = (2 * x as i32, 2 * y as i32);
            }
            ghost.scared = ghost.scared.saturating_sub(1);
            self.check_collision(&mut next, index);
        }
        next
    }

    /// Pacman eats the food or capsule at `(x, y)`.
    fn consume(&self, state: &mut State, x: usize, y: usize) {
        let w = self.layout.width;
        if state.has_food(w, x, y) {
            let i = x + y * w;
            state.food[i / 64] &= !(1 << (i % 64));
            state.food_left -= 1;
            state.score += FOOD_SCORE;
            if state.food_left == 0 && !state.lose {
                state.score += WIN_SCORE;
                state.win = true;
            }
        }
        if let Some(c) = self.layout.capsules.iter().position(|&c| c == (x, y))
            && state.capsules >> c & 1 == 1
        {
            state.capsules &= !(1 << c);
            for g in state.agents.iter_mut().skip(1) {
                g.scared = SCARED_TIME;
            }
        }
    }

    /// Resolves a collision of Pacman with ghost `g`, if they touch.
    fn check_collision(&self, state: &mut State, g: usize) {
        let (p, q) = (state.agents[0].pos, state.agents[g].pos);
        if (p.0 - q.0).abs() + (p.1 - q.1).abs() > COLLISION_HALVES {
            return;
        }
        if state.agents[g].scared > 0 {
            state.score += 200;
            let (x, y) = self.layout.ghosts[g - 1];
            state.agents[g] = Agent { pos: (2 * x as i32, 2 * y as i32), dir: Dir::Stop, scared: 0 };
        } else if !state.win {
            state.score -= 500;
            state.lose = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Rules {
        Rules::new(Arc::new(Layout::parse(text).unwrap()), None)
    }

    /// Plays `moves` (one per turn, Pacman first) from the start.
    fn after(r: &Rules, moves: &[Dir]) -> State {
        moves.iter().fold(r.initial_state(), |s, &m| r.successor(&s, m))
    }

    #[test]
    fn legal_moves_in_cs188_order() {
        let r = rules("%%%%%\n%G  %\n% %%%\n%P .%\n%%%%%\n");
        let s = r.initial_state();
        // Pacman at (1, 1): north is open, south and west are walls.
        assert_eq!(r.legal(&s, 0), vec![Dir::Stop, Dir::East, Dir::North]);
        // The ghost at (1, 3) never stops; before its first move it may go anywhere open.
        assert_eq!(r.legal(&s, 1), vec![Dir::East, Dir::South]);
        // Having gone East it may not turn back West while it has another way.
        let s = after(&r, &[Dir::Stop, Dir::East]);
        assert_eq!(r.legal(&s, 1), vec![Dir::East]);
        // In the dead end at (3, 3) reversing is the only move, so it is allowed.
        let s = after(&r, &[Dir::Stop, Dir::East, Dir::Stop, Dir::East]);
        assert_eq!(s.agents[1].pos, (6, 6));
        assert_eq!(r.legal(&s, 1), vec![Dir::West]);
        assert_eq!(r.legal(&s, 0), vec![Dir::Stop, Dir::East, Dir::North]);
    }

    #[test]
    fn a_walled_in_ghost_stays_put() {
        let r = rules("%%%%%%%\n%P..%%%\n%%%%%G%\n%%%%%%%\n");
        let s = r.successor(&r.initial_state(), Dir::East);
        assert_eq!(r.legal(&s, 1), vec![Dir::Stop]);
        assert_eq!(r.successor(&s, Dir::Stop).agents[1].pos, s.agents[1].pos);
    }

    #[test]
    fn eating_food_scores_and_the_last_dot_wins() {
        let r = rules("%%%%%\n%P..%\n%%%%%\n");
        let s = r.successor(&r.initial_state(), Dir::East);
        assert_eq!((s.score, s.food_left, s.win), (9, 1, false));
        assert!(!s.has_food(5, 2, 1));
        let s = r.successor(&s, Dir::East);
        assert_eq!((s.score, s.food_left, s.win, s.is_over()), (9 + 9 + 500, 0, true, true));
        assert!(r.legal(&s, 0).is_empty());
        // Stopping costs the time penalty too.
        let s = r.successor(&r.initial_state(), Dir::Stop);
        assert_eq!(s.score, -TIME_PENALTY);
    }

    #[test]
    fn capsule_scares_ghosts_who_move_at_half_speed_until_the_timer_runs_out() {
        let r = rules("%%%%%%%%\n%Po .  %\n%%%%% G%\n%%%%%%%%\n");
        let s = r.successor(&r.initial_state(), Dir::East);
        assert_eq!((s.score, s.capsules, s.agents[1].scared), (-1, 0, SCARED_TIME));
        // The ghost at (6, 1) moves half a cell north.
        let s = r.successor(&s, Dir::North);
        assert_eq!((s.agents[1].pos, s.agents[1].scared), ((12, 3), SCARED_TIME - 1));
        assert!(!s.agents[1].on_grid());
        // Between cells it must go on the same way.
        let s = r.successor(&s, Dir::Stop);
        assert_eq!(r.legal(&s, 1), vec![Dir::North]);
        let mut s = r.successor(&s, Dir::North);
        assert_eq!(s.agents[1].pos, (12, 4));
        // Wander until the timer runs out: at 1 the ghost snaps to the grid.
        while s.agents[1].scared > 0 {
            s = r.successor(&s, Dir::Stop);
            let m = r.legal(&s, 1)[0];
            s = r.successor(&s, m);
        }
        assert!(s.agents[1].on_grid() && s.agents[1].scared == 0);
    }

    #[test]
    fn collisions_eat_scared_ghosts_and_kill_pacman_otherwise() {
        let r = rules("%%%%%%\n%PoG.%\n%%%%%%\n");
        // Pacman eats the capsule at (2, 1), next to the ghost at (3, 1): scared, it moves
        // half a cell towards him and they touch (distance 0.5 ≤ 0.7): eaten, back to start.
        let s = r.successor(&r.initial_state(), Dir::East);
        let s = r.successor(&s, Dir::West);
        assert_eq!(s.score, -1 + 200);
        assert_eq!((s.agents[1].pos, s.agents[1].scared, s.agents[1].dir), ((6, 2), 0, Dir::Stop));
        assert!(!s.is_over());
        // Unscared, the ghost kills Pacman (only on the same cell: 1 > 0.7): −500, lost.
        let r = rules("%%%%%%\n%P.G.%\n%%%%%%\n");
        let s = r.successor(&r.initial_state(), Dir::East);
        assert_eq!((s.score, s.lose), (9, false));
        let s = r.successor(&s, Dir::West);
        assert_eq!((s.score, s.lose), (9 - 500, true));
        assert!(s.is_over());
        // Eating the last dot where a ghost stands wins: a win is not also a loss.
        let r = rules("%%%%%%\n%P .G%\n%%%%%%\n");
        let s = after(&r, &[Dir::East, Dir::West, Dir::East]);
        assert_eq!((s.score, s.win, s.lose), (-1 + 10 - 1 + 500, true, false));
    }
}
