use aws_sdk_dynamodb::types::AttributeValue;
use axum::http::StatusCode;
use shared::testing::{Call, test_state, test_user};

#[tokio::test]
async fn the_portal_needs_a_billing_account_and_opens_the_callers_own() {
    let state = test_state().await;
    let app = shared::http::mount("billing-portal", billing_portal::router(state.clone()));
    let (user, other) = (test_user(&state).await, test_user(&state).await);
    let none = Call::post("/api/billing-portal").token(&user.token).send(&app).await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    assert_eq!(none.error_message(), "You have no billing account yet. Start a free trial first.");

    state
        .dynamo
        .put_item()
        .table_name(&state.config.tables.subscriptions)
        .item("user_id", AttributeValue::S(other.id.clone()))
        .item("customer_id", AttributeValue::S("cus_other".into()))
        .send()
        .await
        .unwrap();
    assert_eq!(Call::post("/api/billing-portal").token(&user.token).send(&app).await.status, StatusCode::NOT_FOUND, "never another user's account");
    let theirs = Call::post("/api/billing-portal").token(&other.token).send(&app).await;
    assert_eq!(theirs.body["url"], "http://localhost:3000/dev/billing/cus_other");
    assert_eq!(Call::post("/api/billing-portal").send(&app).await.status, StatusCode::UNAUTHORIZED);
}
