//! Route finding on a road map (`delve route`): `POST /api/route/search` and
//! `POST /api/route/list`, with the built-in maps by name or a map as text. The Search lab
//! draws Romania from the listing and steps through the searches' streamed events.

use super::Domain;
use crate::{ApiError, ApiJson, AppState, Knobs, Streamer, View, respond};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use axum::{Json, Router};
use delve_core::{Algorithm, Problem};
use delve_route::{BUILTIN_MAPS, CityId, MapListing, RoadMap, RouteProblem};
use serde::Deserialize;

/// Events with a city a stream may carry (the whole of Romania's searches, many times over).
const DETAIL: u64 = 20_000;

/// The route domain: API only (its page is the Search lab).
pub const DOMAIN: Domain = Domain {
    name: "route",
    title: "Route finding",
    about: "Cheapest routes on road maps (Romania built in); watched in the Search lab.",
    page: None,
    assets: &[],
    routes,
};

fn routes() -> Router<AppState> {
    Router::new().route("/search", post(search)).route("/list", post(list))
}

/// The map of a request: a built-in one by name (`map`, default `romania`) or `map_text`.
#[derive(Deserialize)]
struct MapChoice {
    #[serde(default = "romania")]
    map: String,
    #[serde(default)]
    map_text: Option<String>,
}

fn romania() -> String {
    "romania".to_string()
}

impl MapChoice {
    /// The map and the name its report gives it.
    fn open(&self) -> Result<(RoadMap, String), ApiError> {
        match &self.map_text {
            Some(text) => {
                Ok((RoadMap::parse_named(text, "map_text").map_err(ApiError::bad_request)?, "map_text".into()))
            }
            None => RoadMap::builtin(&self.map).map(|m| (m, self.map.clone())).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "map: no built-in map `{}` (built-in maps: {}; or send the map as map_text)",
                    self.map,
                    BUILTIN_MAPS.join(", ")
                ))
            }),
        }
    }
}

/// The body of `POST /api/route/search`: `delve route`'s options.
#[derive(Deserialize)]
struct SearchRequest {
    #[serde(flatten)]
    map: MapChoice,
    from: String,
    to: String,
    #[serde(default = "astar")]
    algo: String,
    #[serde(default)]
    weight: Option<f64>,
    #[serde(flatten)]
    knobs: Knobs,
}

fn astar() -> String {
    "astar".to_string()
}

/// Shows a city by its name; estimates with the problem's straight-line heuristic.
struct Cities<'p, 'm>(&'p RouteProblem<'m>);

impl View<CityId> for Cities<'_, '_> {
    fn show(&self, city: &CityId) -> serde_json::Value {
        self.0.map().name(*city).into()
    }
    fn estimate(&self, city: &CityId) -> Option<serde_json::Value> {
        Some(self.0.heuristic(city).into())
    }
}

async fn search(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<SearchRequest>,
) -> Result<Response, ApiError> {
    let (map, name) = req.map.open()?;
    let from = map.city(&req.from).map_err(|e| ApiError::bad_request(format!("from: {e}")))?;
    let to = map.city(&req.to).map_err(|e| ApiError::bad_request(format!("to: {e}")))?;
    let algorithm = req.algo.parse::<Algorithm>().map_err(ApiError::bad_request)?;
    let algorithm = match req.weight {
        Some(w) => algorithm.with_weight(w).map_err(ApiError::bad_request)?,
        None => algorithm,
    };
    respond(&state, &headers, req.knobs, DETAIL, move |limits, sink| {
        let problem = map.problem(from, to);
        let result = algorithm.run_reversible(&problem, limits, Streamer::new(sink, Cities(&problem)));
        Ok(problem.report(algorithm, &name, &result))
    })
    .await
}

async fn list(ApiJson(req): ApiJson<MapChoice>) -> Result<Json<MapListing>, ApiError> {
    let (map, name) = req.open()?;
    Ok(Json(delve_route::listing(&map, &name)))
}
