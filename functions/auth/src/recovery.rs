//! Password recovery: 'Forgot password?' e-mails a one-time link to
//! `/auth/callback?type=recovery` (1 hour) that sets a new password.
//!
//! - A request costs the same whether or not the address has an account: limits and one
//!   write; the link is made and mailed after answering (`jobs`).
//! - Only the newest link works: each link carries the account's recovery epoch, which every
//!   link sent, every reset and every password change raises; completing compares them in
//!   the same transaction that sets the password.
//! - A reset ends every session of the account and marks the address confirmed (the link
//!   reached its mailbox). For an address with only sign-ups waiting, it makes the account,
//!   with the password chosen on the reset page, and every confirmation link dies.

use axum::{Json, extract::State, response::Response};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use shared::{
    ApiError, AppState, Result,
    email::EmailAddress,
    http::{ClientIp, JsonBody},
    rate_limit,
    repo::{
        account_requests::{AccountRequest, Job, JobKind},
        one_time_tokens::{self, Link},
        platform_stats,
        users::Activation,
    },
};

use crate::{
    jobs, limits, mail_subject,
    messages::*,
    password::{Password, hash_password},
    rate_limited, sessions::signed_in, signup, tokens,
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Recover {
    email: String,
}

/// `POST /api/auth/recover`: the same answer, and the same work, for any address. Limited per
/// IP (10 an hour) and per address (one mail a minute), both reserved atomically.
#[tracing::instrument(skip(state, body))]
pub(crate) async fn recover(State(state): State<AppState>, ip: ClientIp, JsonBody(body): JsonBody<Recover, 4096>) -> Result<Json<Value>> {
    let email = EmailAddress::parse(&body.email)?;
    if rate_limit::reserve(state.rate_limits(), &limits::RECOVERIES_PER_IP, &ip.0).await?.is_none() {
        return Err(rate_limited("recover_rate_limited", RECOVER_RATE_LIMITED, 600));
    }
    let subject = mail_subject(tokens::RECOVERY, email.as_str());
    if rate_limit::reserve(state.rate_limits(), &limits::MAIL_PER_ADDRESS, &subject).await?.is_none() {
        return Err(rate_limited("mail_rate_limited", MAIL_RATE_LIMITED, 60));
    }
    let job = Job::new(email.as_str(), JobKind::Recover, &uuid::Uuid::new_v4().simple().to_string(), state.clock.unix());
    state.account_requests().put_job(&job).await?;
    jobs::start(&state, AccountRequest::Job(job));
    Ok(Json(json!({ "sent": true })))
}

fn invalid() -> ApiError {
    ApiError::bad_request("invalid_link", INVALID_RECOVERY_LINK)
}

/// Whether an unused, unexpired reset link is still the newest: an account's at its current
/// recovery epoch, or a waiting sign-up's at its current reset generation while the address
/// has no account.
async fn is_current(state: &AppState, link: &Link) -> Result<bool> {
    let now = state.clock.unix();
    let Some(epoch) = link.epoch else { return Ok(false) };
    if let Some(user_id) = &link.user_id {
        return Ok(state.users().get_user(user_id).await?.is_some_and(|user| user.recovery_epoch == epoch));
    }
    let (Some(email), Some(key)) = (&link.email, &link.registration) else { return Ok(false) };
    if state.users().find_user_id(email).await?.is_some() {
        return Ok(false);
    }
    let registration = state.account_requests().get_registration(email, key).await?;
    Ok(registration.is_some_and(|registration| registration.is_live(now) && registration.reset_generation == epoch))
}

async fn current_link(state: &AppState, token: &str) -> Result<Link> {
    let link = state.one_time_tokens().find(tokens::RECOVERY, token, state.clock.unix()).await?.ok_or_else(invalid)?;
    if is_current(state, &link).await? { Ok(link) } else { Err(invalid()) }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CheckRecovery {
    token: String,
}

/// Lets the set-new-password page say at once that a link is used, expired or replaced.
#[tracing::instrument(skip(state, body))]
pub(crate) async fn check_recovery(State(state): State<AppState>, JsonBody(body): JsonBody<CheckRecovery, 4096>) -> Result<Json<Value>> {
    current_link(&state, &body.token).await?;
    Ok(Json(json!({ "valid": true })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CompleteRecovery {
    token: String,
    new_password: String,
}

/// Sets the new password from a reset link, in one transaction with the link's use and the
/// epoch check; every session of the account ends and this browser gets a new one.
#[tracing::instrument(skip(state, body))]
pub(crate) async fn complete_recovery(State(state): State<AppState>, JsonBody(body): JsonBody<CompleteRecovery, 4096>) -> Result<Response> {
    let new_password = Password::parse(&body.new_password)?;
    let now = state.clock.unix();
    let link = current_link(&state, &body.token).await?;
    let epoch = link.epoch.ok_or_else(invalid)?;
    let hash = hash_password(&new_password).await?;
    let reset = Reset { token: &body.token, epoch, hash: &hash, now };
    match &link.user_id {
        Some(user_id) => reset_account(&state, user_id, reset).await,
        None => account_from_link(&state, &link, reset).await,
    }
}

/// A reset checked so far: the link's token and epoch, and the new password's hash.
struct Reset<'a> {
    token: &'a str,
    epoch: u64,
    hash: &'a str,
    now: i64,
}

/// The reset of an account: its password (if the link is still the newest), its address
/// confirmed, its sessions ended and its failed sign-ins forgiven; this browser is signed in.
async fn reset_account(state: &AppState, user_id: &str, reset: Reset<'_>) -> Result<Response> {
    let use_link = one_time_tokens::consume_in_transaction(&state.config.tables.one_time_tokens, tokens::RECOVERY, reset.token, reset.now)?;
    let before = state.users().get_user(user_id).await?.ok_or_else(invalid)?;
    if !state.users().reset_password(user_id, reset.epoch, reset.hash, use_link, &state.clock.now_iso()).await? {
        return Err(invalid());
    }
    if before.email_confirmed_at.is_none() {
        platform_stats::log_failure(state.platform_stats().email_confirmed().await, "email confirmed");
    }
    let user = state.users().get_user(user_id).await?.ok_or_else(invalid)?;
    if let Err(err) = state.sessions().delete_all(&user.id).await {
        tracing::warn!(error = %err, "ended sessions not tidied");
    }
    rate_limit::reset(state.rate_limits(), &limits::FAILURES_PER_ACCOUNT, &user.email).await?;
    tracing::info!(user_id = %user.id, "password reset from a recovery link");
    signed_in(state, &user).await
}

/// An address with only sign-ups waiting: the reset makes the account, with the password
/// chosen here and no details from any sign-up (whoever signed up may not be this person).
async fn account_from_link(state: &AppState, link: &Link, reset: Reset<'_>) -> Result<Response> {
    let use_link = one_time_tokens::consume_in_transaction(&state.config.tables.one_time_tokens, tokens::RECOVERY, reset.token, reset.now)?;
    let (Some(email), Some(key)) = (link.email.as_deref(), link.registration.as_deref()) else { return Err(invalid()) };
    let no_details = Map::new();
    let activation = Activation {
        email,
        password_hash: reset.hash,
        user_metadata: &no_details,
        registration: key,
        reset_generation: Some(reset.epoch),
        link: use_link,
        now: reset.now,
    };
    let user = signup::activated(state, state.users().activate(activation).await, email, key)
        .await
        .map_err(|err| if err.code == "invalid_link" { invalid() } else { err })?;
    tracing::info!(user_id = %user.id, "account made from a recovery link");
    signed_in(state, &user).await
}
