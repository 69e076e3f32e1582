use aws_sdk_dynamodb::types::{AttributeValue, Select};
use axum::{Router, http::StatusCode};
use serde_json::{Value, json};
use shared::{
    AppState,
    forms::Form,
    repo::users::UserRecord,
    testing::{Call, answers, form, mail_to, stored_user, submit_lead},
};

const ORIGIN_SECRET: &str = "origin-secret-for-tests-0123456789";

/// As behind CloudFront: the origin secret is configured.
async fn app_behind_cdn() -> (Router, AppState) {
    shared::testing::app_with(|config| config.origin_verify_secret = Some(ORIGIN_SECRET.to_owned().into()), &[("public-forms", public_forms::router)]).await.parts()
}

async fn app() -> (Router, AppState) {
    shared::testing::app(&[("public-forms", public_forms::router)]).await.parts()
}

/// A stored founder with the standard published form (amount and timeline presets).
async fn published_form(state: &AppState) -> (UserRecord, Form) {
    let owner = stored_user(state, "owner").await;
    let form = shared::testing::published_form(state, &owner.id).await;
    (owner, form)
}

async fn lead_count(state: &AppState, form: &Form) -> i32 {
    state
        .dynamo
        .query()
        .table_name(&state.config.tables.leads)
        .index_name("by_form")
        .key_condition_expression("form_id = :f")
        .expression_attribute_values(":f", AttributeValue::S(form.id.clone()))
        .select(Select::Count)
        .send()
        .await
        .unwrap()
        .count
}

#[tokio::test]
async fn a_published_form_is_public_without_any_owner_data() {
    let (app, state) = app().await;
    let (_, form) = published_form(&state).await;
    let response = Call::get(&format!("/api/public-forms/{}", form.id)).send(&app).await;
    assert_eq!(response.status, StatusCode::OK);
    let mut keys: Vec<&str> = response.body.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        vec!["content_settings", "description", "fields", "id", "logo", "name", "notice", "offering_settings", "offering_stage", "show_branding", "styling", "theme", "version", "welcome_settings"]
    );
    assert_eq!(response.body["offering_stage"]["status"], "testing_the_waters");
    assert_eq!(response.body["notice"], serde_json::Value::Null);
    assert!(!response.body.to_string().contains(&form.user_id));
    assert_eq!(response.body["offering_settings"]["disclaimer"], shared::forms::DEFAULT_LEGEND);
}

#[tokio::test]
async fn drafts_archived_and_missing_forms_are_not_available() {
    let (app, state) = app().await;
    let (owner, _) = published_form(&state).await;
    let draft = form(&owner.id).store(&state).await;
    let archived = form(&owner.id).published().archived().store(&state).await;
    for id in [draft.id.as_str(), archived.id.as_str(), "3f2b7a1e-0000-4000-8000-000000000001", "nope"] {
        let response = Call::get(&format!("/api/public-forms/{id}")).send(&app).await;
        assert_eq!(response.status, StatusCode::NOT_FOUND, "{id}");
        assert_eq!(response.error_message(), "This form is not available");
        let lead = Call::post(&format!("/api/public-forms/{id}/leads")).json(json!({"answers": {}})).send(&app).await;
        assert_eq!(lead.status, StatusCode::NOT_FOUND, "{id}");
    }
}

#[tokio::test]
async fn cors_is_open_on_public_routes_without_credentials() {
    let (app, state) = app().await;
    let (_, form) = published_form(&state).await;
    let preflight = Call::new("OPTIONS", &format!("/api/public-forms/{}/leads", form.id))
        .header("origin", "https://founder-site.example")
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type,idempotency-key")
        .send(&app)
        .await;
    assert_eq!(preflight.headers["access-control-allow-origin"], "*");
    assert!(preflight.headers["access-control-allow-headers"].to_str().unwrap().contains("idempotency-key"));
    let get = Call::get(&format!("/api/public-forms/{}", form.id)).header("origin", "https://founder-site.example").send(&app).await;
    assert_eq!(get.headers["access-control-allow-origin"], "*");
    assert!(!get.headers.contains_key("access-control-allow-credentials"));

}

#[tokio::test]
async fn a_view_counts_once_per_visitor_and_day() {
    let (app, state) = app().await;
    let (_, form) = published_form(&state).await;
    let view = |ip: &'static str| Call::post(&format!("/api/public-forms/{}/views", form.id)).from_ip(ip).header("user-agent", "Test").send(&app);
    assert_eq!(view("10.0.0.1").await.status, StatusCode::ACCEPTED);
    assert_eq!(view("10.0.0.1").await.status, StatusCode::OK);
    assert_eq!(view("10.0.0.2").await.status, StatusCode::ACCEPTED);
    let stored = state.forms().get_form(&form.id).await.unwrap().unwrap();
    assert_eq!(stored.views, 2);
    let scan = state.dynamo.scan().table_name(&state.config.tables.form_views).send().await.unwrap();
    assert!(!format!("{:?}", scan.items()).contains("10.0.0.1"), "no raw IP stored");
}

#[tokio::test]
async fn during_a_view_salt_rotation_a_visitor_counted_under_the_older_salt_is_not_counted_again() {
    use shared::keys::{Family, LinkSecrets};
    let (_, state) = app().await;
    let (_, form) = published_form(&state).await;
    const OLD: &str = "old-view-salt-0123456789abcdef-0123456789";
    const NEW: &str = "new-view-salt-0123456789abcdef-0123456789";
    let with_salts = |value: &str| {
        let mut config = (*state.config).clone();
        config.links.view_salt = LinkSecrets::parse(Family::ViewSalt, value).unwrap();
        let state = AppState { config: std::sync::Arc::new(config), ..state.clone() };
        shared::http::mount("public-forms", public_forms::router(state))
    };
    let uri = format!("/api/public-forms/{}/views", form.id);
    let view = |app: Router, ip: &'static str| {
        let uri = uri.clone();
        async move { Call::post(&uri).from_ip(ip).send(&app).await }
    };
    let before = with_salts(OLD);
    assert_eq!(view(before, "10.0.0.1").await.status, StatusCode::ACCEPTED);
    // Rotated: NEW salts new keys, OLD still recognises the visit made before.
    let rotating = with_salts(&format!("{NEW},{OLD}"));
    assert_eq!(view(rotating.clone(), "10.0.0.1").await.status, StatusCode::OK, "already counted today under the older salt");
    assert_eq!(view(rotating.clone(), "10.0.0.2").await.status, StatusCode::ACCEPTED);
    assert_eq!(view(rotating, "10.0.0.2").await.status, StatusCode::OK, "and under the newer one");
    let stored = state.forms().get_form(&form.id).await.unwrap().unwrap();
    assert_eq!(stored.views, 2);
}

#[tokio::test]
async fn a_view_and_a_lead_count_for_the_embedding_page_and_a_bad_ping_changes_nothing() {
    let (app, state) = app().await;
    let (owner, form) = published_form(&state).await;
    let uri = format!("/api/public-forms/{}/views", form.id);
    let page = json!({"source": "https://www.Startup.example/invest?utm_source=x"});
    assert_eq!(Call::post(&uri).from_ip("10.0.4.1").json(page.clone()).send(&app).await.status, StatusCode::ACCEPTED);
    assert_eq!(Call::post(&uri).from_ip("10.0.4.1").json(page.clone()).send(&app).await.status, StatusCode::OK, "once a day");
    assert_eq!(Call::post(&uri).from_ip("10.0.4.2").json(json!({"source": "javascript:alert(1)"})).send(&app).await.status, StatusCode::ACCEPTED);
    let bad = Call::post(&uri).from_ip("10.0.4.3").json(json!({"source": 42})).send(&app).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let unknown = Call::post(&uri).from_ip("10.0.4.3").json(json!({"page": "x"})).send(&app).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    let huge = Call::post(&uri).from_ip("10.0.4.3").json(json!({"source": "x".repeat(5_000)})).send(&app).await;
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);
    let stored = state.forms().get_form(&form.id).await.unwrap().unwrap();
    assert_eq!(stored.views, 2, "bad pings change nothing");

    let lead = submit_lead(&app, &form, json!({"answers": answers(&form), "source": "https://startup.example/invest"}), "10.0.4.4", None).await;
    assert_eq!(lead.status, StatusCode::CREATED);
    // Counting follows the answer (background work): wait for it, then read once.
    state.background.idle().await;
    let stats = state.lead_stats().dimensions(&owner.id).await.unwrap();
    let host = stats.iter().find(|s| s.stat == "d#host#startup.example" && s.leads == 1);
    let host = host.expect("the lead counted for its page");
    assert_eq!((host.views, host.leads, host.label.as_deref()), (1, 1, Some("startup.example")));
    assert!(stats.iter().all(|s| !s.stat.contains("javascript")));
}

#[tokio::test]
async fn views_ignore_the_user_agent_and_the_endpoint_is_limited() {
    let (app, state) = app().await;
    let (_, form) = published_form(&state).await;
    let ping = |ip: &str, agent: String| {
        Call::post(&format!("/api/public-forms/{}/views", form.id)).from_ip(ip).header("user-agent", &agent).send(&app)
    };
    let mut statuses = Vec::new();
    for i in 0..public_forms::VIEWS_PER_MINUTE {
        statuses.push(ping("10.0.3.1", format!("Browser/{i}")).await.status);
    }
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::ACCEPTED).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::OK).count(), public_forms::VIEWS_PER_MINUTE - 1);
    let limited = ping("10.0.3.1", "Another/1".into()).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(limited.headers.contains_key("retry-after"));
    assert_eq!(ping("10.0.3.2", "Browser/0".into()).await.status, StatusCode::ACCEPTED, "another address is unaffected");
    let stored = state.forms().get_form(&form.id).await.unwrap().unwrap();
    assert_eq!(stored.views, 2);
}

#[tokio::test]
async fn location_headers_without_the_origin_secret_are_ignored() {
    for (with_secret, sent_secret, expected) in [(false, None, None), (true, Some("guessed"), None), (true, Some(ORIGIN_SECRET), Some("Austin"))] {
        let (app, state) = if with_secret { app_behind_cdn().await } else { app().await };
        let (_, form) = published_form(&state).await;
        let mut call = Call::post(&format!("/api/public-forms/{}/leads", form.id))
            .from_ip("10.1.7.1")
            .header("cloudfront-viewer-city", "Austin")
            .header("cloudfront-viewer-country-region-name", "Texas");
        if let Some(secret) = sent_secret {
            call = call.header("x-origin-verify", secret);
        }
        let response = call.json(json!({"answers": answers(&form)})).send(&app).await;
        assert_eq!(response.status, StatusCode::CREATED);
        let lead = public_forms::lead(&state, response.body["id"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!(lead.location_data.and_then(|l| l.city), expected.map(str::to_owned), "secret configured: {with_secret}, sent: {sent_secret:?}");
    }
}

#[tokio::test]
async fn a_lead_is_stored_with_temperature_and_compliance_proof_and_the_owner_is_mailed() {
    let (app, state) = app_behind_cdn().await;
    let (owner, form) = published_form(&state).await;
    let response = Call::post(&format!("/api/public-forms/{}/leads", form.id))
        .from_ip("10.1.0.1")
        .header("x-origin-verify", ORIGIN_SECRET)
        .header("referer", "https://sunrise.example/invest")
        .header("cloudfront-viewer-city", "Austin")
        .header("cloudfront-viewer-country-region-name", "Texas")
        .header("cloudfront-viewer-country-name", "United States")
        .json(json!({"answers": answers(&form), "source": "https://sunrise.example/invest?utm=x"}))
        .send(&app)
        .await;
    assert_eq!(response.status, StatusCode::CREATED, "{:?}", response.body);
    let id = response.body["id"].as_str().unwrap();
    let lead = public_forms::lead(&state, id).await.unwrap().unwrap();
    assert_eq!(lead.owner_id, owner.id);
    assert_eq!(lead.form_id, form.id);
    assert_eq!(lead.status, "hot", "Over $100,000 is hot");
    assert_eq!(lead.data[&form.fields[1].id], "grace@example.com");
    let location = lead.location_data.unwrap();
    assert_eq!((location.city.as_deref(), location.region.as_deref(), location.country_name.as_deref()), (Some("Austin"), Some("Texas"), Some("United States")));
    assert_eq!(lead.compliance.legend_version, shared::forms::LEGEND_VERSION);
    assert_eq!(lead.compliance.legend_sha256, shared::crypto::sha256_hex(shared::forms::DEFAULT_LEGEND));
    assert_eq!(lead.compliance.form_version, form.version);
    assert_eq!(lead.compliance.source_url.as_deref(), Some("https://sunrise.example/invest?utm=x"));
    assert_eq!(lead.compliance.referrer.as_deref(), Some("https://sunrise.example/invest"));

    // The mail goes out after the answer (background work): wait for it, then exactly one.
    state.background.idle().await;
    let mail = mail_to(&state, &owner.email);
    assert_eq!(mail.len(), 1);
    assert_eq!(mail[0].email.subject, "New investor lead: Sunrise Fund II");
    assert!(mail[0].email.text.contains("Temperature: hot"));
    assert!(mail[0].email.text.contains("grace@example.com"));
    assert!(mail[0].links().iter().any(|l| l.contains(&format!("lead={id}"))));
}

#[tokio::test]
async fn every_invalid_submission_is_4xx_with_a_message_and_stores_nothing() {
    let (app, state) = app().await;
    let (_, form) = published_form(&state).await;
    let with = |index: usize, value: &str| {
        let mut a = answers(&form);
        a[&form.fields[index].id] = json!(value);
        json!({ "answers": a })
    };
    let mut unknown = answers(&form);
    unknown["3f2b7a1e-0000-4000-8000-000000000001"] = json!("x");
    let cases = [
        (with(0, ""), "Please enter your name."),
        (with(1, "grace@"), "Please enter a valid email address."),
        (with(2, "call me maybe"), "Please enter a valid phone number."),
        (with(3, "A billion"), "Please choose one of the options."),
        (with(0, &"x".repeat(501)), "Please shorten this answer to 500 characters."),
        (with(0, "Eve Doe\nBcc: evil@example.net"), "Please keep this answer on one line."),
        (with(0, "Eve\rDoe"), "Please keep this answer on one line."),
        (with(1, "eve@example.com\r\nBcc: evil@example.net"), "Please keep this answer on one line."),
        (with(0, "Eve\u{0}Doe"), "Please remove the special characters from this answer."),
        (json!({ "answers": unknown }), "The form has changed since you opened it. Reload the page and try again."),
        (json!({ "answers": { form.fields[0].id.clone(): 5 } }), "Invalid request body: invalid type: integer `5`, expected a string."),
        (json!({ "answers": answers(&form), "extra": true }), "Invalid request body: unknown field `extra`, expected one of `answers`, `source`, `referrer`, `website`."),
    ];
    for (i, (body, message)) in cases.into_iter().enumerate() {
        let response = submit_lead(&app, &form, body, &format!("10.2.0.{i}"), None).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{message}");
        assert_eq!(response.error_message(), message);
    }
    let malformed = Call::post(&format!("/api/public-forms/{}/leads", form.id)).from_ip("10.2.1.1").raw_json("{\"answers\":").send(&app).await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    let bad_key = submit_lead(&app, &form, json!({"answers": answers(&form)}), "10.2.1.2", Some("short")).await;
    assert_eq!(bad_key.status, StatusCode::BAD_REQUEST);
    assert_eq!(lead_count(&state, &form).await, 0);
}

#[tokio::test]
async fn an_oversized_body_is_413_before_anything_is_read() {
    let (app, state) = app().await;
    let (_, form) = published_form(&state).await;
    let mut a = answers(&form);
    a[&form.fields[0].id] = json!("x".repeat(40 * 1024));
    let response = submit_lead(&app, &form, json!({ "answers": a }), "10.3.0.1", None).await;
    assert_eq!(response.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(lead_count(&state, &form).await, 0);
}

#[tokio::test]
async fn a_filled_honeypot_looks_accepted_but_stores_and_mails_nothing() {
    let (app, state) = app().await;
    let (owner, form) = published_form(&state).await;
    let response = submit_lead(&app, &form, json!({ "answers": answers(&form), "website": "http://spam.example" }), "10.4.0.1", None).await;
    assert_eq!(response.status, StatusCode::CREATED);
    // Whatever work the answer started is done: nothing is left to store or mail later.
    state.background.idle().await;
    assert_eq!(lead_count(&state, &form).await, 0);
    assert!(mail_to(&state, &owner.email).is_empty());
}

#[tokio::test]
async fn one_ip_gets_ten_submissions_a_minute_per_form_and_another_ip_is_unaffected() {
    let (app, state) = app().await;
    let (_, form) = published_form(&state).await;
    for i in 0..10 {
        assert_eq!(submit_lead(&app, &form, json!({ "answers": answers(&form) }), "10.5.0.1", None).await.status, StatusCode::CREATED, "{i}");
    }
    let limited = submit_lead(&app, &form, json!({ "answers": answers(&form) }), "10.5.0.1", None).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.error_message(), "Too many submissions from your network. Please wait a minute and try again.");
    assert!(limited.headers.contains_key("retry-after"));
    assert_eq!(submit_lead(&app, &form, json!({ "answers": answers(&form) }), "10.5.0.2", None).await.status, StatusCode::CREATED);
    assert_eq!(lead_count(&state, &form).await, 11);
}

#[tokio::test]
async fn retries_with_one_idempotency_key_store_one_lead_and_answer_the_same() {
    let (app, state) = app().await;
    let (_, form) = published_form(&state).await;
    let key = "retry-key-0001";
    let first = submit_lead(&app, &form, json!({ "answers": answers(&form) }), "10.6.0.1", Some(key)).await;
    let again = submit_lead(&app, &form, json!({ "answers": answers(&form) }), "10.6.0.2", Some(key)).await;
    assert_eq!((first.status, &first.body), (again.status, &again.body));
    let parallel = (0..8).map(|i| {
        let (app, form) = (app.clone(), form.clone());
        tokio::spawn(async move { submit_lead(&app, &form, json!({ "answers": answers(&form) }), &format!("10.6.1.{i}"), Some("parallel-key-1")).await.body })
    });
    let bodies: Vec<Value> = futures::future::join_all(parallel).await.into_iter().map(Result::unwrap).collect();
    assert!(bodies.windows(2).all(|w| w[0] == w[1]));
    assert_eq!(lead_count(&state, &form).await, 2);
}

#[tokio::test]
async fn a_form_stored_with_unreadable_colours_is_served_with_readable_ones() {
    let (app, state) = app().await;
    // As stored before the contrast rule: the writes go straight to the table.
    let owner = stored_user(&state, "owner").await;
    let form = form(&owner.id)
        .published()
        .with(|form| {
            form.styling.text_color = "#d1d5db".into();
            form.styling.button_color = "#fde047".into();
            form.styling.button_text_color = "#ffffff".into();
        })
        .store(&state)
        .await;

    let response = Call::get(&format!("/api/public-forms/{}", form.id)).send(&app).await;
    assert_eq!(response.status, StatusCode::OK);
    let theme = &response.body["theme"];
    shared::testing::assert_readable_theme(theme);
    assert_eq!(theme["button"], "#fde047", "the yellow button stays yellow");
    assert_eq!(theme["buttonText"], "#000000", "with a label that reads on it");
    assert_eq!(theme.get("adjustments"), None, "investors get the colours, not the founder's choices");
    // `styling` carries the same readable colours, for anything that reads only it.
    let styling = &response.body["styling"];
    assert_eq!((&styling["textColor"], &styling["buttonColor"], &styling["buttonTextColor"]), (&theme["text"], &theme["button"], &theme["buttonText"]));
    assert_eq!(styling["primaryColor"], theme["accent"]);
    assert_eq!(styling["fontFamily"], "Inter");
}

#[tokio::test]
async fn the_floating_buttons_colours_from_any_snippet_read_and_a_bad_colour_or_draft_is_refused() {
    let (app, state) = app().await;
    let (owner, form) = published_form(&state).await;
    let ask = |query: &str| Call::get(&format!("/api/public-forms/{}/floating-button{query}", form.id));
    // The snippet every founder was given before the rule: white on #6366f1.
    let old = ask("?buttonColor=%236366f1&buttonTextColor=%23ffffff").send(&app).await;
    assert_eq!(old.status, StatusCode::OK);
    assert_eq!(old.body, json!({ "button": "#6365f0", "buttonText": "#ffffff" }));
    let yellow = ask("?buttonColor=%23fde047").send(&app).await;
    assert_eq!(yellow.body, json!({ "button": "#fde047", "buttonText": "#1f2937" }));
    let bare = ask("").send(&app).await;
    assert_eq!(bare.body, json!({ "button": "#6365f0", "buttonText": "#ffffff" }), "no colours: the form's theme");
    let bad = ask("?buttonColor=red").send(&app).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.error_message(), "The button colour must be a hex colour like #6366f1.");
    assert_eq!(ask("?buttonColor=%23ffffff&colour=%23000000").send(&app).await.status, StatusCode::BAD_REQUEST);
    let draft = shared::testing::form(&owner.id).store(&state).await;
    let unavailable = Call::get(&format!("/api/public-forms/{}/floating-button", draft.id)).send(&app).await;
    assert_eq!(unavailable.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_empty_submission_names_every_required_field_with_the_sentence_the_form_shows_and_stores_nothing() {
    let (app, state) = app().await;
    let owner = stored_user(&state, "owner").await;
    let form = form(&owner.id)
        .preset("investment_amount")
        .preset("location_state")
        .published()
        .with(|form| {
            form.fields[3].required = true;
            form.fields[4].required = true;
            // Stored as an older editor saved it: a free-text state field.
            form.fields[4].kind = shared::forms::FieldType::Text;
            form.fields[4].options.clear();
        })
        .store(&state)
        .await;

    let public = Call::get(&format!("/api/public-forms/{}", form.id)).send(&app).await;
    let state_field = &public.body["fields"][4];
    assert_eq!(state_field["type"], "select");
    assert_eq!(state_field["options"].as_array().unwrap().len(), 53);
    assert_eq!(state_field["options"][52], "Outside the US");
    let shown: Vec<&str> = public.body["fields"].as_array().unwrap().iter().map(|f| f["messages"]["required"].as_str().unwrap()).collect();
    assert_eq!(shown, ["Please enter your name.", "Please enter your email.", "Please enter your phone number.", "Please choose an amount range.", "Please choose your state."]);

    let response = submit_lead(&app, &form, json!({ "answers": {} }), "10.9.0.1", None).await;
    assert_eq!(response.status, StatusCode::BAD_REQUEST);
    assert_eq!(response.body["error"]["code"], "invalid_answer");
    assert_eq!(response.error_message(), "Please enter your name.");
    let fields = response.body["error"]["fields"].as_object().unwrap();
    assert_eq!(fields.len(), 5);
    for (index, sentence) in shown.iter().enumerate() {
        assert_eq!(fields[&form.fields[index].id], *sentence, "field {index}");
    }

    let mut a = json!({
        form.fields[0].id.clone(): "Grace Hopper", form.fields[1].id.clone(): "grace@", form.fields[2].id.clone(): "+1 555 123 4567",
        form.fields[3].id.clone(): "Over $100,000", form.fields[4].id.clone(): "Ontario",
    });
    let response = submit_lead(&app, &form, json!({ "answers": a.clone() }), "10.9.0.2", None).await;
    let fields = response.body["error"]["fields"].as_object().unwrap();
    assert_eq!((fields[&form.fields[1].id].as_str(), fields[&form.fields[4].id].as_str()), (Some("Please enter a valid email address."), Some("Please choose one of the options.")));
    assert_eq!(lead_count(&state, &form).await, 0);

    a[&form.fields[1].id] = json!("grace@example.com");
    a[&form.fields[4].id] = json!("Outside the US");
    let response = submit_lead(&app, &form, json!({ "answers": a }), "10.9.0.3", None).await;
    assert_eq!(response.status, StatusCode::CREATED, "{:?}", response.body);
    assert_eq!(lead_count(&state, &form).await, 1);
}

#[tokio::test]
async fn the_public_form_carries_the_headline_button_label_and_thank_you_link_not_the_internal_name() {
    let (app, state) = app().await;
    let owner = stored_user(&state, "owner").await;
    let form = form(&owner.id)
        .named("Q3 landing page test B")
        .published()
        .with(|form| {
            let content = &mut form.content_settings.form_content;
            content.headline = "Back our second roastery".into();
            content.submit_label = "Count me in".into();
            content.thank_you_url = Some("https://harbor.example/thanks".into());
        })
        .store(&state)
        .await;
    let public = Call::get(&format!("/api/public-forms/{}", form.id)).send(&app).await;
    let content = &public.body["content_settings"]["form_content"];
    assert_eq!((content["headline"].as_str(), content["submit_label"].as_str()), (Some("Back our second roastery"), Some("Count me in")));
    assert_eq!(content["thank_you_url"], "https://harbor.example/thanks");
}

// --- The founder's logo -----------------------------------------------------------------

/// Keeps `png` as `owner`'s logo the way `profiles` does (bucket, then profile).
async fn give_logo(state: &AppState, owner: &str, png: &[u8]) -> shared::brand::Logo {
    let logo = shared::brand::Logo { hash: shared::crypto::sha256_hex(png), width: 240, height: 96 };
    state.assets.as_ref().unwrap().put_logo(&logo.hash, png.to_vec()).await.unwrap();
    state.profiles().set_logo(owner, &logo).await.unwrap();
    logo
}

#[tokio::test]
async fn a_public_form_shows_its_owners_logo_and_never_another_founders() {
    let (app, state) = app().await;
    let (ada, ada_form) = published_form(&state).await;
    let (_, bob_form) = published_form(&state).await;
    let read = |id: String| {
        let app = app.clone();
        async move { Call::get(&format!("/api/public-forms/{id}")).send(&app).await.body["logo"].clone() }
    };
    assert_eq!(read(ada_form.id.clone()).await, Value::Null, "no logo uploaded yet");
    let logo = give_logo(&state, &ada.id, b"\x89PNG\r\n\x1a\nada").await;
    assert_eq!(read(ada_form.id.clone()).await, json!({"hash": logo.hash, "url": logo.url(), "width": 240, "height": 96}));
    assert_eq!(read(bob_form.id.clone()).await, Value::Null, "Bob's form never shows Ada's logo");
    state.profiles().remove_logo(&ada.id).await.unwrap();
    assert_eq!(read(ada_form.id.clone()).await, Value::Null, "a removed logo leaves the form");
}

#[tokio::test]
async fn a_logo_is_served_by_its_content_address_for_a_year_and_nothing_else_is() {
    let (app, state) = app().await;
    let (owner, _) = published_form(&state).await;
    let png = b"\x89PNG\r\n\x1a\nthe-logo".to_vec();
    let logo = give_logo(&state, &owner.id, &png).await;

    let served = Call::get(&logo.url()).send(&app).await;
    assert_eq!(served.status, StatusCode::OK);
    assert_eq!(served.bytes, png);
    assert_eq!(served.headers["content-type"], "image/png");
    assert_eq!(served.headers["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(served.headers["x-content-type-options"], "nosniff");

    let unknown = "0".repeat(64);
    for path in [
        format!("/api/public-forms/logos/{unknown}.png"),
        format!("/api/public-forms/logos/{}.PNG", logo.hash),
        format!("/api/public-forms/logos/{}.png", logo.hash.to_uppercase()),
        format!("/api/public-forms/logos/{}", logo.hash),
        "/api/public-forms/logos/..%2F..%2Fvault%2Frecords%2Fx.png".to_owned(),
        "/api/public-forms/logos/logo.png".to_owned(),
    ] {
        let missing = Call::get(&path).send(&app).await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(missing.error_message(), "No such logo", "{path}");
    }
}

/// A submission from its own network (the per-network limit stays out of the way), with the
/// versions the investor was shown if given.
async fn submit_seen(app: &Router, form: &Form, n: u32, seen: Option<&str>) -> (StatusCode, String) {
    let mut call = Call::post(&format!("/api/public-forms/{}/leads", form.id)).from_ip(&format!("10.9.0.{n}")).json(json!({ "answers": answers(form) }));
    if let Some(seen) = seen {
        call = call.header("form-version", seen);
    }
    let answer = call.send(app).await;
    (answer.status, answer.body["error"]["code"].as_str().unwrap_or_default().to_owned())
}

async fn set_published(state: &AppState, form: &Form, published: bool, version: u64) {
    state.dynamo.update_item().table_name(&state.config.tables.forms).key("id", AttributeValue::S(form.id.clone()))
        .update_expression("SET is_published = :p, version = :v")
        .expression_attribute_values(":p", AttributeValue::Bool(published))
        .expression_attribute_values(":v", AttributeValue::N(version.to_string()))
        .send().await.unwrap();
}

#[tokio::test]
async fn a_warm_instance_checks_submissions_against_a_form_read_at_most_three_seconds_ago_or_the_newer_one_the_investor_saw() {
    let (app, state) = app().await;
    let (_, form) = published_form(&state).await;
    let version = form.version;
    assert_eq!(submit_seen(&app, &form, 1, None).await.0, StatusCode::CREATED);

    // Unpublished behind this instance's back: it still checks against its copy (for three
    // seconds at most).
    set_published(&state, &form, false, version + 1).await;
    assert_eq!(submit_seen(&app, &form, 2, None).await.0, StatusCode::CREATED, "served from the instance's copy");
    assert_eq!(submit_seen(&app, &form, 3, Some(&format!("{version}.0"))).await.0, StatusCode::CREATED, "the version its copy holds");
    // An investor who was shown the newer form makes it read again, at once.
    assert_eq!(submit_seen(&app, &form, 4, Some(&format!("{}.0", version + 1))).await.0, StatusCode::NOT_FOUND);

    // Published again: read again once the copy is three seconds old.
    set_published(&state, &form, true, version + 2).await;
    state.clock.advance(std::time::Duration::from_secs(5));
    assert_eq!(submit_seen(&app, &form, 5, None).await.0, StatusCode::CREATED);

    // Form C filed behind the offering route's back (which would wait the copies out): this
    // instance's copy still says testing the waters (for three seconds at
    // most); a form shown with the new stage is refused at once, and every one after that.
    let mut stage = form.offering_stage.clone();
    stage.status = shared::vault::offering::OfferingStatus::FormCFiled;
    stage.version += 1;
    state.forms().set_offering_stage(&form.id, &stage).await.unwrap();
    assert_eq!(submit_seen(&app, &form, 6, None).await.0, StatusCode::CREATED);
    assert_eq!(submit_seen(&app, &form, 7, Some(&format!("{}.{}", version + 2, stage.version))).await, (StatusCode::CONFLICT, "not_accepting_interest".to_owned()));
    assert_eq!(submit_seen(&app, &form, 8, None).await, (StatusCode::CONFLICT, "not_accepting_interest".to_owned()));
    state.clock.advance(std::time::Duration::from_secs(5));
    assert_eq!(submit_seen(&app, &form, 9, None).await, (StatusCode::CONFLICT, "not_accepting_interest".to_owned()));
    state.background.idle().await;
    assert_eq!(lead_count(&state, &form).await, 5, "the five accepted submissions, no more");
}
