//! `ses-events` against DynamoDB Local, with SNS messages signed by a test certificate served
//! from a wiremock stub (the one extra certificate prefix tests may allow): verified messages
//! apply once, forged or altered ones are 400 and change nothing, subscriptions are confirmed,
//! hard bounces and complaints suppress (the strongest reason stays), a campaign pauses past
//! the complaint rate, and without a configured topic every message is refused outside local.

use axum::{Router, http::StatusCode};
use base64::{Engine, engine::general_purpose::STANDARD};
use rsa::{Pkcs1v15Sign, RsaPrivateKey, pkcs8::DecodePrivateKey};
use serde_json::{Value, json};
use sha1::{Digest, Sha1};
use shared::{
    AppState,
    campaigns::{Content, Recipient, Segment},
    repo::campaigns,
    testing::{Call, TestResponse, test_state_with},
};
use wiremock::{
    Mock, MockServer, ResponseTemplate,
    matchers::{method, path},
};

const CERT: &str = include_str!("fixtures/test-signing-cert.pem");
const KEY: &str = include_str!("fixtures/test-signing-key.pem");
const TOPIC: &str = "arn:aws:sns:us-east-1:123456789012:raisespark-ses-events";

async fn setup() -> (Router, AppState, MockServer) {
    let server = MockServer::start().await;
    Mock::given(method("GET")).and(path("/cert.pem")).respond_with(ResponseTemplate::new(200).set_body_string(CERT)).mount(&server).await;
    Mock::given(method("GET")).and(path("/confirm")).respond_with(ResponseTemplate::new(200).set_body_string("<ConfirmSubscriptionResponse/>")).mount(&server).await;
    let prefix = format!("{}/", server.uri());
    let state = test_state_with(|config| {
        config.sns_cert_url_prefix = Some(prefix);
        config.ses_events_topic_arn = Some(TOPIC.into());
    })
    .await;
    (shared::http::mount("ses-events", ses_events::router(state.clone())), state, server)
}

fn signed(server: &MockServer, kind: &str, message: &str, extra: Value) -> Value {
    let mut envelope = json!({
        "Type": kind,
        "MessageId": uuid::Uuid::new_v4().to_string(),
        "TopicArn": TOPIC,
        "Message": message,
        "Timestamp": "2026-11-23T10:00:00.000Z",
        "SignatureVersion": "1",
        "Signature": "",
        "SigningCertURL": format!("{}/cert.pem", server.uri()),
    });
    for (k, v) in extra.as_object().unwrap() {
        envelope[k] = v.clone();
    }
    let parsed: ses_events::sns::SnsMessage = serde_json::from_value(envelope.clone()).unwrap();
    let canonical = ses_events::sns::string_to_sign(&parsed).unwrap();
    let key = RsaPrivateKey::from_pkcs8_pem(KEY).unwrap();
    let signature = key.sign(Pkcs1v15Sign::new::<Sha1>(), &Sha1::digest(canonical.as_bytes())).unwrap();
    envelope["Signature"] = json!(STANDARD.encode(signature));
    envelope
}

async fn post(app: &Router, body: &Value) -> TestResponse {
    Call::post("/api/ses-events").raw_json(body.to_string()).header("content-type", "text/plain; charset=UTF-8").send(app).await
}

/// A sending campaign of `sent` recipients, each with an SES message id `m-<i>`.
/// Recipients that get a message id of their own: every event of these tests names one of them.
const SENT_ONE_BY_ONE: usize = 4;

async fn campaign(state: &AppState, sent: usize) -> (String, String) {
    let owner = uuid::Uuid::new_v4().to_string();
    let id = uuid::Uuid::new_v4().to_string();
    let now = state.clock.now_iso();
    let mut record = campaigns::Campaign::draft(&owner, Content { name: "n".into(), subject: "s".into(), body: "b".into(), ..Content::default() }, Segment::default(), now.clone());
    record.id = id.clone();
    state.campaigns().create(&record).await.unwrap();
    assert!(state.campaigns().start(&id, 1, sent as u64, "f@example.com", &now).await.unwrap());
    let recipients: Vec<Recipient> = (0..sent).map(|i| Recipient::new(format!("r{i}@example.com"), String::new(), None, None)).collect();
    state.campaign_recipients().snapshot(&id, &owner, &recipients).await.unwrap();
    // Every recipient counts as sent; the events of these tests name only the first few, so
    // only those are sent one by one (thousands of sequential writes made this binary minutes long).
    for (i, r) in recipients.iter().enumerate().take(SENT_ONE_BY_ONE) {
        assert!(state.campaign_recipients().claim(&id, &r.email, &now).await.unwrap());
        state.campaign_recipients().finish(&id, &r.email, "sent", Some(&format!("m-{id}-{i}")), None, &now).await.unwrap();
    }
    state.campaigns().count(&id, "sent", sent as i64).await.unwrap();
    (id, owner)
}

fn ses(event_type: &str, campaign: &str, i: usize) -> String {
    json!({"eventType": event_type, "mail": {"messageId": format!("m-{campaign}-{i}"), "destination": [format!("r{i}@example.com")]}, "bounce": {"bounceType": "Permanent"}}).to_string()
}

#[tokio::test]
async fn verified_events_apply_once_and_forged_ones_change_nothing() {
    let (app, state, server) = setup().await;
    let (id, owner) = campaign(&state, 2000).await;
    let delivery = signed(&server, "Notification", &ses("Delivery", &id, 0), json!({}));
    let first = post(&app, &delivery).await;
    assert_eq!((first.status, first.body["applied"].as_str()), (StatusCode::OK, Some("delivered")), "{}", first.text);
    assert_eq!(post(&app, &delivery).await.body["applied"], Value::Null, "a repeat counts once");

    let mut altered = signed(&server, "Notification", &ses("Bounce", &id, 1), json!({}));
    altered["Message"] = json!(ses("Bounce", &id, 2));
    assert_eq!(post(&app, &altered).await.status, StatusCode::BAD_REQUEST);
    let mut elsewhere = signed(&server, "Notification", &ses("Bounce", &id, 1), json!({}));
    elsewhere["SigningCertURL"] = json!("https://evil.example/cert.pem");
    assert_eq!(post(&app, &elsewhere).await.status, StatusCode::BAD_REQUEST);
    let mut other_topic = signed(&server, "Notification", &ses("Bounce", &id, 1), json!({"TopicArn": "arn:aws:sns:us-east-1:1:other"}));
    other_topic["TopicArn"] = json!("arn:aws:sns:us-east-1:1:other");
    assert_eq!(post(&app, &other_topic).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(post(&app, &json!({"hello": "world"})).await.status, StatusCode::BAD_REQUEST);

    let bounce = post(&app, &signed(&server, "Notification", &ses("Bounce", &id, 1), json!({}))).await;
    assert_eq!(bounce.body["applied"], "bounced");
    let reason = state.campaigns().suppression(&owner, "r1@example.com").await.unwrap();
    assert_eq!(reason.as_deref(), Some("bounced"));
    assert_eq!(state.campaigns().suppression(&owner, "r2@example.com").await.unwrap(), None, "the altered message changed nothing");
    let stored = state.campaigns().get(&id).await.unwrap().unwrap();
    assert_eq!((stored.stats.delivered, stored.stats.bounced, stored.status.as_str()), (1, 1, "sending"));
}

#[tokio::test]
async fn complaints_past_the_rate_pause_the_campaign() {
    let (app, state, server) = setup().await;
    let (id, owner) = campaign(&state, 1000).await;
    for i in 0..2 {
        let answer = post(&app, &signed(&server, "Notification", &ses("Complaint", &id, i), json!({}))).await;
        assert_eq!(answer.body["applied"], "complained");
    }
    let stored = state.campaigns().get(&id).await.unwrap().unwrap();
    assert_eq!(stored.status, "paused");
    assert!(stored.status_reason.unwrap().contains("spam"));
    assert_eq!(state.campaigns().suppression(&owner, "r0@example.com").await.unwrap().as_deref(), Some("complained"));
}

#[tokio::test]
async fn a_subscription_is_confirmed_at_amazons_url_only() {
    let (app, _, server) = setup().await;
    let confirm = signed(&server, "SubscriptionConfirmation", "You have chosen to subscribe", json!({"SubscribeURL": format!("{}/confirm", server.uri()), "Token": "tok"}));
    let answer = post(&app, &confirm).await;
    assert_eq!((answer.status, answer.body["confirmed"].as_bool()), (StatusCode::OK, Some(true)), "{}", answer.text);
    assert!(server.received_requests().await.unwrap().iter().any(|r| r.url.path() == "/confirm"));
    let elsewhere = signed(&server, "SubscriptionConfirmation", "x", json!({"SubscribeURL": "https://evil.example/confirm", "Token": "tok"}));
    assert_eq!(post(&app, &elsewhere).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn without_a_configured_topic_every_message_is_refused_outside_local() {
    let (_, state, server) = setup().await;
    let (id, owner) = campaign(&state, 10).await;
    let bounce = signed(&server, "Notification", &ses("Bounce", &id, 0), json!({}));
    // As in AWS (no DynamoDB Local endpoint) with SES_EVENTS_TOPIC_ARN missing: fail closed.
    let mut config = (*state.config).clone();
    config.ses_events_topic_arn = None;
    config.dynamodb_endpoint = None;
    let aws = AppState { config: std::sync::Arc::new(config.clone()), ..state.clone() };
    let app = shared::http::mount("ses-events", ses_events::router(aws));
    let refused = post(&app, &bounce).await;
    assert_eq!((refused.status, refused.error_code()), (StatusCode::BAD_REQUEST, "invalid_sns_message"));
    assert!(refused.error_message().contains("no SES events topic is configured"), "{}", refused.text);
    assert_eq!(state.campaigns().suppression(&owner, "r0@example.com").await.unwrap(), None, "nothing changed");
    // Locally (DynamoDB Local), where no topic exists, a verified message still applies.
    config.dynamodb_endpoint = state.config.dynamodb_endpoint.clone();
    let local = shared::http::mount("ses-events", ses_events::router(AppState { config: std::sync::Arc::new(config), ..state.clone() }));
    assert_eq!(post(&local, &bounce).await.body["applied"], "bounced");
}

#[tokio::test]
async fn a_bounce_or_complaint_replaces_a_weaker_suppression_and_never_the_other_way() {
    let (app, state, server) = setup().await;
    let (id, owner) = campaign(&state, 10).await;
    let reason = |email: &'static str| {
        let state = state.clone();
        let owner = owner.clone();
        async move { state.campaigns().suppression(&owner, email).await.unwrap() }
    };
    // Unsubscribed first, then a hard bounce, then a complaint: each takes the place of the weaker.
    state.campaigns().suppress(&owner, "r0@example.com", shared::campaigns::Reason::Unsubscribed, &state.clock.now_iso()).await.unwrap();
    assert_eq!(post(&app, &signed(&server, "Notification", &ses("Bounce", &id, 0), json!({}))).await.body["applied"], "bounced");
    assert_eq!(reason("r0@example.com").await.as_deref(), Some("bounced"));
    assert_eq!(post(&app, &signed(&server, "Notification", &ses("Complaint", &id, 0), json!({}))).await.body["applied"], "complained");
    assert_eq!(reason("r0@example.com").await.as_deref(), Some("complained"));
    // A complaint first: a later bounce or unsubscribe leaves it a complaint.
    assert_eq!(post(&app, &signed(&server, "Notification", &ses("Complaint", &id, 1), json!({}))).await.body["applied"], "complained");
    assert_eq!(post(&app, &signed(&server, "Notification", &ses("Bounce", &id, 1), json!({}))).await.body["applied"], "bounced");
    state.campaigns().suppress(&owner, "r1@example.com", shared::campaigns::Reason::Unsubscribed, &state.clock.now_iso()).await.unwrap();
    assert_eq!(reason("r1@example.com").await.as_deref(), Some("complained"));
    // A resubscribe lifts only an unsubscribe.
    assert!(!state.campaigns().resubscribe(&owner, "r1@example.com").await.unwrap());
    assert_eq!(reason("r1@example.com").await.as_deref(), Some("complained"));
}
