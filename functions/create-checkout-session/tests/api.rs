use axum::http::StatusCode;
use serde_json::json;
use shared::{
    config::PaymentsConfig,
    testing::{Call, test_state, test_state_with, test_user},
};
use wiremock::{Mock, MockServer, ResponseTemplate, matchers::{header, method, path}};

fn mount(state: &shared::AppState) -> axum::Router {
    shared::http::mount("create-checkout-session", create_checkout_session::router(state.clone()))
}

fn body(price: &str) -> serde_json::Value {
    json!({"priceId": price, "successUrl": "http://localhost:3000/forms?payment_success=true", "isExtendedTrial": false, "discountPercentage": null})
}

#[tokio::test]
async fn without_a_session_the_spec_message_is_returned() {
    let state = test_state().await;
    let response = Call::post("/api/create-checkout-session").json(body("price_local_standard")).send(&mount(&state)).await;
    assert_eq!(response.status, StatusCode::UNAUTHORIZED);
    assert_eq!(response.error_message(), "User is not authenticated");
}

#[tokio::test]
async fn local_checkout_carries_the_trial_length_and_discount() {
    let state = test_state().await;
    let app = mount(&state);
    let user = test_user(&state);
    let mut request = body("price_local_pro");
    request["isExtendedTrial"] = json!(true);
    request["discountPercentage"] = json!(20);
    let response = Call::post("/api/create-checkout-session").token(&user.token).json(request).send(&app).await;
    assert_eq!(response.status, StatusCode::OK, "{:?}", response.body);
    let url = response.body["url"].as_str().unwrap();
    assert!(url.starts_with("http://localhost:3000/dev/checkout/cs_local_"), "{url}");
    let id = url.rsplit('/').next().unwrap();
    let checkout = state.payments.local().unwrap().checkout(id).unwrap();
    assert_eq!((checkout.trial_days, checkout.discount_percent), (14, Some(20)));
    assert_eq!(checkout.request_user_id, user.id);
    assert_eq!(checkout.cancel_url, "http://localhost:3000/pricing");
}

#[tokio::test]
async fn invalid_checkout_requests_are_400() {
    let state = test_state().await;
    let app = mount(&state);
    let user = test_user(&state);
    let mut foreign = body("price_local_standard");
    foreign["successUrl"] = json!("https://evil.example/steal");
    let mut discount = body("price_local_standard");
    discount["discountPercentage"] = json!(50);
    let cases = [
        (body("price_made_up"), "That plan does not exist. Please choose a plan on the pricing page."),
        (foreign, "successUrl must be a page of this site."),
        (discount, "Only the 20% lifetime discount is available."),
        (json!({"priceId": "price_local_standard"}), "Invalid request body: missing field `successUrl`."),
    ];
    for (request, message) in cases {
        let response = Call::post("/api/create-checkout-session").token(&user.token).json(request).send(&app).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{message}");
        assert_eq!(response.error_message(), message);
    }
}

async fn stripe_state(server: &MockServer) -> shared::AppState {
    let uri = server.uri();
    test_state_with(move |config| {
        config.stripe.payments = PaymentsConfig::Stripe {
            secret_key: "sk_test_123".to_owned().into(),
            api_base: uri,
            discount_coupon: "LIFETIME20".into(),
        };
    })
    .await
}

#[tokio::test]
async fn stripe_receives_a_form_encoded_subscription_checkout() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .and(header("authorization", "Bearer sk_test_123"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "cs_test_1", "url": "https://checkout.stripe.com/c/pay/cs_test_1"})))
        .expect(1)
        .mount(&server)
        .await;
    let state = stripe_state(&server).await;
    let user = test_user(&state);
    let mut request = body("price_local_pro");
    request["isExtendedTrial"] = json!(true);
    request["discountPercentage"] = json!(20);
    let response = Call::post("/api/create-checkout-session").token(&user.token).json(request).send(&mount(&state)).await;
    assert_eq!(response.body, json!({"url": "https://checkout.stripe.com/c/pay/cs_test_1"}));

    let received = &server.received_requests().await.unwrap()[0];
    assert_eq!(received.headers.get("content-type").unwrap(), "application/x-www-form-urlencoded");
    assert!(received.headers.get("idempotency-key").is_some());
    let form: std::collections::HashMap<String, String> = url_pairs(&received.body);
    assert_eq!(form["mode"], "subscription");
    assert_eq!(form["line_items[0][price]"], "price_local_pro");
    assert_eq!(form["line_items[0][quantity]"], "1");
    assert_eq!(form["client_reference_id"], user.id);
    assert_eq!(form["customer_email"], user.email);
    assert_eq!(form["subscription_data[trial_period_days]"], "14");
    assert_eq!(form["subscription_data[metadata][user_id]"], user.id);
    assert_eq!(form["discounts[0][coupon]"], "LIFETIME20");
    assert_eq!(form["success_url"], "http://localhost:3000/forms?payment_success=true");
    assert_eq!(form["cancel_url"], "http://localhost:3000/pricing");
}

#[tokio::test]
async fn stripe_without_a_url_or_failing_gives_the_catalogue_messages() {
    let server = MockServer::start().await;
    Mock::given(method("POST")).and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "cs_test_2"})))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("POST")).and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(400).set_body_json(json!({"error": {"message": "No such price"}})))
        .mount(&server)
        .await;
    let state = stripe_state(&server).await;
    let user = test_user(&state);
    let app = mount(&state);
    let no_url = Call::post("/api/create-checkout-session").token(&user.token).json(body("price_local_standard")).send(&app).await;
    assert_eq!(no_url.error_message(), "No checkout URL returned");
    let failed = Call::post("/api/create-checkout-session").token(&user.token).json(body("price_local_standard")).send(&app).await;
    assert_eq!(failed.status, StatusCode::BAD_GATEWAY);
    assert_eq!(failed.error_message(), "Failed to create checkout session");
}

fn url_pairs(body: &[u8]) -> std::collections::HashMap<String, String> {
    let decode = |s: &str| {
        let s = s.replace('+', " ");
        let bytes = s.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' {
                out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
                i += 3;
            } else {
                out.push(bytes[i]);
                i += 1;
            }
        }
        String::from_utf8(out).unwrap()
    };
    String::from_utf8_lossy(body).split('&').filter_map(|pair| pair.split_once('=')).map(|(k, v)| (decode(k), decode(v))).collect()
}
