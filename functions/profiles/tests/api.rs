use axum::http::StatusCode;
use serde_json::json;
use shared::testing::{Call, test_state, test_user};

async fn app() -> (axum::Router, shared::AppState) {
    shared::testing::app(&[("profiles", profiles::router)]).await.parts()
}

#[tokio::test]
async fn reading_the_profile_without_a_token_is_401_with_the_error_shape() {
    let (app, _) = app().await;
    let response = Call::get("/api/profiles/me").send(&app).await;
    assert_eq!(response.status, StatusCode::UNAUTHORIZED);
    assert_eq!(response.error_code(), "unauthorized");
    assert_eq!(response.error_message(), "Authentication required. Please sign in.");
}

#[tokio::test]
async fn a_garbage_token_is_401_invalid_token() {
    let (app, _) = app().await;
    let response = Call::get("/api/profiles/me").token("not.a.jwt").send(&app).await;
    assert_eq!(response.status, StatusCode::UNAUTHORIZED);
    assert_eq!(response.error_code(), "invalid_token");
}

#[tokio::test]
async fn a_new_user_sees_an_empty_profile() {
    let (app, state) = app().await;
    let user = test_user(&state);
    let response = Call::get("/api/profiles/me").token(&user.token).send(&app).await;
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.body, json!({"id": user.id, "name": null, "interested_investors_count": 0, "estimated_interest": 0, "hot_leads": 0, "warm_leads": 0, "cold_leads": 0, "hot_contacted": 0, "warm_contacted": 0, "cold_contacted": 0}));
}

#[tokio::test]
async fn a_saved_name_is_returned_trimmed_and_kept() {
    let (app, state) = app().await;
    let user = test_user(&state);
    let saved = Call::patch("/api/profiles/me").token(&user.token).json(json!({"name": "  Ada Lovelace "})).send(&app).await;
    assert_eq!(saved.status, StatusCode::OK);
    assert_eq!(saved.body["name"], "Ada Lovelace");
    let read = Call::get("/api/profiles/me").token(&user.token).send(&app).await;
    assert_eq!(read.body, json!({"id": user.id, "name": "Ada Lovelace", "interested_investors_count": 0, "estimated_interest": 0, "hot_leads": 0, "warm_leads": 0, "cold_leads": 0, "hot_contacted": 0, "warm_contacted": 0, "cold_contacted": 0}));
}

#[tokio::test]
async fn one_user_never_sees_or_changes_another_users_profile() {
    let (app, state) = app().await;
    let (ada, bob) = (test_user(&state), test_user(&state));
    Call::patch("/api/profiles/me").token(&ada.token).json(json!({"name": "Ada"})).send(&app).await;
    let bob_view = Call::get("/api/profiles/me").token(&bob.token).send(&app).await;
    assert_eq!(bob_view.body["id"], bob.id);
    assert_eq!(bob_view.body["name"], json!(null));
    let ada_view = Call::get("/api/profiles/me").token(&ada.token).send(&app).await;
    assert_eq!(ada_view.body["name"], "Ada");
}

#[tokio::test]
async fn invalid_updates_answer_4xx_and_change_nothing() {
    let (app, state) = app().await;
    let user = test_user(&state);
    Call::patch("/api/profiles/me").token(&user.token).json(json!({"name": "Ada"})).send(&app).await;

    let cases = [
        (json!({"name": "   "}).to_string(), StatusCode::BAD_REQUEST, "Please enter your name."),
        (json!({"name": "x".repeat(101)}).to_string(), StatusCode::BAD_REQUEST, "Your name can be at most 100 characters long."),
        (json!({"name": 5}).to_string(), StatusCode::BAD_REQUEST, "Invalid request body: invalid type: integer `5`, expected a string."),
        (json!({"nickname": "A"}).to_string(), StatusCode::BAD_REQUEST, "Invalid request body: unknown field `nickname`, expected `name`."),
        ("{\"name\":".to_owned(), StatusCode::BAD_REQUEST, "The request body is not valid JSON."),
        (json!({"name": "x".repeat(5000)}).to_string(), StatusCode::PAYLOAD_TOO_LARGE, "The request body is larger than the 4 KB this endpoint accepts."),
    ];
    for (body, status, message) in cases {
        let response = Call::patch("/api/profiles/me").token(&user.token).raw_json(body).send(&app).await;
        assert_eq!(response.status, status, "{message}");
        assert_eq!(response.error_message(), message);
    }
    let read = Call::get("/api/profiles/me").token(&user.token).send(&app).await;
    assert_eq!(read.body["name"], "Ada");
}

#[tokio::test]
async fn an_unknown_profiles_route_is_a_json_404() {
    let (app, state) = app().await;
    let user = test_user(&state);
    let response = Call::get("/api/profiles/someone-else").token(&user.token).send(&app).await;
    assert_eq!(response.status, StatusCode::NOT_FOUND);
    assert_eq!(response.error_code(), "not_found");
}

#[tokio::test]
async fn an_unreachable_store_answers_503_with_retry_after_never_500() {
    let state = test_state().await;
    let mut config = (*state.config).clone();
    config.dynamodb_endpoint = Some("http://127.0.0.1:9".into());
    let down = shared::AppState::from_config(config).await.unwrap();
    let app = shared::http::mount("profiles", profiles::router(down.clone()));
    let user = test_user(&down);
    let read = Call::get("/api/profiles/me").token(&user.token).send(&app).await;
    assert_eq!(read.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(read.error_code(), "service_unavailable");
    assert_eq!(read.headers["retry-after"], "1");
    let write = Call::patch("/api/profiles/me").token(&user.token).json(json!({"name": "Ada"})).send(&app).await;
    assert_eq!(write.status, StatusCode::SERVICE_UNAVAILABLE);
}
