//! `check-subscription` (spec 7): body `{priceId}` → `{active, subscribed, onTrial,
//! subscriptions:[{status, onTrial, trialEnd, plan}]}`, read from the subscriptions table the
//! Stripe webhook keeps (no call to Stripe on this hot path).
//!
//! - `POST /api/check-subscription`        — the caller's subscription status
//! - `GET  /api/check-subscription/plans`  — the plans on sale (public)

pub mod config;

use axum::{Json, Router, extract::State, routing::{get, post}};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use shared::{
    http::member::Member,
    ApiError, AppState, Result,
    billing::{get_subscription, plans},
    http::JsonBody,
};

/// Audited in support sessions as reads: its POST (the spec's call shape) only reads.
pub fn router(state: AppState) -> Router {
    let router = Router::new().route("/", post(check)).route("/plans", get(list_plans)).with_state(state.clone());
    shared::http::audit::audited_reads("check-subscription", router, &state)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Check {
    #[serde(default)]
    price_id: Option<String>,
}

#[derive(Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionEntry {
    status: String,
    on_trial: bool,
    /// ISO 8601, or null.
    trial_end: Option<String>,
    plan: String,
    price_id: Option<String>,
}

#[derive(Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionStatus {
    active: bool,
    subscribed: bool,
    on_trial: bool,
    subscriptions: Vec<SubscriptionEntry>,
}

#[tracing::instrument(skip(state, body))]
async fn check(State(state): State<AppState>, member: Member, JsonBody(body): JsonBody<Check, 2048>) -> Result<Json<SubscriptionStatus>> {
    if body.price_id.as_deref().is_some_and(|id| id.len() > 200) {
        return Err(ApiError::bad_request("invalid_price", "priceId is too long."));
    }
    let now = shared::time::unix(shared::time::now());
    let record = get_subscription(state.subscriptions(), &member.company_id).await?;
    let Some(record) = record.filter(|r| r.status.is_some()) else {
        return Ok(Json(SubscriptionStatus { active: false, subscribed: false, on_trial: false, subscriptions: vec![] }));
    };
    let active = record.grants_access(now);
    let on_trial = record.on_trial(now);
    let entry = SubscriptionEntry {
        status: record.status.clone().unwrap_or_default(),
        on_trial,
        trial_end: record
            .trial_end
            .and_then(|end| time::OffsetDateTime::from_unix_timestamp(end).ok())
            .map(shared::time::iso),
        plan: record.plan.clone().unwrap_or_else(|| "RaiseSpark".to_owned()),
        price_id: record.price_id.clone(),
    };
    Ok(Json(SubscriptionStatus { active, subscribed: active, on_trial, subscriptions: vec![entry] }))
}

async fn list_plans(State(state): State<AppState>) -> Json<Value> {
    Json(json!({ "plans": plans(&state.config.stripe), "trialDays": shared::plans::TRIAL_DAYS }))
}
