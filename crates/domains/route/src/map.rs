//! The [`RoadMap`] model: cities (with optional coordinates) and undirected roads, stored
//! compactly (city indices, adjacency in one flat array) for fast expansion.

use crate::error::RouteError;
use delve_core::hash::FxHashMap;
use std::fmt;
use std::path::Path;

/// A city, as its index in the map (compact and `Copy`: it is the search state).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CityId(pub u32);

impl CityId {
    /// The index as a `usize`, for slices.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A position on the plane, in the map's own units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Horizontal coordinate.
    pub x: f64,
    /// Vertical coordinate.
    pub y: f64,
}

impl Point {
    /// Euclidean distance to `other`.
    pub fn distance(self, other: Point) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }
}

/// An undirected road between two different cities.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Road {
    /// One end (as written first in the file).
    pub a: CityId,
    /// The other end.
    pub b: CityId,
    /// The road's length (its cost, both ways).
    pub cost: u64,
}

/// One road seen from a city: where it leads and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Neighbor {
    /// The city at the other end.
    pub city: CityId,
    /// The road's cost.
    pub cost: u64,
}

/// A road map: named cities, optional coordinates, undirected roads with whole-number costs.
///
/// Build one by parsing the text format (see the [crate docs](crate)) with
/// [`RoadMap::parse`] / [`RoadMap::load`], or take the built-in [`RoadMap::romania`].
#[derive(Clone, Debug)]
pub struct RoadMap {
    names: Vec<String>,
    positions: Vec<Option<Point>>,
    lookup: FxHashMap<String, CityId>,
    /// `neighbors[offsets[c]..offsets[c + 1]]` are the roads of city `c`, in file order.
    offsets: Vec<u32>,
    neighbors: Vec<Neighbor>,
    roads: Vec<Road>,
    scale: f64,
}

/// The names of the built-in maps, usable wherever a map file is expected.
pub const BUILTIN_MAPS: &[&str] = &["romania"];

/// The text of the built-in Romania map (AIMA figure 3.2, AIMA coordinates).
pub const ROMANIA: &str = include_str!("../maps/romania.map");

/// The key names are compared by: lower case, `_`/`-` read as spaces, runs of spaces as one.
pub(crate) fn normalize(name: &str) -> String {
    let lowered = name.to_lowercase().replace(['_', '-'], " ");
    lowered.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Edit distance over characters (optimal string alignment: insertions, deletions,
/// substitutions and swaps of two neighbouring characters each count 1).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let substitution = d[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = substitution.min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

impl RoadMap {
    /// Assembles a map from validated parts; roads must join existing, distinct cities.
    pub(crate) fn from_parts(names: Vec<String>, positions: Vec<Option<Point>>, roads: Vec<Road>) -> RoadMap {
        let n = names.len();
        let lookup = names.iter().enumerate().map(|(i, name)| (normalize(name), CityId(i as u32))).collect();
        let mut degree = vec![0u32; n + 1];
        for road in &roads {
            degree[road.a.index()] += 1;
            degree[road.b.index()] += 1;
        }
        let mut offsets = vec![0u32; n + 1];
        for c in 0..n {
            offsets[c + 1] = offsets[c] + degree[c];
        }
        let mut fill = offsets.clone();
        let mut neighbors = vec![Neighbor { city: CityId(0), cost: 0 }; roads.len() * 2];
        for road in &roads {
            for (from, to) in [(road.a, road.b), (road.b, road.a)] {
                let slot = &mut fill[from.index()];
                neighbors[*slot as usize] = Neighbor { city: to, cost: road.cost };
                *slot += 1;
            }
        }
        let mut scale = 1.0f64;
        for road in &roads {
            if let (Some(p), Some(q)) = (positions[road.a.index()], positions[road.b.index()]) {
                let d = p.distance(q);
                if d > 0.0 {
                    scale = scale.min(road.cost as f64 / d);
                }
            }
        }
        RoadMap { names, positions, lookup, offsets, neighbors, roads, scale }
    }

    /// The built-in Romania map: 20 cities, 23 roads, AIMA coordinates.
    ///
    /// ```
    /// let map = delve_route::RoadMap::romania();
    /// assert_eq!((map.len(), map.roads().len()), (20, 23));
    /// ```
    pub fn romania() -> RoadMap {
        RoadMap::parse_named(ROMANIA, "romania.map").expect("the built-in Romania map parses")
    }

    /// A built-in map by name (case-insensitive), see [`BUILTIN_MAPS`].
    pub fn builtin(name: &str) -> Option<RoadMap> {
        name.eq_ignore_ascii_case("romania").then(RoadMap::romania)
    }

    /// A built-in map when `spec` names one, otherwise the map file at path `spec`.
    pub fn open(spec: &str) -> Result<RoadMap, RouteError> {
        match RoadMap::builtin(spec) {
            Some(map) => Ok(map),
            None => RoadMap::load(spec),
        }
    }

    /// Reads and parses a map file; parse errors carry the file name.
    pub fn load(path: impl AsRef<Path>) -> Result<RoadMap, RouteError> {
        let path = path.as_ref();
        let text =
            delve_core::input::read_text(path).map_err(|source| RouteError::Io { path: path.to_path_buf(), source })?;
        Ok(RoadMap::parse_named(&text, path)?)
    }

    /// Number of cities.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True for a map without cities (parsing never produces one).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Every city, in declaration order.
    pub fn cities(&self) -> impl ExactSizeIterator<Item = CityId> + '_ {
        (0..self.names.len() as u32).map(CityId)
    }

    /// A city's name as declared.
    pub fn name(&self, city: CityId) -> &str {
        &self.names[city.index()]
    }

    /// A city's coordinates, if the map gives them.
    pub fn position(&self, city: CityId) -> Option<Point> {
        self.positions[city.index()]
    }

    /// The roads leaving `city`, in the order the file lists them.
    #[inline]
    pub fn neighbors(&self, city: CityId) -> &[Neighbor] {
        let c = city.index();
        &self.neighbors[self.offsets[c] as usize..self.offsets[c + 1] as usize]
    }

    /// Every road, in file order.
    pub fn roads(&self) -> &[Road] {
        &self.roads
    }

    /// The cost of the road joining `a` and `b`, if there is one.
    pub fn road_cost(&self, a: CityId, b: CityId) -> Option<u64> {
        self.neighbors(a).iter().find(|n| n.city == b).map(|n| n.cost)
    }

    /// The cost of driving along `path` (consecutive cities must be joined by roads);
    /// `None` if some step has no road. An empty or one-city path costs 0.
    pub fn path_cost(&self, path: &[CityId]) -> Option<u64> {
        path.windows(2).try_fold(0u64, |sum, w| Some(sum + self.road_cost(w[0], w[1])?))
    }

    /// Finds a city by name. Exact names and names differing only in case, `_`/`-` for
    /// spaces or spacing all match; an unknown name gets the closest city as a suggestion.
    ///
    /// ```
    /// let map = delve_route::RoadMap::romania();
    /// let rv = map.city("rimnicu_vilcea").unwrap();
    /// assert_eq!(map.name(rv), "Rimnicu Vilcea");
    /// let err = map.city("Arda").unwrap_err();
    /// assert_eq!(err.to_string(), "unknown city `Arda` (did you mean `Arad`?)");
    /// ```
    pub fn city(&self, name: &str) -> Result<CityId, RouteError> {
        self.lookup.get(&normalize(name)).copied().ok_or_else(|| RouteError::UnknownCity {
            name: name.to_string(),
            suggestion: self.closest(name).map(str::to_string),
        })
    }

    /// The declared name closest to `name`, if one is close: at most a third of its
    /// characters (at least one) edited, and fewer than all of them.
    pub fn closest(&self, name: &str) -> Option<&str> {
        closest_name(self.names.iter().map(String::as_str), name)
    }

    /// The straight-line distance between two cities when both have coordinates.
    pub fn straight_line(&self, a: CityId, b: CityId) -> Option<f64> {
        Some(self.position(a)?.distance(self.position(b)?))
    }

    /// The factor applied to straight-line distances so they never exceed road lengths:
    /// the smallest `cost / distance` over roads whose ends both have coordinates, capped
    /// at 1. It is exactly 1 when the coordinates are faithful (as on Romania), and makes
    /// the straight-line heuristic consistent on any map.
    pub fn heuristic_scale(&self) -> f64 {
        self.scale
    }
}

/// The candidate closest to `name` in edit distance over normalised names, if close enough.
pub(crate) fn closest_name<'a>(candidates: impl Iterator<Item = &'a str>, name: &str) -> Option<&'a str> {
    let key = normalize(name);
    let len = key.chars().count();
    let budget = (len / 3).max(1);
    candidates
        .map(|c| (edit_distance(&normalize(c), &key), c))
        .filter(|&(d, _)| d <= budget && d < len)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Whether a name must be quoted to be read back.
fn needs_quotes(name: &str) -> bool {
    name.is_empty() || name.chars().any(|c| c.is_whitespace() || c == '#')
}

struct Name<'a>(&'a str);

impl fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if needs_quotes(self.0) { write!(f, "\"{}\"", self.0) } else { f.write_str(self.0) }
    }
}

/// Writes the map back in the text format; parsing the output gives the same map.
impl fmt::Display for RoadMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for city in self.cities() {
            write!(f, "city {}", Name(self.name(city)))?;
            if let Some(p) = self.position(city) {
                write!(f, " {} {}", p.x, p.y)?;
            }
            writeln!(f)?;
        }
        for road in &self.roads {
            writeln!(f, "road {} {} {}", Name(self.name(road.a)), Name(self.name(road.b)), road.cost)?;
        }
        Ok(())
    }
}

/// Equality of content: same cities (names, coordinates) and same roads in the same order.
impl PartialEq for RoadMap {
    fn eq(&self, other: &Self) -> bool {
        self.names == other.names && self.positions == other.positions && self.roads == other.roads
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_close_names_only() {
        let map = RoadMap::romania();
        assert_eq!(map.closest("Arda"), Some("Arad"));
        assert_eq!(map.closest("bucarest"), Some("Bucharest"));
        assert_eq!(map.closest("Rimnicu"), None);
        assert_eq!(map.closest("Paris"), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn lookup_ignores_case_underscores_and_spacing() {
        let map = RoadMap::romania();
        let rv = map.city("Rimnicu Vilcea").unwrap();
        for alias in ["rimnicu vilcea", "RIMNICU_VILCEA", "Rimnicu-Vilcea", "  rimnicu   vilcea "] {
            assert_eq!(map.city(alias).unwrap(), rv);
        }
        assert!(matches!(map.city("Rome"), Err(RouteError::UnknownCity { suggestion: None, .. })));
    }

    #[test]
    fn romania_is_the_aima_map() {
        let map = RoadMap::romania();
        assert_eq!((map.len(), map.roads().len()), (20, 23));
        assert!(map.cities().all(|c| map.position(c).is_some()));
        let (arad, sibiu) = (map.city("Arad").unwrap(), map.city("Sibiu").unwrap());
        assert_eq!(map.road_cost(sibiu, arad), Some(140));
        assert_eq!(map.position(arad), Some(Point { x: 91.0, y: 492.0 }));
        let names: Vec<_> = map.neighbors(arad).iter().map(|n| map.name(n.city)).collect();
        assert_eq!(names, ["Zerind", "Sibiu", "Timisoara"]);
        let total: u64 = map.roads().iter().map(|r| r.cost).sum();
        assert_eq!(total, 2483);
        assert!(RoadMap::builtin("ROMANIA").is_some() && RoadMap::builtin("atlantis").is_none());
    }

    #[test]
    fn open_reads_files_and_reports_missing_ones() {
        let err = RoadMap::open("/nonexistent/dir/x.map").unwrap_err();
        assert_eq!(err.to_string(), "cannot read map file /nonexistent/dir/x.map");
        let cause = std::error::Error::source(&err).expect("the I/O error is the source");
        assert_eq!(cause.downcast_ref::<std::io::Error>().unwrap().kind(), std::io::ErrorKind::NotFound);
        let path = std::env::temp_dir().join(format!("delve-route-open-{}.map", std::process::id()));
        std::fs::write(&path, "city A\ncity B\nroad A B 7\nroad A C 1\n").unwrap();
        let err = RoadMap::open(path.to_str().unwrap()).unwrap_err();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(err.to_string(), format!("{}:4:8: unknown city `C`", path.display()));
    }
}
