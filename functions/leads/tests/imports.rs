//! Portal imports through the leads router, against DynamoDB Local and the local S3: a file
//! read into a preview changes nothing; applied, it is applied whole; the same file again
//! changes nothing, an updated one replaces it (a cancellation takes the money off its lead);
//! a failure leaves nothing applied; suggestions count only once confirmed; bad files get a
//! clear message; another company never sees an import.

use axum::{Router, http::StatusCode};
use serde_json::{Value, json};
use shared::{
    AppState,
    forms::Form,
    testing::{Call, TestResponse, TestUser, test_user},
};

async fn app() -> (Router, AppState) {
    shared::testing::app(&[("leads", leads::router), ("public-forms", public_forms::router), ("compliance-vault", compliance_vault::router)]).await.parts()
}

async fn published(state: &AppState, user: &TestUser) -> Form {
    shared::testing::form(&user.id).named("Seed").preset("investment_amount").preset("location_state").published().store(state).await
}

/// A lead through the public route, from `page` (its `utm_source` is the lead's source), as
/// hot as an amount over $100,000 makes it; counted by the time this returns.
async fn capture(app: &Router, state: &AppState, form: &Form, name: &str, email: &str, page: &str, ip: &str) -> String {
    let answers = json!({
        form.fields[0].id.clone(): name, form.fields[1].id.clone(): email, form.fields[2].id.clone(): "+1 555 010 0100",
        form.fields[3].id.clone(): "Over $100,000", form.fields[4].id.clone(): "Texas",
    });
    let lead = Call::post(&format!("/api/public-forms/{}/leads", form.id)).from_ip(ip).json(json!({ "answers": answers, "source": page })).send(app).await;
    assert_eq!(lead.status, StatusCode::CREATED, "{}", lead.text);
    state.background.idle().await;
    lead.body["id"].as_str().map(str::to_owned).unwrap_or_else(|| panic!("no lead id: {}", lead.body))
}

async fn post_file(presigned: &Value, bytes: &[u8]) {
    let mut form = reqwest::multipart::Form::new();
    for field in presigned["fields"].as_array().unwrap() {
        form = form.text(field[0].as_str().unwrap().to_owned(), field[1].as_str().unwrap().to_owned());
    }
    form = form.part("file", reqwest::multipart::Part::bytes(bytes.to_vec()).file_name("export.csv"));
    let response = reqwest::Client::new().post(presigned["url"].as_str().unwrap()).multipart(form).send().await.unwrap();
    assert!(response.status().is_success(), "S3 POST answered {}", response.status());
}

/// Uploads `bytes` as `name` from `portal` and reads it; answers the import once read.
async fn read(app: &Router, state: &AppState, user: &TestUser, portal: &str, name: &str, bytes: &[u8]) -> Value {
    let started = Call::post("/api/leads/imports").token(&user.token).json(json!({ "fileName": name, "size": bytes.len(), "portal": portal })).send(app).await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.text);
    post_file(&started.body["upload"], bytes).await;
    let id = started.body["import"]["id"].as_str().unwrap().to_owned();
    let reading = Call::post(&format!("/api/leads/imports/{id}/read")).token(&user.token).json(json!({})).send(app).await;
    assert_eq!(reading.status, StatusCode::ACCEPTED, "{}", reading.text);
    settled(app, state, user, &id).await
}

async fn settled(app: &Router, state: &AppState, user: &TestUser, id: &str) -> Value {
    state.background.idle().await;
    let job = Call::get(&format!("/api/leads/imports/{id}")).token(&user.token).send(app).await;
    assert_eq!(job.status, StatusCode::OK, "{}", job.text);
    job.body["import"].clone()
}

async fn apply(app: &Router, state: &AppState, user: &TestUser, id: &str, confirmed: Value) -> Value {
    let applying = Call::post(&format!("/api/leads/imports/{id}/apply")).token(&user.token).json(json!({ "confirmed": confirmed })).send(app).await;
    assert_eq!(applying.status, StatusCode::ACCEPTED, "{}", applying.text);
    settled(app, state, user, id).await
}

async fn lead_view(app: &Router, user: &TestUser, id: &str) -> Value {
    let leads = Call::get("/api/leads").token(&user.token).send(app).await;
    assert_eq!(leads.status, StatusCode::OK, "{}", leads.text);
    leads.body["leads"].as_array().unwrap().iter().find(|l| l["id"] == id).cloned().unwrap_or_else(|| panic!("no lead {id}"))
}

async fn funnel(app: &Router, user: &TestUser) -> Value {
    let funnel = Call::get("/api/leads/funnel").token(&user.token).send(app).await;
    assert_eq!(funnel.status, StatusCode::OK, "{}", funnel.text);
    funnel.body
}

fn source_row<'a>(funnel: &'a Value, label: &str) -> &'a Value {
    funnel["sources"]["source"].as_array().unwrap().iter().find(|r| r["label"] == label).unwrap_or_else(|| panic!("no source row {label}: {funnel}"))
}

const NEWSLETTER: &str = "https://harbor.example/invest?utm_source=newsletter";
const DIRECT: &str = "https://harbor.example/invest";

/// A Wefunder-like export: the first investor (a lead, by another spelling of their address)
/// invested $2,500; someone who came straight to the portal invested €1.000,00 written the
/// European way; and a quoted name holds a newline.
const EXPORT: &str = "\u{feff}Investor Name;Investor Email;Amount;Investment Date;Status\n\
Ada Lovelace;ADA+invest@Example.com;$2,500.00;2026-03-01;Confirmed\n\
\"Walk\nIn\";walk.in@example.com;\"1.000,00\";45717;Confirmed\n";

#[tokio::test]
async fn an_import_is_previewed_without_changing_anything_then_applied_whole_to_the_lead_its_source_and_the_vault() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let form = published(&state, &user).await;
    let ada = capture(&app, &state, &form, "Ada Lovelace", "ada@example.com", NEWSLETTER, "10.9.0.1").await;
    let grace = capture(&app, &state, &form, "Grace Hopper", "grace@example.com", DIRECT, "10.9.0.2").await;

    let job = read(&app, &state, &user, "wefunder", "wefunder.csv", EXPORT.as_bytes()).await;
    assert_eq!(job["status"], "ready", "{job}");
    let preview = &job["preview"];
    assert_eq!(preview["mapping"]["email"], "Investor Email");
    assert_eq!(preview["mapping"]["amount"], "Amount");
    assert_eq!(preview["rows"], 2);
    assert_eq!((preview["counts"]["byEmail"].as_u64(), preview["counts"]["unmatched"].as_u64()), (Some(1), Some(1)));
    assert_eq!(preview["counts"]["investedCents"], 350_000);
    assert_eq!(preview["sample"][0]["match"]["leadId"], ada.as_str());
    assert_eq!(preview["sample"][1]["name"], "Walk In", "a quoted newline inside a name");
    assert_eq!(preview["sample"][1]["date"], "2025-03-01", "an Excel serial date (45717)");
    assert!(preview["changes"].is_null(), "a first import has nothing to compare with");
    // Read is not applied: the lead and the sources are as they were.
    assert!(lead_view(&app, &user, &ada).await.get("investment").is_none());
    assert!(funnel(&app, &user).await.get("investments").is_none());

    let applied = apply(&app, &state, &user, job["id"].as_str().unwrap(), json!({})).await;
    assert_eq!(applied["status"], "applied", "{applied}");
    assert_eq!(applied["result"]["investors"], 2);
    assert_eq!(applied["progress"]["done"], 2);

    let lead = lead_view(&app, &user, &ada).await;
    assert_eq!(lead["investment"]["investedCents"], 250_000);
    assert_eq!(lead["investment"]["date"], "2026-03-01");
    assert!(lead_view(&app, &user, &grace).await["investment"].is_null(), "not invested yet");
    let figures = funnel(&app, &user).await;
    let newsletter = source_row(&figures, "newsletter");
    assert_eq!((newsletter["investors"].as_u64(), newsletter["investedCents"].as_u64()), (Some(1), Some(250_000)));
    assert_eq!(source_row(&figures, "Direct / none")["investors"], 0);
    let totals = &figures["investments"];
    assert_eq!((totals["investors"].as_u64(), totals["investedCents"].as_u64(), totals["leadsInvested"].as_u64()), (Some(2), Some(350_000), Some(1)));
    assert_eq!(totals["unmatched"], json!({ "investors": 1, "cents": 100_000 }));
    let hot = totals["byTemperature"].as_array().unwrap().iter().find(|t| t["value"] == "hot").unwrap();
    assert_eq!((hot["leads"].as_u64(), hot["investors"].as_u64(), hot["rate"].as_f64()), (Some(2), Some(1), Some(50.0)));

    // The export carries the investment, in dollars, with its day.
    let export = Call::get("/api/leads/export").token(&user.token).send(&app).await;
    assert_eq!(export.status, StatusCode::OK);
    assert!(export.text.lines().next().unwrap().ends_with("Invested (USD),Invested on"), "{}", export.text);
    assert!(export.text.lines().any(|line| line.contains("ada@example.com") && line.ends_with(",2500.00,2026-03-01")), "{}", export.text);

    // Who came straight to the portal is listed.
    let unmatched = Call::get("/api/leads/investments?matched=false").token(&user.token).send(&app).await;
    assert_eq!(unmatched.status, StatusCode::OK, "{}", unmatched.text);
    assert_eq!(unmatched.body["investors"].as_array().unwrap().iter().map(|i| i["email"].clone()).collect::<Vec<_>>(), [json!("walk.in@example.com")]);

    // The vault keeps the import's record: hash, rows, who, when (the vault is a Pro feature).
    shared::testing::subscribe_trial(&state, &user.id, true).await;
    let records = Call::get("/api/compliance-vault/records?kind=import").token(&user.token).send(&app).await;
    assert_eq!(records.status, StatusCode::OK, "{}", records.text);
    let imports: Vec<&Value> = records.body["records"].as_array().unwrap().iter().filter(|r| r["kind"] == "import").collect();
    assert_eq!(imports.len(), 1, "{}", records.body);
    let meta = &imports[0]["meta"];
    assert_eq!(meta["rows"], 2);
    assert_eq!(meta["file_sha256"], shared::crypto::sha256_hex(EXPORT.as_bytes()));
    assert_eq!(meta["imported_by"], user.email.as_str());
    assert!(meta.get("investors_list").is_none() && !records.text.contains("walk.in@example.com"), "no investor's address in the vault record");
}

#[tokio::test]
async fn the_same_file_twice_changes_nothing_and_an_updated_file_replaces_it_so_a_cancellation_reverses_its_match() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let form = published(&state, &user).await;
    let ada = capture(&app, &state, &form, "Ada Lovelace", "ada@example.com", NEWSLETTER, "10.9.1.1").await;
    let first = read(&app, &state, &user, "republic", "republic.csv", EXPORT.as_bytes()).await;
    apply(&app, &state, &user, first["id"].as_str().unwrap(), json!({})).await;

    let again = read(&app, &state, &user, "republic", "republic (1).csv", EXPORT.as_bytes()).await;
    assert_eq!(again["preview"]["changes"], json!({ "new": 0, "changed": 0, "cancelled": 0, "removed": 0, "same": 2 }));
    let twice = apply(&app, &state, &user, again["id"].as_str().unwrap(), json!({})).await;
    assert_eq!(twice["status"], "applied");
    let figures = funnel(&app, &user).await;
    assert_eq!((figures["investments"]["investors"].as_u64(), figures["investments"]["investedCents"].as_u64()), (Some(2), Some(350_000)), "never counted twice");
    assert_eq!(lead_view(&app, &user, &ada).await["investment"]["investedCents"], 250_000);
    let list = Call::get("/api/leads/imports").token(&user.token).send(&app).await;
    let statuses: Vec<&str> = list.body["imports"].as_array().unwrap().iter().map(|i| i["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["applied", "replaced"]);

    let cancelled = EXPORT.replace("2026-03-01;Confirmed", "2026-03-01;Refunded");
    let update = read(&app, &state, &user, "republic", "republic (2).csv", cancelled.as_bytes()).await;
    assert_eq!(update["preview"]["changes"]["cancelled"], 1);
    apply(&app, &state, &user, update["id"].as_str().unwrap(), json!({})).await;
    assert!(lead_view(&app, &user, &ada).await["investment"].is_null(), "the refund takes the money off the lead");
    let figures = funnel(&app, &user).await;
    assert_eq!(source_row(&figures, "newsletter")["investors"], 0);
    assert_eq!((figures["investments"]["investors"].as_u64(), figures["investments"]["investedCents"].as_u64()), (Some(1), Some(100_000)));
}

#[tokio::test]
async fn an_import_applies_whole_or_not_at_all_and_a_failed_one_leaves_nothing_staged() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let form = published(&state, &user).await;
    let ada = capture(&app, &state, &form, "Ada Lovelace", "ada@example.com", NEWSLETTER, "10.9.2.1").await;
    // Two files of one portal read side by side; the first applied wins, the second was read
    // against nothing applied and must not overwrite it unseen.
    let one = read(&app, &state, &user, "startengine", "a.csv", EXPORT.as_bytes()).await;
    let two = read(&app, &state, &user, "startengine", "b.csv", EXPORT.replace("$2,500.00", "$9,999.00").as_bytes()).await;
    let applying = Call::post(&format!("/api/leads/imports/{}/apply", one["id"].as_str().unwrap())).token(&user.token).json(json!({})).send(&app).await;
    assert_eq!(applying.status, StatusCode::ACCEPTED);
    let applying_two = Call::post(&format!("/api/leads/imports/{}/apply", two["id"].as_str().unwrap())).token(&user.token).json(json!({})).send(&app).await;
    assert_eq!(applying_two.status, StatusCode::ACCEPTED);
    state.background.idle().await;
    let (one, two) = (settled(&app, &state, &user, one["id"].as_str().unwrap()).await, settled(&app, &state, &user, two["id"].as_str().unwrap()).await);
    let mut outcomes = [one["status"].as_str().unwrap(), two["status"].as_str().unwrap()];
    outcomes.sort();
    assert_eq!(outcomes, ["applied", "failed"], "{one} {two}");
    let (winner, loser) = if one["status"] == "applied" { (&one, &two) } else { (&two, &one) };
    assert!(loser["error"].as_str().unwrap().contains("nothing was changed"), "{loser}");
    let invested = lead_view(&app, &user, &ada).await["investment"]["investedCents"].as_u64().unwrap();
    assert_eq!(invested, if winner["fileName"] == "a.csv" { 250_000 } else { 999_900 });
    assert_eq!(staged_items(&state, &user.id, loser["id"].as_str().unwrap()).await, 0, "the failed import's rows are gone");

    // A file gone between reading and applying fails with its reason, and changes nothing.
    let three = read(&app, &state, &user, "dealmaker", "c.csv", EXPORT.as_bytes()).await;
    state.vault().storage().unwrap().delete_upload(&format!("imports/{}/{}", user.id, three["id"].as_str().unwrap())).await.unwrap();
    let gone = apply(&app, &state, &user, three["id"].as_str().unwrap(), json!({})).await;
    assert_eq!(gone["status"], "failed");
    assert!(gone["error"].as_str().unwrap().contains("Upload it again"), "{gone}");
    assert_eq!(staged_items(&state, &user.id, three["id"].as_str().unwrap()).await, 0);
    assert_eq!(lead_view(&app, &user, &ada).await["investment"]["investedCents"].as_u64(), Some(invested));
}

async fn staged_items(state: &AppState, company: &str, import: &str) -> usize {
    let mut count = 0;
    for prefix in [format!("row#{import}#"), format!("lead#{import}#"), format!("total#{import}")] {
        let output = state
            .dynamo
            .query()
            .table_name(&state.config.tables.investments)
            .key_condition_expression("company_id = :c AND begins_with(sk, :p)")
            .expression_attribute_values(":c", aws_sdk_dynamodb::types::AttributeValue::S(company.into()))
            .expression_attribute_values(":p", aws_sdk_dynamodb::types::AttributeValue::S(prefix))
            .send()
            .await
            .unwrap();
        count += output.items().len();
    }
    count
}

#[tokio::test]
async fn a_name_and_amount_suggestion_counts_only_once_confirmed_and_is_remembered_for_the_portal() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let form = published(&state, &user).await;
    let ada = capture(&app, &state, &form, "Ada Lovelace", "ada@example.com", NEWSLETTER, "10.9.3.1").await;
    let file = "First Name,Last Name,Email,Amount Invested,Date,Investment Status\nLovelace,Ada,ada.work@another.example,2500,3/1/2026,complete\n";
    let job = read(&app, &state, &user, "netcapital", "n.csv", file.as_bytes()).await;
    assert_eq!(job["preview"]["counts"]["suggested"], 1, "{job}");
    let suggestion = &job["preview"]["suggestions"][0];
    assert_eq!(suggestion["candidates"][0]["leadId"], ada.as_str());
    let identity = suggestion["identity"].as_str().unwrap().to_owned();
    // A confirmation naming another company's lead (or no lead) matches nothing.
    let stranger = Call::post(&format!("/api/leads/imports/{}/apply", job["id"].as_str().unwrap()))
        .token(&user.token)
        .json(json!({ "confirmed": { identity.clone(): "not-a-lead" } }))
        .send(&app)
        .await;
    assert_eq!(stranger.status, StatusCode::BAD_REQUEST);
    apply(&app, &state, &user, job["id"].as_str().unwrap(), json!({ identity.clone(): ada })).await;
    assert_eq!(lead_view(&app, &user, &ada).await["investment"]["investedCents"], 250_000);
    let again = read(&app, &state, &user, "netcapital", "n.csv", file.as_bytes()).await;
    assert_eq!(again["preview"]["sample"][0]["match"]["kind"], "confirmed", "{again}");
    assert_eq!(again["preview"]["mapping"]["firstName"], "First Name", "the mapping is remembered for the portal");
}

#[tokio::test]
async fn a_bad_file_gets_a_clear_message_and_changes_nothing() {
    let (app, state) = app().await;
    let user = test_user(&state).await;
    let start = |body: Value| Call::post("/api/leads/imports").token(&user.token).json(body);
    let too_large = start(json!({ "fileName": "big.csv", "size": 60 * 1024 * 1024, "portal": "wefunder" })).send(&app).await;
    assert_eq!((too_large.status, too_large.error_code()), (StatusCode::PAYLOAD_TOO_LARGE, "file_too_large"));
    assert!(too_large.error_message().contains("25 MB"));
    let empty = start(json!({ "fileName": "e.csv", "size": 0, "portal": "wefunder" })).send(&app).await;
    assert_eq!((empty.status, empty.error_code()), (StatusCode::BAD_REQUEST, "empty_file"));
    let pdf = start(json!({ "fileName": "export.pdf", "size": 10, "portal": "wefunder" })).send(&app).await;
    assert_eq!(pdf.error_code(), "unsupported_file");
    let portal = start(json!({ "fileName": "x.csv", "size": 10, "portal": "kickstarter" })).send(&app).await;
    assert_eq!(portal.error_code(), "unknown_portal");

    let png = [&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A][..], &[0u8; 64]].concat();
    let binary = read(&app, &state, &user, "wefunder", "renamed.csv", &png).await;
    assert_eq!(binary["status"], "failed");
    assert!(binary["error"].as_str().unwrap().contains("not a CSV or Excel"), "{binary}");
    let blank = read(&app, &state, &user, "wefunder", "blank.csv", "\u{feff}\n\n".as_bytes()).await;
    assert_eq!(blank["status"], "failed");
    assert!(blank["error"].as_str().unwrap().contains("empty"), "{blank}");
    // A file without an amount column is read, but cannot be applied until one is chosen.
    let unmapped = read(&app, &state, &user, "wefunder", "names.csv", b"Name,Email\nAda,ada@example.com\n").await;
    assert_eq!(unmapped["status"], "ready");
    assert!(unmapped["preview"]["mappingError"].as_str().unwrap().contains("amount"), "{unmapped}");
    let refused = Call::post(&format!("/api/leads/imports/{}/apply", unmapped["id"].as_str().unwrap())).token(&user.token).json(json!({})).send(&app).await;
    assert_eq!((refused.status, refused.error_code()), (StatusCode::BAD_REQUEST, "invalid_mapping"));
    // Choosing the columns reads it again.
    let remapped = Call::post(&format!("/api/leads/imports/{}/read", unmapped["id"].as_str().unwrap()))
        .token(&user.token)
        .json(json!({ "mapping": { "name": "Name", "email": "Email", "amount": "Nowhere" } }))
        .send(&app)
        .await;
    assert_eq!(remapped.status, StatusCode::ACCEPTED);
    let remapped = settled(&app, &state, &user, unmapped["id"].as_str().unwrap()).await;
    assert!(remapped["preview"]["mappingError"].as_str().unwrap().contains("Nowhere"), "{remapped}");

    let list = Call::get("/api/leads/imports").token(&user.token).send(&app).await;
    assert!(list.body["portals"].as_array().unwrap().is_empty(), "nothing applied");
}

#[tokio::test]
async fn another_company_never_sees_or_applies_an_import_and_signed_out_callers_are_refused() {
    let (app, state) = app().await;
    let owner = test_user(&state).await;
    let other = test_user(&state).await;
    let job = read(&app, &state, &owner, "wefunder", "w.csv", EXPORT.as_bytes()).await;
    let id = job["id"].as_str().unwrap();
    for call in [
        Call::get(&format!("/api/leads/imports/{id}")),
        Call::post(&format!("/api/leads/imports/{id}/read")).json(json!({})),
        Call::post(&format!("/api/leads/imports/{id}/apply")).json(json!({})),
    ] {
        let response: TestResponse = call.token(&other.token).send(&app).await;
        assert_eq!(response.status, StatusCode::NOT_FOUND, "{}", response.text);
    }
    let theirs = Call::get("/api/leads/imports").token(&other.token).send(&app).await;
    assert!(theirs.body["imports"].as_array().unwrap().is_empty());
    for call in [Call::get("/api/leads/imports"), Call::get(&format!("/api/leads/imports/{id}")), Call::get("/api/leads/investments")] {
        assert_eq!(call.send(&app).await.status, StatusCode::UNAUTHORIZED);
    }
    // Still readable by its owner, untouched.
    assert_eq!(settled(&app, &state, &owner, id).await["status"], "ready");
}
