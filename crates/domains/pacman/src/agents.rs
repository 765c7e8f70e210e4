//! Pacman's agents: a reflex agent that looks one move ahead, and minimax, alpha-beta and
//! expectimax through `delve_game` (the same searches every game uses) with a depth in
//! rounds and an evaluation function: `score` (CS188's `scoreEvaluationFunction`) or
//! `better`, this crate's own (maze distances to food, ghosts and capsules, scared timers).

use crate::ghosts::GhostKind;
use crate::rules::{Agent, Dir, FOOD_SCORE, Rules, State, TIME_PENALTY, WIN_SCORE};
use delve_core::{Event, FnObserver, Limits, NoObserver, Stats, StopReason};
use delve_game::{Game, Method};
use std::collections::{HashSet, VecDeque};

/// Shortest-path distances between every two open cells of a maze (BFS over the walls).
#[derive(Clone, Debug)]
pub struct Distances {
    width: usize,
    /// `index[x + y * width]`: the open cell's number, or `usize::MAX` for a wall.
    index: Vec<usize>,
    /// `dist[a * open + b]`, `u16::MAX` when unreachable.
    dist: Vec<u16>,
    open: usize,
    /// The open neighbours of each open cell (by number), `u32::MAX` for none.
    neighbors: Vec<[u32; 4]>,
    /// The layout's capsule index of each open cell (by number), `u8::MAX` for none.
    capsule: Vec<u8>,
    /// The maze's pockets (see [`Pocket`]).
    pockets: Vec<Pocket>,
}

/// A part of the maze that one open cell, its exit, cuts off from the rest: a trap when
/// nothing is left in it to eat and a ghost can reach the exit first.
#[derive(Clone, Debug)]
struct Pocket {
    /// The exit's cell number.
    exit: usize,
    /// The pocket's cells (numbers, ascending), the exit not among them.
    cells: Vec<usize>,
    /// The same cells' `(x, y)`, in the same order.
    coords: Vec<(usize, usize)>,
}

/// The fewest cells a part of the maze must have to count as a [`Pocket`].
const POCKET_CELLS: usize = 8;

/// The pockets of a maze whose open cells are `cells`, with these `neighbors` (see
/// [`Distances`]): for each cell, the parts that removing it cuts off, all but the largest,
/// when they have at least [`POCKET_CELLS`] cells.
fn find_pockets(neighbors: &[[u32; 4]], cells: &[(usize, usize)]) -> Vec<Pocket> {
    let open = neighbors.len();
    let mut pockets = Vec::new();
    let mut part = vec![usize::MAX; open];
    for exit in 0..open {
        part.fill(usize::MAX);
        part[exit] = exit;
        let mut parts: Vec<Vec<usize>> = Vec::new();
        for &first in &neighbors[exit] {
            let first = first as usize;
            if first == u32::MAX as usize || part[first] != usize::MAX {
                continue;
            }
            part[first] = parts.len();
            let mut members = vec![first];
            let mut head = 0;
            while head < members.len() {
                for &n in &neighbors[members[head]] {
                    let n = n as usize;
                    if n != u32::MAX as usize && part[n] == usize::MAX {
                        part[n] = parts.len();
                        members.push(n);
                    }
                }
                head += 1;
            }
            parts.push(members);
        }
        let Some(largest) = parts.iter().map(Vec::len).max() else { continue };
        let mut kept_largest = false;
        for mut members in parts {
            if members.len() == largest && !kept_largest {
                kept_largest = true;
            } else if members.len() >= POCKET_CELLS {
                members.sort_unstable();
                let coords = members.iter().map(|&n| cells[n]).collect();
                pockets.push(Pocket { exit, cells: members, coords });
            }
        }
    }
    pockets
}

impl Distances {
    /// All-pairs maze distances of the rules' layout.
    pub fn new(rules: &Rules) -> Distances {
        let l = &*rules.layout;
        let mut index = vec![usize::MAX; l.width * l.height];
        let mut cells = Vec::new();
        for y in 0..l.height {
            for x in 0..l.width {
                if !l.is_wall(x, y) {
                    index[x + y * l.width] = cells.len();
                    cells.push((x, y));
                }
            }
        }
        let open = cells.len();
        let mut neighbors = vec![[u32::MAX; 4]; open];
        for (a, &(x, y)) in cells.iter().enumerate() {
            let around = [(x, y + 1), (x, y.wrapping_sub(1)), (x + 1, y), (x.wrapping_sub(1), y)];
            for (slot, (nx, ny)) in neighbors[a].iter_mut().zip(around) {
                if nx < l.width && ny < l.height && index[nx + ny * l.width] != usize::MAX {
                    *slot = index[nx + ny * l.width] as u32;
                }
            }
        }
        let mut dist = vec![u16::MAX; open * open];
        let mut queue = VecDeque::new();
        for (a, &start) in cells.iter().enumerate() {
            let row = &mut dist[a * open..(a + 1) * open];
            row[a] = 0;
            queue.push_back(start);
            while let Some((x, y)) = queue.pop_front() {
                let d = row[index[x + y * l.width]];
                for (nx, ny) in [(x, y + 1), (x, y.wrapping_sub(1)), (x + 1, y), (x.wrapping_sub(1), y)] {
                    if nx >= l.width || ny >= l.height {
                        continue;
                    }
                    let b = index[nx + ny * l.width];
                    if b != usize::MAX && row[b] == u16::MAX {
                        row[b] = d + 1;
                        queue.push_back((nx, ny));
                    }
                }
            }
        }
        let mut capsule = vec![u8::MAX; open];
        for (i, &c) in l.capsules.iter().enumerate() {
            if let (Some(&n), Ok(i)) = (index.get(c.0 + c.1 * l.width), u8::try_from(i))
                && n != usize::MAX
            {
                capsule[n] = i;
            }
        }
        let pockets = find_pockets(&neighbors, &cells);
        Distances { width: l.width, index, dist, open, neighbors, capsule, pockets }
    }

    /// The number of the open cell `c` (`None` for a wall or off the maze).
    fn number(&self, c: (usize, usize)) -> Option<usize> {
        self.index.get(c.0 + c.1 * self.width).copied().filter(|&i| i != usize::MAX)
    }

    /// Whether open cell number `n` holds a capsule not eaten yet in `state`.
    fn capsule_live(&self, state: &State, n: usize) -> bool {
        let i = self.capsule[n];
        i < 64 && state.capsules >> i & 1 == 1
    }

    /// The maze distance between two open cells (`None` if either is a wall or unreachable).
    pub fn get(&self, a: (usize, usize), b: (usize, usize)) -> Option<u32> {
        let ia = *self.index.get(a.0 + a.1 * self.width)?;
        let ib = *self.index.get(b.0 + b.1 * self.width)?;
        if ia == usize::MAX || ib == usize::MAX {
            return None;
        }
        let d = self.dist[ia * self.open + ib];
        (d != u16::MAX).then_some(u32::from(d))
    }
}

/// An evaluation function: how good a state is for Pacman.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// The game score (CS188's `scoreEvaluationFunction`).
    Score,
    /// The score plus maze-distance features: nearest food and food left, ghosts (flee the
    /// active ones, hunt the scared ones it can reach in time), capsules left (eaten at once
    /// against one ghost, kept for when they come close against several), and the room
    /// Pacman reaches before the ghosts (so he stays out of closing corridors and dead ends),
    /// and a dead end with nothing left to eat in it and a ghost at its mouth (a trap); in
    /// the endgame (at most 8 dots, no capsule), a walk that eats the last dots where no
    /// ghost can catch him (scared ones once they recover) is worth the win it secures, and
    /// the scared ghosts he can still catch.
    Better,
}

impl Eval {
    /// The name the command line uses: `score` or `better`.
    pub fn name(self) -> &'static str {
        match self {
            Eval::Score => "score",
            Eval::Better => "better",
        }
    }

    /// The evaluation called `name` (`score` or `better`).
    pub fn from_name(name: &str) -> Option<Eval> {
        match name {
            "score" => Some(Eval::Score),
            "better" => Some(Eval::Better),
            _ => None,
        }
    }

    /// The value of `state`.
    pub fn value(self, rules: &Rules, dist: &Distances, state: &State) -> f64 {
        match self {
            Eval::Score => f64::from(state.score),
            Eval::Better => better(rules, dist, state),
        }
    }
}

/// The cells holding food in `state` (a maze `width` wide).
fn food_cells(width: usize, state: &State) -> impl Iterator<Item = (usize, usize)> + '_ {
    state.food.iter().enumerate().flat_map(move |(word, &bits)| {
        let mut b = bits;
        std::iter::from_fn(move || {
            (b != 0).then(|| {
                let i = word * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                (i % width, i / width)
            })
        })
    })
}

/// The distance from Pacman to the nearest food (0 when none is left).
fn nearest_food(rules: &Rules, dist: &Distances, state: &State) -> u32 {
    let p = state.pacman();
    food_cells(rules.layout.width, state).filter_map(|c| dist.get(p, c)).min().unwrap_or(0)
}

/// What a lost game is worth below its score: losing forfeits the win bonus and the food
/// left, so it must look far worse than any risk taken to avoid it.
const LOSE: f64 = 3000.0;
/// What each food dot left costs: more than the walk to the next one can cost, so eating
/// one never looks worse for the longer walk it leaves.
const FOOD_LEFT: f64 = 20.0;
/// What a capsule left is worth with one ghost (negative: eat it) ...
const CAPSULE: f64 = -25.0;
/// ... and how much more for each further ghost: with several ghosts a capsule is best kept
/// until they come close, so that one capsule catches several of them.
const CAPSULE_PER_GHOST: f64 = 87.5;
/// A scared ghost Pacman can catch before it recovers is worth this, less [`HUNT_STEP`] a
/// step away: well below the 200 of eating it, so that the search hurries to catch it
/// rather than keep it in reach (a lower value than 150 scores better in paired contest
/// games; BENCHMARKS.md has the figures).
const HUNT: f64 = 100.0;
/// See [`HUNT`].
const HUNT_STEP: f64 = 4.0;
/// The room Pacman wants per ghost (see [`safe_room`]), in cells ...
const ROOM_PER_GHOST: usize = 13;
/// ... and what each cell short of it costs.
const ROOM_CELL: f64 = 10.0;
/// What Pacman in an empty pocket with a ghost at its exit costs (see [`in_empty_pocket`]):
/// a trap with nothing to gain in it, which the safe room (counting the pocket's cells as
/// room) does not see.
const EMPTY_POCKET: f64 = 300.0;
/// Ghosts still scared for at most this many moves count as dangerous for the room.
const ALMOST_ACTIVE: u8 = 2;

/// How many cells Pacman can reach strictly before every dangerous ghost, up to `cap`
/// (`cap` when that room holds a capsule, which makes it safe). A small room is a corridor
/// closing between ghosts or a dead end with a ghost at its mouth: traps that close beyond
/// the search's horizon.
fn safe_room(dist: &Distances, state: &State, cap: usize) -> usize {
    let Some(start) = dist.number(state.pacman()) else { return cap };
    // This runs at every leaf: the buffers live on the stack unless the maze, the room or
    // the ghosts are too many for them.
    let dangerous = GhostCells::new(dist, state, |g| g.scared <= ALMOST_ACTIVE);
    let ghosts = dangerous.cells();
    if ghosts.is_empty() {
        return cap;
    }
    let words = dist.open.div_ceil(64);
    if words <= STACK_WORDS && cap < STACK_ROOM {
        let mut seen = [0u64; STACK_WORDS];
        let mut queue = [(0u32, 0u16); STACK_ROOM];
        room_bfs(dist, state, cap, start, ghosts, &mut seen, &mut queue)
    } else {
        room_bfs(dist, state, cap, start, ghosts, &mut vec![0; words], &mut vec![(0, 0); cap + 1])
    }
}

/// The open cells (by number) of some of the ghosts, on the stack unless there are more
/// than [`STACK_GHOSTS`] of them (the evaluation asks at every leaf).
struct GhostCells {
    buf: [usize; STACK_GHOSTS],
    len: usize,
    /// All of them, when they do not fit in `buf`.
    spill: Vec<usize>,
}

impl GhostCells {
    /// The cells of the ghosts of `state` that `keep` accepts.
    fn new(dist: &Distances, state: &State, keep: impl Fn(&Agent) -> bool) -> GhostCells {
        let mut cells = GhostCells { buf: [0; STACK_GHOSTS], len: 0, spill: Vec::new() };
        for c in state.agents[1..].iter().filter(|g| keep(g)).filter_map(|g| dist.number(g.cell())) {
            if cells.len < STACK_GHOSTS {
                cells.buf[cells.len] = c;
            } else {
                if cells.spill.is_empty() {
                    cells.spill.extend_from_slice(&cells.buf);
                }
                cells.spill.push(c);
            }
            cells.len += 1;
        }
        cells
    }

    /// The cells.
    fn cells(&self) -> &[usize] {
        if self.spill.is_empty() { &self.buf[..self.len] } else { &self.spill }
    }
}

/// The fewest moves any ghost of `ghosts` (cell numbers) needs to reach open cell `c`
/// (`u16::MAX` for none).
fn ghost_dist(dist: &Distances, ghosts: &[usize], c: usize) -> u16 {
    ghosts.iter().map(|&g| dist.dist[g * dist.open + c]).min().unwrap_or(u16::MAX)
}

/// The most dangerous ghosts, maze cells (in words of 64) and room cells whose buffers
/// [`safe_room`] keeps on the stack.
const STACK_GHOSTS: usize = 8;
/// See [`STACK_GHOSTS`].
const STACK_WORDS: usize = 16;
/// See [`STACK_GHOSTS`].
const STACK_ROOM: usize = 128;

/// [`safe_room`]'s breadth-first search from open cell `start` with the ghosts at `ghosts`
/// (cell numbers), a bit per cell in `seen` (zeroed) and `queue` for at least `cap` cells.
fn room_bfs(
    dist: &Distances,
    state: &State,
    cap: usize,
    start: usize,
    ghosts: &[usize],
    seen: &mut [u64],
    queue: &mut [(u32, u16)],
) -> usize {
    let (mut head, mut tail) = (0, 1);
    seen[start / 64] |= 1 << (start % 64);
    queue[0] = (start as u32, 0);
    let mut count = 1;
    while head < tail {
        let (c, d) = queue[head];
        head += 1;
        for &n in &dist.neighbors[c as usize] {
            let n = n as usize;
            if n == u32::MAX as usize || seen[n / 64] >> (n % 64) & 1 == 1 {
                continue;
            }
            seen[n / 64] |= 1 << (n % 64);
            // Pacman moves first in a round: he is through a cell before a ghost that
            // needs more moves to reach it.
            if d + 1 < ghost_dist(dist, ghosts, n) {
                if dist.capsule_live(state, n) {
                    return cap;
                }
                count += 1;
                if count >= cap {
                    return cap;
                }
                queue[tail] = (n as u32, d + 1);
                tail += 1;
            }
        }
    }
    count
}

/// The most food dots left for which [`secured_walk`] looks for a walk (it tries their
/// orders, pruned: at most 8! of them).
const PLAN_DOTS: usize = 8;

/// The length of the shortest walk that eats all the food left (at most [`PLAN_DOTS`]
/// dots) on which no ghost can catch Pacman, whatever the ghosts do, `None` when there is
/// no such walk. Pacman moves first, so a cell he reaches in `t` moves is safe when no ghost
/// can be there, active, by its `t`-th move (see [`threats`]); the last dot need not be,
/// since eating it wins at once. With such a walk the game is won: the endgame's plan,
/// which the search's horizon alone does not see.
fn secured_walk(rules: &Rules, dist: &Distances, state: &State) -> Option<u32> {
    let left = usize::try_from(state.food_left).ok().filter(|&n| n > 0 && n <= PLAN_DOTS)?;
    let start = dist.number(state.pacman())?;
    let mut dots = [0usize; PLAN_DOTS];
    for (slot, cell) in dots.iter_mut().zip(food_cells(rules.layout.width, state)) {
        *slot = dist.number(cell)?;
    }
    let threats = threats(rules, dist, state);
    // Between Pacman's moves (the reflex agent judges such states) the ghosts move first:
    // count every ghost a move nearer, and Pacman's own cell must be safe.
    let t = u32::from(state.turn != 0);
    if t >= danger(dist, &threats, start) {
        return None;
    }
    safe_tour(dist, &threats, start, t, &mut dots[..left])
}

/// Where and when a ghost can catch Pacman: at open cell `c` by its move `max(not_before,
/// delay + d(origin, c))` at the earliest (`d` the maze distance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Threat {
    /// Where it comes from (a cell number).
    origin: usize,
    /// The moves it loses on the way.
    delay: u32,
    /// The move before which it cannot catch him anywhere.
    not_before: u32,
}

/// The ghosts of `state` as [`Threat`]s to [`secured_walk`]. An active ghost catches Pacman
/// at a cell it reaches. A ghost scared for `s` more moves is harmless until its `s`-th
/// move, and covers half a cell a move until then (`s / 2` cells, less one for its
/// rounding to a cell and its jump back onto the grid); and if Pacman eats it, it is back at
/// its start, active, counted from its second move at the earliest.
fn threats(rules: &Rules, dist: &Distances, state: &State) -> Vec<Threat> {
    let mut threats = Vec::with_capacity(2 * (state.agents.len() - 1));
    for (i, g) in state.agents[1..].iter().enumerate() {
        let Some(origin) = dist.number(g.cell()) else { continue };
        if g.scared == 0 {
            threats.push(Threat { origin, delay: 0, not_before: 0 });
            continue;
        }
        let s = u32::from(g.scared);
        threats.push(Threat { origin, delay: (s / 2).saturating_sub(1), not_before: s });
        if let Some(home) = rules.layout.ghosts.get(i).and_then(|&h| dist.number(h)) {
            threats.push(Threat { origin: home, delay: 1, not_before: 0 });
        }
    }
    threats
}

/// The earliest move by which one of `threats` can be at open cell `c` (`u32::MAX`: none).
fn danger(dist: &Distances, threats: &[Threat], c: usize) -> u32 {
    threats
        .iter()
        .filter_map(|th| {
            let d = dist.dist[th.origin * dist.open + c];
            (d != u16::MAX).then(|| th.not_before.max(th.delay + u32::from(d)))
        })
        .min()
        .unwrap_or(u32::MAX)
}

/// The length of the shortest safe walk (see [`secured_walk`]) from open cell `from`,
/// reached after `t` moves, through all of `dots` in some order (each leg a shortest path),
/// against `threats`; `None` if none is safe.
fn safe_tour(dist: &Distances, threats: &[Threat], from: usize, t: u32, dots: &mut [usize]) -> Option<u32> {
    let to_reach = |d: usize| t + u32::from(dist.dist[from * dist.open + d]);
    // Every dot but the last must be reached before the ghosts can be there.
    if dots.iter().filter(|&&d| to_reach(d) >= danger(dist, threats, d)).count() > 1 {
        return None;
    }
    let mut best: Option<u32> = None;
    for i in 0..dots.len() {
        dots.swap(0, i);
        let to = dots[0];
        let leg = to_reach(to) - t;
        let last = dots.len() == 1;
        if best.is_none_or(|b| leg < b) && safe_leg(dist, threats, from, to, t, last) {
            let rest = if last { Some(0) } else { safe_tour(dist, threats, to, t + leg, &mut dots[1..]) };
            if let Some(walk) = rest.map(|r| leg + r) {
                best = Some(best.map_or(walk, |b| b.min(walk)));
            }
        }
        dots.swap(0, i);
    }
    best
}

/// Whether some shortest path from open cell `from`, reached after `t` moves, to `to` is
/// safe against `threats` (see [`secured_walk`]); `to` need not be when it is the `last`
/// dot.
fn safe_leg(dist: &Distances, threats: &[Threat], from: usize, to: usize, t: u32, last: bool) -> bool {
    let to_go = &dist.dist[to * dist.open..(to + 1) * dist.open];
    let len = u32::from(to_go[from]);
    // The cells `step` moves along the safe shortest paths (at most STACK_ROOM of them are
    // followed: in a maze wider than that a path may be missed).
    let (mut here, mut next) = ([0u32; STACK_ROOM], [0u32; STACK_ROOM]);
    here[0] = from as u32;
    let mut size = 1;
    for step in 1..=len {
        let mut next_size = 0;
        for &c in &here[..size] {
            for &n in &dist.neighbors[c as usize] {
                let safe = || (last && step == len) || t + step < danger(dist, threats, n as usize);
                if n != u32::MAX
                    && u32::from(to_go[n as usize]) == len - step
                    && next_size < STACK_ROOM
                    && !next[..next_size].contains(&n)
                    && safe()
                {
                    next[next_size] = n;
                    next_size += 1;
                }
            }
        }
        if next_size == 0 {
            return false;
        }
        std::mem::swap(&mut here, &mut next);
        size = next_size;
    }
    true
}

/// What a scared ghost Pacman can catch before it recovers is worth (see [`HUNT`]): it
/// moves at half speed, so one `d` steps away is caught within its timer when `2d` is less.
fn hunt(d: f64, ghost: &Agent) -> f64 {
    if ghost.scared > 0 && 2.0 * d < f64::from(ghost.scared) { HUNT - HUNT_STEP * d } else { 0.0 }
}

/// This crate's evaluation function (see [`Eval::Better`]).
fn better(rules: &Rules, dist: &Distances, state: &State) -> f64 {
    let score = f64::from(state.score);
    if state.lose {
        return score - LOSE;
    }
    if state.win {
        return score;
    }
    let p = state.pacman();
    let away = |ghost: &Agent| f64::from(dist.get(p, ghost.cell()).unwrap_or(1000));
    if state.capsules == 0
        && let Some(walk) = secured_walk(rules, dist, state)
    {
        // Won whatever the ghosts do: what that walk scores, and the scared ghosts still
        // worth chasing on the way. (Only once the capsules are gone: before, the ghosts
        // they would scare may be worth more than winning at once.)
        let won = score + f64::from(FOOD_SCORE * state.food_left as i32 + WIN_SCORE - TIME_PENALTY * walk as i32);
        return won + state.agents[1..].iter().map(|g| hunt(away(g), g)).sum::<f64>();
    }
    let ghosts = state.agents.len() - 1;
    let mut value = score - f64::from(nearest_food(rules, dist, state)) - FOOD_LEFT * f64::from(state.food_left);
    let capsule = CAPSULE + CAPSULE_PER_GHOST * ghosts.saturating_sub(1) as f64;
    value += capsule * f64::from(state.capsules.count_ones());
    for ghost in &state.agents[1..] {
        let d = away(ghost);
        value += hunt(d, ghost);
        if ghost.scared == 0 {
            if d <= 1.0 {
                value -= 400.0;
            } else if d <= 3.0 {
                value -= 40.0 / d;
            }
        }
    }
    if in_empty_pocket(dist, state) {
        value -= EMPTY_POCKET;
    }
    let cap = ROOM_PER_GHOST * ghosts;
    if cap > 0 {
        value -= ROOM_CELL * (cap - safe_room(dist, state, cap)) as f64;
    }
    value
}

/// Whether Pacman is in a [`Pocket`] with no food and no capsule left in it while an active
/// ghost is no farther from its exit than he is.
fn in_empty_pocket(dist: &Distances, state: &State) -> bool {
    let Some(p) = dist.number(state.pacman()) else { return false };
    dist.pockets.iter().any(|pocket| {
        pocket.cells.binary_search(&p).is_ok()
            && !pocket.coords.iter().any(|&(x, y)| state.has_food(dist.width, x, y))
            && !pocket.cells.iter().any(|&n| dist.capsule_live(state, n))
            && state.agents[1..]
                .iter()
                .filter(|g| g.scared == 0)
                .filter_map(|g| dist.number(g.cell()))
                .any(|g| dist.dist[g * dist.open + pocket.exit] <= dist.dist[p * dist.open + pocket.exit])
    })
}

/// A reflex agent's one-step judgement of the state its move leads to.
fn reflex_value(rules: &Rules, dist: &Distances, action: Dir, next: &State) -> f64 {
    let mut value = better(rules, dist, next);
    if action == Dir::Stop {
        value -= 5.0;
    }
    value
}

/// Pacman against his ghosts as a [`delve_game::Game`], judged by an [`Eval`]: terminal
/// states and states at the depth cut-off alike get the evaluation, as CS188's agents do.
pub struct PacmanGame<'a> {
    /// The rules.
    pub rules: &'a Rules,
    /// The maze distances (for [`Eval::Better`]).
    pub dist: &'a Distances,
    /// The evaluation function.
    pub eval: Eval,
    /// Where the search starts.
    pub start: State,
    /// How the ghosts are expected to move at expectimax's chance nodes (`None`: uniformly).
    pub model: Option<GhostKind>,
    /// With a `model`: a ghost farther than this from Pacman (maze distance) is expected to
    /// make only its likeliest move (see [`PacmanAgent::far_ghosts`]).
    pub far_ghosts: Option<u32>,
}

impl Game for PacmanGame<'_> {
    type State = State;
    type Action = Dir;
    fn num_agents(&self) -> usize {
        self.rules.num_agents()
    }
    fn initial_state(&self) -> State {
        self.start.clone()
    }
    fn to_move(&self, state: &State) -> usize {
        state.turn
    }
    fn actions(&self, state: &State) -> Vec<Dir> {
        if let (Some(model), Some(far)) = (self.model, self.far_ghosts)
            && state.turn > 0
            && self.dist.get(state.pacman(), state.agents[state.turn].cell()).is_none_or(|d| d > far)
        {
            // The likeliest move (the first of equally likely ones), alone.
            let mut best: Option<(Dir, f64)> = None;
            for (action, p) in model.distribution(self.rules, state, state.turn) {
                if best.is_none_or(|(_, b)| p > b) {
                    best = Some((action, p));
                }
            }
            if let Some((action, _)) = best {
                return vec![action];
            }
        }
        self.rules.legal(state, state.turn)
    }
    fn result(&self, state: &State, action: &Dir) -> State {
        self.rules.successor(state, *action)
    }
    fn is_terminal(&self, state: &State) -> bool {
        state.is_over()
    }
    fn utility(&self, state: &State, _agent: usize) -> f64 {
        self.eval.value(self.rules, self.dist, state)
    }
    fn evaluate(&self, state: &State) -> f64 {
        self.eval.value(self.rules, self.dist, state)
    }
    fn chance_weights(&self, state: &State, actions: &[Dir]) -> Option<Vec<f64>> {
        let dist = self.model?.distribution(self.rules, state, state.turn);
        Some(actions.iter().map(|a| dist.iter().find(|(d, _)| d == a).map_or(0.0, |(_, p)| *p)).collect())
    }
}

/// Which agent plays Pacman.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AgentKind {
    /// One move ahead with this crate's reflex evaluation.
    Reflex,
    /// A `delve_game` search.
    Search(Method),
}

impl AgentKind {
    /// The name the command line uses.
    pub fn name(self) -> &'static str {
        match self {
            AgentKind::Reflex => "reflex",
            AgentKind::Search(m) => m.name(),
        }
    }

    /// The agent called `name` (`reflex`, `minimax`, `alphabeta`, `expectimax`).
    pub fn from_name(name: &str) -> Option<AgentKind> {
        match name {
            "reflex" => Some(AgentKind::Reflex),
            "minimax" => Some(AgentKind::Search(Method::Minimax)),
            "alphabeta" => Some(AgentKind::Search(Method::AlphaBeta)),
            "expectimax" => Some(AgentKind::Search(Method::Expectimax)),
            _ => None,
        }
    }
}

/// A Pacman agent: its kind, search depth (rounds) and evaluation function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PacmanAgent {
    /// What it does.
    pub kind: AgentKind,
    /// Search depth in rounds (one move of every agent); ignored by the reflex agent.
    pub depth: u32,
    /// The evaluation function of the searches (the reflex agent has its own).
    pub eval: Eval,
    /// How expectimax expects the ghosts to move: `None` uniformly (CS188's model), else as
    /// that kind of ghost does.
    pub model: Option<GhostKind>,
    /// With a `model`: ghosts farther than this many steps from Pacman (maze distance) are
    /// expected to make only their likeliest move, not every move with its probability. Far
    /// ghosts' unlikely moves hardly change the value, and dropping them makes the search
    /// several times cheaper, so it can look a round deeper. `None`: every ghost branches.
    pub far_ghosts: Option<u32>,
    /// When the search to `depth` generates fewer than this many states, search again a
    /// round deeper and play that search's move: a small tree (the ghosts far, so each
    /// makes only its likeliest move, or few moves legal) costs little more a round deeper,
    /// and the deeper search sees traps and catches the shallow one misses. The bound is on
    /// states, not time, so the moves repeat on any machine; the deeper search costs at most
    /// a round's branching times the bound. `None`: never (CS188's agents, whose state
    /// counts are graded; ignored when counting distinct states).
    pub deepen_below: Option<u64>,
}

/// One move's decision and what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The move.
    pub action: Dir,
    /// The search's statistics (generated, expanded, …; zero for the reflex agent).
    pub stats: Stats,
    /// Distinct CS188 states created by the search, the root included (what CS188's
    /// autograder counts); `None` unless asked for.
    pub distinct: Option<usize>,
}

impl PacmanAgent {
    /// An agent as CS188 defines it: ghosts expected to move uniformly at random (no model)
    /// and every ghost branching. The other agents start from it (`PacmanAgent { model, ..
    /// PacmanAgent::cs188(kind, depth, eval) }`).
    pub const fn cs188(kind: AgentKind, depth: u32, eval: Eval) -> PacmanAgent {
        PacmanAgent { kind, depth, eval, model: None, far_ghosts: None, deepen_below: None }
    }

    /// Pacman's move in `state` (Pacman to move, game not over). With `count_distinct`, also
    /// counts the distinct CS188 states the search creates.
    pub fn choose(&self, rules: &Rules, dist: &Distances, state: &State, count_distinct: bool) -> Choice {
        // Without limits nothing stops the search.
        self.choose_within(rules, dist, state, count_distinct, &Limits::none()).unwrap_or(Choice {
            action: Dir::Stop,
            stats: Stats::default(),
            distinct: None,
        })
    }

    /// [`PacmanAgent::choose`] within `limits` (time, nodes, a cancel flag), for callers that
    /// must stay bounded (the web page); `Err` with the reason when a limit stopped the search.
    pub fn choose_within(
        &self,
        rules: &Rules,
        dist: &Distances,
        state: &State,
        count_distinct: bool,
        limits: &Limits,
    ) -> Result<Choice, StopReason> {
        match self.kind {
            AgentKind::Reflex => {
                let mut best: Option<(f64, Dir)> = None;
                for action in rules.legal(state, 0) {
                    let v = reflex_value(rules, dist, action, &rules.successor(state, action));
                    if best.is_none_or(|(b, _)| v > b) {
                        best = Some((v, action));
                    }
                }
                Ok(Choice { action: best.map_or(Dir::Stop, |b| b.1), stats: Stats::default(), distinct: None })
            }
            AgentKind::Search(method) => {
                let game = PacmanGame {
                    rules,
                    dist,
                    eval: self.eval,
                    start: state.clone(),
                    model: self.model,
                    far_ghosts: self.far_ghosts,
                };
                let (out, distinct) = if count_distinct {
                    let mut seen = HashSet::new();
                    let out = delve_game::search(
                        &game,
                        state,
                        method,
                        Some(self.depth),
                        limits,
                        FnObserver(|e: &Event<'_, State, u32>, _: &_| {
                            if let Event::Generate(n) = e {
                                seen.insert(n.state.cs188_key());
                            }
                        }),
                    );
                    if !seen.is_empty() {
                        seen.insert(state.cs188_key());
                    }
                    (out, Some(seen.len()))
                } else {
                    let mut out = delve_game::search(&game, state, method, Some(self.depth), limits, NoObserver);
                    if out.outcome.is_ok() && self.deepen_below.is_some_and(|n| out.stats.generated < n) {
                        let shallow = out.stats;
                        out = delve_game::search(&game, state, method, Some(self.depth + 1), limits, NoObserver);
                        out.stats.absorb(&shallow);
                        out.stats.elapsed += shallow.elapsed;
                    }
                    (out, None)
                };
                let action = out.outcome?.action.unwrap_or(Dir::Stop);
                Ok(Choice { action, stats: out.stats, distinct })
            }
        }
    }
}

/// The deepest search, in rounds, an agent asked for by name may have.
pub const MAX_DEPTH: u32 = 8;

/// Why an agent asked for by name cannot be built; the messages name the option as the web
/// API and the Python package spell it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AgentError {
    /// No agent has this name.
    #[error("agent: unknown `{0}` (expected reflex, minimax, alphabeta or expectimax)")]
    Agent(String),
    /// The depth is not 1 to [`MAX_DEPTH`] rounds.
    #[error("depth: 1 to {MAX_DEPTH} rounds, not {0}")]
    Depth(u32),
    /// No evaluation function has this name.
    #[error("eval: unknown `{0}` (expected score or better)")]
    Eval(String),
    /// No kind of ghost has this name.
    #[error("ghosts: unknown `{0}` (expected random or directional)")]
    Ghosts(String),
    /// No model of the ghosts has this name.
    #[error("ghost_model: unknown `{0}` (expected uniform or directional)")]
    GhostModel(String),
    /// `far_ghosts` was given with the uniform model, which has no likeliest move.
    #[error("far_ghosts needs ghost_model directional (a uniform model has no likeliest move)")]
    FarGhosts,
}

/// A Pacman agent and the ghosts it plays against, asked for by the names the command line
/// uses: what `delve pacman play`, the web page and the Python package all build their games
/// from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentSpec<'a> {
    /// `reflex`, `minimax`, `alphabeta` or `expectimax`.
    pub agent: &'a str,
    /// Search depth in rounds, 1 to [`MAX_DEPTH`].
    pub depth: u32,
    /// The searches' evaluation: `score` or `better`.
    pub eval: &'a str,
    /// The ghosts: `random` or `directional`.
    pub ghosts: &'a str,
    /// Expectimax's model of the ghosts: `uniform` (CS188's) or `directional`.
    pub ghost_model: &'a str,
    /// With the directional model: ghosts farther than this many steps make only their
    /// likeliest move (see [`PacmanAgent::far_ghosts`]).
    pub far_ghosts: Option<u32>,
}

impl Default for AgentSpec<'_> {
    /// The command line's defaults, with the reflex agent.
    fn default() -> Self {
        AgentSpec {
            agent: "reflex",
            depth: 2,
            eval: "better",
            ghosts: "random",
            ghost_model: "uniform",
            far_ghosts: None,
        }
    }
}

impl AgentSpec<'_> {
    /// The agent and the ghosts' kind, or the first option that is wrong (checked in the
    /// order of the fields).
    pub fn build(&self) -> Result<(PacmanAgent, GhostKind), AgentError> {
        let kind = AgentKind::from_name(self.agent).ok_or_else(|| AgentError::Agent(self.agent.to_string()))?;
        if !(1..=MAX_DEPTH).contains(&self.depth) {
            return Err(AgentError::Depth(self.depth));
        }
        let eval = Eval::from_name(self.eval).ok_or_else(|| AgentError::Eval(self.eval.to_string()))?;
        let ghosts = GhostKind::from_name(self.ghosts).ok_or_else(|| AgentError::Ghosts(self.ghosts.to_string()))?;
        // CS188's expectimax expects uniformly random ghosts: no model.
        let model = match self.ghost_model {
            "uniform" => None,
            "directional" => Some(GhostKind::Directional),
            other => return Err(AgentError::GhostModel(other.to_string())),
        };
        if self.far_ghosts.is_some() && model.is_none() {
            return Err(AgentError::FarGhosts);
        }
        let agent = PacmanAgent { model, far_ghosts: self.far_ghosts, ..PacmanAgent::cs188(kind, self.depth, eval) };
        Ok((agent, ghosts))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use std::sync::Arc;

    fn rules(text: &str) -> Rules {
        Rules::new(Arc::new(Layout::parse(text).expect("valid layout")), None)
    }

    #[test]
    fn a_small_tree_is_searched_a_round_deeper() {
        let r = rules("%%%%%%%%%\n%P.. . G%\n% %%.%% %\n%o . .. %\n%%%%%%%%%\n");
        let d = Distances::new(&r);
        let s = r.initial_state();
        let agent = |depth, deepen_below| PacmanAgent {
            model: Some(GhostKind::Directional),
            deepen_below,
            ..PacmanAgent::cs188(AgentKind::Search(Method::Expectimax), depth, Eval::Better)
        };
        let (one, two) = (agent(1, None).choose(&r, &d, &s, false), agent(2, None).choose(&r, &d, &s, false));
        // A bound the depth-1 search stays under: the depth-2 search's move, both searches'
        // states counted.
        let deeper = agent(1, Some(one.stats.generated + 1)).choose(&r, &d, &s, false);
        assert_eq!(deeper.action, two.action);
        assert_eq!(deeper.stats.generated, one.stats.generated + two.stats.generated);
        assert_eq!(deeper.stats.max_frontier, two.stats.max_frontier);
        // One it reaches: the depth-1 search alone.
        let shallow = agent(1, Some(one.stats.generated)).choose(&r, &d, &s, false);
        assert_eq!((shallow.action, shallow.stats.generated), (one.action, one.stats.generated));
    }

    #[test]
    fn safe_room_counts_the_cells_pacman_reaches_first() {
        // Pacman at (1, 1), the ghost at (5, 1) of a corridor: Pacman reaches (2, 1) in one
        // move, the ghost in three; (3, 1) both in two, so it is not safe.
        let r = rules("%%%%%%%\n%P...G%\n%%%%%%%\n");
        let d = Distances::new(&r);
        let mut s = r.initial_state();
        assert_eq!(safe_room(&d, &s, 13), 2);
        // A room too large for the stack buffers gives the same count.
        assert_eq!(safe_room(&d, &s, STACK_ROOM + 1), 2);
        // So do more ghosts than the stack holds (the nearest decides).
        let crowd = rules("%%%%%%%%%%%%%%%%\n%P...GGGGGGGGGG%\n%%%%%%%%%%%%%%%%\n");
        assert!(crowd.num_agents() > STACK_GHOSTS + 1);
        assert_eq!(safe_room(&Distances::new(&crowd), &crowd.initial_state(), 13), 2);
        // A ghost scared for longer than ALMOST_ACTIVE moves is no danger.
        s.agents[1].scared = ALMOST_ACTIVE + 1;
        assert_eq!(safe_room(&d, &s, 13), 13);
        s.agents[1].scared = ALMOST_ACTIVE;
        assert_eq!(safe_room(&d, &s, 13), 2);
        // A capsule Pacman reaches first makes the room safe.
        let r = rules("%%%%%%%\n%Po..G%\n%%%%%%%\n");
        let d = Distances::new(&r);
        assert_eq!(safe_room(&d, &r.initial_state(), 13), 13);
    }

    #[test]
    fn a_far_ghost_makes_only_its_likeliest_move() {
        // The ghost at (10, 3) is 9 steps from Pacman: West (towards him) or South.
        let r = rules("%%%%%%%%%%%%\n%P........G%\n%.%%%%%%%%.%\n%..........%\n%%%%%%%%%%%%\n");
        let d = Distances::new(&r);
        let ghost_turn = r.successor(&r.initial_state(), Dir::Stop);
        assert_eq!(r.legal(&ghost_turn, 1), [Dir::West, Dir::South]);
        let game = |far_ghosts| PacmanGame {
            rules: &r,
            dist: &d,
            eval: Eval::Better,
            start: ghost_turn.clone(),
            model: Some(GhostKind::Directional),
            far_ghosts,
        };
        assert_eq!(game(Some(6)).actions(&ghost_turn), [Dir::West]);
        assert_eq!(game(Some(9)).actions(&ghost_turn), [Dir::West, Dir::South]);
        assert_eq!(game(None).actions(&ghost_turn), [Dir::West, Dir::South]);
        // Pacman always has all his moves, and without a model every ghost branches.
        assert_eq!(game(Some(0)).actions(&r.initial_state()).len(), 3);
        let uniform = PacmanGame { model: None, ..game(Some(0)) };
        assert_eq!(uniform.actions(&ghost_turn).len(), 2);
    }

    #[test]
    fn a_secured_walk_eats_every_dot_before_a_ghost_can_reach_its_cells() {
        let walk = |text: &str| {
            let r = rules(text);
            secured_walk(&r, &Distances::new(&r), &r.initial_state())
        };
        // Pacman at (4, 1), dots at (2, 1) and (6, 1), the ghost at (9, 1): only the right
        // dot first is safe (going left first, he would pass (5, 1) at move 5, which the
        // ghost reaches in 4), 6 moves in all.
        assert_eq!(walk("%%%%%%%%%%%\n% . P .  G%\n%%%%%%%%%%%\n"), Some(6));
        // A step nearer, the ghost reaches (6, 1) in 2 moves, as soon as Pacman: no walk.
        assert_eq!(walk("%%%%%%%%%%%\n% . P . G %\n%%%%%%%%%%%\n"), None);
        // The last dot may be one the ghost reaches with him: eating it wins at once.
        assert_eq!(walk("%%%%%%%\n%P . G%\n%%%%%%%\n"), Some(2));
        assert_eq!(walk("%%%%%%%\n%P  .G%\n%%%%%%%\n"), None);
        // With the ghost to move first, (6, 1) is no longer reached before it.
        let r = rules("%%%%%%%%%%%\n% . P .  G%\n%%%%%%%%%%%\n");
        let ghost_turn = r.successor(&r.initial_state(), Dir::Stop);
        assert_eq!(secured_walk(&r, &Distances::new(&r), &ghost_turn), None);
        // At most PLAN_DOTS dots are planned for.
        let wall = "%".repeat(20);
        let dots = |n: usize| format!("{wall}\n%P{}{}G%\n{wall}\n", ".".repeat(n), " ".repeat(16 - n));
        assert_eq!(walk(&dots(PLAN_DOTS)), Some(PLAN_DOTS as u32));
        assert_eq!(walk(&dots(PLAN_DOTS + 1)), None);
    }

    #[test]
    fn a_secured_endgame_is_worth_the_win_and_the_scared_ghosts_once_the_capsules_are_gone() {
        let r = rules("%%%%%%%%%%%\n% . P .  G%\n%%%%%%%%%%%\n");
        let d = Distances::new(&r);
        let mut s = r.initial_state();
        let won = f64::from(2 * FOOD_SCORE + WIN_SCORE - 6 * TIME_PENALTY);
        assert_eq!(better(&r, &d, &s), won);
        // A scared ghost still worth chasing (5 steps away, scared for 11 more moves) adds
        // what it is worth; one that recovers first adds nothing.
        s.agents[1].scared = 11;
        assert_eq!(better(&r, &d, &s), won + HUNT - 5.0 * HUNT_STEP);
        s.agents[1].scared = 10;
        assert_eq!(better(&r, &d, &s), won);
        // A capsule left may be worth more than winning at once: no plan.
        let r = rules("%%%%%%%%%%%\n%o. P .  G%\n%%%%%%%%%%%\n");
        assert!(better(&r, &Distances::new(&r), &r.initial_state()) < 0.0);
    }

    #[test]
    fn a_scared_ghost_threatens_the_walk_from_when_it_can_recover() {
        // Pacman at (4, 1), dots at (2, 1) and (6, 1), the ghost at (8, 1): active, it
        // reaches (6, 1) with him (and blocks the way back from the left): no walk.
        let r = rules("%%%%%%%%%%%\n% . P . G %\n%%%%%%%%%%%\n");
        let d = Distances::new(&r);
        let mut s = r.initial_state();
        assert_eq!(secured_walk(&r, &d, &s), None);
        // Scared for 2 more moves, it is active again when he gets there: still none.
        s.agents[1].scared = 2;
        assert_eq!(secured_walk(&r, &d, &s), None);
        // Scared for 20, it cannot catch him in time; eaten, it would come back from its
        // start, (8, 1), a move late: the right dot first, then the left, 6 moves.
        s.agents[1].scared = 20;
        assert_eq!(secured_walk(&r, &d, &s), Some(6));
        let home = d.number((8, 1)).expect("open");
        let scared = threats(&r, &d, &s);
        assert_eq!(
            scared,
            [Threat { origin: home, delay: 9, not_before: 20 }, Threat { origin: home, delay: 1, not_before: 0 }]
        );
        // (6, 1) is 2 steps from it: the ghost eaten and back home catches him there by its
        // third move, recovered it would not before its twentieth.
        assert_eq!(danger(&d, &scared, d.number((6, 1)).expect("open")), 3);
        assert_eq!(danger(&d, &scared[..1], d.number((6, 1)).expect("open")), 20);
    }

    #[test]
    fn an_empty_pocket_with_a_ghost_at_its_exit_is_a_trap() {
        // A loop of 10 cells on the left; from its cell (4, 2) a dead end of 8 cells runs
        // east: the one pocket (the dead end's own cells cut off fewer than POCKET_CELLS).
        let maze = |row1: &str, row2: &str| {
            let r = rules(&format!("%%%%%%%%%%%%%%\n{row1}\n{row2}\n%    %%%%%%%%%\n%%%%%%%%%%%%%%\n"));
            let d = Distances::new(&r);
            let trapped = in_empty_pocket(&d, &r.initial_state());
            (r, d, trapped)
        };
        let (_, d, trapped) = maze("%.   %%%%%%%%%", "% %% G      P%");
        assert_eq!(d.pockets.len(), 1);
        assert_eq!(d.pockets[0].exit, d.number((4, 2)).expect("open"));
        assert_eq!(d.pockets[0].cells.len(), POCKET_CELLS);
        // Nothing to eat in it and the ghost at its exit: trapped.
        assert!(trapped);
        // Not with a dot left in it, nor with the ghost farther from the exit than Pacman.
        assert!(!maze("%.   %%%%%%%%%", "% %% G .    P%").2);
        assert!(!maze("%G   %%%%%%%%%", "% %%.P       %").2);
        // Nor with the ghost scared.
        let (r, d, _) = maze("%.   %%%%%%%%%", "% %% G      P%");
        let mut s = r.initial_state();
        s.agents[1].scared = 1;
        assert!(!in_empty_pocket(&d, &s));
    }

    #[test]
    fn a_capsule_is_kept_against_several_ghosts_and_eaten_against_one() {
        // The ghosts wander a corridor Pacman cannot reach: only the capsule differs (and
        // the walk to the next dot, one step shorter after eating it). More dots than
        // PLAN_DOTS: no endgame plan once the capsule is gone.
        for (text, keep) in [
            ("%%%%%%%%%%%%%\n%Po.........%\n%%%%%%%%%%%%%\n%G         G%\n%%%%%%%%%%%%%\n", true),
            ("%%%%%%%%%%%%%\n%Po.........%\n%%%%%%%%%%%%%\n%G          %\n%%%%%%%%%%%%%\n", false),
        ] {
            let r = rules(text);
            let d = Distances::new(&r);
            let start = r.initial_state();
            let eaten = r.successor(&start, Dir::East);
            let kept = r.successor(&start, Dir::Stop);
            assert_eq!(eaten.capsules.count_ones() + 1, kept.capsules.count_ones());
            assert_eq!(better(&r, &d, &kept) > better(&r, &d, &eaten), keep, "{text}");
        }
    }

    #[test]
    fn agents_are_built_from_their_names() {
        let spec = AgentSpec { agent: "expectimax", depth: 3, eval: "score", ..AgentSpec::default() };
        let (agent, ghosts) = spec.build().expect("valid names");
        assert_eq!(agent, PacmanAgent::cs188(AgentKind::Search(Method::Expectimax), 3, Eval::Score));
        assert_eq!(ghosts, GhostKind::Random);
        let directional = AgentSpec { ghost_model: "directional", far_ghosts: Some(6), ..spec };
        assert_eq!(directional.build().expect("valid").0.far_ghosts, Some(6));
        let bad = |spec: AgentSpec<'_>| spec.build().expect_err("invalid").to_string();
        assert!(bad(AgentSpec { agent: "greedy", ..spec }).starts_with("agent: unknown `greedy`"));
        assert_eq!(bad(AgentSpec { depth: 0, ..spec }), "depth: 1 to 8 rounds, not 0");
        assert!(bad(AgentSpec { eval: "best", ..spec }).starts_with("eval: unknown `best`"));
        assert!(bad(AgentSpec { ghosts: "uniform", ..spec }).starts_with("ghosts: unknown `uniform`"));
        assert!(bad(AgentSpec { ghost_model: "random", ..spec }).starts_with("ghost_model: unknown `random`"));
        assert_eq!(AgentSpec { far_ghosts: Some(6), ..spec }.build(), Err(AgentError::FarGhosts));
    }
}
