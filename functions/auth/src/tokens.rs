//! The auth function's one-time links over `shared::repo::one_time_tokens`: confirmation,
//! password reset, impersonation and the admin's way back. Any unusable link gets the same
//! "invalid or expired" answer.

use shared::{
    ApiError,
    repo::one_time_tokens::{self, Consumed, NewToken},
};

use crate::messages::{INVALID_LINK, INVALID_RECOVERY_LINK};

pub const CONFIRMATION: &str = "signup";
/// Confirmation links work for 24 hours.
pub const CONFIRMATION_TTL_SECS: i64 = 24 * 3600;
/// Password-reset links (`type=recovery`) work for one hour.
pub const RECOVERY: &str = "recovery";
pub const RECOVERY_TTL_SECS: i64 = 3600;

fn invalid(purpose: &str) -> ApiError {
    ApiError::bad_request("invalid_link", if purpose == RECOVERY { INVALID_RECOVERY_LINK } else { INVALID_LINK })
}

/// Stores a new token for `user_id` and returns it. `epoch` binds it to the account's
/// current session epoch: a confirmation link stops working once a later sign-up replaced
/// the unconfirmed account.
pub async fn issue(table: &str, state: &shared::AppState, purpose: &str, user_id: &str, epoch: u64, ttl_secs: i64) -> Result<String, ApiError> {
    let token = NewToken { purpose, user_id, epoch, ttl_secs, impersonation_id: None };
    one_time_tokens::issue(&state.dynamo, table, token, state.clock.unix()).await
}

/// Whether the token is usable, without using it.
pub async fn check(state: &shared::AppState, table: &str, purpose: &str, token: &str) -> Result<(), ApiError> {
    if one_time_tokens::check(&state.dynamo, table, purpose, token, state.clock.unix()).await? { Ok(()) } else { Err(invalid(purpose)) }
}

/// Uses the token up and returns what it was for.
pub async fn consume(state: &shared::AppState, table: &str, purpose: &str, token: &str) -> Result<Consumed, ApiError> {
    one_time_tokens::consume(&state.dynamo, table, purpose, token, state.clock.unix()).await?.ok_or_else(|| invalid(purpose))
}
