//! `generate-insights` through its router against DynamoDB Local: Pro gating, a body that is
//! never trusted, figures from the caller's own aggregates only, the cache and its
//! invalidation, capped open dimensions, and an LLM's rephrasing checked for new numbers
//! (against a wiremock stub of the OpenAI chat-completions API).

use axum::{Router, http::StatusCode};
use serde_json::{Value, json};
use shared::{
    AppState,
    config::AiConfig,
    lead_stats::{Dimension, Facets, OTHER},
    leads::{ComplianceProof, LeadRecord},
    plans::SubscriptionRecord,
    testing::{Call, TestResponse, TestUser, test_state, test_state_with, test_user},
};
use wiremock::{
    Mock, MockServer, ResponseTemplate,
    matchers::{method, path},
};

fn app(state: &AppState) -> Router {
    shared::http::mount("generate-insights", generate_insights::router(state.clone()))
        .merge(shared::http::mount("leads", leads::router(state.clone())))
}

async fn subscribe(state: &AppState, user: &TestUser, status: &str, pro: bool) {
    let now = state.clock.unix();
    let record = SubscriptionRecord {
        user_id: user.id.clone(),
        customer_id: Some(format!("cus_{}", &user.id[..8])),
        subscription_id: Some(format!("sub_{}", &user.id[..8])),
        status: Some(status.to_owned()),
        price_id: Some(if pro { state.config.stripe.price_pro.clone() } else { state.config.stripe.price_standard.clone() }),
        plan: Some(if pro { "RaiseSpark Pro" } else { "RaiseSpark" }.to_owned()),
        trial_end: Some(now + 7 * 86_400),
        current_period_end: Some(now + 30 * 86_400),
        last_event_created: now,
        first_paid_at: None,
        payment_failed_at: None,
    };
    let item = shared::dynamo::to_item(&record).unwrap();
    state.dynamo.put_item().table_name(&state.config.tables.subscriptions).set_item(Some(item)).send().await.unwrap();
}

async fn pro_founder(state: &AppState) -> (TestUser, String) {
    let user = test_user(state).await;
    subscribe(state, &user, "trialing", true).await;
    let form = shared::testing::form(&user.id).named("Seed Round").published().with(|form| form.views = 200).store(state).await;
    (user, form.id)
}

/// Stores a lead as the public route does and counts it as the counting step does.
async fn add_lead(state: &AppState, owner: &TestUser, form_id: &str, amount: u64, status: &str, facets: Facets) -> String {
    let id = uuid::Uuid::new_v4().to_string();
    let now = state.clock.now_iso();
    let lead = LeadRecord {
            attribution: Default::default(),
        id: id.clone(),
        form_id: form_id.to_owned(),
        owner_id: owner.id.clone(),
        created_at: now.clone(),
        data: Default::default(),
        status: status.to_owned(),
        location_data: None,
        compliance: ComplianceProof {
            legend_version: "1".into(),
            legend_sha256: "x".into(),
            form_version: 1,
            source_url: None,
            referrer: None,
            submitted_at: now,
        },
        estimated_amount: amount,
        search_text: String::new(),
        counted_at: None,
        facets,
        contacted_at: None,
    };
    let item = shared::dynamo::to_item(&lead).unwrap();
    state.dynamo.put_item().table_name(&state.config.tables.leads).set_item(Some(item)).send().await.unwrap();
    assert!(state.leads().count_lead(&lead).await.unwrap());
    id
}

fn facets(state: &str, host: &str) -> Facets {
    Facets { state: Some(state.into()), city: None, timeline: Some("Within a month".into()), host: Some(host.into()), ..Facets::default() }
}

async fn insights(app: &Router, user: &TestUser, body: Value) -> TestResponse {
    Call::post("/api/generate-insights").token(&user.token).json(body).send(app).await
}

fn content(response: &TestResponse, key: &str) -> String {
    response.body["insights"][key]["content"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn insights_are_for_signed_in_founders_on_pro() {
    let state = test_state().await;
    let app = app(&state);
    let anonymous = Call::post("/api/generate-insights").json(json!({})).send(&app).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);

    let nobody = test_user(&state).await;
    let refused = insights(&app, &nobody, json!({})).await;
    assert_eq!((refused.status, refused.error_code()), (StatusCode::PAYMENT_REQUIRED, "pro_required"));
    assert_eq!(refused.error_message(), generate_insights::PRO_REQUIRED);

    let standard = test_user(&state).await;
    subscribe(&state, &standard, "active", false).await;
    assert_eq!(insights(&app, &standard, json!({})).await.status, StatusCode::PAYMENT_REQUIRED);

    let lapsed = test_user(&state).await;
    subscribe(&state, &lapsed, "canceled", true).await;
    assert_eq!(insights(&app, &lapsed, json!({})).await.status, StatusCode::PAYMENT_REQUIRED);

    let (trial, _) = pro_founder(&state).await;
    assert_eq!(insights(&app, &trial, json!({})).await.status, StatusCode::OK, "a Pro trial counts");
}

#[tokio::test]
async fn nothing_to_analyse_gives_no_insights() {
    let state = test_state().await;
    let (user, _) = pro_founder(&state).await;
    let answer = insights(&app(&state), &user, json!({"forms": 1, "leads": 0})).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.body, json!({"insights": {}}));
}

#[tokio::test]
async fn a_forged_body_changes_nothing_and_bad_bodies_get_a_4xx() {
    let state = test_state().await;
    let app = app(&state);
    let (user, form) = pro_founder(&state).await;
    add_lead(&state, &user, &form, 37_500, "hot", facets("CA", "startup.example")).await;
    add_lead(&state, &user, &form, 5_000, "cold", facets("TX", "startup.example")).await;

    let honest = insights(&app, &user, json!({"forms": [], "leads": []})).await;
    let forged_leads: Vec<Value> = (0..500).map(|i| json!({"id": i, "status": "hot", "data": {"amount": "$5,000,000"}, "location_data": {"region": "Nevada"}})).collect();
    let forged = insights(&app, &user, json!({"forms": [{"id": "x", "name": "Fake", "views": 1}], "leads": forged_leads})).await;
    let empty = Call::post("/api/generate-insights").token(&user.token).send(&app).await;
    assert_eq!((honest.status, forged.status, empty.status), (StatusCode::OK, StatusCode::OK, StatusCode::OK));
    assert_eq!(honest.body["insights"], forged.body["insights"]);
    assert_eq!(honest.body["insights"], empty.body["insights"]);
    assert!(content(&honest, "pipeline").starts_with("Investors have indicated $42,500 of interest across 2 leads."), "{}", content(&honest, "pipeline"));
    assert!(!forged.text.contains("Nevada") && !forged.text.contains("5,000,000"));

    let garbage = Call::post("/api/generate-insights").token(&user.token).raw_json("{not json").send(&app).await;
    assert_eq!((garbage.status, garbage.error_code()), (StatusCode::BAD_REQUEST, "invalid_json"));
    let huge = insights(&app, &user, json!({"leads": "x".repeat(70_000)})).await;
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn a_founder_sees_only_their_own_figures() {
    let state = test_state().await;
    let app = app(&state);
    let (alice, alice_form) = pro_founder(&state).await;
    let (bob, bob_form) = pro_founder(&state).await;
    add_lead(&state, &alice, &alice_form, 5_000, "cold", facets("OR", "alice.example")).await;
    for _ in 0..3 {
        add_lead(&state, &bob, &bob_form, 120_000, "hot", facets("NV", "bob.example")).await;
    }
    let answer = insights(&app, &alice, json!({})).await;
    assert!(content(&answer, "pipeline").contains("$5,000 of interest across 1 lead."), "{}", content(&answer, "pipeline"));
    assert!(content(&answer, "geography").contains("Oregon (1 lead, 100%)"), "{}", content(&answer, "geography"));
    assert!(!answer.text.contains("Nevada") && !answer.text.contains("bob.example") && !answer.text.contains("120,000"));
    let trends = Call::get(&format!("/api/leads/trends?formId={bob_form}")).token(&alice.token).send(&app).await;
    assert_eq!(trends.status, StatusCode::NOT_FOUND, "another founder's form");
}

#[tokio::test]
async fn the_cache_holds_until_the_counters_change() {
    let state = test_state().await;
    let app = app(&state);
    let (user, form) = pro_founder(&state).await;
    add_lead(&state, &user, &form, 17_500, "warm", facets("NY", "startup.example")).await;
    let first = insights(&app, &user, json!({})).await;
    let again = insights(&app, &user, json!({})).await;
    assert_eq!(first.body["generatedAt"], again.body["generatedAt"], "served from the cache");

    let second = add_lead(&state, &user, &form, 75_000, "hot", facets("NY", "startup.example")).await;
    let fresh = insights(&app, &user, json!({})).await;
    assert_ne!(first.body["generatedAt"], fresh.body["generatedAt"]);
    assert!(content(&fresh, "pipeline").contains("$92,500 of interest across 2 leads"), "{}", content(&fresh, "pipeline"));

    // Deleting a lead takes it off every aggregate it was added to.
    let deleted = Call::delete(&format!("/api/leads/{second}")).token(&user.token).send(&app).await;
    assert!(deleted.status.is_success(), "{}", deleted.text);
    let after = insights(&app, &user, json!({})).await;
    assert_eq!(after.body["insights"], first.body["insights"]);
    let stats = state.lead_stats().dimensions(&user.id).await.unwrap();
    let total = |d: Dimension| stats.iter().filter(|s| Dimension::of_key(&s.stat) == Some(d)).map(|s| s.leads).sum::<u64>();
    assert_eq!((total(Dimension::State), total(Dimension::Amount), total(Dimension::Form), total(Dimension::Host)), (1, 1, 1, 1));

    // Fifteen minutes later the cache has expired even without a change.
    state.clock.advance(std::time::Duration::from_secs(901));
    let expired = insights(&app, &user, json!({})).await;
    assert_ne!(expired.body["generatedAt"], after.body["generatedAt"]);
}

#[tokio::test]
async fn open_dimensions_stop_growing_at_their_cap() {
    let state = test_state().await;
    let (user, form) = pro_founder(&state).await;
    let cap = Dimension::Timeline.cap().unwrap();
    for i in 0..cap + 5 {
        let facets = Facets { timeline: Some(format!("In {i} weeks")), ..Facets::default() };
        add_lead(&state, &user, &form, 0, "cold", facets).await;
    }
    // A value registered before the cap still counts as itself.
    add_lead(&state, &user, &form, 0, "cold", Facets { timeline: Some("In 0 weeks".into()), ..Facets::default() }).await;
    let stats = state.lead_stats().dimensions(&user.id).await.unwrap();
    let timelines: Vec<_> = stats.iter().filter(|s| Dimension::of_key(&s.stat) == Some(Dimension::Timeline)).collect();
    assert_eq!(timelines.len() as u64, cap + 1, "the cap's values and Other");
    assert_eq!(timelines.iter().find(|s| s.value() == OTHER).unwrap().leads, 5);
    assert_eq!(timelines.iter().find(|s| s.value() == "in 0 weeks").unwrap().leads, 2);
}

fn completion(content: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({"choices": [{"message": {"role": "assistant", "content": content}}]}))
}

#[tokio::test]
async fn a_models_rephrasing_is_kept_only_when_it_adds_no_number() {
    let server = MockServer::start().await;
    let rephrased = json!({
        "pipeline": "Your 2 leads add up to $42,500 of interest, about $30,000 each.",
        "geography": "Your investors sit in California (1 lead, 50%) and Texas (1 lead, 50%).",
    });
    Mock::given(method("POST")).and(path("/v1/chat/completions")).respond_with(completion(&format!("```json\n{rephrased}\n```"))).mount(&server).await;
    let base_url = format!("{}/v1", server.uri());
    let state = test_state_with(|config| config.ai = AiConfig::OpenAi { base_url, api_key: "sk-test".to_owned().into(), model: "gpt-test".into() }).await;
    let app = app(&state);
    let (user, form) = pro_founder(&state).await;
    add_lead(&state, &user, &form, 37_500, "hot", facets("CA", "startup.example")).await;
    add_lead(&state, &user, &form, 5_000, "cold", facets("TX", "startup.example")).await;

    let answer = insights(&app, &user, json!({})).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.body["source"], "openai");
    assert!(content(&answer, "pipeline").starts_with("Investors have indicated $42,500"), "the template: '$30,000 each' is a new number");
    assert_eq!(content(&answer, "geography"), "Your investors sit in California (1 lead, 50%) and Texas (1 lead, 50%).");
    assert!(content(&answer, "momentum").starts_with("2 leads in the last 7 days"), "not rephrased: the template");
    let requests = server.received_requests().await.unwrap();
    assert_eq!(requests.len(), 1);
    let sent: Value = serde_json::from_slice(&requests[0].body).unwrap();
    assert!(sent["messages"][1]["content"].as_str().unwrap().contains("$42,500"), "the model gets the computed facts");
    // Cached: the model is not asked again for the same facts.
    insights(&app, &user, json!({})).await;
    assert_eq!(server.received_requests().await.unwrap().len(), 1);
}

#[tokio::test]
async fn a_failing_model_leaves_the_templates() {
    let server = MockServer::start().await;
    Mock::given(method("POST")).respond_with(ResponseTemplate::new(500).set_body_json(json!({"error": {"message": "down"}}))).mount(&server).await;
    let base_url = server.uri();
    let state = test_state_with(|config| config.ai = AiConfig::OpenAi { base_url, api_key: "sk-test".to_owned().into(), model: "gpt-test".into() }).await;
    let (user, form) = pro_founder(&state).await;
    add_lead(&state, &user, &form, 37_500, "hot", facets("CA", "startup.example")).await;
    let answer = insights(&app(&state), &user, json!({})).await;
    assert_eq!((answer.status, answer.body["source"].as_str()), (StatusCode::OK, Some("builtin")));
    assert!(content(&answer, "pipeline").starts_with("Investors have indicated $37,500 of interest across 1 lead."));
}
