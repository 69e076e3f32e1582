//! `generate-insights`: the dashboard's 'AI-Driven Investment Insights' (spec 2, 3, 7, 8).
//!
//! - `POST /api/generate-insights` `{forms, leads}` → `{insights: {<key>: {title, content, icon, color}}}`
//!
//! The body is the spec's, and ignored: insights are computed on the server from the caller's
//! own aggregates (profile counters, forms, `lead_stats`), a bounded number of items whatever
//! the number of leads. Pro only (a Pro trial counts): 402 otherwise. With
//! `AI_PROVIDER=bedrock | openai` a model rephrases the computed insights; a rephrasing that
//! states a number the facts do not is dropped for the template. The result is cached per
//! founder for 15 minutes, keyed by the facts, so a new lead shows at once.

mod answer;
pub mod config;
pub mod facts;
pub mod phrasing;

use std::sync::Arc;

use axum::{Json, Router, body::Bytes, extract::State, http::StatusCode, routing::post};
use serde_json::{Value, json};
use shared::{
    http::member::Member,
    ApiError, AppState, Result,
    ai::Llm,
    lead_stats::{daily, date_of, day_string, weeks_start},
    rate_limit::{self, Rule},
    repo::profiles::Profile,
};
use tokio::sync::OnceCell;

use crate::facts::{Facts, Inputs, WEEKS};

/// Spec 8: the toast the SPA shows on failure.
pub const FAILED: &str = "Failed to generate AI insights";
pub const PRO_REQUIRED: &str = "AI-driven investment insights are part of RaiseSpark Pro. Upgrade to see what your investor data says.";
/// Spec 9: the insights cache, 900000 ms.
pub const CACHE_SECONDS: i64 = 900;
pub const MAX_BODY: usize = 64 * 1024;
/// 30 requests per founder per 10 minutes (the cache answers most of them).
pub const PER_USER: Rule = Rule::new("insights-user", 600, 30);

#[derive(Clone)]
struct InsightsState {
    app: AppState,
    llm: Arc<OnceCell<Option<Llm>>>,
}

impl axum::extract::FromRef<InsightsState> for AppState {
    fn from_ref(state: &InsightsState) -> Self {
        state.app.clone()
    }
}

impl axum::extract::FromRef<InsightsState> for shared::auth::TokenKeys {
    fn from_ref(state: &InsightsState) -> Self {
        state.app.tokens.clone()
    }
}

impl InsightsState {
    async fn llm(&self) -> Option<&Llm> {
        self.llm
            .get_or_init(|| async {
                let sdk = shared::state::aws_sdk_config(&self.app.config).await;
                Llm::from_config(&self.app.config.ai, &sdk, &self.app.http)
            })
            .await
            .as_ref()
    }
}

pub fn router(state: AppState) -> Router {
    let insights = InsightsState { app: state.clone(), llm: Arc::new(OnceCell::new()) };
    let router = Router::new().route("/", post(generate)).with_state(insights);
    // Its POST (spec 7's call shape) only computes from the founder's data (the cache aside):
    // in a support session it is a view, never a change.
    shared::http::audit::audited_reads("generate-insights", router, &state)
}

/// The caller's facts: bounded reads (profile, forms, dimensions, 12 weeks of days, the
/// applied portal imports' totals).
pub async fn load_facts(state: &AppState, owner_id: &str) -> Result<Facts> {
    let today = date_of(state.clock.now());
    let (from, to) = (day_string(weeks_start(today, WEEKS)), day_string(today));
    let (profile, forms, dimensions, days, portals) = tokio::try_join!(
        state.profiles().get_profile(owner_id),
        state.forms().list_forms(owner_id),
        state.lead_stats().dimensions(owner_id),
        state.lead_stats().days(owner_id, None, &from, &to),
        state.investments().portals(owner_id),
    )?;
    // The applied portal imports' totals (one item each).
    let mut investments: Option<shared::invested::Summary> = None;
    for import in portals.into_iter().filter_map(|p| p.active) {
        if let Some(summary) = state.investments().summary(owner_id, &import).await? {
            investments = Some(investments.unwrap_or_default().merge(&summary));
        }
    }
    let profile = profile.unwrap_or_else(|| Profile::empty(owner_id));
    let span = (today - weeks_start(today, WEEKS)).whole_days() as u32 + 1;
    let days = daily(&days, today, span);
    Ok(facts::compute(&Inputs { profile: &profile, forms: &forms, dimensions: &dimensions, days: &days, investments: investments.as_ref() }))
}

/// The spec's `{forms, leads}` body is read as JSON and then ignored: nothing in it is trusted,
/// but a body that is not JSON (or too large) is still refused.
fn check_body(body: &[u8]) -> Result<()> {
    if body.len() > MAX_BODY {
        return Err(ApiError::payload_too_large(MAX_BODY));
    }
    if !body.iter().all(u8::is_ascii_whitespace) && serde_json::from_slice::<Value>(body).is_err() {
        return Err(ApiError::bad_request("invalid_json", "The request body must be JSON."));
    }
    Ok(())
}

/// One refresh of the founder's [`PER_USER`] allowance, else 429 (retry in a minute).
async fn reserve_refresh(state: &AppState, owner_id: &str) -> Result<()> {
    if rate_limit::reserve(state.rate_limits(), &PER_USER, owner_id).await?.is_none() {
        return Err(ApiError {
            retry_after: Some(60),
            ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, "insights_rate_limited", "Insights were refreshed many times in a short while. Please wait a few minutes.")
        });
    }
    Ok(())
}

#[tracing::instrument(skip(insights, body), fields(company_id = %member.company_id))]
async fn generate(State(insights): State<InsightsState>, member: Member, body: Bytes) -> Result<Json<Value>> {
    check_body(&body)?;
    let state = &insights.app;
    shared::services::access::require_pro(state, &member.company_id, PRO_REQUIRED).await?;
    reserve_refresh(state, &member.company_id).await?;
    let facts = load_facts(state, &member.company_id).await?;
    let templates = phrasing::templates(&facts);
    if templates.is_empty() {
        return Ok(Json(json!({ "insights": {} })));
    }
    let llm = insights.llm().await;
    Ok(Json(answer::insights(state, &member.company_id, llm, templates).await))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_may_be_empty_or_any_json_but_nothing_else() {
        assert!(check_body(b"").is_ok());
        assert!(check_body(b" \n").is_ok());
        assert!(check_body(br#"{"forms": [], "leads": [{"x": 1}]}"#).is_ok());
        assert!(check_body(b"42").is_ok());
        let refused = check_body(b"{forms").unwrap_err();
        assert_eq!((refused.status, refused.code.as_ref()), (StatusCode::BAD_REQUEST, "invalid_json"));
        let padded = vec![b' '; MAX_BODY + 1];
        assert_eq!(check_body(&padded).unwrap_err().status, StatusCode::PAYLOAD_TOO_LARGE);
        assert!(check_body(&padded[1..]).is_ok());
    }
}
