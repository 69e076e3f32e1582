use axum::{Router, http::StatusCode};
use serde_json::json;
use shared::{
    AppState,
    testing::{Call, mail_to},
};

async fn app() -> (Router, AppState) {
    shared::testing::app(&[("contact", contact::router)]).await.parts()
}

fn message(email: &str) -> serde_json::Value {
    json!({"name": "Ada Lovelace", "email": email, "topic": "Sales and pricing", "message": "Can we pay yearly for the Pro plan?", "website": ""})
}

async fn stored(state: &AppState) -> usize {
    shared::testing::count_items(state, &state.config.tables.contact_messages).await
}

#[tokio::test]
async fn a_message_is_stored_and_mailed_to_support() {
    let (app, state) = app().await;
    let topics = Call::get("/api/contact").send(&app).await;
    assert!(topics.body["topics"].as_array().unwrap().contains(&json!("Sales and pricing")));
    let sent = Call::post("/api/contact").from_ip("10.5.0.1").json(message("ada@example.com")).send(&app).await;
    assert_eq!(sent.status, StatusCode::CREATED);
    assert_eq!(sent.body, json!({"received": true}));
    assert_eq!(stored(&state).await, 1);
    let mail = mail_to(&state, "support@raisespark.local");
    assert_eq!(mail.len(), 1);
    assert_eq!(mail[0].email.subject, "[Sales and pricing] Ada Lovelace via the contact form");
    assert!(mail[0].email.text.contains("ada@example.com") && mail[0].email.text.contains("Can we pay yearly"));
}

#[tokio::test]
async fn bad_messages_are_400_and_change_nothing() {
    let (app, state) = app().await;
    let mut bad = message("not-an-address");
    let response = Call::post("/api/contact").from_ip("10.5.1.1").json(bad.clone()).send(&app).await;
    assert_eq!(response.status, StatusCode::BAD_REQUEST);
    assert_eq!(response.error_message(), "Please enter a valid e-mail address so we can reply.");
    bad["email"] = json!("ada@example.com");
    bad["extra"] = json!(1);
    assert_eq!(Call::post("/api/contact").from_ip("10.5.1.1").json(bad).send(&app).await.status, StatusCode::BAD_REQUEST);
    let huge = Call::post("/api/contact").from_ip("10.5.1.1").raw_json(format!("{{\"message\":\"{}\"}}", "x".repeat(20_000))).send(&app).await;
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(stored(&state).await, 0);
    assert!(mail_to(&state, "support@raisespark.local").is_empty());
}

#[tokio::test]
async fn the_honeypot_and_the_rate_limit_keep_bots_out() {
    let (app, state) = app().await;
    let mut bot = message("bot@example.com");
    bot["website"] = json!("http://spam.example");
    let response = Call::post("/api/contact").from_ip("10.5.2.1").json(bot).send(&app).await;
    assert_eq!(response.status, StatusCode::CREATED, "looks accepted to the bot");
    assert_eq!(stored(&state).await, 0);
    for _ in 0..4 {
        assert_eq!(Call::post("/api/contact").from_ip("10.5.2.1").json(message("ada@example.com")).send(&app).await.status, StatusCode::CREATED);
    }
    let limited = Call::post("/api/contact").from_ip("10.5.2.1").json(message("ada@example.com")).send(&app).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.error_message(), contact::RATE_LIMITED);
    assert_eq!(Call::post("/api/contact").from_ip("10.5.2.2").json(message("ada@example.com")).send(&app).await.status, StatusCode::CREATED);
    assert_eq!(stored(&state).await, 5);
}
