//! Routers over one test state, and requests against them.

use axum::{
    Router,
    body::Body,
    http::{HeaderMap, Request, StatusCode, header},
};
use serde_json::Value;
use tower::ServiceExt;

use crate::{AppState, config::Config};

/// A function's router type: every function crate exports `router(AppState) -> Router`.
pub type Mount = (&'static str, fn(AppState) -> Router);

/// Routers mounted under `/api/<name>` over one fresh test state (own tables and buckets,
/// outbox mail, manual clock), as the gateway mounts them.
pub struct TestApp {
    pub router: Router,
    pub state: AppState,
}

/// A fresh test state with `mounts` mounted, e.g. `app(&[("leads", leads::router)])`.
pub async fn app(mounts: &[Mount]) -> TestApp {
    app_with(|_| {}, mounts).await
}

/// As [`app`], with the configuration changed by `adjust` first (a stub provider, a secret).
pub async fn app_with(adjust: impl FnOnce(&mut Config), mounts: &[Mount]) -> TestApp {
    TestApp::over(super::test_state_with(adjust).await, mounts)
}

impl TestApp {
    /// `mounts` over an existing state (a second router over the same tables).
    pub fn over(state: AppState, mounts: &[Mount]) -> Self {
        let router = mounts.iter().fold(Router::new(), |router, (name, mount)| router.merge(crate::http::mount(name, mount(state.clone()))));
        Self { router, state }
    }

    /// The router and the state, for tests written as `let (app, state) = …`.
    pub fn parts(self) -> (Router, AppState) {
        (self.router, self.state)
    }

    pub async fn call(&self, call: Call) -> TestResponse {
        call.send(&self.router).await
    }

    /// Returns once the work requests started after answering (counting, mail, sending) is
    /// done: what a test awaits instead of polling.
    pub async fn settled(&self) {
        self.state.background.idle().await;
    }

    /// Moves the state's clock forward (instead of sleeping).
    pub fn advance(&self, by: std::time::Duration) {
        self.state.clock.advance(by);
    }

    /// The messages the outbox kept for `address`, newest first.
    pub fn mail_to(&self, address: &str) -> Vec<crate::mail::StoredEmail> {
        super::mail_to(&self.state, address)
    }
}

#[derive(Debug)]
pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
    /// The body as text (for answers that are not JSON, like CSV).
    pub text: String,
    /// The body's bytes (for answers that are neither, like an image).
    pub bytes: Vec<u8>,
}

impl TestResponse {
    pub fn error_code(&self) -> &str {
        self.body["error"]["code"].as_str().unwrap_or_default()
    }

    pub fn error_message(&self) -> &str {
        self.body["error"]["message"].as_str().unwrap_or_default()
    }

    /// The value a `Set-Cookie` header gives `name` (empty when it clears the cookie).
    pub fn set_cookie(&self, name: &str) -> Option<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .find_map(|value| value.split(';').next()?.trim().strip_prefix(&format!("{name}=")).map(str::to_owned))
    }

    pub fn set_cookie_header(&self, name: &str) -> Option<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .find(|value| value.starts_with(&format!("{name}=")))
            .map(str::to_owned)
    }
}

/// Builds requests against a router, with an optional bearer token and JSON body.
pub struct Call {
    builder: axum::http::request::Builder,
    body: Body,
    peer: std::net::SocketAddr,
}

impl Call {
    pub fn new(method: &str, uri: &str) -> Self {
        Self {
            builder: Request::builder().method(method).uri(uri),
            body: Body::empty(),
            peer: std::net::SocketAddr::from(([127, 0, 0, 1], 40000)),
        }
    }

    pub fn get(uri: &str) -> Self {
        Self::new("GET", uri)
    }

    pub fn patch(uri: &str) -> Self {
        Self::new("PATCH", uri)
    }

    pub fn post(uri: &str) -> Self {
        Self::new("POST", uri)
    }

    pub fn put(uri: &str) -> Self {
        Self::new("PUT", uri)
    }

    pub fn delete(uri: &str) -> Self {
        Self::new("DELETE", uri)
    }

    /// The socket peer the gateway sees (the client IP).
    pub fn from_ip(mut self, ip: &str) -> Self {
        self.peer = std::net::SocketAddr::new(ip.parse().expect("an IP address"), 40000);
        self
    }

    pub fn cookie(mut self, name: &str, value: &str) -> Self {
        self.builder = self.builder.header(header::COOKIE, format!("{name}={value}"));
        self
    }

    pub fn token(mut self, token: &str) -> Self {
        self.builder = self.builder.header(header::AUTHORIZATION, format!("Bearer {token}"));
        self
    }

    pub fn header(mut self, name: &str, value: &str) -> Self {
        self.builder = self.builder.header(name, value);
        self
    }

    pub fn json(self, body: Value) -> Self {
        self.raw_json(body.to_string())
    }

    pub fn raw_json(mut self, body: impl Into<String>) -> Self {
        self.builder = self.builder.header(header::CONTENT_TYPE, "application/json");
        self.body = Body::from(body.into());
        self
    }

    /// A body of any type, sent as it is (an uploaded file).
    pub fn bytes(mut self, content_type: &str, body: impl Into<Vec<u8>>) -> Self {
        self.builder = self.builder.header(header::CONTENT_TYPE, content_type);
        self.body = Body::from(body.into());
        self
    }

    pub async fn send(self, router: &Router) -> TestResponse {
        let mut request = self.builder.body(self.body).expect("valid test request");
        request.extensions_mut().insert(axum::extract::ConnectInfo(self.peer));
        let response = router.clone().oneshot(request).await.expect("router is infallible");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("read body");
        let body = if bytes.is_empty() { Value::Null } else { serde_json::from_slice(&bytes).unwrap_or(Value::Null) };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        TestResponse { status, headers, body, text, bytes: bytes.to_vec() }
    }
}
