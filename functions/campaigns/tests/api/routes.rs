//! `campaigns` through its router against DynamoDB Local: the Pro gate, drafts (create from a
//! starter, edit with versions, duplicate, delete), another founder's campaign → 404, the
//! live audience count (segment, de-duplication, suppressions) and the preview rendered by the
//! sending renderer.

use axum::{Router, http::StatusCode};
use serde_json::{Value, json};
use shared::{
    AppState,
    forms::Form,
    testing::{Call, TestFounder, TestResponse, TestUser, form, lead_of, store_lead, subscribe_trial, test_state, test_user},
};

fn app(state: &AppState) -> Router {
    shared::http::mount("campaigns", campaigns::router(state.clone()))
}

async fn founder(state: &AppState) -> (TestUser, Form) {
    let user = TestFounder::new(state).await.on_pro(state).await;
    let form = form(&user.id)
        .named("Seed Round")
        .published()
        .with(|form| form.content_settings.form_content.company_name = "Sunrise Solar".into())
        .preset("location_state")
        .store(state)
        .await;
    (user, form)
}

async fn lead(state: &AppState, owner: &TestUser, form: &Form, name: &str, email: &str, status: &str, us_state: &str, day: &str) {
    assert_eq!(form.user_id, owner.id);
    let mut lead = lead_of(form, name, email, &format!("{day}T12:00:00Z"));
    lead.status = status.into();
    lead.data.insert(form.fields[3].id.clone(), us_state.to_owned());
    store_lead(state, &lead).await;
}

async fn create(app: &Router, user: &TestUser, template: Option<&str>) -> TestResponse {
    let body = template.map_or(json!({}), |t| json!({"template": t}));
    Call::post("/api/campaigns").token(&user.token).json(body).send(app).await
}

fn edit(campaign: &Value, changes: Value) -> Value {
    let mut body = json!({
        "version": campaign["version"],
        "name": campaign["name"],
        "subject": campaign["subject"],
        "previewText": campaign["previewText"],
        "body": campaign["body"],
        "trackOpens": campaign["trackOpens"],
        "trackClicks": campaign["trackClicks"],
        "segment": campaign["segment"],
    });
    for (key, value) in changes.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

#[tokio::test]
async fn campaigns_are_pro_and_signed_in_only() {
    let state = test_state().await;
    let app = app(&state);
    assert_eq!(Call::get("/api/campaigns").send(&app).await.status, StatusCode::UNAUTHORIZED);
    let standard = test_user(&state).await;
    subscribe_trial(&state, &standard.id, false).await;
    let refused = Call::get("/api/campaigns").token(&standard.token).send(&app).await;
    assert_eq!((refused.status, refused.error_code()), (StatusCode::PAYMENT_REQUIRED, "pro_required"));
    assert_eq!(create(&app, &standard, None).await.status, StatusCode::PAYMENT_REQUIRED);
}

#[tokio::test]
async fn a_draft_is_created_edited_duplicated_and_deleted_by_its_owner_only() {
    let state = test_state().await;
    let app = app(&state);
    let (alice, form) = founder(&state).await;
    let (bob, _) = founder(&state).await;

    let created = create(&app, &alice, Some("ttw-update")).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.body["status"], "draft");
    assert!(created.body["body"].as_str().unwrap().contains("we are not asking for money"));
    let id = created.body["id"].as_str().unwrap().to_owned();
    assert_eq!(create(&app, &alice, Some("nope")).await.error_code(), "unknown_template");

    let uri = format!("/api/campaigns/{id}");
    let changes = json!({"name": "November update", "segment": {"temperatures": ["hot"], "formIds": [form.id]}});
    let saved = Call::put(&uri).token(&alice.token).json(edit(&created.body, changes.clone())).send(&app).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!((saved.body["name"].as_str(), saved.body["version"].as_u64()), (Some("November update"), Some(2)));
    let stale = Call::put(&uri).token(&alice.token).json(edit(&created.body, json!({"name": "Stale"}))).send(&app).await;
    assert_eq!((stale.status, stale.error_code()), (StatusCode::CONFLICT, "campaign_changed"));
    let bad_tag = Call::put(&uri).token(&alice.token).json(edit(&saved.body, json!({"body": "Hi {{nickname}}"}))).send(&app).await;
    assert_eq!(bad_tag.error_code(), "unknown_merge_tag");
    let foreign_form = Call::put(&uri).token(&alice.token).json(edit(&saved.body, json!({"segment": {"formIds": ["someone-elses"]}}))).send(&app).await;
    assert_eq!(foreign_form.error_code(), "invalid_segment");
    let unchanged = Call::get(&uri).token(&alice.token).send(&app).await;
    assert_eq!(unchanged.body["name"], "November update", "refused edits changed nothing");

    for call in [Call::get(&uri), Call::put(&uri).json(edit(&saved.body, json!({}))), Call::delete(&uri), Call::post(&format!("{uri}/duplicate")), Call::post(&format!("{uri}/preview"))] {
        let answer = call.token(&bob.token).send(&app).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "another founder's campaign: {}", answer.text);
    }

    let copy = Call::post(&format!("{uri}/duplicate")).token(&alice.token).send(&app).await;
    assert_eq!((copy.status, copy.body["name"].as_str()), (StatusCode::CREATED, Some("November update (copy)")));
    assert_eq!(copy.body["segment"], saved.body["segment"]);
    let listed = Call::get("/api/campaigns").token(&alice.token).send(&app).await;
    assert_eq!(listed.body["campaigns"].as_array().unwrap().len(), 2);
    assert_eq!(Call::get("/api/campaigns").token(&bob.token).send(&app).await.body["campaigns"].as_array().unwrap().len(), 0);

    assert_eq!(Call::delete(&uri).token(&alice.token).send(&app).await.status, StatusCode::NO_CONTENT);
    assert_eq!(Call::get(&uri).token(&alice.token).send(&app).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_audience_is_counted_live_with_duplicates_and_suppressions_excluded() {
    let state = test_state().await;
    let app = app(&state);
    let (user, form) = founder(&state).await;
    lead(&state, &user, &form, "Ada Lovelace", "ada@example.com", "hot", "California", "2026-11-20").await;
    lead(&state, &user, &form, "Ada L.", "ADA@example.com", "hot", "California", "2026-11-01").await;
    lead(&state, &user, &form, "Grace Hopper", "grace@example.com", "hot", "Texas", "2026-11-02").await;
    lead(&state, &user, &form, "Bounced Bob", "bob@example.com", "hot", "California", "2026-11-03").await;
    lead(&state, &user, &form, "Cold Carl", "carl@example.com", "cold", "California", "2026-11-04").await;
    state.campaigns().suppress(&user.id, "Bob@Example.com", shared::campaigns::Reason::Bounced, "now").await.unwrap();

    let count = |segment: Value| Call::post("/api/campaigns/audience").token(&user.token).json(json!({"segment": segment})).send(&app);
    let all = count(json!({})).await;
    assert_eq!(all.status, StatusCode::OK, "{}", all.text);
    assert_eq!(all.body, json!({"count": 3, "excludedSuppressed": 1, "duplicates": 1, "withoutEmail": 0}));
    let hot_in_california = count(json!({"temperatures": ["hot"], "states": ["CA"]})).await;
    assert_eq!(hot_in_california.body["count"], 1);
    let dated = count(json!({"createdFrom": "2026-11-02", "createdTo": "2026-11-04"})).await;
    assert_eq!(dated.body["count"], 2);
    let bad = count(json!({"states": ["Atlantis"]})).await;
    assert_eq!((bad.status, bad.error_code()), (StatusCode::BAD_REQUEST, "invalid_segment"));
    let unknown = count(json!({"tags": ["x"]})).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_preview_is_the_message_a_recipient_gets() {
    let state = test_state().await;
    let app = app(&state);
    let (user, form) = founder(&state).await;
    lead(&state, &user, &form, "<script>Eve</script> Doe", "eve@example.com", "hot", "California", "2026-11-20").await;
    let created = create(&app, &user, Some("live")).await;
    let id = created.body["id"].as_str().unwrap();
    let before = Call::post(&format!("/api/campaigns/{id}/preview")).token(&user.token).send(&app).await;
    assert!(before.body["rendered"]["html"].as_str().unwrap().contains("add it in Settings"), "the preview says what is missing");
    let sender = Call::put("/api/campaigns/sender").token(&user.token).json(json!({"companyName": "Sunrise Solar", "postalAddress": "1 Main St"})).send(&app).await;
    assert_eq!(sender.status, StatusCode::OK);
    let empty = Call::put("/api/campaigns/sender").token(&user.token).json(json!({"companyName": " ", "postalAddress": "1 Main St"})).send(&app).await;
    assert_eq!(empty.error_code(), "sender_required");
    let preview = Call::post(&format!("/api/campaigns/{id}/preview")).token(&user.token).send(&app).await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.text);
    let rendered = &preview.body["rendered"];
    assert_eq!(preview.body["recipient"], "eve@example.com");
    assert_eq!(rendered["subject"], "Sunrise Solar is live: our offering is open");
    assert_eq!(rendered["fromName"], "Sunrise Solar via RaiseSpark");
    let html = rendered["html"].as_str().unwrap();
    assert!(html.contains("Hi &lt;script&gt;Eve&lt;/script&gt;,"), "lead data is escaped: {html}");
    assert!(html.contains("We are testing the waters"), "the legend");
    assert!(html.contains("/unsubscribe/"));
    assert_eq!(rendered["headers"][1], json!(["List-Unsubscribe-Post", "List-Unsubscribe=One-Click"]));
}
