//! The domains of the page. Each is one module: its API routes (`/api/<name>/<verb>`), its
//! page and its files; [`ALL`] lists them, so adding a domain is a module and a line here.

pub mod lab;
pub mod queens;
pub mod rgb;
pub mod route;
pub mod sliding;
pub mod tictactoe;

use crate::AppState;
use axum::Router;

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
pub const ALL: &[Domain] =
    &[sliding::DOMAIN, queens::DOMAIN, rgb::DOMAIN, tictactoe::DOMAIN, route::DOMAIN, lab::DOMAIN];
