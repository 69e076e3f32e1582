//! Earn Rewards end to end over the real routers: a link, a sign-up through it, the referred
//! account's trial and first paid invoice, and the referrer's free month — once.

use axum::{Router, http::StatusCode};
use secrecy::SecretString;
use serde_json::{Value, json};
use shared::{
    AppState,
    auth::ACCESS_TOKEN_TTL,
    payments::{events, sign_webhook},
    repo::users::UserRecord,
    testing::{Call, TEST_WEBHOOK_SECRET, stored_user},
    time::{now, unix},
};

async fn app() -> (Router, AppState) {
    shared::testing::app(&[("rewards", rewards::router), ("auth", auth::router), ("stripe-webhook", stripe_webhook::router)]).await.parts()
}

fn token(state: &AppState, user: &UserRecord) -> String {
    state.tokens.issue(&user.id, &user.email, ACCESS_TOKEN_TTL).unwrap()
}

async fn deliver(app: &Router, event: &Value) {
    let payload = event.to_string();
    let signature = sign_webhook(&SecretString::from(TEST_WEBHOOK_SECRET), payload.as_bytes(), unix(now()));
    let response = Call::post("/api/stripe-webhook").header("stripe-signature", &signature).raw_json(payload).send(app).await;
    assert_eq!(response.status, StatusCode::OK, "{:?}", response.body);
}

async fn subscribe(app: &Router, user_id: &str, customer: &str, subscription: &str, price: &str, status: &str, at: i64) {
    let end = unix(now()) + 7 * 86_400;
    let trial = (status == "trialing").then_some(unix(now()));
    deliver(app, &events::event("customer.subscription.created", at, events::subscription(subscription, customer, user_id, status, price, trial, trial.map(|_| end), end, None))).await;
}

/// Signs up through the link and confirms the mailed link (the account, and its referral,
/// exist from the confirmation on); returns the confirmed session.
async fn sign_up(app: &Router, state: &AppState, email: &str, name: &str, code: &str, ip: &str) -> Value {
    let password = "Correct-horse-42!";
    let response = Call::post("/api/auth/signup")
        .from_ip(ip)
        .json(json!({"email": email, "password": password, "data": {"name": name, "referral_id": code}}))
        .send(app)
        .await;
    assert_eq!(response.status, StatusCode::CREATED, "{:?}", response.body);
    state.background.idle().await;
    let link = shared::testing::mail_to(state, email)
        .iter()
        .flat_map(|mail| mail.links())
        .find(|link| link.contains("type=signup"))
        .expect("a confirmation link");
    let token = link.split("token=").nth(1).unwrap().split('&').next().unwrap().to_owned();
    let session = Call::post("/api/auth/verify").from_ip(ip).json(json!({"token": token, "type": "signup", "password": password})).send(app).await;
    assert_eq!(session.status, StatusCode::OK, "{:?}", session.body);
    state.background.idle().await;
    session.body
}

#[tokio::test]
async fn a_referral_signs_up_pays_and_earns_the_referrer_one_free_month_once() {
    let (app, state) = app().await;
    let referrer = stored_user(&state, "referrer").await;
    subscribe(&app, &referrer.id, "cus_referrer", "sub_referrer", "price_local_pro", "active", unix(now())).await;
    let page = Call::get("/api/rewards").token(&token(&state, &referrer)).send(&app).await;
    assert_eq!(page.status, StatusCode::OK);
    let code = page.body["code"].as_str().unwrap().to_owned();
    assert_eq!(page.body["link"], format!("http://localhost:3000/?ref={code}"));
    assert_eq!(page.body["referrals"], json!([]));

    // Sign-up through the link (the SPA sends referral_id from localStorage).
    let referred = sign_up(&app, &state, "grace@example.com", "Grace Hopper", &code.to_lowercase(), "10.3.0.1").await;
    let referred_id = referred["user"]["id"].as_str().unwrap().to_owned();
    // The referrer's own address (another spelling) and an unknown code count for nothing.
    let own = referrer.email.replace('@', "+again@");
    sign_up(&app, &state, &own, "Me Again", &code, "10.3.0.2").await;
    sign_up(&app, &state, "alan@example.com", "Alan Turing", "ZZZZZZZZ", "10.3.0.3").await;

    let page = Call::get("/api/rewards").token(&token(&state, &referrer)).send(&app).await;
    assert_eq!(page.body["referrals"], json!([{"name": "Grace H.", "status": "signed_up", "joinedAt": page.body["referrals"][0]["joinedAt"]}]));

    subscribe(&app, &referred_id, "cus_grace", "sub_grace", "price_local_standard", "trialing", unix(now())).await;
    let page = Call::get("/api/rewards").token(&token(&state, &referrer)).send(&app).await;
    assert_eq!(page.body["referrals"][0]["status"], "on_trial");
    assert_eq!(page.body["rewards"], json!([]));

    // The trial's $0 invoice earns nothing; the first paid invoice earns a month of Pro.
    deliver(&app, &events::event("invoice.paid", unix(now()), events::invoice("cus_grace", "sub_grace", 0, "subscription_create"))).await;
    assert_eq!(Call::get("/api/rewards").token(&token(&state, &referrer)).send(&app).await.body["totals"]["freeMonths"], 0);
    let at = unix(now()) + 1;
    subscribe(&app, &referred_id, "cus_grace", "sub_grace", "price_local_standard", "active", at).await;
    deliver(&app, &events::event("invoice.paid", at, events::invoice("cus_grace", "sub_grace", 49_700, "subscription_cycle"))).await;
    deliver(&app, &events::event("invoice.paid", at + 1, events::invoice("cus_grace", "sub_grace", 49_700, "subscription_cycle"))).await;

    let page = Call::get("/api/rewards").token(&token(&state, &referrer)).send(&app).await;
    assert_eq!(page.body["referrals"][0]["status"], "paying");
    let rewards = page.body["rewards"].as_array().unwrap();
    assert_eq!(rewards.len(), 1);
    assert_eq!((rewards[0]["usd"].clone(), rewards[0]["plan"].clone(), rewards[0]["credit"].clone()), (json!(997), json!("RaiseSpark Pro"), json!("credited")));
    assert_eq!(page.body["totals"], json!({"referred": 1, "onTrial": 0, "paying": 1, "freeMonths": 1, "creditUsd": 997}));
    let credits = state.payments.local().unwrap().credits_of("cus_referrer");
    assert_eq!(credits.len(), 1, "credited once");
    assert_eq!(credits[0].cents, 99_700);

    // Nobody else sees it.
    let stranger = stored_user(&state, "stranger").await;
    let theirs = Call::get("/api/rewards").token(&token(&state, &stranger)).send(&app).await;
    assert_eq!(theirs.body["referrals"], json!([]));
    assert_ne!(theirs.body["code"], json!(code));
    assert_eq!(Call::get("/api/rewards").send(&app).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_referrer_without_billing_gets_a_pending_free_month() {
    let (app, state) = app().await;
    let referrer = stored_user(&state, "referrer").await;
    let code = Call::get("/api/rewards").token(&token(&state, &referrer)).send(&app).await.body["code"].as_str().unwrap().to_owned();
    let referred = sign_up(&app, &state, "ada@example.com", "Ada Lovelace", &code, "10.4.0.1").await;
    let id = referred["user"]["id"].as_str().unwrap();
    subscribe(&app, id, "cus_ada", "sub_ada", "price_local_standard", "active", unix(now())).await;
    deliver(&app, &events::event("invoice.paid", unix(now()), events::invoice("cus_ada", "sub_ada", 49_700, "subscription_cycle"))).await;
    let page = Call::get("/api/rewards").token(&token(&state, &referrer)).send(&app).await;
    assert_eq!(page.body["rewards"][0]["credit"], "pending");
    assert_eq!(page.body["rewards"][0]["usd"], 497);
}
