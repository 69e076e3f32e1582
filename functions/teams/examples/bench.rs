//! `make bench`, companies and teams, against DynamoDB Local:
//!
//! 1. **The authorisation overhead of a request**: the membership check every owner route
//!    makes (`Member::resolve`: one consistent `GetItem`), p50/p99, against the whole of an
//!    owner request that includes it (`GET /api/forms` through the router), in the same run.
//! 2. **The migration**: accounts made before teams, with 10,000 leads between them, get their
//!    company (`migrate_accounts`): wall time, a second run (idempotent: nothing made), and the
//!    leads and counters compared before and after.

use std::time::{Duration, Instant};

use aws_sdk_dynamodb::types::AttributeValue;
use axum::http::HeaderMap;
use shared::{
    AppState,
    dynamo::{Item, to_item},
    http::member::Member,
    testing::{Call, TestFounder, count_items, form, lead_of, stored_user},
};

const CHECKS: usize = 2_000;
const ACCOUNTS: usize = 100;
const LEADS_PER_ACCOUNT: usize = 100;

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index].as_secs_f64() * 1e6
}

fn summary(mut samples: Vec<Duration>) -> (f64, f64) {
    samples.sort();
    (percentile(&samples, 0.50), percentile(&samples, 0.99))
}

async fn authorisation(state: &AppState) {
    let app = shared::http::mount("forms", forms::router(state.clone()));
    let founder = TestFounder::new(state).await.on_trial(state).await;
    form(&founder.id).named("Seed Round").published().store(state).await;
    let auth = shared::auth::AuthUser { id: founder.id.clone(), email: founder.email.clone(), impersonation: None };
    let mut headers = HeaderMap::new();
    headers.insert("x-company-id", founder.id.parse().unwrap());
    // Warm both paths (connections, caches).
    for _ in 0..100 {
        Member::resolve(state, auth.clone(), &headers).await.unwrap();
        Call::get("/api/forms").token(&founder.token).header("x-company-id", &founder.id).send(&app).await;
    }
    let mut checks = Vec::with_capacity(CHECKS);
    let mut requests = Vec::with_capacity(CHECKS);
    for _ in 0..CHECKS {
        let started = Instant::now();
        let member = Member::resolve(state, auth.clone(), &headers).await.unwrap();
        checks.push(started.elapsed());
        assert_eq!(member.company_id, founder.id);
        let started = Instant::now();
        let listed = Call::get("/api/forms").token(&founder.token).header("x-company-id", &founder.id).send(&app).await;
        requests.push(started.elapsed());
        assert_eq!(listed.status, axum::http::StatusCode::OK);
    }
    let (check50, check99) = summary(checks);
    let (request50, request99) = summary(requests);
    println!("  membership check (consistent GetItem), n={CHECKS}: p50 {check50:7.0} us  p99 {check99:7.0} us");
    println!("  GET /api/forms with it (whole request):  p50 {request50:7.0} us  p99 {request99:7.0} us");
    println!("  the check's share of the request: p50 {:.0} %  (a deployed Lambda adds the network to both)", 100.0 * check50 / request50);
}

/// What the migration must leave as it was: every table holding the accounts' data, counted,
/// and one account's counters item as stored.
async fn snapshot(state: &AppState, probe: &str) -> (usize, usize, usize, Option<Item>) {
    let tables = &state.config.tables;
    let profile = state.dynamo.get_item().table_name(&tables.profiles).key("id", AttributeValue::S(probe.to_owned())).consistent_read(true).send().await.unwrap().item;
    (count_items(state, &tables.leads).await, count_items(state, &tables.forms).await, count_items(state, &tables.lead_stats).await, profile)
}

async fn migration(state: &AppState) {
    // Accounts as they were before teams: each with a form and its leads (counted on write), and
    // no company.
    let mut founders = Vec::new();
    let now = state.clock.now_iso();
    for _ in 0..ACCOUNTS {
        let user = stored_user(state, "pre-teams").await;
        let token = state.tokens.issue(&user.id, &user.email, shared::auth::ACCESS_TOKEN_TTL).unwrap();
        let founder = TestFounder { id: user.id.clone(), email: user.email.clone(), token };
        let form = form(&founder.id).named("Seed Round").published().store(state).await;
        let leads: Vec<Item> = (0..LEADS_PER_ACCOUNT).map(|i| to_item(&lead_of(&form, &format!("Investor {i}"), &format!("investor{i}@example.com"), &now)).unwrap()).collect();
        shared::testing::batch_put(state, &state.config.tables.leads, leads).await;
        for sk in ["company".to_owned(), format!("member#{}", founder.id)] {
            state.dynamo.delete_item().table_name(&state.config.tables.teams)
                .key("company_id", AttributeValue::S(founder.id.clone()))
                .key("sk", AttributeValue::S(sk))
                .send().await.unwrap();
        }
        founders.push(founder);
    }
    let probe = founders[0].id.clone();
    let before = snapshot(state, &probe).await;

    let started = Instant::now();
    let first = shared::services::teams::migrate_accounts(state).await.unwrap();
    let took = started.elapsed();
    let started = Instant::now();
    let again = shared::services::teams::migrate_accounts(state).await.unwrap();
    let again_took = started.elapsed();
    let after = snapshot(state, &probe).await;
    println!(
        "  {} accounts, {} leads: migrated in {:.2} s ({} companies made); run again: {:.2} s, {} made (idempotent)",
        first.accounts, before.0, took.as_secs_f64(), first.companies_created, again_took.as_secs_f64(), again.companies_created
    );
    println!(
        "  before → after: leads {} → {}, forms {} → {}, lead-stat items {} → {}, an account's counters {}",
        before.0, after.0, before.1, after.1, before.2, after.2, if before.3 == after.3 { "unchanged" } else { "CHANGED" }
    );
    assert_eq!(before, after, "the migration moves and changes no item");
    let member = Member::resolve(state, shared::auth::AuthUser { id: probe.clone(), email: founders[0].email.clone(), impersonation: None }, &HeaderMap::new()).await.unwrap();
    assert_eq!((member.company_id.as_str(), member.role), (probe.as_str(), shared::teams::Role::Owner));
    assert!(first.companies_created >= ACCOUNTS);
    assert_eq!(again.companies_created, 0);
}

#[tokio::main]
async fn main() {
    let prefix = format!("bench-t-{}-", &uuid::Uuid::new_v4().simple().to_string()[..8]);
    let state = shared::testing::state_on(&prefix, |_| {}).await;
    authorisation(&state).await;
    migration(&state).await;
}
