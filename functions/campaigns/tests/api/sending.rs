//! Sending through the local stack against DynamoDB Local and the outbox: the sender's
//! identity first, one message per recipient with the unsubscribe headers, claims that make a
//! retried chunk send nothing twice, suppressions at send time, the unsubscribe link (and
//! forged or expired ones), signed click redirects, and another founder's campaign → 404.
//! Records kept for others (the vault's copy, the exhibit pack) carry no live link of anyone,
//! and an address keeps its strongest suppression whatever order the events come in.

use axum::{Router, http::StatusCode};
use serde_json::{Value, json};
use shared::{
    AppState,
    campaigns::{Click, Reason, Unsubscribe, sign, verify},
    forms::Form,
    leads::LeadRecord,
    mail::StoredEmail,
    testing::{Call, TestFounder, TestUser, form, stored_lead, test_state},
};

fn app(state: &AppState) -> Router {
    shared::http::mount("campaigns", campaigns::router(state.clone()))
}

async fn pro_founder(state: &AppState, leads: &[(&str, &str)]) -> (TestUser, Form) {
    let user = TestFounder::new(state).await.on_pro(state).await;
    let form = form(&user.id).named("Seed Round").published().preset("location_state").store(state).await;
    for (name, email) in leads {
        stored_lead(state, &form, name, email).await;
    }
    (user, form)
}

async fn draft(app: &Router, user: &TestUser) -> Value {
    let created = Call::post("/api/campaigns").token(&user.token).json(json!({"template": "ttw-update"})).send(app).await;
    assert_eq!(created.status, StatusCode::CREATED);
    created.body
}

async fn set_sender(app: &Router, user: &TestUser) {
    let saved = Call::put("/api/campaigns/sender").token(&user.token).json(json!({"companyName": "Sunrise Solar", "postalAddress": "1 Main St\nAustin, TX 78701"})).send(app).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
}

/// The campaign's results once the local sender (started after the request answered) is
/// done: it must be sent by then.
async fn wait_sent(state: &AppState, app: &Router, user: &TestUser, id: &str) -> Value {
    state.background.idle().await;
    let results = Call::get(&format!("/api/campaigns/{id}/results")).token(&user.token).send(app).await;
    assert_eq!(results.body["campaign"]["status"], "sent", "campaign {id} was not sent: {}", results.text);
    results.body
}

fn campaign_mail(state: &AppState, to: &str) -> Vec<StoredEmail> {
    shared::testing::mail_to(state, to).into_iter().filter(|m| !m.headers.is_empty()).collect()
}

/// Every signed token in a text (`payload~signature`, base64url) that still verifies for one
/// of the campaign links' uses: a live credential of someone.
fn live_tokens(state: &AppState, text: &str) -> Vec<String> {
    let links = &state.config.links;
    text.split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '~')))
        .filter(|word| word.contains('~'))
        .filter(|token| {
            links.unsubscribe.verify::<Value>("unsubscribe", token).is_some()
                || ["click", "open"].iter().any(|kind| links.click.verify::<Value>(kind, token).is_some())
        })
        .map(str::to_owned)
        .collect()
}

fn mail_text(mail: &StoredEmail) -> String {
    let headers: Vec<String> = mail.headers.iter().map(|(n, v)| format!("{n}: {v}")).collect();
    format!("{}\n{}\n{}\n{}", mail.email.subject, mail.email.html, mail.email.text, headers.join("\n"))
}

/// Saves a draft's body (tracking on, links tagged as the campaign was created) and answers
/// the saved campaign.
async fn write_body(app: &Router, user: &TestUser, campaign: &Value, body: &str) -> Value {
    let id = campaign["id"].as_str().unwrap();
    let edited = Call::put(&format!("/api/campaigns/{id}")).token(&user.token).json(json!({
        "version": campaign["version"], "name": campaign["name"], "subject": campaign["subject"], "previewText": campaign["previewText"],
        "body": body, "trackOpens": true, "trackClicks": true, "tagLinks": campaign["tagLinks"], "segment": {}
    })).send(app).await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.text);
    edited.body
}

async fn send_and_wait(state: &AppState, app: &Router, user: &TestUser, campaign: &Value) {
    let id = campaign["id"].as_str().unwrap();
    let sent = Call::post(&format!("/api/campaigns/{id}/send")).token(&user.token).json(json!({"version": campaign["version"]})).send(app).await;
    assert_eq!(sent.status, StatusCode::ACCEPTED, "{}", sent.text);
    wait_sent(state, app, user, id).await;
}

#[allow(deprecated)] // async_zip 0.0.19 reads archives only through its `mem` reader
async fn exhibit_pack(state: &AppState, user: &TestUser) -> std::collections::BTreeMap<String, Vec<u8>> {
    use async_zip::base::read::mem::ZipFileReader;
    use futures::AsyncReadExt;
    let vault = shared::http::mount("compliance-vault", compliance_vault::router(state.clone()));
    let started = Call::post("/api/compliance-vault/exports").token(&user.token).json(json!({})).send(&vault).await;
    assert_eq!(started.status, StatusCode::CREATED, "{}", started.text);
    let url = started.body["url"].as_str().unwrap();
    let response = tower::ServiceExt::oneshot(vault, axum::http::Request::get(url).body(axum::body::Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap().to_vec();
    let zip = ZipFileReader::new(bytes).await.unwrap();
    let mut files = std::collections::BTreeMap::new();
    for index in 0..zip.file().entries().len() {
        let name = zip.file().entries()[index].filename().as_str().unwrap().to_owned();
        let mut data = Vec::new();
        zip.reader_with_entry(index).await.unwrap().read_to_end(&mut data).await.unwrap();
        files.insert(name, data);
    }
    files
}

#[tokio::test]
async fn records_kept_for_others_carry_no_live_credential_of_anyone() {
    let state = test_state().await;
    let app = app(&state);
    let (user, _) = pro_founder(&state, &[("Ada Lovelace", "ada@example.com"), ("Grace Hopper", "grace@example.com")]).await;
    set_sender(&app, &user).await;
    let campaign = draft(&app, &user).await;
    let campaign = write_body(&app, &user, &campaign, "Hi {{first_name|there}}, read [our deck](https://sunrise.example/deck).").await;
    let id = campaign["id"].as_str().unwrap().to_owned();
    send_and_wait(&state, &app, &user, &campaign).await;

    // The messages themselves carry their recipient's live links (the scanner finds them).
    let ada = campaign_mail(&state, "ada@example.com").remove(0);
    assert!(live_tokens(&state, &mail_text(&ada)).len() >= 3, "unsubscribe, click and open tokens in the message sent");

    // The copy filed in the vault: no live token, no recipient's name or address.
    let private = ["ada@example.com", "grace@example.com", "Lovelace", "Hopper", "Ada", "Grace"];
    let chain = state.vault().chain(&user.id).await.unwrap();
    let filed: Vec<_> = chain.iter().filter(|r| r.kind == shared::vault::Kind::Campaign).collect();
    assert_eq!(filed.len(), 1);
    let storage = state.storage.as_ref().unwrap();
    let mut filed_text = String::new();
    for file in &filed[0].files {
        let bytes = storage.stream(&file.key, file.version_id.as_deref()).await.unwrap().unwrap().collect().await.unwrap().into_bytes();
        filed_text.push_str(std::str::from_utf8(&bytes).unwrap());
    }
    assert_eq!(live_tokens(&state, &filed_text), Vec::<String>::new(), "the vault's copy opens no one's links");
    assert!(filed_text.contains(&format!("/unsubscribe/{}", campaigns::sending::PLACEHOLDER_TOKEN)), "the unsubscribe link stands as a placeholder");
    assert!(filed_text.contains(r#"href="https://sunrise.example/deck?utm_source=raisespark&amp;utm_medium=email&amp;utm_campaign=testing-the-waters-update""#), "a link shows where it led, with the campaign's tags");
    assert!(!filed_text.contains("/api/campaigns/r/") && !filed_text.contains("/api/campaigns/o/"), "no click redirect or open pixel");
    assert!(filed_text.contains("Hi [First name],"), "merge tags show what they stand for");
    for value in private {
        assert!(!filed_text.contains(value), "the vault's copy names {value}");
    }
    assert!(filed[0].meta.to_string().find("ada@").is_none());

    // The copy kept with the campaign: the same.
    let kept = state.dynamo.get_item().table_name(&state.config.tables.campaigns).key("id", aws_sdk_dynamodb::types::AttributeValue::S(id.clone())).send().await.unwrap().item.unwrap();
    let as_sent = kept["asSent"].as_s().unwrap();
    assert_eq!(live_tokens(&state, as_sent), Vec::<String>::new());
    for value in private {
        assert!(!as_sent.contains(value), "the kept copy names {value}");
    }

    // The exhibit pack handed to third parties: every file of it.
    let pack = exhibit_pack(&state, &user).await;
    assert!(pack.keys().any(|name| name.contains("-campaign-") && name.ends_with("/message.html")), "{:?}", pack.keys());
    for (name, bytes) in &pack {
        let text = String::from_utf8_lossy(bytes);
        assert_eq!(live_tokens(&state, &text), Vec::<String>::new(), "{name} carries a live token");
        assert!(!text.contains("ada@example.com") && !text.contains("grace@example.com"), "{name} names a recipient");
    }

    // The placeholder is no one's link.
    let placeholder = Call::post(&format!("/api/campaigns/unsubscribe/{}", campaigns::sending::PLACEHOLDER_TOKEN)).send(&app).await;
    assert_eq!((placeholder.status, placeholder.error_code()), (StatusCode::BAD_REQUEST, "invalid_link"));
}

/// Every order of the given events, each event once: all permutations of every non-empty subset.
fn orders(events: &[Reason]) -> Vec<Vec<Reason>> {
    let mut out = Vec::new();
    for mask in 1u32..(1 << events.len()) {
        let chosen: Vec<Reason> = events.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, r)| *r).collect();
        permute(&chosen, &mut Vec::new(), &mut vec![false; chosen.len()], &mut out);
    }
    out
}

fn permute(items: &[Reason], current: &mut Vec<Reason>, used: &mut Vec<bool>, out: &mut Vec<Vec<Reason>>) {
    if current.len() == items.len() {
        out.push(current.clone());
        return;
    }
    for i in 0..items.len() {
        if !used[i] {
            used[i] = true;
            current.push(items[i]);
            permute(items, current, used, out);
            current.pop();
            used[i] = false;
        }
    }
}

#[tokio::test]
async fn a_resubscribe_never_lifts_a_bounce_or_a_complaint_whatever_the_order_of_events() {
    let state = test_state().await;
    let app = app(&state);
    let (user, _) = pro_founder(&state, &[]).await;
    let key = state.config.links.unsubscribe.signing_key();
    let mut sequences = orders(&Reason::ALL);
    assert_eq!(sequences.len(), 15);
    // Repeats: a later unsubscribe never weakens what is there.
    sequences.extend([
        vec![Reason::Complained, Reason::Unsubscribed, Reason::Unsubscribed],
        vec![Reason::Bounced, Reason::Unsubscribed, Reason::Bounced],
        vec![Reason::Unsubscribed, Reason::Unsubscribed],
    ]);
    for (i, sequence) in sequences.iter().enumerate() {
        let email = format!("investor{i}@example.com");
        let claims = Unsubscribe { owner_id: user.id.clone(), email: email.clone(), campaign_id: "c".into(), expires_at: state.clock.unix() + 86_400 };
        let uri = format!("/api/campaigns/unsubscribe/{}", sign(&key, "unsubscribe", &claims));
        for reason in sequence {
            match reason {
                // The investor's own link; bounces and complaints as `ses-events` records them.
                Reason::Unsubscribed => assert_eq!(Call::post(&uri).send(&app).await.status, StatusCode::OK),
                other => state.campaigns().suppress(&user.id, &email, *other, &state.clock.now_iso()).await.unwrap(),
            }
        }
        let strongest = *sequence.iter().max().unwrap();
        let reason = || state.campaigns().suppression(&user.id, &email);
        assert_eq!(reason().await.unwrap().as_deref(), Some(strongest.as_str()), "{sequence:?}");
        let back = Call::post(&format!("{uri}/resubscribe")).send(&app).await;
        if strongest == Reason::Unsubscribed {
            assert_eq!((back.status, back.body["unsubscribed"].as_bool()), (StatusCode::OK, Some(false)), "{sequence:?}");
            assert_eq!(reason().await.unwrap(), None);
        } else {
            assert_eq!((back.status, back.error_code()), (StatusCode::CONFLICT, "cannot_resubscribe"), "{sequence:?}");
            assert_eq!(reason().await.unwrap().as_deref(), Some(strongest.as_str()), "{sequence:?}: still suppressed");
            let info = Call::get(&uri).send(&app).await;
            assert_eq!((info.body["unsubscribed"].as_bool(), info.body["reason"].as_str()), (Some(true), Some(strongest.as_str())));
        }
    }
}

#[tokio::test]
async fn a_campaign_reaches_each_address_once_with_its_unsubscribe_headers() {
    let state = test_state().await;
    let app = app(&state);
    let (user, _) = pro_founder(&state, &[("Ada Lovelace", "ada@example.com"), ("Grace Hopper", "grace@example.com"), ("Ada again", "ADA@example.com")]).await;
    let campaign = draft(&app, &user).await;
    let id = campaign["id"].as_str().unwrap().to_owned();

    let early = Call::post(&format!("/api/campaigns/{id}/send")).token(&user.token).json(json!({"version": campaign["version"]})).send(&app).await;
    assert_eq!((early.status, early.error_code()), (StatusCode::BAD_REQUEST, "sender_required"), "the postal address comes first");
    set_sender(&app, &user).await;
    let sent = Call::post(&format!("/api/campaigns/{id}/send")).token(&user.token).json(json!({"version": campaign["version"]})).send(&app).await;
    assert_eq!(sent.status, StatusCode::ACCEPTED, "{}", sent.text);
    let again = Call::post(&format!("/api/campaigns/{id}/send")).token(&user.token).json(json!({"version": campaign["version"]})).send(&app).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "a campaign is sent once");

    let results = wait_sent(&state, &app, &user, &id).await;
    assert_eq!((results["campaign"]["recipients"].as_u64(), results["campaign"]["sent"].as_u64(), results["waiting"].as_u64()), (Some(2), Some(2), Some(0)));
    let rows = results["recipients"].as_array().unwrap();
    assert!(rows.iter().all(|r| r["status"] == "sent" && r["message_id"].as_str().is_some_and(|m| !m.is_empty())));

    let ada = campaign_mail(&state, "ada@example.com");
    assert_eq!(ada.len(), 1, "one copy for the address of two leads");
    let mail = &ada[0];
    assert_eq!(mail.from, "\"Sunrise Solar via RaiseSpark\" <hello@raisespark.local>");
    assert_eq!(mail.reply_to.as_deref(), Some(user.email.as_str()));
    assert_eq!(mail.headers[0].0, "List-Unsubscribe");
    assert!(mail.headers[0].1.starts_with("<http://localhost:3000/api/campaigns/unsubscribe/"));
    assert_eq!(mail.headers[1], ("List-Unsubscribe-Post".to_owned(), "List-Unsubscribe=One-Click".to_owned()));
    assert!(mail.email.html.contains("1 Main St<br>Austin, TX 78701") && mail.email.html.contains("We are testing the waters"));
    assert!(mail.email.text.contains("Hi Ada,"));
    let stored = state.campaigns().get(&id).await.unwrap().unwrap();
    assert_eq!(stored.stats.sent, 2);
    let kept = state.dynamo.get_item().table_name(&state.config.tables.campaigns).key("id", aws_sdk_dynamodb::types::AttributeValue::S(id.clone())).send().await.unwrap().item.unwrap();
    let as_sent: Value = serde_json::from_str(kept["asSent"].as_s().unwrap()).unwrap();
    assert!(as_sent["html"].as_str().unwrap().contains("1 Main St") && as_sent["headers"][1][0] == "List-Unsubscribe-Post", "the message is kept as sent");

    // A retried chunk (a stream redelivery) finds every recipient claimed: nothing more is sent.
    let rows = state.campaign_recipients().all(&id).await.unwrap();
    let mut replay = rows.clone();
    for row in &mut replay {
        row.status = "pending".into();
    }
    let mailer = campaigns::mailer::CampaignMailer::from_state(&state).await.unwrap();
    campaigns::sending::process(&state, &mailer, &id, &replay).await.unwrap();
    assert_eq!(campaign_mail(&state, "ada@example.com").len() + campaign_mail(&state, "grace@example.com").len(), 2);

    // Filed in the compliance vault once (the replayed chunk filed nothing more), as
    // testing-the-waters material: the message as sent, its headers and its audience.
    let chain = state.vault().chain(&user.id).await.unwrap();
    let filed: Vec<_> = chain.iter().filter(|r| r.kind == shared::vault::Kind::Campaign).collect();
    assert_eq!(filed.len(), 1);
    assert_eq!(filed[0].category, shared::vault::Category::TestingTheWaters);
    assert_eq!(filed[0].meta["campaign_id"], id);
    let names: Vec<&str> = filed[0].files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["message.html", "message.txt", "headers.json", "audience.json"]);
    let storage = state.storage.as_ref().unwrap();
    let html = storage.stream(&filed[0].files[0].key, filed[0].files[0].version_id.as_deref()).await.unwrap().unwrap().collect().await.unwrap().into_bytes();
    let html = String::from_utf8(html.to_vec()).unwrap();
    assert!(html.contains("We are testing the waters") && html.contains("1 Main St"), "the legend and the address as sent");
    let audience = storage.stream(&filed[0].files[3].key, None).await.unwrap().unwrap().collect().await.unwrap().into_bytes();
    let audience: Value = serde_json::from_slice(&audience).unwrap();
    assert_eq!(audience["recipients"], 2);
    assert_eq!(shared::vault::check_chain(&chain), None);
    // Kept once as sending started: no chunk wrote files of its own (they would stay locked
    // in the vault, unrecorded).
    assert!(state.campaigns().get(&id).await.unwrap().unwrap().kept);
    let recorded: std::collections::HashSet<&str> = chain.iter().flat_map(|r| r.files.iter().map(|f| f.key.as_str())).collect();
    let versions = storage.client().list_object_versions().bucket(&storage.bucket).prefix(format!("records/{}/", user.id)).send().await.unwrap();
    let stored: Vec<String> = versions.versions().iter().filter_map(|v| v.key().map(str::to_owned)).collect();
    assert!(!stored.is_empty() && stored.iter().all(|key| recorded.contains(key.as_str())), "every file in the vault is a record's: {stored:?}");
}

/// The founder's leads, counted (as capture does moments after storing them).
async fn count_all(state: &AppState, user: &TestUser) -> Vec<LeadRecord> {
    let output = state
        .dynamo
        .query()
        .table_name(&state.config.tables.leads)
        .index_name("by_owner")
        .key_condition_expression("owner_id = :o")
        .expression_attribute_values(":o", aws_sdk_dynamodb::types::AttributeValue::S(user.id.clone()))
        .send()
        .await
        .unwrap();
    let leads: Vec<LeadRecord> = output.items.unwrap_or_default().into_iter().map(|item| shared::dynamo::from_item(item).unwrap()).collect();
    for lead in &leads {
        assert!(state.leads().count_lead(lead).await.unwrap());
    }
    leads
}

async fn contacted(state: &AppState, user: &TestUser) -> (u64, u64, u64, u64) {
    let p = state.profiles().get_profile(&user.id).await.unwrap().unwrap();
    (p.hot_leads, p.hot_contacted, p.cold_leads, p.cold_contacted)
}

#[tokio::test]
async fn a_sent_message_marks_its_leads_emailed_for_the_next_audience_and_the_counters() {
    let state = test_state().await;
    let app = app(&state);
    let (user, _) = pro_founder(&state, &[("Ada Lovelace", "ada@example.com"), ("Grace Hopper", "grace@example.com"), ("Ada again", "ADA@example.com")]).await;
    let leads = count_all(&state, &user).await;
    assert_eq!(contacted(&state, &user).await, (3, 0, 0, 0));
    set_sender(&app, &user).await;
    let count = |emailed: Value| {
        let app = app.clone();
        let token = user.token.clone();
        async move { Call::post("/api/campaigns/audience").token(&token).json(json!({"segment": {"emailed": emailed}})).send(&app).await.body["count"].as_u64() }
    };
    assert_eq!((count(json!(false)).await, count(json!(true)).await, count(Value::Null).await), (Some(2), Some(0), Some(2)));

    let campaign = draft(&app, &user).await;
    let id = campaign["id"].as_str().unwrap();
    Call::post(&format!("/api/campaigns/{id}/send")).token(&user.token).json(json!({"version": campaign["version"]})).send(&app).await;
    wait_sent(&state, &app, &user, id).await;
    // Both of Ada's leads were reached by her one message.
    assert_eq!(contacted(&state, &user).await, (3, 3, 0, 0));
    assert_eq!((count(json!(false)).await, count(json!(true)).await), (Some(0), Some(2)));

    // A reached lead moved to cold takes its contacted count along; deleting it takes it off.
    let lead = &leads[0];
    state.leads().set_status(&lead.id, &user.id, "cold").await.unwrap();
    assert_eq!(contacted(&state, &user).await, (2, 2, 1, 1));
    state.leads().delete_lead(&lead.id, &user.id).await.unwrap();
    assert_eq!(contacted(&state, &user).await, (2, 2, 0, 0));
    // Marking again changes nothing.
    let ids: Vec<String> = leads.iter().map(|l| l.id.clone()).collect();
    state.leads().mark_contacted(&user.id, &ids, &state.clock.now_iso()).await.unwrap();
    assert_eq!(contacted(&state, &user).await, (2, 2, 0, 0));
}

#[tokio::test]
async fn unsubscribing_excludes_the_address_from_the_next_campaign() {
    let state = test_state().await;
    let app = app(&state);
    let (user, _) = pro_founder(&state, &[("Ada Lovelace", "ada@example.com"), ("Grace Hopper", "grace@example.com")]).await;
    set_sender(&app, &user).await;
    let first = draft(&app, &user).await;
    let id = first["id"].as_str().unwrap();
    Call::post(&format!("/api/campaigns/{id}/send")).token(&user.token).json(json!({"version": first["version"]})).send(&app).await;
    wait_sent(&state, &app, &user, id).await;

    let mail = campaign_mail(&state, "grace@example.com").remove(0);
    let page = mail.links().into_iter().find(|l| l.contains("/unsubscribe/")).unwrap();
    let token = page.rsplit('/').next().unwrap().to_owned();
    let uri = format!("/api/campaigns/unsubscribe/{token}");
    let info = Call::get(&uri).send(&app).await;
    assert_eq!((info.status, info.body["company"].as_str(), info.body["unsubscribed"].as_bool()), (StatusCode::OK, Some("Sunrise Solar"), Some(false)));
    assert_eq!(info.body["email"], "g•••@example.com");
    // The mail client's one-click POST (RFC 8058), no sign-in.
    let done = Call::post(&uri).raw_json("List-Unsubscribe=One-Click").header("content-type", "application/x-www-form-urlencoded").send(&app).await;
    assert_eq!((done.status, done.body["unsubscribed"].as_bool()), (StatusCode::OK, Some(true)), "{}", done.text);

    let mut forged = token.clone();
    forged.insert(3, 'x');
    assert_eq!(Call::get(&format!("/api/campaigns/unsubscribe/{forged}")).send(&app).await.error_code(), "invalid_link");

    let audience = Call::post("/api/campaigns/audience").token(&user.token).json(json!({"segment": {}})).send(&app).await;
    assert_eq!((audience.body["count"].as_u64(), audience.body["excludedSuppressed"].as_u64()), (Some(1), Some(1)));
    let second = draft(&app, &user).await;
    let second_id = second["id"].as_str().unwrap();
    Call::post(&format!("/api/campaigns/{second_id}/send")).token(&user.token).json(json!({"version": second["version"]})).send(&app).await;
    wait_sent(&state, &app, &user, second_id).await;
    assert_eq!(campaign_mail(&state, "grace@example.com").len(), 1, "no second campaign for the unsubscribed address");
    assert_eq!(campaign_mail(&state, "ada@example.com").len(), 2);
    let results = Call::get(&format!("/api/campaigns/{id}/results")).token(&user.token).send(&app).await;
    assert_eq!(results.body["campaign"]["unsubscribed"], 1);

    let back = Call::post(&format!("{uri}/resubscribe")).send(&app).await;
    assert_eq!((back.status, back.body["unsubscribed"].as_bool()), (StatusCode::OK, Some(false)));

    // Long after, the link has expired.
    state.clock.advance(std::time::Duration::from_secs(401 * 86_400));
    assert_eq!(Call::get(&uri).send(&app).await.error_code(), "link_expired");
}

#[tokio::test]
async fn a_click_redirects_only_to_the_link_of_the_sent_campaign_its_token_names_until_it_expires() {
    let state = test_state().await;
    let app = app(&state);
    let (user, _) = pro_founder(&state, &[("Ada Lovelace", "ada@example.com")]).await;
    set_sender(&app, &user).await;
    let campaign = draft(&app, &user).await;
    let campaign = write_body(&app, &user, &campaign, "Read [our deck](https://sunrise.example/deck) and [the terms](https://sunrise.example/terms?a=1&b=2).").await;
    let id = campaign["id"].as_str().unwrap().to_owned();
    send_and_wait(&state, &app, &user, &campaign).await;

    let mail = campaign_mail(&state, "ada@example.com").remove(0);
    let tracked: Vec<String> = mail.links().into_iter().filter(|l| l.contains("/api/campaigns/r/")).map(|l| l.trim_start_matches("http://localhost:3000").to_owned()).collect();
    assert_eq!(tracked.len(), 2, "{:?}", mail.links());
    let key = state.config.links.click.signing_key();
    for path in &tracked {
        let claims: Value = verify(&key, "click", path.rsplit('/').next().unwrap()).unwrap();
        let names: std::collections::BTreeSet<&str> = claims.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(names, ["c", "l", "r", "x"].into(), "a click token carries no destination");
    }
    for _ in 0..2 {
        let first = Call::get(&tracked[0]).send(&app).await;
        // The campaign's tags go with the click, so the founder's site and sources see the campaign.
        assert_eq!((first.status, first.headers["location"].to_str().unwrap()), (StatusCode::FOUND, "https://sunrise.example/deck?utm_source=raisespark&utm_medium=email&utm_campaign=testing-the-waters-update"));
    }
    let second = Call::get(&tracked[1]).send(&app).await;
    assert_eq!((second.status, second.headers["location"].to_str().unwrap()), (StatusCode::FOUND, "https://sunrise.example/terms?a=1&b=2&utm_source=raisespark&utm_medium=email&utm_campaign=testing-the-waters-update"));
    let results = Call::get(&format!("/api/campaigns/{id}/results")).token(&user.token).send(&app).await;
    assert_eq!((results.body["campaign"]["clicked"].as_u64(), results.body["campaign"]["opened"].as_u64()), (Some(1), Some(1)), "each recipient counts once");
    let pixel = mail.email.html.split("src=\"").nth(1).unwrap().split('"').next().unwrap().replace("&amp;", "&");
    let image = Call::get(pixel.trim_start_matches("http://localhost:3000")).send(&app).await;
    assert_eq!(image.headers["content-type"], "image/gif");

    // Every other token is a 4xx page, never a redirect.
    let future = state.clock.unix() + 86_400;
    let ada = "ada@example.com".to_owned();
    let old_format = sign(&key, "click", &json!({"c": id, "r": ada, "u": "https://evil.example/phish"}));
    let no_such_link = sign(&key, "click", &Click { campaign_id: id.clone(), email: ada.clone(), link: 2, expires_at: future });
    let another = draft(&app, &user).await;
    let draft_link = sign(&key, "click", &Click { campaign_id: another["id"].as_str().unwrap().to_owned(), email: ada.clone(), link: 0, expires_at: future });
    let unknown_campaign = sign(&key, "click", &Click { campaign_id: uuid::Uuid::new_v4().to_string(), email: ada.clone(), link: 0, expires_at: future });
    let already_expired = sign(&key, "click", &Click { campaign_id: id.clone(), email: ada.clone(), link: 0, expires_at: state.clock.unix() - 1 });
    let forged = sign(b"not the secret", "click", &Click { campaign_id: id.clone(), email: ada.clone(), link: 0, expires_at: future });
    let cases = [
        (old_format, StatusCode::BAD_REQUEST, "This link is not valid."),
        (format!("{}A", tracked[0].rsplit('/').next().unwrap()), StatusCode::BAD_REQUEST, "This link is not valid."),
        (forged, StatusCode::BAD_REQUEST, "This link is not valid."),
        (no_such_link, StatusCode::NOT_FOUND, "This link does not lead anywhere."),
        (draft_link, StatusCode::NOT_FOUND, "This link does not lead anywhere."),
        (unknown_campaign, StatusCode::NOT_FOUND, "This link does not lead anywhere."),
        (already_expired, StatusCode::GONE, "This link has expired."),
    ];
    for (token, status, text) in cases {
        let dead = Call::get(&format!("/api/campaigns/r/{token}")).send(&app).await;
        assert_eq!(dead.status, status, "{text}");
        assert!(dead.headers.get("location").is_none(), "no redirect");
        assert!(dead.headers["content-type"].to_str().unwrap().starts_with("text/html"));
        assert!(dead.text.contains(text), "{}", dead.text);
    }

    // A year after sending, the real links have expired too.
    state.clock.advance(std::time::Duration::from_secs((shared::campaigns::CLICK_LINK_DAYS as u64 + 1) * 86_400));
    let late = Call::get(&tracked[0]).send(&app).await;
    assert_eq!(late.status, StatusCode::GONE);
    assert!(late.headers.get("location").is_none());

    let (other, _) = pro_founder(&state, &[]).await;
    for call in [Call::get(&format!("/api/campaigns/{id}/results")), Call::post(&format!("/api/campaigns/{id}/test")), Call::post(&format!("/api/campaigns/{id}/send")).json(json!({"version": 1}))] {
        assert_eq!(call.token(&other.token).send(&app).await.status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn a_test_goes_to_the_founder_only() {
    let state = test_state().await;
    let app = app(&state);
    let (user, _) = pro_founder(&state, &[("Ada Lovelace", "ada@example.com")]).await;
    let campaign = draft(&app, &user).await;
    let campaign = write_body(&app, &user, &campaign, "Hi {{first_name|there}}, read [our deck](https://sunrise.example/deck).").await;
    let id = campaign["id"].as_str().unwrap();
    let test = Call::post(&format!("/api/campaigns/{id}/test")).token(&user.token).send(&app).await;
    assert_eq!((test.status, test.body["sentTo"].as_str()), (StatusCode::ACCEPTED, Some(user.email.as_str())), "{}", test.text);
    let mine = campaign_mail(&state, &user.email);
    assert_eq!(mine.len(), 1);
    assert!(mine[0].email.subject.starts_with("[Test] "));
    assert!(mine[0].email.text.contains("Hi Ada,"), "rendered as the first recipient");
    assert!(campaign_mail(&state, "ada@example.com").is_empty());
    // A test is never wrapped for click tracking and carries no one's live link.
    let links = mine[0].links();
    assert!(links.contains(&"https://sunrise.example/deck?utm_source=raisespark&utm_medium=email&utm_campaign=testing-the-waters-update".to_owned()), "links go straight to where they lead: {links:?}");
    assert!(!links.iter().any(|l| l.contains("/api/campaigns/r/")) && !mine[0].email.html.contains("/api/campaigns/o/"), "{links:?}");
    assert_eq!(live_tokens(&state, &mail_text(&mine[0])), Vec::<String>::new());
    let status = Call::get(&format!("/api/campaigns/{id}")).token(&user.token).send(&app).await;
    assert_eq!(status.body["status"], "draft");

    // 20 tests an hour, however they arrive: a burst of 40 sends the 19 left and refuses the rest.
    let burst = (0..40).map(|_| Call::post(&format!("/api/campaigns/{id}/test")).token(&user.token).send(&app));
    let answers = futures::future::join_all(burst).await;
    let sent = answers.iter().filter(|a| a.status == StatusCode::ACCEPTED).count();
    let refused = answers.iter().filter(|a| a.status == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!((sent, refused), (19, 21));
    assert_eq!(campaign_mail(&state, &user.email).len(), 20);
}

/// The subject of each campaign in the founder's list, by name.
async fn listed_subjects(app: &Router, user: &TestUser) -> Vec<(String, String)> {
    let list = Call::get("/api/campaigns").token(&user.token).send(app).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text);
    list.body["campaigns"].as_array().unwrap().iter().map(|c| (c["subject"].as_str().unwrap().to_owned(), c["listedSubject"].as_str().unwrap().to_owned())).collect()
}

/// The subject of the test a founder is sent now (the outbox is not in sending order).
async fn test_subject(state: &AppState, app: &Router, user: &TestUser, id: &str) -> String {
    let mut before: Vec<String> = campaign_mail(state, &user.email).into_iter().map(|m| m.email.subject).collect();
    let test = Call::post(&format!("/api/campaigns/{id}/test")).token(&user.token).send(app).await;
    assert_eq!(test.status, StatusCode::ACCEPTED, "{}", test.text);
    let mut new: Vec<String> = Vec::new();
    for subject in campaign_mail(state, &user.email).into_iter().map(|m| m.email.subject) {
        match before.iter().position(|s| *s == subject) {
            Some(seen) => drop(before.swap_remove(seen)),
            None => new.push(subject),
        }
    }
    assert_eq!(new.len(), 1, "one test mail: {new:?}");
    new.remove(0)
}

#[tokio::test]
async fn the_list_and_the_test_show_the_subject_with_the_company_name_the_founder_gave_wherever_they_gave_it() {
    let state = test_state().await;
    let app = app(&state);
    // A company name on a form only (no sender identity yet): the list, the preview and a test carry it.
    let user = TestFounder::new(&state).await.on_pro(&state).await;
    let named = form(&user.id).named("Expansion").published().with(|f| f.content_settings.form_content.company_name = "Harbor Coffee Co.".into()).store(&state).await;
    stored_lead(&state, &named, "Ada Lovelace", "ada@example.com").await;
    let campaign = draft(&app, &user).await;
    let id = campaign["id"].as_str().unwrap();
    let subject = "An update from {{company_name}}".to_owned();
    assert_eq!(listed_subjects(&app, &user).await, [(subject.clone(), "An update from Harbor Coffee Co.".to_owned())]);
    assert_eq!(test_subject(&state, &app, &user, id).await, "[Test] An update from Harbor Coffee Co.");
    let preview = Call::post(&format!("/api/campaigns/{id}/preview")).token(&user.token).send(&app).await;
    assert_eq!(preview.body["rendered"]["fromName"], "Harbor Coffee Co. via RaiseSpark");

    // The sender identity's name comes first, in the list and in the test alike.
    set_sender(&app, &user).await;
    assert_eq!(listed_subjects(&app, &user).await, [(subject.clone(), "An update from Sunrise Solar".to_owned())]);
    assert_eq!(test_subject(&state, &app, &user, id).await, "[Test] An update from Sunrise Solar");

    // Each investor's own values show as what they stand for; the stored subject is unchanged.
    let campaign = Call::get(&format!("/api/campaigns/{id}")).token(&user.token).send(&app).await.body;
    let saved = Call::put(&format!("/api/campaigns/{id}")).token(&user.token).json(json!({
        "version": campaign["version"], "name": campaign["name"], "subject": "Hi {{first_name|there}}, news from {{company_name}}", "previewText": campaign["previewText"],
        "body": campaign["body"], "trackOpens": true, "trackClicks": true, "segment": campaign["segment"],
    })).send(&app).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(listed_subjects(&app, &user).await, [("Hi {{first_name|there}}, news from {{company_name}}".to_owned(), "Hi [First name], news from Sunrise Solar".to_owned())]);
    assert_eq!(test_subject(&state, &app, &user, id).await, "[Test] Hi Ada, news from Sunrise Solar", "a test reads as its first recipient's copy");

    // A founder who has named their company nowhere sees the placeholder, never the tag.
    let (other, _) = pro_founder(&state, &[]).await;
    let theirs = draft(&app, &other).await;
    assert_eq!(listed_subjects(&app, &other).await, [(subject, "An update from Your company".to_owned())]);
    assert_eq!(test_subject(&state, &app, &other, theirs["id"].as_str().unwrap()).await, "[Test] An update from Your company");
}

#[tokio::test]
async fn a_scheduled_campaign_starts_on_the_dispatchers_tick_and_lost_claims_end_unknown() {
    let state = test_state().await;
    let app = app(&state);
    let (user, _) = pro_founder(&state, &[("Ada Lovelace", "ada@example.com"), ("Grace Hopper", "grace@example.com")]).await;
    set_sender(&app, &user).await;
    let campaign = draft(&app, &user).await;
    let id = campaign["id"].as_str().unwrap().to_owned();
    let uri = format!("/api/campaigns/{id}/schedule");
    let past = Call::post(&uri).token(&user.token).json(json!({"version": campaign["version"], "scheduledAt": "2020-01-01T00:00:00Z"})).send(&app).await;
    assert_eq!((past.status, past.error_code()), (StatusCode::BAD_REQUEST, "invalid_schedule"));
    let at = shared::time::iso(state.clock.now() + time::Duration::minutes(10));
    let scheduled = Call::post(&uri).token(&user.token).json(json!({"version": campaign["version"], "scheduledAt": at})).send(&app).await;
    assert_eq!((scheduled.status, scheduled.body["status"].as_str()), (StatusCode::OK, Some("scheduled")), "{}", scheduled.text);

    let dispatcher = campaigns::CampaignsState::new(state.clone());
    let early = campaigns::dispatch::tick(&dispatcher).await.unwrap();
    assert_eq!(early.started, 0, "not yet");
    assert!(campaign_mail(&state, "ada@example.com").is_empty());
    state.clock.advance(std::time::Duration::from_secs(11 * 60));
    let due = campaigns::dispatch::tick(&dispatcher).await.unwrap();
    assert_eq!(due.started, 1);
    let results = wait_sent(&state, &app, &user, &id).await;
    assert_eq!(results["campaign"]["sent"], 2);
    assert_eq!(campaign_mail(&state, "ada@example.com").len(), 1);

    // A sender that died after claiming: the recipient ends `unknown`, and is never sent again.
    let second = draft(&app, &user).await;
    let second_id = second["id"].as_str().unwrap().to_owned();
    assert!(state.campaigns().start(&second_id, second["version"].as_u64().unwrap(), 1, &user.email, &state.clock.now_iso()).await.unwrap());
    let recipient = shared::campaigns::Recipient::new("ada@example.com", "l", None, None);
    state.campaign_recipients().snapshot(&second_id, &user.id, &[recipient]).await.unwrap();
    assert!(state.campaign_recipients().claim(&second_id, "ada@example.com", &state.clock.now_iso()).await.unwrap());
    state.clock.advance(std::time::Duration::from_secs(16 * 60));
    let recovered = campaigns::dispatch::tick(&dispatcher).await.unwrap();
    assert_eq!(recovered.unknown, 1);
    let results = wait_sent(&state, &app, &user, &second_id).await;
    assert_eq!((results["campaign"]["unknown"].as_u64(), results["campaign"]["sent"].as_u64()), (Some(1), Some(0)));
    assert_eq!(campaign_mail(&state, "ada@example.com").len(), 1, "an unknown outcome is never resent");
}

/// The request SES received: its form fields, and the raw MIME message (`RawMessage.Data`)
/// with its header lines unfolded.
struct RawRequest {
    fields: Vec<(String, String)>,
    headers: Vec<String>,
}

impl RawRequest {
    fn parse(body: &[u8]) -> Self {
        use base64::Engine;
        let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(body).unwrap();
        let data = &fields.iter().find(|(name, _)| name == "RawMessage.Data").expect("a raw message").1;
        let mime = String::from_utf8(base64::engine::general_purpose::STANDARD.decode(data).unwrap()).unwrap();
        let head = mime.split("\r\n\r\n").next().unwrap();
        let mut headers: Vec<String> = Vec::new();
        for line in head.split("\r\n") {
            match headers.last_mut() {
                Some(last) if line.starts_with([' ', '\t']) => last.push_str(line),
                _ => headers.push(line.to_owned()),
            }
        }
        Self { fields, headers }
    }

    fn field(&self, name: &str) -> Option<&str> {
        self.fields.iter().find(|(field, _)| field == name).map(|(_, value)| value.as_str())
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find_map(|line| line.strip_prefix(name)?.strip_prefix(": "))
    }
}

#[tokio::test]
async fn a_leads_value_reaches_ses_on_one_line_whatever_it_holds() {
    use wiremock::{Mock, MockServer, ResponseTemplate, matchers::{body_string_contains, method}};
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(body_string_contains("Action=SendRawEmail"))
        .respond_with(ResponseTemplate::new(200).set_body_string(
            "<SendRawEmailResponse xmlns=\"http://ses.amazonaws.com/doc/2010-12-01/\"><SendRawEmailResult><MessageId>ses-1</MessageId></SendRawEmailResult><ResponseMetadata><RequestId>r-1</RequestId></ResponseMetadata></SendRawEmailResponse>",
        ))
        .mount(&server)
        .await;
    let state = shared::testing::test_state_with(|config| {
        config.mail = Some(shared::config::MailConfig::Ses { from: "RaiseSpark <hello@raisespark.example>".into(), endpoint: Some(server.uri()) });
        config.ses_configuration_set = Some("campaign-events".into());
    })
    .await;
    let app = app(&state);
    // A lead whose name (captured before single-line fields refused line breaks) tries to add
    // a header; the founder merges it into the subject.
    let (user, _) = pro_founder(&state, &[("Eve Doe\nBcc: evil@example.net", "eve@example.com")]).await;
    set_sender(&app, &user).await;
    let campaign = draft(&app, &user).await;
    let id = campaign["id"].as_str().unwrap();
    let edited = Call::put(&format!("/api/campaigns/{id}")).token(&user.token).json(json!({
        "version": campaign["version"], "name": "n", "subject": "Hi {{name}}", "previewText": "", "body": "Hello", "trackOpens": false, "trackClicks": false, "segment": {}
    })).send(&app).await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.text);
    send_and_wait(&state, &app, &user, &edited.body).await;

    // And straight at the mailer, as defence in depth: every header value with a break.
    let mailer = campaigns::mailer::CampaignMailer::from_state(&state).await.unwrap();
    let direct = shared::mail::CampaignEmail {
        to: "eve@example.com\r\nBcc: evil@example.net".into(),
        from_name: "Sunrise\r\nX-Injected: 1".into(),
        reply_to: "founder@example.com\nBcc: evil@example.net".into(),
        subject: "Hi Eve\u{2028}Bcc: evil@example.net".into(),
        html: "<p>x</p>".into(),
        text: "x".into(),
        headers: vec![("List-Unsubscribe".into(), "<https://x.example/u>\r\nBcc: evil@example.net".into())],
    };
    assert_eq!(mailer.send(&direct).await.unwrap(), "ses-1");

    let requests: Vec<RawRequest> = server.received_requests().await.unwrap().iter().map(|r| RawRequest::parse(&r.body)).collect();
    assert_eq!(requests.len(), 2, "the campaign's one message and the direct one");
    let campaign_request = &requests[0];
    assert_eq!(campaign_request.header("Subject"), Some("Hi Eve Doe Bcc: evil@example.net"));
    assert_eq!(campaign_request.field("Destinations.member.1"), Some("eve@example.com"));
    assert_eq!(campaign_request.field("ConfigurationSetName"), Some("campaign-events"), "the events reach ses-events");
    assert!(campaign_request.header("List-Unsubscribe").is_some_and(|value| value.starts_with("<http")), "{:?}", campaign_request.headers);
    let direct_request = &requests[1];
    assert_eq!(direct_request.header("Subject"), Some("Hi Eve Bcc: evil@example.net"));
    assert_eq!(direct_request.header("From"), Some("\"Sunrise X-Injected: 1\" <hello@raisespark.example>"));
    assert_eq!(direct_request.header("List-Unsubscribe"), Some("<https://x.example/u> Bcc: evil@example.net"));
    assert_eq!(direct_request.field("Destinations.member.1"), Some("eve@example.com Bcc: evil@example.net"), "one recipient, never a second");
    assert_eq!(direct_request.field("Destinations.member.2"), None);
    for request in &requests {
        for line in &request.headers {
            let name = line.split(':').next().unwrap_or_default();
            assert!(!["Bcc", "Cc", "X-Injected"].contains(&name), "{line:?} became a header of its own");
            assert!(!line.chars().any(|c| c.is_control() || c == '\u{2028}' || c == '\u{2029}'), "{line:?} reaches SES with a break");
        }
    }
}

#[tokio::test]
async fn ses_asking_to_slow_down_is_a_throttled_failure_and_a_rejected_message_is_not() {
    use wiremock::{Mock, MockServer, ResponseTemplate, matchers::method};
    let error = |code: &str| {
        ResponseTemplate::new(400).set_body_string(format!(
            "<ErrorResponse xmlns=\"http://ses.amazonaws.com/doc/2010-12-01/\"><Error><Type>Sender</Type><Code>{code}</Code><Message>{code} here</Message></Error><RequestId>r-1</RequestId></ErrorResponse>"
        ))
    };
    for (code, throttled) in [("Throttling", true), ("MessageRejected", false)] {
        let server = MockServer::start().await;
        Mock::given(method("POST")).respond_with(error(code)).mount(&server).await;
        let state = shared::testing::test_state_with(|config| {
            config.mail = Some(shared::config::MailConfig::Ses { from: "RaiseSpark <hello@raisespark.example>".into(), endpoint: Some(server.uri()) });
        })
        .await;
        let mailer = campaigns::mailer::CampaignMailer::from_state(&state).await.unwrap();
        let email = shared::mail::CampaignEmail {
            to: "eve@example.com".into(),
            from_name: "Sunrise".into(),
            reply_to: "founder@example.com".into(),
            subject: "Hi".into(),
            html: "<p>x</p>".into(),
            text: "x".into(),
            headers: Vec::new(),
        };
        let failure = mailer.send(&email).await.expect_err(code);
        assert_eq!(failure.throttled, throttled, "{code}: {}", failure.message);
        assert!(failure.message.contains(code), "{}", failure.message);
    }
}

#[tokio::test]
async fn an_unsubscribe_link_mailed_before_its_secret_rotated_still_works_and_rotating_the_click_secret_touches_no_unsubscribe_link() {
    use shared::keys::{Family, LinkSecrets};
    const OLD: &str = "old-unsubscribe-secret-0123456789abcdef-01";
    const NEW: &str = "new-unsubscribe-secret-0123456789abcdef-01";
    const CLICK: &str = "another-click-secret-0123456789abcdef-0123";
    let base = test_state().await;
    let with_unsubscribe = |value: &str| {
        let mut config = (*base.config).clone();
        config.links.unsubscribe = LinkSecrets::parse(Family::Unsubscribe, value).unwrap();
        AppState { config: std::sync::Arc::new(config), ..base.clone() }
    };
    let state = with_unsubscribe(OLD);
    let sender = app(&state);
    let (user, _) = pro_founder(&state, &[("Grace Hopper", "grace@example.com")]).await;
    set_sender(&sender, &user).await;
    let campaign = draft(&sender, &user).await;
    let id = campaign["id"].as_str().unwrap();
    Call::post(&format!("/api/campaigns/{id}/send")).token(&user.token).json(json!({"version": campaign["version"]})).send(&sender).await;
    wait_sent(&state, &sender, &user, id).await;
    let page = campaign_mail(&state, "grace@example.com").remove(0).links().into_iter().find(|l| l.contains("/unsubscribe/")).unwrap();
    let uri = format!("/api/campaigns/unsubscribe/{}", page.rsplit('/').next().unwrap());

    let rotating = app(&with_unsubscribe(&format!("{NEW},{OLD}")));
    assert_eq!(Call::get(&uri).send(&rotating).await.status, StatusCode::OK, "kept for the link's life");
    let other_family = app(&{
        let mut config = (*state.config).clone();
        config.links.click = LinkSecrets::parse(Family::Click, CLICK).unwrap();
        AppState { config: std::sync::Arc::new(config), ..state.clone() }
    });
    assert_eq!(Call::get(&uri).send(&other_family).await.status, StatusCode::OK, "another family's rotation changes nothing here");
    let dropped = app(&with_unsubscribe(NEW));
    assert_eq!(Call::get(&uri).send(&dropped).await.error_code(), "invalid_link", "only once the old secret is removed");
}
