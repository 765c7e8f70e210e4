//! The API through the router itself (`tower::ServiceExt::oneshot`): every route, the same
//! reports as the library (and so the CLI's `--json`), the guards (413, 503, limits), errors
//! as JSON, and streams that end with the report — cancelled by `POST /api/cancel` or by
//! closing them.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use delve_core::{Algorithm, Limits, NoObserver};
use delve_web::{Config, app};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// A hard 15-puzzle, one of those 80 moves from the goal `GOAL` (the most any needs): IDA*
/// with Manhattan distance would search for days, so only a limit or a cancel ends it.
const HARD: &str = "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0";
/// The goal with the blank first.
const GOAL: &str = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

fn server() -> Router {
    app(Config::default())
}

/// A server that lets one job run for a minute with no node limit.
fn one_job() -> Router {
    app(Config { max_jobs: 1, max_time: Duration::from_secs(60), max_nodes: u64::MAX, ..Config::default() })
}

fn post(path: &str, body: &Value) -> Request<Body> {
    Request::post(path).header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string())).unwrap()
}

fn post_stream(path: &str, body: &Value) -> Request<Body> {
    Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::ACCEPT, "text/event-stream")
        .body(Body::from(body.to_string()))
        .unwrap()
}

async fn call(app: &Router, request: Request<Body>) -> (StatusCode, Value) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{status}: not JSON ({e}): {}", String::from_utf8_lossy(&bytes)));
    (status, value)
}

async fn ok(app: &Router, path: &str, body: Value) -> Value {
    let (status, value) = call(app, post(path, &body)).await;
    assert_eq!(status, StatusCode::OK, "{path} {body}: {value}");
    value
}

async fn get(app: &Router, path: &str) -> (StatusCode, String, String) {
    let response = app.clone().oneshot(Request::get(path).body(Body::empty()).unwrap()).await.unwrap();
    let status = response.status();
    let kind =
        response.headers().get(header::CONTENT_TYPE).map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, kind, String::from_utf8_lossy(&bytes).into_owned())
}

/// The report without its timings (the only fields two runs may differ in).
fn untimed(mut report: Value) -> Value {
    if let Some(stats) = report["stats"].as_object_mut() {
        stats.remove("elapsed_ms");
    }
    if let Some(o) = report.as_object_mut() {
        o.remove("elapsed_ms");
    }
    report
}

/// The events of a stream: (name, data) pairs.
fn events(text: &str) -> Vec<(String, Value)> {
    text.split("\n\n")
        .filter_map(|block| {
            let name = block.lines().find_map(|l| l.strip_prefix("event: "))?;
            let data = block.lines().find_map(|l| l.strip_prefix("data: "))?;
            Some((name.to_string(), serde_json::from_str(data).unwrap()))
        })
        .collect()
}

/// A started stream: its body, and the job id and token from its first event.
async fn start_stream(app: &Router, request: Request<Body>) -> (Body, String, String) {
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "text/event-stream");
    let mut body = response.into_body();
    let frame = body.frame().await.unwrap().unwrap().into_data().unwrap();
    let first = events(&String::from_utf8_lossy(&frame));
    assert_eq!(first[0].0, "job", "{first:?}");
    let field = |name: &str| first[0].1[name].as_str().unwrap().to_string();
    (body, field("job"), field("token"))
}

async fn rest(body: Body) -> Vec<(String, Value)> {
    let bytes = body.collect().await.unwrap().to_bytes();
    events(&String::from_utf8_lossy(&bytes))
}

#[tokio::test]
async fn health_and_the_list_of_domains() {
    let app = server();
    let (status, _, text) = get(&app, "/api/health").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap(),
        json!({"ok": true, "version": env!("CARGO_PKG_VERSION")})
    );
    let (_, _, text) = get(&app, "/api/domains").await;
    let list: Value = serde_json::from_str(&text).unwrap();
    let names: Vec<&str> = list["domains"].as_array().unwrap().iter().map(|d| d["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["sliding", "queens", "rgb", "tictactoe", "sokoban", "connect4", "pacman", "route", "lab"]);
}

#[tokio::test]
async fn every_page_and_file_is_served() {
    let app = server();
    for page in ["/", "/sliding", "/queens", "/rgb", "/tictactoe", "/sokoban", "/connect4", "/pacman", "/lab"] {
        let (status, kind, text) = get(&app, page).await;
        assert_eq!((status, kind.as_str()), (StatusCode::OK, "text/html; charset=utf-8"), "{page}");
        assert!(text.contains("<script type=\"module\""), "{page}");
    }
    for file in [
        "style.css",
        "common.js",
        "index.js",
        "sliding.js",
        "queens.js",
        "rgb.js",
        "tictactoe.js",
        "sokoban.js",
        "connect4.js",
        "pacman.js",
        "lab.js",
    ] {
        let (status, _, text) = get(&app, &format!("/static/{file}")).await;
        assert_eq!(status, StatusCode::OK, "{file}");
        assert!(text.len() > 100, "{file} is nearly empty");
    }
    assert_eq!(get(&app, "/static/nothing.js").await.0, StatusCode::NOT_FOUND);
    assert_eq!(get(&app, "/route").await.0, StatusCode::NOT_FOUND, "route has no page of its own");
}

#[tokio::test]
async fn route_reports_are_the_libraries() {
    let app = server();
    let web = ok(&app, "/api/route/search", json!({"from": "Arad", "to": "Bucharest", "algo": "ils"})).await;
    let map = delve_route::RoadMap::romania();
    let p = map.problem(map.city("Arad").unwrap(), map.city("Bucharest").unwrap());
    let lib = p.report(Algorithm::Ils, "romania", &Algorithm::Ils.run_reversible(&p, &Limits::none(), NoObserver));
    assert_eq!(untimed(web.clone()), untimed(serde_json::to_value(&lib).unwrap()));
    assert_eq!(web["cost"], 418);
    let web =
        ok(&app, "/api/route/search", json!({"from": "arad", "to": "bucharest", "algo": "wastar", "weight": 1.5}))
            .await;
    assert_eq!(web["weight"], 1.5);
    let listing = ok(&app, "/api/route/list", json!({})).await;
    assert_eq!((listing["cities"].as_array().unwrap().len(), listing["roads"].as_u64()), (20, Some(23)));
    let text = "city A 0 0\ncity B 3 4\nroad A B 5\n";
    let web = ok(&app, "/api/route/search", json!({"map_text": text, "from": "A", "to": "B"})).await;
    assert_eq!((web["cost"].as_u64(), web["map"].as_str()), (Some(5), Some("map_text")));
}

#[tokio::test]
async fn sliding_solve_and_enumerate() {
    let app = server();
    let web = ok(&app, "/api/sliding/solve", json!({"state": "8734B9265"})).await;
    assert_eq!((web["moves"].as_u64(), web["optimal"].as_bool()), (Some(18), Some(true)));
    assert_eq!(web["states"].as_array().unwrap().last().unwrap(), "789456B23");
    let web = ok(&app, "/api/sliding/solve", json!({"state": "1 2 3 4 5 6 8 7 0"})).await;
    assert!(web["unsolvable"].is_string() && web["solved"] == false, "{web}");
    let web = ok(&app, "/api/sliding/enumerate", json!({"board": "3x3"})).await;
    assert_eq!((web["states"].as_u64(), web["max_depth"].as_u64()), (Some(181_440), Some(31)));
    assert_eq!(web["per_depth"].as_array().unwrap().len(), 32);
    let (status, err) = call(&app, post("/api/sliding/enumerate", &json!({"board": "3x4"}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(err["error"].as_str().unwrap().contains("up to 10 cells"), "{err}");
}

/// The page's board reader: keypad and number notation, the keypad goal, and the labels the
/// page draws; keypad label k is tile k - 1, as the notation's module documents.
#[tokio::test]
async fn sliding_board_reads_keypad_and_numbers() {
    let app = server();
    let view = ok(&app, "/api/sliding/board", json!({"state": "7895B6423"})).await;
    assert_eq!(
        (view["rows"].as_u64(), view["cols"].as_u64(), view["notation"].as_str()),
        (Some(3), Some(3), Some("keypad"))
    );
    assert_eq!(view["tiles"], json!([6, 7, 8, 4, 0, 5, 3, 1, 2]));
    assert_eq!((view["state"].as_str(), view["goal"].as_str()), (Some("7895B6423"), Some("789456B23")));
    assert_eq!(view["goal_tiles"], json!([6, 7, 8, 3, 4, 5, 0, 1, 2]));
    assert_eq!(view["labels"], json!(["", "2", "3", "4", "5", "6", "7", "8", "9"]));
    let view = ok(&app, "/api/sliding/board", json!({"state": "1 2 3 4 5 0", "size": "2x3"})).await;
    assert_eq!((view["notation"].as_str(), view["goal"].as_str()), (Some("numbers"), Some("1 2 3 4 5 0")));
    assert_eq!(view["labels"], json!(["", "1", "2", "3", "4", "5"]));
    // A keypad goal for a state written in numbers.
    let view = ok(&app, "/api/sliding/board", json!({"state": "1 2 3 4 5 6 7 8 0", "goal": "789456B23"})).await;
    assert_eq!(view["goal_tiles"], json!([6, 7, 8, 3, 4, 5, 0, 1, 2]));
    for (body, needle) in [
        (json!({"state": "78945B623x"}), "78945B623x"),
        (json!({"state": "1 2 3 0", "size": "3x3"}), "1 2 3 0"),
        (json!({"state": "789456B23", "goal": "1 2 3"}), "goal:"),
    ] {
        let (status, err) = call(&app, post("/api/sliding/board", &body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {err}");
        assert!(err["error"].as_str().unwrap().contains(needle), "{body}: {err}");
    }
}

#[tokio::test]
async fn queens_rgb_tictactoe_and_the_grid() {
    let app = server();
    let web = ok(&app, "/api/queens/solve", json!({"n": 8, "algo": "mac"})).await;
    let lib = delve_queens::solve(8, "mac".parse().unwrap(), 0, &Limits::none(), NoObserver).unwrap().report();
    assert_eq!(untimed(web), untimed(serde_json::to_value(&lib).unwrap()));
    let web = ok(&app, "/api/queens/count", json!({"n": 8})).await;
    assert_eq!(web["solutions"], 92);

    let levels = get(&app, "/api/rgb/levels").await.2;
    assert!(levels.contains("\"P-7\"") && levels.contains("\"archiloque/G-1\""));
    let layout = ok(&app, "/api/rgb/level", json!({"level": "P-7"})).await;
    assert_eq!((layout["rows"].as_u64(), layout["cols"].as_u64()), (Some(8), Some(11)));
    assert_eq!(layout["trucks"].as_array().unwrap().len(), 4);
    let web = ok(&app, "/api/rgb/solve", json!({"level": "P-7"})).await;
    assert_eq!(web["cost"], 19);
    let show = ok(&app, "/api/rgb/show", json!({"level": "P-7"})).await;
    assert_eq!(untimed(show["report"].clone()), untimed(web));
    let frames = show["frames"].as_array().unwrap();
    assert_eq!(frames.last().unwrap()["time"], 19);
    assert!(frames.last().unwrap()["items"].as_array().unwrap().is_empty(), "every item delivered");
    let text = include_str!("../../domains/rgb/data/Custom.txt");
    let web = ok(&app, "/api/rgb/solve", json!({"text": text, "algo": "ils"})).await;
    assert_eq!(web["cost"], 6);
    // Special elements: F-1's bump (EXPECTED.md §6: cost 13, the red truck hands the yellow
    // item over on the bump) and E-1's button and two gates (§5: cost 11).
    let show = ok(&app, "/api/rgb/show", json!({"level": "archiloque/F-1"})).await;
    assert_eq!(show["report"]["cost"], 13);
    assert_eq!(show["layout"]["bumps"].as_array().unwrap().len(), 1);
    let dropped = |f: &Value| f["dropped"].as_array().unwrap().len();
    assert!(show["frames"].as_array().unwrap().iter().any(|f| dropped(f) == 1), "an item lies on the bump");
    let layout = ok(&app, "/api/rgb/level", json!({"level": "archiloque/E-1"})).await;
    assert_eq!((layout["buttons"].as_array().unwrap().len(), layout["gates"].as_array().unwrap().len()), (1, 2));
    let show = ok(&app, "/api/rgb/show", json!({"level": "archiloque/E-1"})).await;
    assert_eq!(show["report"]["cost"], 11);
    let closed: Vec<&Value> = show["frames"].as_array().unwrap().iter().map(|f| &f["closed"]).collect();
    assert!(closed.windows(2).any(|w| w[0] != w[1]), "the button flips the gates: {closed:?}");

    let web = ok(&app, "/api/tictactoe/move", json!({"board": "XX..O...."})).await;
    assert_eq!((web["best"].as_u64(), web["to_move"].as_str()), (Some(2), Some("O")));
    let web = ok(&app, "/api/tictactoe/count", json!({})).await;
    assert_eq!(web["games"], 255_168);

    let web = ok(&app, "/api/lab/grid", json!({"grid": "S.#\n~.G", "algo": "ucs"})).await;
    assert_eq!(web["cost"], 3);
    assert_eq!(web["path"], json!([[0, 0], [0, 1], [1, 1], [1, 2]]));
}

#[tokio::test]
async fn an_oversized_body_gets_413_as_json() {
    let app = app(Config { max_body: 1000, ..Config::default() });
    let body = json!({"state": "1 2 3 4 5 6 7 8 0", "goal": "x".repeat(2000)});
    let (status, err) = call(&app, post("/api/sliding/solve", &body)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(err["error"], "the request body is too large");
}

#[tokio::test]
async fn malformed_requests_get_json_errors() {
    let app = server();
    let raw = |body: &str| {
        Request::post("/api/route/search")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap()
    };
    let (status, err) = call(&app, raw("{\"from\": \"Arad\"")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    let (status, err) = call(&app, raw("{\"from\": \"Arad\"}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(err["error"].as_str().unwrap().contains("missing field `to`"), "{err}");
    let (status, _) = call(&app, Request::post("/api/route/search").body(Body::from("{}")).unwrap()).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (status, err) = call(&app, post("/api/route/search", &json!({"from": "Arda", "to": "Bucharest"}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(err["error"].as_str().unwrap().contains("did you mean `Arad`"), "{err}");
    for (path, body, needle) in [
        ("/api/route/search", json!({"from": "Arad", "to": "Sibiu", "algo": "fast"}), "fast"),
        ("/api/route/search", json!({"from": "Arad", "to": "Sibiu", "timeout": -1}), "timeout"),
        ("/api/sliding/solve", json!({"state": "12345"}), "12345"),
        ("/api/queens/solve", json!({"n": 0}), "n:"),
        ("/api/rgb/solve", json!({"level": "P-7", "algo": "greedy"}), "optimal"),
        ("/api/rgb/solve", json!({"level": "P-7", "text": "x"}), "either"),
        ("/api/rgb/solve", json!({"text": "name: x\n"}), "text:"),
        ("/api/tictactoe/move", json!({"board": "OO......."}), "X moves first"),
        ("/api/tictactoe/move", json!({"board": "XXXOOO..."}), "both X and O have a line"),
        ("/api/lab/grid", json!({"grid": "S.."}), "no goal"),
        ("/api/lab/grid", json!({"grid": "S.x\n..G"}), "line 1, column 3"),
        ("/api/lab/grid", json!({"grid": format!("S{}G", ".".repeat(39))}), "1 to 40 rows and columns, found 1×41"),
    ] {
        let (status, err) = call(&app, post(path, &body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {err}");
        assert!(err["error"].as_str().unwrap().contains(needle), "{path} {body}: {err}");
    }
    // Levels come by shipped name only: a path is just an unknown name, never opened.
    let (status, err) = call(&app, post("/api/rgb/solve", &json!({"level": "../../../../etc/passwd"}))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(err["error"].as_str().unwrap().contains("no shipped level"), "{err}");
    let (status, err) = call(&app, post("/api/nothing/here", &json!({}))).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(err["error"], "no API route /api/nothing/here");
    // The wrong method: 405 with a JSON body, as every other error has.
    for path in ["/api/cancel", "/api/tictactoe/move", "/api/health"] {
        let method = if path == "/api/health" { "DELETE" } else { "GET" };
        let request = Request::builder().method(method).uri(path).body(Body::empty()).unwrap();
        let (status, err) = call(&app, request).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}: {err}");
        assert!(err["error"].as_str().unwrap().starts_with("method not allowed here"), "{err}");
    }
    let (status, err) = call(&app, post("/api/cancel", &json!({"job": "999999", "token": "1"}))).await;
    assert_eq!((status, err), (StatusCode::NOT_FOUND, json!({"error": "no running job with this id and token"})));
}

#[tokio::test]
async fn limits_stop_searches_with_their_reason() {
    let app = server();
    let web =
        ok(&app, "/api/route/search", json!({"from": "Arad", "to": "Bucharest", "algo": "ucs", "max_nodes": 2})).await;
    assert_eq!((web["outcome"].as_str(), web["stop_reason"].as_str()), (Some("stopped"), Some("node_limit")));
    let t = Instant::now();
    let web =
        ok(&app, "/api/sliding/solve", json!({"state": HARD, "goal": GOAL, "heuristic": "manhattan", "timeout": 0.2}))
            .await;
    assert_eq!(web["stop_reason"], "timeout");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    // The server's own cap applies when the request asks for more.
    let app = delve_web::app(Config { max_time: Duration::from_millis(200), ..Config::default() });
    let web =
        ok(&app, "/api/sliding/solve", json!({"state": HARD, "goal": GOAL, "heuristic": "manhattan", "timeout": 1e9}))
            .await;
    assert_eq!(web["stop_reason"], "timeout");
}

#[tokio::test]
async fn a_stream_carries_the_observer_events_and_ends_with_the_report() {
    let app = server();
    let (body, _, _) = start_stream(
        &app,
        post_stream("/api/route/search", &json!({"from": "Arad", "to": "Bucharest", "algo": "ils"})),
    )
    .await;
    let events = rest(body).await;
    let names: Vec<&str> = events.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names[0], "start");
    assert_eq!(names[names.len() - 2..], ["finish", "report"]);
    // Iterative lengthening's cost limits, as `delve route --algo ils --log` prints them.
    let bounds: Vec<u64> =
        events.iter().filter(|(n, _)| n == "iteration").map(|(_, d)| d["bound"]["cost"].as_u64().unwrap()).collect();
    assert_eq!((bounds.first(), bounds.last(), bounds.len()), (Some(&0), Some(&418), 18));
    let expands = events.iter().filter(|(n, _)| n == "expand").count();
    assert_eq!(expands, 166);
    let report = &events.last().unwrap().1;
    assert_eq!((report["cost"].as_u64(), report["stats"]["expanded"].as_u64()), (Some(418), Some(166)));
    // A* streams h for every node, so the page shows f = g + h.
    let (body, _, _) = start_stream(&app, post_stream("/api/lab/grid", &json!({"grid": "S..\n.#.\n..G"}))).await;
    let events = rest(body).await;
    let first = events.iter().find(|(n, _)| n == "expand").unwrap();
    assert_eq!(first.1["state"], json!([0, 0]));
    assert_eq!((first.1["g"].as_u64(), first.1["h"].as_u64()), (Some(0), Some(4)));
    // The core computes a successor's h after its event; the stream fills it in for the page.
    let generated = events.iter().find(|(n, _)| n == "generate").unwrap();
    assert_eq!((generated.1["state"].clone(), generated.1["h"].as_u64()), (json!([0, 1]), Some(3)));
    // Uninformed searches carry no h at all.
    let (body, _, _) =
        start_stream(&app, post_stream("/api/lab/grid", &json!({"grid": "S..\n.#.\n..G", "algo": "ucs"}))).await;
    assert!(rest(body).await.iter().filter(|(n, _)| n == "generate" || n == "expand").all(|(_, d)| d["h"].is_null()));
    // An error after the stream started arrives as an event.
    let (body, _, _) = start_stream(&app, post_stream("/api/lab/grid", &json!({"grid": "S.G", "algo": "bibfs"}))).await;
    let events = rest(body).await;
    assert_eq!(events.last().unwrap().0, "error", "{events:?}");
}

#[tokio::test]
async fn a_cancelled_search_reports_cancelled() {
    let app = one_job();
    let request = post_stream("/api/sliding/solve", &json!({"state": HARD, "goal": GOAL, "heuristic": "manhattan"}));
    let (body, job, token) = start_stream(&app, request).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let t = Instant::now();
    let (status, answer) = call(&app, post("/api/cancel", &json!({"job": job, "token": token}))).await;
    assert_eq!((status, answer), (StatusCode::OK, json!({"ok": true, "job": job})));
    let events = rest(body).await;
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    let (name, report) = events.last().unwrap();
    assert_eq!(name, "report");
    assert_eq!((report["outcome"].as_str(), report["stop_reason"].as_str()), (Some("stopped"), Some("cancelled")));
    assert!(events.iter().any(|(n, _)| n == "iteration"), "IDA* bounds are streamed");
}

/// Whether `text` is 32 hex digits (128 bits), as the server's ids and tokens are.
fn is_secret(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The token a page was served with, from its `<meta name="delve-token">`.
async fn page_token(app: &Router, page: &str) -> String {
    let response = app.clone().oneshot(Request::get(page).body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store", "a page's token is kept by no cache");
    let html = String::from_utf8(response.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    let slot = r#"<meta name="delve-token" content=""#;
    let start = html.find(slot).expect("a token in the page") + slot.len();
    html[start..start + 32].to_string()
}

#[tokio::test]
async fn job_ids_are_random_and_only_the_token_they_started_with_cancels_them() {
    let app = app(Config { max_jobs: 2, max_time: Duration::from_secs(60), max_nodes: u64::MAX, ..Config::default() });
    // Each page load has a token of its own.
    let token = page_token(&app, "/sliding").await;
    let other = page_token(&app, "/sliding").await;
    assert!(is_secret(&token) && is_secret(&other) && token != other, "{token} {other}");
    // The page sends its token with its job; a script that sends none gets one made for it.
    let hard = json!({"state": HARD, "goal": GOAL, "heuristic": "manhattan"});
    let mut request = post_stream("/api/sliding/solve", &hard);
    request.headers_mut().insert("x-delve-token", token.parse().unwrap());
    let (mine, my_job, my_token) = start_stream(&app, request).await;
    assert_eq!(my_token, token);
    let (theirs, their_job, their_token) = start_stream(&app, post_stream("/api/sliding/solve", &hard)).await;
    assert!(is_secret(&their_token) && their_token != token, "{their_token}");
    // Ids are 128 random bits, not a counter: two in a row are far apart.
    assert!(is_secret(&my_job) && is_secret(&their_job), "{my_job} {their_job}");
    let (a, b) = (u128::from_str_radix(&my_job, 16).unwrap(), u128::from_str_radix(&their_job, 16).unwrap());
    assert!(a.abs_diff(b) > 1 << 64, "{my_job} and {their_job} look sequential");
    // Another client's token, a made-up one or an unknown id: the same 404, which tells
    // nothing of whether the job exists.
    let unknown = json!({"error": "no running job with this id and token"});
    for (job, token) in [(&my_job, &their_token), (&my_job, &other), (&my_job, &String::new()), (&other, &token)] {
        let (status, err) = call(&app, post("/api/cancel", &json!({"job": job, "token": token}))).await;
        assert_eq!((status, &err), (StatusCode::NOT_FOUND, &unknown), "{job} {token}");
    }
    // Each job is cancelled by its own token only, and both then report it.
    for (job, token, body) in [(&my_job, &token, mine), (&their_job, &their_token, theirs)] {
        let (status, answer) = call(&app, post("/api/cancel", &json!({"job": job, "token": token}))).await;
        assert_eq!((status, answer), (StatusCode::OK, json!({"ok": true, "job": job})));
        let events = rest(body).await;
        assert_eq!(events.last().unwrap().1["stop_reason"], "cancelled");
    }
    // A token that is not 32 hex digits is refused before any job starts.
    let mut request = post("/api/route/search", &json!({"from": "Arad", "to": "Bucharest"}));
    request.headers_mut().insert("x-delve-token", "guess".parse().unwrap());
    let (status, err) = call(&app, request).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
}

#[tokio::test]
async fn too_many_searches_get_503_and_closing_a_stream_frees_its_place() {
    let app = one_job();
    let request = post_stream("/api/sliding/solve", &json!({"state": HARD, "goal": GOAL, "heuristic": "manhattan"}));
    let (body, _, _) = start_stream(&app, request).await;
    let (status, err) = call(&app, post("/api/route/search", &json!({"from": "Arad", "to": "Bucharest"}))).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(err["error"].as_str().unwrap().starts_with("busy"), "{err}");
    // The page goes away: the search is cancelled and its place freed.
    drop(body);
    let t = Instant::now();
    loop {
        let (status, _) = call(&app, post("/api/route/search", &json!({"from": "Arad", "to": "Bucharest"}))).await;
        if status == StatusCode::OK {
            break;
        }
        assert!(t.elapsed() < Duration::from_secs(10), "the abandoned search still runs");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn sokoban_levels_and_the_cli_report() {
    let app = server();
    let (status, _, text) = get(&app, "/api/sokoban/levels").await;
    assert_eq!(status, StatusCode::OK);
    let list: Value = serde_json::from_str(&text).unwrap();
    let sizes: Vec<(String, usize)> = list["collections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap().to_string(), c["titles"].as_array().unwrap().len()))
        .collect();
    assert_eq!(sizes, [("microban".to_string(), 155), ("xsokoban90".to_string(), 90)]);
    let level = ok(&app, "/api/sokoban/level", json!({"level": "microban/2"})).await;
    assert_eq!(level["rows"], json!(["######", "#    #", "# #@ #", "# $* #", "# .* #", "#    #", "######"]));
    // The same object as `delve sokoban solve microban.xsb --level 1 --json`: the library's
    // report, on the same threads. Two threads may take different paths of the same cost and
    // count different nodes from run to run, so those are checked apart: the solution replays
    // with the report's pushes and moves, and nodes were counted.
    let web = ok(&app, "/api/sokoban/solve", json!({"level": "microban/1"})).await;
    let levels = delve_sokoban::parse_collection(include_str!("../../domains/sokoban/data/microban.xsb")).unwrap();
    let threads = delve_web::job_threads();
    let lib = delve_sokoban::solve_parallel(
        &levels[0],
        false,
        delve_sokoban::Mode::Optimal,
        threads,
        &Limits::none(),
        NoObserver,
    )
    .unwrap()
    .report(&levels[0]);
    let runs_apart = |mut report: Value| {
        for key in ["solution", "nodes_generated", "max_nodes", "stats"] {
            let value = report.as_object_mut().unwrap().remove(key);
            assert!(value.is_some(), "the report has {key}");
        }
        untimed(report)
    };
    assert_eq!(runs_apart(web.clone()), runs_apart(serde_json::to_value(&lib).unwrap()));
    assert_eq!(
        (web["pushes"].as_u64(), web["moves"].as_u64(), web["optimal"].as_bool()),
        (Some(8), Some(33), Some(true))
    );
    let replayed = delve_sokoban::replay(&levels[0], web["solution"].as_str().unwrap(), false).unwrap();
    assert_eq!((replayed.pushes, replayed.moves), (8, 33));
    assert!(web["nodes_generated"].as_u64().unwrap() > 0 && web["max_nodes"].as_u64().unwrap() > 0);
    // From a pasted position, fast mode; a stream ends with the report.
    let text = "#######\n#     #\n# $$@ #\n#  .. #\n#######\n";
    let web = ok(&app, "/api/sokoban/solve", json!({"text": text, "mode": "fast"})).await;
    assert_eq!((web["solved"].as_bool(), web["optimal"].as_bool()), (Some(true), Some(false)));
    let (body, _, _) = start_stream(&app, post_stream("/api/sokoban/solve", &json!({"level": "microban/3"}))).await;
    let events = rest(body).await;
    let (name, report) = events.last().unwrap();
    assert_eq!((name.as_str(), report["pushes"].as_u64()), ("report", Some(13)));
    // A limit stops a search with its reason, as the CLI reports it.
    let web = ok(&app, "/api/sokoban/solve", json!({"level": "xsokoban90/2", "max_nodes": 100})).await;
    assert_eq!((web["solved"].as_bool(), web["stop_reason"].as_str()), (Some(false), Some("node_limit")));
    for (body, status, needle) in [
        (json!({"level": "microban/156"}), StatusCode::NOT_FOUND, "no shipped level"),
        (json!({"level": "../data/microban.xsb"}), StatusCode::NOT_FOUND, "no shipped level"),
        (json!({"text": "#####\n# $.#\n#####\n"}), StatusCode::BAD_REQUEST, "text:"),
        (json!({"level": "microban/1", "mode": "quick"}), StatusCode::BAD_REQUEST, "unknown mode"),
    ] {
        let (got, err) = call(&app, post("/api/sokoban/solve", &body)).await;
        assert_eq!(got, status, "{body}: {err}");
        assert!(err["error"].as_str().unwrap().contains(needle), "{body}: {err}");
    }
}

#[tokio::test]
async fn sokoban_play_replays_the_moves_by_the_rules_of_playthrough() {
    let app = server();
    let play = |moves: &str| json!({"level": "microban/2", "moves": moves});
    // Microban 2: the player at (2, 3), a box at (3, 2) and two on goals below it.
    let start = ok(&app, "/api/sokoban/play", play("")).await;
    assert_eq!(start["rows"], json!(["######", "#    #", "# #@ #", "# $* #", "# .* #", "#    #", "######"]));
    assert_eq!((start["player"].clone(), start["goals"].clone()), (json!([2, 3]), json!([[3, 3], [4, 2], [4, 3]])));
    assert_eq!(start["boxes"][0], json!({"id": 0, "at": [3, 2], "label": "$", "home": false}));
    assert_eq!(
        (start["dead"].clone(), start["xsb"].as_str()),
        (Value::Null, Some("######\n#    #\n# #@ #\n# $* #\n# .* #\n#    #\n######\n"))
    );
    assert_eq!((start["misplaced"].as_u64(), start["solved"].as_bool()), (Some(1), Some(false)));
    // Walks, then a push written in lower case: the history says what each move did.
    let pushed = ok(&app, "/api/sokoban/play", play("rddl")).await;
    assert_eq!(pushed["history"], "rddL");
    assert_eq!((pushed["pushes"].as_u64(), pushed["moves"].as_u64()), (Some(1), Some(4)));
    assert_eq!((pushed["player"].clone(), pushed["rows"][4].clone()), (json!([4, 3]), json!("# *+ #")));
    assert_eq!(pushed["boxes"][2], json!({"id": 2, "at": [4, 2], "label": "$", "home": true}));
    assert_eq!(pushed["illegal"], Value::Null);
    // The replay stops at the first move that cannot be made, and says where and why.
    let blocked = ok(&app, "/api/sokoban/play", play("rrd")).await;
    assert_eq!((blocked["history"].clone(), blocked["player"].clone()), (json!("r"), json!([2, 4])));
    assert_eq!(
        blocked["illegal"],
        json!({"index": 1, "letter": "r", "reason": "blocked: a wall, or a box that cannot move that way"})
    );
    let bad = ok(&app, "/api/sokoban/play", play("rx")).await;
    assert_eq!(bad["illegal"], json!({"index": 1, "letter": "x", "reason": "not a move (use l, u, r or d)"}));
    // `delve sokoban play --help`'s solution.
    let solved = ok(&app, "/api/sokoban/play", play("rddLruulDuullddR")).await;
    assert_eq!((solved["solved"].as_bool(), solved["misplaced"].as_u64()), (Some(true), Some(0)));
    assert_eq!((solved["pushes"].as_u64(), solved["moves"].as_u64()), (Some(3), Some(16)));
    // Ordered: each box must reach its own goal (a pasted level).
    let text = "#######\n#@ $*.#\n#######\n";
    for (ordered, misplaced) in [(false, 1), (true, 2)] {
        let position = ok(&app, "/api/sokoban/play", json!({"text": text, "ordered": ordered})).await;
        assert_eq!((position["ordered"].as_bool(), position["misplaced"].as_u64()), (Some(ordered), Some(misplaced)));
    }
    // A push into a corner the goal cannot be reached from: the solver's dead-square test.
    let corner = json!({"text": "######\n#  . #\n# $  #\n#   @#\n######\n", "moves": "llUruL"});
    let dead = ok(&app, "/api/sokoban/play", corner).await;
    assert_eq!(dead["dead"], "the box at row 2, column 2 can never reach its goal from there");
    // Ordered boxes out of reading order cannot be written as a level to solve.
    let passed = "######\n# @  #\n# $ $#\n#    #\n# .. #\n######\n";
    for (ordered, written) in [(false, true), (true, false)] {
        let position = ok(&app, "/api/sokoban/play", json!({"text": passed, "moves": "d", "ordered": ordered})).await;
        assert_eq!(position["xsb"].is_string(), written, "{position}");
    }
}

#[tokio::test]
async fn sokoban_play_takes_levels_past_the_solvers_limits_and_refuses_bad_input() {
    let app = server();
    // 40 boxes in a room of 40 × 35 = 1,400 squares: more than the solvers' 1,279 squares,
    // which play does not need.
    let mut rows = vec!["#".repeat(42)];
    for r in 0..35 {
        let row: String = (0..40)
            .map(|c| match (r, c) {
                (0, 0) => '@',
                (2 | 12, c) if c % 2 == 0 => '$',
                (6 | 16, c) if c % 2 == 0 => '.',
                _ => ' ',
            })
            .collect();
        rows.push(format!("#{row}#"));
    }
    rows.push("#".repeat(42));
    let text = rows.join("\n") + "\n";
    let (status, err) = call(&app, post("/api/sokoban/solve", &json!({"text": text}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    let big = ok(&app, "/api/sokoban/play", json!({"text": text, "moves": "ddddd"})).await;
    assert_eq!((big["history"].clone(), big["player"].clone()), (json!("dDDDD"), json!([6, 1])));
    assert_eq!((big["boxes"].as_array().unwrap().len(), big["misplaced"].as_u64()), (40, Some(39)));
    assert_eq!((big["pushes"].as_u64(), big["moves"].as_u64()), (Some(4), Some(5)));
    let long = "rl".repeat(10_001);
    for (body, status, needle) in [
        (json!({"moves": "r"}), StatusCode::BAD_REQUEST, "give either level"),
        (json!({"level": "microban/1", "text": text}), StatusCode::BAD_REQUEST, "give either level"),
        (json!({"level": "microban/156"}), StatusCode::NOT_FOUND, "no shipped level"),
        (json!({"text": "#####\n# $.#\n#####\n"}), StatusCode::BAD_REQUEST, "text:"),
        (json!({"level": "microban/1", "moves": 3}), StatusCode::UNPROCESSABLE_ENTITY, "moves"),
        (json!({"level": "microban/1", "moves": long}), StatusCode::BAD_REQUEST, "at most 20000 moves, not 20002"),
    ] {
        let (got, err) = call(&app, post("/api/sokoban/play", &body)).await;
        assert_eq!(got, status, "{err}");
        assert!(err["error"].as_str().unwrap().contains(needle), "{err}");
    }
    // The most moves are replayed (a walk back and forth).
    let most = ok(&app, "/api/sokoban/play", json!({"level": "microban/1", "moves": "rl".repeat(10_000)})).await;
    assert_eq!(most["moves"].as_u64(), Some(20_000));
}

#[tokio::test]
async fn connect4_column_scores_and_the_cli_report() {
    let app = server();
    // Late enough for every column to settle: the scores `delve connect4 play` shows.
    let advice = ok(&app, "/api/connect4/move", json!({"position": "44455554221", "think": 5})).await;
    let mut solver = delve_connect4::Solver::new(delve_connect4::SolverConfig { table_bits: 16, ..Default::default() });
    let p = delve_connect4::Position::parse("44455554221").unwrap();
    let scores = serde_json::to_value(solver.column_scores(&p, &Limits::none())).unwrap();
    assert_eq!(advice["scores"], scores);
    assert_eq!(advice["to_move"], "O");
    let best = solver.solve(&p, false, &Limits::none()).unwrap().score;
    let column = advice["best_move"].as_u64().unwrap() as usize;
    assert_eq!(scores[column - 1].as_i64(), Some(i64::from(best)), "{advice}");
    // The empty board: no column settles in 50 ms, every one shows `?`, and the answer is quick.
    let t = Instant::now();
    let advice = ok(&app, "/api/connect4/move", json!({"position": "", "think": 0.05})).await;
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    assert_eq!(advice["scores"], json!(["?", "?", "?", "?", "?", "?", "?"]));
    assert_eq!(advice["best_move"], 4, "the centre first");
    // `solve` is `delve connect4 solve --json`.
    let web = ok(&app, "/api/connect4/solve", json!({"position": "4455"})).await;
    assert_eq!((web["position"].as_str(), web["score"].as_i64()), (Some("4455"), Some(18)));
    assert!([3, 6].contains(&web["best_move"].as_u64().unwrap()), "{web}");
    // A timeout is an answer, as in the other domains: the report says why it stopped.
    let web = ok(&app, "/api/connect4/solve", json!({"position": "", "timeout": 0.05})).await;
    assert_eq!(web["stop_reason"], "timeout", "{web}");
    assert!(web["score"].is_null() && web["best_move"].is_null() && web["nodes"].as_u64() > Some(0), "{web}");
    for (path, body, needle) in [
        ("/api/connect4/move", json!({"position": "48"}), "not a column"),
        ("/api/connect4/move", json!({"position": "1111111"}), "full"),
        ("/api/connect4/move", json!({"position": "4455667"}), "already over"),
        ("/api/connect4/move", json!({"position": "", "think": 0}), "think"),
        ("/api/connect4/solve", json!({"position": "x"}), "not a column"),
    ] {
        let (status, err) = call(&app, post(path, &body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {err}");
        assert!(err["error"].as_str().unwrap().contains(needle), "{body}: {err}");
    }
}

#[tokio::test]
async fn pacman_games_are_seeded_bounded_and_the_cli_report() {
    let app = server();
    let (_, _, text) = get(&app, "/api/pacman/layouts").await;
    assert!(text.contains("\"smallClassic\"") && text.contains("\"testClassic\""), "{text}");
    let maze = ok(&app, "/api/pacman/layout", json!({"layout": "testClassic"})).await;
    assert_eq!((maze["width"].as_u64(), maze["height"].as_u64()), (Some(5), Some(10)));
    let request = json!({"layout": "testClassic", "agent": "reflex", "seed": 1});
    let game = ok(&app, "/api/pacman/play", request.clone()).await;
    // The library's doc example: the reflex agent wins testClassic with more than 500.
    assert_eq!(game["result"], "won");
    let report = &game["report"];
    assert_eq!((report["games"].as_u64(), report["wins"].as_u64()), (Some(1), Some(1)));
    assert_eq!((report["layout"].as_str(), report["agent"].as_str()), (Some("testClassic"), Some("reflex")));
    let frames = game["frames"].as_array().unwrap();
    assert_eq!(frames.len(), report["pacman_moves"].as_u64().unwrap() as usize + 1);
    assert_eq!(frames.last().unwrap()["score"], report["scores"][0]);
    assert!(report["scores"][0].as_i64().unwrap() > 500);
    // Same seed, same game.
    let again = ok(&app, "/api/pacman/play", request).await;
    assert_eq!(again["frames"], game["frames"]);
    // A search agent within a tiny time limit: cut short, saying why, frames up to there.
    let game = ok(
        &app,
        "/api/pacman/play",
        json!({"layout": "originalClassic", "agent": "expectimax", "depth": 4, "timeout": 0.3}),
    )
    .await;
    assert_eq!((game["result"].as_str(), game["stop_reason"].as_str()), (Some("stopped"), Some("timeout")));
    let frames = game["frames"].as_array().unwrap();
    assert_eq!(frames.len(), game["report"]["pacman_moves"].as_u64().unwrap() as usize + 1);
    assert_eq!(frames.last().unwrap()["score"], game["report"]["scores"][0]);
    for (body, status, needle) in [
        (json!({"layout": "bigClassic", "agent": "reflex"}), StatusCode::NOT_FOUND, "no shipped level"),
        (json!({"layout": "testClassic", "agent": "random"}), StatusCode::BAD_REQUEST, "agent"),
        (json!({"layout": "testClassic", "agent": "minimax", "depth": 9}), StatusCode::BAD_REQUEST, "depth"),
        (json!({"layout": "testClassic", "agent": "minimax", "ghosts": "smart"}), StatusCode::BAD_REQUEST, "ghosts"),
        (
            json!({"layout": "testClassic", "agent": "expectimax", "ghost_model": "random"}),
            StatusCode::BAD_REQUEST,
            "ghost_model: unknown `random` (expected uniform or directional)",
        ),
        (json!({"text": "%%%\n%P \n", "agent": "reflex"}), StatusCode::BAD_REQUEST, "text:"),
        (json!({"layout": "testClassic"}), StatusCode::UNPROCESSABLE_ENTITY, "agent"),
    ] {
        let (got, err) = call(&app, post("/api/pacman/play", &body)).await;
        assert_eq!(got, status, "{body}: {err}");
        assert!(err["error"].as_str().unwrap().contains(needle), "{body}: {err}");
    }
}

#[tokio::test]
async fn a_cancelled_sokoban_solve_reports_cancelled_and_streams_progress() {
    let app = one_job();
    // XSokoban 2 takes the optimal search far longer than this test waits.
    let (body, job, token) =
        start_stream(&app, post_stream("/api/sokoban/solve", &json!({"level": "xsokoban90/2"}))).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    let t = Instant::now();
    let (status, _) = call(&app, post("/api/cancel", &json!({"job": job, "token": token}))).await;
    assert_eq!(status, StatusCode::OK);
    let events = rest(body).await;
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    let (name, report) = events.last().unwrap();
    assert_eq!((name.as_str(), report["solved"].as_bool()), ("report", Some(false)));
    assert_eq!(report["stop_reason"], "cancelled");
    assert!(events.iter().any(|(n, d)| n == "stats" && d["generated"].as_u64() > Some(0)), "progress is streamed");
}

#[tokio::test]
async fn only_loopback_host_names_are_served() {
    let with_host = |host: &str| Request::get("/api/health").header(header::HOST, host).body(Body::empty()).unwrap();
    let app = app(Config::default());
    for host in ["localhost:8471", "127.0.0.1:8471", "[::1]:8471", "LOCALHOST", "127.0.0.1"] {
        let (status, v) = call(&app, with_host(host)).await;
        assert_eq!((status, v["ok"].as_bool()), (StatusCode::OK, Some(true)), "{host}: {v}");
    }
    // A page elsewhere whose name points at 127.0.0.1 (DNS rebinding) is refused, with JSON.
    for host in ["evil.example:8471", "evil.example", "127.0.0.1.evil.example", "[::2]:8471", "localhost.:1"] {
        let (status, v) = call(&app, with_host(host)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}: {v}");
        assert!(v["error"].as_str().unwrap().contains("is not served"), "{host}: {v}");
    }
    let (status, _) = call(&app, post("/api/tictactoe/move", &json!({"board": "........."}))).await;
    assert_eq!(status, StatusCode::OK, "no Host header (not a browser): served");
    let mut request = post("/api/tictactoe/move", &json!({"board": "........."}));
    request.headers_mut().insert(header::HOST, "evil.example".parse().unwrap());
    assert_eq!(call(&app, request).await.0, StatusCode::FORBIDDEN);
    // --allow-host adds a name.
    let app = delve_web::app(Config { allow_hosts: vec!["MyBox".into()], ..Config::default() });
    assert_eq!(call(&app, with_host("mybox:8471")).await.0, StatusCode::OK);
    assert_eq!(call(&app, with_host("otherbox:8471")).await.0, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn heavy_steps_that_are_not_searches_run_within_the_job_cap() {
    // One job at a time, held by a long search: reading a level, replaying Sokoban moves and
    // counting the tic-tac-toe tree wait their turn like any job (503), instead of running on
    // the async threads.
    let app = app(Config { max_jobs: 1, ..Config::default() });
    let long = tokio::spawn({
        let app = app.clone();
        async move { call(&app, post("/api/connect4/solve", &json!({"position": "", "timeout": 1.5}))).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    for (path, body) in [
        ("/api/tictactoe/count", json!({})),
        ("/api/sokoban/level", json!({"level": "microban/2"})),
        ("/api/sokoban/play", json!({"level": "microban/2", "moves": "r"})),
    ] {
        let (status, err) = call(&app, post(path, &body)).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{path}: {err}");
    }
    long.await.unwrap();
    ok(&app, "/api/tictactoe/count", json!({})).await;
    ok(&app, "/api/sokoban/level", json!({"level": "microban/2"})).await;
}

/// The frontier as the Search lab rebuilds it from a stream's events up to (not including)
/// event `until`: an `iteration` empties it, a `generate` adds a node not explored in this
/// iteration (or lowers its g), an `expand` moves a node to the explored set. In order of
/// generation, as the page lists nodes of equal f.
fn frontier_before(events: &[(String, Value)], until: usize) -> Vec<Value> {
    let mut frontier: Vec<Value> = Vec::new();
    let mut explored: Vec<Value> = Vec::new();
    for (name, d) in &events[..until] {
        match name.as_str() {
            "iteration" => {
                frontier.clear();
                explored.clear();
            }
            "expand" => {
                frontier.retain(|n| n["state"] != d["state"]);
                explored.push(d["state"].clone());
            }
            "generate" if !explored.contains(&d["state"]) => {
                match frontier.iter_mut().find(|n| n["state"] == d["state"]) {
                    Some(old) if d["g"].as_u64() < old["g"].as_u64() => *old = d.clone(),
                    Some(_) => {}
                    None => frontier.push(d.clone()),
                }
            }
            _ => {}
        }
    }
    frontier
}

/// The original report's worked example (section 7): iterative lengthening on its Custom
/// level, as the Search lab steps through it from `/api/rgb/solve`'s stream. Red truck 0
/// starts at (4, 0), green truck 1 at (4, 6); the red warehouse is served from (3, 3), the
/// green one from (1, 5).
#[tokio::test]
async fn rgb_streams_iterative_lengthening_as_the_originals_worked_example() {
    let app = server();
    let request = post_stream("/api/rgb/solve", &json!({"level": "Custom", "algo": "ils"}));
    let (body, _, _) = start_stream(&app, request).await;
    let events = rest(body).await;
    let iterations: Vec<usize> = (0..events.len()).filter(|&k| events[k].0 == "iteration").collect();
    let limits: Vec<&Value> = iterations.iter().map(|&k| &events[k].1["bound"]["cost"]).collect();
    // "Find Cost: 0, 1, 3, 4, 5, 6".
    assert_eq!(limits, [0, 1, 3, 4, 5, 6], "{:?}", &events[..5]);
    let trucks = |node: &Value| -> Vec<(u64, u64, u64)> {
        node["state"]["trucks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["at"][0].as_u64().unwrap(), t["at"][1].as_u64().unwrap(), t["left"].as_u64().unwrap()))
            .collect()
    };
    let g = |node: &Value| node["g"].as_u64().unwrap();
    // (1) Limit 0: the one action from the start (red right, green left) costs 1 and is cut off.
    let cut = frontier_before(&events, iterations[1]);
    assert_eq!(cut.iter().map(|n| (g(n), trucks(n))).collect::<Vec<_>>(), [(1, vec![(4, 1, 0), (4, 5, 0)])]);
    // (2) Limit 1: each truck has two roads, four actions, all cut off at cost 3; in the
    // fourth the two trucks crash at (4, 3).
    let cut = frontier_before(&events, iterations[2]);
    assert_eq!(
        cut.iter().map(|n| (g(n), trucks(n))).collect::<Vec<_>>(),
        [
            (3, vec![(2, 1, 0), (2, 5, 0)]),
            (3, vec![(2, 1, 0), (4, 3, 0)]),
            (3, vec![(4, 3, 0), (2, 5, 0)]),
            (3, vec![(4, 3, 0), (4, 3, 0)]),
        ]
    );
    let crashed: Vec<bool> = cut.iter().map(|n| n["state"]["crashed"].as_bool().unwrap()).collect();
    assert_eq!(crashed, [false, false, false, true]);
    // (3) Limit 3: the cheapest cut-off is 4 (a move of 1 onto an item or warehouse; 2
    // otherwise). (4) Four of the states at cost 4 have a truck on a warehouse it cannot
    // serve (the cargo test), and in all the others the red truck has 1 cell left to drive.
    let cut = frontier_before(&events, iterations[3]);
    assert_eq!(cut.iter().map(g).min(), Some(4));
    assert!(cut.iter().all(|n| g(n) == 4 || g(n) == 5), "{cut:?}");
    let at_4: Vec<&Value> = cut.iter().filter(|n| g(n) == 4).collect();
    let cargo_test = |n: &Value| {
        let t = &n["state"]["trucks"];
        let on = |i: usize, cell: (u64, u64)| {
            (t[i]["at"][0].as_u64(), t[i]["at"][1].as_u64(), t[i]["left"].as_u64())
                == (Some(cell.0), Some(cell.1), Some(0))
        };
        // Green on the red warehouse, red on it empty, red on the green one, green on it empty.
        on(1, (3, 3)) || (on(0, (3, 3)) && t[0]["load"] == 0) || on(0, (1, 5)) || (on(1, (1, 5)) && t[1]["load"] == 0)
    };
    let (failing, others): (Vec<&Value>, Vec<&Value>) = at_4.iter().partition(|n| cargo_test(n));
    assert_eq!(failing.len(), 4, "{at_4:?}");
    assert!(!others.is_empty() && others.iter().all(|n| n["state"]["trucks"][0]["left"] == 1), "{others:?}");
    // (6) The report: cost 6 and the plan of the report's printed run.
    let (name, report) = events.last().unwrap();
    assert_eq!((name.as_str(), report["cost"].as_u64()), ("report", Some(6)));
    let steps: Vec<String> = report["plan"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let moves: Vec<String> = s["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| format!("({},{},{})", m["truck"], m["action"].as_str().unwrap(), m["length"]))
                .collect();
            moves.join(",")
        })
        .collect();
    assert_eq!(steps, ["(0,R,1),(1,L,1)", "(0,U,2),(1,U,2)", "(0,R,2),(1,U,1)", "(1,S,0)", "(0,D,1)", "(0,S,0)"]);
}

#[tokio::test]
async fn rgb_levels_may_come_as_the_originals_dict() {
    let app = server();
    let text = include_str!("../../domains/rgb/data/dict/A-9.py");
    let layout = ok(&app, "/api/rgb/level", json!({"text": text})).await;
    assert_eq!(
        (layout["name"].as_str(), layout["rows"].as_u64(), layout["cols"].as_u64()),
        (Some("A-9"), Some(9), Some(7))
    );
    let web = ok(&app, "/api/rgb/solve", json!({"text": text})).await;
    assert_eq!(web["cost"], 20);
    let (status, err) = call(&app, post("/api/rgb/solve", &json!({"text": text.replace("(8, 6)", "(8, 7)")}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        err["error"],
        "text: line 14, column 40: in `Trucks[1]`: (8, 7) is outside the roads (9 rows, 7 columns)"
    );
}
