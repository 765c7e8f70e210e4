//! Errors as JSON: every failure of the API answers `{"error":"…"}` with a fitting status.

use axum::Json;
use axum::extract::FromRequest;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// An API failure: its HTTP status and a one-line message for the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for a person.
    pub message: String,
}

impl ApiError {
    /// Bad input (400).
    pub fn bad_request(message: impl std::fmt::Display) -> Self {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.to_string() }
    }
    /// Nothing by that name (404).
    pub fn not_found(message: impl std::fmt::Display) -> Self {
        ApiError { status: StatusCode::NOT_FOUND, message: message.to_string() }
    }
    /// Too many jobs at once (503).
    pub fn busy(running: usize) -> Self {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!("busy: {running} searches are running; try again when one ends"),
        }
    }
    /// A failure of the server itself (500).
    pub fn internal(message: impl std::fmt::Display) -> Self {
        ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: message.to_string() }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message, self.status)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    /// Malformed JSON (400), wrong fields (422), a missing content type (415) and an
    /// oversized body (413) keep their status, with the message as JSON.
    fn from(rejection: JsonRejection) -> Self {
        let status = rejection.status();
        let message = match status {
            StatusCode::PAYLOAD_TOO_LARGE => "the request body is too large".to_string(),
            _ => rejection.body_text(),
        };
        ApiError { status, message }
    }
}

/// A JSON request body whose rejections are [`ApiError`]s (JSON, not plain text).
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);
