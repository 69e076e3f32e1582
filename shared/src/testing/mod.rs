//! Integration-test support: every test gets its own set of tables (a unique name prefix)
//! in the DynamoDB Local that `make test` starts, so tests never see each other's data.

use std::sync::OnceLock;

use axum::{
    Router,
    body::Body,
    http::{HeaderMap, Request, StatusCode, header},
};
use serde_json::Value;
use tower::ServiceExt;

use crate::{
    AppState,
    auth::ACCESS_TOKEN_TTL,
    config::Config,
    local::{BucketSpec, TEMPLATE, TableSpec, bucket_env, bucket_specs, ensure_buckets, ensure_tables, local_default, table_env, table_specs},
};

/// The webhook secret of test states (sign test events with it).
pub const TEST_WEBHOOK_SECRET: &str = "whsec_test_secret_for_integration_tests";

fn specs() -> &'static [TableSpec] {
    static SPECS: OnceLock<Vec<TableSpec>> = OnceLock::new();
    SPECS.get_or_init(|| table_specs(TEMPLATE).expect("template.yaml tables"))
}

fn buckets() -> &'static [BucketSpec] {
    static SPECS: OnceLock<Vec<BucketSpec>> = OnceLock::new();
    SPECS.get_or_init(|| bucket_specs(TEMPLATE).expect("template.yaml buckets"))
}

/// A fresh state over freshly created tables.
pub async fn test_state() -> AppState {
    test_state_with(|_| {}).await
}

/// A fresh state whose configuration `adjust` changes first (e.g. to point a provider at a stub).
pub async fn test_state_with(adjust: impl FnOnce(&mut Config)) -> AppState {
    let prefix = format!("t-{}-", &uuid::Uuid::new_v4().simple().to_string()[..12]);
    state_on(&prefix, adjust).await
}

/// A state over the tables under `prefix` (created if missing): benches whose processes share
/// one set of tables.
pub async fn state_on(prefix: &str, adjust: impl FnOnce(&mut Config)) -> AppState {
    let endpoint = std::env::var("DYNAMODB_ENDPOINT").unwrap_or_else(|_| {
        panic!("DYNAMODB_ENDPOINT is not set: run the integration tests with `make test`, which starts DynamoDB Local")
    });
    let s3_endpoint = std::env::var("S3_ENDPOINT").unwrap_or_else(|_| {
        panic!("S3_ENDPOINT is not set: run the integration tests with `make test`, which starts the local S3 server (moto)")
    });
    let prefix = prefix.to_owned();
    let mut env = table_env(&prefix, specs());
    env.extend(bucket_env(&prefix, buckets()));
    let lookup = |name: &str| match name {
        "APP_ORIGIN" => Some("http://localhost:3000".to_owned()),
        "ACCESS_TOKEN_PUBLIC_KEYS" => Some(crate::auth::test_keys::public_keys()),
        "ACCESS_TOKEN_SIGNING_KEY" => Some(crate::auth::test_keys::SIGNING_KEY.to_owned()),
        _ if link_secret(name).is_some() => link_secret(name),
        "DYNAMODB_ENDPOINT" => Some(endpoint.clone()),
        "S3_ENDPOINT" => Some(s3_endpoint.clone()),
        "STRIPE_WEBHOOK_SECRET" => Some(TEST_WEBHOOK_SECRET.to_owned()),
        _ if local_default(name).is_some() => local_default(name).map(str::to_owned),
        _ => env.iter().find(|(key, _)| key == name).map(|(_, value)| value.clone()),
    };
    let mut config = Config::from_lookup(lookup).expect("test configuration");
    adjust(&mut config);
    let state = AppState::from_config(config).await.expect("test state");
    ensure_tables(&state.dynamo, &prefix, specs()).await.expect("create test tables in DynamoDB Local");
    if let Some(storage) = &state.storage {
        ensure_buckets(storage.client(), &prefix, buckets()).await.expect("create test buckets in the local S3 server");
    }
    state
}

/// Tests' link secrets: one fixed secret per family (its variable in it, so no two are alike).
fn link_secret(name: &str) -> Option<String> {
    crate::keys::Family::ALL.iter().find(|family| family.variable() == name).map(|family| format!("test-{}-secret-0123456789abcdef", family.variable()))
}

/// A user with a valid access token (no account record: enough for owner routes).
#[derive(Debug, Clone)]
pub struct TestUser {
    pub id: String,
    pub email: String,
    pub token: String,
}

/// The messages the local outbox kept for one address, newest first.
pub fn mail_to(state: &AppState, address: &str) -> Vec<crate::mail::StoredEmail> {
    state.mailer.outbox().expect("tests use the outbox").to(address)
}

pub fn test_user(state: &AppState) -> TestUser {
    let id = uuid::Uuid::new_v4().to_string();
    let email = format!("founder-{}@example.com", &id[..8]);
    let token = state.tokens.issue(&id, &email, ACCESS_TOKEN_TTL).expect("test states mint tokens");
    TestUser { id, email, token }
}

#[derive(Debug)]
pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
    /// The body as text (for answers that are not JSON, like CSV).
    pub text: String,
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

    pub async fn send(self, router: &Router) -> TestResponse {
        let mut request = self.builder.body(self.body).expect("valid test request");
        request.extensions_mut().insert(axum::extract::ConnectInfo(self.peer));
        let response = router.clone().oneshot(request).await.expect("router is infallible");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("read body");
        let body = if bytes.is_empty() { Value::Null } else { serde_json::from_slice(&bytes).unwrap_or(Value::Null) };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        TestResponse { status, headers, body, text }
    }
}

/// A confirmed account stored in the users table (for flows that read the account).
pub async fn stored_user(state: &AppState, prefix: &str) -> crate::repo::users::UserRecord {
    let id = uuid::Uuid::new_v4().to_string();
    let user = crate::repo::users::UserRecord {
        email: format!("{prefix}-{}@example.com", &id[..8]),
        id,
        password_hash: "not-a-real-hash".into(),
        created_at: crate::time::now_iso(),
        email_confirmed_at: Some(crate::time::now_iso()),
        user_metadata: Default::default(),
        app_metadata: Default::default(),
        session_epoch: 0,
        last_sign_in_at: None,
        recovery_epoch: 0,
    };
    crate::repo::users::create_user(&state.dynamo, &state.config.tables, &user).await.expect("store test user");
    user
}

/// Puts the user on a trial of the standard plan or of Pro (a trial counts for both gates).
pub async fn subscribe_trial(state: &AppState, user_id: &str, pro: bool) {
    let now = state.clock.unix();
    let record = crate::billing::SubscriptionRecord {
        user_id: user_id.to_owned(),
        customer_id: None,
        subscription_id: None,
        status: Some("trialing".into()),
        price_id: Some(if pro { state.config.stripe.price_pro.clone() } else { state.config.stripe.price_standard.clone() }),
        plan: None,
        trial_end: Some(now + 86_400),
        current_period_end: None,
        last_event_created: now,
        first_paid_at: None,
        payment_failed_at: None,
    };
    let item = crate::dynamo::to_item(&record).expect("a subscription item");
    state.dynamo.put_item().table_name(&state.config.tables.subscriptions).set_item(Some(item)).send().await.expect("store the subscription");
}

/// Asserts that every pair of a theme answer (`theme` in the JSON of a form, a public form or
/// `GET /api/forms/theme`) reads: text, muted text, accent and error on the background and the
/// panel, and the button's label on the button at 4.5:1 (WCAG 2 AA); borders at 3:1. Written
/// from WCAG, not from `shared::theme`, so the rule and its check do not share a mistake.
pub fn assert_readable_theme(theme: &Value) {
    use crate::contrast::{Rgb, contrast};
    let colour = |name: &str| Rgb::parse(theme[name].as_str().unwrap_or_default()).unwrap_or_else(|| panic!("{name}: {} is not #rrggbb", theme[name]));
    let pairs = [
        ("text", "background", 4.5),
        ("mutedText", "background", 4.5),
        ("accent", "background", 4.5),
        ("error", "background", 4.5),
        ("text", "surface", 4.5),
        ("mutedText", "surface", 4.5),
        ("accent", "surface", 4.5),
        ("buttonText", "button", 4.5),
        ("border", "background", 3.0),
    ];
    for (foreground, background, minimum) in pairs {
        let ratio = contrast(colour(foreground), colour(background));
        assert!(ratio >= minimum, "{foreground} {} on {background} {}: {ratio:.3}:1", theme[foreground], theme[background]);
    }
}
