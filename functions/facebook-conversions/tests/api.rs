use axum::http::StatusCode;
use serde_json::json;
use shared::{
    config::MetaConfig,
    crypto::sha256_hex,
    testing::{Call, test_state, test_state_with, test_user},
};
use wiremock::{Mock, MockServer, ResponseTemplate, matchers::{body_partial_json, method, path}};

fn mount(state: &shared::AppState) -> axum::Router {
    shared::http::mount("facebook-conversions", facebook_conversions::router(state.clone()))
}

fn purchase() -> serde_json::Value {
    json!({"event": "Purchase", "userData": {"email": "ignored@example.com", "fbp": "fb.1.123.456", "fbc": "fb.1.123.abc"},
           "customData": {"value": 997, "currency": "USD", "contentName": "RaiseSpark Pro", "contentIds": ["price_local_pro"], "contentType": "product"}})
}

/// The spec's InitiateCheckout: contentIds is the price id, contentType is product.
fn initiate_checkout() -> serde_json::Value {
    json!({"event": "InitiateCheckout", "userData": {"email": "ignored@example.com", "fbp": "fb.1.123.456", "fbc": "fb.1.123.abc"},
           "customData": {"value": 997, "currency": "USD", "contentName": "RaiseSpark Pro", "contentIds": ["price_local_pro"], "contentType": "product"}})
}

#[tokio::test]
async fn without_a_pixel_nothing_is_sent_and_the_answer_says_so() {
    let state = test_state().await;
    let user = test_user(&state).await;
    let response = Call::post("/api/facebook-conversions").token(&user.token).json(initiate_checkout()).send(&mount(&state)).await;
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.body, json!({"success": false, "reason": "not configured"}));
}

async fn meta_state(server: &MockServer) -> shared::AppState {
    let uri = server.uri();
    test_state_with(move |config| {
        config.meta = Some(MetaConfig { pixel_id: "PIXEL1".into(), access_token: "token-abc".to_owned().into(), api_base: uri });
    })
    .await
}

#[tokio::test]
async fn meta_receives_hashed_identity_and_the_token_in_the_body_never_in_the_url() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v21.0/PIXEL1/events"))
        .and(body_partial_json(json!({"access_token": "token-abc"})))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"events_received": 1})))
        .expect(1)
        .mount(&server)
        .await;
    let state = meta_state(&server).await;
    let user = test_user(&state).await;
    let response = Call::post("/api/facebook-conversions").token(&user.token).header("user-agent", "Test/1.0").json(initiate_checkout()).send(&mount(&state)).await;
    assert_eq!(response.body, json!({"success": true, "eventsReceived": 1}));

    let received = &server.received_requests().await.unwrap()[0];
    assert!(received.url.query().is_none(), "no query string, so no token in a logged URL: {}", received.url);
    assert!(!received.url.as_str().contains("token-abc"));
    let sent: serde_json::Value = serde_json::from_slice(&received.body).unwrap();
    assert_eq!(sent["access_token"], "token-abc");
    let event = &sent["data"][0];
    assert_eq!(event["event_name"], "InitiateCheckout");
    assert_eq!(event["action_source"], "website");
    assert_eq!(event["user_data"]["em"], json!([sha256_hex(&user.email)]), "the caller's own e-mail, hashed");
    assert_eq!(event["user_data"]["external_id"], json!([sha256_hex(&user.id)]));
    assert_eq!(event["user_data"]["fbp"], "fb.1.123.456");
    assert_eq!(event["user_data"]["fbc"], "fb.1.123.abc");
    assert_eq!(event["user_data"]["client_user_agent"], "Test/1.0");
    assert!(!sent.to_string().contains(&user.email), "no clear-text e-mail leaves the server");
    assert_eq!(
        event["custom_data"],
        json!({"value": 997.0, "currency": "USD", "content_name": "RaiseSpark Pro", "content_ids": ["price_local_pro"], "content_type": "product"})
    );
}

#[tokio::test]
async fn a_meta_failure_is_success_false_not_an_error() {
    let server = MockServer::start().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(500)).mount(&server).await;
    let state = meta_state(&server).await;
    let user = test_user(&state).await;
    let response = Call::post("/api/facebook-conversions").token(&user.token).json(initiate_checkout()).send(&mount(&state)).await;
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.body, json!({"success": false}));
}

#[tokio::test]
async fn unknown_events_and_anonymous_calls_are_refused() {
    let state = test_state().await;
    let user = test_user(&state).await;
    let app = mount(&state);
    let unknown = Call::post("/api/facebook-conversions").token(&user.token).json(json!({"event": "Hack"})).send(&app).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert_eq!(Call::post("/api/facebook-conversions").json(initiate_checkout()).send(&app).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_browser_cannot_send_a_purchase_and_meta_is_not_called() {
    let server = MockServer::start().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(200).set_body_json(json!({"events_received": 1}))).expect(0).mount(&server).await;
    let state = meta_state(&server).await;
    let user = test_user(&state).await;
    let app = mount(&state);
    let response = Call::post("/api/facebook-conversions").token(&user.token).json(purchase()).send(&app).await;
    assert_eq!(response.status, StatusCode::BAD_REQUEST, "{:?}", response.body);
    assert_eq!(response.error_code(), "purchase_not_accepted");
    assert_eq!(response.error_message(), "Purchase is recorded by the server once the payment is confirmed; it cannot be sent from the browser.");
    // The spec's other events are still accepted (here without a pixel, so nothing is sent).
    let plain = test_state().await;
    let (plain_app, plain_user) = (mount(&plain), test_user(&plain).await);
    for event in ["InitiateCheckout", "Lead", "CompleteRegistration", "StartTrial", "Subscribe", "PageView"] {
        let mut body = initiate_checkout();
        body["event"] = json!(event);
        let accepted = Call::post("/api/facebook-conversions").token(&plain_user.token).json(body).send(&plain_app).await;
        assert_eq!(accepted.status, StatusCode::OK, "{event}");
    }
}
