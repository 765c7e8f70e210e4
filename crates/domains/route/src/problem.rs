//! [`RouteProblem`]: driving from one city to another, as a [`delve_core::Problem`], with
//! the straight-line-distance heuristic precomputed for the destination.

use crate::map::{CityId, RoadMap};
use delve_core::{Problem, Reversible, Successor};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Drive from `from` to `to` on a [`RoadMap`]. States and actions are cities (the action is
/// the next city); costs are road lengths (`u64`, exact: no float drift in path sums).
///
/// The heuristic `h(c)` is a lower bound on the road distance from `c` to the destination,
/// built from straight-line distances and precomputed once per problem (a table lookup
/// during search):
/// - `d(c)`: the straight-line distance from `c` to the destination times
///   [`RoadMap::heuristic_scale`] (1 unless some road is shorter than its straight line);
/// - when some cities have no coordinates, a path may leave the plane through them, so
///   `h(c) = min(d(c), u(c))` where `u(c)` is the road distance from `c` to the nearest city
///   without coordinates; such cities, and every city when the destination has no
///   coordinates, get `h = 0`;
/// - rounded up to a whole number: route costs are whole numbers, so a route at least
///   `b` long is at least `⌈b⌉` long (and rounding up keeps the bound consistent).
///
/// Each part is consistent (`h(a) ≤ cost(a, b) + h(b)` on every road), hence admissible:
/// A* and IDA* return optimal routes on any map.
///
/// ```
/// use delve_core::{Limits, NoObserver, informed::astar};
/// use delve_route::RoadMap;
/// let map = RoadMap::romania();
/// let problem = map.problem(map.city("Arad").unwrap(), map.city("Bucharest").unwrap());
/// let result = astar(&problem, &Limits::none(), NoObserver);
/// let route = result.solution().unwrap();
/// assert_eq!(route.cost, 418);
/// assert_eq!(problem.names(&route.states), ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"]);
/// ```
#[derive(Clone, Debug)]
pub struct RouteProblem<'m> {
    map: &'m RoadMap,
    from: CityId,
    to: CityId,
    h: Vec<u64>,
}

/// Turns a real lower bound on a whole-number cost into a whole-number bound: rounds up,
/// after shaving a hair (far above floating-point error) so that a bound computed a few ulps
/// above an exact integer is not pushed to the next one.
fn whole_bound(v: f64) -> u64 {
    (v - 1e-9 * v.max(1.0)).ceil().max(0.0) as u64
}

impl<'m> RouteProblem<'m> {
    /// The problem of driving from `from` to `to` (both cities of `map`).
    pub fn new(map: &'m RoadMap, from: CityId, to: CityId) -> Self {
        let mut h = vec![0u64; map.len()];
        if let Some(goal) = map.position(to) {
            let escape = distance_to_uncharted(map);
            let scale = map.heuristic_scale();
            for city in map.cities() {
                if let Some(p) = map.position(city) {
                    let straight = whole_bound(p.distance(goal) * scale);
                    h[city.index()] = straight.min(escape[city.index()]);
                }
            }
        }
        RouteProblem { map, from, to, h }
    }

    /// The map.
    pub fn map(&self) -> &'m RoadMap {
        self.map
    }

    /// Where the drive starts.
    pub fn from(&self) -> CityId {
        self.from
    }

    /// Where it should end.
    pub fn to(&self) -> CityId {
        self.to
    }

    /// The cities' names, for showing a path.
    pub fn names(&self, cities: &[CityId]) -> Vec<&'m str> {
        cities.iter().map(|&c| self.map.name(c)).collect()
    }
}

/// For every city, the road distance to the nearest city without coordinates
/// (`u64::MAX` when there is none reachable): a multi-source Dijkstra.
fn distance_to_uncharted(map: &RoadMap) -> Vec<u64> {
    let mut dist = vec![u64::MAX; map.len()];
    let mut heap = BinaryHeap::new();
    for city in map.cities().filter(|&c| map.position(c).is_none()) {
        dist[city.index()] = 0;
        heap.push(Reverse((0u64, city)));
    }
    while let Some(Reverse((d, city))) = heap.pop() {
        if d > dist[city.index()] {
            continue;
        }
        for n in map.neighbors(city) {
            let nd = d + n.cost;
            if nd < dist[n.city.index()] {
                dist[n.city.index()] = nd;
                heap.push(Reverse((nd, n.city)));
            }
        }
    }
    dist
}

impl Problem for RouteProblem<'_> {
    type State = CityId;
    type Action = CityId;
    type Cost = u64;

    fn initial_state(&self) -> CityId {
        self.from
    }
    fn is_goal(&self, state: &CityId) -> bool {
        *state == self.to
    }
    #[inline]
    fn heuristic(&self, state: &CityId) -> u64 {
        self.h[state.index()]
    }
    #[inline]
    fn expand(&self, state: &CityId, out: &mut Vec<Successor<CityId, CityId, u64>>) {
        out.extend(self.map.neighbors(*state).iter().map(|n| Successor {
            action: n.city,
            state: n.city,
            cost: n.cost,
        }));
    }
}

/// Roads are undirected, so the predecessors of a city are its neighbours; the forward
/// action from a neighbour is "drive to this city". Bidirectional search can run on routes.
impl Reversible for RouteProblem<'_> {
    fn predecessors(&self, state: &CityId, out: &mut Vec<Successor<CityId, CityId, u64>>) {
        out.extend(self.map.neighbors(*state).iter().map(|n| Successor {
            action: *state,
            state: n.city,
            cost: n.cost,
        }));
    }
    fn goal_states(&self) -> Vec<CityId> {
        vec![self.to]
    }
}

impl RoadMap {
    /// The search problem of driving from `from` to `to` on this map.
    pub fn problem(&self, from: CityId, to: CityId) -> RouteProblem<'_> {
        RouteProblem::new(self, from, to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_core::informed::{astar, greedy, idastar, weighted_astar};
    use delve_core::uninformed::{bfs, bibfs, dfs, iddfs, ils, ucs};
    use delve_core::{Limits, NoObserver, SearchResult};

    /// Optimal road distance between two cities, by uniform-cost search.
    fn optimal(map: &RoadMap, a: CityId, b: CityId) -> Option<u64> {
        let p = RouteProblem::new(map, a, b);
        ucs(&p, &Limits::none(), NoObserver).solution().map(|s| s.cost)
    }

    #[test]
    fn whole_bounds_round_up_but_not_past_float_noise() {
        assert_eq!(whole_bound(0.0), 0);
        assert_eq!(whole_bound(10.0), 10);
        assert_eq!(whole_bound(10.0 + 1e-13), 10);
        assert_eq!(whole_bound(10.001), 11);
        assert_eq!(whole_bound(350.29), 351);
    }

    #[test]
    fn romania_coordinates_need_no_scaling() {
        let map = RoadMap::romania();
        assert_eq!(map.heuristic_scale(), 1.0);
        // Every road is at least its straight line, so h is consistent for every destination.
        for road in map.roads() {
            let d = map.straight_line(road.a, road.b).unwrap();
            assert!(d <= road.cost as f64, "{} - {}: {d} > {}", map.name(road.a), map.name(road.b), road.cost);
        }
    }

    #[test]
    fn straight_line_is_admissible_towards_bucharest() {
        let map = RoadMap::romania();
        let bucharest = map.city("Bucharest").unwrap();
        let problem = RouteProblem::new(&map, bucharest, bucharest);
        for city in map.cities() {
            let h = problem.heuristic(&city);
            let truth = optimal(&map, city, bucharest).unwrap();
            assert!(h <= truth, "h({}) = {h} > {truth}", map.name(city));
        }
        // The heuristic is informative: h(Arad) = ⌈√(309² + 165²)⌉ = ⌈350.29⌉ = 351.
        let arad = map.city("Arad").unwrap();
        assert_eq!(problem.heuristic(&arad), 351);
        assert_eq!(optimal(&map, arad, bucharest), Some(418));
    }

    #[test]
    fn straight_line_is_consistent_for_every_destination() {
        let map = RoadMap::romania();
        for goal in map.cities() {
            let p = RouteProblem::new(&map, goal, goal);
            assert_eq!(p.heuristic(&goal), 0);
            for road in map.roads() {
                let (ha, hb) = (p.heuristic(&road.a), p.heuristic(&road.b));
                assert!(ha <= road.cost + hb && hb <= road.cost + ha);
            }
            for city in map.cities() {
                assert!(p.heuristic(&city) <= optimal(&map, city, goal).unwrap());
            }
        }
    }

    #[test]
    fn unfaithful_coordinates_are_scaled_down() {
        // The road A-B is 5 long but its ends are 10 apart: h is halved, A* stays optimal.
        let map =
            RoadMap::parse("city A 0 0\ncity B 10 0\ncity C 20 0\nroad A B 5\nroad B C 5\nroad A C 30\n").unwrap();
        assert_eq!(map.heuristic_scale(), 0.5);
        let (a, c) = (map.city("A").unwrap(), map.city("C").unwrap());
        let p = RouteProblem::new(&map, a, c);
        assert_eq!(p.heuristic(&a), 10);
        assert_eq!(astar(&p, &Limits::none(), NoObserver).solution().unwrap().cost, 10);
    }

    #[test]
    fn cities_without_coordinates_bound_the_heuristic() {
        // A and D are 100 apart on the plane, but the uncharted city X connects them by 2.
        let map = RoadMap::parse("city A 0 0\ncity D 100 0\ncity X\nroad A X 1\nroad X D 1\nroad A D 100\n").unwrap();
        let (a, d, x) = (map.city("A").unwrap(), map.city("D").unwrap(), map.city("X").unwrap());
        let p = RouteProblem::new(&map, a, d);
        assert_eq!(p.heuristic(&a), 1);
        assert_eq!(p.heuristic(&x), 0);
        let route = astar(&p, &Limits::none(), NoObserver).into_solution().unwrap();
        assert_eq!((route.cost, route.states), (2, vec![a, x, d]));
        // A destination without coordinates gives no heuristic at all.
        let q = RouteProblem::new(&map, a, x);
        assert!(map.cities().all(|c| q.heuristic(&c) == 0));
    }

    #[test]
    fn expand_lists_every_road_of_the_map() {
        let map = RoadMap::romania();
        let p = RouteProblem::new(&map, CityId(0), CityId(1));
        let mut listed = 0;
        for city in map.cities() {
            let mut succs = Vec::new();
            p.expand(&city, &mut succs);
            assert!(!succs.is_empty());
            for s in &succs {
                assert_eq!(s.action, s.state);
                assert_eq!(map.road_cost(city, s.state), Some(s.cost));
            }
            listed += succs.len();
        }
        assert_eq!(listed, 2 * map.roads().len()); // each undirected road, both ways
    }

    /// Checks a result is a real route from `from` to `to` whose cost is its road sum, and
    /// returns (cost, city names).
    fn route(p: &RouteProblem<'_>, r: SearchResult<CityId, CityId, u64>) -> (u64, Vec<String>) {
        let sol = r.into_solution().expect("a route exists");
        assert_eq!(sol.states.first(), Some(&p.from()));
        assert_eq!(sol.goal(), &p.to());
        assert_eq!(sol.actions, sol.states[1..]);
        assert_eq!(p.map().path_cost(&sol.states), Some(sol.cost));
        (sol.cost, p.names(&sol.states).into_iter().map(String::from).collect())
    }

    #[test]
    fn every_algorithm_on_arad_to_bucharest() {
        let map = RoadMap::romania();
        let p = RouteProblem::new(&map, map.city("Arad").unwrap(), map.city("Bucharest").unwrap());
        let l = Limits::none();
        let optimal = (418, ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"].map(String::from).to_vec());
        let fewest = (450, ["Arad", "Sibiu", "Fagaras", "Bucharest"].map(String::from).to_vec());
        assert_eq!(route(&p, ucs(&p, &l, NoObserver)), optimal);
        assert_eq!(route(&p, astar(&p, &l, NoObserver)), optimal);
        assert_eq!(route(&p, ils(&p, &l, NoObserver)), optimal);
        assert_eq!(route(&p, idastar(&p, &l, NoObserver)), optimal);
        assert_eq!(route(&p, bfs(&p, &l, NoObserver)), fewest);
        assert_eq!(route(&p, iddfs(&p, &l, NoObserver)), fewest);
        assert_eq!(route(&p, bibfs(&p, &l, NoObserver)), fewest);
        assert_eq!(route(&p, greedy(&p, &l, NoObserver)), fewest);
        assert!(route(&p, weighted_astar(&p, 2.0, &l, NoObserver)).0 <= 2 * 418);
        assert!(route(&p, dfs(&p, &l, NoObserver)).0 >= 418);
    }

    #[test]
    fn optimal_algorithms_agree_on_every_pair() {
        let map = RoadMap::romania();
        let l = Limits::none();
        for from in map.cities() {
            for to in map.cities() {
                let p = RouteProblem::new(&map, from, to);
                let best = route(&p, ucs(&p, &l, NoObserver)).0;
                assert_eq!(route(&p, astar(&p, &l, NoObserver)).0, best);
                assert_eq!(route(&p, ils(&p, &l, NoObserver)).0, best);
                assert_eq!(route(&p, idastar(&p, &l, NoObserver)).0, best);
                let fewest = route(&p, bfs(&p, &l, NoObserver)).1.len();
                assert_eq!(route(&p, bibfs(&p, &l, NoObserver)).1.len(), fewest);
                assert_eq!(route(&p, iddfs(&p, &l, NoObserver)).1.len(), fewest);
            }
        }
    }

    #[test]
    fn unreachable_destination_has_no_solution() {
        let map = RoadMap::parse("city A 0 0\ncity B 1 0\ncity Island 5 5\nroad A B 1\n").unwrap();
        let p = RouteProblem::new(&map, CityId(0), map.city("island").unwrap());
        for r in [
            ucs(&p, &Limits::none(), NoObserver),
            astar(&p, &Limits::none(), NoObserver),
            ils(&p, &Limits::none(), NoObserver),
        ] {
            assert_eq!(r.outcome, delve_core::Outcome::NoSolution);
        }
    }
}
