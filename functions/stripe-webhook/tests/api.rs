use axum::{Router, http::StatusCode};
use secrecy::SecretString;
use serde_json::{Value, json};
use shared::{
    AppState,
    services::access::has_access,
    payments::{events, sign_webhook},
    repo::users::UserRecord,
    testing::{Call, TEST_WEBHOOK_SECRET, TestResponse, mail_to, stored_user},
    time::{now, unix},
};

async fn app() -> (Router, AppState) {
    shared::testing::app(&[("stripe-webhook", stripe_webhook::router)]).await.parts()
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

    let account = state.users().get_user(&user.id).await.unwrap().unwrap();
    assert_eq!(account.app_metadata.is_trial_user, Some(true));
    assert!(account.app_metadata.trial_start_date.is_some());
    let mail = mail_to(&state, &user.email);
    assert_eq!(mail.len(), 1);
    assert_eq!(mail[0].email.subject, "Your 14-day RaiseSpark trial has started");
}

#[tokio::test]
async fn access_ends_with_the_trial_by_the_apps_clock_not_the_system_clock() {
    let (app, state) = app().await;
    let user = founder(&state).await;
    let response = deliver(&app, &trialing(&user, unix(now()), 7)).await;
    assert_eq!(response.status, StatusCode::OK, "{:?}", response.body);
    assert!(has_access(&state, &user.id).await.unwrap());
    // A minute past the trial's end on `state.clock`; the system clock is still on day one.
    state.clock.advance(std::time::Duration::from_secs(7 * 86_400 + 60));
    assert!(!has_access(&state, &user.id).await.unwrap(), "the trial is over by the app's clock");
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

// ------------------------------------------------------------------ one live subscription per user

/// A state whose payments go to a Stripe stub and whose conversions go to a Meta stub.
async fn stubbed_state(stripe: &wiremock::MockServer, meta: &wiremock::MockServer) -> (Router, AppState) {
    let (stripe_uri, meta_uri) = (stripe.uri(), meta.uri());
    let state = shared::testing::test_state_with(move |config| {
        config.stripe.payments = shared::config::PaymentsConfig::Stripe {
            secret_key: "sk_test_123".to_owned().into(),
            api_base: stripe_uri,
            discount_coupon: "LIFETIME20".into(),
        };
        config.meta = Some(shared::config::MetaConfig { pixel_id: "PIXEL1".into(), access_token: "meta-token-xyz".to_owned().into(), api_base: meta_uri });
    })
    .await;
    (shared::http::mount("stripe-webhook", stripe_webhook::router(state.clone())), state)
}

fn subscription_event(kind: &str, created: i64, id: &str, customer: &str, user: &UserRecord, status: &str) -> Value {
    let at = unix(now());
    let (trial_start, trial_end) = if status == "trialing" { (Some(at), Some(at + 7 * 86_400)) } else { (None, None) };
    events::event(kind, created, events::subscription(id, customer, &user.id, status, "price_local_pro", trial_start, trial_end, at + 7 * 86_400, None))
}

#[tokio::test]
async fn a_second_live_subscription_is_cancelled_at_stripe_and_the_first_is_kept() {
    use wiremock::{Mock, MockServer, ResponseTemplate, matchers::{method, path}};
    let (stripe, meta) = (MockServer::start().await, MockServer::start().await);
    Mock::given(method("DELETE"))
        .and(path("/v1/subscriptions/sub_2"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "sub_2", "object": "subscription", "status": "canceled"})))
        .expect(1)
        .mount(&stripe)
        .await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(200).set_body_json(json!({"events_received": 1}))).mount(&meta).await;
    let (app, state) = stubbed_state(&stripe, &meta).await;
    let user = founder(&state).await;
    let at = unix(now());

    deliver(&app, &events::event("checkout.session.completed", at, events::checkout_completed("cs_1", &user.id, "cus_1", "sub_1"))).await;
    deliver(&app, &subscription_event("customer.subscription.created", at, "sub_1", "cus_1", &user, "trialing")).await;
    // A second checkout completed in another tab: a second customer and subscription.
    deliver(&app, &events::event("checkout.session.completed", at + 1, events::checkout_completed("cs_2", &user.id, "cus_2", "sub_2"))).await;
    let second = deliver(&app, &subscription_event("customer.subscription.created", at + 1, "sub_2", "cus_2", &user, "trialing")).await;
    assert_eq!(second.status, StatusCode::OK, "{:?}", second.body);

    let cancels: Vec<_> = stripe.received_requests().await.unwrap().into_iter().filter(|r| r.method.as_str() == "DELETE").collect();
    assert_eq!(cancels.len(), 1, "the duplicate is cancelled once");
    assert_eq!(cancels[0].url.path(), "/v1/subscriptions/sub_2");
    assert_eq!(cancels[0].headers.get("authorization").unwrap(), "Bearer sk_test_123");

    // Stripe then reports the duplicate's end and its invoice: neither touches the kept one.
    deliver(&app, &subscription_event("customer.subscription.deleted", at + 2, "sub_2", "cus_1", &user, "canceled")).await;
    deliver(&app, &events::event("invoice.paid", at + 2, events::invoice("cus_1", "sub_2", 99_700, "subscription_create"))).await;
    let kept = stripe_webhook::subscription_of(&state, &user.id).await.unwrap().unwrap();
    assert_eq!(kept.subscription_id.as_deref(), Some("sub_1"));
    assert_eq!(kept.customer_id.as_deref(), Some("cus_1"));
    assert_eq!(kept.status.as_deref(), Some("trialing"));
    assert!(kept.first_paid_at.is_none(), "the duplicate's invoice is not the user's payment");
    assert!(has_access(&state, &user.id).await.unwrap());
    assert_eq!(mail_to(&state, &user.email).len(), 1, "one trial mail");
    assert!(meta.received_requests().await.unwrap().is_empty(), "no Purchase for the duplicate");

    // Once the kept one has ended, a new subscription takes its place and nothing is cancelled.
    deliver(&app, &subscription_event("customer.subscription.deleted", at + 3, "sub_1", "cus_1", &user, "canceled")).await;
    deliver(&app, &subscription_event("customer.subscription.created", at + 4, "sub_3", "cus_1", &user, "active")).await;
    let current = stripe_webhook::subscription_of(&state, &user.id).await.unwrap().unwrap();
    assert_eq!((current.subscription_id.as_deref(), current.status.as_deref()), (Some("sub_3"), Some("active")));
    assert_eq!(stripe.received_requests().await.unwrap().iter().filter(|r| r.method.as_str() == "DELETE").count(), 1);
}

#[tokio::test]
async fn two_subscriptions_created_at_once_leave_one_and_cancel_the_other() {
    use wiremock::{Mock, MockServer, ResponseTemplate, matchers::method};
    let (stripe, meta) = (MockServer::start().await, MockServer::start().await);
    Mock::given(method("DELETE")).respond_with(ResponseTemplate::new(200).set_body_json(json!({"status": "canceled"}))).mount(&stripe).await;
    let (app, state) = stubbed_state(&stripe, &meta).await;
    let user = founder(&state).await;
    let at = unix(now());
    let deliveries = ["sub_a", "sub_b"].map(|id| {
        let (app, event) = (app.clone(), subscription_event("customer.subscription.created", at, id, "cus_1", &user, "trialing"));
        tokio::spawn(async move { deliver(&app, &event).await })
    });
    for response in futures::future::join_all(deliveries).await {
        assert_eq!(response.unwrap().status, StatusCode::OK);
    }
    let kept = stripe_webhook::subscription_of(&state, &user.id).await.unwrap().unwrap().subscription_id.unwrap();
    let cancelled: Vec<String> = stripe.received_requests().await.unwrap().iter().map(|r| r.url.path().trim_start_matches("/v1/subscriptions/").to_owned()).collect();
    assert_eq!(cancelled.len(), 1, "{cancelled:?}");
    assert_ne!(cancelled[0], kept, "the one kept is not the one cancelled");
    assert_eq!(mail_to(&state, &user.email).len(), 1, "one trial mail");
}

// ------------------------------------------------------------------ Purchase, sent from the server

/// The hashed e-mail Meta expects for `Ada.Founder@Example.com` (trimmed, lower-cased),
/// computed independently: `printf '%s' ada.founder@example.com | sha256sum`.
const ADA_EMAIL_SHA256: &str = "81616edfda8cfe850c6858c49e88b2fc51f27a0ce9236d2b806bf12b08d04e96";

async fn ada(state: &AppState) -> UserRecord {
    let user = UserRecord {
        id: uuid::Uuid::new_v4().to_string(),
        email: "Ada.Founder@Example.com".into(),
        password_hash: "not-a-real-hash".into(),
        created_at: shared::time::now_iso(),
        email_confirmed_at: Some(shared::time::now_iso()),
        user_metadata: Default::default(),
        app_metadata: Default::default(),
        session_epoch: 0,
        last_sign_in_at: None,
        recovery_epoch: 0,
    };
    state.users().create_user(&user).await.unwrap();
    user
}

#[tokio::test]
async fn the_first_paid_invoice_sends_one_purchase_with_its_amount_and_the_token_outside_the_url() {
    use wiremock::{Mock, MockServer, ResponseTemplate, matchers::{method, path}};
    let (stripe, meta) = (MockServer::start().await, MockServer::start().await);
    Mock::given(method("POST"))
        .and(path("/v21.0/PIXEL1/events"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"events_received": 1})))
        .mount(&meta)
        .await;
    let (app, state) = stubbed_state(&stripe, &meta).await;
    let user = ada(&state).await;
    let at = unix(now());
    deliver(&app, &subscription_event("customer.subscription.created", at, "sub_1", "cus_1", &user, "trialing")).await;
    deliver(&app, &events::event("invoice.paid", at, events::invoice("cus_1", "sub_1", 0, "subscription_create"))).await;
    assert!(meta.received_requests().await.unwrap().is_empty(), "the $0 trial invoice is no Purchase");

    let invoice = events::invoice("cus_1", "sub_1", 99_700, "subscription_cycle");
    let invoice_id = invoice["id"].as_str().unwrap().to_owned();
    deliver(&app, &events::event("invoice.paid", at + 10, invoice.clone())).await;
    // Stripe sends both events for one payment, then the next month's invoice.
    deliver(&app, &events::event("invoice.payment_succeeded", at + 10, invoice)).await;
    deliver(&app, &events::event("invoice.paid", at + 20, events::invoice("cus_1", "sub_1", 99_700, "subscription_cycle"))).await;

    let sent = meta.received_requests().await.unwrap();
    assert_eq!(sent.len(), 1, "exactly one Purchase");
    let request = &sent[0];
    assert!(request.url.query().is_none_or(|query| !query.contains("access_token")), "{}", request.url);
    assert!(!request.url.as_str().contains("meta-token-xyz"), "the token never travels in a URL that can be logged");
    let body: Value = serde_json::from_slice(&request.body).unwrap();
    assert_eq!(body["access_token"], "meta-token-xyz");
    let event = &body["data"][0];
    assert_eq!(event["event_name"], "Purchase");
    assert_eq!(event["event_id"], invoice_id.as_str(), "the invoice id lets Meta drop a duplicate");
    assert_eq!(event["action_source"], "system_generated");
    assert_eq!(event["user_data"]["em"], json!([ADA_EMAIL_SHA256]));
    assert_eq!(event["custom_data"]["value"], json!(997.0));
    assert_eq!(event["custom_data"]["currency"], "USD");
    assert_eq!(event["custom_data"]["content_name"], "RaiseSpark Pro");
    assert!(!body.to_string().contains("Ada.Founder"), "no clear-text e-mail leaves the server");
}
