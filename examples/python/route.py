"""Arad to Bucharest on AIMA's map of Romania, by every search algorithm delve has.

Prints one row per algorithm: the route's cost, its number of roads and the states the
search expanded. Exits non-zero when a result contradicts what AIMA (3rd ed., ch. 3)
establishes: the cheapest route costs 418 km (via Rimnicu Vilcea and Pitesti), the route
with the fewest roads has 3 of them (via Fagaras, 450 km).

    python examples/python/route.py
"""

import delve

START, GOAL = "Arad", "Bucharest"
CHEAPEST, FEWEST_ROADS = 418, 3  # AIMA, figure 3.2 and sections 3.4-3.5

# The optimal algorithms, for step costs: they must find the 418 km route.
COST_OPTIMAL = {"ucs", "ils", "astar", "idastar"}
# The breadth-first family counts roads, not kilometres.
DEPTH_OPTIMAL = {"bfs", "iddfs", "bibfs"}

# The map's roads, to check each route independently of the search that found it.
# delve.route.cities() lists each city with its roads ("to", "cost").
cities = delve.route.cities()["cities"]
assert len(cities) == 20  # AIMA's Romania: 20 cities
roads = {}
for city in cities:
    for road in city["roads"]:
        roads[city["name"], road["to"]] = road["cost"]

print(f"{'algorithm':<9} {'cost':>5} {'roads':>5} {'expanded':>8}  route")
for algo in delve.search.ALGORITHMS:
    r = delve.route.solve(START, GOAL, algo=algo)
    assert r.solved, algo
    path = r.path
    print(f"{algo:<9} {r.cost:>5g} {len(path) - 1:>5} {r.stats.expanded:>8}  {' - '.join(path)}")

    # The route is made of real roads, from start to goal, and its cost is their sum.
    assert path[0] == START and path[-1] == GOAL, algo
    assert r.cost == sum(roads[a, b] for a, b in zip(path, path[1:])), algo
    if algo in COST_OPTIMAL:
        assert r.cost == CHEAPEST, algo
    if algo in DEPTH_OPTIMAL:
        assert len(path) - 1 == FEWEST_ROADS, algo
    if algo == "greedy":  # AIMA, figure 3.23: greedy best-first goes via Fagaras
        assert path == ["Arad", "Sibiu", "Fagaras", "Bucharest"], algo
    if algo == "wastar":  # weighted A* (weight 2) is within twice the optimum
        assert r.cost <= 2 * CHEAPEST, algo
    assert r.cost >= CHEAPEST, algo  # nothing beats the optimum

print("ok: every route checked against the map; the optimal ones cost 418 km")
