use axum::http::StatusCode;
use serde_json::json;
use shared::{
    config::PaymentsConfig,
    dynamo::to_item,
    plans::SubscriptionRecord,
    testing::{Call, test_state, test_state_with, test_user},
    time::{now, unix},
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
async fn local_checkout_carries_the_extended_trial_or_the_discount() {
    let state = test_state().await;
    let app = mount(&state);
    for (extended, discount, expected) in [(true, json!(null), (Some(14), None)), (false, json!(20), (Some(7), Some(20)))] {
        let user = test_user(&state).await;
        let mut request = body("price_local_pro");
        request["isExtendedTrial"] = json!(extended);
        request["discountPercentage"] = discount;
        let response = Call::post("/api/create-checkout-session").token(&user.token).json(request).send(&app).await;
        assert_eq!(response.status, StatusCode::OK, "{:?}", response.body);
        let url = response.body["url"].as_str().unwrap();
        assert!(url.starts_with("http://localhost:3000/dev/checkout/cs_local_"), "{url}");
        let id = url.rsplit('/').next().unwrap();
        let checkout = state.payments.local().unwrap().checkout(id).unwrap();
        assert_eq!((checkout.trial_days, checkout.discount_percent), expected);
        assert_eq!(checkout.request_user_id, user.id);
        assert_eq!(checkout.cancel_url, "http://localhost:3000/pricing");
    }
}

#[tokio::test]
async fn invalid_checkout_requests_are_400() {
    let state = test_state().await;
    let app = mount(&state);
    let user = test_user(&state).await;
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
    let user = test_user(&state).await;
    let mut request = body("price_local_pro");
    request["isExtendedTrial"] = json!(true);
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
    assert!(!form.contains_key("discounts[0][coupon]"), "no coupon when the discount was not chosen");
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
    let user = test_user(&state).await;
    let app = mount(&state);
    let no_url = Call::post("/api/create-checkout-session").token(&user.token).json(body("price_local_standard")).send(&app).await;
    assert_eq!(no_url.error_message(), "No checkout URL returned");
    let failed = Call::post("/api/create-checkout-session").token(&user.token).json(body("price_local_standard")).send(&app).await;
    assert_eq!(failed.status, StatusCode::BAD_GATEWAY);
    assert_eq!(failed.error_message(), "Failed to create checkout session");
}

// ------------------------------------------------------------------ offers decided by the server

/// A Stripe stub that answers every checkout with a URL; `expected` sessions must be created.
async fn stripe_stub(expected: u64) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "cs_test_9", "url": "https://checkout.stripe.com/c/pay/cs_test_9"})))
        .expect(expected)
        .mount(&server)
        .await;
    server
}

async fn sent_forms(server: &MockServer) -> Vec<std::collections::HashMap<String, String>> {
    server.received_requests().await.unwrap().iter().filter(|r| r.url.path() == "/v1/checkout/sessions").map(|r| url_pairs(&r.body)).collect()
}

fn subscription(user_id: &str, status: &str) -> SubscriptionRecord {
    let at = unix(now());
    SubscriptionRecord {
        user_id: user_id.to_owned(),
        customer_id: Some("cus_old".into()),
        subscription_id: Some("sub_old".into()),
        status: Some(status.into()),
        price_id: Some("price_local_standard".into()),
        plan: Some("RaiseSpark".into()),
        trial_end: Some(at - 20 * 86_400),
        current_period_end: Some(at + 10 * 86_400),
        last_event_created: at - 100,
        first_paid_at: None,
        payment_failed_at: None,
    }
}

async fn store_subscription(state: &shared::AppState, record: &SubscriptionRecord) {
    state
        .dynamo
        .put_item()
        .table_name(&state.config.tables.subscriptions)
        .set_item(Some(to_item(record).unwrap()))
        .send()
        .await
        .unwrap();
}

#[tokio::test]
async fn the_extended_trial_and_the_discount_together_are_400_and_each_alone_is_honoured() {
    let server = stripe_stub(1).await;
    let state = stripe_state(&server).await;
    let user = test_user(&state).await;
    let mut request = body("price_local_pro");
    request["isExtendedTrial"] = json!(true);
    request["discountPercentage"] = json!(20);
    let response = Call::post("/api/create-checkout-session").token(&user.token).json(request).send(&mount(&state)).await;
    assert_eq!(response.status, StatusCode::BAD_REQUEST, "{:?}", response.body);
    assert_eq!(response.error_code(), "offers_not_combinable");
    assert_eq!(response.error_message(), "The extended trial and the 20% lifetime discount cannot be combined. Please choose one.");
    assert!(sent_forms(&server).await.is_empty(), "Stripe is not called");

    let mut discount_only = body("price_local_pro");
    discount_only["discountPercentage"] = json!(20);
    let response = Call::post("/api/create-checkout-session").token(&user.token).json(discount_only).send(&mount(&state)).await;
    assert_eq!(response.status, StatusCode::OK, "{:?}", response.body);
    let form = &sent_forms(&server).await[0];
    assert_eq!(form["subscription_data[trial_period_days]"], "7", "the standard trial with the discount");
    assert_eq!(form["discounts[0][coupon]"], "LIFETIME20");
    assert!(!form.contains_key("allow_promotion_codes"), "a coupon and promotion codes never stack");
}

#[tokio::test]
async fn a_user_with_a_live_subscription_gets_409_and_no_second_checkout() {
    let server = stripe_stub(0).await;
    let state = stripe_state(&server).await;
    let app = mount(&state);
    for status in ["trialing", "active", "past_due", "unpaid", "incomplete", "paused"] {
        let user = test_user(&state).await;
        store_subscription(&state, &subscription(&user.id, status)).await;
        let response = Call::post("/api/create-checkout-session").token(&user.token).json(body("price_local_pro")).send(&app).await;
        assert_eq!(response.status, StatusCode::CONFLICT, "{status}: {:?}", response.body);
        assert_eq!(response.error_code(), "subscription_exists", "{status}");
        assert_eq!(response.error_message(), "You already have a subscription. Manage it from Billing in Settings.", "{status}");
    }
    assert!(sent_forms(&server).await.is_empty(), "no checkout session was created");
}

#[tokio::test]
async fn a_returning_subscriber_checks_out_on_their_customer_without_a_trial_or_coupon() {
    let server = stripe_stub(1).await;
    let state = stripe_state(&server).await;
    let user = test_user(&state).await;
    store_subscription(&state, &subscription(&user.id, "canceled")).await;
    let mut request = body("price_local_pro");
    request["isExtendedTrial"] = json!(true);
    let response = Call::post("/api/create-checkout-session").token(&user.token).json(request).send(&mount(&state)).await;
    assert_eq!(response.status, StatusCode::OK, "{:?}", response.body);

    let forms = sent_forms(&server).await;
    assert_eq!(forms.len(), 1);
    let form = &forms[0];
    assert!(!form.contains_key("subscription_data[trial_period_days]"), "one trial per user: {form:?}");
    assert!(!form.contains_key("discounts[0][coupon]"), "no coupon when not offered: {form:?}");
    assert_eq!(form["customer"], "cus_old");
    assert!(!form.contains_key("customer_email"));
    assert_eq!(form["subscription_data[metadata][user_id]"], user.id);
}

#[tokio::test]
async fn a_user_whose_trial_ended_gets_the_discount_but_no_second_trial() {
    let server = stripe_stub(1).await;
    let state = stripe_state(&server).await;
    let user = test_user(&state).await;
    // The trial ran out without a payment and Stripe cancelled the subscription.
    store_subscription(&state, &SubscriptionRecord { current_period_end: None, first_paid_at: None, ..subscription(&user.id, "canceled") }).await;
    let mut request = body("price_local_standard");
    request["discountPercentage"] = json!(20);
    let response = Call::post("/api/create-checkout-session").token(&user.token).json(request).send(&mount(&state)).await;
    assert_eq!(response.status, StatusCode::OK, "{:?}", response.body);
    let form = &sent_forms(&server).await[0];
    assert!(!form.contains_key("subscription_data[trial_period_days]"), "{form:?}");
    assert_eq!(form["discounts[0][coupon]"], "LIFETIME20");
}

#[tokio::test]
async fn parallel_checkouts_of_one_user_create_one_session() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"id": "cs_test_p", "url": "https://checkout.stripe.com/c/pay/cs_test_p"}))
                .set_delay(std::time::Duration::from_millis(300)),
        )
        .mount(&server)
        .await;
    let state = stripe_state(&server).await;
    let app = mount(&state);
    let user = test_user(&state).await;
    let calls = (0..5).map(|_| {
        let (app, token) = (app.clone(), user.token.clone());
        tokio::spawn(async move { Call::post("/api/create-checkout-session").token(&token).json(body("price_local_pro")).send(&app).await })
    });
    let responses: Vec<_> = futures::future::join_all(calls).await.into_iter().map(Result::unwrap).collect();
    assert_eq!(responses.iter().filter(|r| r.status == StatusCode::OK).count(), 1, "{:?}", responses.iter().map(|r| &r.body).collect::<Vec<_>>());
    for refused in responses.iter().filter(|r| r.status != StatusCode::OK) {
        assert_eq!(refused.status, StatusCode::CONFLICT);
        assert_eq!(refused.error_code(), "checkout_in_progress");
    }
    assert_eq!(sent_forms(&server).await.len(), 1);

    // Once the first is answered, the user may open checkout again (e.g. after going back).
    let again = Call::post("/api/create-checkout-session").token(&user.token).json(body("price_local_standard")).send(&app).await;
    assert_eq!(again.status, StatusCode::OK, "{:?}", again.body);
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
