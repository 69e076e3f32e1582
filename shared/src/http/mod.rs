//! The HTTP layer shared by every function: routing, request extractors, the error shape
//! ([`error`]), what the layers below answer as that shape ([`answers`]), the signed-in
//! caller as an extractor (`auth_user`) and the support-session audit ([`audit`]). Below it nothing imports axum
//! (`services`, `repo` and the `domain` crate; checked by `architecture`).

use axum::{
    Router,
    extract::{FromRequest, Request},
    http::{Method, header},
};
use serde::de::DeserializeOwned;

use crate::{auth::AuthUser, error::ApiError};

pub mod activity;
pub mod answers;
pub mod audit;
mod auth_user;
pub mod member;
pub mod error;

/// Who a vault record names for a signed-in caller: the founder, or the administrator acting
/// for them in a support session.
impl From<&AuthUser> for domain::vault::Actor {
    fn from(user: &AuthUser) -> Self {
        match &user.impersonation {
            Some(acting) => Self::admin(&acting.admin_id),
            None => Self::founder(&user.id),
        }
    }
}

/// Nests a function's router under `/api/<name>`. The Lambda's `main.rs` and the local
/// gateway both call this, so a route has the same path in AWS and locally.
pub fn mount<S>(name: &str, router: Router<S>) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
{
    Router::new().nest(&format!("/api/{name}"), router.fallback(api_not_found))
}

/// Serves a function's router as a Lambda behind API Gateway, until the runtime stops: every
/// function's `main.rs` serves the same way, through here. (It does not make the binaries
/// quicker to build: debug builds already share the runtime's instantiations from upstream
/// crates; measured 2.5 s of CPU for a function's binary either way.)
pub async fn serve(app: Router) -> Result<(), lambda_http::Error> {
    lambda_http::run(app).await
}

/// [`serve`] behind a function URL that streams the response (the leads export).
pub async fn serve_streaming(app: Router) -> Result<(), lambda_http::Error> {
    lambda_http::run_with_streaming_response(app).await
}

/// JSON 404 for a path under `/api` that no route matches.
pub async fn api_not_found(method: Method, uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!("No API route for {method} {}", uri.path()))
}

/// Default body limit: comfortably above any legitimate JSON body of the owner API.
pub const DEFAULT_BODY_LIMIT: usize = 64 * 1024;

/// A JSON body read up to `LIMIT` bytes. Oversized bodies get 413 before anything is
/// parsed; a wrong content type 415; malformed JSON or a wrong shape 400 with serde's
/// description of what is wrong.
#[derive(Debug, Clone, Copy, Default)]
pub struct JsonBody<T, const LIMIT: usize = DEFAULT_BODY_LIMIT>(pub T);

impl<T, S, const LIMIT: usize> FromRequest<S> for JsonBody<T, LIMIT>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, Self::Rejection> {
        let is_json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.split(';').next())
            .is_some_and(|mime| {
                let mime = mime.trim();
                mime.eq_ignore_ascii_case("application/json") || mime.ends_with("+json")
            });
        if !is_json {
            return Err(ApiError::new(
                axum::http::StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                "Send the request body as JSON with Content-Type: application/json.",
            ));
        }
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<usize>().ok());
        if declared.is_some_and(|length| length > LIMIT) {
            return Err(ApiError::payload_too_large(LIMIT));
        }
        let bytes = axum::body::to_bytes(req.into_body(), LIMIT)
            .await
            .map_err(|_| ApiError::payload_too_large(LIMIT))?;
        parse_json(&bytes).map(JsonBody)
    }
}

/// Query parameters parsed into `T`; a wrong or unknown parameter is a 400 in the JSON error
/// shape (axum's own `Query` rejection is plain text).
#[derive(Debug, Clone, Copy, Default)]
pub struct QueryParams<T>(pub T);

impl<T, S> axum::extract::FromRequestParts<S> for QueryParams<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        serde_urlencoded::from_str(query)
            .map(QueryParams)
            .map_err(|err| ApiError::bad_request("invalid_query", format!("Invalid query string: {err}.")))
    }
}

/// Parses a JSON body into `T`, turning serde's error into a 400 the user can read.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|err| {
        let message = match err.classify() {
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof => {
                "The request body is not valid JSON.".to_owned()
            }
            _ => format!("Invalid request body: {}.", strip_position(&err.to_string())),
        };
        ApiError::bad_request("invalid_body", message)
    })
}

fn strip_position(message: &str) -> &str {
    message.split(" at line ").next().unwrap_or(message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::{Json, body::Body, http::StatusCode, routing::post};
    use serde::Deserialize;
    use tower::ServiceExt;

    #[derive(Deserialize, serde::Serialize)]
    struct Named {
        name: String,
    }

    fn app() -> Router {
        mount(
            "echo",
            Router::new().route("/", post(|JsonBody(body): JsonBody<Named, 32>| async move { Json(body) })),
        )
    }

    async fn call(content_type: &str, body: &'static str) -> (StatusCode, serde_json::Value) {
        let request = Request::post("/api/echo")
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .unwrap();
        let response = app().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap_or_default())
    }

    #[tokio::test]
    async fn a_valid_body_is_parsed() {
        let (status, body) = call("application/json", r#"{"name":"Ada"}"#).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["name"], "Ada");
    }

    #[tokio::test]
    async fn a_body_over_the_limit_is_refused_with_413() {
        let (status, body) = call("application/json", r#"{"name":"a name that is far too long to fit"}"#).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(body["error"]["code"], "payload_too_large");
    }

    #[tokio::test]
    async fn malformed_json_is_a_400_with_a_readable_message() {
        let (status, body) = call("application/json", r#"{"name":"#).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["error"]["message"], "The request body is not valid JSON.");
    }

    #[tokio::test]
    async fn a_missing_field_is_named() {
        let (status, body) = call("application/json", r#"{}"#).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["error"]["message"], "Invalid request body: missing field `name`.");
    }

    #[tokio::test]
    async fn a_non_json_content_type_is_415() {
        let (status, _) = call("text/plain", r#"{"name":"Ada"}"#).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    }

    #[tokio::test]
    async fn an_unknown_api_route_is_a_json_404() {
        let response = app().oneshot(Request::get("/api/echo/nope").body(Body::empty()).unwrap()).await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
    }
}

/// The address of the client as the edge saw it: behind our CloudFront distribution the
/// `X-Viewer-Address` its function stamps (trusted only when the request carries the
/// distribution's origin secret), else API Gateway's `sourceIp`, or the socket peer in the
/// local gateway. A client-sent `X-Forwarded-For` is never read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientIp(pub String);

impl<S> axum::extract::FromRequestParts<S> for ClientIp
where
    S: Send + Sync,
    std::sync::Arc<crate::config::Config>: axum::extract::FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Self::Rejection> {
        use axum::extract::FromRef;
        let config = std::sync::Arc::<crate::config::Config>::from_ref(state);
        Ok(Self(client_ip(parts, &config).unwrap_or_else(|| "unknown".to_owned())))
    }
}

/// Whether the request carries the origin secret CloudFront adds (`X-Origin-Verify`): only
/// then are the viewer headers (address, location) CloudFront's and not a client's.
pub fn from_trusted_cdn(headers: &axum::http::HeaderMap, config: &crate::config::Config) -> bool {
    use secrecy::ExposeSecret;
    config.origin_verify_secret.as_ref().is_some_and(|secret| {
        headers
            .get("x-origin-verify")
            .and_then(|value| value.to_str().ok())
            .is_some_and(|value| constant_time_eq(value.as_bytes(), secret.expose_secret().as_bytes()))
    })
}

fn client_ip(parts: &axum::http::request::Parts, config: &crate::config::Config) -> Option<String> {
    if from_trusted_cdn(&parts.headers, config) {
        if let Some(address) = parts.headers.get("x-viewer-address").and_then(|v| v.to_str().ok()) {
            return Some(address.trim().to_owned());
        }
    }
    if let Some(lambda_http::request::RequestContext::ApiGatewayV2(context)) =
        parts.extensions.get::<lambda_http::request::RequestContext>()
    {
        if let Some(ip) = &context.http.source_ip {
            return Some(ip.clone());
        }
    }
    parts
        .extensions
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|info| info.0.ip().to_string())
}

/// Compares secrets without leaking, through timing, how much of them matched.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    use subtle::ConstantTimeEq;
    bool::from(a.ct_eq(b))
}

/// Reads one cookie from the request headers.
pub fn cookie<'a>(headers: &'a axum::http::HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value)
}
