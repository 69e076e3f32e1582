//! The admin area through its real router (and the Stripe webhook's, for subscription
//! counters) against DynamoDB Local.

use std::{collections::HashMap, sync::Arc};

use aws_sdk_dynamodb::types::AttributeValue;
use axum::{Router, http::StatusCode};
use secrecy::SecretString;
use serde_json::{Value, json};
use shared::{
    AppState,
    auth::{ACCESS_TOKEN_TTL, NOT_WHILE_IMPERSONATING},
    dynamo::to_item,
    leads::{ComplianceProof, LeadRecord},
    payments::{events, sign_webhook},
    repo::{
        impersonations::{EndedBy, Impersonation},
        users::UserRecord,
    },
    testing::{Call, TEST_WEBHOOK_SECRET, TestResponse, stored_user, test_state},
    time::{now, unix},
};

struct World {
    app: Router,
    state: AppState,
    admin: UserRecord,
    admin_token: String,
}

/// An administrator (in `ADMIN_USER_IDS`) and the admin and stripe-webhook routers.
async fn world() -> World {
    let base = test_state().await;
    let admin = stored_user(&base, "admin").await;
    let mut config = (*base.config).clone();
    config.admin_user_ids = vec![admin.id.clone()];
    let state = AppState { config: Arc::new(config), ..base };
    let app = Router::new()
        .merge(shared::http::mount("admin", admin::router(state.clone())))
        .merge(shared::http::mount("stripe-webhook", stripe_webhook::router(state.clone())));
    let admin_token = state.tokens.issue(&admin.id, &admin.email, ACCESS_TOKEN_TTL).unwrap();
    World { app, state, admin, admin_token }
}

impl World {
    async fn get(&self, uri: &str) -> TestResponse {
        let response = Call::get(uri).token(&self.admin_token).send(&self.app).await;
        response
    }

    async fn stats(&self) -> Value {
        let response = self.get("/api/admin/stats").await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text);
        response.body
    }

    async fn deliver(&self, event: &Value) {
        let payload = event.to_string();
        let signature = sign_webhook(&SecretString::from(TEST_WEBHOOK_SECRET), payload.as_bytes(), unix(now()));
        let response = Call::post("/api/stripe-webhook").header("stripe-signature", &signature).raw_json(payload).send(&self.app).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text);
    }

    /// A Stripe subscription event for `user` on the Pro plan.
    async fn subscription(&self, user: &UserRecord, kind: &str, status: &str, created: i64) {
        let end = unix(now()) + 7 * 86_400;
        let object = events::subscription("sub_1", "cus_1", &user.id, status, "price_local_pro", Some(unix(now())), Some(end), end, None);
        self.deliver(&events::event(kind, created, object)).await;
    }

    /// A stored lead of `owner`, captured at `created_at`, counted (twice, as a retried stream would).
    async fn counted_lead(&self, owner: &str, created_at: &str) {
        let lead = LeadRecord {
            attribution: Default::default(),
            id: uuid::Uuid::new_v4().to_string(),
            form_id: uuid::Uuid::new_v4().to_string(),
            owner_id: owner.to_owned(),
            created_at: created_at.to_owned(),
            data: HashMap::new(),
            status: "warm".into(),
            location_data: None,
            compliance: ComplianceProof {
                legend_version: "1".into(),
                legend_sha256: "0".repeat(64),
                form_version: 1,
                source_url: None,
                referrer: None,
                submitted_at: created_at.to_owned(),
            },
            estimated_amount: 25_000,
            search_text: String::new(),
            counted_at: None,
            facets: Default::default(),
            contacted_at: None,
        };
        let tables = &self.state.config.tables;
        self.state.dynamo.put_item().table_name(&tables.leads).set_item(Some(to_item(&lead).unwrap())).send().await.unwrap();
        assert!(self.state.leads().count_lead(&lead).await.unwrap());
        assert!(!self.state.leads().count_lead(&lead).await.unwrap());
    }
}

fn iso_days_ago(days: i64) -> String {
    shared::time::iso(now() - time::Duration::days(days))
}

fn today() -> String {
    iso_days_ago(0)[..10].to_owned()
}

/// An account that has not confirmed its address yet.
async fn unconfirmed_user(state: &AppState, email: &str) -> UserRecord {
    let user = UserRecord {
        id: uuid::Uuid::new_v4().to_string(),
        email: email.to_owned(),
        password_hash: "not-a-real-hash".into(),
        created_at: shared::time::now_iso(),
        email_confirmed_at: None,
        user_metadata: [("name".to_owned(), json!("Nora Quinn"))].into_iter().collect(),
        app_metadata: Default::default(),
        session_epoch: 0,
        last_sign_in_at: None,
        recovery_epoch: 0,
    };
    state.users().create_user(&user).await.unwrap();
    user
}

fn record(admin: &UserRecord, target: &UserRecord, started_at: &str) -> Impersonation {
    Impersonation {
        id: uuid::Uuid::new_v4().to_string(),
        admin_id: admin.id.clone(),
        admin_email: admin.email.clone(),
        target_id: target.id.clone(),
        target_email: target.email.clone(),
        reason: "The founder asked for help with the embed".into(),
        started_at: started_at.to_owned(),
        ip: "203.0.113.9".into(),
        user_agent: "AdminBrowser/1.0".into(),
        ends_at: unix(now()) + 300,
        session_started_at: None,
        ended_at: None,
        ended_by: None,
    }
}

async fn store(state: &AppState, record: &Impersonation) {
    state.impersonations().create(record).await.unwrap();
}

fn ids(body: &Value, list: &str) -> Vec<String> {
    body[list].as_array().unwrap().iter().map(|item| item["id"].as_str().unwrap().to_owned()).collect()
}

const ROUTES: &[&str] = &["/api/admin/stats", "/api/admin/users", "/api/admin/users?q=founder", "/api/admin/impersonations", "/api/admin/impersonations?cursor=bad"];

// ------------------------------------------------------------------ who may

#[tokio::test]
async fn a_non_admin_gets_403_forbidden_on_every_admin_route() {
    let world = world().await;
    let founder = stored_user(&world.state, "founder").await;
    let token = world.state.tokens.issue(&founder.id, &founder.email, ACCESS_TOKEN_TTL).unwrap();
    let detail = format!("/api/admin/users/{}", world.admin.id);
    for route in ROUTES.iter().copied().chain([detail.as_str()]) {
        let answer = Call::get(route).token(&token).send(&world.app).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{route}");
        assert_eq!(answer.error_code(), "forbidden", "{route}");
        assert_eq!(answer.error_message(), admin::NOT_ADMIN, "{route}");
        let anonymous = Call::get(route).send(&world.app).await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED, "{route}");
    }
}

#[tokio::test]
async fn a_support_session_token_is_refused_even_when_it_names_an_administrator() {
    let world = world().await;
    let founder = stored_user(&world.state, "founder").await;
    let exp = unix(now()) as u64 + 300;
    // Live sessions (every request of a support token checks its record).
    let live = |target: &UserRecord| {
        let record = record(&world.admin, target, &world.state.clock.now_iso());
        let state = world.state.clone();
        async move {
            store(&state, &record).await;
            state.impersonations().begin_session(&record.id, state.clock.unix()).await.unwrap().unwrap();
            record.id
        }
    };
    let (founder_session, admin_session) = (live(&founder).await, live(&world.admin).await);
    let as_founder = world.state.tokens.issue_impersonation(&founder.id, &founder.email, &world.admin.id, &founder_session, exp).unwrap();
    // Even a session whose user is the administrator (never issued, but the check must not care).
    let as_admin = world.state.tokens.issue_impersonation(&world.admin.id, &world.admin.email, &world.admin.id, &admin_session, exp).unwrap();
    // A token naming no session at all is refused before anything else.
    let unknown = world.state.tokens.issue_impersonation(&founder.id, &founder.email, &world.admin.id, "no-such-session", exp).unwrap();
    let answer = Call::get(ROUTES[0]).token(&unknown).send(&world.app).await;
    assert_eq!((answer.status, answer.error_code()), (StatusCode::UNAUTHORIZED, "impersonation_ended"));
    for token in [&as_founder, &as_admin] {
        for route in ROUTES {
            let answer = Call::get(route).token(token).send(&world.app).await;
            assert_eq!(answer.status, StatusCode::FORBIDDEN, "{route}");
            assert_eq!(answer.error_code(), "impersonating", "{route}");
            assert_eq!(answer.error_message(), NOT_WHILE_IMPERSONATING);
        }
    }
}

// ------------------------------------------------------------------ stats

#[tokio::test]
async fn stats_follow_sign_ups_confirmations_leads_and_subscriptions_as_they_happen() {
    let world = world().await;
    let initial = world.stats().await;
    assert_eq!((initial["users"].as_u64(), initial["confirmed"].as_u64()), (Some(1), Some(1)), "the administrator: {initial}");
    assert_eq!(initial["mrr_cents"], 0);

    // A sign-up, confirmed later (and its link exchanged twice).
    let founder = unconfirmed_user(&world.state, "nora@example.com").await;
    let stats = world.stats().await;
    assert_eq!((stats["users"].as_u64(), stats["confirmed"].as_u64()), (Some(2), Some(1)));
    for _ in 0..2 {
        let confirmed = world.state.users().confirm_email(&founder.id).await.unwrap();
        assert!(confirmed.email_confirmed_at.is_some());
    }
    assert_eq!(world.stats().await["confirmed"], 2);

    // Leads: one today, one 3 days ago, one 20 days ago, one 40 days ago (each counted once).
    for days in [0, 3, 20, 40] {
        world.counted_lead(&founder.id, &iso_days_ago(days)).await;
    }
    let stats = world.stats().await;
    assert_eq!(stats["leads"], json!({ "today": 1, "last_7_days": 2, "last_30_days": 3 }));

    let signups = stats["signups"].as_array().unwrap();
    assert_eq!(signups.len(), 30);
    assert_eq!(signups[29], json!({ "date": today(), "count": 2 }));
    assert_eq!(signups.iter().map(|day| day["count"].as_u64().unwrap()).sum::<u64>(), 2);
    let dates: Vec<&str> = signups.iter().map(|day| day["date"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|pair| pair[0] < pair[1]), "oldest first: {dates:?}");

    // A Pro trial, then paying, then the same state again, then cancelled.
    let created = unix(now()) - 100;
    world.subscription(&founder, "customer.subscription.created", "trialing", created).await;
    let stats = world.stats().await;
    assert_eq!((stats["trialing"].as_u64(), stats["paying"].as_u64(), stats["mrr_cents"].as_u64()), (Some(1), Some(0), Some(0)));
    world.subscription(&founder, "customer.subscription.updated", "active", created + 10).await;
    world.subscription(&founder, "customer.subscription.updated", "active", created + 20).await;
    let stats = world.stats().await;
    assert_eq!((stats["trialing"].as_u64(), stats["paying"].as_u64(), stats["mrr_cents"].as_u64()), (Some(0), Some(1), Some(99_700)));
    // An older event delivered late changes nothing.
    world.subscription(&founder, "customer.subscription.updated", "trialing", created + 5).await;
    assert_eq!(world.stats().await["paying"], 1);
    world.subscription(&founder, "customer.subscription.deleted", "canceled", created + 30).await;
    let stats = world.stats().await;
    assert_eq!((stats["trialing"].as_u64(), stats["paying"].as_u64(), stats["mrr_cents"].as_u64()), (Some(0), Some(0), Some(0)));
    assert_eq!(stats["users"], 2);
}

/// The platform's daily lead count is spread over items so that a launch does not make one
/// item every lead's write; the admin's figures sum them, with what was counted before.
#[tokio::test]
async fn a_days_leads_are_spread_over_items_and_summed_with_the_count_kept_before_them() {
    let world = world().await;
    let founder = unconfirmed_user(&world.state, "launch@example.com").await;
    let table = &world.state.config.tables.platform_stats;
    world.state.dynamo.put_item().table_name(table)
        .item("id", AttributeValue::S(format!("day#{}", today())))
        .item("leads", AttributeValue::N("5".into()))
        .send().await.unwrap();
    let now = iso_days_ago(0);
    for _ in 0..40 {
        world.counted_lead(&founder.id, &now).await;
    }
    assert_eq!(world.stats().await["leads"]["today"], 45);
    let items = world.state.dynamo.scan().table_name(table).send().await.unwrap().items.unwrap_or_default();
    let shards: Vec<u64> = items.iter()
        .filter(|item| item["id"].as_s().unwrap().starts_with(&format!("day#{}#", today())))
        .map(|item| item["leads"].as_n().unwrap().parse().unwrap())
        .collect();
    assert_eq!(shards.iter().sum::<u64>(), 40);
    assert!(shards.len() >= 8 && shards.iter().all(|leads| *leads < 20), "no item takes every lead: {shards:?}");
}

#[tokio::test]
async fn malformed_counters_read_as_zero() {
    let world = world().await;
    let table = &world.state.config.tables.platform_stats;
    world
        .state
        .dynamo
        .put_item()
        .table_name(table)
        .item("id", AttributeValue::S("totals".into()))
        .item("users", AttributeValue::S("lots".into()))
        .item("confirmed", AttributeValue::N("-4".into()))
        .item("sub#active#pro", AttributeValue::Bool(true))
        .send()
        .await
        .unwrap();
    let stats = world.stats().await;
    assert_eq!((stats["users"].as_u64(), stats["confirmed"].as_u64(), stats["paying"].as_u64()), (Some(0), Some(0), Some(0)));
}

// ------------------------------------------------------------------ directory

#[tokio::test]
async fn the_directory_searches_by_email_prefix_and_pages_with_a_cursor() {
    let world = world().await;
    for _ in 0..27 {
        stored_user(&world.state, "pager").await;
    }
    for _ in 0..2 {
        stored_user(&world.state, "other").await;
    }
    let first = world.get("/api/admin/users?q=PAGER").await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    let emails = |body: &Value| -> Vec<String> { body["users"].as_array().unwrap().iter().map(|u| u["email"].as_str().unwrap().to_owned()).collect() };
    let page_one = emails(&first.body);
    assert_eq!(page_one.len(), 25);
    assert!(page_one.iter().all(|email| email.starts_with("pager-")), "{page_one:?}");
    assert!(page_one.windows(2).all(|pair| pair[0] < pair[1]), "sorted by e-mail");
    let cursor = first.body["next_cursor"].as_str().expect("a next page").to_owned();

    let second = world.get(&format!("/api/admin/users?q=pager&cursor={cursor}")).await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.text);
    let page_two = emails(&second.body);
    assert_eq!(page_two.len(), 2);
    assert!(second.body["next_cursor"].is_null());
    assert!(page_two.iter().all(|email| email.starts_with("pager-") && !page_one.contains(email)));

    // Everyone: the administrator, 27 + 2 accounts over two pages.
    let all = world.get("/api/admin/users").await;
    assert_eq!(all.body["users"].as_array().unwrap().len(), 25);
    let rest = world.get(&format!("/api/admin/users?cursor={}", all.body["next_cursor"].as_str().unwrap())).await;
    assert_eq!(rest.body["users"].as_array().unwrap().len(), 5);
    assert!(!all.text.contains("password") && !all.text.contains("not-a-real-hash"));

    let none = world.get("/api/admin/users?q=nobody@").await;
    assert_eq!(none.body, json!({ "users": [], "next_cursor": null }));
}

#[tokio::test]
async fn an_exact_id_finds_the_user_with_subscription_forms_leads_and_admin_flag() {
    let world = world().await;
    let founder = unconfirmed_user(&world.state, "nora.quinn@example.com").await;
    stored_user(&world.state, "nora").await;
    for _ in 0..2 {
        shared::testing::form(&founder.id).store(&world.state).await;
    }
    for _ in 0..3 {
        world.counted_lead(&founder.id, &shared::time::now_iso()).await;
    }
    world.subscription(&founder, "customer.subscription.created", "trialing", unix(now())).await;

    let answer = world.get(&format!("/api/admin/users?q={}", founder.id.to_uppercase())).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert!(answer.body["next_cursor"].is_null());
    let rows = answer.body["users"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(row["id"], founder.id.as_str());
    assert_eq!(row["email"], "nora.quinn@example.com");
    assert_eq!(row["name"], "Nora Quinn");
    assert_eq!(row["created_at"], founder.created_at.as_str());
    assert_eq!((row["confirmed"].as_bool(), row["confirmed_at"].is_null()), (Some(false), true));
    assert_eq!(row["plan"], "RaiseSpark Pro");
    assert_eq!(row["subscription_status"], "trialing");
    assert!(row["trial_end"].as_str().unwrap().ends_with('Z'), "{row}");
    assert_eq!((row["forms"].as_u64(), row["leads"].as_u64()), (Some(2), Some(3)));
    assert_eq!(row["is_admin"], false);
    assert!(row["last_sign_in_at"].is_null());

    let admin = world.get(&format!("/api/admin/users?q={}", world.admin.id)).await;
    assert_eq!(admin.body["users"][0]["is_admin"], true);
    assert_eq!(admin.body["users"][0]["confirmed"], true);
    let unknown = world.get(&format!("/api/admin/users?q={}", uuid::Uuid::new_v4())).await;
    assert_eq!(unknown.body, json!({ "users": [], "next_cursor": null }));
}

#[tokio::test]
async fn a_malformed_cursor_or_query_is_a_json_400() {
    let world = world().await;
    for route in [
        "/api/admin/users?cursor=not-a-cursor",
        "/api/admin/users?cursor=eyJpZCI6MX0",
        "/api/admin/impersonations?cursor=%7B%7D",
        "/api/admin/impersonations?cursor=eyJpZCI6IngiLCJsb2ciOiJvdGhlciIsInN0YXJ0ZWRfYXQiOiIxIn0",
    ] {
        let answer = world.get(route).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{route}: {}", answer.text);
        assert_eq!(answer.error_code(), "invalid_cursor", "{route}");
    }
    let unknown = world.get("/api/admin/users?sort=email").await;
    assert_eq!((unknown.status, unknown.error_code()), (StatusCode::BAD_REQUEST, "invalid_query"));
    let date = world.get("/api/admin/impersonations?from=yesterday").await;
    assert_eq!((date.status, date.error_code()), (StatusCode::BAD_REQUEST, "invalid_date"));
}

#[tokio::test]
async fn the_detail_of_an_unknown_user_is_404_and_of_a_known_one_has_their_latest_support_sessions() {
    let world = world().await;
    let missing = world.get(&format!("/api/admin/users/{}", uuid::Uuid::new_v4())).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.error_code(), "not_found");

    let founder = stored_user(&world.state, "founder").await;
    let older = record(&world.admin, &founder, "2026-01-05T10:00:00Z");
    let newer = Impersonation {
        session_started_at: Some("2026-01-06T10:01:00Z".into()),
        ended_at: Some("2026-01-06T10:20:00Z".into()),
        ended_by: Some(EndedBy::Revert),
        ..record(&world.admin, &founder, "2026-01-06T10:00:00Z")
    };
    let write = world.state.impersonation_actions().begin_write(&newer.id, "PATCH", "/api/forms/f1", "2026-01-06T10:05:00Z").await.unwrap();
    world.state.impersonation_actions().finish_write(&newer.id, &write, 200).await.unwrap();
    for _ in 0..2 {
        world.state.impersonation_actions().record_read(&newer.id, "GET", "/api/leads", 200, "2026-01-06T10:04:00Z").await.unwrap();
    }
    let elsewhere = record(&world.admin, &world.admin, "2026-01-07T10:00:00Z");
    for r in [&older, &newer, &elsewhere] {
        store(&world.state, r).await;
    }
    let detail = world.get(&format!("/api/admin/users/{}", founder.id)).await;
    assert_eq!(detail.status, StatusCode::OK, "{}", detail.text);
    assert_eq!(detail.body["user"]["email"], founder.email.as_str());
    assert_eq!(detail.body["user"]["confirmed"], true);
    assert_eq!(ids(&detail.body, "impersonations"), [newer.id.clone(), older.id.clone()]);
    let shown = &detail.body["impersonations"][0];
    assert_eq!(shown["status"], "ended");
    assert_eq!(shown["ended_by"], "revert");
    assert_eq!(shown["admin_email"], world.admin.email.as_str());
    assert_eq!(
        shown["changes"],
        json!([{ "method": "PATCH", "path": "/api/forms/f1", "status": 200, "at": "2026-01-06T10:05:00Z", "description": "Updated a form" }])
    );
    assert_eq!(
        shown["views"],
        json!([{ "method": "GET", "path": "/api/leads", "count": 2, "refused": 0, "first_at": "2026-01-06T10:04:00Z", "last_at": "2026-01-06T10:04:00Z", "description": "Viewed the leads" }])
    );
    assert_eq!(shown["complete"], true);
    assert_eq!(detail.body["impersonations"][1]["changes"], json!([]), "a link never used did nothing");
    assert_eq!(detail.body["impersonations"][1]["status"], "pending");
    assert!(detail.body["impersonations"][1]["ends_at"].as_str().unwrap().ends_with('Z'));
    assert!(!detail.text.contains("not-a-real-hash"));
}

// ------------------------------------------------------------------ audit log

#[tokio::test]
async fn the_audit_log_filters_by_administrator_target_and_dates_newest_first() {
    let world = world().await;
    let other_admin = stored_user(&world.state, "admin2").await;
    let ada = stored_user(&world.state, "ada").await;
    let bob = stored_user(&world.state, "bob").await;
    let a1 = record(&world.admin, &ada, "2026-02-01T09:00:00Z");
    let a2 = record(&world.admin, &bob, "2026-02-02T23:59:59.999Z");
    let a3 = Impersonation { session_started_at: Some("2026-02-03T08:01:00Z".into()), ..record(&world.admin, &ada, "2026-02-03T08:00:00Z") };
    let o1 = record(&other_admin, &ada, "2026-02-02T12:00:00Z");
    for r in [&a1, &a2, &a3, &o1] {
        store(&world.state, r).await;
    }
    let list = |query: String| {
        let world = &world;
        async move {
            let answer = world.get(&format!("/api/admin/impersonations{query}")).await;
            assert_eq!(answer.status, StatusCode::OK, "{query}: {}", answer.text);
            assert!(answer.body["next_cursor"].is_null(), "{query}");
            ids(&answer.body, "impersonations")
        }
    };
    assert_eq!(list(String::new()).await, [&a3.id, &a2.id, &o1.id, &a1.id].map(String::clone));
    assert_eq!(list(format!("?admin={}", world.admin.id)).await, [&a3.id, &a2.id, &a1.id].map(String::clone));
    assert_eq!(list(format!("?admin={}", world.admin.email.to_uppercase())).await, [&a3.id, &a2.id, &a1.id].map(String::clone));
    assert_eq!(list(format!("?target={}", ada.id)).await, [&a3.id, &o1.id, &a1.id].map(String::clone));
    assert_eq!(list(format!("?target={}&admin={}", ada.email, world.admin.id)).await, [&a3.id, &a1.id].map(String::clone));
    assert_eq!(list("?from=2026-02-02&to=2026-02-02".into()).await, [&a2.id, &o1.id].map(String::clone));
    assert_eq!(list("?from=2026-02-03".into()).await, [a3.id.clone()]);
    assert_eq!(list(format!("?to=2026-02-01&admin={}", world.admin.id)).await, [a1.id.clone()]);
    assert!(list("?admin=nobody@example.com".into()).await.is_empty());

    let answer = world.get("/api/admin/impersonations").await;
    let first = &answer.body["impersonations"][0];
    assert_eq!(first["status"], "active");
    assert_eq!(first["target_email"], ada.email.as_str());
    assert_eq!(first["reason"], "The founder asked for help with the embed");
    assert_eq!((first["ip"].as_str(), first["user_agent"].as_str()), (Some("203.0.113.9"), Some("AdminBrowser/1.0")));
    assert!(first["ended_at"].is_null());
    let range = world.get("/api/admin/impersonations?from=2026-02-03&to=2026-02-01").await;
    assert_eq!(range.error_code(), "invalid_date_range");
}

#[tokio::test]
async fn the_audit_log_pages_by_25_with_a_cursor_also_when_filtered() {
    let world = world().await;
    let ada = stored_user(&world.state, "ada").await;
    let bob = stored_user(&world.state, "bob").await;
    let mut ada_ids = Vec::new();
    for i in 0..60 {
        // Every other record is on Ada: a filtered page must read past Bob's.
        let target = if i % 2 == 0 { &ada } else { &bob };
        let r = record(&world.admin, target, &format!("2026-02-01T10:{:02}:00Z", i));
        store(&world.state, &r).await;
        if i % 2 == 0 {
            ada_ids.push(r.id);
        }
    }
    ada_ids.reverse();
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..5 {
        let query = format!("?admin={}&target={}{}", world.admin.id, ada.id, cursor.as_ref().map(|c| format!("&cursor={c}")).unwrap_or_default());
        let answer = world.get(&format!("/api/admin/impersonations{query}")).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        let page = ids(&answer.body, "impersonations");
        assert!(page.len() <= 25);
        seen.extend(page);
        cursor = answer.body["next_cursor"].as_str().map(str::to_owned);
        if cursor.is_none() {
            break;
        }
    }
    assert_eq!(seen, ada_ids, "30 of Ada's records, newest first, each once");

    let first = world.get("/api/admin/impersonations").await;
    assert_eq!(first.body["impersonations"].as_array().unwrap().len(), 25);
    let cursor = first.body["next_cursor"].as_str().unwrap();
    let second = world.get(&format!("/api/admin/impersonations?cursor={cursor}")).await;
    let third = world.get(&format!("/api/admin/impersonations?cursor={}", second.body["next_cursor"].as_str().unwrap())).await;
    assert_eq!(third.body["impersonations"].as_array().unwrap().len(), 10);
    assert!(third.body["next_cursor"].is_null());
    // A cursor of the whole log does not continue one administrator's listing.
    let foreign = world.get(&format!("/api/admin/impersonations?admin={}&cursor={cursor}", world.admin.id)).await;
    assert_eq!(foreign.error_code(), "invalid_cursor");
}
