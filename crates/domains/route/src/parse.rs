//! The road-map text format's parser (the format is described in the crate docs).
//!
//! Two passes: the first reads every line (syntax, numbers, city declarations, so a
//! duplicate city is reported where it appears); the second resolves the roads' city names,
//! so cities may be declared before or after the roads that use them.

use crate::error::{ErrorKind, ParseError};
use crate::map::{CityId, Point, Road, RoadMap, closest_name, normalize};
use delve_core::hash::FxHashMap;
use std::path::PathBuf;
use std::str::FromStr;

/// One word of a line: its text and the 1-based column where it starts.
struct Token {
    text: String,
    column: usize,
    quoted: bool,
}

/// A failure inside one line: column and what went wrong.
type LineError = (usize, ErrorKind);

/// Splits a line into words, honouring `"quoted names"` and `#` comments. Also returns the
/// column just after the last word, where a missing word is reported.
fn tokenize(line: &str) -> Result<(Vec<Token>, usize), LineError> {
    let chars: Vec<char> = line.chars().collect();
    let mut tokens = Vec::new();
    let mut end = 1;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '#' {
            break;
        }
        let column = i + 1;
        if c == '"' {
            let close = chars[i + 1..]
                .iter()
                .position(|&c| c == '"')
                .map(|p| p + i + 1)
                .ok_or((column, ErrorKind::UnterminatedQuote))?;
            let text: String = chars[i + 1..close].iter().collect::<String>().trim().to_string();
            if text.is_empty() {
                return Err((column, ErrorKind::EmptyName));
            }
            i = close + 1;
            if let Some(&next) = chars.get(i)
                && !next.is_whitespace()
                && next != '#'
            {
                return Err((i + 1, ErrorKind::AfterQuote(next)));
            }
            tokens.push(Token { text, column, quoted: true });
        } else {
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '#' {
                i += 1;
            }
            tokens.push(Token { text: chars[start..i].iter().collect(), column, quoted: false });
        }
        end = i + 1;
    }
    Ok((tokens, end))
}

/// A city name token (bare names may not contain quotes).
fn name<'t>(token: Option<&'t Token>, end: usize, what: &'static str) -> Result<&'t Token, LineError> {
    let token = token.ok_or((end, ErrorKind::Missing(what)))?;
    if !token.quoted && token.text.contains('"') {
        return Err((token.column, ErrorKind::QuoteInName(token.text.clone())));
    }
    Ok(token)
}

fn coordinate(token: &Token, what: &'static str) -> Result<f64, LineError> {
    let bad = || (token.column, ErrorKind::BadCoordinate { what, found: token.text.clone() });
    if token.quoted {
        return Err(bad());
    }
    match token.text.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(bad()),
    }
}

fn cost(token: &Token) -> Result<u64, LineError> {
    if !token.quoted {
        if let Ok(v) = token.text.parse::<u32>() {
            return Ok(u64::from(v));
        }
        if let Ok(v) = token.text.parse::<f64>()
            && v < 0.0
        {
            return Err((token.column, ErrorKind::NegativeCost(token.text.clone())));
        }
    }
    Err((token.column, ErrorKind::BadCost { found: token.text.clone() }))
}

fn trailing(tokens: &[Token], allowed: usize) -> Result<(), LineError> {
    match tokens.get(allowed) {
        Some(t) => Err((t.column, ErrorKind::Trailing(t.text.clone()))),
        None => Ok(()),
    }
}

/// A road as read, before its names are resolved.
struct PendingRoad {
    line: usize,
    a: Token,
    b: Token,
    cost: u64,
}

#[derive(Default)]
struct Reader {
    names: Vec<String>,
    positions: Vec<Option<Point>>,
    declared_on: Vec<usize>,
    by_key: FxHashMap<String, u32>,
    roads: Vec<PendingRoad>,
}

impl Reader {
    fn line(&mut self, line_no: usize, line: &str) -> Result<(), LineError> {
        let (tokens, end) = tokenize(line)?;
        let Some(directive) = tokens.first() else { return Ok(()) };
        match directive.text.as_str() {
            "city" if !directive.quoted => {
                let city = name(tokens.get(1), end, "a city name")?;
                let position = match (tokens.get(2), tokens.get(3)) {
                    (None, _) => None,
                    (Some(x), None) => {
                        coordinate(x, "an x coordinate")?;
                        return Err((end, ErrorKind::Missing("a y coordinate after the x coordinate")));
                    }
                    (Some(x), Some(y)) => {
                        Some(Point { x: coordinate(x, "an x coordinate")?, y: coordinate(y, "a y coordinate")? })
                    }
                };
                trailing(&tokens, 4)?;
                let key = normalize(&city.text);
                if let Some(&first) = self.by_key.get(&key) {
                    return Err((
                        city.column,
                        ErrorKind::DuplicateCity {
                            name: city.text.clone(),
                            first: self.names[first as usize].clone(),
                            first_line: self.declared_on[first as usize],
                        },
                    ));
                }
                let id = u32::try_from(self.names.len()).expect("fewer than 4 billion cities");
                self.by_key.insert(key, id);
                self.names.push(city.text.clone());
                self.positions.push(position);
                self.declared_on.push(line_no);
            }
            "road" if !directive.quoted => {
                name(tokens.get(1), end, "the first city of the road")?;
                name(tokens.get(2), end, "the second city of the road")?;
                let c = cost(tokens.get(3).ok_or((end, ErrorKind::Missing("the road's cost")))?)?;
                trailing(&tokens, 4)?;
                let mut it = tokens.into_iter().skip(1);
                let (a, b) = (it.next().expect("checked"), it.next().expect("checked"));
                self.roads.push(PendingRoad { line: line_no, a, b, cost: c });
            }
            _ => return Err((directive.column, ErrorKind::UnknownDirective(directive.text.clone()))),
        }
        Ok(())
    }

    fn resolve(&self, token: &Token) -> Result<CityId, LineError> {
        match self.by_key.get(&normalize(&token.text)) {
            Some(&id) => Ok(CityId(id)),
            None => Err((
                token.column,
                ErrorKind::UnknownCity {
                    name: token.text.clone(),
                    suggestion: closest_name(self.names.iter().map(String::as_str), &token.text).map(str::to_string),
                },
            )),
        }
    }

    fn finish(self, error: impl Fn(usize, LineError) -> ParseError) -> Result<RoadMap, ParseError> {
        if self.names.is_empty() {
            return Err(error(1, (1, ErrorKind::NoCities)));
        }
        let mut roads = Vec::with_capacity(self.roads.len());
        let mut seen: FxHashMap<(CityId, CityId), usize> = FxHashMap::default();
        for road in &self.roads {
            let a = self.resolve(&road.a).map_err(|e| error(road.line, e))?;
            let b = self.resolve(&road.b).map_err(|e| error(road.line, e))?;
            if a == b {
                return Err(error(road.line, (road.b.column, ErrorKind::SelfLoop(self.names[a.index()].clone()))));
            }
            if let Some(&first_line) = seen.get(&(a.min(b), a.max(b))) {
                let kind = ErrorKind::DuplicateRoad {
                    a: self.names[a.index()].clone(),
                    b: self.names[b.index()].clone(),
                    first_line,
                };
                return Err(error(road.line, (road.a.column, kind)));
            }
            seen.insert((a.min(b), a.max(b)), road.line);
            roads.push(Road { a, b, cost: road.cost });
        }
        Ok(RoadMap::from_parts(self.names, self.positions, roads))
    }
}

fn parse(text: &str, file: Option<PathBuf>) -> Result<RoadMap, ParseError> {
    let error = |line: usize, (column, kind): LineError| ParseError { file: file.clone(), line, column, kind };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::default();
    for (i, line) in text.lines().enumerate() {
        reader.line(i + 1, line).map_err(|e| error(i + 1, e))?;
    }
    reader.finish(error)
}

impl RoadMap {
    /// Parses a map from text; errors give line and column.
    ///
    /// ```
    /// use delve_route::RoadMap;
    /// let map = RoadMap::parse("city A 0 0\ncity B 3 4\nroad A B 5 # a comment\n").unwrap();
    /// assert_eq!(map.len(), 2);
    /// let err = RoadMap::parse("city A\nroad A C 5\n").unwrap_err();
    /// assert_eq!(err.to_string(), "line 2, column 8: unknown city `C`");
    /// ```
    pub fn parse(text: &str) -> Result<RoadMap, ParseError> {
        parse(text, None)
    }

    /// Parses a map from text read from `file`, which errors then name.
    pub fn parse_named(text: &str, file: impl Into<PathBuf>) -> Result<RoadMap, ParseError> {
        parse(text, Some(file.into()))
    }
}

impl FromStr for RoadMap {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<RoadMap, ParseError> {
        RoadMap::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses `text` and returns (line, column, message) of the error.
    fn fail(text: &str) -> (usize, usize, String) {
        let e = RoadMap::parse(text).expect_err("should not parse");
        (e.line, e.column, e.kind.to_string())
    }

    #[test]
    fn comments_blank_lines_quotes_and_crlf() {
        let text = "\u{feff}# header\r\n\r\ncity \"New York\" 1.5 -2 # trailing\r\n  city Boston\r\nroad \"New York\" Boston 215\r\n";
        let map = RoadMap::parse(text).unwrap();
        assert_eq!(map.len(), 2);
        let ny = map.city("new_york").unwrap();
        assert_eq!(map.name(ny), "New York");
        assert_eq!(map.position(ny), Some(Point { x: 1.5, y: -2.0 }));
        assert_eq!(map.position(map.city("Boston").unwrap()), None);
        assert_eq!(map.roads(), &[Road { a: ny, b: CityId(1), cost: 215 }]);
    }

    #[test]
    fn roads_may_come_before_their_cities() {
        let map = RoadMap::parse("road A B 3\ncity A\ncity B\n").unwrap();
        assert_eq!(map.road_cost(CityId(1), CityId(0)), Some(3));
    }

    #[test]
    fn unknown_directive() {
        assert_eq!(fail("city A\n  town B\n"), (2, 3, "expected `city` or `road`, found `town`".into()));
        assert_eq!(fail("\"city\" A\n"), (1, 1, "expected `city` or `road`, found `city`".into()));
    }

    #[test]
    fn unknown_city_in_a_road_suggests_the_closest() {
        assert_eq!(
            fail("city Arad\ncity Sibiu\nroad Arad Sibu 140\n"),
            (3, 11, "unknown city `Sibu` (did you mean `Sibiu`?)".into())
        );
        assert_eq!(fail("city Arad\nroad Arad Zanzibar 1\n"), (2, 11, "unknown city `Zanzibar`".into()));
    }

    #[test]
    fn duplicate_city_names_the_first_declaration() {
        assert_eq!(
            fail("city Arad\n\ncity ARAD 1 2\n"),
            (3, 6, "duplicate city `ARAD` (`Arad` is declared on line 1)".into())
        );
    }

    #[test]
    fn bad_and_negative_costs() {
        assert_eq!(
            fail("city A\ncity B\nroad A B x7\n"),
            (3, 10, format!("expected a road cost (a whole number of at most {}), found `x7`", u32::MAX))
        );
        assert_eq!(
            fail("city A\ncity B\nroad A B -5\n"),
            (3, 10, "expected a non-negative road cost, found `-5`".into())
        );
        assert_eq!(fail("city A\ncity B\nroad A B 2.5\n").1, 10);
        assert_eq!(fail("city A\ncity B\nroad A B 99999999999\n").1, 10);
    }

    #[test]
    fn missing_and_trailing_words() {
        assert_eq!(fail("city A\ncity B\nroad A B\n"), (3, 9, "expected the road's cost, found end of line".into()));
        assert_eq!(
            fail("road A # no second city\n"),
            (1, 7, "expected the second city of the road, found end of line".into())
        );
        assert_eq!(fail("city\n"), (1, 5, "expected a city name, found end of line".into()));
        assert_eq!(
            fail("city A 3\n"),
            (1, 9, "expected a y coordinate after the x coordinate, found end of line".into())
        );
        assert_eq!(fail("city A 1 2 3\n"), (1, 12, "expected end of line, found `3`".into()));
        assert_eq!(fail("city A\ncity B\nroad A B 4 km\n"), (3, 12, "expected end of line, found `km`".into()));
    }

    #[test]
    fn bad_coordinates() {
        assert_eq!(fail("city A 1 y\n"), (1, 10, "expected a y coordinate (a finite number), found `y`".into()));
        assert_eq!(fail("city A NaN 1\n"), (1, 8, "expected an x coordinate (a finite number), found `NaN`".into()));
        assert_eq!(fail("city A x\n").1, 8);
    }

    #[test]
    fn quoting_errors() {
        assert_eq!(fail("city \"New York 1 2\n"), (1, 6, "expected a closing `\"` for this name".into()));
        assert_eq!(fail("city \"\" 1 2\n"), (1, 6, "expected a city name, found empty quotes".into()));
        assert_eq!(fail("city \"A\"B\n"), (1, 9, "expected a space after the closing `\"`, found `B`".into()));
        assert_eq!(fail("city A\"B\n").1, 6);
    }

    #[test]
    fn self_loops_and_duplicate_roads() {
        assert_eq!(
            fail("city A\nroad A a 1\n"),
            (2, 8, "expected two different cities, found a road from `A` to itself".into())
        );
        assert_eq!(
            fail("city A\ncity B\nroad A B 1\nroad B A 2\n"),
            (4, 6, "duplicate road between `B` and `A` (first given on line 3)".into())
        );
    }

    #[test]
    fn empty_map() {
        assert_eq!(fail("# nothing\n\n"), (1, 1, "expected at least one `city` line, found none".into()));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        assert_eq!(fail("city Brașov\nroad Brașov Ñ 1\n").1, 13);
    }

    #[test]
    fn file_names_appear_in_errors() {
        let e = RoadMap::parse_named("city A\nroad A B 1\n", "maps/x.map").unwrap_err();
        assert_eq!(e.to_string(), "maps/x.map:2:8: unknown city `B`");
    }

    #[test]
    fn display_round_trips() {
        let map = RoadMap::romania();
        let again: RoadMap = map.to_string().parse().unwrap();
        assert_eq!(again, map);
        let odd = RoadMap::parse("city \"A #1\" -0.5 1e3\ncity B\nroad B \"A #1\" 0\n").unwrap();
        assert_eq!(odd.to_string().parse::<RoadMap>().unwrap(), odd);
    }
}
