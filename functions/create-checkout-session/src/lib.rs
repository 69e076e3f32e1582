//! `create-checkout-session` (spec 7): body `{priceId, successUrl, isExtendedTrial,
//! discountPercentage}` → `{url}`. A subscription checkout for the signed-in user with the
//! 7-day trial (14 with the extended-trial offer) or, when asked, the 20% lifetime discount.
//!
//! The server decides the offer (`domain::plans::checkout_offer`): the two offers never
//! stack (400), one trial per user ever, and a user whose subscription is live gets 409
//! `subscription_exists` and the billing portal instead. A conditional claim on the user's
//! subscription row lets one checkout be prepared at a time (409 `checkout_in_progress`);
//! `stripe-webhook` cancels any second subscription that still slips through.
//!
//! - `POST /api/create-checkout-session`

pub mod config;

use axum::{Json, Router, extract::State, http::StatusCode, routing::post};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    http::member::Member,
    teams::Action,
    ApiError, AppState, Result,
    auth::AuthUser,
    billing::{claim_checkout, get_subscription, plans, release_checkout},
    http::JsonBody,
    payments::CheckoutRequest,
    plans::{OfferChoice, checkout_offer, plan_for_price},
    time::{now, unix},
};

pub const NOT_AUTHENTICATED: &str = "User is not authenticated";
pub const NO_URL: &str = "No checkout URL returned";
pub const FAILED: &str = "Failed to create checkout session";

pub fn router(state: AppState) -> Router {
    let router = Router::new().route("/", post(create)).with_state(state.clone());
    shared::http::audit::audited("create-checkout-session", router, &state)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct CreateCheckout {
    price_id: String,
    success_url: String,
    #[serde(default)]
    is_extended_trial: bool,
    #[serde(default)]
    discount_percentage: Option<u32>,
}

/// The success URL must bring the user back to this product, never elsewhere.
fn same_origin(url: &str, origin: &str) -> bool {
    url.strip_prefix(origin).is_some_and(|rest| rest.is_empty() || rest.starts_with('/') || rest.starts_with('?'))
}

#[tracing::instrument(skip(state, body))]
async fn create(
    State(state): State<AppState>,
    user: Option<AuthUser>,
    headers: axum::http::HeaderMap,
    JsonBody(body): JsonBody<CreateCheckout, 4096>,
) -> Result<Json<Value>> {
    let user = user.ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, "not_authenticated", NOT_AUTHENTICATED))?;
    user.refuse_impersonation()?;
    let member = Member::resolve(&state, user, &headers).await?;
    member.require(Action::Billing)?;
    let plans = plans(&state.config.stripe);
    if plan_for_price(&plans, &body.price_id).is_none() {
        return Err(ApiError::bad_request("unknown_price", "That plan does not exist. Please choose a plan on the pricing page."));
    }
    if !same_origin(&body.success_url, &state.config.app_origin) {
        return Err(ApiError::bad_request("invalid_success_url", "successUrl must be a page of this site."));
    }
    let choice = OfferChoice::parse(body.is_extended_trial, body.discount_percentage)?;
    let claim = claim_checkout(state.subscriptions(), &member.company_id, unix(now())).await??;
    let result = open_checkout(&state, &member, body, choice).await;
    if let Err(err) = release_checkout(state.subscriptions(), &member.company_id, &claim).await {
        tracing::warn!(error = %err, "checkout claim not released; it expires by itself");
    }
    result.map(|url| Json(json!({ "url": url })))
}

/// Opens the Stripe (or local) checkout with the offer the server decided.
async fn open_checkout(state: &AppState, member: &Member, body: CreateCheckout, choice: OfferChoice) -> Result<String> {
    // The subscription row is never deleted, so it remembers a past trial or subscription.
    let existing = get_subscription(state.subscriptions(), &member.company_id).await?;
    let offer = checkout_offer(choice, existing.as_ref())?;
    let request = CheckoutRequest {
        user_id: member.company_id.clone(),
        email: member.user.email.clone(),
        customer_id: existing.and_then(|s| s.customer_id),
        price_id: body.price_id,
        success_url: body.success_url,
        cancel_url: format!("{}/pricing", state.config.app_origin),
        trial_days: offer.trial_days,
        discount_percent: offer.discount_percent,
    };
    match state.payments.create_checkout(&request).await {
        Ok(Some(url)) => Ok(url),
        Ok(None) => Err(ApiError::new(StatusCode::BAD_GATEWAY, "no_checkout_url", NO_URL)),
        Err(err) => {
            tracing::error!(error = %err, "checkout session not created");
            Err(ApiError::new(StatusCode::BAD_GATEWAY, "checkout_failed", FAILED))
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_urls_of_this_origin_are_accepted() {
        let origin = "https://app.example.com";
        assert!(super::same_origin("https://app.example.com/forms?payment_success=true", origin));
        assert!(super::same_origin("https://app.example.com", origin));
        assert!(!super::same_origin("https://app.example.com.evil.io/x", origin));
        assert!(!super::same_origin("https://evil.io/?https://app.example.com", origin));
    }
}
