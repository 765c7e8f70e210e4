//! A level as the file describes it: the cell grid with its links, the trucks, items and
//! warehouses, and the parser for the `rgbx-grid` format (FORMAT.md: version 1, sections
//! 1–2, and the version 2 extension of section 5: white trucks, switch buttons and gates,
//! bumps).

use crate::error::{ErrorKind, ParseError};
use std::fmt;

/// The most trucks a level may have (the format's digits `0`–`9`).
pub const MAX_TRUCKS: usize = 10;
/// The most rows or columns a level may have.
pub const MAX_SIDE: usize = 64;

/// A truck, item or warehouse colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red (`r` item, `R` warehouse).
    Red,
    /// Green.
    Green,
    /// Blue.
    Blue,
    /// Yellow.
    Yellow,
    /// White: a truck only (format version 2). It carries items of every colour, stacked,
    /// and must deliver the one on top (FORMAT.md §5).
    White,
}

impl Colour {
    /// The four colours of items and warehouses, in the format's order.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Green, Colour::Blue, Colour::Yellow];

    /// The colour's name in level files (`red`, …).
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
            Colour::White => "white",
        }
    }

    /// The item letter (`r`, `g`, `b`, `y`; `w` for white, which no item has); the
    /// warehouse letter is its capital.
    pub fn letter(self) -> char {
        self.name().as_bytes()[0] as char
    }

    fn from_name(name: &str) -> Option<Colour> {
        Colour::ALL.into_iter().chain([Colour::White]).find(|c| c.name() == name)
    }

    fn from_letter(c: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|col| col.letter() == c.to_ascii_lowercase())
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the four grid directions, in the original solver's move order (up, down, left, right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Dir {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Dir {
    /// The four, in the original solver's order.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The opposite direction.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The original solver's arrow (`↑ ↓ ← →`).
    pub fn arrow(self) -> char {
        match self {
            Dir::Up => '↑',
            Dir::Down => '↓',
            Dir::Left => '←',
            Dir::Right => '→',
        }
    }

    /// The original solver's letter (`U D L R`).
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// Row and column step.
    pub fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }

    fn from_name(name: &str) -> Option<Option<Dir>> {
        match name {
            "up" => Some(Some(Dir::Up)),
            "down" => Some(Some(Dir::Down)),
            "left" => Some(Some(Dir::Left)),
            "right" => Some(Some(Dir::Right)),
            "-" => Some(None),
            _ => None,
        }
    }
}

/// What stands on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// No road (`.`).
    Empty,
    /// A straight road cell (`-` or `|`): never an event.
    Straight,
    /// A decision point (`+`): corner, junction, crossing or dead end.
    Junction,
    /// The start of truck `n`.
    Start(u8),
    /// An item of this colour.
    Item(Colour),
    /// The road cell serving a warehouse of this colour.
    Warehouse(Colour),
}

impl Cell {
    /// Whether the cell has road.
    pub fn is_road(self) -> bool {
        self != Cell::Empty
    }

    /// Whether the cell is an event (every road cell but a straight one).
    pub fn is_event(self) -> bool {
        !matches!(self, Cell::Empty | Cell::Straight)
    }
}

/// A truck as the level declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TruckSpec {
    /// Its colour.
    pub colour: Colour,
    /// The direction it faces at the start, if given (informational only: the rules let
    /// the first move take any road out of the start cell).
    pub facing: Option<Dir>,
    /// The cell it starts on (row-major index).
    pub start: usize,
}

/// The most switch groups a level may have (archiloque's four: `ᵘ u`, `ᵛ v`, `ᵒ o`, `ⁱ i`).
pub const MAX_GROUPS: u8 = 4;

/// The most bumps a level may have (each takes four bits of a 32-bit field of the state).
pub const MAX_BUMPS: usize = 8;

/// A switch element (format version 2, FORMAT.md §5): a button or a gate of a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Toggle {
    /// The group, 1 to [`MAX_GROUPS`].
    pub group: u8,
    /// The cell (row-major index); always a `+` cell, so trucks decide there.
    pub cell: usize,
    /// At the start: a button is active (`on`), a gate is open (`open`).
    pub on: bool,
}

/// A parsed level: the grid of cells with their links, and the trucks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The level's name (`name:`), or the file stem when the file gives none.
    pub name: String,
    /// Rows of cells.
    pub rows: usize,
    /// Columns of cells.
    pub cols: usize,
    /// The most items one truck can carry.
    pub capacity: u8,
    /// The trucks, by index.
    pub trucks: Vec<TruckSpec>,
    /// The cells, row-major.
    pub cells: Vec<Cell>,
    /// Each cell's links, one bit per [`Dir`].
    pub(crate) links: Vec<u8>,
    /// The switch buttons (version 2): leaving an active one flips its group.
    pub buttons: Vec<Toggle>,
    /// The gates (version 2): road cells a group's flips open and close.
    pub gates: Vec<Toggle>,
    /// The bumps (version 2, FORMAT.md §5.3), by cell, in the order the file declares them:
    /// an enabled bump makes the first truck to drive onto it drop its top item there.
    pub bumps: Vec<usize>,
}

impl Level {
    /// Parses level text (the error carries no file name).
    ///
    /// ```
    /// let level = delve_rgb::Level::parse("rows: 1\ncols: 3\ncapacity: 3\ntruck: 0 red right\ngrid:\n0-r-R\nend\n").unwrap();
    /// assert_eq!((level.rows, level.cols, level.trucks.len()), (1, 3, 1));
    /// let err = delve_rgb::Level::parse("rows: 1\ncols: 3\ntruck: 0 red -\ngrid:\n0-x-R\nend\n").unwrap_err();
    /// assert_eq!((err.line, err.column), (5, 3));
    /// assert_eq!(err.to_string(), "line 5, column 3: expected a cell (. - | + 0-9 r g b y R G B Y) here, found `x`");
    /// ```
    pub fn parse(text: &str) -> Result<Level, ParseError> {
        Level::parse_grid(text, "")
    }

    /// Parses level text in the grid format; a level without a name of its own takes
    /// `default_name`.
    pub(crate) fn parse_grid(text: &str, default_name: &str) -> Result<Level, ParseError> {
        Parser::default().parse(text, default_name)
    }

    /// The cell at (row, col).
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.cols + col]
    }

    /// Whether cell `index` has a road link in direction `dir`.
    pub fn linked(&self, index: usize, dir: Dir) -> bool {
        self.links[index] & dir.bit() != 0
    }

    /// The neighbour of cell `index` in direction `dir`, if it is on the grid.
    pub fn neighbour(&self, index: usize, dir: Dir) -> Option<usize> {
        let (dr, dc) = dir.delta();
        let row = (index / self.cols).checked_add_signed(dr)?;
        let col = (index % self.cols).checked_add_signed(dc)?;
        (row < self.rows && col < self.cols).then_some(row * self.cols + col)
    }

    /// The neighbour of cell `index` along its link in `dir`, if there is one.
    pub fn step(&self, index: usize, dir: Dir) -> Option<usize> {
        if self.linked(index, dir) { self.neighbour(index, dir) } else { None }
    }

    /// The button on cell `index`, if any.
    pub fn button(&self, index: usize) -> Option<Toggle> {
        self.buttons.iter().copied().find(|b| b.cell == index)
    }

    /// The gate on cell `index`, if any.
    pub fn gate(&self, index: usize) -> Option<Toggle> {
        self.gates.iter().copied().find(|g| g.cell == index)
    }

    /// Whether a bump lies on cell `index`.
    pub fn bump(&self, index: usize) -> bool {
        self.bumps.contains(&index)
    }

    /// (row, col) of cell `index`.
    pub fn position(&self, index: usize) -> (usize, usize) {
        (index / self.cols, index % self.cols)
    }
}

fn err(line: usize, column: usize, kind: ErrorKind) -> ParseError {
    ParseError { file: None, line, column, kind }
}

/// One header value with the line it came from.
#[derive(Default)]
struct Parser {
    name: Option<(usize, String)>,
    rows: Option<(usize, usize)>,
    cols: Option<(usize, usize)>,
    capacity: Option<(usize, usize)>,
    version: Option<(usize, usize)>,
    trucks: Vec<Option<(usize, Colour, Option<Dir>)>>,
    /// `button:` and `gate:` lines: (line, value column, is a gate, group, row, col, on).
    toggles: Vec<(usize, usize, bool, u8, usize, usize, bool)>,
    /// `bump:` lines: (line, value column, row, col).
    bumps: Vec<(usize, usize, usize, usize)>,
}

fn number(
    line: usize,
    column: usize,
    text: &str,
    what: &'static str,
    min: usize,
    max: usize,
) -> Result<usize, ParseError> {
    match text.parse::<usize>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(err(line, column, ErrorKind::BadNumber { what, min, max, found: text.to_string() })),
    }
}

fn set<T>(slot: &mut Option<(usize, T)>, line: usize, key: &str, value: T) -> Result<(), ParseError> {
    if let Some((first_line, _)) = slot {
        return Err(err(line, 1, ErrorKind::DuplicateKey { key: key.to_string(), first_line: *first_line }));
    }
    *slot = Some((line, value));
    Ok(())
}

impl Parser {
    fn parse(mut self, text: &str, default_name: &str) -> Result<Level, ParseError> {
        // Lines as `str::lines` splits them (a final newline ends the last line rather than
        // starting an empty one; CRLF is fine), numbered from 1.
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let mut last_line = 0;
        let grid_line = loop {
            let Some((n, line)) = lines.next() else {
                return Err(err(last_line + 1, 1, ErrorKind::UnexpectedEnd("a `grid:` line")));
            };
            last_line = n;
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(err(n, 1, ErrorKind::NotKeyValue(trimmed.to_string())));
            };
            let key = key.trim();
            let value_column = key_value_column(line);
            let value = value.trim();
            match key {
                "grid" if value.is_empty() => break n,
                "name" => set(&mut self.name, n, key, value.to_string())?,
                "rows" => set(&mut self.rows, n, key, number(n, value_column, value, "a row count", 1, MAX_SIDE)?)?,
                "cols" => set(&mut self.cols, n, key, number(n, value_column, value, "a column count", 1, MAX_SIDE)?)?,
                "capacity" => {
                    set(&mut self.capacity, n, key, number(n, value_column, value, "a capacity", 1, 200)?)?;
                }
                "version" => set(&mut self.version, n, key, number(n, value_column, value, "a format version", 1, 2)?)?,
                "truck" => self.truck(n, value_column, value)?,
                "button" | "gate" => self.toggle(n, value_column, key == "gate", value)?,
                "bump" => self.bump(n, value_column, value)?,
                _ => return Err(err(n, 1, ErrorKind::UnknownKey(key.to_string()))),
            }
        };
        if self.version.is_none_or(|(_, v)| v < 2)
            && let Some((line, ..)) = self.trucks.iter().flatten().find(|(_, c, _)| *c == Colour::White)
        {
            return Err(err(*line, 1, ErrorKind::NeedsVersion2("a white truck")));
        }
        if self.version.is_none_or(|(_, v)| v < 2)
            && let Some(&(line, ..)) = self.toggles.first()
        {
            return Err(err(line, 1, ErrorKind::NeedsVersion2("a switch (button or gate)")));
        }
        if self.version.is_none_or(|(_, v)| v < 2)
            && let Some(&(line, ..)) = self.bumps.first()
        {
            return Err(err(line, 1, ErrorKind::NeedsVersion2("a bump")));
        }
        let (_, rows) = self.rows.ok_or_else(|| err(grid_line, 1, ErrorKind::MissingKey("rows")))?;
        let (_, cols) = self.cols.ok_or_else(|| err(grid_line, 1, ErrorKind::MissingKey("cols")))?;
        let capacity = self.capacity.map_or(3, |(_, c)| c) as u8;
        let trucks: Vec<(usize, Colour, Option<Dir>)> = self
            .trucks
            .iter()
            .enumerate()
            .map(|(i, t)| t.ok_or_else(|| err(grid_line, 1, ErrorKind::MissingTruck(i))))
            .collect::<Result<_, _>>()?;
        let height = 2 * rows - 1;
        let width = 2 * cols - 1;
        let mut grid: Vec<(usize, Vec<char>)> = Vec::with_capacity(height);
        for _ in 0..height {
            let Some((n, line)) = lines.next() else {
                return Err(err(last_line + 1, 1, ErrorKind::UnexpectedEnd("another grid line")));
            };
            last_line = n;
            let chars: Vec<char> = line.trim_end().chars().collect();
            if chars.len() != width {
                return Err(err(
                    n,
                    chars.len().min(width) + 1,
                    ErrorKind::LineLength { expected: width, found: chars.len() },
                ));
            }
            grid.push((n, chars));
        }
        match lines.next() {
            Some((_, line)) if line.trim_end() == "end" => {}
            Some((n, line)) => return Err(err(n, 1, ErrorKind::NoEnd(height, line.trim_end().to_string()))),
            None => return Err(err(last_line + 1, 1, ErrorKind::UnexpectedEnd("`end`"))),
        }
        let name = self.name.take().map_or_else(|| default_name.to_string(), |(_, n)| n);
        let mut level = build(name, rows, cols, capacity, &trucks, &grid)?;
        self.place_toggles(&mut level, grid_line)?;
        self.place_bumps(&mut level)?;
        Ok(level)
    }

    /// Reads `button: <group> <row> <col> on|off` or `gate: <group> <row> <col> open|closed`.
    fn toggle(&mut self, line: usize, column: usize, gate: bool, value: &str) -> Result<(), ParseError> {
        let bad = || err(line, column, ErrorKind::BadToggle(value.to_string()));
        let words: Vec<&str> = value.split_whitespace().collect();
        let [group, row, col, state] = words[..] else { return Err(bad()) };
        let group = number(line, column, group, "a switch group", 1, MAX_GROUPS.into())? as u8;
        let row = number(line, column, row, "a row", 0, MAX_SIDE - 1)?;
        let col = number(line, column, col, "a column", 0, MAX_SIDE - 1)?;
        let on = match (gate, state) {
            (false, "on") | (true, "open") => true,
            (false, "off") | (true, "closed") => false,
            _ => return Err(bad()),
        };
        self.toggles.push((line, column, gate, group, row, col, on));
        Ok(())
    }

    /// Checks the switch lines against the grid (each on its own `+` cell inside the grid;
    /// every group with buttons has gates and the other way round) and adds them to `level`.
    fn place_toggles(&self, level: &mut Level, grid_line: usize) -> Result<(), ParseError> {
        let mut taken = vec![false; level.cells.len()];
        for &(line, column, gate, group, row, col, on) in &self.toggles {
            if row >= level.rows || col >= level.cols {
                return Err(err(line, column, ErrorKind::ToggleCell("inside the grid")));
            }
            let cell = row * level.cols + col;
            if level.cells[cell] != Cell::Junction {
                return Err(err(line, column, ErrorKind::ToggleCell("on a `+` cell")));
            }
            if std::mem::replace(&mut taken[cell], true) {
                return Err(err(line, column, ErrorKind::ToggleCell("alone on its cell")));
            }
            let toggle = Toggle { group, cell, on };
            if gate { level.gates.push(toggle) } else { level.buttons.push(toggle) }
        }
        for group in 1..=MAX_GROUPS {
            let buttons = level.buttons.iter().any(|b| b.group == group);
            let gates = level.gates.iter().any(|g| g.group == group);
            if buttons != gates {
                return Err(err(grid_line, 1, ErrorKind::LoneSwitch(group)));
            }
        }
        Ok(())
    }

    /// Reads `bump: <row> <col>`.
    fn bump(&mut self, line: usize, column: usize, value: &str) -> Result<(), ParseError> {
        let words: Vec<&str> = value.split_whitespace().collect();
        let [row, col] = words[..] else { return Err(err(line, column, ErrorKind::BadBump(value.to_string()))) };
        let row = number(line, column, row, "a row", 0, MAX_SIDE - 1)?;
        let col = number(line, column, col, "a column", 0, MAX_SIDE - 1)?;
        if self.bumps.len() == MAX_BUMPS {
            return Err(err(line, 1, ErrorKind::TooMany { what: "bumps", found: MAX_BUMPS + 1, max: MAX_BUMPS }));
        }
        self.bumps.push((line, column, row, col));
        Ok(())
    }

    /// Checks the bump lines against the grid (each on a `+` cell inside the grid, alone: no
    /// other bump, button or gate there) and adds them to `level`.
    fn place_bumps(&self, level: &mut Level) -> Result<(), ParseError> {
        for &(line, column, row, col) in &self.bumps {
            if row >= level.rows || col >= level.cols {
                return Err(err(line, column, ErrorKind::BumpCell("inside the grid")));
            }
            let cell = row * level.cols + col;
            if level.cells[cell] != Cell::Junction {
                return Err(err(line, column, ErrorKind::BumpCell("on a `+` cell")));
            }
            if level.bump(cell) || level.button(cell).is_some() || level.gate(cell).is_some() {
                return Err(err(
                    line,
                    column,
                    ErrorKind::BumpCell("alone on its cell (no other bump, button or gate)"),
                ));
            }
            level.bumps.push(cell);
        }
        Ok(())
    }

    fn truck(&mut self, line: usize, column: usize, value: &str) -> Result<(), ParseError> {
        let words: Vec<&str> = value.split_whitespace().collect();
        let [index, colour, facing] = words[..] else {
            return Err(err(line, column, ErrorKind::BadTruck(value.to_string())));
        };
        let index = number(line, column, index, "a truck index", 0, MAX_TRUCKS - 1)?;
        let colour = Colour::from_name(colour).ok_or_else(|| err(line, column, ErrorKind::BadColour(colour.into())))?;
        let facing = Dir::from_name(facing).ok_or_else(|| err(line, column, ErrorKind::BadFacing(facing.into())))?;
        if self.trucks.len() <= index {
            self.trucks.resize(index + 1, None);
        }
        if let Some((first_line, ..)) = self.trucks[index] {
            return Err(err(line, 1, ErrorKind::DuplicateTruck { index, first_line }));
        }
        self.trucks[index] = Some((line, colour, facing));
        Ok(())
    }
}

/// The 1-based column where a header value starts.
fn key_value_column(line: &str) -> usize {
    let colon = line.find(':').unwrap_or(0);
    let rest = &line[colon + 1..];
    line[..colon + 1].chars().count() + rest.chars().take_while(|c| c.is_whitespace()).count() + 1
}

fn build(
    name: String,
    rows: usize,
    cols: usize,
    capacity: u8,
    trucks: &[(usize, Colour, Option<Dir>)],
    grid: &[(usize, Vec<char>)],
) -> Result<Level, ParseError> {
    let at = |gr: usize, gc: usize| (grid[gr].0, gc + 1);
    let mut cells = vec![Cell::Empty; rows * cols];
    let mut starts: Vec<Option<(usize, usize, usize)>> = vec![None; trucks.len()];
    // Cells.
    for r in 0..rows {
        for c in 0..cols {
            let ch = grid[2 * r].1[2 * c];
            let (line, column) = at(2 * r, 2 * c);
            cells[r * cols + c] = match ch {
                '.' => Cell::Empty,
                '-' | '|' => Cell::Straight,
                '+' => Cell::Junction,
                '0'..='9' => {
                    let index = ch as usize - '0' as usize;
                    let Some(slot) = starts.get_mut(index) else {
                        return Err(err(line, column, ErrorKind::UndeclaredTruck(index)));
                    };
                    if let Some((_, first_line, first_column)) = *slot {
                        return Err(err(line, column, ErrorKind::TruckTwice { index, first_line, first_column }));
                    }
                    *slot = Some((r * cols + c, line, column));
                    Cell::Start(index as u8)
                }
                'r' | 'g' | 'b' | 'y' => Cell::Item(Colour::from_letter(ch).expect("item letter")),
                'R' | 'G' | 'B' | 'Y' => Cell::Warehouse(Colour::from_letter(ch).expect("warehouse letter")),
                found => {
                    return Err(err(
                        line,
                        column,
                        ErrorKind::BadChar { expected: "a cell (. - | + 0-9 r g b y R G B Y)", found },
                    ));
                }
            };
        }
    }
    // Link slots.
    let mut links = vec![0u8; rows * cols];
    for (gr, (line, chars)) in grid.iter().enumerate() {
        for (gc, &ch) in chars.iter().enumerate() {
            let column = gc + 1;
            let (r, c) = (gr / 2, gc / 2);
            match (gr % 2, gc % 2) {
                (0, 0) => {}
                (1, 1) => {
                    if ch != '.' {
                        return Err(err(
                            *line,
                            column,
                            ErrorKind::BadChar { expected: "`.` (between four cells)", found: ch },
                        ));
                    }
                }
                (0, _) => match ch {
                    '.' => {}
                    '-' => {
                        let (a, b) = (r * cols + c, r * cols + c + 1);
                        if !cells[a].is_road() || !cells[b].is_road() {
                            return Err(err(*line, column, ErrorKind::LinkToNothing));
                        }
                        links[a] |= Dir::Right.bit();
                        links[b] |= Dir::Left.bit();
                    }
                    found => {
                        return Err(err(
                            *line,
                            column,
                            ErrorKind::BadChar { expected: "`-` or `.` (a horizontal link)", found },
                        ));
                    }
                },
                _ => match ch {
                    '.' => {}
                    '|' => {
                        let (a, b) = (r * cols + c, (r + 1) * cols + c);
                        if !cells[a].is_road() || !cells[b].is_road() {
                            return Err(err(*line, column, ErrorKind::LinkToNothing));
                        }
                        links[a] |= Dir::Down.bit();
                        links[b] |= Dir::Up.bit();
                    }
                    found => {
                        return Err(err(
                            *line,
                            column,
                            ErrorKind::BadChar { expected: "`|` or `.` (a vertical link)", found },
                        ));
                    }
                },
            }
        }
    }
    // Cell/link consistency.
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            let ch = grid[2 * r].1[2 * c];
            let (line, column) = at(2 * r, 2 * c);
            match ch {
                '-' if links[i] != Dir::Left.bit() | Dir::Right.bit() => {
                    return Err(err(line, column, ErrorKind::BadStraight('-', "left and right")));
                }
                '|' if links[i] != Dir::Up.bit() | Dir::Down.bit() => {
                    return Err(err(line, column, ErrorKind::BadStraight('|', "up and down")));
                }
                '.' => {}
                _ if links[i] == 0 => return Err(err(line, column, ErrorKind::Isolated(ch))),
                _ => {}
            }
        }
    }
    let trucks = trucks
        .iter()
        .zip(&starts)
        .enumerate()
        .map(|(index, (&(line, colour, facing), start))| match start {
            Some((start, ..)) => Ok(TruckSpec { colour, facing, start: *start }),
            None => Err(err(line, 1, ErrorKind::TruckNotInGrid(index))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Level {
        name,
        rows,
        cols,
        capacity,
        trucks,
        cells,
        links,
        buttons: Vec::new(),
        gates: Vec::new(),
        bumps: Vec::new(),
    })
}

impl fmt::Display for Level {
    /// The level in its own file format (it parses back to the same level).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "name: {}", self.name)?;
        if self.trucks.iter().any(|t| t.colour == Colour::White) || !self.buttons.is_empty() || !self.bumps.is_empty() {
            writeln!(f, "version: 2")?;
        }
        writeln!(f, "rows: {}\ncols: {}\ncapacity: {}", self.rows, self.cols, self.capacity)?;
        for (i, t) in self.trucks.iter().enumerate() {
            let facing = match t.facing {
                Some(Dir::Up) => "up",
                Some(Dir::Down) => "down",
                Some(Dir::Left) => "left",
                Some(Dir::Right) => "right",
                None => "-",
            };
            writeln!(f, "truck: {i} {} {facing}", t.colour)?;
        }
        for (key, toggles, states) in
            [("button", &self.buttons, ["off", "on"]), ("gate", &self.gates, ["closed", "open"])]
        {
            for t in toggles {
                let (row, col) = self.position(t.cell);
                writeln!(f, "{key}: {} {row} {col} {}", t.group, states[usize::from(t.on)])?;
            }
        }
        for &cell in &self.bumps {
            let (row, col) = self.position(cell);
            writeln!(f, "bump: {row} {col}")?;
        }
        writeln!(f, "grid:")?;
        for r in 0..self.rows {
            let mut cells = String::new();
            let mut below = String::new();
            for c in 0..self.cols {
                let i = r * self.cols + c;
                cells.push(match self.cells[i] {
                    Cell::Empty => '.',
                    Cell::Straight if self.linked(i, Dir::Left) => '-',
                    Cell::Straight => '|',
                    Cell::Junction => '+',
                    Cell::Start(n) => (b'0' + n) as char,
                    Cell::Item(col) => col.letter(),
                    Cell::Warehouse(col) => col.letter().to_ascii_uppercase(),
                });
                below.push(if self.linked(i, Dir::Down) { '|' } else { '.' });
                if c + 1 < self.cols {
                    cells.push(if self.linked(i, Dir::Right) { '-' } else { '.' });
                    below.push('.');
                }
            }
            writeln!(f, "{cells}")?;
            if r + 1 < self.rows {
                writeln!(f, "{below}")?;
            }
        }
        writeln!(f, "end")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const HEAD: &str = "name: t\nrows: 2\ncols: 3\ncapacity: 3\ntruck: 0 red right\n";

    fn error(text: &str) -> (usize, usize, ErrorKind) {
        let e = Level::parse(text).unwrap_err();
        (e.line, e.column, e.kind)
    }

    #[test]
    fn a_small_level_parses() {
        let level =
            Level::parse(&format!("# a comment\n\r\n{HEAD}grid:\r\n0-+-R\n..|..\n..r..\nend\nignored")).unwrap();
        assert_eq!((level.name.as_str(), level.rows, level.cols, level.capacity), ("t", 2, 3, 3));
        assert_eq!(level.trucks, [TruckSpec { colour: Colour::Red, facing: Some(Dir::Right), start: 0 }]);
        assert_eq!(level.cell(1, 1), Cell::Item(Colour::Red));
        assert!(level.linked(1, Dir::Down) && level.linked(4, Dir::Up) && !level.linked(1, Dir::Up));
    }

    #[test]
    fn errors_name_line_column_and_what_was_expected() {
        let grid = |g: &str| format!("{HEAD}grid:\n{g}\nend\n");
        assert!(matches!(error("rows 3\n"), (1, 1, ErrorKind::NotKeyValue(_))));
        assert!(matches!(error("colour: red\n"), (1, 1, ErrorKind::UnknownKey(k)) if k == "colour"));
        assert!(matches!(error("rows: 2\nrows: 3\n"), (2, 1, ErrorKind::DuplicateKey { first_line: 1, .. })));
        assert!(matches!(error("rows:  x\n"), (1, 8, ErrorKind::BadNumber { .. })));
        assert!(matches!(error("rows: 0\n"), (1, 7, ErrorKind::BadNumber { .. })));
        assert!(matches!(error("truck: 0 purple up\n"), (1, 8, ErrorKind::BadColour(_))));
        assert!(matches!(error("truck: 0 red north\n"), (1, 8, ErrorKind::BadFacing(_))));
        assert!(matches!(error("truck: 0 red\n"), (1, 8, ErrorKind::BadTruck(_))));
        assert!(matches!(error("truck: 10 red up\n"), (1, 8, ErrorKind::BadNumber { .. })));
        assert!(matches!(error("cols: 2\ngrid:\n"), (2, 1, ErrorKind::MissingKey("rows"))));
        assert!(matches!(error("rows: 1\ncols: 2\ntruck: 1 red up\ngrid:\n"), (4, 1, ErrorKind::MissingTruck(0))));
        assert!(matches!(error("rows: 1\n"), (2, 1, ErrorKind::UnexpectedEnd(_))));
        assert!(matches!(error(&format!("{HEAD}grid:\n0-+-R")), (8, 1, ErrorKind::UnexpectedEnd(_))));
        assert!(matches!(error(&format!("{HEAD}grid:\r\n0-+-R\r\n")), (8, 1, ErrorKind::UnexpectedEnd(_))));
        assert!(matches!(
            error(&format!("{HEAD}grid:\n0-+-R\n..|.\n")),
            (8, 5, ErrorKind::LineLength { expected: 5, found: 4 })
        ));
        assert!(matches!(error(&format!("{HEAD}grid:\n0-+-R\n..|..\n..r..\nfin\n")), (10, 1, ErrorKind::NoEnd(3, _))));
        assert!(matches!(error(&grid("0-x-R\n..|..\n..r..")), (7, 3, ErrorKind::BadChar { found: 'x', .. })));
        assert!(matches!(error(&grid("0|+-R\n..|..\n..r..")), (7, 2, ErrorKind::BadChar { found: '|', .. })));
        assert!(matches!(error(&grid("0-+-R\n..-..\n..r..")), (8, 3, ErrorKind::BadChar { found: '-', .. })));
        assert!(matches!(error(&grid("0-+-R\n.x|..\n..r..")), (8, 2, ErrorKind::BadChar { found: 'x', .. })));
        assert!(matches!(error(&grid("0-+-.\n..|..\n..r..")), (7, 4, ErrorKind::LinkToNothing)));
        assert!(matches!(error(&grid("0-+-R\n..|..\n..-..")), (9, 3, ErrorKind::BadStraight('-', _))));
        assert!(matches!(error(&grid("0-+.R\n..|..\n..r..")), (7, 5, ErrorKind::Isolated('R'))));
        assert!(matches!(error(&grid("0-+-1\n..|..\n..r..")), (7, 5, ErrorKind::UndeclaredTruck(1))));
        assert!(matches!(
            error(&grid("0-+-R\n..|..\n..0..")),
            (9, 3, ErrorKind::TruckTwice { first_line: 7, first_column: 1, .. })
        ));
        assert!(matches!(error(&grid("+-+-R\n..|..\n..r..")), (5, 1, ErrorKind::TruckNotInGrid(0))));
        // The file name leads the message when the level came from a file.
        let mut e = Level::parse("rows 3\n").unwrap_err();
        e.file = Some("my.txt".into());
        assert_eq!(e.to_string(), "my.txt:1:1: expected `key: value` (or `grid:`), found `rows 3`");
    }

    #[test]
    fn files_that_cannot_be_read_say_which() {
        let e = Level::load("/no/such/level.txt").unwrap_err();
        assert_eq!(e.to_string(), "cannot read level file /no/such/level.txt");
    }

    proptest! {
        /// Any bytes: a level or an error with a position inside the text, never a panic.
        #[test]
        fn arbitrary_text_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
            let text = String::from_utf8_lossy(&bytes);
            if let Err(e) = Level::parse(&text) {
                prop_assert!(e.line >= 1 && e.line <= text.split('\n').count() + 1);
            }
        }

        /// A real level with one character changed: parsed, or refused with a position.
        #[test]
        fn near_valid_levels_never_panic(at in 0usize..2000, c in prop::sample::select(
            vec!['.', '-', '|', '+', '0', '1', '9', 'r', 'R', 'y', 'G', 'x', ' ', ':', '\n', '#'])) {
            let text = include_str!("../data/P-7.txt");
            let mut chars: Vec<char> = text.chars().collect();
            let at = at % chars.len();
            chars[at] = c;
            let text: String = chars.into_iter().collect();
            if let Ok(level) = Level::parse(&text) {
                // Whatever parses also builds (or refuses) its search problem without panicking.
                let _ = crate::RgbProblem::new(level, crate::Rules::Pairwise);
            }
        }

        /// A version 2 level with bumps and switches (archiloque F-7) with one character
        /// changed, often in its `bump:` and `button:` lines: parsed and solved briefly (the
        /// plan replayed), or refused with a position.
        #[test]
        fn near_valid_bump_levels_never_panic(at in 0usize..1200, c in prop::sample::select(
            vec!['.', '-', '|', '+', '0', '1', '5', '9', 'r', 'y', 'R', 'x', ' ', ':', '\n', '#'])) {
            let text = include_str!("../data/archiloque/F-7.txt");
            let byte = text.find("\nbump:").expect("F-7 declares bumps");
            let start = text[..byte].chars().count();
            let mut chars: Vec<char> = text.chars().collect();
            // Half the time aim at the header lines (from `button:` up to `grid:`).
            let at = if at % 2 == 0 { start - 60 + at % 120 } else { at % chars.len() };
            chars[at] = c;
            let text: String = chars.into_iter().collect();
            match Level::parse(&text) {
                Ok(level) => {
                    let Ok(problem) = crate::RgbProblem::new(level, crate::Rules::Archiloque) else { return Ok(()) };
                    let limits = delve_core::Limits::none().max_expanded(200);
                    let solved = crate::solve(&problem, delve_core::Algorithm::Astar, &limits, delve_core::NoObserver);
                    prop_assert!(solved.is_ok(), "a plan failed the replay: {solved:?}");
                }
                Err(e) => prop_assert!(e.line >= 1 && e.column >= 1),
            }
        }
    }
}
