//! What a route search reports: the core's [`Report`] with the route's own fields
//! ([`RouteDetail`]), and the listing of a map. The CLI's `--json` and the web API print
//! these, so the keys are written once, here.

use crate::map::{CityId, RoadMap};
use crate::problem::RouteProblem;
use delve_core::{Algorithm, Finished, Report, SearchResult};
use serde::Serialize;

/// The route's fields of a report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RouteDetail {
    /// The route's length, when one was found.
    pub cost: Option<u64>,
    /// The cities on the route, start first, when one was found.
    pub path: Option<Vec<String>>,
    /// The heuristic weight, for weighted A*.
    pub weight: Option<f64>,
    /// The map as the user named it (`romania` or a file).
    pub map: String,
    /// The start city.
    pub from: String,
    /// The destination.
    pub to: String,
}

/// A route search's report.
pub type RouteReport = Report<RouteDetail>;

impl RouteProblem<'_> {
    /// The report of `result`, found by `algorithm` on the map the user named `map_name`.
    ///
    /// ```
    /// use delve_core::{Algorithm, Limits, NoObserver};
    /// use delve_route::RoadMap;
    /// let map = RoadMap::romania();
    /// let p = map.problem(map.city("Arad").unwrap(), map.city("Bucharest").unwrap());
    /// let result = Algorithm::Astar.run_reversible(&p, &Limits::none(), NoObserver);
    /// let report = p.report(Algorithm::Astar, "romania", &result);
    /// assert_eq!(report.detail.cost, Some(418));
    /// assert_eq!(report.algorithm, "astar");
    /// ```
    pub fn report(
        &self,
        algorithm: Algorithm,
        map_name: &str,
        result: &SearchResult<CityId, CityId, u64>,
    ) -> RouteReport {
        let solution = result.solution();
        let names = |cities: &[CityId]| self.names(cities).into_iter().map(String::from).collect();
        let detail = RouteDetail {
            cost: solution.map(|s| s.cost),
            path: solution.map(|s| names(&s.states)),
            weight: match algorithm {
                Algorithm::WeightedAstar { weight } => Some(weight),
                _ => None,
            },
            map: map_name.to_string(),
            from: self.map().name(self.from()).to_string(),
            to: self.map().name(self.to()).to_string(),
        };
        result.report(detail)
    }
}

/// A map's cities and roads, as `delve route --list` shows them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapListing {
    /// The map as the user named it.
    pub map: String,
    /// Every city with its coordinates and roads.
    pub cities: Vec<CityListing>,
    /// The number of roads.
    pub roads: usize,
}

/// One city of a [`MapListing`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CityListing {
    /// Its name.
    pub name: String,
    /// Its x coordinate, if it has coordinates.
    pub x: Option<f64>,
    /// Its y coordinate, if it has coordinates.
    pub y: Option<f64>,
    /// Its roads.
    pub roads: Vec<RoadListing>,
}

/// One road of a [`CityListing`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoadListing {
    /// The city at the other end.
    pub to: String,
    /// Its length.
    pub cost: u64,
}

/// The listing of `map`, named `map_name` by the user.
pub fn listing(map: &RoadMap, map_name: &str) -> MapListing {
    let cities = map
        .cities()
        .map(|c| {
            let p = map.position(c);
            CityListing {
                name: map.name(c).to_string(),
                x: p.map(|p| p.x),
                y: p.map(|p| p.y),
                roads: map
                    .neighbors(c)
                    .iter()
                    .map(|n| RoadListing { to: map.name(n.city).to_string(), cost: n.cost })
                    .collect(),
            }
        })
        .collect();
    MapListing { map: map_name.to_string(), cities, roads: map.roads().len() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_core::{Limits, NoObserver};

    #[test]
    fn a_stopped_search_reports_its_reason_and_no_route() {
        let map = RoadMap::romania();
        let p = map.problem(map.city("Arad").unwrap(), map.city("Bucharest").unwrap());
        let result = Algorithm::Ucs.run_reversible(&p, &Limits::none().max_expanded(2), NoObserver);
        let json = serde_json::to_value(p.report(Algorithm::Ucs, "romania", &result)).unwrap();
        assert_eq!(json["outcome"], "stopped");
        assert_eq!(json["stop_reason"], "node_limit");
        assert_eq!(json["solved"], false);
        assert!(json["cost"].is_null() && json["path"].is_null());
        assert_eq!(json["stats"]["expanded"], 2);
    }

    #[test]
    fn the_listing_holds_every_road_twice() {
        let map = RoadMap::romania();
        let l = listing(&map, "romania");
        assert_eq!(l.cities.len(), 20);
        assert_eq!(l.roads, 23);
        assert_eq!(l.cities.iter().map(|c| c.roads.len()).sum::<usize>(), 46);
    }
}
