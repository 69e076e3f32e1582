//! Who may use what: the subscription, Pro and administrator gates, in one place. Each route
//! that needs one calls it before reading anything else; the refusal's message is the
//! feature's own (it names what the user would get), its status and code are the same
//! everywhere.

use crate::{ApiError, AppState, auth::AuthUser, billing};

/// `code` of the 402 a paid route answers without a subscription that grants access.
pub const SUBSCRIPTION_REQUIRED: &str = "subscription_required";
/// `code` of the 402 a Pro route answers without Pro.
pub const PRO_REQUIRED: &str = "pro_required";
/// `code` of the 403 an admin route answers anyone not in `ADMIN_USER_IDS`.
pub const FORBIDDEN: &str = "forbidden";

/// Whether the user's subscription grants access now (a trial counts until it ends), by
/// `state.clock`.
pub async fn has_access(state: &AppState, user_id: &str) -> Result<bool, ApiError> {
    let now = state.clock.unix();
    Ok(billing::get_subscription(state.subscriptions(), user_id)
        .await?
        .is_some_and(|subscription| subscription.grants_access(now)))
}

/// The gate of the Pro features (insights, campaigns, the vault): access now, on Pro (a Pro
/// trial counts).
pub async fn has_pro(state: &AppState, user_id: &str) -> Result<bool, ApiError> {
    let now = state.clock.unix();
    Ok(billing::get_subscription(state.subscriptions(), user_id)
        .await?
        .is_some_and(|subscription| subscription.grants_access(now) && billing::is_pro(&subscription, &state.config.stripe)))
}

/// 402 `subscription_required` with `message` unless [`has_access`].
pub async fn require_subscription(state: &AppState, user_id: &str, message: &'static str) -> Result<(), ApiError> {
    if has_access(state, user_id).await? { Ok(()) } else { Err(ApiError::payment_required(SUBSCRIPTION_REQUIRED, message)) }
}

/// 402 `pro_required` with `message` unless [`has_pro`].
pub async fn require_pro(state: &AppState, user_id: &str, message: &'static str) -> Result<(), ApiError> {
    if has_pro(state, user_id).await? { Ok(()) } else { Err(ApiError::payment_required(PRO_REQUIRED, message)) }
}

/// The administrator gate: 403 `impersonating` inside a support session (whose user is never
/// an admin anyway), 403 `forbidden` with `message` for anyone not in `ADMIN_USER_IDS`.
pub fn require_admin<'a>(state: &AppState, user: &'a AuthUser, message: &'static str) -> Result<&'a AuthUser, ApiError> {
    user.refuse_impersonation()?;
    if state.is_admin(&user.id) { Ok(user) } else { Err(ApiError::forbidden(FORBIDDEN, message)) }
}
