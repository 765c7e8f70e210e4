//! `delve route`: find a route between two cities of a road map (built-in Romania or a map
//! file) with any of the core search algorithms. Thin: resolve the map and the cities, call
//! one `delve-core` algorithm on a `delve_route::RouteProblem`, render the outcome.

use crate::common::{self, LimitArgs, OutputArgs, Progress, Status};
use anyhow::{Context, bail};
use clap::Args;
use delve_core::{Algorithm, Bound, Control, Event, Live, Observer, Outcome};
use delve_route::{BUILTIN_MAPS, CityId, RoadMap, RouteError, RouteReport};

/// Arguments of `delve route`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  delve route --from Arad --to Bucharest\n  delve route --from Arad --to Bucharest --algo ils --log\n  delve route --from arad --to bucharest --algo wastar --weight 1.5 --json\n  delve route --list"
)]
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
    /// The search algorithm: bfs, dfs, dls, iddfs, ucs, ils, bibfs, greedy, astar, wastar,
    /// idastar.
    #[arg(long, value_name = "ALGO", default_value = "astar", value_parser = common::parse_name::<Algorithm>)]
    algo: Algorithm,
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
    limits: LimitArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// What `--log` prints for `algorithm`.
fn log_of(algorithm: Algorithm) -> Log {
    match algorithm {
        Algorithm::Iddfs => Log::Iterations("Find Depth"),
        Algorithm::Ils => Log::Iterations("Find Cost"),
        Algorithm::Idastar => Log::Iterations("Find Bound"),
        _ => Log::Expansions,
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
    fn on_event(&mut self, event: &Event<'_, CityId, u64>, live: &Live) -> Control {
        self.progress.on_event(event, live);
        match (event, self.log) {
            (Event::Expand(node), Log::Expansions) => self.emit(format!("Expand: {}", self.map.name(*node.state))),
            (Event::Iteration { bound: Bound::Cost(b), .. }, Log::Iterations(label)) => {
                self.emit(format!("{label}: {b}"))
            }
            (Event::Iteration { bound: Bound::Depth(d), .. }, Log::Iterations(label)) => {
                self.emit(format!("{label}: {d}"))
            }
            _ => {}
        }
        Control::Continue
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
    let algorithm = match args.weight {
        Some(w) => args.algo.with_weight(w).map_err(|e| anyhow::anyhow!("--{e}"))?,
        None => args.algo,
    };

    let problem = map.problem(from, to);
    let limits = args.limits.limits();
    let mut observer = RouteObserver {
        map: &map,
        log: if args.log { log_of(algorithm) } else { Log::Off },
        to_stderr: args.output.json,
        progress: Progress::new("route"),
    };
    let result = algorithm.run_reversible(&problem, &limits, &mut observer);
    drop(observer);

    let report = problem.report(algorithm, &args.map, &result);
    if args.output.json {
        common::print_json(&report);
    } else {
        print(&report, &result.outcome);
    }
    Ok(Status::from_solved(report.solved))
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

/// The human-readable form of a report.
fn print(report: &RouteReport, outcome: &Outcome<CityId, CityId, u64>) {
    let d = &report.detail;
    match (outcome, &d.path, d.cost) {
        (Outcome::Solved(s), Some(path), Some(cost)) => {
            println!("path:  {}", path.join(" → "));
            let roads = common::plural(s.len() as u64, "road");
            println!("cost:  {cost} ({} {roads}, {})", s.len(), report.algorithm);
        }
        (Outcome::Stopped { reason, .. }, _, _) => {
            println!("stopped ({reason}) before finding a route from {} to {}", d.from, d.to)
        }
        _ => println!("no route from {} to {}", d.from, d.to),
    }
    println!("stats: {}", report.stats);
}

/// `--list`: the map's cities with coordinates and roads.
fn list(map: &RoadMap, args: &RouteArgs) {
    if args.output.json {
        common::print_json(&delve_route::listing(map, &args.map));
        return;
    }
    println!("{}: {} cities, {} roads", args.map, map.len(), map.roads().len());
    for c in map.cities() {
        let at = map.position(c).map(|p| format!(" ({}, {})", p.x, p.y)).unwrap_or_default();
        let roads: Vec<String> = map.neighbors(c).iter().map(|n| format!("{} {}", map.name(n.city), n.cost)).collect();
        println!("{}{at}: {}", map.name(c), roads.join(", "));
    }
}
