//! The compact board the solver works on: the floor squares the player can ever stand on,
//! indexed in reading order (so the smallest index is the top-left-most square), their
//! neighbours, the goals, push distances from every square to every goal, dead squares, and
//! Zobrist keys.
//!
//! A board belongs to a size class ([`Size`]), which bounds its floor squares and boxes;
//! [`Board::new`] refuses a level past them with a message that names the limit.

use crate::rules::level::{ErrorKind, Level, ParseError};
use crate::rules::size::{Size, Small, Square, SquareSet};

/// Distance of a square from which a goal cannot be reached.
pub const FAR: u16 = u16::MAX;

/// Sides of a square in [`Board::distance_from`]'s table: up to four components of the floor
/// around it, and [`ELSEWHERE`].
const SIDES: usize = 5;
/// The side of squares cut off from every neighbour of a square (and of the square itself).
const ELSEWHERE: u8 = 4;

/// The four directions in LURD order of their letters: up, down, left, right. The opposite
/// of `d` is `d ^ 1`.
pub const DIRS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
/// The eight neighbours of a square as `(row, column)` offsets, round the ring: N, NE, E, SE,
/// S, SW, W, NW (consecutive ones touch; the orthogonal ones have even indices).
pub(crate) const RING: [(isize, isize); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];
/// For each set of free squares on the ring round a square (bit `k`: the `k`-th square of
/// [`RING`] is free), whether filling the square keeps the free squares
/// next to it joined: its free orthogonal neighbours lie on one run of consecutive free ring
/// squares (any walk through the square can then go round it).
const KEEPS_REGION_WHOLE: [bool; 256] = {
    let mut table = [false; 256];
    let mut bits = 0;
    while bits < 256 {
        // Runs of free ring squares (each counted at its first square) that hold an
        // orthogonal neighbour.
        let (mut runs, mut k) = (0, 0);
        while k < 8 {
            if free(bits, k) && !free(bits, k + 7) {
                let (mut j, mut side) = (k, false);
                while j < k + 8 && free(bits, j) {
                    side |= j % 2 == 0;
                    j += 1;
                }
                runs += side as usize;
            }
            k += 1;
        }
        table[bits] = runs <= 1;
        bits += 1;
    }
    table
};

/// Whether bit `k` (taken round the ring, modulo 8) of `bits` is set.
const fn free(bits: usize, k: usize) -> bool {
    bits >> (k % 8) & 1 == 1
}

/// The move letters of [`DIRS`] (pushes are the capitals).
pub const LETTERS: [u8; 4] = *b"udlr";

/// The static part of a level, compiled for search.
#[derive(Clone, Debug)]
pub struct Board<Z: Size = Small> {
    width: usize,
    /// Square of each cell (`row * width + col`), or [`Size::NONE`].
    square: Vec<Z::Sq>,
    /// `(row, col)` of each square.
    cell: Vec<(usize, usize)>,
    /// Neighbour of each square in each direction, or [`Size::NONE`].
    next: Vec<[Z::Sq; 4]>,
    /// Whether each square is a goal.
    goal: Vec<bool>,
    /// The goal squares, in reading order.
    goals: Vec<Z::Sq>,
    /// The boxes at the start, in reading order.
    boxes: Vec<Z::Sq>,
    /// Ordered mode: the goal index of each box.
    targets: Option<Vec<usize>>,
    /// The player at the start.
    player: Z::Sq,
    /// `dist[g][s]`: fewest pushes that bring a box from `s` to goal `g` alone on the board
    /// (the player may stand anywhere), [`FAR`] if none.
    dist: Vec<Vec<u16>>,
    /// `side[b * floor + s]`: which side of square `b` square `s` is on: the index (0–3) of the
    /// component of the floor without `b` that holds `s`, numbered from `b`'s neighbours;
    /// [`ELSEWHERE`] for `s == b` and for squares cut off from every neighbour of `b`.
    side: Vec<u8>,
    /// `side_dist[(SIDES * s + c) * goals + g]`: fewest pushes that bring a box from `s` to
    /// goal `g` alone on the board when the player starts on side `c` of `s` (see
    /// [`Board::distance_from`]); the goals of one (square, side) lie together.
    side_dist: Vec<u16>,
    /// Squares from which no box reaches any goal.
    dead: Vec<bool>,
    /// Why the level cannot be solved whatever the search does, if it cannot.
    hopeless: Option<&'static str>,
    /// Zobrist keys: per box slot (one slot unless ordered) per square, then per square for
    /// the player.
    zobrist: Vec<u64>,
    /// The eight neighbours of each square in [`RING`] order, [`Size::NONE`] for walls.
    around: Vec<[Z::Sq; 8]>,
}

impl Board {
    /// Compiles `level` in the [`Small`] class (see [`Board::build`]).
    pub fn new(level: &Level, ordered: bool) -> Result<Board, ParseError> {
        Board::build(level, ordered)
    }

    /// A board for unit tests, parsed from `text`, with every box kept as drawn: boxes that
    /// can never move stay boxes (the freeze tests need such positions).
    #[cfg(test)]
    pub(crate) fn as_drawn(text: &str) -> Board {
        Board::compile(&Level::parse(text).unwrap(), false, false).unwrap()
    }
}

impl<Z: Size> Board<Z> {
    /// Compiles `level` in the size class `Z`; `ordered` pairs box i with goal i in reading
    /// order (levels with letters are always ordered, by letter). Errors name the level's
    /// first line, and the class's limit for a level too large for it.
    pub fn build(level: &Level, ordered: bool) -> Result<Board<Z>, ParseError> {
        Board::compile(level, ordered, true)
    }

    /// [`Board::new`], with the boxes that can never move made walls when `fix` is set.
    fn compile(level: &Level, ordered: bool, fix: bool) -> Result<Board<Z>, ParseError> {
        let (width, height) = (level.width(), level.height());
        let too_large = |what, found, max| ParseError {
            file: None,
            line: level.line,
            column: 1,
            kind: ErrorKind::TooLarge { what, found, max },
        };
        // The player's region, ignoring boxes (the level is closed: the parser checked).
        let mut player_cell = 0;
        for r in 0..height {
            for c in 0..width {
                if matches!(level.cell(r, c), b'@' | b'+') {
                    player_cell = r * width + c;
                }
            }
        }
        // Boxes that can never move are walls: the player never stands on their squares.
        let fixed = if fix { fixed_boxes(level) } else { vec![false; width * height] };
        let mut region = vec![false; width * height];
        let mut stack = vec![player_cell];
        region[player_cell] = true;
        while let Some(at) = stack.pop() {
            let (r, c) = (at / width, at % width);
            for (dr, dc) in DIRS {
                let (nr, nc) = (r.wrapping_add_signed(dr), c.wrapping_add_signed(dc));
                if nr >= height || nc >= width {
                    continue;
                }
                let at = nr * width + nc;
                if level.cell(nr, nc) != b'#' && !fixed[at] && !region[at] {
                    region[at] = true;
                    stack.push(at);
                }
            }
        }
        let floor = region.iter().filter(|&&x| x).count();
        if floor > Z::FLOOR {
            return Err(too_large("floor squares the player can reach", floor, Z::FLOOR));
        }
        let mut square = vec![Z::NONE; width * height];
        let mut cell = Vec::with_capacity(floor);
        for (at, _) in region.iter().enumerate().filter(|(_, x)| **x) {
            square[at] = Z::Sq::of(cell.len());
            cell.push((at / width, at % width));
        }
        let next: Vec<[Z::Sq; 4]> = cell
            .iter()
            .map(|&(r, c)| {
                DIRS.map(|(dr, dc)| {
                    let (nr, nc) = (r.wrapping_add_signed(dr), c.wrapping_add_signed(dc));
                    if nr < height && nc < width { square[nr * width + nc] } else { Z::NONE }
                })
            })
            .collect();

        // Boxes and goals in reading order, over the whole level; those outside the region
        // never move (a box there is a wall, fine only if it sits on its goal).
        let letters = level.has_letters();
        let ordered = ordered || letters;
        let mut all_boxes = Vec::new(); // (label, cell, on goal)
        let mut all_goals = Vec::new(); // (label, cell)
        for r in 0..height {
            for c in 0..width {
                let ch = level.cell(r, c);
                let at = r * width + c;
                if matches!(ch, b'$' | b'*') || ch.is_ascii_uppercase() {
                    all_boxes.push((ch.to_ascii_lowercase(), at));
                }
                if matches!(ch, b'.' | b'*' | b'+') || ch.is_ascii_lowercase() {
                    all_goals.push((ch, at));
                }
            }
        }
        if letters {
            all_boxes.sort_by_key(|b| b.0);
            all_goals.sort_by_key(|g| g.0);
        }
        let mut hopeless = None;
        if (0..width * height).any(|at| fixed[at] && level.cell(at / width, at % width) != b'*') {
            hopeless = Some("a box that can never move stands off its goal");
        }
        let mut boxes = Vec::new();
        let mut goals = Vec::new();
        let mut targets = Vec::new();
        if ordered {
            for (&(_, b), &(_, g)) in all_boxes.iter().zip(&all_goals) {
                match (region[b], region[g]) {
                    (false, false) if b == g => {}
                    (true, true) => {
                        targets.push(goals.len());
                        boxes.push(square[b]);
                        goals.push(square[g]);
                    }
                    _ => hopeless = Some("a box or its goal lies where the player can never go"),
                }
            }
        } else {
            for &(_, b) in &all_boxes {
                if region[b] {
                    boxes.push(square[b]);
                } else if !all_goals.iter().any(|&(_, g)| g == b) {
                    hopeless = Some("a box lies where the player can never go");
                }
            }
            for &(_, g) in &all_goals {
                if region[g] {
                    goals.push(square[g]);
                } else if !all_boxes.iter().any(|&(_, b)| b == g) {
                    hopeless = Some("a goal lies where the player can never go");
                }
            }
            goals.sort_unstable();
        }
        if boxes.len() > Z::BOXES {
            return Err(too_large("boxes", boxes.len(), Z::BOXES));
        }
        let mut goal = vec![false; floor];
        for &g in &goals {
            goal[g.ix()] = true;
        }
        let mut board = Board {
            width,
            square,
            cell,
            next,
            goal,
            goals,
            boxes,
            targets: ordered.then_some(targets),
            player: Z::Sq::default(),
            dist: Vec::new(),
            side: Vec::new(),
            side_dist: Vec::new(),
            dead: Vec::new(),
            hopeless,
            zobrist: Vec::new(),
            around: Vec::new(),
        };
        board.player = board.square[player_cell];
        board.dist = board.goals.iter().map(|&g| board.pull_distances(g)).collect();
        board.side = board.sides();
        let by_goal: Vec<Vec<u16>> = board.goals.iter().map(|&g| board.side_pull_distances(g)).collect();
        board.side_dist = (0..SIDES * floor).flat_map(|at| by_goal.iter().map(move |d| d[at])).collect();
        board.dead = (0..floor).map(|s| board.dist.iter().all(|d| d[s] == FAR)).collect();
        board.around = board
            .cell
            .iter()
            .map(|&(r, c)| RING.map(|(dr, dc)| board.square_at(r.wrapping_add_signed(dr), c.wrapping_add_signed(dc))))
            .collect();
        let slots = if ordered { board.boxes.len() } else { 1 };
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        board.zobrist = (0..(slots + 1) * floor).map(|_| splitmix(&mut seed)).collect();
        Ok(board)
    }

    /// The side of every square seen from every square (the `side` table): for each `b`, a
    /// flood fill of the floor without `b` from each of its neighbours in turn.
    fn sides(&self) -> Vec<u8> {
        let floor = self.cell.len();
        let mut side = vec![ELSEWHERE; floor * floor];
        let mut stack = Vec::new();
        for b in 0..floor {
            let row = &mut side[b * floor..(b + 1) * floor];
            let mut label = 0;
            for &n in &self.next[b] {
                if n == Z::NONE || row[n.ix()] != ELSEWHERE {
                    continue;
                }
                row[n.ix()] = label;
                stack.push(n);
                while let Some(s) = stack.pop() {
                    for &t in &self.next[s.ix()] {
                        if t != Z::NONE && t.ix() != b && row[t.ix()] == ELSEWHERE {
                            row[t.ix()] = label;
                            stack.push(t);
                        }
                    }
                }
                label += 1;
            }
        }
        side
    }

    /// Fewest pushes from each (square, player side) to `goal` for a box alone on the board:
    /// a breadth-first search that pulls the box back from the goal, where a pull from `t` to
    /// `b` needs the square beyond `b` (the player's) free and, since the player ends a push on
    /// `b`, `b` on the side of `t` the later pushes start from.
    fn side_pull_distances(&self, goal: Z::Sq) -> Vec<u16> {
        let floor = self.cell.len();
        let mut dist = vec![FAR; SIDES * floor];
        let mut queue = std::collections::VecDeque::new();
        for c in 0..SIDES as u8 {
            dist[SIDES * goal.ix() + c.ix()] = 0;
            queue.push_back((goal, c));
        }
        while let Some((t, c)) = queue.pop_front() {
            let here = dist[SIDES * t.ix() + c.ix()];
            for d in 0..4 {
                let b = self.next[t.ix()][d ^ 1];
                if b == Z::NONE || self.side[t.ix() * floor + b.ix()] != c {
                    continue;
                }
                let p = self.next[b.ix()][d ^ 1];
                if p == Z::NONE {
                    continue;
                }
                let from = SIDES * b.ix() + self.side[b.ix() * floor + p.ix()].ix();
                if dist[from] == FAR {
                    dist[from] = here + 1;
                    queue.push_back((b, self.side[b.ix() * floor + p.ix()]));
                }
            }
        }
        dist
    }

    /// Fewest pushes from each square to `goal` for a box alone on the board: a breadth-first
    /// search that pulls the box back from the goal (a pull from `t` to `b` needs the square
    /// beyond `b` free for the player).
    fn pull_distances(&self, goal: Z::Sq) -> Vec<u16> {
        let mut dist = vec![FAR; self.cell.len()];
        dist[goal.ix()] = 0;
        let mut queue = std::collections::VecDeque::from([goal]);
        while let Some(t) = queue.pop_front() {
            for d in 0..4 {
                // The box came from `b` (one step back) pushed by a player at `p`.
                let b = self.next[t.ix()][d ^ 1];
                if b == Z::NONE || self.next[b.ix()][d ^ 1] == Z::NONE || dist[b.ix()] != FAR {
                    continue;
                }
                dist[b.ix()] = dist[t.ix()] + 1;
                queue.push_back(b);
            }
        }
        dist
    }

    /// The squares the player can reach from `from` around the boxes in `at` (a bit set),
    /// and the top-left-most of them.
    pub(crate) fn region(&self, from: Z::Sq, at: &Z::Marks<Z::Sq>) -> (Z::Set, Z::Sq) {
        self.region_unless_it_meets(from, at, &Z::Set::EMPTY).expect("an empty set is never met")
    }

    /// [`Board::region`], unless its flood fill reaches every square of `targets` (not
    /// empty): then `None`, as soon as it has.
    pub(crate) fn region_unless_it_meets(
        &self,
        from: Z::Sq,
        at: &Z::Marks<Z::Sq>,
        targets: &Z::Set,
    ) -> Option<(Z::Set, Z::Sq)> {
        let mut left = targets.count();
        let watching = left > 0;
        // A flood fill on a copy of `at`, where a square is marked (0) once seen and the
        // outside ([`Size::NONE`] as a neighbour) is marked from the start: one test per neighbour.
        let mut open = *at;
        open[Z::NONE.ix()] = Z::Sq::default();
        let mut seen = Z::Set::EMPTY;
        let mut stack = Z::marks(Z::Sq::default());
        let mut len = 1;
        stack[0] = from;
        open[from.ix()] = Z::Sq::default();
        while len > 0 {
            len -= 1;
            let s = stack[len];
            seen.insert(s);
            if watching && targets.has(s) {
                left -= 1;
                if left == 0 {
                    return None;
                }
            }
            for &t in &self.next[s.ix()] {
                if open[t.ix()] == Z::NONE {
                    open[t.ix()] = Z::Sq::default();
                    stack[len] = t;
                    len += 1;
                }
            }
        }
        Some((seen, seen.first()))
    }

    /// Adds to `seen` the squares the player reaches from `from` around the boxes in `at`
    /// without passing through a square already in `seen` (a flood fill that stops there).
    pub(crate) fn fill(&self, seen: &mut Z::Set, from: Z::Sq, at: &Z::Marks<Z::Sq>) {
        let mut stack = Z::marks(Z::Sq::default());
        let mut len = 1;
        stack[0] = from;
        seen.insert(from);
        while len > 0 {
            len -= 1;
            let s = stack[len];
            for d in 0..4 {
                let t = self.next(s, d);
                if t != Z::NONE && at[t.ix()] == Z::NONE && !seen.has(t) {
                    seen.insert(t);
                    stack[len] = t;
                    len += 1;
                }
            }
        }
    }

    /// The player's region after a single push of the box on `b` to `t` (the player then
    /// stands on `b`), from its region `here` before the push, and its top-left-most square;
    /// `at` is the occupancy after the push. Unless filling `t` cuts `here`, the region is
    /// `here` without `t`, with `b`, and with whatever `b`'s free neighbours outside `here`
    /// lead to (a flood fill of the squares the push opened, which only `b` leads to: every
    /// other free square next to `here` was in it). Filling `t` keeps `here` whole when its
    /// free neighbours are joined round it on the ring of its eight neighbours, or else when
    /// a flood fill from `b` reaches all of them; when it does not, that flood fill is the
    /// region.
    pub(crate) fn region_after(&self, here: &Z::Set, b: Z::Sq, t: Z::Sq, at: &Z::Marks<Z::Sq>) -> (Z::Set, Z::Sq) {
        let board = self;
        let free = |s: Z::Sq| s != Z::NONE && at[s.ix()] == Z::NONE;
        if here.has(t) {
            // The ring of `t`'s eight neighbours (see [`RING`]).
            let free_ring = board.around(t).iter().enumerate().fold(0, |bits, (k, &s)| bits | u8::from(free(s)) << k);
            if !KEEPS_REGION_WHOLE[free_ring.ix()] {
                let mut sides = Z::Set::EMPTY;
                for n in (0..4).map(|d| board.next(t, d)).filter(|&n| n != b && free(n)) {
                    sides.insert(n);
                }
                if let Some(cut) = board.region_unless_it_meets(b, at, &sides) {
                    return cut;
                }
            }
        }
        let mut region = *here;
        region.remove(t);
        region.insert(b);
        for d in 0..4 {
            let n = board.next(b, d);
            if free(n) && !region.has(n) {
                board.fill(&mut region, n, at);
            }
        }
        (region, region.first())
    }

    /// The start position as a box index per square ([`Size::NONE`] where no box stands).
    pub(crate) fn start_occupancy(&self) -> Z::Marks<Z::Sq> {
        let mut at = Z::marks(Z::NONE);
        for (i, &b) in self.start_boxes().iter().enumerate() {
            at[b.ix()] = Z::Sq::of(i);
        }
        at
    }

    /// Number of floor squares.
    pub fn floor(&self) -> usize {
        self.cell.len()
    }
    /// Grid width of the level.
    pub fn width(&self) -> usize {
        self.width
    }
    /// The square at `(row, col)`, or [`Size::NONE`] for a wall or a cell the player never reaches.
    pub fn square_at(&self, row: usize, col: usize) -> Z::Sq {
        if col >= self.width { Z::NONE } else { self.square.get(row * self.width + col).copied().unwrap_or(Z::NONE) }
    }
    /// `(row, col)` of a square.
    pub fn cell_of(&self, sq: Z::Sq) -> (usize, usize) {
        self.cell[sq.ix()]
    }
    /// `level` (the level this board was made from) redrawn with the boxes on `boxes`, the
    /// player on `player` and the goals on `goals` (squares of this board): the cells of the
    /// floor redrawn, walls and boxes fixed for good kept. `--any` solves such levels as parts
    /// of the whole: from the start to parking squares as goals, or from a position one push
    /// in. `None` if the redrawn level does not parse (never expected).
    pub(crate) fn redrawn(&self, level: &Level, boxes: &[Z::Sq], player: Z::Sq, goals: &[Z::Sq]) -> Option<Level> {
        let mut text = String::new();
        for row in 0..level.height() {
            for col in 0..level.width() {
                let sq = self.square_at(row, col);
                let cell = if sq == Z::NONE {
                    level.cell(row, col)
                } else {
                    match (boxes.contains(&sq), sq == player, goals.contains(&sq)) {
                        (true, _, true) => b'*',
                        (true, _, false) => b'$',
                        (false, true, true) => b'+',
                        (false, true, false) => b'@',
                        (false, false, true) => b'.',
                        (false, false, false) => b' ',
                    }
                };
                text.push(char::from(cell));
            }
            text.push('\n');
        }
        Level::parse(&text).ok()
    }
    /// The eight neighbours of `sq` in [`RING`] order, [`Size::NONE`] for walls.
    #[inline]
    pub(crate) fn around(&self, sq: Z::Sq) -> &[Z::Sq; 8] {
        &self.around[sq.ix()]
    }
    /// The neighbour of `sq` in direction `d`, or [`Size::NONE`].
    #[inline]
    pub fn next(&self, sq: Z::Sq, d: usize) -> Z::Sq {
        self.next[sq.ix()][d]
    }
    /// The direction from `from` to its neighbour `to`, if they are neighbours (`None` for
    /// [`Size::NONE`]).
    pub(crate) fn direction(&self, from: Z::Sq, to: Z::Sq) -> Option<usize> {
        (from != Z::NONE).then(|| (0..4).find(|&d| self.next(from, d) == to)).flatten()
    }
    /// Whether `sq` is a goal.
    #[inline]
    pub fn is_goal(&self, sq: Z::Sq) -> bool {
        self.goal[sq.ix()]
    }
    /// The goal squares, in reading order (ordered mode: goal `i` of [`Board::target`]).
    pub fn goals(&self) -> &[Z::Sq] {
        &self.goals
    }
    /// The boxes at the start (ordered mode: box `i` belongs on goal `target(i)`).
    pub fn start_boxes(&self) -> &[Z::Sq] {
        &self.boxes
    }
    /// The player's square at the start.
    pub fn start_player(&self) -> Z::Sq {
        self.player
    }
    /// Whether boxes are paired with goals.
    pub fn is_ordered(&self) -> bool {
        self.targets.is_some()
    }
    /// Ordered mode: the goal index box `i` belongs on.
    #[inline]
    pub fn target(&self, i: usize) -> Option<usize> {
        self.targets.as_ref().map(|t| t[i])
    }
    /// Pushes from `sq` to goal number `g` for a box alone on the board ([`FAR`]: never).
    #[inline]
    pub fn distance(&self, g: usize, sq: Z::Sq) -> u16 {
        self.dist[g][sq.ix()]
    }
    /// Pushes from `sq` to goal number `g` for a box alone on the board with the player on
    /// square `player` ([`FAR`]: never): the player has to walk round the box to push it from
    /// another side, and in a one-wide passage it cannot. Never less than
    /// [`distance`](Board::distance), and still a lower bound on the box's pushes in the full
    /// game (other boxes only stand in the player's way). A push of another box keeps the
    /// player on the same side of this one (its walk and its step avoid this box's square).
    #[inline]
    pub fn distance_from(&self, g: usize, sq: Z::Sq, player: Z::Sq) -> u16 {
        self.distances_from(sq, player)[g]
    }
    /// Pushes from `sq` to goal number `g` for a box alone on the board, the player starting
    /// on whichever side of it is best ([`FAR`]: never): [`distance`](Board::distance) with
    /// the player walking round the box between pushes.
    pub(crate) fn side_distance(&self, g: usize, sq: Z::Sq) -> u16 {
        let goals = self.goals.len();
        (0..SIDES).map(|c| self.side_dist[(SIDES * sq.ix() + c) * goals + g]).min().unwrap_or(FAR)
    }
    /// [`Board::distance_from`] to every goal at once, indexed by goal.
    #[inline]
    pub(crate) fn distances_from(&self, sq: Z::Sq, player: Z::Sq) -> &[u16] {
        let c = self.side[sq.ix() * self.cell.len() + player.ix()];
        let goals = self.goals.len();
        let at = (SIDES * sq.ix() + c.ix()) * goals;
        &self.side_dist[at..at + goals]
    }
    /// Whether box `i` at `sq` can never reach a goal (its own goal, when ordered).
    #[inline]
    pub fn is_dead_for(&self, i: usize, sq: Z::Sq) -> bool {
        match self.target(i) {
            Some(g) => self.dist[g][sq.ix()] == FAR,
            None => self.dead[sq.ix()],
        }
    }
    /// Whether no box can reach any goal from `sq`.
    #[inline]
    pub fn is_dead(&self, sq: Z::Sq) -> bool {
        self.dead[sq.ix()]
    }
    /// Why the level is unsolvable before any search, if it is (a box or goal the player
    /// can never get to).
    pub fn hopeless(&self) -> Option<&'static str> {
        self.hopeless
    }
    /// Zobrist key of box slot `slot` (always 0 unless ordered) on `sq`.
    #[inline]
    pub fn box_key(&self, slot: usize, sq: Z::Sq) -> u64 {
        self.zobrist[slot * self.cell.len() + sq.ix()]
    }
    /// Zobrist key of the player on `sq`.
    #[inline]
    pub fn player_key(&self, sq: Z::Sq) -> u64 {
        self.zobrist[self.zobrist.len() - self.cell.len() + sq.ix()]
    }
}

/// SplitMix64: the Zobrist keys' generator (fixed seed, so runs are repeatable).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The boxes of `level`'s start (per cell, `row * width + col`) that can never move: the
/// largest set of boxes each of which has, along each axis, a wall or another box of the set
/// beside it. No box of such a set can be the first of them to move (a push needs both
/// neighbours along its axis free), so none ever moves. A box on a goal there is a wall for
/// the whole game (XSokoban-style goal blocks, Microban #144's 2×2 block): the push distances,
/// and with them the matching bound and the dead squares, see it as one.
fn fixed_boxes(level: &Level) -> Vec<bool> {
    let (width, height) = (level.width(), level.height());
    let is_box = |r: usize, c: usize| matches!(level.cell(r, c), b'$' | b'*') || level.cell(r, c).is_ascii_uppercase();
    let mut fixed: Vec<bool> = (0..width * height).map(|at| is_box(at / width, at % width)).collect();
    let blocked = |fixed: &[bool], r: usize, c: usize, (dr, dc): (isize, isize)| {
        let (nr, nc) = (r.wrapping_add_signed(dr), c.wrapping_add_signed(dc));
        nr >= height || nc >= width || level.cell(nr, nc) == b'#' || fixed[nr * width + nc]
    };
    let mut changed = true;
    while changed {
        changed = false;
        for at in 0..width * height {
            let (r, c) = (at / width, at % width);
            if !fixed[at] {
                continue;
            }
            let held = |a: usize, b: usize| blocked(&fixed, r, c, DIRS[a]) || blocked(&fixed, r, c, DIRS[b]);
            if !(held(0, 1) && held(2, 3)) {
                fixed[at] = false;
                changed = true;
            }
        }
    }
    fixed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::size::Large;
    use crate::rules::size::Small;

    #[test]
    fn squares_neighbours_and_pull_distances() {
        let b = Board::as_drawn("######\n#@ $.#\n######\n");
        assert_eq!(b.floor(), 4);
        assert_eq!(b.square_at(1, 1), 0);
        assert_eq!(b.next(0, 3), 1);
        assert_eq!(b.next(0, 2), Small::NONE);
        // Pushes right only: the box reaches the goal from squares 1 and 2, not from 0.
        let dist: Vec<u16> = (0..4).map(|s| b.distance(0, s)).collect();
        assert_eq!(dist, [FAR, 2, 1, 0]);
        assert!(b.is_dead(0) && !b.is_dead(1));
    }

    #[test]
    fn distances_from_the_players_side() {
        // In a one-wide corridor the player pushes the box towards the goal only from behind.
        let b = Board::as_drawn("########\n#@ $  .#\n########\n");
        let (player, box_sq, ahead) = (b.square_at(1, 1), b.square_at(1, 3), b.square_at(1, 5));
        assert_eq!(b.distance(0, box_sq), 3);
        assert_eq!(b.distance_from(0, box_sq, player), 3);
        assert_eq!(b.distance_from(0, box_sq, ahead), FAR, "the player is on the wrong side");
        assert_eq!(b.distance_from(0, b.square_at(1, 6), player), 0, "on the goal");
        // Never below the plain distance, on every square and side of a Microban level.
        let levels = crate::rules::level::parse_collection(include_str!("../../data/microban.xsb")).unwrap();
        let b = Board::new(&levels[7], false).unwrap();
        for g in 0..b.goals().len() {
            for s in 0..b.floor() as u8 {
                for p in (0..b.floor() as u8).filter(|&p| p != s) {
                    assert!(b.distance_from(g, s, p) >= b.distance(g, s));
                }
            }
        }
    }

    #[test]
    fn a_square_cuts_its_region_when_its_free_sides_are_not_joined_round_it() {
        // Bits round the ring: N 0, NE 1, E 2, SE 3, S 4, SW 5, W 6, NW 7.
        assert!(KEEPS_REGION_WHOLE[0b1111_1111], "open floor all round");
        assert!(KEEPS_REGION_WHOLE[0b0000_0111], "N and E joined by NE");
        assert!(!KEEPS_REGION_WHOLE[0b0000_0101], "N and E with NE a wall");
        assert!(!KEEPS_REGION_WHOLE[0b0001_0001], "a corridor from N to S");
        assert!(KEEPS_REGION_WHOLE[0b0000_0010], "a lone diagonal square is not a side");
        assert!(KEEPS_REGION_WHOLE[0b1101_1111], "all round but SW: W and S join the long way");
        assert!(!KEEPS_REGION_WHOLE[0b1101_1101], "nor NE: N and E parted from S and W");
    }

    #[test]
    fn corners_are_dead_and_pockets_are_walls() {
        let b = Board::as_drawn("#######\n#*#   #\n###@$.#\n  #   #\n  #####\n");
        assert_eq!(b.start_boxes().len(), 1, "the box in the closed pocket is a wall");
        assert!(b.hopeless().is_none());
        assert!(b.is_dead(b.square_at(1, 3)) && b.is_dead(b.square_at(3, 5)));
        assert!(!b.is_dead(b.square_at(2, 4)));
        let stuck = Board::as_drawn("#####\n#$#.#\n###@#\n#####\n");
        assert!(stuck.hopeless().is_some());
    }

    #[test]
    fn boxes_that_can_never_move_are_walls() {
        let compiled = |text| Board::new(&Level::parse(text).unwrap(), false).unwrap();
        // The 2×2 block of boxes on goals never moves: its squares are not floor, and the
        // player's walk cannot cross them.
        let b = compiled("#######\n#**   #\n#**@$.#\n#######\n");
        assert_eq!((b.floor(), b.start_boxes().len(), b.goals().len()), (6, 1, 1));
        assert_eq!(b.square_at(1, 2), Small::NONE);
        assert!(b.hopeless().is_none());
        // Two boxes side by side on the top wall hold each other; the third one can move.
        let b = compiled("#######\n#**   #\n# @$ .#\n#######\n");
        assert_eq!((b.floor(), b.start_boxes().len()), (8, 1));
        // A block holding a box off the goals: no solution.
        let b = compiled("#######\n#$*  .#\n#**@  #\n#######\n");
        assert!(b.hopeless().is_some());
    }

    #[test]
    fn limits_are_refused_with_the_limit_in_the_message() {
        let wide = format!("{}\n#@$.{}#\n{}\n", "#".repeat(300), " ".repeat(294), "#".repeat(300));
        let e = Board::new(&Level::parse(&wide).unwrap(), false).unwrap_err();
        assert!(e.to_string().contains("limit is 255"), "{e}");
        // The large class takes the same level, and refuses more boxes than it has room for.
        assert_eq!(Board::<Large>::build(&Level::parse(&wide).unwrap(), false).unwrap().floor(), 297);
        let boxes =
            format!("{}\n#@{}#\n#{}#\n#{}#\n", "#".repeat(131), " ".repeat(128), ".".repeat(129), "$".repeat(129));
        let level = Level::parse(&format!("{boxes}#{}#\n{}\n", " ".repeat(129), "#".repeat(131))).unwrap();
        let e = Board::<Large>::build(&level, false).unwrap_err();
        assert!(e.to_string().contains("129 boxes; the solver's limit is 127"), "{e}");
    }
}
