//! The pages, compiled into the binary: `/` (the index), `/<domain>` (each domain's page)
//! and `/static/<file>` (the shared and per-domain scripts and styles).

use crate::AppState;
use crate::domains::{self, Asset};
use crate::job::secret;
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

/// Where a page's token goes: every page's `<meta name="delve-token">`.
const TOKEN_SLOT: &str = "{{token}}";

/// The file `name`; a page (HTML) with a new token in its slot, kept by no cache, so each
/// page load has a token of its own for its jobs.
fn file(name: &str) -> Response {
    let Some(a) = find(name) else { return (StatusCode::NOT_FOUND, "not found").into_response() };
    let kind = content_type(a.name);
    if !a.name.ends_with(".html") {
        return ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], a.bytes).into_response();
    }
    let page = String::from_utf8_lossy(a.bytes).replacen(TOKEN_SLOT, &secret(), 1);
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-store")], page).into_response()
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
        for name in names.iter().filter(|n| n.ends_with(".html")) {
            let text = std::str::from_utf8(find(name).unwrap().bytes).unwrap();
            let slot = format!("<meta name=\"delve-token\" content=\"{TOKEN_SLOT}\">");
            assert_eq!(text.matches(&slot).count(), 1, "{name}: one token slot in its head");
        }
        assert_eq!(content_type("a.js"), "text/javascript; charset=utf-8");
    }
}
