//! Integration-test support: every test gets its own set of tables (a unique name prefix)
//! in the DynamoDB Local that `make test` starts, so tests never see each other's data.
//! `make test` starts several DynamoDB Locals for the Rust tests (`DYNAMODB_TEST_ENDPOINTS`)
//! and spreads the table sets over them: one DynamoDB Local gets slower with every table it
//! has ever created, deleted or not (a test's setup took 0.6 s on a new one and 2.8 s once the
//! run had left 14,000 tables in it).
//!
//! One fixture set for every crate's tests: [`app`] / [`TestApp`] (routers over one test
//! state, requests, waiting for background work, the manual clock, the outbox),
//! [`TestFounder`], forms ([`form`], [`published_form`], [`answers`]) and leads
//! ([`submit_lead`], [`stored_lead`], [`count_items`]).

mod app;
mod founder;
mod forms;
mod leads;

use std::sync::OnceLock;

use serde_json::Value;

pub use app::{Call, TestApp, TestResponse, app, app_with};
pub use founder::{TestFounder, TestUser, stored_user, subscribe_trial, support_session, test_user};
pub use forms::{FormBuilder, answers, form, published_form};
pub use leads::{count_items, lead_of, store_lead, stored_lead, submit_lead};

use crate::{
    AppState,
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
    let mut state = state_on(&prefix, adjust).await;
    // A rule that waits (a slowed-down sign-in) moves this clock instead of the test's time.
    state.clock = crate::time::Clock::manual();
    state
}

/// A state over the tables under `prefix` (created if missing): benches whose processes share
/// one set of tables.
pub async fn state_on(prefix: &str, adjust: impl FnOnce(&mut Config)) -> AppState {
    let endpoint = dynamodb_endpoint(prefix);
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

/// The DynamoDB Local of the tables under `prefix`: one of `DYNAMODB_TEST_ENDPOINTS`
/// (space-separated), always the same one for one prefix, or else `DYNAMODB_ENDPOINT`.
fn dynamodb_endpoint(prefix: &str) -> String {
    if let Some(endpoints) = std::env::var("DYNAMODB_TEST_ENDPOINTS").ok().filter(|list| !list.trim().is_empty()) {
        let endpoints: Vec<&str> = endpoints.split_whitespace().collect();
        let hash = prefix.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3));
        return endpoints[(hash % endpoints.len() as u64) as usize].to_owned();
    }
    std::env::var("DYNAMODB_ENDPOINT").unwrap_or_else(|_| {
        panic!("DYNAMODB_ENDPOINT is not set: run the integration tests with `make test`, which starts DynamoDB Local")
    })
}

/// Tests' link secrets: one fixed secret per family (its variable in it, so no two are alike).
fn link_secret(name: &str) -> Option<String> {
    crate::keys::Family::ALL.iter().find(|family| family.variable() == name).map(|family| format!("test-{}-secret-0123456789abcdef", family.variable()))
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

/// The messages the local outbox kept for one address, newest first.
pub fn mail_to(state: &AppState, address: &str) -> Vec<crate::mail::StoredEmail> {
    state.mailer.outbox().expect("tests use the outbox").to(address)
}

/// Rate limits count in fixed windows that all turn over on the minute (60 s to 1 h) and
/// estimate a sliding window from two of them, which by design grants a hit more just after a
/// turn. A test that asserts an exact count starts where no window turns over for the next
/// `needed_secs` (waiting for the minute to pass when it would).
pub async fn clear_of_window_edge(needed_secs: u64) {
    let into = crate::time::unix(crate::time::now()).rem_euclid(60) as u64;
    if into + needed_secs >= 60 {
        tokio::time::sleep(std::time::Duration::from_secs(60 - into + 1)).await;
    }
}

/// Writes `items` into `table` with BatchWriteItem, 25 at a time and eight batches at once,
/// until DynamoDB has taken every one (benches seeding many rows).
pub async fn batch_put(state: &AppState, table: &str, items: Vec<std::collections::HashMap<String, aws_sdk_dynamodb::types::AttributeValue>>) {
    use aws_sdk_dynamodb::types::{PutRequest, WriteRequest};
    use futures::StreamExt;
    let batches = items.chunks(25).map(|chunk| {
        let mut requests: Vec<WriteRequest> = chunk
            .iter()
            .map(|item| WriteRequest::builder().put_request(PutRequest::builder().set_item(Some(item.clone())).build().expect("an item")).build())
            .collect();
        async move {
            while !requests.is_empty() {
                let output = state.dynamo.batch_write_item().request_items(table, requests).send().await.expect("batch write");
                requests = output.unprocessed_items.and_then(|mut unprocessed| unprocessed.remove(table)).unwrap_or_default();
            }
        }
    });
    futures::stream::iter(batches).buffer_unordered(8).collect::<Vec<_>>().await;
}
