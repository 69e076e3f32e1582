use axum::http::StatusCode;
use local_gateway::Settings;
use shared::{
    local::{TEMPLATE, ensure_tables, table_specs},
    testing::{Call, test_state},
};

fn temp_dist() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("raisespark-dist-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>spa</title>").unwrap();
    std::fs::write(dir.join("form-view.html"), "<!doctype html><title>form view</title>").unwrap();
    std::fs::write(dir.join("assets/app-123.js"), "console.log(1)").unwrap();
    dir
}

fn settings(state: &shared::AppState, seed_demo: bool) -> Settings {
    Settings {
        port: 0,
        dynamodb_endpoint: state.config.dynamodb_endpoint.clone().unwrap(),
        table_prefix: "unused-".into(),
        spa_dist: temp_dist(),
        data_dir: std::env::temp_dir(),
        seed_demo,
    }
}

async fn gateway() -> axum::Router {
    let state = test_state().await;
    local_gateway::router(state.clone(), &settings(&state, false))
}

async fn raw(router: &axum::Router, path: &str) -> (StatusCode, axum::http::HeaderMap, String) {
    use tower::ServiceExt;
    let response = router
        .clone()
        .oneshot(axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, headers, String::from_utf8_lossy(&bytes).into_owned())
}

#[tokio::test]
async fn client_side_routes_get_index_html() {
    let app = gateway().await;
    for path in ["/", "/dashboard", "/forms/abc", "/no-such-page"] {
        let (status, headers, body) = raw(&app, path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(body.contains("<title>spa</title>"), "{path}");
        assert_eq!(headers["cache-control"], "no-cache");
    }
}

#[tokio::test]
async fn existing_assets_are_served_with_a_long_cache() {
    let app = gateway().await;
    let (status, headers, body) = raw(&app, "/assets/app-123.js").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, "console.log(1)");
    assert_eq!(headers["cache-control"], "public, max-age=31536000, immutable");
}

#[tokio::test]
async fn missing_assets_and_api_routes_are_real_404s() {
    let app = gateway().await;
    assert_eq!(raw(&app, "/assets/missing-1.js").await.0, StatusCode::NOT_FOUND);
    assert_eq!(raw(&app, "/robots-missing.txt").await.0, StatusCode::NOT_FOUND);
    for path in ["/api/nope", "/api/profiles/nope", "/api"] {
        let response = Call::get(path).send(&app).await;
        assert_eq!(response.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(response.error_code(), "not_found", "{path}");
    }
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = gateway().await;
    for path in ["/dashboard", "/api/profiles/me", "/assets/app-123.js"] {
        let (_, headers, _) = raw(&app, path).await;
        assert!(headers["content-security-policy"].to_str().unwrap().contains("frame-ancestors 'none'"), "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin", "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
    }
}

#[tokio::test]
async fn the_public_form_view_is_served_from_its_own_entry() {
    let app = gateway().await;
    let (status, _, body) = raw(&app, "/form-view/3f2b7a1e-0000-4000-8000-000000000001").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<title>form view</title>"));
}

#[tokio::test]
async fn only_the_public_form_view_may_be_framed() {
    let app = gateway().await;
    let (_, headers, _) = raw(&app, "/form-view/some-form").await;
    assert!(headers["content-security-policy"].to_str().unwrap().contains("frame-ancestors *"));
    assert!(!headers.contains_key("x-frame-options"));
}

#[tokio::test]
async fn the_profiles_function_is_mounted_and_answers_401_without_a_token() {
    let app = gateway().await;
    let response = Call::get("/api/profiles/me").send(&app).await;
    assert_eq!(response.status, StatusCode::UNAUTHORIZED);
    assert_eq!(response.error_code(), "unauthorized");
}

#[tokio::test]
async fn tables_come_from_the_template_and_creation_is_idempotent() {
    let state = test_state().await;
    let specs = table_specs(TEMPLATE).unwrap();
    let prefix = format!("boot-{}-", &uuid::Uuid::new_v4().simple().to_string()[..8]);
    let created = ensure_tables(&state.dynamo, &prefix, &specs).await.unwrap();
    assert_eq!(created.len(), specs.len());
    assert!(ensure_tables(&state.dynamo, &prefix, &specs).await.unwrap().is_empty());
    for spec in &specs {
        let table = state
            .dynamo
            .describe_table()
            .table_name(format!("{prefix}{}", spec.logical_id))
            .send()
            .await
            .unwrap()
            .table
            .unwrap();
        let keys: Vec<_> = table.key_schema().iter().map(|key| key.attribute_name().to_owned()).collect();
        let expected: Vec<_> = spec.key_schema.iter().map(|key| key.attribute_name.clone()).collect();
        assert_eq!(keys, expected, "{}", spec.logical_id);
        assert_eq!(table.global_secondary_indexes().len(), spec.global_secondary_indexes.len());
    }
}

#[tokio::test]
async fn only_public_form_routes_answer_cross_origin_requests() {
    let app = gateway().await;
    let public = Call::get("/api/public-forms/3f2b7a1e-0000-4000-8000-000000000001").header("origin", "https://founder.example").send(&app).await;
    assert_eq!(public.headers["access-control-allow-origin"], "*");
    for path in ["/api/forms", "/api/auth/user", "/api/profiles/me"] {
        let owner = Call::get(path).header("origin", "https://evil.example").send(&app).await;
        assert!(!owner.headers.contains_key("access-control-allow-origin"), "{path}");
        assert!(!owner.headers.contains_key("access-control-allow-credentials"), "{path}");
    }
}

#[tokio::test]
async fn the_demo_founder_is_seeded_through_the_products_routes() {
    let state = test_state().await;
    let app = local_gateway::router(state.clone(), &settings(&state, true));
    assert!(local_gateway::demo::is_empty(&state).await.unwrap());
    local_gateway::demo::seed(&app, &state).await.unwrap();
    assert!(!local_gateway::demo::is_empty(&state).await.unwrap());

    let session = Call::post("/api/auth/signin")
        .json(serde_json::json!({"email": local_gateway::demo::EMAIL, "password": local_gateway::demo::PASSWORD}))
        .send(&app)
        .await;
    assert_eq!(session.status, StatusCode::OK);
    let token = session.body["access_token"].as_str().unwrap().to_owned();
    let subscription = Call::post("/api/check-subscription").token(&token).json(serde_json::json!({})).send(&app).await;
    assert_eq!(subscription.body["onTrial"], true);
    let forms = Call::get("/api/forms").token(&token).send(&app).await;
    let forms = forms.body.as_array().or_else(|| forms.body["forms"].as_array()).unwrap().clone();
    assert_eq!(forms.iter().filter(|f| f["is_published"] == true).count(), 2);
    // Counting follows each lead: wait until all 40 are in the summary.
    let mut summary = serde_json::Value::Null;
    for _ in 0..100 {
        summary = Call::get("/api/leads/summary").token(&token).send(&app).await.body;
        if summary["totalLeads"] == 40 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(summary["totalLeads"], 40);
    assert_eq!(summary["totalViews"], 240);
    let leads = Call::get("/api/leads").token(&token).send(&app).await.body;
    let temperatures: std::collections::HashSet<&str> = leads["leads"].as_array().unwrap().iter().map(|l| l["temperature"].as_str().unwrap()).collect();
    assert_eq!(temperatures.len(), 3, "hot, warm and cold leads");
    let dates: std::collections::HashSet<&str> = leads["leads"].as_array().unwrap().iter().map(|l| &l["createdAt"].as_str().unwrap()[..10]).collect();
    assert!(dates.len() > 10, "spread over many days: {dates:?}");
}
