use axum::{Router, http::StatusCode};
use secrecy::SecretString;
use serde_json::{Value, json};
use shared::{
    AppState,
    billing::has_access,
    payments::{events, sign_webhook},
    repo::users::{UserRecord, get_user},
    testing::{Call, TEST_WEBHOOK_SECRET, TestResponse, mail_to, stored_user, test_state},
    time::{now, unix},
};

async fn app() -> (Router, AppState) {
    let state = test_state().await;
    (shared::http::mount("stripe-webhook", stripe_webhook::router(state.clone())), state)
}

async fn founder(state: &AppState) -> UserRecord {
    stored_user(state, "founder").await
}

fn signed(payload: &str, at: i64) -> String {
    sign_webhook(&SecretString::from(TEST_WEBHOOK_SECRET), payload.as_bytes(), at)
}

async fn deliver(app: &Router, event: &Value) -> TestResponse {
    let payload = event.to_string();
    Call::post("/api/stripe-webhook").header("stripe-signature", &signed(&payload, unix(now()))).raw_json(payload).send(app).await
}

fn trialing(user: &UserRecord, created: i64, days: i64) -> Value {
    let start = unix(now());
    events::event(
        "customer.subscription.created",
        created,
        events::subscription("sub_1", "cus_1", &user.id, "trialing", "price_local_pro", Some(start), Some(start + days * 86_400), start + days * 86_400, None),
    )
}

#[tokio::test]
async fn a_signed_trial_event_grants_access_marks_the_trial_and_mails_once() {
    let (app, state) = app().await;
    let user = founder(&state).await;
    let response = deliver(&app, &trialing(&user, unix(now()), 14)).await;
    assert_eq!(response.status, StatusCode::OK, "{:?}", response.body);

    let subscription = stripe_webhook::subscription_of(&state, &user.id).await.unwrap().unwrap();
    assert_eq!(subscription.status.as_deref(), Some("trialing"));
    assert_eq!(subscription.plan.as_deref(), Some("RaiseSpark Pro"));
    assert_eq!(subscription.customer_id.as_deref(), Some("cus_1"));
    assert!(has_access(&state, &user.id).await.unwrap());

    let account = get_user(&state.dynamo, &state.config.tables, &user.id).await.unwrap().unwrap();
    assert_eq!(account.app_metadata.is_trial_user, Some(true));
    assert!(account.app_metadata.trial_start_date.is_some());
    let mail = mail_to(&state, &user.email);
    assert_eq!(mail.len(), 1);
    assert_eq!(mail[0].email.subject, "Your 14 days RaiseSpark trial has started");
}

#[tokio::test]
async fn an_invalid_or_missing_signature_is_400_and_writes_nothing() {
    let (app, state) = app().await;
    let user = founder(&state).await;
    let payload = trialing(&user, unix(now()), 7).to_string();
    let forged = sign_webhook(&SecretString::from("whsec_someone_else"), payload.as_bytes(), unix(now()));
    for header in [forged.as_str(), "t=1,v1=deadbeef", ""] {
        let response = Call::post("/api/stripe-webhook").header("stripe-signature", header).raw_json(payload.clone()).send(&app).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{header}");
        assert_eq!(response.error_code(), "invalid_signature");
    }
    assert!(stripe_webhook::subscription_of(&state, &user.id).await.unwrap().is_none());
    assert!(!has_access(&state, &user.id).await.unwrap());
}

#[tokio::test]
async fn a_stale_signature_is_refused() {
    let (app, state) = app().await;
    let user = founder(&state).await;
    let payload = trialing(&user, unix(now()), 7).to_string();
    let old = signed(&payload, unix(now()) - 301);
    let response = Call::post("/api/stripe-webhook").header("stripe-signature", &old).raw_json(payload).send(&app).await;
    assert_eq!(response.status, StatusCode::BAD_REQUEST);
    assert!(stripe_webhook::subscription_of(&state, &user.id).await.unwrap().is_none());
}

#[tokio::test]
async fn a_replayed_event_changes_state_once() {
    let (app, state) = app().await;
    let user = founder(&state).await;
    let event = trialing(&user, unix(now()), 7);
    assert_eq!(deliver(&app, &event).await.body, json!({"received": true}));
    let again = deliver(&app, &event).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body["duplicate"], true);
    assert_eq!(mail_to(&state, &user.email).len(), 1, "one trial mail");
}

#[tokio::test]
async fn ten_parallel_deliveries_of_one_event_apply_it_once() {
    let (app, state) = app().await;
    let user = founder(&state).await;
    let event = trialing(&user, unix(now()), 7);
    let deliveries = (0..10).map(|_| {
        let (app, event) = (app.clone(), event.clone());
        tokio::spawn(async move { deliver(&app, &event).await })
    });
    let responses: Vec<TestResponse> = futures::future::join_all(deliveries).await.into_iter().map(Result::unwrap).collect();
    assert!(responses.iter().all(|r| r.status == StatusCode::OK));
    assert_eq!(responses.iter().filter(|r| r.body.get("duplicate").is_none()).count(), 1);
    assert_eq!(mail_to(&state, &user.email).len(), 1);
}

#[tokio::test]
async fn an_older_event_arriving_late_never_moves_the_subscription_back() {
    let (app, state) = app().await;
    let user = founder(&state).await;
    let at = unix(now());
    let newer = events::event(
        "customer.subscription.updated",
        at,
        events::subscription("sub_1", "cus_1", &user.id, "active", "price_local_standard", None, None, at + 30 * 86_400, None),
    );
    let older = events::event(
        "customer.subscription.created",
        at - 100,
        events::subscription("sub_1", "cus_1", &user.id, "trialing", "price_local_standard", Some(at - 100), Some(at + 600_000), at + 600_000, None),
    );
    deliver(&app, &newer).await;
    assert_eq!(deliver(&app, &older).await.status, StatusCode::OK, "acknowledged, so Stripe stops retrying");
    let subscription = stripe_webhook::subscription_of(&state, &user.id).await.unwrap().unwrap();
    assert_eq!(subscription.status.as_deref(), Some("active"));
    assert!(mail_to(&state, &user.email).is_empty(), "no trial mail from the stale event");
}

#[tokio::test]
async fn a_deleted_subscription_ends_access_on_the_server_gate() {
    let (app, state) = app().await;
    let user = founder(&state).await;
    let at = unix(now());
    deliver(&app, &trialing(&user, at, 7)).await;
    assert!(has_access(&state, &user.id).await.unwrap());
    let deleted = events::event(
        "customer.subscription.deleted",
        at + 1,
        events::subscription("sub_1", "cus_1", &user.id, "canceled", "price_local_pro", None, None, at, None),
    );
    deliver(&app, &deleted).await;
    assert!(!has_access(&state, &user.id).await.unwrap());
    assert_eq!(stripe_webhook::subscription_of(&state, &user.id).await.unwrap().unwrap().status.as_deref(), Some("canceled"));
}

#[tokio::test]
async fn checkout_completion_links_the_customer_and_invoices_find_the_user_through_it() {
    let (app, state) = app().await;
    let user = founder(&state).await;
    let at = unix(now());
    deliver(&app, &events::event("checkout.session.completed", at, events::checkout_completed("cs_1", &user.id, "cus_9", "sub_9"))).await;
    deliver(&app, &events::event("invoice.paid", at, events::invoice("cus_9", "sub_9", 0, "subscription_create"))).await;
    assert!(stripe_webhook::subscription_of(&state, &user.id).await.unwrap().unwrap().first_paid_at.is_none(), "a $0 trial invoice is not a payment");
    deliver(&app, &events::event("invoice.paid", at + 5, events::invoice("cus_9", "sub_9", 49_700, "subscription_cycle"))).await;
    let subscription = stripe_webhook::subscription_of(&state, &user.id).await.unwrap().unwrap();
    assert_eq!(subscription.customer_id.as_deref(), Some("cus_9"));
    assert!(subscription.first_paid_at.is_some());
}

#[tokio::test]
async fn malformed_events_with_a_valid_signature_are_400() {
    let (app, _) = app().await;
    for payload in ["not json", r#"{"id":"evt_1"}"#] {
        let response = Call::post("/api/stripe-webhook").header("stripe-signature", &signed(payload, unix(now()))).raw_json(payload).send(&app).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{payload}");
    }
}
