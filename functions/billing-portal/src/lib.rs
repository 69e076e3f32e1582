//! `billing-portal`: a Stripe customer-portal session for the signed-in user (manage card,
//! invoices, cancel). Locally it is `/dev/billing/{customer}`, where the trial can be paid or
//! cancelled through the same webhook as in production.
//!
//! - `POST /api/billing-portal` → `{url}`

pub mod config;

use axum::{Json, Router, extract::State, http::StatusCode, routing::post};
use serde_json::{Value, json};
use shared::{
    http::member::Member,
    teams::Action,ApiError, AppState, Result, billing::get_subscription};

pub fn router(state: AppState) -> Router {
    let router = Router::new().route("/", post(open_portal)).with_state(state.clone());
    shared::http::audit::audited("billing-portal", router, &state)
}

#[tracing::instrument(skip(state))]
async fn open_portal(State(state): State<AppState>, member: Member) -> Result<Json<Value>> {
    member.user.refuse_impersonation()?;
    member.require(Action::Billing)?;
    let customer = get_subscription(state.subscriptions(), &member.company_id)
        .await?
        .and_then(|subscription| subscription.customer_id)
        .ok_or_else(|| ApiError::not_found("You have no billing account yet. Start a free trial first."))?;
    let return_url = format!("{}/settings", state.config.app_origin);
    match state.payments.create_portal(&customer, &return_url).await {
        Ok(Some(url)) => Ok(Json(json!({ "url": url }))),
        Ok(None) | Err(_) => Err(ApiError::new(StatusCode::BAD_GATEWAY, "portal_failed", "Could not open billing. Please try again.")),
    }
}
