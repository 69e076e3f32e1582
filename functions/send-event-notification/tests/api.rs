use aws_sdk_dynamodb::types::AttributeValue;
use axum::http::StatusCode;
use serde_json::json;
use shared::testing::{Call, mail_to, test_user};

async fn app() -> (axum::Router, shared::AppState) {
    shared::testing::app(&[("send-event-notification", send_event_notification::router)]).await.parts()
}

async fn recorded_events(state: &shared::AppState, email: &str) -> Vec<String> {
    let output = state
        .dynamo
        .query()
        .table_name(&state.config.tables.notifications)
        .key_condition_expression("user_email = :email")
        .expression_attribute_values(":email", AttributeValue::S(email.to_owned()))
        .send()
        .await
        .unwrap();
    output.items().iter().filter_map(|item| item.get("event_name")?.as_s().ok().cloned()).collect()
}

#[tokio::test]
async fn trial_started_is_recorded_and_mailed_with_its_length() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let response = Call::post("/api/send-event-notification")
        .token(&user.token)
        .json(json!({"eventName": "trial_started", "userEmail": user.email, "dataFields": {"startDate": "2026-11-22T10:00:00Z", "trialLength": "14 days"}}))
        .send(&app)
        .await;
    assert_eq!(response.status, StatusCode::ACCEPTED);
    assert_eq!(recorded_events(&state, &user.email).await, vec!["trial_started"]);
    let mail = mail_to(&state, &user.email);
    assert_eq!(mail.len(), 1);
    assert_eq!(mail[0].email.subject, "Your 14-day RaiseSpark trial has started");
    assert!(mail[0].email.text.contains("14-day free trial"));
}

#[tokio::test]
async fn account_created_sends_the_welcome_mail() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    Call::post("/api/send-event-notification")
        .token(&user.token)
        .json(json!({"eventName": "account_created", "userEmail": user.email.to_uppercase(), "dataFields": {"creationDate": "2026-11-22T10:00:00Z"}}))
        .send(&app)
        .await;
    assert_eq!(mail_to(&state, &user.email)[0].email.subject, "Welcome to RaiseSpark");
}

#[tokio::test]
async fn an_event_without_a_mail_is_only_recorded() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let response = Call::post("/api/send-event-notification")
        .token(&user.token)
        .json(json!({"eventName": "form_published", "userEmail": user.email}))
        .send(&app)
        .await;
    assert_eq!(response.status, StatusCode::ACCEPTED);
    assert_eq!(recorded_events(&state, &user.email).await, vec!["form_published"]);
    assert!(mail_to(&state, &user.email).is_empty());
}

#[tokio::test]
async fn nobody_can_notify_about_another_address_or_anonymously() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let victim = "victim@example.com";
    let forbidden = Call::post("/api/send-event-notification")
        .token(&user.token)
        .json(json!({"eventName": "account_created", "userEmail": victim}))
        .send(&app)
        .await;
    assert_eq!(forbidden.status, StatusCode::FORBIDDEN);
    let anonymous = Call::post("/api/send-event-notification")
        .json(json!({"eventName": "account_created", "userEmail": victim}))
        .send(&app)
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    assert!(mail_to(&state, victim).is_empty());
    assert!(recorded_events(&state, victim).await.is_empty());
}

#[tokio::test]
async fn malformed_notifications_are_400_and_change_nothing() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let cases = [
        (json!({"eventName": "Trial Started!", "userEmail": user.email}), "eventName must be 1 to 64 lowercase letters, digits or underscores."),
        (json!({"userEmail": user.email}), "Invalid request body: missing field `eventName`."),
        (json!({"eventName": "x", "userEmail": user.email, "dataFields": [1]}), "Invalid request body: invalid type: sequence, expected a map."),
    ];
    for (body, message) in cases {
        let response = Call::post("/api/send-event-notification").token(&user.token).json(body).send(&app).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST);
        assert_eq!(response.error_message(), message);
    }
    assert!(recorded_events(&state, &user.email).await.is_empty());
}
