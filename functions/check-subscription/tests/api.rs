use aws_sdk_dynamodb::types::AttributeValue;
use axum::http::StatusCode;
use serde_json::json;
use shared::testing::{Call, test_user};

async fn app() -> (axum::Router, shared::AppState) {
    shared::testing::app(&[("check-subscription", check_subscription::router)]).await.parts()
}

async fn store(state: &shared::AppState, user_id: &str, status: &str, trial_end: i64) {
    state
        .dynamo
        .put_item()
        .table_name(&state.config.tables.subscriptions)
        .item("user_id", AttributeValue::S(user_id.into()))
        .item("status", AttributeValue::S(status.into()))
        .item("plan", AttributeValue::S("RaiseSpark".into()))
        .item("trial_end", AttributeValue::N(trial_end.to_string()))
        .item("last_event_created", AttributeValue::N("1".into()))
        .send()
        .await
        .unwrap();
}

#[tokio::test]
async fn a_user_without_a_subscription_is_inactive() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let response = Call::post("/api/check-subscription").token(&user.token).json(json!({"priceId": "price_local_standard"})).send(&app).await;
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.body, json!({"active": false, "subscribed": false, "onTrial": false, "subscriptions": []}));
}

#[tokio::test]
async fn a_trialing_user_is_active_and_on_trial_with_the_trial_end() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    store(&state, &user.id, "trialing", 4_102_444_800).await; // 2100-01-01
    let response = Call::post("/api/check-subscription").token(&user.token).json(json!({"priceId": "price_local_standard"})).send(&app).await;
    assert_eq!(
        response.body,
        json!({"active": true, "subscribed": true, "onTrial": true,
               "subscriptions": [{"status": "trialing", "onTrial": true, "trialEnd": "2100-01-01T00:00:00Z", "plan": "RaiseSpark", "priceId": null}]})
    );
}

#[tokio::test]
async fn an_expired_trial_or_a_canceled_subscription_is_inactive_and_users_see_only_their_own() {
    let (app, state) = app().await;
    let (expired, canceled, other) = (test_user(&state).await, test_user(&state).await, test_user(&state).await);
    store(&state, &expired.id, "trialing", 1_000).await;
    store(&state, &canceled.id, "canceled", 4_102_444_800).await;
    store(&state, &other.id, "trialing", 4_102_444_800).await;
    for user in [&expired, &canceled] {
        let response = Call::post("/api/check-subscription").token(&user.token).json(json!({})).send(&app).await;
        assert_eq!(response.body["active"], false);
        assert_eq!(response.body["onTrial"], false);
    }
}

#[tokio::test]
async fn checking_needs_a_token_and_a_sane_body() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    assert_eq!(Call::post("/api/check-subscription").json(json!({})).send(&app).await.status, StatusCode::UNAUTHORIZED);
    let long = Call::post("/api/check-subscription").token(&user.token).json(json!({"priceId": "p".repeat(201)})).send(&app).await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    let wrong = Call::post("/api/check-subscription").token(&user.token).json(json!({"priceId": 5})).send(&app).await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_plans_are_public_and_named_as_the_spec_says() {
    let (app, _) = app().await;
    let response = Call::get("/api/check-subscription/plans").send(&app).await;
    assert_eq!(response.status, StatusCode::OK);
    let names: Vec<_> = response.body["plans"].as_array().unwrap().iter().map(|p| (p["name"].clone(), p["value_usd"].clone(), p["trial_days"].clone())).collect();
    assert_eq!(names, vec![(json!("RaiseSpark"), json!(497), json!(7)), (json!("RaiseSpark Pro"), json!(997), json!(7))]);
}
