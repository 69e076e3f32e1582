use aws_sdk_dynamodb::types::AttributeValue;
use axum::http::StatusCode;
use serde_json::json;
use shared::{
    AppState,
    forms::Form,
    testing::{Call, TestUser, test_user},
};

async fn app() -> (axum::Router, AppState) {
    shared::testing::app(&[("leads", leads::router)]).await.parts()
}

async fn form_of(state: &AppState, user: &TestUser, name: &str) -> Form {
    shared::testing::form(&user.id).named(name).store(state).await
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
    let user = test_user(&state).await;
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
    let user = test_user(&state).await;
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
    let (owner, intruder) = (test_user(&state).await, test_user(&state).await);
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
    let user = test_user(&state).await;
    let bad = Call::get("/api/leads?temperature=boiling").token(&user.token).send(&app).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let forged = Call::get("/api/leads?cursor=not-a-cursor").token(&user.token).send(&app).await;
    assert_eq!(forged.status, StatusCode::BAD_REQUEST);
    for uri in ["/api/leads?temperature=hot&unknown=42", "/api/leads/export?%C3%88=1"] {
        let unknown = Call::get(uri).token(&user.token).send(&app).await;
        assert_eq!(unknown.status, StatusCode::BAD_REQUEST, "{uri}");
        assert_eq!(unknown.error_code(), "invalid_query", "the JSON error shape, not axum's text: {uri}");
    }
}

async fn first_lead_id(app: &axum::Router, user: &TestUser) -> String {
    Call::get("/api/leads").token(&user.token).send(app).await.body["leads"][0]["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_owner_changes_a_leads_temperature_and_deletes_it() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
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
    let (owner, intruder) = (test_user(&state).await, test_user(&state).await);
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

// ------------------------------------------------------------------ through the public endpoint


/// The leads and public-forms routers over one state, as in the gateway.
async fn both() -> (axum::Router, AppState) {
    shared::testing::app(&[("leads", leads::router), ("public-forms", public_forms::router)]).await.parts()
}

async fn published(state: &AppState, user: &TestUser, name: &str) -> Form {
    shared::testing::form(&user.id).named(name).preset("investment_amount").preset("location_state").published().store(state).await
}

async fn submit(app: &axum::Router, form: &Form, name: &str, amount: &str, key: &str) -> StatusCode {
    static VISITOR: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let visitor = VISITOR.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let local: String = name.to_lowercase().chars().filter(|c| c.is_ascii_alphanumeric() || *c == ' ').collect();
    let answers = json!({
        form.fields[0].id.clone(): name,
        form.fields[1].id.clone(): format!("{}@example.com", local.trim().replace(' ', ".")),
        form.fields[2].id.clone(): "+1 555 010 0100",
        form.fields[3].id.clone(): amount,
        form.fields[4].id.clone(): "Texas",
    });
    Call::post(&format!("/api/public-forms/{}/leads", form.id))
        .from_ip(&format!("10.9.{}.{}", visitor / 200, visitor % 200))
        .header("idempotency-key", key)
        .json(json!({ "answers": answers }))
        .send(app)
        .await
        .status
}

/// The summary once the counting that follows each answer is done: it must count `leads`.
async fn summary_with(state: &AppState, app: &axum::Router, user: &TestUser, leads: u64) -> serde_json::Value {
    state.background.idle().await;
    let summary = Call::get("/api/leads/summary").token(&user.token).send(app).await;
    assert_eq!(summary.status, StatusCode::OK);
    assert_eq!(summary.body["totalLeads"], json!(leads), "{}", summary.text);
    summary.body
}

fn earned(summary: &serde_json::Value) -> Vec<String> {
    summary["achievements"].as_array().unwrap().iter().filter(|a| a["earned"] == json!(true)).map(|a| a["id"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn the_summary_counts_every_lead_once_not_just_the_recent_five() {
    let (app, state) = both().await;
    let user = test_user(&state).await;
    let (one, two) = (published(&state, &user, "Seed").await, published(&state, &user, "Bridge").await);
    let amounts = ["Over $100,000", "$25,000 - $50,000", "Under $10,000", "$10,000 - $25,000"];
    for i in 0..7 {
        let form = if i % 2 == 0 { &one } else { &two };
        assert_eq!(submit(&app, form, &format!("Investor {i}"), amounts[i % 4], &format!("key-{i}-xxxxxxxx")).await, StatusCode::CREATED);
    }
    // A retried submission is stored and counted once.
    assert_eq!(submit(&app, &one, "Investor 0", amounts[0], "key-0-xxxxxxxx").await, StatusCode::CREATED);
    for visitor in 0..5 {
        Call::post(&format!("/api/public-forms/{}/views", one.id)).from_ip(&format!("10.1.1.{visitor}")).send(&app).await;
    }
    let summary = summary_with(&state, &app, &user, 7).await;
    // 120,000 ×2 + 37,500 ×2 + 5,000 ×2 + 17,500
    assert_eq!(summary["estimatedInterest"], 342_500);
    assert_eq!(summary["totalViews"], 5);
    assert_eq!(summary["conversionRate"], 140);
    assert_eq!(summary["estimatedClicks"], 2);
    // Advanced interest badges can be earned before every basic one.
    assert_eq!(
        earned(&summary),
        ["joined", "created_form", "embed_form", "first_visitor", "first_lead", "10k_interest", "25k_interest", "50k_interest", "100k_interest"]
    );
    assert_eq!(summary["earnedCount"], 9);
    assert_eq!(summary["totalCount"], 16);
    assert_eq!(summary["advancedUnlocked"], false);

    let recent = Call::get("/api/leads/recent").token(&user.token).send(&app).await;
    let recent = recent.body["leads"].as_array().unwrap();
    assert_eq!(recent.len(), 5);
    assert_eq!(recent[0]["summary"]["name"], "Investor 6");
    assert_eq!(recent[0]["formName"], "Seed");
    assert_eq!(recent[0]["summary"]["state"], "TX");
    assert_eq!(recent[0]["summary"]["investmentRange"], "<$10K");

    let profile = state.profiles().get_profile(&user.id).await.unwrap().unwrap();
    assert_eq!(profile.interested_investors_count, 7);

    // Deleting a lead takes it and its amount off the totals.
    let id = recent[0]["id"].as_str().unwrap();
    assert_eq!(Call::delete(&format!("/api/leads/{id}")).token(&user.token).send(&app).await.status, StatusCode::NO_CONTENT);
    let summary = summary_with(&state, &app, &user, 6).await;
    assert_eq!(summary["estimatedInterest"], 337_500);

    // Another founder's summary sees none of it.
    let other = test_user(&state).await;
    assert_eq!(Call::get("/api/leads/recent").token(&other.token).send(&app).await.body["leads"], json!([]));
    assert_eq!(Call::get("/api/leads/recent").send(&app).await.status, StatusCode::UNAUTHORIZED);
    let theirs = Call::get("/api/leads/summary").token(&other.token).send(&app).await;
    assert_eq!((theirs.body["totalLeads"].clone(), theirs.body["totalViews"].clone()), (json!(0), json!(0)));
    assert_eq!(earned(&theirs.body), ["joined"]);
}

#[tokio::test]
async fn search_matches_name_or_email_and_fills_filtered_pages() {
    let (app, state) = both().await;
    let user = test_user(&state).await;
    let form = published(&state, &user, "Seed").await;
    for i in 0..40 {
        let name = if i % 10 == 0 { format!("Ada Match{i}") } else { format!("Grace Other{i}") };
        assert_eq!(submit(&app, &form, &name, "Over $100,000", &format!("search-{i}-xxxxxxxx")).await, StatusCode::CREATED);
    }
    let by_name = Call::get("/api/leads?q=ADA").token(&user.token).send(&app).await;
    assert_eq!(by_name.status, StatusCode::OK);
    let names: Vec<&str> = by_name.body["leads"].as_array().unwrap().iter().map(|l| l["summary"]["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ada Match30", "Ada Match20", "Ada Match10", "Ada Match0"]);
    let by_email = Call::get(&format!("/api/leads?q=grace.other7%40&formId={}", form.id)).token(&user.token).send(&app).await;
    assert_eq!(by_email.body["leads"].as_array().unwrap().len(), 1);
    // 36 matches: a full first page of 25 although the filter drops leads, then 11.
    let first = Call::get("/api/leads?q=grace").token(&user.token).send(&app).await;
    assert_eq!(first.body["leads"].as_array().unwrap().len(), 25);
    let cursor = first.body["nextCursor"].as_str().unwrap();
    let second = Call::get(&format!("/api/leads?q=grace&cursor={cursor}")).token(&user.token).send(&app).await;
    assert_eq!(second.body["leads"].as_array().unwrap().len(), 11);
    assert_eq!(second.body["nextCursor"], json!(null));
    let long = Call::get(&format!("/api/leads?q={}", "x".repeat(101))).token(&user.token).send(&app).await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    // A cursor of one listing does not continue another.
    let form_page = Call::get(&format!("/api/leads?formId={}&cursor={cursor}", form.id)).token(&user.token).send(&app).await;
    assert_eq!(form_page.status, StatusCode::BAD_REQUEST);
}

/// A minimal RFC 4180 reader for the assertions.
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = vec![];
    let (mut row, mut cell, mut quoted, mut chars) = (vec![], String::new(), false, text.trim_start_matches('\u{feff}').chars().peekable());
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut cell)),
            (false, '\r') => {}
            (false, '\n') => {
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => cell.push(c),
        }
    }
    rows
}

#[tokio::test]
async fn the_csv_export_quotes_neutralises_and_scopes_to_the_owner() {
    let (app, state) = both().await;
    let user = test_user(&state).await;
    let (one, two) = (published(&state, &user, "Seed, \"Round\"").await, published(&state, &user, "Bridge").await);
    assert_eq!(submit(&app, &one, "=HYPERLINK(\"http://evil\")", "Over $100,000", "csv-1-xxxxxxxx").await, StatusCode::CREATED);
    assert_eq!(submit(&app, &one, "Ada, Lovelace", "$25,000 - $50,000", "csv-2-xxxxxxxx").await, StatusCode::CREATED);
    assert_eq!(submit(&app, &two, "@Grace", "Under $10,000", "csv-3-xxxxxxxx").await, StatusCode::CREATED);

    let all = Call::get("/api/leads/export").token(&user.token).send(&app).await;
    assert_eq!(all.status, StatusCode::OK);
    assert_eq!(all.headers["content-type"], "text/csv; charset=utf-8");
    assert!(all.headers["content-disposition"].to_str().unwrap().starts_with("attachment; filename=\"raisespark-leads-"));
    assert!(all.text.contains("\r\n") && all.text.starts_with('\u{feff}'));
    let rows = parse_csv(&all.text);
    assert_eq!(
        rows[0],
        [
            "Form", "Full Name", "Email Address", "Phone Number", "How much might you invest? (non-binding indication of interest)", "State",
            "Other answers", "Location", "Temperature", "Estimated amount", "Submitted at", "Source", "UTM source", "UTM medium", "UTM campaign",
            "UTM content", "UTM term", "Page", "Referrer"
        ]
    );
    assert_eq!(rows.len(), 4);
    let grace = &rows[1];
    assert_eq!(grace[0], "Bridge");
    assert_eq!(grace[1], "'@Grace");
    assert_eq!(grace[3], "'+1 555 010 0100");
    assert_eq!((grace[7].as_str(), grace[8].as_str(), grace[9].as_str()), ("Texas", "Cold", "5000"));
    assert_eq!(rows[2][0], "Seed, \"Round\"");
    assert_eq!(rows[2][1], "Ada, Lovelace");
    assert_eq!(rows[2][8], "Hot", "$25,000 - $50,000 mentions $50,000");
    assert_eq!(rows[3][1], "'=HYPERLINK(\"http://evil\")");
    assert_eq!((rows[3][8].as_str(), rows[3][9].as_str()), ("Hot", "120000"));

    let one_form = Call::get(&format!("/api/leads/export?formId={}", two.id)).token(&user.token).send(&app).await;
    let rows = parse_csv(&one_form.text);
    assert_eq!(rows.len(), 2);
    assert!(!rows[0].contains(&"Other answers".to_owned()));
    assert!(one_form.headers["content-disposition"].to_str().unwrap().contains("raisespark-leads-bridge-"));

    let intruder = test_user(&state).await;
    let theirs = Call::get(&format!("/api/leads/export?formId={}", one.id)).token(&intruder.token).send(&app).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    let empty = Call::get("/api/leads/export").token(&intruder.token).send(&app).await;
    assert_eq!(parse_csv(&empty.text).len(), 1, "only the header");
    assert_eq!(Call::get("/api/leads/export").send(&app).await.status, StatusCode::UNAUTHORIZED);
}

/// The leads, public-forms and profiles routers over one state: the founder's dashboard reads.
async fn dashboard() -> (axum::Router, AppState) {
    let (app, state) = both().await;
    (app.merge(shared::http::mount("profiles", profiles::router(state.clone()))), state)
}

async fn dashboard_loads(app: &axum::Router, user: &TestUser) -> (serde_json::Value, serde_json::Value) {
    let summary = Call::get("/api/leads/summary").token(&user.token).send(app).await;
    assert_eq!(summary.status, StatusCode::OK, "{:?}", summary.body);
    let profile = Call::get("/api/profiles/me").token(&user.token).send(app).await;
    assert_eq!(profile.status, StatusCode::OK, "{:?}", profile.body);
    let listed = Call::get("/api/leads").token(&user.token).send(app).await;
    assert_eq!(listed.status, StatusCode::OK, "{:?}", listed.body);
    (summary.body, profile.body)
}

#[tokio::test]
async fn hostile_amounts_from_investors_never_break_the_founders_dashboard() {
    let (app, state) = dashboard().await;
    let user = test_user(&state).await;
    let form = published(&state, &user, "Seed").await;
    // Amount-looking text in free-text answers; the amount field itself only takes its options.
    for i in 0..3 {
        let status = submit(&app, &form, "$99999999999999999999 under over", "Over $100,000", &format!("hostile-{i}-xxxxxxxx")).await;
        assert_eq!(status, StatusCode::CREATED);
    }
    assert_eq!(submit(&app, &form, "Eve", "Over $99999999999999999999", "hostile-amount-xxxxxxxx").await, StatusCode::BAD_REQUEST);
    let summary = summary_with(&state, &app, &user, 3).await;
    assert_eq!(summary["estimatedInterest"], 360_000, "only the amount field counts, never the name");
    let (_, profile) = dashboard_loads(&app, &user).await;
    assert_eq!(profile["estimated_interest"], 360_000);
    let listed = Call::get("/api/leads").token(&user.token).send(&app).await;
    let listed = listed.body["leads"].as_array().unwrap().clone();
    assert_eq!(listed.len(), 3);
    assert!(listed.iter().all(|lead| lead["estimatedAmount"] == 120_000));

    // A real amount still counts.
    assert_eq!(submit(&app, &form, "Ada Lovelace", "$25,000 - $50,000", "honest-xxxxxxxx").await, StatusCode::CREATED);
    assert_eq!(summary_with(&state, &app, &user, 4).await["estimatedInterest"], 397_500);
}

#[tokio::test]
async fn counters_stored_out_of_range_are_read_leniently_and_saturate() {
    let (app, state) = dashboard().await;
    let user = test_user(&state).await;
    let form = published(&state, &user, "Seed").await;
    // What the old code could leave behind: a sum past every integer type, a negative count,
    // a lead whose stored amount is absurd.
    state
        .dynamo
        .put_item()
        .table_name(&state.config.tables.profiles)
        .item("id", AttributeValue::S(user.id.clone()))
        .item("interested_investors_count", AttributeValue::N("-3".into()))
        .item("estimated_interest", AttributeValue::N("9".repeat(38)))
        .send()
        .await
        .unwrap();
    lead(&state, &form, &user.id, "Mallory", "hot", "2026-11-20T10:00:00Z").await;
    let id = first_lead_id(&app, &user).await;
    state
        .dynamo
        .update_item()
        .table_name(&state.config.tables.leads)
        .key("id", AttributeValue::S(id))
        .update_expression("SET estimated_amount = :huge")
        .expression_attribute_values(":huge", AttributeValue::N("9".repeat(30)))
        .send()
        .await
        .unwrap();

    let (summary, profile) = dashboard_loads(&app, &user).await;
    assert_eq!(summary["estimatedInterest"], shared::counters::CEILING);
    assert_eq!(summary["totalLeads"], 0);
    assert_eq!(profile["interested_investors_count"], 0);

    // Adding to a sum at the ceiling saturates instead of failing. The stored items are read
    // raw: the lenient read clamps a negative count to 0, so it cannot tell "not counted yet"
    // from "counted" here (-3 + 1 = -2 reads as 0 either way).
    assert_eq!(submit(&app, &form, "Ada Lovelace", "Over $100,000", "saturate-xxxxxxxx").await, StatusCode::CREATED);
    let raw_profile = || async {
        let item = state.dynamo.get_item().table_name(&state.config.tables.profiles).key("id", AttributeValue::S(user.id.clone())).consistent_read(true).send().await.unwrap();
        let item = item.item.unwrap();
        let number = |name: &str| item.get(name).and_then(|v| v.as_n().ok()).cloned().unwrap_or_default();
        (number("interested_investors_count"), number("estimated_interest"))
    };
    state.background.idle().await;
    let (count, interest) = raw_profile().await;
    assert_eq!(count, "-2", "counted once");
    assert_eq!(interest, shared::counters::CEILING.to_string(), "the sum stays at the ceiling instead of failing");
    let (summary, _) = dashboard_loads(&app, &user).await;
    assert_eq!(summary["estimatedInterest"], shared::counters::CEILING);
    let listed = Call::get("/api/leads").token(&user.token).send(&app).await;
    assert!(listed.body["leads"].as_array().unwrap().iter().any(|lead| lead["estimatedAmount"] == 0 && lead["summary"]["name"] == "Mallory"));
}

#[tokio::test]
async fn behind_cloudfront_the_export_url_serves_only_requests_with_the_origin_secret() {
    let state = shared::testing::test_state_with(|config| config.origin_verify_secret = Some("origin-secret-0123456789abcdef".to_owned().into())).await;
    let app = shared::http::mount("leads", leads::router(state.clone()));
    let user = test_user(&state).await;
    let direct = Call::get("/api/leads/export").token(&user.token).send(&app).await;
    assert_eq!(direct.status, StatusCode::FORBIDDEN);
    let through_cdn = Call::get("/api/leads/export").token(&user.token).header("x-origin-verify", "origin-secret-0123456789abcdef").send(&app).await;
    assert_eq!(through_cdn.status, StatusCode::OK);
}

async fn profile_counts(state: &AppState, user: &TestUser) -> (u64, u64, u64, u64) {
    let profile = state.profiles().get_profile(&user.id).await.unwrap().unwrap();
    (profile.interested_investors_count, profile.hot_leads, profile.warm_leads, profile.cold_leads)
}

/// The form's `leads_count` once the counting that follows each answer is done (the form's
/// write follows the lead's counting transaction in the same work).
async fn form_leads(state: &AppState, form: &Form) -> u64 {
    state.background.idle().await;
    state.forms().get_form(&form.id).await.unwrap().unwrap().leads_count
}

#[tokio::test]
async fn temperature_and_form_counters_follow_capture_status_changes_and_deletes() {
    let (app, state) = both().await;
    let user = test_user(&state).await;
    let form = published(&state, &user, "Counters Fund").await;
    assert_eq!(submit(&app, &form, "Ada Hot", "Over $100,000", "counters-hot-xxxxxxxx").await, StatusCode::CREATED);
    assert_eq!(submit(&app, &form, "Grace Cold", "Under $10,000", "counters-cold-xxxxxxxx").await, StatusCode::CREATED);
    summary_with(&state, &app, &user, 2).await;
    assert_eq!(profile_counts(&state, &user).await, (2, 1, 0, 1));
    assert_eq!(form_leads(&state, &form).await, 2);

    let leads = Call::get("/api/leads?temperature=hot").token(&user.token).send(&app).await.body["leads"].clone();
    let hot_id = leads[0]["id"].as_str().unwrap().to_owned();
    let warmed = Call::patch(&format!("/api/leads/{hot_id}")).token(&user.token).json(json!({"status": "warm"})).send(&app).await;
    assert_eq!(warmed.status, StatusCode::OK, "{}", warmed.text);
    assert_eq!(profile_counts(&state, &user).await, (2, 0, 1, 1));
    // Setting the same temperature again moves nothing.
    Call::patch(&format!("/api/leads/{hot_id}")).token(&user.token).json(json!({"status": "warm"})).send(&app).await;
    assert_eq!(profile_counts(&state, &user).await, (2, 0, 1, 1));

    let deleted = Call::delete(&format!("/api/leads/{hot_id}")).token(&user.token).send(&app).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text);
    assert_eq!(profile_counts(&state, &user).await, (1, 0, 0, 1));
    assert_eq!(form_leads(&state, &form).await, 1);
}

// ------------------------------------------------------------------ the funnel and the sources

const NEWSLETTER_PAGE: &str = "https://www.harbor.example/invest?utm_source=Newsletter&utm_medium=email&utm_campaign=launch";

async fn ping(app: &axum::Router, form: &Form, step: &str, ip: &str, body: serde_json::Value) -> StatusCode {
    Call::post(&format!("/api/public-forms/{}/{step}", form.id)).from_ip(ip).json(body).send(app).await.status
}

async fn funnel_of(state: &AppState, app: &axum::Router, user: &TestUser) -> serde_json::Value {
    state.background.idle().await;
    let funnel = Call::get("/api/leads/funnel").token(&user.token).send(app).await;
    assert_eq!(funnel.status, StatusCode::OK, "{}", funnel.text);
    funnel.body
}

fn row<'a>(funnel: &'a serde_json::Value, table: &str, label: &str) -> &'a serde_json::Value {
    funnel["sources"][table].as_array().unwrap().iter().find(|r| r["label"] == label).unwrap_or_else(|| panic!("no {table} row {label}: {funnel}"))
}

fn counts(row: &serde_json::Value) -> [u64; 4] {
    ["views", "starts", "leads", "hotLeads"].map(|k| row[k].as_u64().unwrap())
}

#[tokio::test]
async fn each_visitor_counts_once_a_day_per_funnel_step_in_its_form_and_in_the_sources_it_came_from() {
    let (app, state) = both().await;
    let user = test_user(&state).await;
    let form = published(&state, &user, "Seed").await;
    let newsletter = json!({ "source": NEWSLETTER_PAGE, "referrer": "https://mail.example/inbox?m=42" });
    // The first investor views twice, starts twice, and submits: one view, one start, one lead.
    for _ in 0..2 {
        assert!([StatusCode::ACCEPTED, StatusCode::OK].contains(&ping(&app, &form, "views", "10.7.0.1", newsletter.clone()).await));
        assert!([StatusCode::ACCEPTED, StatusCode::OK].contains(&ping(&app, &form, "starts", "10.7.0.1", newsletter.clone()).await));
    }
    assert_eq!(ping(&app, &form, "views", "10.7.0.1", newsletter.clone()).await, StatusCode::OK);
    let answers = json!({
        form.fields[0].id.clone(): "Ada Lovelace", form.fields[1].id.clone(): "ada@example.com", form.fields[2].id.clone(): "+1 555 010 0100",
        form.fields[3].id.clone(): "Over $100,000", form.fields[4].id.clone(): "Texas",
    });
    let lead = Call::post(&format!("/api/public-forms/{}/leads", form.id))
        .from_ip("10.7.0.1")
        .json(json!({ "answers": answers, "source": NEWSLETTER_PAGE, "referrer": "https://mail.example/inbox?m=42" }))
        .send(&app)
        .await;
    assert_eq!(lead.status, StatusCode::CREATED, "{}", lead.text);
    // The second came from Hacker News, started, and left at the phone field (told twice).
    let hn = json!({ "source": "https://harbor.example/invest", "referrer": "https://news.ycombinator.com/item?id=1" });
    assert_eq!(ping(&app, &form, "views", "10.7.0.2", hn.clone()).await, StatusCode::ACCEPTED);
    assert_eq!(ping(&app, &form, "starts", "10.7.0.2", hn.clone()).await, StatusCode::ACCEPTED);
    let phone = json!({ "field": form.fields[2].id });
    assert_eq!(ping(&app, &form, "leaves", "10.7.0.2", phone.clone()).await, StatusCode::ACCEPTED);
    assert_eq!(ping(&app, &form, "leaves", "10.7.0.2", phone.clone()).await, StatusCode::OK);
    // A view with nothing to say about its origin counts as direct.
    assert_eq!(Call::post(&format!("/api/public-forms/{}/views", form.id)).from_ip("10.7.0.3").send(&app).await.status, StatusCode::ACCEPTED);

    let funnel = funnel_of(&state, &app, &user).await;
    let seed = &funnel["forms"][0];
    assert_eq!((seed["name"].as_str(), seed["views"].as_u64(), seed["starts"].as_u64(), seed["leads"].as_u64(), seed["hotLeads"].as_u64()), (Some("Seed"), Some(3), Some(2), Some(1), Some(1)));
    assert_eq!(seed["stops"], json!([{ "fieldId": form.fields[2].id, "label": "Phone Number", "visitors": 1 }]));
    assert_eq!(seed["topStop"], "Phone Number");
    assert_eq!(counts(row(&funnel, "source", "newsletter")), [1, 1, 1, 1]);
    assert_eq!(counts(row(&funnel, "source", "news.ycombinator.com")), [1, 1, 0, 0]);
    assert_eq!(counts(row(&funnel, "source", "Direct / none")), [1, 0, 0, 0]);
    assert_eq!(counts(row(&funnel, "campaign", "launch")), [1, 1, 1, 1]);
    assert_eq!(counts(row(&funnel, "page", "harbor.example/invest")), [2, 2, 1, 1]);
    assert_eq!(funnel["sources"]["source"][0]["label"], "newsletter", "most leads first");

    // The lead keeps where it came from (the referrer without its query), shown and exported.
    let listed = Call::get("/api/leads").token(&user.token).send(&app).await;
    let attribution = &listed.body["leads"][0]["attribution"];
    assert_eq!(attribution["utm_source"], "Newsletter");
    assert_eq!(attribution["utm_campaign"], "launch");
    assert_eq!(attribution["referrer"], "https://mail.example/inbox");
    assert_eq!(attribution["page"], "https://www.harbor.example/invest");
    let export = parse_csv(&Call::get("/api/leads/export").token(&user.token).send(&app).await.text);
    let column = |name: &str| export[0].iter().position(|c| c == name).unwrap();
    assert_eq!((export[1][column("Source")].as_str(), export[1][column("UTM campaign")].as_str()), ("newsletter", "launch"));

    // Hot leads follow the lead's temperature; deleting it takes it off its sources.
    let id = listed.body["leads"][0]["id"].as_str().unwrap().to_owned();
    let cold = Call::patch(&format!("/api/leads/{id}")).token(&user.token).json(json!({ "status": "cold" })).send(&app).await;
    assert_eq!(cold.status, StatusCode::OK, "{}", cold.text);
    let funnel = funnel_of(&state, &app, &user).await;
    assert_eq!(counts(row(&funnel, "source", "newsletter")), [1, 1, 1, 0]);
    assert_eq!(funnel["forms"][0]["hotLeads"], 0);
    let hot = Call::patch(&format!("/api/leads/{id}")).token(&user.token).json(json!({ "status": "hot" })).send(&app).await;
    assert_eq!(hot.status, StatusCode::OK);
    assert_eq!(counts(row(&funnel_of(&state, &app, &user).await, "campaign", "launch")), [1, 1, 1, 1]);
    assert_eq!(Call::delete(&format!("/api/leads/{id}")).token(&user.token).send(&app).await.status, StatusCode::NO_CONTENT);
    let funnel = funnel_of(&state, &app, &user).await;
    assert_eq!(counts(row(&funnel, "source", "newsletter")), [1, 1, 0, 0]);
    assert_eq!(counts(row(&funnel, "page", "harbor.example/invest")), [2, 2, 0, 0]);

    // Another founder sees none of it; signed out is 401.
    let other = test_user(&state).await;
    let theirs = funnel_of(&state, &app, &other).await;
    assert_eq!(theirs, json!({ "forms": [], "sources": { "source": [], "campaign": [], "page": [] } }));
    assert_eq!(Call::get("/api/leads/funnel").send(&app).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_funnel_ping_that_is_malformed_too_large_or_names_no_field_of_the_form_is_a_4xx_and_counts_nothing() {
    let (app, state) = both().await;
    let user = test_user(&state).await;
    let form = published(&state, &user, "Seed").await;
    let refused = [
        ("leaves", json!({ "field": "no-such-field" }), StatusCode::BAD_REQUEST),
        ("leaves", json!({}), StatusCode::BAD_REQUEST),
        ("leaves", json!({ "field": form.fields[0].id, "extra": 1 }), StatusCode::BAD_REQUEST),
        ("leaves", json!({ "field": 7 }), StatusCode::BAD_REQUEST),
        ("starts", json!({ "source": 1 }), StatusCode::BAD_REQUEST),
        ("starts", json!({ "page": "https://x.example" }), StatusCode::BAD_REQUEST),
        ("views", json!({ "source": "x".repeat(5_000) }), StatusCode::PAYLOAD_TOO_LARGE),
    ];
    for (step, body, status) in refused {
        let answer = Call::post(&format!("/api/public-forms/{}/{step}", form.id)).from_ip("10.7.1.1").json(body.clone()).send(&app).await;
        assert_eq!(answer.status, status, "{step} {body}: {}", answer.text);
        assert!(!answer.error_message().is_empty());
    }
    let empty = Call::post(&format!("/api/public-forms/{}/leaves", form.id)).from_ip("10.7.1.1").send(&app).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    for (step, body) in [("views", json!({})), ("starts", json!({})), ("leaves", json!({ "field": "x" }))] {
        let unknown = Call::post(&format!("/api/public-forms/no-such-form/{step}")).from_ip("10.7.1.1").json(body).send(&app).await;
        assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{step}");
    }
    // Addresses and scripts are text: what is not a web address is not a source or a page.
    let script = json!({ "source": "javascript:alert(1)?utm_source=x", "referrer": "<script>" });
    assert_eq!(ping(&app, &form, "starts", "10.7.1.2", script).await, StatusCode::ACCEPTED);
    let funnel = funnel_of(&state, &app, &user).await;
    assert_eq!(funnel["forms"][0]["stops"], json!([]));
    assert_eq!(funnel["forms"][0]["starts"], 1);
    assert_eq!(funnel["sources"]["source"], json!([{ "value": "direct", "label": "Direct / none", "views": 0, "starts": 1, "leads": 0, "hotLeads": 0, "conversion": null }]));
    assert_eq!((&funnel["sources"]["page"], &funnel["sources"]["campaign"]), (&json!([]), &json!([])));
}

#[tokio::test]
async fn visitors_can_fill_at_most_half_of_a_sources_values_so_the_values_leads_bring_still_register() {
    let (app, state) = both().await;
    let user = test_user(&state).await;
    let form = published(&state, &user, "Seed").await;
    // 60 invented sources from 60 addresses: 50 register, the rest count as Other.
    for i in 0..60 {
        let body = json!({ "source": format!("https://harbor.example/?utm_source=junk-{i}") });
        assert_eq!(ping(&app, &form, "views", &format!("10.8.0.{i}"), body).await, StatusCode::ACCEPTED);
    }
    let funnel = funnel_of(&state, &app, &user).await;
    let sources = funnel["sources"]["source"].as_array().unwrap();
    assert_eq!(sources.len(), 51, "50 values and Other");
    assert_eq!(counts(row(&funnel, "source", "Other")), [10, 0, 0, 0]);
    // A lead's new source still registers.
    let answers = json!({
        form.fields[0].id.clone(): "Ada Lovelace", form.fields[1].id.clone(): "ada@example.com", form.fields[2].id.clone(): "+1 555 010 0100",
        form.fields[3].id.clone(): "Over $100,000", form.fields[4].id.clone(): "Texas",
    });
    let lead = Call::post(&format!("/api/public-forms/{}/leads", form.id))
        .from_ip("10.8.1.1")
        .json(json!({ "answers": answers, "source": "https://harbor.example/?utm_source=podcast" }))
        .send(&app)
        .await;
    assert_eq!(lead.status, StatusCode::CREATED);
    assert_eq!(counts(row(&funnel_of(&state, &app, &user).await, "source", "podcast")), [0, 0, 1, 1]);
}

#[tokio::test]
async fn a_lead_counted_before_items_kept_hot_leads_never_moves_their_hot_count() {
    let (app, state) = both().await;
    let user = test_user(&state).await;
    let form = published(&state, &user, "Seed").await;
    let answers = json!({
        form.fields[0].id.clone(): "Ada Lovelace", form.fields[1].id.clone(): "ada@example.com", form.fields[2].id.clone(): "+1 555 010 0100",
        form.fields[3].id.clone(): "Over $100,000", form.fields[4].id.clone(): "Texas",
    });
    let lead = Call::post(&format!("/api/public-forms/{}/leads", form.id)).from_ip("10.8.2.1").json(json!({ "answers": answers, "source": NEWSLETTER_PAGE })).send(&app).await;
    let id = lead.body["id"].as_str().unwrap().to_owned();
    assert_eq!(counts(row(&funnel_of(&state, &app, &user).await, "source", "newsletter")), [0, 0, 1, 1]);
    // As a lead counted before items kept hot leads: no mark on the lead, no hot on its items.
    let item = state.dynamo.get_item().table_name(&state.config.tables.leads).key("id", AttributeValue::S(id.clone())).send().await.unwrap().item.unwrap();
    let keys: Vec<String> = item["counted_in"].as_l().unwrap().iter().map(|k| k.as_s().unwrap().clone()).collect();
    state.dynamo.update_item().table_name(&state.config.tables.leads).key("id", AttributeValue::S(id.clone())).update_expression("REMOVE hot_counted").send().await.unwrap();
    for key in &keys {
        let stats = &state.config.tables.lead_stats;
        state.dynamo.update_item().table_name(stats).key("owner_id", AttributeValue::S(user.id.clone())).key("stat", AttributeValue::S(key.clone())).update_expression("REMOVE hot").send().await.unwrap();
    }
    let raw_hot = || async {
        let stats = &state.config.tables.lead_stats;
        let item = state.dynamo.get_item().table_name(stats).key("owner_id", AttributeValue::S(user.id.clone())).key("stat", AttributeValue::S("d#source#newsletter".into())).send().await.unwrap().item;
        item.and_then(|item| item.get("hot").map(|hot| hot.as_n().unwrap().clone()))
    };
    for status in ["cold", "hot", "warm"] {
        let changed = Call::patch(&format!("/api/leads/{id}")).token(&user.token).json(json!({ "status": status })).send(&app).await;
        assert_eq!(changed.status, StatusCode::OK);
        state.background.idle().await;
        assert_eq!(raw_hot().await.unwrap_or_else(|| "0".into()), "0", "after {status}: never below zero, never counted");
    }
    assert_eq!(Call::patch(&format!("/api/leads/{id}")).token(&user.token).json(json!({ "status": "hot" })).send(&app).await.status, StatusCode::OK);
    assert_eq!(Call::delete(&format!("/api/leads/{id}")).token(&user.token).send(&app).await.status, StatusCode::NO_CONTENT);
    assert_eq!(raw_hot().await.unwrap_or_else(|| "0".into()), "0", "deleting a hot lead takes off only what its items counted");
    assert_eq!(funnel_of(&state, &app, &user).await["forms"][0]["hotLeads"], 0);
}
