//! The auth function's one-time links over `shared::repo::one_time_tokens`: confirmation,
//! password reset, impersonation and the admin's way back. Any unusable link gets the same
//! "invalid or expired" answer.

use shared::{
    ApiError,
    repo::one_time_tokens::{Consumed, NewToken},
};

use crate::messages::{INVALID_LINK, INVALID_RECOVERY_LINK};

/// Confirmation links name a pending registration, not an account (see `signup`).
pub const CONFIRMATION: &str = "signup";
/// Password-reset links (`type=recovery`) work for one hour.
pub const RECOVERY: &str = "recovery";
pub const RECOVERY_TTL_SECS: i64 = 3600;

fn invalid(purpose: &str) -> ApiError {
    ApiError::bad_request("invalid_link", if purpose == RECOVERY { INVALID_RECOVERY_LINK } else { INVALID_LINK })
}

/// Stores a new token for `user_id` and returns it. `epoch` binds it to an epoch of the
/// account (a reset link: its recovery epoch; the admin's way back: its session epoch).
pub async fn issue(state: &shared::AppState, purpose: &str, user_id: &str, epoch: u64, ttl_secs: i64) -> Result<String, ApiError> {
    let token = NewToken { purpose, user_id, epoch, ttl_secs, impersonation_id: None };
    Ok(state.one_time_tokens().issue(token, state.clock.unix()).await?)
}

/// Uses the token up and returns what it was for.
pub async fn consume(state: &shared::AppState, purpose: &str, token: &str) -> Result<Consumed, ApiError> {
    state.one_time_tokens().consume(purpose, token, state.clock.unix()).await?.ok_or_else(|| invalid(purpose))
}
