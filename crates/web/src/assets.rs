//! The pages, compiled into the binary: `/` (the index), `/<domain>` (each domain's page)
//! and `/static/<file>` (the shared and per-domain scripts and styles).

use crate::AppState;
use crate::domains::{self, Asset};
use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// Files every page shares.
const SHARED: &[Asset] = &[
    Asset { name: "index.html", bytes: include_bytes!("../assets/index.html") },
    Asset { name: "style.css", bytes: include_bytes!("../assets/style.css") },
    Asset { name: "common.js", bytes: include_bytes!("../assets/common.js") },
    Asset { name: "index.js", bytes: include_bytes!("../assets/index.js") },
];

/// The content type of a file, by its extension.
fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

/// The file named `name`, shared or a domain's.
fn find(name: &str) -> Option<&'static Asset> {
    SHARED.iter().chain(domains::ALL.iter().flat_map(|d| d.assets.iter())).find(|a| a.name == name)
}

fn file(name: &str) -> Response {
    match find(name) {
        Some(a) => ([(header::CONTENT_TYPE, content_type(a.name)), (header::CACHE_CONTROL, "no-cache")], a.bytes)
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// The routes of the pages and their files.
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(|| async { file("index.html") }))
        .route("/static/{name}", get(|Path(name): Path<String>| async move { file(&name) }))
        .route(
            "/{page}",
            get(|Path(page): Path<String>| async move {
                match domains::ALL.iter().find(|d| d.name == page).and_then(|d| d.page) {
                    Some(html) => file(html),
                    None => (StatusCode::NOT_FOUND, "no such page").into_response(),
                }
            }),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_domain_page_and_file_exists_once() {
        let mut names: Vec<&str> =
            SHARED.iter().chain(domains::ALL.iter().flat_map(|d| d.assets.iter())).map(|a| a.name).collect();
        for d in domains::ALL {
            if let Some(page) = d.page {
                assert!(find(page).is_some(), "{}: no {page}", d.name);
            }
        }
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n, "two files share a name");
        assert_eq!(content_type("a.js"), "text/javascript; charset=utf-8");
    }
}
