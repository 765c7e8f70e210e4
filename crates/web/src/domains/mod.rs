//! The domains of the page. Each is one module: its API routes (`/api/<name>/<verb>`), its
//! page and its files; [`ALL`] lists them, so adding a domain is a module and a line here.

pub mod connect4;
pub mod lab;
pub mod pacman;
pub mod queens;
pub mod rgb;
pub mod route;
pub mod sliding;
pub mod sokoban;
pub mod tictactoe;

use crate::{ApiError, AppState};
use axum::Router;
use serde::Deserialize;

/// A file compiled into the binary, served at `/static/<name>`.
pub struct Asset {
    /// Its file name (unique across all domains).
    pub name: &'static str,
    /// Its bytes.
    pub bytes: &'static [u8],
}

/// One domain of the page.
pub struct Domain {
    /// The name in its URLs: `/<name>` (the page) and `/api/<name>/<verb>`.
    pub name: &'static str,
    /// The page's title.
    pub title: &'static str,
    /// One line for the index.
    pub about: &'static str,
    /// Which of `assets` is the page's HTML, served at `/<name>`; `None` for an API without
    /// a page of its own.
    pub page: Option<&'static str>,
    /// Its files.
    pub assets: &'static [Asset],
    /// Its API routes, relative to `/api/<name>`.
    pub routes: fn() -> Router<AppState>,
}

/// Every domain, in the index's order.
pub const ALL: &[Domain] = &[
    sliding::DOMAIN,
    queens::DOMAIN,
    rgb::DOMAIN,
    tictactoe::DOMAIN,
    sokoban::DOMAIN,
    connect4::DOMAIN,
    pacman::DOMAIN,
    route::DOMAIN,
    lab::DOMAIN,
];

/// A level (a layout, a map) the page asks for: a shipped one by name, or a level file's
/// text. Never a path: a name is only looked up among the levels compiled into the binary.
#[derive(Deserialize)]
pub struct LevelChoice {
    /// A shipped level's name (`layout` is accepted too: Pacman's CLI calls it so).
    #[serde(default, alias = "layout")]
    pub level: Option<String>,
    /// A level file's text.
    #[serde(default)]
    pub text: Option<String>,
}

impl LevelChoice {
    /// The level: `shipped(name)` finds a shipped one (`None`: 404 pointing at `list`, the
    /// route that lists them), `parse(text)` reads a text (its error is a 400 `text: …`).
    /// Both or neither given is a 400.
    pub fn open<L, E: std::fmt::Display>(
        &self,
        list: &str,
        shipped: impl FnOnce(&str) -> Option<Result<L, ApiError>>,
        parse: impl FnOnce(&str) -> Result<L, E>,
    ) -> Result<L, ApiError> {
        match (&self.level, &self.text) {
            (Some(name), None) => shipped(name).unwrap_or_else(|| {
                Err(ApiError::not_found(format!("level: no shipped level `{name}` (GET {list} lists them)")))
            }),
            (None, Some(text)) => parse(text).map_err(|e| ApiError::bad_request(format!("text: {e}"))),
            _ => Err(ApiError::bad_request("give either level (a shipped level's name) or text (a level file)")),
        }
    }
}
