//! End-to-end tests of `delve route`: every algorithm on Romania through `--json`, the logs,
//! the limits, and bad input (exit 2 with a one-line error).

mod common;

use common::delve;
use delve_route::RoadMap;
use serde_json::Value;
use std::path::PathBuf;

/// Runs `delve route ARGS --json`, checks the exit code and returns the parsed object.
fn json(args: &[&str], code: i32) -> Value {
    common::json("route", args, code)
}

/// Arad → Bucharest on the built-in map with `algo` (plus extra args).
fn arad_bucharest(algo: &str, extra: &[&str]) -> Value {
    let mut args = vec!["--map", "romania", "--from", "Arad", "--to", "Bucharest", "--algo", algo];
    args.extend_from_slice(extra);
    json(&args, 0)
}

fn path(v: &Value) -> Vec<&str> {
    v["path"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect()
}

/// The path is a real drive on Romania and `cost` is its length.
fn assert_valid_route(v: &Value) {
    let map = RoadMap::romania();
    let cities: Vec<_> = path(v).iter().map(|n| map.city(n).unwrap()).collect();
    assert_eq!(map.path_cost(&cities), v["cost"].as_u64(), "{v}");
    assert_eq!(path(v).first(), Some(&"Arad"));
    assert_eq!(path(v).last(), Some(&"Bucharest"));
}

const OPTIMAL: [&str; 5] = ["Arad", "Sibiu", "Rimnicu Vilcea", "Pitesti", "Bucharest"];
const FEWEST_ROADS: [&str; 4] = ["Arad", "Sibiu", "Fagaras", "Bucharest"];

#[test]
fn optimal_algorithms_find_418_via_rimnicu_vilcea_and_pitesti() {
    for algo in ["ucs", "astar", "ils", "idastar"] {
        let v = arad_bucharest(algo, &[]);
        assert_eq!(v["solved"], true, "{algo}");
        assert_eq!(v["outcome"], "solved");
        assert_eq!(v["cost"], 418, "{algo}");
        assert_eq!(path(&v), OPTIMAL, "{algo}");
        assert_eq!(
            (v["algorithm"].as_str(), v["from"].as_str(), v["to"].as_str()),
            (Some(algo), Some("Arad"), Some("Bucharest"))
        );
        assert_valid_route(&v);
    }
}

#[test]
fn fewest_road_algorithms_find_450_via_fagaras() {
    for algo in ["bfs", "iddfs", "bibfs"] {
        let v = arad_bucharest(algo, &[]);
        assert_eq!((v["cost"].as_u64(), path(&v)), (Some(450), FEWEST_ROADS.to_vec()), "{algo}");
        assert_valid_route(&v);
    }
}

#[test]
fn greedy_and_weighted_astar_trade_cost_for_speed() {
    let greedy = arad_bucharest("greedy", &[]);
    assert_eq!((greedy["cost"].as_u64(), path(&greedy)), (Some(450), FEWEST_ROADS.to_vec()));
    let astar = arad_bucharest("astar", &[]);
    assert!(greedy["stats"]["expanded"].as_u64() < astar["stats"]["expanded"].as_u64());

    let wastar = arad_bucharest("wastar", &[]);
    assert_eq!(wastar["weight"], 2.0);
    assert_eq!(wastar["cost"], 450);
    assert_valid_route(&wastar);
    let w1 = arad_bucharest("wastar", &["--weight", "1"]);
    assert_eq!((w1["cost"].as_u64(), path(&w1)), (Some(418), OPTIMAL.to_vec()));
    let w15 = arad_bucharest("wastar", &["--weight", "1.5"]);
    assert!(w15["cost"].as_u64().unwrap() <= 627);
    assert_valid_route(&w15);
}

#[test]
fn depth_first_finds_some_valid_route() {
    let v = arad_bucharest("dfs", &[]);
    assert_eq!(v["solved"], true);
    assert!(v["cost"].as_u64().unwrap() >= 418);
    assert_valid_route(&v);
}

#[test]
fn json_stats_are_complete() {
    let v = arad_bucharest("ils", &[]);
    let stats = v["stats"].as_object().unwrap();
    for key in ["generated", "expanded", "max_frontier", "iterations", "elapsed_ms"] {
        assert!(stats.contains_key(key), "missing {key}");
    }
    // Cost limits 0, 75, 118, ..., 418.
    assert_eq!(stats["iterations"], 18);
    assert!(stats["expanded"].as_u64().unwrap() > 0);
    assert!(stats["elapsed_ms"].as_f64().unwrap() >= 0.0);
    assert_eq!(arad_bucharest("astar", &[])["stats"]["expanded"], 5);
}

#[test]
fn human_output_shows_path_cost_and_stats() {
    let out = delve().args(["route", "--from", "arad", "--to", "BUCHAREST"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<_> = text.lines().collect();
    assert_eq!(lines[0], "path:  Arad → Sibiu → Rimnicu Vilcea → Pitesti → Bucharest");
    assert_eq!(lines[1], "cost:  418 (4 roads, astar)");
    assert!(lines[2].starts_with("stats: expanded 5, generated "), "{text}");
}

#[test]
fn ils_log_prints_find_cost_per_iteration() {
    let out =
        delve().args(["route", "--from", "Arad", "--to", "Bucharest", "--algo", "ils", "--log"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let finds: Vec<_> = text.lines().filter(|l| l.starts_with("Find Cost: ")).collect();
    assert_eq!(finds.len(), 18);
    assert_eq!(&finds[..4], ["Find Cost: 0", "Find Cost: 75", "Find Cost: 118", "Find Cost: 140"]);
    assert_eq!(finds.last(), Some(&"Find Cost: 418"));
    assert!(text.starts_with("Find Cost: 0\n"));
}

#[test]
fn other_logs_print_bounds_or_expansions() {
    let run = |algo: &str| {
        let out =
            delve().args(["route", "--from", "Arad", "--to", "Bucharest", "--log", "--algo", algo]).assert().success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let iddfs = run("iddfs");
    assert!(iddfs.starts_with("Find Depth: 0\nFind Depth: 1\nFind Depth: 2\nFind Depth: 3\npath:"), "{iddfs}");
    let idastar = run("idastar");
    assert!(idastar.starts_with("Find Bound: 351\n"), "{idastar}");
    assert!(idastar.contains("Find Bound: 418\npath:"), "{idastar}");
    let astar = run("astar");
    // With AIMA's coordinates h(Fagaras) = 155, so A* looks at Fagaras (f = 394) before
    // Rimnicu Vilcea (f = 407); the goal test happens when Bucharest is selected.
    let expansions: Vec<_> = astar.lines().filter(|l| l.starts_with("Expand: ")).collect();
    assert_eq!(
        expansions,
        ["Expand: Arad", "Expand: Sibiu", "Expand: Fagaras", "Expand: Rimnicu Vilcea", "Expand: Pitesti"]
    );
}

#[test]
fn log_goes_to_stderr_with_json() {
    let out = delve()
        .args(["route", "--from", "Arad", "--to", "Bucharest", "--algo", "ils", "--log", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cost"], 418);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("Find Cost: 0\nFind Cost: 75\n"), "{stderr}");
}

#[test]
fn node_limit_stops_with_exit_1() {
    let v = json(&["--from", "Arad", "--to", "Bucharest", "--algo", "ucs", "--max-nodes", "3"], 1);
    assert_eq!((v["solved"].as_bool(), v["outcome"].as_str()), (Some(false), Some("stopped")));
    assert_eq!(v["stop_reason"], "node_limit");
    assert!(v["cost"].is_null() && v["path"].is_null());
    assert_eq!(v["stats"]["expanded"], 3);
    let human = delve().args(["route", "--from", "Arad", "--to", "Bucharest", "--max-nodes", "1"]).assert().code(1);
    let text = String::from_utf8(human.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with("stopped (node limit reached)"), "{text}");
    // A generous timeout changes nothing.
    assert_eq!(json(&["--from", "Arad", "--to", "Bucharest", "--timeout", "30"], 0)["cost"], 418);
}

/// A unique temporary file holding `text`.
struct TempMap(PathBuf);

impl TempMap {
    fn new(name: &str, text: &str) -> TempMap {
        let path = std::env::temp_dir().join(format!("delve-route-test-{}-{name}.map", std::process::id()));
        std::fs::write(&path, text).unwrap();
        TempMap(path)
    }
    fn arg(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempMap {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn map_files_with_quoted_names_and_unreachable_cities() {
    let map = TempMap::new(
        "custom",
        "# a small map\ncity \"Old Town\" 0 0\ncity Harbour 3 4\ncity Hill 3 0\ncity Island 9 9\n\n\
         road \"Old Town\" Hill 3   # the coast road\nroad Hill Harbour 4\nroad \"Old Town\" Harbour 8\n",
    );
    for algo in ["bfs", "dfs", "iddfs", "ucs", "ils", "greedy", "astar", "wastar", "idastar", "bibfs"] {
        let v = json(&["--map", map.arg(), "--from", "old_town", "--to", "harbour", "--algo", algo], 0);
        // Fewest roads and straight-line greed take the direct road (8); the others, and
        // depth-first (which tries the coast road first, as the file lists it), cost 7.
        let expected = if ["bfs", "iddfs", "bibfs", "greedy", "wastar"].contains(&algo) { 8 } else { 7 };
        assert_eq!(v["cost"], expected, "{algo}: {v}");
        assert_eq!(v["from"], "Old Town");
        assert_eq!(v["map"], map.arg());
    }
    for algo in ["bfs", "ucs", "astar", "ils", "idastar", "iddfs", "bibfs"] {
        let v = json(&["--map", map.arg(), "--from", "Hill", "--to", "Island", "--algo", algo], 1);
        assert_eq!((v["solved"].as_bool(), v["outcome"].as_str()), (Some(false), Some("no_solution")), "{algo}");
    }
    let out = delve().args(["route", "--map", map.arg(), "--from", "Hill", "--to", "Island"]).assert().code(1);
    assert_eq!(
        String::from_utf8(out.get_output().stdout.clone()).unwrap().lines().next(),
        Some("no route from Hill to Island")
    );
}

#[test]
fn list_shows_cities_and_roads() {
    let out = delve().args(["route", "--map", "romania", "--list"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 21);
    assert!(text.contains("\nArad (91, 492): Zerind 75, Sibiu 140, Timisoara 118\n"), "{text}");
    let v = json(&["--list"], 0);
    assert_eq!(v["cities"].as_array().unwrap().len(), 20);
    assert_eq!(v["roads"], 23);
}

/// Runs `delve route ARGS`, expects exit 2 and returns the one-line error.
fn bad(args: &[&str]) -> String {
    common::bad_input("route", args)
}

#[test]
fn unknown_city_is_named_with_a_suggestion() {
    let err = bad(&["--from", "Arda", "--to", "Bucharest"]);
    assert_eq!(err, "error: --from: unknown city `Arda` (did you mean `Arad`?)\n");
    let err = bad(&["--from", "Arad", "--to", "Paris", "--json"]);
    assert_eq!(err, "error: --to: unknown city `Paris`\n");
}

#[test]
fn malformed_map_file_gives_file_line_and_column() {
    let map = TempMap::new("bad-cost", "city A 0 0\ncity B 3 4\nroad A B -4\n");
    let err = bad(&["--map", map.arg(), "--from", "A", "--to", "B"]);
    assert_eq!(err, format!("error: {}:3:10: expected a non-negative road cost, found `-4`\n", map.arg()));
    let map = TempMap::new("bad-city", "city Arad\ncity Sibiu\n\nroad Arad Sibu 140\n");
    let err = bad(&["--map", map.arg(), "--from", "Arad", "--to", "Sibiu"]);
    assert_eq!(err, format!("error: {}:4:11: unknown city `Sibu` (did you mean `Sibiu`?)\n", map.arg()));
    let map = TempMap::new("dup", "city A\ncity B\ncity a\n");
    let err = bad(&["--map", map.arg(), "--list"]);
    assert!(err.starts_with(&format!("error: {}:3:6: duplicate city `a`", map.arg())), "{err}");
}

#[test]
fn missing_map_and_bad_flags_exit_2() {
    assert_eq!(
        bad(&["--map", "atlantis", "--from", "A", "--to", "B"]),
        "error: no built-in map or file named `atlantis` (built-in maps: romania)\n"
    );
    let err = bad(&["--map", "/nonexistent/x.map", "--from", "A", "--to", "B"]);
    assert!(err.starts_with("error: cannot read map file /nonexistent/x.map: "), "{err}");
    assert_eq!(err.lines().count(), 1);
    let err = bad(&["--from", "Arad", "--to", "Bucharest", "--algo", "dijkstra"]);
    assert!(err.contains("invalid value 'dijkstra' for '--algo <ALGO>'"), "{err}");
    assert_eq!(
        bad(&["--from", "Arad", "--to", "Bucharest", "--weight", "3"]),
        "error: --weight only applies to wastar, not to astar\n"
    );
    let err = bad(&["--from", "Arad", "--to", "Bucharest", "--algo", "wastar", "--weight", "0.5"]);
    assert_eq!(err, "error: --weight must be a finite number of at least 1, got 0.5\n");
    assert!(bad(&["--from", "Arad"]).contains("--to <CITY>"));
    assert!(bad(&["--from", "Arad", "--to", "Bucharest", "--max-nodes", "many"]).contains("invalid value 'many'"));
}
