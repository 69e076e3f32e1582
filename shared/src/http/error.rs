//! The one error shape every route answers with: an HTTP status and
//! `{"error":{"code":"snake_case","message":"..."}}`. The message is what the SPA shows.

use std::borrow::Cow;

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde_json::json;

pub type Result<T, E = ApiError> = std::result::Result<T, E>;

#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: Cow<'static, str>,
    pub message: Cow<'static, str>,
    /// Seconds, sent as `Retry-After` on 429 and 503.
    pub retry_after: Option<u32>,
}

impl ApiError {
    pub fn new(
        status: StatusCode,
        code: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self { status, code: code.into(), message: message.into(), retry_after: None }
    }

    pub fn bad_request(code: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn unauthorized(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    /// 402: the route needs a subscription (or a plan) the caller does not have.
    pub fn payment_required(code: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::PAYMENT_REQUIRED, code, message)
    }

    /// 403: the caller is known and may not do this.
    pub fn forbidden(code: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::FORBIDDEN, code, message)
    }

    pub fn not_found(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn conflict(code: impl Into<Cow<'static, str>>, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    pub fn payload_too_large(limit: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            format!("The request body is larger than the {} KB this endpoint accepts.", limit / 1024),
        )
    }

    /// The store is throttling or unreachable: the client may retry, nothing was written.
    pub fn unavailable() -> Self {
        Self {
            retry_after: Some(1),
            ..Self::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "service_unavailable",
                "The service is busy right now. Please try again in a moment.",
            )
        }
    }

    /// A failure the caller cannot act on: the cause chain goes to the log, the body stays opaque.
    pub fn internal(err: impl Into<anyhow::Error>) -> Self {
        let err = err.into();
        tracing::error!(error = format!("{err:#}"), "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", "Something went wrong on our side. Please try again.")
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.code, self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({ "error": { "code": self.code, "message": self.message } });
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(err: anyhow::Error) -> Self {
        Self::internal(err)
    }
}

/// A rule refused the input: 400 with the rule's code and message.
impl From<domain::Invalid> for ApiError {
    fn from(invalid: domain::Invalid) -> Self {
        Self::bad_request(invalid.code, invalid.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util_shim::body_json;

    mod http_body_util_shim {
        pub async fn body_json(response: axum::response::Response) -> serde_json::Value {
            let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
            serde_json::from_slice(&bytes).unwrap()
        }
    }

    #[tokio::test]
    async fn an_error_renders_the_documented_json_shape() {
        let response = ApiError::not_found("Form not found").into_response();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let body = body_json(response).await;
        assert_eq!(body, json!({"error": {"code": "not_found", "message": "Form not found"}}));
    }

    #[test]
    fn an_invalid_input_is_a_bad_request_with_its_code_and_message() {
        let error = ApiError::from(domain::Invalid::new("invalid_email", "Please enter a valid email address."));
        assert_eq!(error, ApiError::bad_request("invalid_email", "Please enter a valid email address."));
    }

    #[tokio::test]
    async fn unavailable_carries_retry_after() {
        let response = ApiError::unavailable().into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "1");
    }

    #[tokio::test]
    async fn internal_errors_never_leak_their_cause() {
        let response = ApiError::internal(anyhow::anyhow!("secret table name xyz")).into_response();
        let body = body_json(response).await;
        assert!(!body.to_string().contains("xyz"));
        assert_eq!(body["error"]["code"], "internal_error");
    }
}
