use aws_sdk_dynamodb::types::AttributeValue;
use axum::{Router, http::StatusCode};
use serde_json::{Value, json};
use shared::{
    AppState,
    testing::{Call, TestUser, test_user},
};

async fn app() -> (Router, AppState) {
    shared::telemetry::init();
    shared::testing::app(&[("forms", forms::router)]).await.parts()
}

async fn subscribe(state: &AppState, user: &TestUser, status: &str) {
    state
        .dynamo
        .put_item()
        .table_name(&state.config.tables.subscriptions)
        .item("user_id", AttributeValue::S(user.id.clone()))
        .item("status", AttributeValue::S(status.into()))
        .item("trial_end", AttributeValue::N("4102444800".into()))
        .item("last_event_created", AttributeValue::N("1".into()))
        .send()
        .await
        .unwrap();
}

async fn subscriber(state: &AppState) -> TestUser {
    let user = test_user(state).await;
    subscribe(state, &user, "trialing").await;
    user
}

async fn create(app: &Router, user: &TestUser) -> Value {
    let response = Call::post("/api/forms").token(&user.token).send(app).await;
    assert_eq!(response.status, StatusCode::CREATED, "{:?}", response.body);
    response.body
}

/// The editable content of a form, as the editor sends it.
fn content(form: &Value) -> Value {
    let mut body = json!({});
    for key in ["name", "description", "fields", "styling", "content_settings", "welcome_settings", "offering_settings", "show_branding", "version"] {
        body[key] = form[key].clone();
    }
    body
}

async fn put(app: &Router, user: &TestUser, form: &Value, body: Value) -> shared::testing::TestResponse {
    Call::put(&format!("/api/forms/{}", form["id"].as_str().unwrap())).token(&user.token).json(body).send(app).await
}

#[tokio::test]
async fn creating_without_a_subscription_is_refused_with_the_spec_text() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let response = Call::post("/api/forms").token(&user.token).send(&app).await;
    assert_eq!(response.status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(response.error_message(), "Start your 7-day free trial to create investor forms");
    let list = Call::get("/api/forms").token(&user.token).send(&app).await;
    assert_eq!(list.body["forms"], json!([]));

    subscribe(&state, &user, "canceled").await;
    assert_eq!(Call::post("/api/forms").token(&user.token).send(&app).await.status, StatusCode::PAYMENT_REQUIRED);
}

#[tokio::test]
async fn a_subscriber_creates_the_default_form_and_lists_forms_newest_first() {
    let (app, state) = app().await;
    let user = subscriber(&state).await;
    let first = create(&app, &user).await;
    assert_eq!(first["name"], "New Form");
    assert_eq!(first["description"], "Real estate investor form");
    assert_eq!(first["is_published"], false);
    assert_eq!(first["views"], 0);
    assert_eq!(first["user_id"], user.id);
    let labels: Vec<_> = first["fields"].as_array().unwrap().iter().map(|f| (f["label"].clone(), f["type"].clone(), f["required"].clone())).collect();
    assert_eq!(labels, vec![(json!("Full Name"), json!("text"), json!(true)), (json!("Email Address"), json!("email"), json!(true)), (json!("Phone Number"), json!("phone"), json!(true))]);

    let second = create(&app, &user).await;
    let mut renamed = content(&first);
    renamed["name"] = json!("Updated later");
    put(&app, &user, &first, renamed).await;
    let list = Call::get("/api/forms").token(&user.token).send(&app).await;
    let ids: Vec<_> = list.body["forms"].as_array().unwrap().iter().map(|f| f["id"].clone()).collect();
    assert_eq!(ids, vec![first["id"].clone(), second["id"].clone()], "most recently updated first");
}

#[tokio::test]
async fn another_users_form_answers_404_on_every_route_and_stays_unchanged() {
    let (app, state) = app().await;
    let (owner, intruder) = (subscriber(&state).await, subscriber(&state).await);
    let form = create(&app, &owner).await;
    let id = form["id"].as_str().unwrap();
    let calls = [
        Call::get(&format!("/api/forms/{id}")),
        Call::put(&format!("/api/forms/{id}")).json(content(&form)),
        Call::post(&format!("/api/forms/{id}/publish")),
        Call::post(&format!("/api/forms/{id}/unpublish")),
        Call::post(&format!("/api/forms/{id}/archive")),
        Call::post(&format!("/api/forms/{id}/unarchive")),
        Call::delete(&format!("/api/forms/{id}")),
    ];
    for call in calls {
        let response = call.token(&intruder.token).send(&app).await;
        assert_eq!(response.status, StatusCode::NOT_FOUND);
        assert_eq!(response.error_message(), "Form not found");
    }
    let mine = Call::get(&format!("/api/forms/{id}")).token(&owner.token).send(&app).await;
    assert_eq!(mine.body, form, "untouched");
    assert_eq!(Call::get("/api/forms").token(&intruder.token).send(&app).await.body["forms"], json!([]));
    assert_eq!(Call::get("/api/forms/not-a-uuid").token(&owner.token).send(&app).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn edits_are_validated_with_clear_messages_and_change_nothing() {
    let (app, state) = app().await;
    let user = subscriber(&state).await;
    let form = create(&app, &user).await;
    let with = |path: &str, value: Value| {
        let mut body = content(&form);
        let mut target = &mut body;
        let parts: Vec<&str> = path.split('.').collect();
        for part in &parts[..parts.len() - 1] {
            target = match part.parse::<usize>() {
                Ok(i) => &mut target[i],
                Err(_) => &mut target[*part],
            };
        }
        target[parts[parts.len() - 1]] = value;
        body
    };
    let cases = [
        (with("name", json!("")), "Please give the form a name."),
        (with("fields.0.label", json!("  ")), "Field 1 needs a label."),
        (with("fields.1.id", form["fields"][0]["id"].clone()), "Two fields have the same id."),
        (with("fields.0.type", json!("signature")), "Invalid request body: unknown variant `signature`, expected one of `text`, `email`, `phone`, `textarea`, `select`, `radio`, `checkbox`."),
        (with("styling.primaryColor", json!("red")), "The primary colour must be a hex colour like #6366f1."),
        (with("offering_settings.funding_portal_url", json!("javascript:alert(1)")), "The funding portal address must be a web address starting with http:// or https://."),
        (with("offering_settings.disclaimer", json!("")), "The testing-the-waters disclaimer cannot be removed. Edit its wording instead."),
        (with("fields", json!([])), "A form needs at least one field."),
        (with("content_settings.form_content.thank_you_url", json!("javascript:alert(1)")), "The website link must be a web address starting with https://, like https://example.com."),
        (with("content_settings.form_content.thank_you_url", json!("http://harbor.example")), "The website link must be a web address starting with https://, like https://example.com."),
        (with("content_settings.form_content.submit_label", json!("x".repeat(31))), "The button label can be at most 30 characters long."),
        (with("content_settings.form_content.headline", json!("x".repeat(121))), "The headline can be at most 120 characters long."),
    ];
    for (body, message) in cases {
        let response = put(&app, &user, &form, body).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{message}");
        assert_eq!(response.error_message(), message);
    }
    let mut choice = content(&form);
    choice["fields"][0] = json!({"id": "3f2b7a1e-0000-4000-8000-000000000001", "type": "select", "label": "Amount", "options": ["Only"]});
    assert_eq!(put(&app, &user, &form, choice).await.error_message(), "The choice field 'Amount' needs at least two options.");

    let too_many = (0..51).map(|i| json!({"id": format!("3f2b7a1e-0000-4000-8000-{i:012}"), "type": "text", "label": "F"})).collect::<Vec<_>>();
    assert_eq!(put(&app, &user, &form, with("fields", json!(too_many))).await.error_message(), "A form can have at most 50 fields.");

    let huge = put(&app, &user, &form, with("description", json!("x".repeat(300 * 1024)))).await;
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);

    let stored = Call::get(&format!("/api/forms/{}", form["id"].as_str().unwrap())).token(&user.token).send(&app).await;
    assert_eq!(stored.body, form, "nothing changed");
}

#[tokio::test]
async fn a_valid_edit_is_saved_normalised_and_bumps_the_version() {
    let (app, state) = app().await;
    let user = subscriber(&state).await;
    let form = create(&app, &user).await;
    let mut body = content(&form);
    body["name"] = json!("  Seed round interest  ");
    body["fields"].as_array_mut().unwrap().reverse();
    body["fields"].as_array_mut().unwrap().push(json!({
        "id": "3f2b7a1e-0000-4000-8000-000000000009", "type": "select", "label": "How much might you invest?",
        "options": ["Under $10,000", "Over $100,000"], "required": true, "preset": "investment_amount"
    }));
    body["styling"]["buttonColor"] = json!("#0f766e");
    body["content_settings"]["form_content"]["headline"] = json!(" Back our seed round ");
    body["content_settings"]["form_content"]["submit_label"] = json!("Count me in");
    body["content_settings"]["form_content"]["thank_you_url"] = json!("https://seed.example/thanks");
    let saved = put(&app, &user, &form, body).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    assert_eq!(saved.body["name"], "Seed round interest");
    assert_eq!(saved.body["version"], form["version"].as_u64().unwrap() + 1);
    assert_eq!(saved.body["fields"][0]["label"], "Phone Number");
    assert_eq!(saved.body["fields"][3]["order"], 3);
    assert_eq!(saved.body["styling"]["buttonColor"], "#0f766e");
    assert_eq!(saved.body["offering_settings"]["legend_version"], shared::forms::LEGEND_VERSION);
    let content = &saved.body["content_settings"]["form_content"];
    assert_eq!((content["headline"].as_str(), content["submit_label"].as_str()), (Some("Back our seed round"), Some("Count me in")));
    assert_eq!(content["thank_you_url"], "https://seed.example/thanks");
    // The previews show the capture's own sentences, by field id.
    assert_eq!(saved.body["field_messages"]["3f2b7a1e-0000-4000-8000-000000000009"]["required"], "Please choose an amount range.");
}

#[tokio::test]
async fn concurrent_edits_from_one_version_let_one_win_and_the_other_get_409() {
    let (app, state) = app().await;
    let user = subscriber(&state).await;
    let form = create(&app, &user).await;
    let mut first = content(&form);
    first["name"] = json!("From the laptop");
    let mut second = content(&form);
    second["name"] = json!("From the phone");
    assert_eq!(put(&app, &user, &form, first).await.status, StatusCode::OK);
    let loser = put(&app, &user, &form, second).await;
    assert_eq!(loser.status, StatusCode::CONFLICT);
    assert_eq!(loser.error_code(), "version_conflict");
    let stored = Call::get(&format!("/api/forms/{}", form["id"].as_str().unwrap())).token(&user.token).send(&app).await;
    assert_eq!(stored.body["name"], "From the laptop", "no silent overwrite");
}

#[tokio::test]
async fn publishing_archiving_and_their_reverse_set_the_flags_and_updated_at() {
    let (app, state) = app().await;
    let user = subscriber(&state).await;
    let form = create(&app, &user).await;
    let id = form["id"].as_str().unwrap();
    let published = Call::post(&format!("/api/forms/{id}/publish")).token(&user.token).send(&app).await;
    assert_eq!(published.body["is_published"], true);
    let archived = Call::post(&format!("/api/forms/{id}/archive")).token(&user.token).json(json!({"version": published.body["version"]})).send(&app).await;
    assert_eq!(archived.body["is_archived"], true);
    assert!(archived.body["updated_at"].as_str().unwrap() > form["updated_at"].as_str().unwrap());
    let stale = Call::post(&format!("/api/forms/{id}/unarchive")).token(&user.token).json(json!({"version": 1})).send(&app).await;
    assert_eq!(stale.status, StatusCode::CONFLICT);
    let unarchived = Call::post(&format!("/api/forms/{id}/unarchive")).token(&user.token).send(&app).await;
    assert_eq!(unarchived.body["is_archived"], false);
    let unpublished = Call::post(&format!("/api/forms/{id}/unpublish")).token(&user.token).send(&app).await;
    assert_eq!(unpublished.body["is_published"], false);
}

#[tokio::test]
async fn after_the_subscription_ends_forms_can_be_archived_and_deleted_but_not_edited() {
    let (app, state) = app().await;
    let user = subscriber(&state).await;
    let form = create(&app, &user).await;
    let id = form["id"].as_str().unwrap();
    subscribe(&state, &user, "canceled").await;
    assert_eq!(put(&app, &user, &form, content(&form)).await.status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(Call::post(&format!("/api/forms/{id}/publish")).token(&user.token).send(&app).await.status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(Call::post(&format!("/api/forms/{id}/archive")).token(&user.token).send(&app).await.status, StatusCode::OK);
    assert_eq!(Call::delete(&format!("/api/forms/{id}")).token(&user.token).send(&app).await.status, StatusCode::OK);
}

#[tokio::test]
async fn deleting_a_form_keeps_its_leads_and_says_it_had_some() {
    let (app, state) = app().await;
    let user = subscriber(&state).await;
    let (with_leads, without) = (create(&app, &user).await, create(&app, &user).await);
    let lead_id = uuid::Uuid::new_v4().to_string();
    state
        .dynamo
        .put_item()
        .table_name(&state.config.tables.leads)
        .item("id", AttributeValue::S(lead_id.clone()))
        .item("form_id", AttributeValue::S(with_leads["id"].as_str().unwrap().into()))
        .item("owner_id", AttributeValue::S(user.id.clone()))
        .item("created_at", AttributeValue::S(shared::time::now_iso()))
        .send()
        .await
        .unwrap();
    let deleted = Call::delete(&format!("/api/forms/{}", with_leads["id"].as_str().unwrap())).token(&user.token).send(&app).await;
    assert_eq!(deleted.body, json!({"deleted": true, "had_leads": true}));
    let lead = state.dynamo.get_item().table_name(&state.config.tables.leads).key("id", AttributeValue::S(lead_id)).send().await.unwrap();
    assert!(lead.item.is_some(), "the lead is preserved");
    let plain = Call::delete(&format!("/api/forms/{}", without["id"].as_str().unwrap())).token(&user.token).send(&app).await;
    assert_eq!(plain.body, json!({"deleted": true, "had_leads": false}));
    let gone = Call::get(&format!("/api/forms/{}", without["id"].as_str().unwrap())).token(&user.token).send(&app).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn presets_come_from_the_server_with_non_binding_amount_labels() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let response = Call::get("/api/forms/presets").token(&user.token).send(&app).await;
    let presets = response.body["presets"].as_array().unwrap();
    let amount = presets.iter().find(|p| p["key"] == "investment_amount").unwrap();
    assert!(amount["label"].as_str().unwrap().contains("non-binding"));
    assert_eq!(amount["options"][0], "Under $10,000");
    assert!(presets.iter().any(|p| p["key"] == "investment_timeline" && p["options"][0] == "Immediately"));
    let state = presets.iter().find(|p| p["key"] == "location_state").unwrap();
    assert_eq!((state["type"].as_str(), state["options"].as_array().unwrap().len()), (Some("select"), 53));
    assert_eq!(state["options"][52], "Outside the US");
    assert_eq!(response.body["default_legend"]["text"], shared::forms::DEFAULT_LEGEND);
    assert_eq!(response.body["default_legend"]["version"], shared::forms::LEGEND_VERSION);
}

use shared::testing::assert_readable_theme as assert_readable;

#[tokio::test]
async fn saving_the_demo_indigo_answers_a_readable_theme_that_says_what_was_adjusted_and_keeps_the_choice() {
    let (app, state) = app().await;
    let user = subscriber(&state).await;
    let form = create(&app, &user).await;
    let id = form["id"].as_str().unwrap();
    // A new form has the spec's colours: white on #6366f1, 4.47:1. Its theme already reads.
    assert_eq!((form["styling"]["buttonColor"].as_str(), form["styling"]["buttonTextColor"].as_str()), (Some("#6366f1"), Some("#ffffff")));
    assert_readable(&form["theme"]);

    let mut body = content(&form);
    body["styling"]["buttonColor"] = json!("#6366f1");
    body["styling"]["buttonTextColor"] = json!("#ffffff");
    body["styling"]["textColor"] = json!("#9ca3af");
    let saved = put(&app, &user, &form, body).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    let theme = &saved.body["theme"];
    assert_readable(theme);
    assert_eq!((theme["button"].as_str(), theme["buttonText"].as_str()), (Some("#6365f0"), Some("#ffffff")));
    let adjusted = |setting: &str| theme["adjustments"].as_array().unwrap().iter().find(|a| a["setting"] == setting).cloned();
    assert_eq!(adjusted("buttonColor"), Some(json!({"setting": "buttonColor", "chosen": "#6366f1", "used": "#6365f0"})));
    assert_eq!(adjusted("textColor").unwrap()["chosen"], "#9ca3af");
    assert_eq!(adjusted("buttonTextColor"), None, "the label was readable once the button was a shade darker");
    // The founder's choice is what is stored; investors get the theme.
    assert_eq!((saved.body["styling"]["buttonColor"].as_str(), saved.body["styling"]["textColor"].as_str()), (Some("#6366f1"), Some("#9ca3af")));

    // Reading the form again, listing it, and checking the same colours before saving all
    // answer the same theme.
    let read = Call::get(&format!("/api/forms/{id}")).token(&user.token).send(&app).await;
    assert_eq!(&read.body["theme"], theme);
    let list = Call::get("/api/forms").token(&user.token).send(&app).await;
    assert_eq!(&list.body["forms"][0]["theme"], theme);
    let styling = &saved.body["styling"];
    let query: String = ["primaryColor", "backgroundColor", "textColor", "buttonColor", "buttonTextColor"]
        .iter()
        .map(|key| format!("{key}={}", styling[*key].as_str().unwrap().replace('#', "%23")))
        .collect::<Vec<_>>()
        .join("&");
    let checked = Call::get(&format!("/api/forms/theme?{query}")).token(&user.token).send(&app).await;
    assert_eq!(checked.status, StatusCode::OK, "{:?}", checked.body);
    assert_eq!(&checked.body, theme);
}

#[tokio::test]
async fn the_theme_check_refuses_a_colour_that_is_not_hex_or_missing_and_needs_a_session() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let good = "primaryColor=%236366f1&backgroundColor=%23ffffff&textColor=%231f2937&buttonTextColor=%23ffffff";
    let bad = Call::get(&format!("/api/forms/theme?{good}&buttonColor=blue")).token(&user.token).send(&app).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.error_message(), "The button colour must be a hex colour like #6366f1.");
    let missing = Call::get(&format!("/api/forms/theme?{good}")).token(&user.token).send(&app).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(missing.error_code(), "invalid_query");
    let unknown = Call::get(&format!("/api/forms/theme?{good}&buttonColor=%23000000&accent=%23000000")).token(&user.token).send(&app).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    let anonymous = Call::get(&format!("/api/forms/theme?{good}&buttonColor=%23000000")).send(&app).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let ok = Call::get(&format!("/api/forms/theme?{good}&buttonColor=%23fde047")).token(&user.token).send(&app).await;
    assert_eq!(ok.status, StatusCode::OK);
    assert_eq!((ok.body["button"].as_str(), ok.body["buttonText"].as_str()), (Some("#fde047"), Some("#1f2937")), "a yellow button keeps its colour");
    assert_readable(&ok.body);
}
