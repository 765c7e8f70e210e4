//! The original solver's own level format: a Python dict with the keys `Roads`, `Trucks`,
//! `Items` and `Cargos`, as its `testcases.py` writes each level and its report shows A-9.
//!
//! ```text
//! 'A-9': {
//!     'Roads': "╷     ╷\n"  # 0
//!              "├─┬─┬─┤\n"  # 1
//!              …
//!              "╵     ╵",   # 8
//!     'Trucks': [
//!         Truck(0, Color.Red, Dir.Up, (8, 0)),
//!         Truck(1, Color.Yellow, Dir.Up, (8, 6))
//!     ],
//!     'Items': {
//!         Color.Red: [(3, 2), (5, 2)],
//!         Color.Yellow: [(5, 4)],
//!     },
//!     'Cargos': {
//!         Color.Red: [(0, 0), (1, 3)],
//!         Color.Yellow: [(0, 6)],
//!     }
//! },
//! ```
//!
//! `Roads` holds one row per line, one box-drawing glyph per cell, naming the cell's roads
//! (`┬`: left, right and down; a space: no road). `Trucks` lists `Truck(index, colour, facing,
//! (row, col))` in index order; `Items` and `Cargos` map each colour to the cells of its items
//! and warehouses. Every road cell whose glyph is not `─` or `│` is a decision point, and so is
//! every cell a truck, item or warehouse stands on: the events of the grid format. Trucks carry
//! 3 items, as in the original.
//!
//! The text is read by [`crate::pyliteral`] (a dict, or a named entry `'A-9': {…},`), never
//! evaluated. As small conveniences beyond the original: `None` is a facing not known (the grid
//! format's `-`); in a triple-quoted `Roads`, the line break right after the opening quotes and
//! a last line of spaces only (the indent of the closing quotes) are not rows; and rows shorter
//! than the longest are padded with spaces.

use crate::error::{ErrorKind, NotInDict, ParseError};
use crate::level::{Cell, Colour, Dir, Level, MAX_SIDE, MAX_TRUCKS, TruckSpec};
use crate::pyliteral::{self, Node, Pos, Value, quote};
use std::fmt::Write as _;

/// The original's road glyphs and the roads each names, one bit per [`Dir`] (up, down, left,
/// right), in the order its `testcases.py` lists them.
const GLYPHS: [(char, u8); 15] = [
    ('╴', 0b0100),
    ('╶', 0b1000),
    ('╵', 0b0001),
    ('╷', 0b0010),
    ('─', 0b1100),
    ('│', 0b0011),
    ('┌', 0b1010),
    ('┐', 0b0110),
    ('┘', 0b0101),
    ('└', 0b1001),
    ('├', 0b1011),
    ('┤', 0b0111),
    ('┬', 0b1110),
    ('┴', 0b1101),
    ('┼', 0b1111),
];

/// The comment the original puts above each level's `Roads`.
const TOKENS_COMMENT: &str = "# road tokens: '╴', '╶', '╵', '╷', '─', '│', '┌', '┐', '┘', '└', '├', '┤', '┬', '┴', '┼'";

/// The capacity of every truck in the original.
const CAPACITY: u8 = 3;

const KEYS: [&str; 4] = ["Roads", "Trucks", "Items", "Cargos"];

fn bit(d: Dir) -> u8 {
    1 << d as u8
}

fn glyph_links(c: char) -> Option<u8> {
    match c {
        ' ' => Some(0),
        _ => GLYPHS.iter().find(|(g, _)| *g == c).map(|(_, links)| *links),
    }
}

fn glyph_of(links: u8) -> char {
    GLYPHS.iter().find(|(_, l)| *l == links).map_or(' ', |(g, _)| *g)
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Red => "Color.Red",
        Colour::Green => "Color.Green",
        Colour::Blue => "Color.Blue",
        Colour::Yellow => "Color.Yellow",
        Colour::White => "Color.White",
    }
}

fn dir_name(d: Dir) -> &'static str {
    match d {
        Dir::Up => "Dir.Up",
        Dir::Down => "Dir.Down",
        Dir::Left => "Dir.Left",
        Dir::Right => "Dir.Right",
    }
}

fn err(pos: Pos, kind: ErrorKind) -> ParseError {
    ParseError { file: None, line: pos.line, column: pos.column, kind }
}

/// An error inside the value of `key`.
fn in_key(pos: Pos, key: impl Into<String>, kind: ErrorKind) -> ParseError {
    err(pos, ErrorKind::InKey { key: key.into(), kind: Box::new(kind) })
}

fn expected(node: &Node, key: impl Into<String>, what: &'static str) -> ParseError {
    in_key(node.pos, key, ErrorKind::Expected { expected: what, found: node.value.describe() })
}

/// The roads: each cell's links and where its glyph stands.
struct Roads {
    rows: usize,
    cols: usize,
    links: Vec<u8>,
    at: Vec<Option<Pos>>,
}

impl Roads {
    fn read(node: &Node) -> Result<Roads, ParseError> {
        let Value::Str { text, at, triple } = &node.value else {
            return Err(expected(node, "Roads", "a string of rows of road glyphs"));
        };
        let mut lines: Vec<Vec<(char, Pos)>> = vec![Vec::new()];
        for (c, &pos) in text.chars().zip(at) {
            match c {
                '\n' => lines.push(Vec::new()),
                _ => lines.last_mut().expect("one line at least").push((c, pos)),
            }
        }
        if *triple {
            if lines.len() > 1 && lines[0].is_empty() {
                lines.remove(0);
            }
            if lines.len() > 1 && lines.last().is_some_and(|l| l.iter().all(|(c, _)| *c == ' ')) {
                lines.pop();
            }
        }
        let rows = lines.len();
        let cols = lines.iter().map(Vec::len).max().unwrap_or(0);
        if rows > MAX_SIDE {
            let kind = ErrorKind::TooMany { what: "rows", found: rows, max: MAX_SIDE };
            return Err(in_key(node.pos, "Roads", kind));
        }
        if cols > MAX_SIDE {
            let kind = ErrorKind::TooMany { what: "columns", found: cols, max: MAX_SIDE };
            return Err(in_key(node.pos, "Roads", kind));
        }
        if cols == 0 {
            return Err(expected(node, "Roads", "a string of rows of road glyphs"));
        }
        let mut links = vec![0u8; rows * cols];
        let mut places = vec![None; rows * cols];
        for (r, line) in lines.iter().enumerate() {
            for (c, &(ch, pos)) in line.iter().enumerate() {
                links[r * cols + c] =
                    glyph_links(ch).ok_or_else(|| in_key(pos, "Roads", ErrorKind::BadGlyph(quote(&ch.to_string()))))?;
                places[r * cols + c] = Some(pos);
            }
        }
        let roads = Roads { rows, cols, links, at: places };
        roads.check_links()?;
        Ok(roads)
    }

    /// Every road leads to a neighbour whose glyph has the road back.
    fn check_links(&self) -> Result<(), ParseError> {
        for i in 0..self.links.len() {
            let (r, c) = (i / self.cols, i % self.cols);
            for d in Dir::ALL {
                if self.links[i] & bit(d) == 0 {
                    continue;
                }
                let (dr, dc) = d.delta();
                let back = r
                    .checked_add_signed(dr)
                    .zip(c.checked_add_signed(dc))
                    .filter(|&(nr, nc)| nr < self.rows && nc < self.cols)
                    .map(|(nr, nc)| self.links[nr * self.cols + nc] & bit(d.opposite()) != 0);
                let problem = match (back, d) {
                    (Some(true), _) => continue,
                    (None, Dir::Up) => "leads up off the map",
                    (None, Dir::Down) => "leads down off the map",
                    (None, Dir::Left) => "leads left off the map",
                    (None, Dir::Right) => "leads right off the map",
                    (Some(false), Dir::Up) => "leads up to a glyph with no road down",
                    (Some(false), Dir::Down) => "leads down to a glyph with no road up",
                    (Some(false), Dir::Left) => "leads left to a glyph with no road right",
                    (Some(false), Dir::Right) => "leads right to a glyph with no road left",
                };
                let pos = self.at[i].expect("a glyph with roads was read from the text");
                return Err(in_key(pos, "Roads", ErrorKind::OpenRoad(problem)));
            }
        }
        Ok(())
    }

    /// The cell at `(row, col)`: inside the roads, and on a road.
    fn cell(&self, node: &Node, key: &str) -> Result<usize, ParseError> {
        let ints = match &node.value {
            Value::Tuple(items) if items.len() == 2 => match (&items[0].value, &items[1].value) {
                (Value::Int(r), Value::Int(c)) => Some((*r, *c)),
                _ => None,
            },
            _ => None,
        };
        let Some((row, col)) = ints else { return Err(expected(node, key, "a position (row, col)")) };
        let inside = |n: i64, max: usize| usize::try_from(n).ok().filter(|&n| n < max);
        let (Some(r), Some(c)) = (inside(row, self.rows), inside(col, self.cols)) else {
            return Err(in_key(node.pos, key, ErrorKind::OffRoads { row, col, rows: self.rows, cols: self.cols }));
        };
        if self.links[r * self.cols + c] == 0 {
            return Err(in_key(node.pos, key, ErrorKind::NotRoad(r, c)));
        }
        Ok(r * self.cols + c)
    }
}

fn colour(node: &Node, key: &str) -> Result<Colour, ParseError> {
    let found = match &node.value {
        Value::Name(n) => Colour::ALL.into_iter().find(|&c| colour_name(c) == n),
        _ => None,
    };
    found.ok_or_else(|| expected(node, key, "a colour (Color.Red, Color.Green, Color.Blue or Color.Yellow)"))
}

fn facing(node: &Node, key: &str) -> Result<Option<Dir>, ParseError> {
    match &node.value {
        Value::Name(n) if n == "None" => Ok(None),
        Value::Name(n) if let Some(d) = Dir::ALL.into_iter().find(|&d| dir_name(d) == n) => Ok(Some(d)),
        _ => Err(expected(node, key, "a facing (Dir.Up, Dir.Down, Dir.Left, Dir.Right, or None)")),
    }
}

/// The cells claimed so far by a truck, item or warehouse, with where each was given.
struct Claims(Vec<Option<Pos>>);

impl Claims {
    fn claim(&mut self, cell: usize, cols: usize, node: &Node, key: &str) -> Result<(), ParseError> {
        if let Some(first) = self.0[cell] {
            let (row, col) = (cell / cols, cell % cols);
            let kind = ErrorKind::CellTaken { row, col, first_line: first.line, first_column: first.column };
            return Err(in_key(node.pos, key, kind));
        }
        self.0[cell] = Some(node.pos);
        Ok(())
    }
}

/// Reads `Items` or `Cargos`: each colour's cells, as `make` makes them.
fn places(
    node: &Node,
    key: &str,
    roads: &Roads,
    claims: &mut Claims,
    cells: &mut [Cell],
    make: fn(Colour) -> Cell,
) -> Result<(), ParseError> {
    let Value::Dict(pairs) = &node.value else {
        return Err(expected(node, key, "a dict from colours to lists of positions"));
    };
    for (k, v) in pairs {
        let c = colour(k, key)?;
        let key = format!("{key}[{}]", colour_name(c));
        let Value::List(list) = &v.value else { return Err(expected(v, key, "a list of positions (row, col)")) };
        for p in list {
            let cell = roads.cell(p, &key)?;
            claims.claim(cell, roads.cols, p, &key)?;
            cells[cell] = make(c);
        }
    }
    Ok(())
}

/// Parses a level in the dict format (`default_name` when the text is a bare dict).
pub(crate) fn parse(text: &str, default_name: &str) -> Result<Level, ParseError> {
    let doc = pyliteral::parse(text)?;
    let name = match &doc.name {
        None => default_name.to_string(),
        Some(Node { value: Value::Str { text, .. }, .. }) if !text.chars().any(char::is_control) => text.clone(),
        Some(other) => {
            let kind = ErrorKind::Expected {
                expected: "the level's name on one line (no control characters)",
                found: other.value.describe(),
            };
            return Err(err(other.pos, kind));
        }
    };
    let Value::Dict(pairs) = &doc.value.value else {
        let kind = ErrorKind::Expected {
            expected: "a dict with the keys 'Roads', 'Trucks', 'Items' and 'Cargos'",
            found: doc.value.value.describe(),
        };
        return Err(err(doc.value.pos, kind));
    };
    let mut values: [Option<(&Node, &Node)>; 4] = [None; 4];
    for (k, v) in pairs {
        let slot = match &k.value {
            Value::Str { text, .. } => KEYS.iter().position(|key| key == text),
            _ => None,
        };
        let Some(slot) = slot else {
            let shown = match &k.value {
                Value::Str { text, .. } => quote(text),
                other => other.describe(),
            };
            return Err(err(k.pos, ErrorKind::UnknownDictKey(shown)));
        };
        if let Some((first, _)) = values[slot] {
            let kind = ErrorKind::DuplicateKey { key: KEYS[slot].to_string(), first_line: first.pos.line };
            return Err(err(k.pos, kind));
        }
        values[slot] = Some((k, v));
    }
    let value =
        |slot: usize| values[slot].map(|(_, v)| v).ok_or(err(doc.value.pos, ErrorKind::MissingDictKey(KEYS[slot])));
    let roads = Roads::read(value(0)?)?;
    let (rows, cols) = (roads.rows, roads.cols);
    let mut cells: Vec<Cell> = roads
        .links
        .iter()
        .map(|&l| match l {
            0 => Cell::Empty,
            0b0011 | 0b1100 => Cell::Straight,
            _ => Cell::Junction,
        })
        .collect();
    let mut claims = Claims(vec![None; rows * cols]);
    let trucks_node = value(1)?;
    let Value::List(list) = &trucks_node.value else {
        return Err(expected(trucks_node, "Trucks", "a list of Truck(index, colour, facing, (row, col))"));
    };
    if list.len() > MAX_TRUCKS {
        let kind = ErrorKind::TooMany { what: "trucks", found: list.len(), max: MAX_TRUCKS };
        return Err(in_key(trucks_node.pos, "Trucks", kind));
    }
    let mut trucks = Vec::with_capacity(list.len());
    for (i, t) in list.iter().enumerate() {
        let key = format!("Trucks[{i}]");
        let args = match &t.value {
            Value::Call(name, args) if name == "Truck" && args.len() == 4 => args,
            _ => return Err(expected(t, key, "Truck(index, colour, facing, (row, col))")),
        };
        match args[0].value {
            Value::Int(n) if n == i as i64 => {}
            Value::Int(found) => return Err(in_key(args[0].pos, key, ErrorKind::TruckOrder { expected: i, found })),
            _ => return Err(expected(&args[0], key, "the truck's index (a whole number)")),
        }
        let colour = colour(&args[1], &key)?;
        let facing = facing(&args[2], &key)?;
        let start = roads.cell(&args[3], &key)?;
        claims.claim(start, cols, &args[3], &key)?;
        cells[start] = Cell::Start(i as u8);
        trucks.push(TruckSpec { colour, facing, start });
    }
    places(value(2)?, "Items", &roads, &mut claims, &mut cells, Cell::Item)?;
    places(value(3)?, "Cargos", &roads, &mut claims, &mut cells, Cell::Warehouse)?;
    Ok(Level {
        name,
        rows,
        cols,
        capacity: CAPACITY,
        trucks,
        cells,
        links: roads.links,
        buttons: Vec::new(),
        gates: Vec::new(),
        bumps: Vec::new(),
    })
}

/// `text` as a Python string literal in single quotes.
fn python_string(text: &str) -> String {
    let mut out = String::from("'");
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// `level` in the dict format, laid out as the original's `testcases.py` lays out A-9.
pub(crate) fn write(level: &Level) -> Result<String, NotInDict> {
    let refuse = |why: String| Err(NotInDict { level: level.name.clone(), why });
    if level.trucks.iter().any(|t| t.colour == Colour::White) {
        return refuse("it has a white truck (format version 2)".into());
    }
    if !level.buttons.is_empty() || !level.bumps.is_empty() {
        return refuse("it has switches or bumps (format version 2)".into());
    }
    if level.capacity != CAPACITY {
        return refuse(format!(
            "its capacity is {}, and the original's trucks always carry {CAPACITY}",
            level.capacity
        ));
    }
    let straight = [bit(Dir::Up) | bit(Dir::Down), bit(Dir::Left) | bit(Dir::Right)];
    if let Some(i) =
        (0..level.cells.len()).find(|&i| level.cells[i] == Cell::Junction && straight.contains(&level.links[i]))
    {
        let (r, c) = level.position(i);
        return refuse(format!(
            "cell ({r}, {c}) is a decision point on a straight road, and the format's `─` and `│` never are"
        ));
    }
    let mut out = String::new();
    let _ = writeln!(out, "{}: {{\n    {TOKENS_COMMENT}", python_string(&level.name));
    for r in 0..level.rows {
        let row: String = (0..level.cols).map(|c| glyph_of(level.links[r * level.cols + c])).collect();
        let indent = if r == 0 { "    'Roads': " } else { "             " };
        let end = if r + 1 == level.rows { "\",   " } else { "\\n\"  " };
        let _ = writeln!(out, "{indent}\"{row}{end}# {r}");
    }
    out.push_str("    'Trucks': [\n");
    for (i, t) in level.trucks.iter().enumerate() {
        let facing = t.facing.map_or("None", dir_name);
        let (r, c) = level.position(t.start);
        let comma = if i + 1 < level.trucks.len() { "," } else { "" };
        let _ = writeln!(out, "        Truck({i}, {}, {facing}, ({r}, {c})){comma}", colour_name(t.colour));
    }
    out.push_str("    ],\n");
    for (key, warehouses) in [("Items", false), ("Cargos", true)] {
        let _ = writeln!(out, "    '{key}': {{");
        for colour in Colour::ALL {
            let wanted = if warehouses { Cell::Warehouse(colour) } else { Cell::Item(colour) };
            let cells: Vec<String> = (0..level.cells.len())
                .filter(|&i| level.cells[i] == wanted)
                .map(|i| format!("{:?}", level.position(i)))
                .collect();
            if !cells.is_empty() {
                let _ = writeln!(out, "        {}: [{}],", colour_name(colour), cells.join(", "));
            }
        }
        out.push_str(if warehouses { "    }\n" } else { "    },\n" });
    }
    out.push_str("},\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The Custom level of the original's `testcases.py` (as its own file, data/dict/Custom.py).
    const CUSTOM: &str = include_str!("../data/dict/Custom.py");

    fn error(text: &str) -> (usize, usize, String) {
        let e = parse(text, "t").unwrap_err();
        (e.line, e.column, e.kind.to_string())
    }

    /// A one-row level `0─r─R` with `trucks`, `items` and `cargos` in place of the defaults
    /// when given.
    fn small(roads: &str, trucks: &str, items: &str, cargos: &str) -> String {
        format!("{{'Roads': {roads},\n 'Trucks': {trucks},\n 'Items': {items},\n 'Cargos': {cargos}}}")
    }

    const ROADS: &str = "\"╶───╴\"";
    const TRUCKS: &str = "[Truck(0, Color.Red, Dir.Right, (0, 0))]";
    const ITEMS: &str = "{Color.Red: [(0, 2)]}";
    const CARGOS: &str = "{Color.Red: [(0, 4)]}";

    #[test]
    fn a_dict_becomes_the_level_the_grid_describes() {
        let level = parse(&small(ROADS, TRUCKS, ITEMS, CARGOS), "line").unwrap();
        let grid = "name: line\nrows: 1\ncols: 5\ncapacity: 3\ntruck: 0 red right\ngrid:\n0---r---R\nend\n";
        assert_eq!(level, Level::parse(grid).unwrap());
        assert_eq!(
            write(&level).unwrap(),
            "'line': {\n    # road tokens: '╴', '╶', '╵', '╷', '─', '│', '┌', '┐', '┘', '└', '├', '┤', '┬', '┴', '┼'\n    'Roads': \"╶───╴\",   # 0\n    'Trucks': [\n        Truck(0, Color.Red, Dir.Right, (0, 0))\n    ],\n    'Items': {\n        Color.Red: [(0, 2)],\n    },\n    'Cargos': {\n        Color.Red: [(0, 4)],\n    }\n},\n"
        );
    }

    #[test]
    fn custom_reads_as_the_shipped_grid_file() {
        let level = parse(CUSTOM, "").unwrap();
        let grid = Level::parse(include_str!("../data/Custom.txt")).unwrap();
        assert_eq!(level, grid);
        assert_eq!(level.name, "Custom");
    }

    #[test]
    fn writing_and_reading_back_give_the_same_level() {
        for (name, text) in crate::shipped() {
            let level = Level::parse(text).unwrap();
            match write(&level) {
                Ok(dict) => assert_eq!(parse(&dict, "").unwrap(), level, "{name}:\n{dict}"),
                Err(e) => assert!(
                    level.trucks.iter().any(|t| t.colour == Colour::White)
                        || !level.buttons.is_empty()
                        || !level.bumps.is_empty()
                        || e.to_string().contains("decision point on a straight road"),
                    "{name}: {e}"
                ),
            }
        }
    }

    #[test]
    fn errors_name_the_key_and_the_place() {
        let roads = |r: &str| small(r, TRUCKS, ITEMS, CARGOS);
        assert_eq!(
            error(&roads("\"╶─x─╴\"")),
            (
                1,
                14,
                "in `Roads`: expected a road glyph (a space or one of ╴ ╶ ╵ ╷ ─ │ ┌ ┐ ┘ └ ├ ┤ ┬ ┴ ┼), found `x`".into()
            )
        );
        assert_eq!(error(&roads("\"╶─┬─╴\"")), (1, 14, "in `Roads`: this glyph's road leads down off the map".into()));
        assert_eq!(
            error(&roads("\"╶─┬─╴\\n\" \"  ╶  \"")),
            (1, 14, "in `Roads`: this glyph's road leads down to a glyph with no road up".into())
        );
        assert_eq!(
            error(&roads("42")),
            (1, 11, "in `Roads`: expected a string of rows of road glyphs, found the number 42".into())
        );
        let line = "\"╶───╴\\n\" \"  ╵  \"";
        assert_eq!(
            error(&roads(line)),
            (1, 24, "in `Roads`: this glyph's road leads up to a glyph with no road down".into())
        );
        let with = |t: &str, i: &str, c: &str| error(&small(ROADS, t, i, c));
        assert_eq!(
            with("[Truck(1, Color.Red, Dir.Right, (0, 0))]", ITEMS, CARGOS),
            (
                2,
                19,
                "in `Trucks[0]`: expected truck 0 here (the trucks are listed in order from 0), found truck 1".into()
            )
        );
        assert_eq!(
            with("[Truck(0, Color.Pink, Dir.Right, (0, 0))]", ITEMS, CARGOS).2,
            "in `Trucks[0]`: expected a colour (Color.Red, Color.Green, Color.Blue or Color.Yellow), found the name `Color.Pink`"
        );
        assert_eq!(
            with("[Truck(0, Color.Red, Dir.Stop, (0, 0))]", ITEMS, CARGOS).2,
            "in `Trucks[0]`: expected a facing (Dir.Up, Dir.Down, Dir.Left, Dir.Right, or None), found the name `Dir.Stop`"
        );
        assert_eq!(
            with("[Truck(0, Color.Red, None, (1, 0))]", ITEMS, CARGOS),
            (2, 39, "in `Trucks[0]`: (1, 0) is outside the roads (1 rows, 5 columns)".into())
        );
        assert_eq!(
            with("[Truck(0, Color.Red, None, 0)]", ITEMS, CARGOS).2,
            "in `Trucks[0]`: expected a position (row, col), found the number 0"
        );
        assert_eq!(
            with(TRUCKS, "{Color.Red: [(0, 0)]}", CARGOS),
            (
                3,
                24,
                "in `Items[Color.Red]`: (0, 0) already holds a truck, item or warehouse (line 2, column 44)".into()
            )
        );
        assert_eq!(
            with(TRUCKS, ITEMS, "[(0, 4)]").2,
            "in `Cargos`: expected a dict from colours to lists of positions, found a list"
        );
        assert_eq!(
            with(TRUCKS, ITEMS, "{Color.Red: (0, 4)}").2,
            "in `Cargos[Color.Red]`: expected a list of positions (row, col), found a tuple"
        );
        assert_eq!(error("{'Roads': \"─\", 'Roads': 1}"), (1, 16, "`Roads` is given twice (first on line 1)".into()));
        assert_eq!(
            error("{'Road': 1}"),
            (1, 2, "unknown key `Road` (expected 'Roads', 'Trucks', 'Items' or 'Cargos')".into())
        );
        assert_eq!(
            error("{'Roads': \"╶╴\", 'Trucks': [], 'Items': {}}"),
            (1, 1, "expected the key `Cargos` in the level's dict (it needs Roads, Trucks, Items and Cargos)".into())
        );
        assert_eq!(
            error("[1]"),
            (1, 1, "expected a dict with the keys 'Roads', 'Trucks', 'Items' and 'Cargos', found a list".into())
        );
        assert_eq!(
            error("1: {}"),
            (1, 1, "expected a level's dict, or its name in quotes before `:`, found the number 1".into())
        );
        assert_eq!(
            error("'a\\nb': {}").2,
            "expected the level's name on one line (no control characters), found the string `a\\nb`"
        );
        assert_eq!(
            with(TRUCKS, "{'red': [(0, 2)]}", CARGOS),
            (3, 12, "in `Items`: expected a colour (Color.Red, Color.Green, Color.Blue or Color.Yellow), found the string `red`".into())
        );
    }

    #[test]
    fn triple_quoted_roads_and_short_rows_read_as_rows() {
        let text = "'T': {\n    'Roads': \"\"\"\n╶─┐\n  ╵\n    \"\"\",\n    'Trucks': [Truck(0, Color.Blue, None, (0, 0))],\n    'Items': {Color.Blue: [(0, 1)]},\n    'Cargos': {Color.Blue: [(1, 2)]},\n}\n";
        let level = parse(text, "").unwrap();
        assert_eq!((level.name.as_str(), level.rows, level.cols), ("T", 2, 3));
        assert_eq!(level.trucks[0].facing, None);
        assert_eq!(level.cell(1, 2), Cell::Warehouse(Colour::Blue));
        assert_eq!(level.cell(1, 0), Cell::Empty);
    }

    #[test]
    fn levels_beyond_the_format_are_refused_with_the_reason() {
        let mut level = Level::parse(include_str!("../data/Custom.txt")).unwrap();
        level.capacity = 2;
        assert_eq!(
            write(&level).unwrap_err().to_string(),
            "the dict format cannot hold level Custom: its capacity is 2, and the original's trucks always carry 3"
        );
        let level = Level::parse("rows: 1\ncols: 3\ntruck: 0 red -\ngrid:\n0-+-R\nend\n").unwrap();
        assert!(
            write(&level).unwrap_err().to_string().ends_with(
                "cell (0, 1) is a decision point on a straight road, and the format's `─` and `│` never are"
            )
        );
    }

    proptest! {
        /// The Custom dict with one character changed: a level, or an error with a position.
        #[test]
        fn near_valid_dicts_never_panic(at in 0usize..1000, c in prop::sample::select(
            vec![' ', '─', '│', '┼', '╴', '(', ')', '[', ']', '{', '}', ',', ':', '\'', '"', '\\', '0', '9', '-', '#', '\n', 'x'])) {
            let mut chars: Vec<char> = CUSTOM.chars().collect();
            let at = at % chars.len();
            chars[at] = c;
            let text: String = chars.into_iter().collect();
            match parse(&text, "") {
                Ok(level) => {
                    let _ = crate::RgbProblem::new(level, crate::Rules::Pairwise);
                }
                Err(e) => prop_assert!(e.line >= 1 && e.column >= 1),
            }
        }
    }
}
