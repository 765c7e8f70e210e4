//! `delve route`: find a route between two cities of a road map (built-in Romania or a map
//! file) with any of the core search algorithms. Thin: resolve the map and the cities, call
//! one `delve-core` algorithm on a `delve_route::RouteProblem`, render the outcome.

use crate::common::{self, Progress, SearchArgs, Status};
use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use delve_core::informed::{astar, greedy, idastar, weighted_astar};
use delve_core::uninformed::{bfs, bibfs, dfs, iddfs, ils, ucs};
use delve_core::{Observer, Outcome, SearchResult, Stats};
use delve_route::{BUILTIN_MAPS, CityId, RoadMap, RouteError};
use serde_json::{Value, json};

/// The weight `--algo wastar` uses when `--weight` is not given.
const DEFAULT_WEIGHT: f64 = 2.0;

/// Arguments of `delve route`.
#[derive(Args, Debug)]
pub struct RouteArgs {
    /// A built-in map (romania) or a road-map file.
    #[arg(long, value_name = "romania|FILE", default_value = "romania")]
    map: String,
    /// The city to start from (case-insensitive; `_` or `-` may stand for spaces).
    #[arg(long, value_name = "CITY", required_unless_present = "list")]
    from: Option<String>,
    /// The destination city.
    #[arg(long, value_name = "CITY", required_unless_present = "list")]
    to: Option<String>,
    /// The search algorithm.
    #[arg(long, value_enum, default_value_t = Algo::Astar)]
    algo: Algo,
    /// Heuristic weight for `--algo wastar` (at least 1; default 2).
    #[arg(long, value_name = "W")]
    weight: Option<f64>,
    /// Log the search: each iteration's bound for iddfs/ils/idastar (`Find Cost: L` for ils),
    /// each expanded city for the others. On stderr with --json.
    #[arg(long)]
    log: bool,
    /// List the map's cities and roads instead of searching.
    #[arg(long, conflicts_with_all = ["from", "to", "log", "weight"])]
    list: bool,
    #[command(flatten)]
    search: SearchArgs,
}

/// The algorithms `delve route` can run.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum Algo {
    /// Breadth-first search: fewest roads.
    Bfs,
    /// Depth-first search: some route, quickly.
    Dfs,
    /// Iterative deepening: fewest roads in O(depth) memory.
    Iddfs,
    /// Uniform-cost search: shortest route.
    Ucs,
    /// Iterative lengthening: shortest route in O(depth) memory.
    Ils,
    /// Greedy best-first on straight-line distance.
    Greedy,
    /// A* with straight-line distance: shortest route.
    Astar,
    /// Weighted A*: at most W times the shortest.
    Wastar,
    /// IDA*: shortest route in O(depth) memory.
    Idastar,
    /// Bidirectional breadth-first: fewest roads.
    Bibfs,
}

impl Algo {
    fn name(self) -> &'static str {
        match self {
            Algo::Bfs => "bfs",
            Algo::Dfs => "dfs",
            Algo::Iddfs => "iddfs",
            Algo::Ucs => "ucs",
            Algo::Ils => "ils",
            Algo::Greedy => "greedy",
            Algo::Astar => "astar",
            Algo::Wastar => "wastar",
            Algo::Idastar => "idastar",
            Algo::Bibfs => "bibfs",
        }
    }

    /// What `--log` prints for this algorithm.
    fn log(self) -> Log {
        match self {
            Algo::Iddfs => Log::Iterations("Find Depth"),
            Algo::Ils => Log::Iterations("Find Cost"),
            Algo::Idastar => Log::Iterations("Find Bound"),
            _ => Log::Expansions,
        }
    }
}

#[derive(Clone, Copy)]
enum Log {
    Off,
    /// One `LABEL: bound` line per iteration.
    Iterations(&'static str),
    /// One `Expand: CITY` line per expanded city.
    Expansions,
}

/// Progress spinner plus the optional `--log` lines.
struct RouteObserver<'m> {
    map: &'m RoadMap,
    log: Log,
    to_stderr: bool,
    progress: Progress,
}

impl RouteObserver<'_> {
    fn emit(&self, line: String) {
        if self.to_stderr { eprintln!("{line}") } else { println!("{line}") }
    }
}

impl Observer<CityId, u64> for RouteObserver<'_> {
    fn expanded(&mut self, city: &CityId, stats: &Stats) {
        Observer::<CityId, u64>::expanded(&mut self.progress, city, stats);
        if let Log::Expansions = self.log {
            self.emit(format!("Expand: {}", self.map.name(*city)));
        }
    }
    fn iteration(&mut self, index: u64, bound: Option<u64>, _stats: &Stats) {
        if let Log::Iterations(label) = self.log {
            // Iterative deepening reports no bound: its iteration index is the depth limit.
            self.emit(format!("{label}: {}", bound.unwrap_or(index)));
        }
    }
}

/// Runs `delve route`.
pub fn run(args: RouteArgs) -> anyhow::Result<Status> {
    let map = open_map(&args.map)?;
    if args.list {
        list(&map, &args);
        return Ok(Status::Done);
    }
    let (Some(from_name), Some(to_name)) = (&args.from, &args.to) else {
        bail!("--from and --to are required unless --list is given");
    };
    let from = map.city(from_name).context("--from")?;
    let to = map.city(to_name).context("--to")?;
    let weight = match (args.algo, args.weight) {
        (Algo::Wastar, w) => {
            let w = w.unwrap_or(DEFAULT_WEIGHT);
            if !(w.is_finite() && w >= 1.0) {
                bail!("--weight must be a finite number of at least 1, got {w}");
            }
            Some(w)
        }
        (_, Some(_)) => bail!("--weight only applies to --algo wastar"),
        (_, None) => None,
    };

    let problem = map.problem(from, to);
    let limits = args.search.limits();
    let mut observer = RouteObserver {
        map: &map,
        log: if args.log { args.algo.log() } else { Log::Off },
        to_stderr: args.search.json,
        progress: Progress::new("route"),
    };
    let obs = &mut observer;
    let result = match args.algo {
        Algo::Bfs => bfs(&problem, &limits, obs),
        Algo::Dfs => dfs(&problem, &limits, obs),
        Algo::Iddfs => iddfs(&problem, &limits, obs),
        Algo::Ucs => ucs(&problem, &limits, obs),
        Algo::Ils => ils(&problem, &limits, obs),
        Algo::Greedy => greedy(&problem, &limits, obs),
        Algo::Astar => astar(&problem, &limits, obs),
        Algo::Wastar => weighted_astar(&problem, weight.unwrap_or(DEFAULT_WEIGHT), &limits, obs),
        Algo::Idastar => idastar(&problem, &limits, obs),
        Algo::Bibfs => bibfs(&problem, &limits, obs),
    };
    drop(observer);

    let report = Report { map: &map, spec: &args.map, algo: args.algo, weight, from, to, result: &result };
    if args.search.json {
        common::print_json(&report.json())
    } else {
        report.print()
    }
    Ok(if result.is_solved() { Status::Done } else { Status::NotSolved })
}

/// Opens `--map`, pointing at the built-in names when a bare name is not a file either.
fn open_map(spec: &str) -> anyhow::Result<RoadMap> {
    match RoadMap::open(spec) {
        Err(RouteError::Io { source, .. })
            if source.kind() == std::io::ErrorKind::NotFound && !spec.contains(['/', '\\', '.']) =>
        {
            bail!("no built-in map or file named `{spec}` (built-in maps: {})", BUILTIN_MAPS.join(", "))
        }
        other => Ok(other?),
    }
}

/// Everything the output shows.
struct Report<'a> {
    map: &'a RoadMap,
    spec: &'a str,
    algo: Algo,
    weight: Option<f64>,
    from: CityId,
    to: CityId,
    result: &'a SearchResult<CityId, CityId, u64>,
}

impl Report<'_> {
    fn names(&self, cities: &[CityId]) -> Vec<&str> {
        cities.iter().map(|&c| self.map.name(c)).collect()
    }

    fn json(&self) -> Value {
        let (outcome, reason) = match &self.result.outcome {
            Outcome::Solved(_) => ("solved", None),
            Outcome::NoSolution => ("no_solution", None),
            Outcome::Stopped { reason, .. } => ("stopped", Some(reason.to_string())),
        };
        let solution = self.result.solution();
        json!({
            "solved": solution.is_some(),
            "outcome": outcome,
            "reason": reason,
            "cost": solution.map(|s| s.cost),
            "path": solution.map(|s| self.names(&s.states)),
            "stats": common::stats_json(&self.result.stats),
            "algo": self.algo.name(),
            "weight": self.weight,
            "map": self.spec,
            "from": self.map.name(self.from),
            "to": self.map.name(self.to),
        })
    }

    fn print(&self) {
        let (from, to) = (self.map.name(self.from), self.map.name(self.to));
        match &self.result.outcome {
            Outcome::Solved(s) => {
                println!("path:  {}", self.names(&s.states).join(" → "));
                let roads = if s.len() == 1 { "road" } else { "roads" };
                println!("cost:  {} ({} {roads}, {})", s.cost, s.len(), self.algo.name());
            }
            Outcome::NoSolution => println!("no route from {from} to {to}"),
            Outcome::Stopped { reason, .. } => {
                println!("stopped ({reason}) before finding a route from {from} to {to}")
            }
        }
        println!("stats: {}", common::stats_line(&self.result.stats));
    }
}

/// `--list`: the map's cities with coordinates and roads.
fn list(map: &RoadMap, args: &RouteArgs) {
    if args.search.json {
        let cities: Vec<Value> = map
            .cities()
            .map(|c| {
                let p = map.position(c);
                json!({
                    "name": map.name(c),
                    "x": p.map(|p| p.x),
                    "y": p.map(|p| p.y),
                    "roads": map.neighbors(c).iter()
                        .map(|n| json!({"to": map.name(n.city), "cost": n.cost}))
                        .collect::<Vec<_>>(),
                })
            })
            .collect();
        common::print_json(&json!({"map": args.map, "cities": cities, "roads": map.roads().len()}));
        return;
    }
    println!("{}: {} cities, {} roads", args.map, map.len(), map.roads().len());
    for c in map.cities() {
        let at = map.position(c).map(|p| format!(" ({}, {})", p.x, p.y)).unwrap_or_default();
        let roads: Vec<String> = map.neighbors(c).iter().map(|n| format!("{} {}", map.name(n.city), n.cost)).collect();
        println!("{}{at}: {}", map.name(c), roads.join(", "));
    }
}
