use aws_sdk_dynamodb::types::AttributeValue;
use axum::http::StatusCode;
use serde_json::json;
use shared::{
    AppState,
    forms::Form,
    repo::forms::create_form,
    testing::{Call, TestUser, test_state, test_user},
};

async fn app() -> (axum::Router, AppState) {
    let state = test_state().await;
    (shared::http::mount("leads", leads::router(state.clone())), state)
}

async fn form_of(state: &AppState, user: &TestUser, name: &str) -> Form {
    let mut form = Form::new_default(&user.id);
    form.name = name.into();
    create_form(&state.dynamo, &state.config.tables.forms, &form).await.unwrap();
    form
}

async fn lead(state: &AppState, form: &Form, owner: &str, name: &str, status: &str, at: &str) {
    state
        .dynamo
        .put_item()
        .table_name(&state.config.tables.leads)
        .item("id", AttributeValue::S(uuid::Uuid::new_v4().to_string()))
        .item("form_id", AttributeValue::S(form.id.clone()))
        .item("owner_id", AttributeValue::S(owner.into()))
        .item("created_at", AttributeValue::S(at.into()))
        .item("status", AttributeValue::S(status.into()))
        .item(
            "data",
            AttributeValue::M(
                [
                    (form.fields[0].id.clone(), AttributeValue::S(name.into())),
                    (form.fields[1].id.clone(), AttributeValue::S(format!("{}@example.com", name.to_lowercase()))),
                ]
                .into(),
            ),
        )
        .item("location_data", AttributeValue::M([("city".into(), AttributeValue::S("Austin".into())), ("region".into(), AttributeValue::S("Texas".into()))].into()))
        .send()
        .await
        .unwrap();
}

#[tokio::test]
async fn leads_are_listed_newest_first_by_field_label_with_location() {
    let (app, state) = app().await;
    let user = test_user(&state);
    let form = form_of(&state, &user, "Fund II").await;
    lead(&state, &form, &user.id, "Ada", "hot", "2026-11-20T10:00:00Z").await;
    lead(&state, &form, &user.id, "Grace", "cold", "2026-11-21T10:00:00Z").await;
    let response = Call::get("/api/leads").token(&user.token).send(&app).await;
    assert_eq!(response.status, StatusCode::OK);
    let leads = response.body["leads"].as_array().unwrap();
    assert_eq!(leads.len(), 2);
    assert_eq!(leads[0]["data"]["Full Name"], "Grace");
    assert_eq!(leads[0]["data"]["Email Address"], "grace@example.com");
    assert_eq!(leads[0]["data"]["Location"], "Austin, Texas");
    assert_eq!(leads[0]["formName"], "Fund II");
    assert_eq!(leads[1]["temperature"], "hot");
}

#[tokio::test]
async fn filters_by_form_and_temperature_and_pages_with_a_cursor() {
    let (app, state) = app().await;
    let user = test_user(&state);
    let (one, two) = (form_of(&state, &user, "One").await, form_of(&state, &user, "Two").await);
    for i in 0..30 {
        lead(&state, &one, &user.id, &format!("Investor{i}"), if i % 2 == 0 { "hot" } else { "warm" }, &format!("2026-11-20T10:00:{:02}Z", i)).await;
    }
    lead(&state, &two, &user.id, "Other", "hot", "2026-11-22T10:00:00Z").await;
    let only_two = Call::get(&format!("/api/leads?formId={}", two.id)).token(&user.token).send(&app).await;
    assert_eq!(only_two.body["leads"].as_array().unwrap().len(), 1);
    let first = Call::get("/api/leads").token(&user.token).send(&app).await;
    assert_eq!(first.body["leads"].as_array().unwrap().len(), 25);
    let cursor = first.body["nextCursor"].as_str().unwrap();
    let second = Call::get(&format!("/api/leads?cursor={cursor}")).token(&user.token).send(&app).await;
    assert_eq!(second.body["leads"].as_array().unwrap().len(), 6);
    let hot = Call::get(&format!("/api/leads?formId={}&temperature=hot", one.id)).token(&user.token).send(&app).await;
    assert!(hot.body["leads"].as_array().unwrap().iter().all(|l| l["temperature"] == "hot" && l["formId"] == json!(one.id)));
}

#[tokio::test]
async fn another_users_leads_and_forms_stay_invisible() {
    let (app, state) = app().await;
    let (owner, intruder) = (test_user(&state), test_user(&state));
    let form = form_of(&state, &owner, "Private").await;
    lead(&state, &form, &owner.id, "Ada", "hot", "2026-11-20T10:00:00Z").await;
    let theirs = Call::get("/api/leads").token(&intruder.token).send(&app).await;
    assert_eq!(theirs.body["leads"], json!([]));
    let by_form = Call::get(&format!("/api/leads?formId={}", form.id)).token(&intruder.token).send(&app).await;
    assert_eq!(by_form.status, StatusCode::NOT_FOUND);
    let first = Call::get("/api/leads").token(&owner.token).send(&app).await;
    assert_eq!(first.body["leads"].as_array().unwrap().len(), 1);
    assert_eq!(Call::get("/api/leads").send(&app).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn bad_filters_and_forged_cursors_are_400() {
    let (app, state) = app().await;
    let user = test_user(&state);
    let bad = Call::get("/api/leads?temperature=boiling").token(&user.token).send(&app).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let forged = Call::get("/api/leads?cursor=not-a-cursor").token(&user.token).send(&app).await;
    assert_eq!(forged.status, StatusCode::BAD_REQUEST);
}

async fn first_lead_id(app: &axum::Router, user: &TestUser) -> String {
    Call::get("/api/leads").token(&user.token).send(app).await.body["leads"][0]["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_owner_changes_a_leads_temperature_and_deletes_it() {
    let (app, state) = app().await;
    let user = test_user(&state);
    let form = form_of(&state, &user, "Fund").await;
    lead(&state, &form, &user.id, "Ada", "cold", "2026-11-20T10:00:00Z").await;
    let id = first_lead_id(&app, &user).await;
    let changed = Call::patch(&format!("/api/leads/{id}")).token(&user.token).json(json!({"status": "hot"})).send(&app).await;
    assert_eq!(changed.status, StatusCode::OK);
    assert_eq!(Call::get("/api/leads").token(&user.token).send(&app).await.body["leads"][0]["temperature"], "hot");
    let invalid = Call::patch(&format!("/api/leads/{id}")).token(&user.token).json(json!({"status": "boiling"})).send(&app).await;
    assert_eq!(invalid.status, StatusCode::BAD_REQUEST);
    assert_eq!(Call::delete(&format!("/api/leads/{id}")).token(&user.token).send(&app).await.status, StatusCode::NO_CONTENT);
    assert_eq!(Call::get("/api/leads").token(&user.token).send(&app).await.body["leads"], json!([]));
}

#[tokio::test]
async fn another_users_lead_cannot_be_changed_or_deleted() {
    let (app, state) = app().await;
    let (owner, intruder) = (test_user(&state), test_user(&state));
    let form = form_of(&state, &owner, "Fund").await;
    lead(&state, &form, &owner.id, "Ada", "cold", "2026-11-20T10:00:00Z").await;
    let id = first_lead_id(&app, &owner).await;
    let change = Call::patch(&format!("/api/leads/{id}")).token(&intruder.token).json(json!({"status": "hot"})).send(&app).await;
    assert_eq!(change.status, StatusCode::NOT_FOUND);
    assert_eq!(change.error_message(), "Lead not found");
    assert_eq!(Call::delete(&format!("/api/leads/{id}")).token(&intruder.token).send(&app).await.status, StatusCode::NOT_FOUND);
    assert_eq!(Call::delete("/api/leads/no-such-lead").token(&owner.token).send(&app).await.status, StatusCode::NOT_FOUND);
    let still = Call::get("/api/leads").token(&owner.token).send(&app).await;
    assert_eq!(still.body["leads"][0]["temperature"], "cold");
}
