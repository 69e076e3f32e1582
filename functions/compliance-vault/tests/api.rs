//! `compliance-vault` through its router against DynamoDB Local and the local S3 (moto): records
//! filed on publish, uploads (checked, hashed, streamed in, recorded; refused ones leave nothing),
//! the chain under concurrent appends, tamper detection, the exhibit pack and its manifests,
//! the offering's lifecycle on the public form, the daily digest, the Pro gate and another
//! founder's records.

use axum::{Router, http::StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use shared::{
    AppState,
    repo::vault::{NewFile, NewRecord},
    testing::{Call, TestResponse, TestUser, subscribe_trial, test_state, test_user},
    vault::{Actor, Category, Kind, check_chain},
};

fn app(state: &AppState) -> Router {
    Router::new()
        .merge(shared::http::mount("compliance-vault", compliance_vault::router(state.clone())))
        .merge(shared::http::mount("forms", forms::router(state.clone())))
        .merge(shared::http::mount("public-forms", public_forms::router(state.clone())))
}

async fn pro_founder(state: &AppState) -> TestUser {
    let user = test_user(state).await;
    subscribe_trial(state, &user.id, true).await;
    user
}

use shared::crypto::hex;

/// A small but real PDF.
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n";
/// SHA-256 of [`PDF`], computed with Python's hashlib.
const PDF_SHA256: &str = "ecbecf1cd983d89312637d5ed57ff33346fb7d65f5fcb817b921ca699b4637e8";

async fn create_and_publish(app: &Router, user: &TestUser) -> Value {
    let created = Call::post("/api/forms").token(&user.token).send(app).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let published = Call::post(&format!("/api/forms/{id}/publish")).token(&user.token).send(app).await;
    assert_eq!(published.status, StatusCode::OK, "{}", published.text);
    published.body
}

async fn records(app: &Router, user: &TestUser, query: &str) -> TestResponse {
    Call::get(&format!("/api/compliance-vault/records{query}")).token(&user.token).send(app).await
}

/// Uploads through the presigned POST, as a browser does, and completes it.
async fn upload(app: &Router, user: &TestUser, name: &str, content_type: &str, bytes: &[u8], category: &str, title: &str) -> TestResponse {
    let started = Call::post("/api/compliance-vault/uploads")
        .token(&user.token)
        .json(json!({"fileName": name, "contentType": content_type, "size": bytes.len(), "category": category, "title": title}))
        .send(app)
        .await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.text);
    post_file(&started.body, name, content_type, bytes).await;
    let id = started.body["uploadId"].as_str().unwrap();
    Call::post(&format!("/api/compliance-vault/uploads/{id}/complete")).token(&user.token).send(app).await
}

async fn post_file(presigned: &Value, name: &str, content_type: &str, bytes: &[u8]) {
    let mut form = reqwest::multipart::Form::new();
    for field in presigned["fields"].as_array().unwrap() {
        form = form.text(field[0].as_str().unwrap().to_owned(), field[1].as_str().unwrap().to_owned());
    }
    let part = reqwest::multipart::Part::bytes(bytes.to_vec()).file_name(name.to_owned()).mime_str(content_type).unwrap();
    form = form.part("file", part);
    let response = reqwest::Client::new().post(presigned["url"].as_str().unwrap()).multipart(form).send().await.unwrap();
    assert!(response.status().is_success(), "S3 POST answered {}", response.status());
}

async fn fetch(url: &str) -> Vec<u8> {
    let response = reqwest::get(url).await.unwrap();
    assert!(response.status().is_success(), "{url} answered {}", response.status());
    response.bytes().await.unwrap().to_vec()
}

async fn file_bytes(app: &Router, user: &TestUser, record_id: &str, index: usize) -> Vec<u8> {
    let link = Call::get(&format!("/api/compliance-vault/records/{record_id}/files/{index}?inline=true")).token(&user.token).send(app).await;
    assert_eq!(link.status, StatusCode::OK, "{}", link.text);
    fetch(link.body["url"].as_str().unwrap()).await
}

#[tokio::test]
async fn publishing_a_form_files_its_snapshot_and_legend_which_another_founder_cannot_see() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    let form = create_and_publish(&app, &founder).await;

    let listed = records(&app, &founder, "").await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.text);
    assert_eq!(listed.body["total"], 2);
    let list = listed.body["records"].as_array().unwrap();
    let snapshot = list.iter().find(|r| r["kind"] == "form_snapshot").expect("a form snapshot");
    let legend = list.iter().find(|r| r["kind"] == "legend").expect("the legend");
    assert_eq!(snapshot["category"], "testing_the_waters");
    let version = snapshot["meta"]["form_version"].as_u64().expect("the form's version");
    assert_eq!(snapshot["title"], format!("Form published: New Form (version {version})"));
    assert_eq!(snapshot["display_title"], snapshot["title"], "new records are filed with the title shown");
    assert_eq!(legend["title"], format!("Legend text, version {}", shared::forms::LEGEND_VERSION));
    assert_eq!(snapshot["seq"], 2);
    assert_eq!(legend["seq"], 1);
    assert_eq!(snapshot["prev_hash"], legend["hash"]);
    assert_eq!(snapshot["meta"]["form_id"], form["id"]);
    assert_eq!(snapshot["actor"]["kind"], "founder");
    assert!(snapshot.get("owner_id").is_none());
    let names: Vec<&str> = snapshot["files"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["snapshot.html", "form.json"]);

    // The files are what investors saw, with the recorded hashes.
    let id = snapshot["id"].as_str().unwrap();
    let html = file_bytes(&app, &founder, id, 0).await;
    assert_eq!(hex(&Sha256::digest(&html)), snapshot["files"][0]["sha256"].as_str().unwrap());
    let html = String::from_utf8(html).unwrap();
    assert!(html.contains("We are testing the waters"), "the legend is in the snapshot");
    assert!(html.contains("Full Name") && html.contains("Email Address"));
    let json: Value = serde_json::from_slice(&file_bytes(&app, &founder, id, 1).await).unwrap();
    assert_eq!(json["form"]["id"], form["id"]);
    assert_eq!(json["legend"]["version"], shared::forms::LEGEND_VERSION);

    // Editing the live form files it again; the same legend is not filed twice.
    let form_id = form["id"].as_str().unwrap();
    let mut content = form.clone();
    content["name"] = json!("Harbor Coffee Seed");
    let body = json!({"version": form["version"], "name": content["name"], "description": content["description"], "fields": content["fields"], "styling": content["styling"],
        "content_settings": content["content_settings"], "welcome_settings": content["welcome_settings"], "offering_settings": content["offering_settings"], "show_branding": content["show_branding"]});
    let edited = Call::put(&format!("/api/forms/{form_id}")).token(&founder.token).json(body).send(&app).await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.text);
    let listed = records(&app, &founder, "?kind=form_snapshot").await;
    let titles: Vec<&str> = listed.body["records"].as_array().unwrap().iter().map(|r| r["title"].as_str().unwrap()).collect();
    let edited_version = edited.body["version"].as_u64().expect("the edited form's version");
    assert_eq!(titles, [format!("Form edited while live: Harbor Coffee Seed (version {edited_version})"), format!("Form published: New Form (version {version})")]);
    assert_eq!(records(&app, &founder, "?kind=legend").await.body["records"].as_array().unwrap().len(), 1);

    // Another founder: nothing listed, every record route 404.
    let other = pro_founder(&state).await;
    let theirs = records(&app, &other, "").await;
    assert_eq!(theirs.body["total"], 0);
    assert_eq!(theirs.body["records"], json!([]));
    for path in [format!("/api/compliance-vault/records/{id}"), format!("/api/compliance-vault/records/{id}/files/0")] {
        let answer = Call::get(&path).token(&other.token).send(&app).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}: {}", answer.text);
    }
    // And a malformed id is a 404 too, never a 500.
    assert_eq!(Call::get("/api/compliance-vault/records/not-an-id").token(&founder.token).send(&app).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_pdf_upload_is_checked_hashed_kept_in_the_vault_and_recorded_once() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    let done = upload(&app, &founder, "Form C (draft).pdf", "application/pdf", PDF, "form_c_draft", "Form C draft v1").await;
    assert_eq!(done.status, StatusCode::CREATED, "{}", done.text);
    assert_eq!(done.body["kind"], "upload");
    assert_eq!(done.body["category"], "form_c_draft");
    assert_eq!(done.body["title"], "Form C draft v1");
    assert_eq!(done.body["files"][0]["name"], "Form C _draft.pdf");
    assert_eq!(done.body["files"][0]["size"], PDF.len());
    assert_eq!(done.body["content_sha256"], PDF_SHA256);
    assert_eq!(done.body["files"][0]["sha256"], PDF_SHA256);
    let id = done.body["id"].as_str().unwrap().to_owned();
    assert_eq!(file_bytes(&app, &founder, &id, 0).await, PDF);

    // The vault object is locked: S3 refuses to delete its version.
    let storage = state.storage.as_ref().unwrap();
    let record = state.vault().get(&founder.id, &id).await.unwrap();
    let file = &record.files[0];
    let deleted = storage.client().delete_object().bucket(&storage.bucket).key(&file.key).set_version_id(file.version_id.clone()).send().await;
    assert!(deleted.is_err(), "Object Lock keeps the recorded version");
    let lock = storage.client().head_object().bucket(&storage.bucket).key(&file.key).send().await.unwrap();
    assert_eq!(lock.object_lock_mode().map(|m| m.as_str()), Some("COMPLIANCE"));
    assert_eq!(lock.content_type(), Some("application/pdf"), "kept under its checked type, not the one posted");

    // The upload itself is gone from the staging bucket; completing again answers the same record.
    let uploads = storage.client().list_objects_v2().bucket(&storage.uploads_bucket).send().await.unwrap();
    assert_eq!(uploads.key_count(), Some(0));
    let count = records(&app, &founder, "").await.body["total"].clone();
    assert_eq!(count, 1);

    // A newer version supersedes it; the old one stays.
    let started = Call::post("/api/compliance-vault/uploads")
        .token(&founder.token)
        .json(json!({"fileName": "form-c-v2.pdf", "contentType": "application/pdf", "size": PDF.len(), "category": "form_c_draft", "title": "Form C draft v2", "supersedes": id}))
        .send(&app)
        .await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.text);
    post_file(&started.body, "form-c-v2.pdf", "application/pdf", PDF).await;
    let upload_id = started.body["uploadId"].as_str().unwrap();
    let second = Call::post(&format!("/api/compliance-vault/uploads/{upload_id}/complete")).token(&founder.token).send(&app).await;
    assert_eq!(second.status, StatusCode::CREATED, "{}", second.text);
    let again = Call::post(&format!("/api/compliance-vault/uploads/{upload_id}/complete")).token(&founder.token).send(&app).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body["id"], second.body["id"]);
    let old = Call::get(&format!("/api/compliance-vault/records/{id}")).token(&founder.token).send(&app).await;
    assert_eq!(old.body["superseded_by"], second.body["id"]);
    assert_eq!(records(&app, &founder, "").await.body["total"], 2);
}

#[tokio::test]
async fn a_large_upload_is_hashed_and_streamed_into_the_vault_whole() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    // 6 MB: far past the bytes read to recognise the type, so the hash must cover the rest too.
    let mut deck = PDF.to_vec();
    deck.extend((0..6 * 1024 * 1024).map(|i: u32| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
    let done = upload(&app, &founder, "Deck.pdf", "application/pdf", &deck, "pitch_deck", "Deck").await;
    assert_eq!(done.status, StatusCode::CREATED, "{}", done.text);
    assert_eq!(done.body["files"][0]["size"], deck.len());
    assert_eq!(done.body["files"][0]["sha256"].as_str().unwrap(), hex(&Sha256::digest(&deck)));
    let id = done.body["id"].as_str().unwrap().to_owned();
    assert_eq!(file_bytes(&app, &founder, &id, 0).await, deck);
}

#[tokio::test]
async fn completing_one_upload_twice_at_once_keeps_one_file() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    let started = Call::post("/api/compliance-vault/uploads")
        .token(&founder.token)
        .json(json!({"fileName": "deck.pdf", "contentType": "application/pdf", "size": PDF.len(), "category": "pitch_deck", "title": "Deck"}))
        .send(&app)
        .await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.text);
    post_file(&started.body, "deck.pdf", "application/pdf", PDF).await;
    let path = format!("/api/compliance-vault/uploads/{}/complete", started.body["uploadId"].as_str().unwrap());
    let (first, second) = tokio::join!(Call::post(&path).token(&founder.token).send(&app), Call::post(&path).token(&founder.token).send(&app));
    // One keeps it (201); the other answers the same record (200) or that it is being recorded (409).
    let (kept, other) = if first.status == StatusCode::CREATED { (&first, &second) } else { (&second, &first) };
    assert_eq!(kept.status, StatusCode::CREATED, "{}", kept.text);
    assert!(matches!(other.status, StatusCode::OK | StatusCode::CONFLICT), "{} {}", other.status, other.text);
    assert_eq!(records(&app, &founder, "").await.body["total"], 1);
    let storage = state.storage.as_ref().unwrap();
    let versions = storage.client().list_object_versions().bucket(&storage.bucket).prefix(format!("records/{}/", founder.id)).send().await.unwrap();
    assert_eq!(versions.versions().len(), 1, "one locked copy in the vault");
}

#[tokio::test]
async fn a_burst_of_40_verifications_runs_10_and_refuses_the_rest_clearly() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    let burst = (0..40).map(|_| Call::post("/api/compliance-vault/verify").token(&founder.token).send(&app));
    let answers = futures::future::join_all(burst).await;
    let ran = answers.iter().filter(|a| a.status == StatusCode::OK).count();
    let refused: Vec<_> = answers.iter().filter(|a| a.status == StatusCode::TOO_MANY_REQUESTS).collect();
    assert_eq!((ran, refused.len()), (10, 30), "10 per 10 minutes, however they arrive");
    assert!(refused.iter().all(|a| !a.body["error"]["message"].as_str().unwrap_or_default().is_empty()));
}

#[tokio::test]
async fn oversized_unsupported_or_disguised_files_are_refused_and_nothing_is_recorded() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    let start = |body: Value| Call::post("/api/compliance-vault/uploads").token(&founder.token).json(body);

    let big = start(json!({"fileName": "deck.pdf", "contentType": "application/pdf", "size": 25 * 1024 * 1024 + 1, "category": "pitch_deck"})).send(&app).await;
    assert_eq!(big.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(big.error_message(), "Files can be at most 25 MB.");
    let html = start(json!({"fileName": "page.html", "contentType": "text/html", "size": 10, "category": "other"})).send(&app).await;
    assert_eq!(html.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(html.error_message(), "Upload a PDF, PNG, JPEG, Word (DOCX) or Excel (XLSX) file.");
    let category = start(json!({"fileName": "x.pdf", "contentType": "application/pdf", "size": 10, "category": "lead_digest"})).send(&app).await;
    assert_eq!(category.status, StatusCode::BAD_REQUEST);
    let long = start(json!({"fileName": "x.pdf", "contentType": "application/pdf", "size": 10, "category": "other", "title": "x".repeat(201)})).send(&app).await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    let unknown = start(json!({"fileName": "x.pdf", "contentType": "application/pdf", "size": 10, "category": "other", "owner": "someone"})).send(&app).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    // The limits the records page gives the upload form are the ones `start` applies, with its messages.
    let limits = records(&app, &founder, "").await.body["upload"].clone();
    let max = limits["maxBytes"].as_u64().unwrap();
    assert_eq!((json!(big.error_message()), json!(html.error_message())), (limits["tooLarge"].clone(), limits["unsupported"].clone()));
    let empty = start(json!({"fileName": "x.pdf", "contentType": "application/pdf", "size": 0, "category": "other"})).send(&app).await;
    assert_eq!((empty.status, json!(empty.error_message())), (StatusCode::BAD_REQUEST, limits["empty"].clone()));
    let over = start(json!({"fileName": "x.png", "contentType": "image/png", "size": max + 1, "category": "other"})).send(&app).await;
    assert_eq!(over.status, StatusCode::PAYLOAD_TOO_LARGE);
    let types = limits["types"].as_array().unwrap();
    assert_eq!(types.len(), 5);
    for file_type in types {
        for extension in file_type["extensions"].as_array().unwrap() {
            let name = format!("x.{}", extension.as_str().unwrap());
            let taken = start(json!({"fileName": name, "contentType": file_type["contentType"], "size": max, "category": "other"})).send(&app).await;
            assert!(taken.status.is_success(), "{name}: {}", taken.text);
        }
    }

    // An HTML page declared as a PDF: refused after the upload, and the upload is removed.
    let disguised = upload(&app, &founder, "report.pdf", "application/pdf", b"<html><script>alert(1)</script></html>", "other", "Report").await;
    assert_eq!(disguised.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{}", disguised.text);
    assert_eq!(disguised.error_code(), "file_type_mismatch");
    // More than 25 MB posted under a policy that says less (moto does not enforce the policy;
    // S3 does, and the vault checks again).
    let huge = vec![b'%'; 25 * 1024 * 1024 + 10];
    let mut huge_pdf = b"%PDF-1.7\n".to_vec();
    huge_pdf.extend_from_slice(&huge);
    let oversized = {
        let started = start(json!({"fileName": "big.pdf", "contentType": "application/pdf", "size": 1000, "category": "other"})).send(&app).await;
        post_file(&started.body, "big.pdf", "application/pdf", &huge_pdf).await;
        let id = started.body["uploadId"].as_str().unwrap();
        Call::post(&format!("/api/compliance-vault/uploads/{id}/complete")).token(&founder.token).send(&app).await
    };
    assert_eq!(oversized.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", oversized.text);
    // Completing an upload that never arrived, or someone else's.
    let started = start(json!({"fileName": "x.pdf", "contentType": "application/pdf", "size": 10, "category": "other"})).send(&app).await;
    let id = started.body["uploadId"].as_str().unwrap();
    let missing = Call::post(&format!("/api/compliance-vault/uploads/{id}/complete")).token(&founder.token).send(&app).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(missing.error_code(), "upload_missing");
    let other = pro_founder(&state).await;
    let stolen = Call::post(&format!("/api/compliance-vault/uploads/{id}/complete")).token(&other.token).send(&app).await;
    assert_eq!(stolen.status, StatusCode::NOT_FOUND);

    assert_eq!(records(&app, &founder, "").await.body["total"], 0, "nothing was recorded");
    let storage = state.storage.as_ref().unwrap();
    let uploads = storage.client().list_objects_v2().bucket(&storage.uploads_bucket).send().await.unwrap();
    assert_eq!(uploads.key_count(), Some(0), "refused uploads are removed");
    let kept = storage.client().list_objects_v2().bucket(&storage.bucket).send().await.unwrap();
    assert_eq!(kept.key_count(), Some(0), "nothing reached the vault");
}

fn note(title: &str) -> NewRecord {
    let mut record = NewRecord::new(Kind::Upload, Category::Other, title, Actor::system());
    record.files = vec![NewFile::new("note.txt", "text/plain", title.as_bytes().to_vec())];
    record
}

#[tokio::test]
async fn twenty_records_appended_at_once_make_one_unbroken_chain() {
    let state = test_state().await;
    let owner = uuid::Uuid::new_v4().to_string();
    let appends = (0..20).map(|i| {
        let state = state.clone();
        let owner = owner.clone();
        tokio::spawn(async move { state.vault().append(&owner, note(&format!("note {i}"))).await.unwrap().unwrap() })
    });
    let made = futures::future::join_all(appends).await;
    assert_eq!(made.len(), 20);
    let records = state.vault().chain(&owner).await.unwrap();
    let seqs: Vec<u64> = records.iter().map(|r| r.seq).collect();
    assert_eq!(seqs, (1..=20).collect::<Vec<u64>>());
    assert_eq!(check_chain(&records), None);
    let report = compliance_vault::verify_vault(&state, &owner).await.unwrap();
    assert_eq!(report["message"], "Verified: 20 records, chain intact");
}

type Attr = aws_sdk_dynamodb::types::AttributeValue;

fn attr(value: &str) -> Attr {
    Attr::S(value.to_owned())
}

/// A Pro founder with three notes filed (and anchored) in the vault.
async fn three_notes(state: &AppState) -> (TestUser, Vec<shared::vault::Record>) {
    let founder = pro_founder(state).await;
    for title in ["first", "second", "third"] {
        state.vault().append(&founder.id, note(title)).await.unwrap();
    }
    let records = state.vault().chain(&founder.id).await.unwrap();
    assert_eq!(records.len(), 3);
    (founder, records)
}

async fn delete_item(state: &AppState, owner: &str, sk: &str) {
    let table = &state.config.tables.vault_records;
    state.dynamo.delete_item().table_name(table).key("owner_id", attr(owner)).key("sk", attr(sk)).send().await.unwrap();
}

/// Writes the head as someone with write access to the table would.
async fn set_head(state: &AppState, owner: &str, seq: u64, hash: &str) {
    state
        .dynamo
        .update_item()
        .table_name(&state.config.tables.vault_records)
        .key("owner_id", attr(owner))
        .key("sk", attr("head"))
        .update_expression("SET seq = :seq, #hash = :hash")
        .expression_attribute_names("#hash", "hash")
        .expression_attribute_values(":seq", Attr::N(seq.to_string()))
        .expression_attribute_values(":hash", attr(hash))
        .send()
        .await
        .unwrap();
}

/// Rewrites a record's item with new fields, as someone with write access to the table would.
async fn put_record(state: &AppState, record: &shared::vault::Record) {
    let mut item = shared::dynamo::to_item(record).unwrap();
    item.insert("sk".into(), attr(&shared::repo::vault::record_key(record.seq)));
    item.insert("meta".into(), attr(&record.meta.to_string()));
    item.insert("title_search".into(), attr(&record.title.to_lowercase()));
    state.dynamo.put_item().table_name(&state.config.tables.vault_records).set_item(Some(item)).send().await.unwrap();
}

async fn verify(app: &Router, founder: &TestUser) -> Value {
    let answer = Call::post("/api/compliance-vault/verify").token(&founder.token).send(app).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    answer.body
}

#[tokio::test]
async fn each_record_is_anchored_in_write_once_storage_as_it_is_filed_and_verify_checks_the_head() {
    let state = test_state().await;
    let app = app(&state);
    let (founder, records) = three_notes(&state).await;
    let storage = state.storage.as_ref().unwrap();
    for record in &records {
        let key = shared::vault::record_anchor_key(&founder.id, record.seq);
        let copy = storage.read(&key, None).await.unwrap().unwrap();
        assert_eq!(String::from_utf8(copy.clone()).unwrap(), record.canonical(), "the record's canonical JSON");
        assert_eq!(hex(&Sha256::digest(&copy)), record.hash, "whose SHA-256 is the record's hash");
        let head: Value = serde_json::from_slice(&storage.read(&shared::vault::head_anchor_key(&founder.id, record.seq), None).await.unwrap().unwrap()).unwrap();
        assert_eq!((head["seq"].as_u64(), head["hash"].as_str()), (Some(record.seq), Some(record.hash.as_str())), "the head after it");
    }
    // Written once: a second writer keeps the first, S3 holds one version.
    let key = shared::vault::record_anchor_key(&founder.id, 1);
    assert!(!storage.put_once(&key, b"{\"forged\":true}".to_vec(), "application/json").await.unwrap());
    assert_eq!(storage.versions(&key).await.unwrap().len(), 1);
    assert_eq!(state.vault().head_of(&founder.id).await.unwrap().anchored, 3);

    let report = verify(&app, &founder).await;
    assert_eq!(report["verified"], true, "{report}");
    assert_eq!(report["message"], "Verified: 3 records, chain intact");
    assert_eq!(report["head"], json!({"seq": 3, "hash": records[2].hash}));
    assert_eq!((report["anchored"].as_u64(), report["pending_anchor"].as_u64()), (Some(3), Some(0)));
}

#[tokio::test]
async fn tamper_evidence_notices_a_deleted_newest_record_with_or_without_its_head_rewritten() {
    let state = test_state().await;
    let app = app(&state);
    // The newest record's item deleted, the head left as it was.
    let (founder, _) = three_notes(&state).await;
    delete_item(&state, &founder.id, &shared::repo::vault::record_key(3)).await;
    let report = verify(&app, &founder).await;
    assert_eq!(report["verified"], false, "not 'Verified: 2 records, chain intact'");
    assert_eq!((report["failure"]["seq"].as_u64(), report["failure"]["detail"]["problem"].as_str()), (Some(3), Some("record_missing")));
    assert_eq!(report["failure"]["record_id"], Value::Null);
    assert_eq!(report["message"], "Record #3 “third” failed: it is missing from the vault, though its copy in write-once storage shows it was filed. The vault holds 2 of 3 records.");

    // …and with the head rewritten to the record before it: only the anchors still know.
    let (other, records) = three_notes(&state).await;
    delete_item(&state, &other.id, &shared::repo::vault::record_key(3)).await;
    delete_item(&state, &other.id, &format!("id#{}", records[2].id)).await;
    set_head(&state, &other.id, 2, &records[1].hash).await;
    assert_eq!(shared::vault::check_chain(&state.vault().chain(&other.id).await.unwrap()), None, "the table alone looks intact");
    let report = verify(&app, &other).await;
    assert_eq!(report["verified"], false);
    assert_eq!((report["failure"]["seq"].as_u64(), report["failure"]["detail"]["problem"].as_str()), (Some(3), Some("record_missing")));
    assert_eq!(report["failure"]["title"], "third");
}

#[tokio::test]
async fn tamper_evidence_notices_a_deleted_middle_record() {
    let state = test_state().await;
    let app = app(&state);
    let (founder, _) = three_notes(&state).await;
    delete_item(&state, &founder.id, &shared::repo::vault::record_key(2)).await;
    let report = verify(&app, &founder).await;
    assert_eq!(report["verified"], false);
    assert_eq!((report["failure"]["seq"].as_u64(), report["failure"]["detail"]["problem"].as_str()), (Some(2), Some("record_missing")));
    assert_eq!(report["message"], "Record #2 “second” failed: it is missing from the vault, though its copy in write-once storage shows it was filed. The vault holds 2 of 3 records.");
}

#[tokio::test]
async fn tamper_evidence_notices_a_chain_re_sealed_in_the_table() {
    let state = test_state().await;
    let app = app(&state);
    let (founder, records) = three_notes(&state).await;
    // Record 2 rewritten, it and record 3 re-hashed, the head moved along: consistent in DynamoDB.
    let mut second = records[1].clone();
    second.title = "second (backdated)".into();
    let second = second.seal();
    let mut third = records[2].clone();
    third.prev_hash = second.hash.clone();
    let third = third.seal();
    put_record(&state, &second).await;
    put_record(&state, &third).await;
    set_head(&state, &founder.id, 3, &third.hash).await;
    assert_eq!(shared::vault::check_chain(&state.vault().chain(&founder.id).await.unwrap()), None, "the table alone looks intact");
    let report = verify(&app, &founder).await;
    assert_eq!(report["verified"], false);
    assert_eq!((report["failure"]["seq"].as_u64(), report["failure"]["detail"]["problem"].as_str()), (Some(2), Some("differs_from_anchor")));
    assert_eq!(report["message"], "Record #2 “second (backdated)” failed: it differs from the copy written to write-once storage when it was filed.");
    assert_eq!(report["failure"]["record_id"], records[1].id.as_str(), "a record still in the table can be opened");
}

#[tokio::test]
async fn tamper_evidence_notices_a_rewritten_head() {
    let state = test_state().await;
    let app = app(&state);
    let (founder, records) = three_notes(&state).await;
    set_head(&state, &founder.id, 3, &"f".repeat(64)).await;
    let report = verify(&app, &founder).await;
    assert_eq!((report["failure"]["seq"].as_u64(), report["failure"]["detail"]["problem"].as_str()), (Some(3), Some("head_mismatch")));
    assert_eq!(report["message"], "Record #3 “third” failed: the chain's head does not match it.");
    // A head that leaves the newest record out.
    set_head(&state, &founder.id, 2, &records[1].hash).await;
    let report = verify(&app, &founder).await;
    assert_eq!((report["failure"]["seq"].as_u64(), report["failure"]["detail"]["problem"].as_str()), (Some(3), Some("head_mismatch")));
}

#[tokio::test]
async fn a_record_filed_while_its_anchor_could_not_be_written_is_anchored_by_the_next_one() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    // A moment when the vault bucket cannot be written: the record is filed, its anchor is not.
    let vault = state.config.vault.clone().unwrap();
    let broken = shared::storage::Storage::new(&shared::state::local_sdk_config(), &shared::config::VaultConfig { bucket: "cv-no-such-bucket".into(), ..vault });
    let outage = AppState { storage: Some(broken), ..state.clone() };
    let mut first = NewRecord::new(Kind::Upload, Category::Other, "filed during an outage", Actor::system());
    first.meta = json!({"n": 1});
    outage.vault().append(&founder.id, first).await.unwrap().unwrap();
    assert_eq!(state.vault().head_of(&founder.id).await.unwrap().anchored, 0);
    let report = verify(&app, &founder).await;
    assert_eq!(report["verified"], true, "a record not yet anchored is not a failure: {report}");
    assert_eq!((report["anchored"].as_u64(), report["pending_anchor"].as_u64()), (Some(0), Some(1)));

    state.vault().append(&founder.id, note("after the outage")).await.unwrap();
    assert_eq!(state.vault().head_of(&founder.id).await.unwrap().anchored, 2);
    let report = verify(&app, &founder).await;
    assert_eq!((report["verified"].as_bool(), report["anchored"].as_u64(), report["pending_anchor"].as_u64()), (Some(true), Some(2), Some(0)));
    let records = state.vault().chain(&founder.id).await.unwrap();
    let copy = state.storage.as_ref().unwrap().read(&shared::vault::record_anchor_key(&founder.id, 1), None).await.unwrap().unwrap();
    assert_eq!(String::from_utf8(copy).unwrap(), records[0].canonical());
}

#[tokio::test]
async fn the_daily_digest_mails_each_pro_founder_whose_chain_grew_its_head_hash() {
    let state = test_state().await;
    let founder = shared::testing::stored_user(&state, "witness").await;
    subscribe_trial(&state, &founder.id, true).await;
    let standard = shared::testing::stored_user(&state, "standard").await;
    subscribe_trial(&state, &standard.id, false).await;
    for title in ["first", "second"] {
        state.vault().append(&founder.id, note(title)).await.unwrap();
        state.vault().append(&standard.id, note(title)).await.unwrap();
    }
    let run = compliance_vault::digest::run(&state).await.unwrap();
    assert_eq!(run.witnessed, 1, "the Pro founder only");
    let head = state.vault().head_of(&founder.id).await.unwrap().head;
    let mails = shared::testing::mail_to(&state, &founder.email);
    assert_eq!(mails.len(), 1);
    assert!(mails[0].email.text.contains(&format!("Head hash (SHA-256): {}", head.hash)), "{}", mails[0].email.text);
    assert!(mails[0].email.text.contains("Head record: #2") && mails[0].email.text.contains("- #2 second\n- #1 first\n"), "{}", mails[0].email.text);
    assert!(shared::testing::mail_to(&state, &standard.email).is_empty());

    // Nothing new: no second mail. A new record: the next digest mails the new head.
    assert_eq!(compliance_vault::digest::run(&state).await.unwrap().witnessed, 0);
    state.vault().append(&founder.id, note("third")).await.unwrap();
    assert_eq!(compliance_vault::digest::run(&state).await.unwrap().witnessed, 1);
    let mails = shared::testing::mail_to(&state, &founder.email);
    assert_eq!(mails.len(), 2);
    let head = state.vault().head_of(&founder.id).await.unwrap().head;
    assert_eq!(head.seq, 3);
    assert!(mails[0].email.text.contains(&head.hash) && mails[0].email.text.contains("1 new record since"), "{}", mails[0].email.text);
    // The hash mailed is the one Verify reports for that head.
    let report = compliance_vault::verify_vault(&state, &founder.id).await.unwrap();
    assert_eq!(report["head"]["hash"], head.hash.as_str());
}

#[tokio::test]
async fn verify_names_the_first_record_whose_file_or_details_were_tampered_with() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    for title in ["first", "second", "third"] {
        state.vault().append(&founder.id, note(title)).await.unwrap();
    }
    let verified = Call::post("/api/compliance-vault/verify").token(&founder.token).send(&app).await;
    assert_eq!(verified.status, StatusCode::OK, "{}", verified.text);
    assert_eq!(verified.body["verified"], true);
    assert_eq!(verified.body["message"], "Verified: 3 records, chain intact");

    // A new version written over the second record's file (what a reader would now get).
    let records = state.vault().chain(&founder.id).await.unwrap();
    let storage = state.storage.as_ref().unwrap();
    storage.client().put_object().bucket(&storage.bucket).key(&records[1].files[0].key).body(b"edited".to_vec().into()).send().await.unwrap();
    let tampered = Call::post("/api/compliance-vault/verify").token(&founder.token).send(&app).await;
    assert_eq!(tampered.body["verified"], false);
    assert_eq!(tampered.body["failure"]["seq"], 2);
    assert_eq!(tampered.body["message"], "Record #2 “second” failed: its file note.txt no longer matches the recorded SHA-256.");

    // A record's details changed in the table.
    let other = pro_founder(&state).await;
    for title in ["one", "two", "three"] {
        state.vault().append(&other.id, note(title)).await.unwrap();
    }
    state
        .dynamo
        .update_item()
        .table_name(&state.config.tables.vault_records)
        .key("owner_id", aws_sdk_dynamodb::types::AttributeValue::S(other.id.clone()))
        .key("sk", aws_sdk_dynamodb::types::AttributeValue::S(shared::repo::vault::record_key(3)))
        .update_expression("SET title = :t")
        .expression_attribute_values(":t", aws_sdk_dynamodb::types::AttributeValue::S("three (backdated)".into()))
        .send()
        .await
        .unwrap();
    let altered = Call::post("/api/compliance-vault/verify").token(&other.token).send(&app).await;
    assert_eq!(altered.body["verified"], false);
    assert_eq!(altered.body["failure"]["detail"]["problem"], "record_altered");
    assert_eq!(altered.body["message"], "Record #3 “three (backdated)” failed: its details were changed after it was recorded.");
}

#[tokio::test]
#[allow(deprecated)] // async_zip 0.0.19 reads archives only through its `mem` reader
async fn the_exhibit_pack_streams_ttw_material_the_ticked_uploads_manifests_and_the_chain() {
    use async_zip::base::read::mem::ZipFileReader;
    use futures::AsyncReadExt;

    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    create_and_publish(&app, &founder).await;
    let deck = upload(&app, &founder, "deck.pdf", "application/pdf", PDF, "pitch_deck", "Pitch deck").await;
    let other_upload = upload(&app, &founder, "financials.pdf", "application/pdf", PDF, "financial_statements", "Financials").await;
    assert_eq!(other_upload.status, StatusCode::CREATED);

    let started = Call::post("/api/compliance-vault/exports").token(&founder.token).json(json!({"include": [deck.body["id"]]})).send(&app).await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.text);
    assert_eq!(started.body["records"], 3, "the legend, the snapshot and the ticked upload");
    let url = started.body["url"].as_str().unwrap();
    let download = Call::get(url).send(&app).await;
    assert_eq!(download.status, StatusCode::OK);
    assert_eq!(download.headers["content-type"], "application/zip");
    let bytes = {
        // The raw body (TestResponse keeps text lossily): ask again for the bytes.
        let response = tower::ServiceExt::oneshot(app.clone(), axum::http::Request::get(url).body(axum::body::Body::empty()).unwrap()).await.unwrap();
        axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap().to_vec()
    };
    let zip = ZipFileReader::new(bytes).await.unwrap();
    let mut files = std::collections::BTreeMap::new();
    for index in 0..zip.file().entries().len() {
        let name = zip.file().entries()[index].filename().as_str().unwrap().to_owned();
        let mut reader = zip.reader_with_entry(index).await.unwrap();
        let mut data = Vec::new();
        reader.read_to_end(&mut data).await.unwrap();
        files.insert(name, data);
    }
    let names: Vec<&String> = files.keys().collect();
    assert!(names.iter().any(|n| n.starts_with("testing-the-waters/") && n.ends_with("/snapshot.html")), "{names:?}");
    assert!(names.iter().any(|n| n.starts_with("testing-the-waters/") && n.ends_with("/legend.txt")), "{names:?}");
    assert!(names.iter().any(|n| n.starts_with("uploads/") && n.contains("pitch-deck") && n.ends_with("/deck.pdf")), "{names:?}");
    assert!(!names.iter().any(|n| n.contains("financials")), "an unticked upload stays out");
    for required in ["manifest.csv", "manifest.json", "records.jsonl", "README.txt"] {
        assert!(files.contains_key(required), "{required}");
    }
    // Every file's SHA-256 is the manifest's, and the chain recomputes from records.jsonl.
    let manifest: Value = serde_json::from_slice(&files["manifest.json"]).unwrap();
    let listed = manifest["files"].as_array().unwrap();
    assert_eq!(listed.len(), 4, "snapshot.html, form.json, legend.txt, deck.pdf");
    for entry in listed {
        let data = &files[entry["file"].as_str().unwrap()];
        assert_eq!(hex(&Sha256::digest(data)), entry["sha256"].as_str().unwrap(), "{}", entry["file"]);
    }
    // Titles as the vault shows them, written for a lawyer (records.jsonl keeps the sealed ones).
    let titles: Vec<&str> = listed.iter().map(|e| e["title"].as_str().unwrap()).collect();
    assert!(titles.iter().any(|t| t.starts_with("Form published: ") && t.ends_with(')')), "{titles:?}");
    assert!(titles.iter().any(|t| t.starts_with("Legend text, version ")), "{titles:?}");
    let csv = String::from_utf8(files["manifest.csv"].clone()).unwrap();
    assert_eq!(csv.lines().count(), 5);
    assert!(csv.starts_with("id,kind,category,title,created_at,file,sha256,size,chain_position,record_hash,prev_hash"));
    let mut prev = "0".repeat(64);
    let lines: Vec<&str> = std::str::from_utf8(&files["records.jsonl"]).unwrap().lines().collect();
    assert_eq!(lines.len(), 4, "every record of the chain, the unticked upload too");
    for line in &lines {
        let record: Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["prev_hash"], prev);
        prev = hex(&Sha256::digest(line.as_bytes()));
    }
    assert_eq!(manifest["chain"]["head_hash"], prev);
    assert!(String::from_utf8_lossy(&files["README.txt"]).contains("How to verify"));

    // The vault's search finds records by the words of the titles it shows.
    let found = Call::get("/api/compliance-vault/records?q=form%20published").token(&founder.token).send(&app).await;
    assert_eq!(found.status, StatusCode::OK, "{}", found.text);
    let found_titles: Vec<String> = found.body["records"].as_array().unwrap().iter().map(|r| r["title"].as_str().unwrap_or_default().to_owned()).collect();
    assert!(!found_titles.is_empty() && found_titles.iter().all(|t| t.starts_with("Form published: ")), "{found_titles:?}");

    // The link is the founder's only: forged or altered, it is refused.
    let forged = Call::get(&format!("{}x", url)).send(&app).await;
    assert_eq!(forged.status, StatusCode::BAD_REQUEST);
    // Another founder's upload cannot be ticked.
    let other = pro_founder(&state).await;
    let theirs = Call::post("/api/compliance-vault/exports").token(&other.token).json(json!({"include": [deck.body["id"]]})).send(&app).await;
    assert_eq!(theirs.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn behind_cloudfront_the_exhibit_pack_serves_only_requests_with_the_origin_secret() {
    const SECRET: &str = "origin-secret-0123456789abcdef";
    let state = shared::testing::test_state_with(|config| config.origin_verify_secret = Some(SECRET.to_owned().into())).await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    create_and_publish(&app, &founder).await;
    let started = Call::post("/api/compliance-vault/exports").token(&founder.token).json(json!({})).send(&app).await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.text);
    let url = started.body["url"].as_str().unwrap();
    for (header, why) in [(None, "no secret"), (Some("wrong-secret-0123456789abcdef"), "a wrong secret"), (Some(""), "an empty secret")] {
        let mut call = Call::get(url);
        if let Some(value) = header {
            call = call.header("x-origin-verify", value);
        }
        let refused = call.send(&app).await;
        assert_eq!((refused.status, refused.error_code()), (StatusCode::FORBIDDEN, "forbidden"), "{why}");
        assert_eq!(refused.error_message(), "Download the pack through the RaiseSpark app.");
    }
    let through_cdn = Call::get(url).header("x-origin-verify", SECRET).send(&app).await;
    assert_eq!((through_cdn.status, through_cdn.headers["content-type"].to_str().unwrap()), (StatusCode::OK, "application/zip"));
}

async fn lead(app: &Router, form_id: &str, fields: &Value, key: &str) -> TestResponse {
    let answers = json!({
        fields[0]["id"].as_str().unwrap(): "Ada Lovelace",
        fields[1]["id"].as_str().unwrap(): "ada@example.com",
        fields[2]["id"].as_str().unwrap(): "+1 555 0100",
    });
    Call::post(&format!("/api/public-forms/{form_id}/leads")).header("idempotency-key", key).json(json!({"answers": answers})).send(app).await
}

#[tokio::test]
async fn a_filing_date_of_today_in_the_founders_time_zone_is_not_in_the_future() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    // 22:00 UTC: already tomorrow in Sydney (UTC+10), but not the day after anywhere.
    let now = time::OffsetDateTime::now_utc();
    let evening = now.replace_time(time::Time::from_hms(22, 0, 0).unwrap());
    state.clock.set_offset(evening - now);
    let day = |days: i64| shared::time::iso(evening + time::Duration::days(days))[..10].to_owned();
    let put = |date: String| {
        Call::put("/api/compliance-vault/offering")
            .token(&founder.token)
            .json(json!({"version": 0, "status": "form_c_filed", "filingDate": date, "intermediary": "Wefunder", "offeringUrl": "https://wefunder.com/harbor"}))
    };
    let too_late = put(day(2)).send(&app).await;
    assert_eq!(too_late.status, StatusCode::BAD_REQUEST);
    assert_eq!(too_late.error_code(), "invalid_filing_date");
    assert_eq!(Call::get("/api/compliance-vault/offering").token(&founder.token).send(&app).await.body["offering"]["version"], 0, "nothing changed");
    let sydney_today = put(day(1)).send(&app).await;
    assert_eq!(sydney_today.status, StatusCode::OK, "{}", sydney_today.text);
    assert_eq!(sydney_today.body["offering"]["filing_date"], day(1));
}

#[tokio::test]
async fn once_the_form_c_is_filed_the_public_form_links_the_portal_and_takes_no_new_interest() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    let form = create_and_publish(&app, &founder).await;
    let form_id = form["id"].as_str().unwrap();
    let before = lead(&app, form_id, &form["fields"], "lead-before-filing").await;
    assert_eq!(before.status, StatusCode::CREATED, "{}", before.text);

    let offering = Call::get("/api/compliance-vault/offering").token(&founder.token).send(&app).await;
    assert_eq!(offering.body["offering"]["status"], "testing_the_waters");
    assert_eq!(offering.body["accepts_interest"], true);
    let put = |body: Value| Call::put("/api/compliance-vault/offering").token(&founder.token).json(body);
    // Filing needs its facts.
    let incomplete = put(json!({"version": 0, "status": "form_c_filed"})).send(&app).await;
    assert_eq!(incomplete.status, StatusCode::BAD_REQUEST);
    assert_eq!(incomplete.error_code(), "filing_date_required");
    let insecure = put(json!({"version": 0, "status": "live", "filingDate": "2026-01-05", "intermediary": "Wefunder", "offeringUrl": "http://wefunder.com/x"})).send(&app).await;
    assert_eq!(insecure.error_code(), "invalid_url");
    let live = put(json!({"version": 0, "status": "live", "filingDate": "2026-01-05", "intermediary": "Wefunder", "offeringUrl": "https://wefunder.com/harbor"})).send(&app).await;
    assert_eq!(live.status, StatusCode::OK, "{}", live.text);
    assert_eq!(live.body["offering"]["version"], 1);
    assert_eq!(live.body["accepts_interest"], false);
    // A stale copy, and going back, are refused.
    assert_eq!(put(json!({"version": 0, "status": "closed"})).send(&app).await.status, StatusCode::CONFLICT);
    assert_eq!(put(json!({"version": 1, "status": "testing_the_waters"})).send(&app).await.error_code(), "status_backwards");

    // Investors see the notice and the portal link; a new indication is refused, clearly.
    let public = Call::get(&format!("/api/public-forms/{form_id}")).send(&app).await;
    assert_eq!(public.body["offering_stage"]["status"], "live");
    assert_eq!(public.body["notice"]["linkUrl"], "https://wefunder.com/harbor");
    assert_eq!(public.body["notice"]["linkLabel"], "View the offering on Wefunder");
    let refused = lead(&app, form_id, &form["fields"], "lead-after-going-live").await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
    assert_eq!(refused.error_code(), "not_accepting_interest");
    assert!(refused.error_message().contains("https://wefunder.com/harbor"), "{}", refused.error_message());
    // The indication sent before is kept, and its retry still answers as before.
    let retried = lead(&app, form_id, &form["fields"], "lead-before-filing").await;
    assert_eq!(retried.status, StatusCode::CREATED);
    assert_eq!(retried.body["id"], before.body["id"]);
    assert!(public_forms::lead(&state, before.body["id"].as_str().unwrap()).await.unwrap().is_some());

    // A form created or published afterwards follows the status too.
    let second = create_and_publish(&app, &founder).await;
    assert_eq!(second["offering_stage"]["status"], "live");

    // The change is in the vault, by the founder; then closing.
    let filed = records(&app, &founder, "?kind=offering").await;
    let entries = filed.body["records"].as_array().unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["title"], "Offering status: Testing the waters → Live");
    assert_eq!(entries[0]["category"], "offering_record");
    assert_eq!(entries[0]["actor"]["kind"], "founder");
    let closed = put(json!({"version": 1, "status": "closed"})).send(&app).await;
    assert_eq!(closed.status, StatusCode::OK);
    let public = Call::get(&format!("/api/public-forms/{form_id}")).send(&app).await;
    assert_eq!(public.body["notice"]["title"], "This company's offering has closed");
    assert_eq!(records(&app, &founder, "?kind=offering").await.body["records"].as_array().unwrap().len(), 2);
    // Snapshots filed after filing are investor communication, not testing-the-waters material.
    let snapshots = records(&app, &founder, "?kind=form_snapshot").await;
    assert_eq!(snapshots.body["records"][0]["category"], "investor_communication");
}

#[tokio::test]
async fn records_filed_with_old_style_titles_show_titles_for_a_lawyer_and_keep_the_stored_title_and_the_chain() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    let year = state.clock.now().year();
    let day = format!("{year}-03-09");
    for (kind, category, title, meta) in [
        (Kind::Digest, Category::LeadDigest, format!("Leads captured on {day}: 1"), json!({"day": day, "total": 1})),
        (Kind::FormSnapshot, Category::TestingTheWaters, "Harbor Coffee Co. Expansion (published)".to_owned(), json!({"event": "published", "form_id": "f1", "form_version": 3})),
        (Kind::Legend, Category::TestingTheWaters, "Legend ttw-2026-11".to_owned(), json!({"legend_version": "ttw-2026-11"})),
    ] {
        let mut record = NewRecord::new(kind, category, title, Actor::system());
        record.meta = meta;
        record.files = vec![NewFile::new("a.txt", "text/plain", b"a".to_vec())];
        state.vault().append(&founder.id, record).await.unwrap();
    }
    let listed = records(&app, &founder, "").await;
    let shown: Vec<(&str, &str)> = listed.body["records"].as_array().unwrap().iter().map(|r| (r["display_title"].as_str().unwrap(), r["title"].as_str().unwrap())).collect();
    assert_eq!(
        shown,
        [
            ("Legend text, version ttw-2026-11", "Legend ttw-2026-11"),
            ("Form published: Harbor Coffee Co. Expansion (version 3)", "Harbor Coffee Co. Expansion (published)"),
            ("Daily record: 1 lead captured, Mar 9", format!("Leads captured on {day}: 1").as_str()),
        ]
    );
    let one = listed.body["records"][1]["id"].as_str().unwrap().to_owned();
    let detail = Call::get(&format!("/api/compliance-vault/records/{one}")).token(&founder.token).send(&app).await;
    assert_eq!(detail.body["display_title"].as_str(), Some("Form published: Harbor Coffee Co. Expansion (version 3)"), "{}", detail.text);
    // Nothing stored was rewritten: the chain, over the stored titles, verifies.
    assert_eq!(verify(&app, &founder).await["verified"], true);
}

#[tokio::test]
async fn a_form_record_lists_only_the_pages_that_form_was_embedded_on() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    let sunrise = create_and_publish(&app, &founder).await;
    let harbor = create_and_publish(&app, &founder).await;
    for (form, page, ip) in [(&sunrise, "https://sunrisesolar.example/invest", "10.7.0.1"), (&sunrise, "https://blog.sunrisesolar.example/post", "10.7.0.2"), (&harbor, "https://harborcoffee.example/invest", "10.7.0.3")] {
        let view = Call::post(&format!("/api/public-forms/{}/views", form["id"].as_str().unwrap())).from_ip(ip).header("user-agent", "Test").json(json!({"source": page})).send(&app).await;
        assert_eq!(view.status, StatusCode::ACCEPTED, "{}", view.text);
    }
    // Each form filed again while live (unarchived), after its views.
    for form in [&harbor, &sunrise] {
        let id = form["id"].as_str().unwrap();
        for action in ["archive", "unarchive"] {
            let changed = Call::post(&format!("/api/forms/{id}/{action}")).token(&founder.token).send(&app).await;
            assert_eq!(changed.status, StatusCode::OK, "{action}: {}", changed.text);
        }
    }
    let listed = records(&app, &founder, "?kind=form_snapshot").await;
    let embedded = |form: &Value| -> Vec<Value> {
        listed.body["records"].as_array().unwrap().iter().find(|r| r["meta"]["form_id"] == form["id"] && r["meta"]["event"] == "unarchived").map(|r| r["meta"]["embedded_on"].as_array().unwrap().clone()).unwrap()
    };
    assert_eq!(embedded(&harbor), [json!("harborcoffee.example")]);
    assert_eq!(embedded(&sunrise), [json!("blog.sunrisesolar.example"), json!("sunrisesolar.example")]);
    // The snapshot page says the same.
    let record = listed.body["records"].as_array().unwrap().iter().find(|r| r["meta"]["form_id"] == harbor["id"] && r["meta"]["event"] == "unarchived").unwrap();
    let html = String::from_utf8(file_bytes(&app, &founder, record["id"].as_str().unwrap(), 0).await).unwrap();
    assert!(html.contains("harborcoffee.example") && !html.contains("sunrisesolar.example"), "{html}");
}

#[tokio::test]
async fn the_daily_digest_files_leads_per_form_once() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    let form = create_and_publish(&app, &founder).await;
    let form_id = form["id"].as_str().unwrap();
    for i in 0..3 {
        let stored = lead(&app, form_id, &form["fields"], &format!("digest-lead-{i}")).await;
        assert_eq!(stored.status, StatusCode::CREATED);
        let record = public_forms::lead(&state, stored.body["id"].as_str().unwrap()).await.unwrap().unwrap();
        state.leads().count_lead(&record).await.unwrap();
    }
    let today = &state.clock.now_iso()[..10];
    assert!(shared::services::vault_filing::file_digests(&state, today).await.unwrap() >= 1);
    assert_eq!(shared::services::vault_filing::file_digests(&state, today).await.unwrap(), 0, "filed once");
    let digests = records(&app, &founder, "?kind=digest").await;
    let list = digests.body["records"].as_array().unwrap();
    assert_eq!(list.len(), 1);
    // 'Nov 26' this year (formatted here with `time`, not with the code under test); filed
    // with its year, for whoever reads it later.
    let now = state.clock.now();
    let short = now.format(time::macros::format_description!("[month repr:short] [day padding:none]")).unwrap();
    assert_eq!(list[0]["display_title"], format!("Daily record: 3 leads captured, {short}"));
    assert_eq!(list[0]["title"], format!("Daily record: 3 leads captured, {short}, {}", now.year()));
    let body: Value = serde_json::from_slice(&file_bytes(&app, &founder, list[0]["id"].as_str().unwrap(), 0).await).unwrap();
    assert_eq!(body["forms"][0]["form_id"], form_id);
    assert_eq!(body["forms"][0]["leads"], 3);
    assert!(!String::from_utf8_lossy(&serde_json::to_vec(&body).unwrap()).contains("ada@example.com"), "counts only");
}

#[tokio::test]
async fn the_vault_is_pro_and_the_offering_needs_a_subscription() {
    let state = test_state().await;
    let app = app(&state);
    let standard = test_user(&state).await;
    subscribe_trial(&state, &standard.id, false).await;
    for call in [
        Call::get("/api/compliance-vault/records"),
        Call::post("/api/compliance-vault/verify"),
        Call::post("/api/compliance-vault/exports").json(json!({})),
        Call::post("/api/compliance-vault/uploads").json(json!({"fileName": "x.pdf", "contentType": "application/pdf", "size": 10, "category": "other"})),
    ] {
        let answer = call.token(&standard.token).send(&app).await;
        assert_eq!(answer.status, StatusCode::PAYMENT_REQUIRED, "{}", answer.text);
        assert_eq!(answer.error_message(), compliance_vault::PRO_REQUIRED);
    }
    let offering = Call::put("/api/compliance-vault/offering")
        .token(&standard.token)
        .json(json!({"version": 0, "status": "form_c_filed", "filingDate": "2026-01-05", "intermediary": "StartEngine", "offeringUrl": "https://startengine.com/x"}))
        .send(&app)
        .await;
    assert_eq!(offering.status, StatusCode::OK, "the offering is every subscriber's: {}", offering.text);
    let nobody = test_user(&state).await;
    let refused = Call::put("/api/compliance-vault/offering").token(&nobody.token).json(json!({"version": 0, "status": "closed"})).send(&app).await;
    assert_eq!(refused.status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(Call::get("/api/compliance-vault/records").send(&app).await.status, StatusCode::UNAUTHORIZED);
}

use shared::testing::support_session;

#[tokio::test]
async fn an_export_link_made_in_a_support_session_ends_with_it_and_its_download_is_recorded() {
    use shared::{impersonation::SESSION_OVER, repo::impersonations::EndedBy};
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    create_and_publish(&app, &founder).await;
    let (support, audit_id) = support_session(&state, &founder).await;
    let started = Call::post("/api/compliance-vault/exports").token(&support).json(json!({})).send(&app).await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.text);
    let url = started.body["url"].as_str().unwrap().to_owned();
    let downloaded = Call::get(&url).send(&app).await;
    assert_eq!(downloaded.status, StatusCode::OK);
    let activity = shared::impersonation::Activity::of_session(&state, &audit_id).await.unwrap();
    assert_eq!(activity.changes.iter().map(|c| c.description.as_str()).collect::<Vec<_>>(), ["Prepared the exhibit pack for download"]);
    let views: Vec<(&str, u64)> = activity.views.iter().map(|v| (v.path.as_str(), v.count)).collect();
    assert_eq!(views, [("/api/compliance-vault/exports", 1)], "recorded without the link's token");

    // The session ends (revert): the link, minutes from its own expiry, stops at once.
    state.impersonations().end(&audit_id, EndedBy::Revert, state.clock.unix()).await.unwrap();
    let after = Call::get(&url).send(&app).await;
    assert_eq!((after.status, after.error_message()), (StatusCode::UNAUTHORIZED, SESSION_OVER));
    // The founder's own links are not tied to any session.
    let own = Call::post("/api/compliance-vault/exports").token(&founder.token).json(json!({})).send(&app).await;
    assert_eq!(Call::get(own.body["url"].as_str().unwrap()).send(&app).await.status, StatusCode::OK);
}

/// `POST /offering/check` as `user`.
fn check(user: &TestUser, body: Value) -> Call {
    Call::post("/api/compliance-vault/offering/check").token(&user.token).json(body)
}

/// The `(field, code)` pairs of a check's refusal.
fn field_errors(answer: &TestResponse) -> Vec<(String, String)> {
    answer.body["errors"].as_array().unwrap().iter().map(|e| (e["field"].as_str().unwrap().to_owned(), e["code"].as_str().unwrap().to_owned())).collect()
}

#[tokio::test]
async fn checking_an_offering_draft_answers_every_problem_at_its_field_with_the_messages_a_save_would_give_and_saves_nothing() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    create_and_publish(&app, &founder).await;
    let tomorrow_everywhere = shared::time::iso(state.clock.now() + time::Duration::days(2))[..10].to_owned();
    let drafts = [
        json!({"version": 0, "status": "form_c_filed"}),
        json!({"version": 0, "status": "live", "filingDate": "2026-02-30", "intermediary": "Wefunder\u{7}", "offeringUrl": "http://wefunder.com/x"}),
        json!({"version": 0, "status": "live", "filingDate": tomorrow_everywhere, "intermediary": "x".repeat(121), "offeringUrl": "https://wefunder.com/\u{9f}"}),
    ];
    let expected = [
        vec![("filingDate", "filing_date_required"), ("intermediary", "intermediary_required"), ("offeringUrl", "offering_url_required")],
        vec![("intermediary", "invalid_text"), ("offeringUrl", "invalid_url"), ("filingDate", "invalid_filing_date")],
        vec![("intermediary", "too_long"), ("offeringUrl", "invalid_url"), ("filingDate", "invalid_filing_date")],
    ];
    for (draft, expected) in drafts.into_iter().zip(expected) {
        let checked = check(&founder, draft.clone()).send(&app).await;
        assert_eq!(checked.status, StatusCode::BAD_REQUEST, "{}", checked.text);
        let expected: Vec<(String, String)> = expected.iter().map(|(f, c)| (f.to_string(), c.to_string())).collect();
        assert_eq!(field_errors(&checked), expected, "{}", checked.text);
        // The first problem is what saving the same draft answers, code and message.
        let saved = Call::put("/api/compliance-vault/offering").token(&founder.token).json(draft).send(&app).await;
        assert_eq!(saved.status, StatusCode::BAD_REQUEST);
        assert_eq!((checked.error_code(), checked.error_message()), (saved.error_code(), saved.error_message()));
        assert_eq!(checked.body["errors"][0]["message"], saved.error_message());
    }
    let february = check(&founder, json!({"version": 0, "status": "testing_the_waters", "filingDate": "2026-02-30"})).send(&app).await;
    assert_eq!(february.body["errors"][0]["message"], "Write the filing date as YYYY-MM-DD.");

    // A valid draft: the label and the notice investors would see, and still nothing saved.
    let valid = json!({"version": 0, "status": "live", "filingDate": "2026-01-05", "intermediary": "Wefunder", "offeringUrl": "https://wefunder.com/harbor"});
    let checked = check(&founder, valid).send(&app).await;
    assert_eq!(checked.status, StatusCode::OK, "{}", checked.text);
    assert_eq!((checked.body["valid"].clone(), checked.body["label"].clone(), checked.body["accepts_interest"].clone()), (json!(true), json!("Live"), json!(false)));
    assert_eq!(checked.body["notice"]["linkLabel"], "View the offering on Wefunder");
    assert_eq!(checked.body["notice"]["linkUrl"], "https://wefunder.com/harbor");
    let saved = Call::get("/api/compliance-vault/offering").token(&founder.token).send(&app).await;
    assert_eq!(saved.body["offering"]["version"], 0, "a check saves nothing");
    assert_eq!(saved.body["offering"]["status"], "testing_the_waters");
    assert_eq!(records(&app, &founder, "?kind=offering").await.body["records"].as_array().unwrap().len(), 0, "a check files nothing");
    let statuses: Vec<(Value, Value)> = saved.body["statuses"].as_array().unwrap().iter().map(|s| (s["id"].clone(), s["selectable"].clone())).collect();
    assert_eq!(statuses, [(json!("testing_the_waters"), json!(true)), (json!("form_c_filed"), json!(true)), (json!("live"), json!(true)), (json!("closed"), json!(true))]);
}

#[tokio::test]
async fn an_offering_draft_is_checked_against_the_callers_own_offering_only() {
    let state = test_state().await;
    let app = app(&state);
    let live = pro_founder(&state).await;
    let other = pro_founder(&state).await;
    let filed = json!({"version": 0, "status": "live", "filingDate": "2026-01-05", "intermediary": "Wefunder", "offeringUrl": "https://wefunder.com/harbor"});
    assert_eq!(Call::put("/api/compliance-vault/offering").token(&live.token).json(filed).send(&app).await.status, StatusCode::OK);
    let back = json!({"version": 1, "status": "testing_the_waters"});
    // The live founder cannot go back; the other founder's offering (still testing) is not theirs.
    let refused = check(&live, back.clone()).send(&app).await;
    assert_eq!(field_errors(&refused), [("status".to_owned(), "status_backwards".to_owned())]);
    assert_eq!(refused.error_message(), "The offering is Live; it can only move forward (Testing the waters → Form C filed → Live → Closed).");
    let own = check(&other, back).send(&app).await;
    assert_eq!(own.status, StatusCode::OK, "{}", own.text);
    assert_eq!(own.body["notice"], Value::Null, "testing the waters shows the form, not a notice");
    // The live founder's details are not filled into the other founder's draft.
    let omitted = check(&other, json!({"version": 0, "status": "live", "filingDate": "2026-01-05"})).send(&app).await;
    assert_eq!(field_errors(&omitted), [("intermediary".to_owned(), "intermediary_required".to_owned()), ("offeringUrl".to_owned(), "offering_url_required".to_owned())]);
    let statuses = Call::get("/api/compliance-vault/offering").token(&live.token).send(&app).await.body["statuses"].clone();
    let selectable: Vec<&Value> = statuses.as_array().unwrap().iter().map(|s| &s["selectable"]).collect();
    assert_eq!(selectable, [&json!(false), &json!(false), &json!(true), &json!(true)], "the status only moves forward");

    // Without a session: 401. Malformed bodies: a clear 400, nothing saved.
    assert_eq!(Call::post("/api/compliance-vault/offering/check").json(json!({"version": 0, "status": "live"})).send(&app).await.status, StatusCode::UNAUTHORIZED);
    for body in [json!({"version": 0, "status": "launched"}), json!({"status": "live"}), json!({"version": 0, "status": "live", "owner": "x"})] {
        let answer = check(&other, body).send(&app).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
        assert!(!answer.error_message().is_empty());
    }
    assert_eq!(Call::get("/api/compliance-vault/offering").token(&other.token).send(&app).await.body["offering"]["version"], 0);
}

#[tokio::test]
async fn checking_an_offering_draft_in_a_support_session_is_recorded_as_a_view_not_a_change() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    let (support, audit_id) = support_session(&state, &founder).await;
    let checked = Call::post("/api/compliance-vault/offering/check").token(&support).json(json!({"version": 0, "status": "closed"})).send(&app).await;
    assert_eq!(checked.status, StatusCode::BAD_REQUEST, "{}", checked.text);
    let activity = shared::impersonation::Activity::of_session(&state, &audit_id).await.unwrap();
    assert!(activity.changes.is_empty(), "{:?}", activity.changes.iter().map(|c| &c.description).collect::<Vec<_>>());
    let views: Vec<(&str, u64)> = activity.views.iter().map(|v| (v.path.as_str(), v.count)).collect();
    assert_eq!(views, [("/api/compliance-vault/offering/check", 1)]);
}

#[tokio::test]
async fn a_support_session_that_only_read_lists_no_changes_and_its_first_write_is_listed_as_a_change() {
    let state = test_state().await;
    let app = app(&state);
    let founder = pro_founder(&state).await;
    create_and_publish(&app, &founder).await;
    let (support, audit_id) = support_session(&state, &founder).await;
    // Reads, and a POST that only checks (the vault's verification): no change.
    assert_eq!(Call::get("/api/compliance-vault/records").token(&support).send(&app).await.status, StatusCode::OK);
    assert_eq!(Call::post("/api/compliance-vault/verify").token(&support).send(&app).await.status, StatusCode::OK);
    assert_eq!(Call::post("/api/compliance-vault/verify").token(&support).send(&app).await.status, StatusCode::OK);
    let activity = shared::impersonation::Activity::of_session(&state, &audit_id).await.unwrap();
    assert!(activity.changes.is_empty(), "{:?}", activity.changes.iter().map(|c| &c.description).collect::<Vec<_>>());
    let views: Vec<(&str, &str, u64)> = activity.views.iter().map(|v| (v.method.as_str(), v.description.as_str(), v.count)).collect();
    assert_eq!(views, [("GET", "Viewed the compliance vault", 1), ("POST", "Verified the compliance vault", 2)]);

    // A write is a change.
    let moved = Call::put("/api/compliance-vault/offering").token(&support).json(json!({"version": 0, "status": "form_c_filed", "filingDate": "2026-01-05", "intermediary": "Wefunder", "offeringUrl": "https://wefunder.com/harbor"})).send(&app).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);
    let activity = shared::impersonation::Activity::of_session(&state, &audit_id).await.unwrap();
    let changes: Vec<(&str, &str)> = activity.changes.iter().map(|c| (c.method.as_str(), c.path.as_str())).collect();
    assert_eq!(changes, [("PUT", "/api/compliance-vault/offering")]);
}
