use axum::{Router, http::StatusCode};
use serde_json::json;
use shared::{
    AppState,
    testing::{Call, test_user},
};

async fn app() -> (Router, AppState) {
    shared::testing::app(&[("raise-capital", raise_capital::router)]).await.parts()
}

#[tokio::test]
async fn checklist_progress_is_saved_per_user() {
    let (app, state) = app().await;
    let (ada, grace) = (test_user(&state).await, test_user(&state).await);
    let fresh = Call::get("/api/raise-capital/progress").token(&ada.token).send(&app).await;
    assert_eq!(fresh.status, StatusCode::OK);
    assert_eq!((fresh.body["completed"].clone(), fresh.body["total"].clone()), (json!(0), json!(6)));
    let ids: Vec<&str> = fresh.body["steps"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["choose_portal", "prepare_financials", "test_the_waters", "file_form_c", "launch", "close"]);
    assert_eq!(fresh.body["steps"][2]["link"], "/forms");

    let done = |step: &str, value: bool, token: &str| Call::put(&format!("/api/raise-capital/progress/{step}")).token(token).json(json!({"done": value}));
    assert_eq!(done("test_the_waters", true, &ada.token).send(&app).await.body["completed"], 1);
    assert_eq!(done("choose_portal", true, &ada.token).send(&app).await.body["completed"], 2);
    let undone = done("choose_portal", false, &ada.token).send(&app).await;
    assert_eq!(undone.body["completed"], 1);
    assert_eq!(undone.body["steps"][2]["done"], true);

    let again = Call::get("/api/raise-capital/progress").token(&ada.token).send(&app).await;
    assert_eq!(again.body["completed"], 1);
    assert_eq!(Call::get("/api/raise-capital/progress").token(&grace.token).send(&app).await.body["completed"], 0);

    assert_eq!(done("fly_to_the_moon", true, &ada.token).send(&app).await.status, StatusCode::NOT_FOUND);
    assert_eq!(Call::put("/api/raise-capital/progress/launch").token(&ada.token).json(json!({"done": "yes"})).send(&app).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(Call::get("/api/raise-capital/progress").send(&app).await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_cost_estimate_is_public_and_checks_the_amount() {
    let (app, _) = app().await;
    let estimate = Call::get("/api/raise-capital/costs?amount=500000").send(&app).await;
    assert_eq!(estimate.status, StatusCode::OK);
    assert_eq!(estimate.body["totalLow"], 57_000);
    assert_eq!(estimate.body["financialsTier"], "Reviewed by an independent CPA");
    assert_eq!(estimate.body["lines"].as_array().unwrap().len(), 6);
    for bad in ["5000", "6000000", "lots", ""] {
        let response = Call::get(&format!("/api/raise-capital/costs?amount={bad}")).send(&app).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{bad}");
    }
}
