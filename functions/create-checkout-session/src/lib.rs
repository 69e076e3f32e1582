//! `create-checkout-session` (spec 7): body `{priceId, successUrl, isExtendedTrial,
//! discountPercentage}` → `{url}`. A subscription checkout for the signed-in user with the
//! 7-day trial (14 with the extended-trial offer) and, when asked, the 20% lifetime discount.
//!
//! - `POST /api/create-checkout-session`

use axum::{Json, Router, extract::State, http::StatusCode, routing::post};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    billing::{EXTENDED_TRIAL_DAYS, LIFETIME_DISCOUNT_PERCENT, TRIAL_DAYS, get_subscription, plan_for_price, plans},
    http::JsonBody,
    payments::CheckoutRequest,
};

pub const NOT_AUTHENTICATED: &str = "User is not authenticated";
pub const NO_URL: &str = "No checkout URL returned";
pub const FAILED: &str = "Failed to create checkout session";

pub fn router(state: AppState) -> Router {
    Router::new().route("/", post(create)).with_state(state)
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
    JsonBody(body): JsonBody<CreateCheckout, 4096>,
) -> Result<Json<Value>> {
    let user = user.ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, "not_authenticated", NOT_AUTHENTICATED))?;
    let plans = plans(&state.config.stripe);
    if plan_for_price(&plans, &body.price_id).is_none() {
        return Err(ApiError::bad_request("unknown_price", "That plan does not exist. Please choose a plan on the pricing page."));
    }
    if !same_origin(&body.success_url, &state.config.app_origin) {
        return Err(ApiError::bad_request("invalid_success_url", "successUrl must be a page of this site."));
    }
    let discount_percent = match body.discount_percentage {
        None | Some(0) => None,
        Some(LIFETIME_DISCOUNT_PERCENT) => Some(LIFETIME_DISCOUNT_PERCENT),
        Some(_) => return Err(ApiError::bad_request("invalid_discount", "Only the 20% lifetime discount is available.")),
    };
    let existing = get_subscription(&state.dynamo, &state.config.tables.subscriptions, &user.id).await?;
    let request = CheckoutRequest {
        user_id: user.id.clone(),
        email: user.email.clone(),
        customer_id: existing.and_then(|s| s.customer_id),
        price_id: body.price_id,
        success_url: body.success_url,
        cancel_url: format!("{}/pricing", state.config.app_origin),
        trial_days: if body.is_extended_trial { EXTENDED_TRIAL_DAYS } else { TRIAL_DAYS },
        discount_percent,
    };
    match state.payments.create_checkout(&request).await {
        Ok(Some(url)) => Ok(Json(json!({ "url": url }))),
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
