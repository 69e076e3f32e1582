//! `auth`: accounts and sessions (spec 4, 5, 7 and 8).
//!
//! - `POST  /api/auth/signup`   — a pending registration; its confirmation link is e-mailed (`signup`)
//! - `POST  /api/auth/verify`   — exchange a link's token for a session (a confirmation makes the account)
//! - `POST  /api/auth/resend`   — send the confirmation e-mail again
//! - `POST  /api/auth/signin`   — e-mail + password → session
//! - `POST  /api/auth/token`    — rotate the refresh cookie → new access token
//!   (`?support=<record id>`: a support session's own cookie instead of the user's)
//! - `POST  /api/auth/signout`  — global: every session of the user ends (a support session:
//!   only it)
//! - `GET   /api/auth/user`     — the current user; `PATCH` changes the name
//! - `POST  /api/auth/password` — change password (other sessions end)
//! - `POST  /api/auth/recover`  — e-mail a one-time password-reset link (same answer for any address)
//! - `POST  /api/auth/recover/check`    — whether a reset link still works
//! - `POST  /api/auth/recover/complete` — set a new password from the link; every session ends
//! - `GET   /api/auth/support-sessions` — the support (impersonation) sessions on the caller's account
//!
//! `verify` also exchanges impersonation links (`type: impersonation`: a session acting as
//! the user, ending 30 minutes after it started) and an administrator's way back after a
//! revert (`type: magiclink`). Signing out of an impersonation session ends only it.
//!
//! A support session's refresh token lives in a cookie of its own (`rs_support_<record id>`),
//! never in `rs_refresh`: the administrator's tab keeps the administrator's session while the
//! support session runs in another tab of the same browser.

pub mod config;
pub mod jobs;
pub mod limits;
mod mail_templates;
pub mod messages;
pub mod password;
mod recovery;
mod signup;
mod tokens;

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use shared::{
    ApiError, AppState, Result,
    email::EmailAddress,
    auth::{ACCESS_TOKEN_TTL, AuthUser},
    http::{ClientIp, JsonBody, QueryParams, cookie},
    rate_limit,
    impersonation::{self, IMPERSONATION, MAGIC_LINK},
    repo::{
        impersonations::{self, EndedBy, Impersonation},
        sessions,
        users::{self, UserRecord},
    },
};

use crate::{
    messages::*,
    password::{Password, hash_password, verify_password},
};

pub use sessions::{COOKIE as REFRESH_COOKIE, REUSE_GRACE_SECS};
pub use signup::{NONCE_COOKIE as SIGN_UP_COOKIE, shown_user_id};

pub fn router(state: AppState) -> Router {
    let router = Router::new()
        .route("/signup", post(signup::sign_up))
        .route("/verify", post(verify))
        .route("/resend", post(signup::resend))
        .route("/signin", post(sign_in))
        .route("/token", post(refresh))
        .route("/signout", post(sign_out))
        .route("/user", get(current_user).patch(update_user))
        .route("/password", post(change_password))
        .route("/recover", post(recovery::recover))
        .route("/recover/check", post(recovery::check_recovery))
        .route("/recover/complete", post(recovery::complete_recovery))
        .route("/support-sessions", get(support_sessions))
        .with_state(state.clone());
    impersonation::audited("auth", router, &state)
}

/// `{id, email, app_metadata, user_metadata}` (spec 3, User / session). `app_metadata.role`
/// is `admin` for the configured administrators.
#[derive(Debug, Serialize)]
pub struct UserView {
    id: String,
    email: String,
    app_metadata: Value,
    user_metadata: Map<String, Value>,
    /// Present in an impersonation session: who is acting and until when.
    #[serde(skip_serializing_if = "Option::is_none")]
    impersonation: Option<ImpersonationView>,
}

/// The banner's facts: the administrator acting, the record, and the session's hard end.
#[derive(Debug, Serialize)]
struct ImpersonationView {
    id: String,
    admin_id: String,
    admin_email: String,
    expires_at: String,
}

impl ImpersonationView {
    fn new(record: &Impersonation) -> Self {
        let expires_at = shared::time::iso_from_unix(record.ends_at);
        Self { id: record.id.clone(), admin_id: record.admin_id.clone(), admin_email: record.admin_email.clone(), expires_at }
    }
}

impl UserView {
    fn new(state: &AppState, user: &UserRecord) -> Self {
        let mut app_metadata = serde_json::to_value(&user.app_metadata).unwrap_or_else(|_| json!({}));
        if state.is_admin(&user.id) {
            app_metadata["role"] = json!("admin");
        }
        Self {
            id: user.id.clone(),
            email: user.email.clone(),
            app_metadata,
            user_metadata: user.user_metadata.clone(),
            impersonation: None,
        }
    }

    fn impersonated(state: &AppState, user: &UserRecord, record: &Impersonation) -> Self {
        Self { impersonation: Some(ImpersonationView::new(record)), ..Self::new(state, user) }
    }
}

/// A signed-in answer: the access token in the body, the refresh token in its cookie.
fn session_response(state: &AppState, user: &UserRecord, refresh_token: &str) -> Result<Response> {
    let access_token = state.tokens.issue(&user.id, &user.email, ACCESS_TOKEN_TTL)?;
    let body = json!({
        "access_token": access_token,
        "token_type": "bearer",
        "expires_in": ACCESS_TOKEN_TTL.as_secs(),
        "user": UserView::new(state, user),
    });
    Ok(([(header::SET_COOKIE, sessions::cookie(refresh_token))], Json(body)).into_response())
}

/// The signed-in answer of an impersonation session: the access token names the
/// administrator (`act`) and the record, and expires within 5 minutes, never after the
/// session's end. The refresh token goes in the session's own cookie (never `rs_refresh`,
/// which stays the administrator's), and cannot outlive that end either.
fn impersonation_response(state: &AppState, user: &UserRecord, record: &Impersonation, refresh_token: &str) -> Result<Response> {
    let now = state.clock.unix();
    let exp = record.ends_at.min(now + impersonation::ACCESS_TOKEN_SECS).max(now);
    let access_token =
        state.tokens.issue_impersonation(&user.id, &user.email, &record.admin_id, &record.id, u64::try_from(exp).unwrap_or_default())?;
    let body = json!({
        "access_token": access_token,
        "token_type": "bearer",
        "expires_in": exp - now,
        "user": UserView::impersonated(state, user, record),
    });
    let cookie = sessions::support_cookie(&record.id, refresh_token, record.ends_at - now);
    Ok(([(header::SET_COOKIE, cookie)], Json(body)).into_response())
}

/// `?support=<record id>`: which support session's cookie a tab refreshes or signs out with.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SessionChoice {
    support: Option<String>,
}

impl SessionChoice {
    /// The support session named, checked to be a record id; `None` for the user's own session.
    fn support(&self) -> Result<Option<&str>> {
        match self.support.as_deref() {
            None => Ok(None),
            Some(id) if sessions::is_record_id(id) => Ok(Some(id)),
            Some(_) => Err(ApiError::bad_request("invalid_session", "The support session is not valid.")),
        }
    }
}

fn rate_limited(code: &'static str, message: &'static str, retry_after: u32) -> ApiError {
    ApiError { retry_after: Some(retry_after), ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, code, message) }
}

/// The subject of a per-address mail limit (`MAIL_PER_ADDRESS`): one kind of mail to one address.
fn mail_subject(kind: &str, email: &str) -> String {
    format!("{kind}:{email}")
}

// ------------------------------------------------------------------ confirmation

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Verify {
    token: String,
    #[serde(rename = "type")]
    kind: String,
    /// A confirmation link opened outside the signing-up browser: the password chosen at that
    /// sign-up (see `signup`).
    #[serde(default)]
    password: Option<String>,
}

#[tracing::instrument(skip(state, headers, body))]
async fn verify(State(state): State<AppState>, ip: ClientIp, headers: HeaderMap, JsonBody(body): JsonBody<Verify, 4096>) -> Result<Response> {
    match body.kind.as_str() {
        tokens::CONFIRMATION => signup::confirm(&state, &headers, &ip, &body.token, body.password.as_deref()).await,
        IMPERSONATION => start_impersonation(&state, &body.token).await,
        MAGIC_LINK => sign_in_with_link(&state, &body.token).await,
        _ => Err(ApiError::bad_request("invalid_link", INVALID_LINK)),
    }
}

/// A new session for a user who just proved who they are (password or one-time link).
async fn signed_in(state: &AppState, user: &UserRecord) -> Result<Response> {
    let tables = &state.config.tables;
    if let Err(err) = users::record_sign_in(&state.dynamo, tables, &user.id).await {
        tracing::warn!(user_id = %user.id, error = %err, "last sign-in not recorded");
    }
    let refresh_token = sessions::start(&state.dynamo, tables, user, state.clock.unix()).await?;
    session_response(state, user, &refresh_token)
}

/// An impersonation link (made by `impersonate-user`, 5 minutes, once): a session acting as
/// the user, ending 30 minutes from now whatever the activity.
async fn start_impersonation(state: &AppState, token: &str) -> Result<Response> {
    let tables = &state.config.tables;
    let consumed = tokens::consume(state, &tables.one_time_tokens, IMPERSONATION, token).await?;
    let invalid = || ApiError::bad_request("invalid_link", INVALID_LINK);
    let record_id = consumed.impersonation_id.ok_or_else(invalid)?;
    let now = state.clock.unix();
    let record = impersonations::begin_session(&state.dynamo, &tables.impersonations, &record_id, now).await?.ok_or_else(invalid)?;
    let user = users::get_user(&state.dynamo, tables, &record.target_id).await?.ok_or_else(invalid)?;
    tracing::info!(audit_id = %record.id, admin_id = %record.admin_id, target_id = %record.target_id, "support session started");
    let refresh_token = sessions::start_impersonation(&state.dynamo, tables, &user, &record.id, record.ends_at, now).await?;
    impersonation_response(state, &user, &record, &refresh_token)
}

/// The administrator's way back after a revert (made by `revert-impersonation`, 60 s, once).
async fn sign_in_with_link(state: &AppState, token: &str) -> Result<Response> {
    let tables = &state.config.tables;
    let consumed = tokens::consume(state, &tables.one_time_tokens, MAGIC_LINK, token).await?;
    let user = users::get_user(&state.dynamo, tables, &consumed.user_id).await?;
    let Some(user) = user.filter(|user| consumed.epoch.is_none_or(|epoch| epoch == user.session_epoch)) else {
        return Err(ApiError::bad_request("invalid_link", INVALID_LINK));
    };
    signed_in(state, &user).await
}

// ------------------------------------------------------------------ sign-in

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SignIn {
    email: String,
    password: String,
}

/// Each attempt reserves its slots before the password is checked, atomically, so a
/// parallel burst is limited exactly like a sequential one: the IP's attempts, a failure for
/// this e-mail from this IP (taken back when the password is right), and a failure for the
/// account from anywhere. Only the e-mail + IP pair is locked out (429); when the account's
/// failures from everywhere pass their limit, attempts are slowed down instead, so whoever
/// knows an address cannot lock its owner out.
#[tracing::instrument(skip(state, body))]
async fn sign_in(State(state): State<AppState>, ip: ClientIp, headers: HeaderMap, JsonBody(body): JsonBody<SignIn, 4096>) -> Result<Response> {
    let email = EmailAddress::parse(&body.email)?;
    if body.password.is_empty() || body.password.chars().count() > password::MAX_CHARS {
        return Err(ApiError::bad_request("invalid_credentials", INVALID_CREDENTIALS));
    }
    let (db, limit_table) = (&state.dynamo, &state.config.tables.rate_limits);
    let email_and_ip = format!("{}|{}", email.as_str(), ip.0);
    let per_ip = [(&limits::SIGNIN_PER_IP_BURST, ip.0.as_str()), (&limits::SIGNIN_PER_IP, ip.0.as_str())];
    if rate_limit::reserve_all(db, limit_table, &per_ip).await?.is_err() {
        return Err(rate_limited("login_rate_limited", LOGIN_RATE_LIMITED, 300));
    }
    let Some(pair_failure) = rate_limit::reserve(db, limit_table, &limits::FAILURES_PER_EMAIL_AND_IP, &email_and_ip).await? else {
        return Err(rate_limited("login_rate_limited", LOGIN_RATE_LIMITED, 300));
    };
    let account_failure = rate_limit::reserve(db, limit_table, &limits::FAILURES_PER_ACCOUNT, email.as_str()).await?;
    if account_failure.is_none() {
        tracing::warn!("failed sign-ins for this account passed their hourly limit: slowing attempts down");
        state.clock.sleep(limits::ACCOUNT_SLOWDOWN).await;
    }

    // One hash is checked whatever the address's state: the account's; without an account, a
    // registration waiting for its confirmation (this browser's, else the newest), whose right
    // password gets the spec's 'Email not confirmed' and nothing else; otherwise a dummy.
    let user = users::find_user_by_email(db, &state.config.tables, email.as_str()).await?;
    let waiting = match &user {
        Some(_) => None,
        None => signup::sign_in_candidate(&state, &headers, email.as_str()).await?,
    };
    let hash = user.as_ref().map(|u| u.password_hash.as_str()).or(waiting.as_ref().map(|r| r.password_hash.as_str()));
    if !verify_password(&body.password, hash).await? {
        if account_failure.is_none() {
            return Err(rate_limited("login_rate_limited", LOGIN_RATE_LIMITED, 300));
        }
        return Err(ApiError::bad_request("invalid_credentials", INVALID_CREDENTIALS));
    }
    // The password was right: this attempt was no failure.
    rate_limit::release(db, limit_table, &pair_failure).await?;
    if let Some(reservation) = &account_failure {
        rate_limit::release(db, limit_table, reservation).await?;
    }
    // No account yet (the right password of a sign-up waiting), or an account from before
    // sign-ups waited for their confirmation that was never confirmed.
    let Some(user) = user.filter(|user| user.email_confirmed_at.is_some()) else {
        return Err(ApiError::bad_request("email_not_confirmed", EMAIL_NOT_CONFIRMED));
    };
    rate_limit::reset(db, limit_table, &limits::FAILURES_PER_EMAIL_AND_IP, &email_and_ip).await?;
    signed_in(&state, &user).await
}

// ------------------------------------------------------------------ sessions

/// Rotates the refresh cookie: the user's own (`rs_refresh`), or with `?support=<record id>`
/// that support session's own cookie. Each cookie only ever renews its own kind of session
/// (another kind is refused without being used up).
#[tracing::instrument(skip_all)]
async fn refresh(State(state): State<AppState>, QueryParams(choice): QueryParams<SessionChoice>, headers: HeaderMap) -> Result<Response> {
    let support = choice.support()?;
    let (name, clear) = match support {
        Some(id) => (sessions::support_cookie_name(id), sessions::clear_support_cookie(id)),
        None => (sessions::COOKIE.to_owned(), sessions::clear_cookie()),
    };
    // No refresh cookie at all: a visitor without a session, which is not an error (204), so
    // an anonymous page load logs nothing. A cookie that no longer works is 401.
    let Some(token) = cookie(&headers, &name).filter(|token| !token.is_empty()) else {
        return Ok(StatusCode::NO_CONTENT.into_response());
    };
    let tables = &state.config.tables;
    let expected = support.map_or(sessions::Expected::Own, sessions::Expected::Support);
    match sessions::rotate(&state.dynamo, tables, token, expected, state.clock.unix()).await {
        Ok(sessions::Rotated { token: next, user, impersonation: None }) => session_response(&state, &user, &next),
        Ok(sessions::Rotated { token: next, user, impersonation: Some((record_id, _)) }) => {
            match impersonations::get(&state.dynamo, &tables.impersonations, &record_id).await? {
                Some(record) if record.is_live(state.clock.unix()) => impersonation_response(&state, &user, &record, &next),
                _ => {
                    end_impersonation_session(&state, &user.id, &record_id, EndedBy::Expiry).await?;
                    Ok(([(header::SET_COOKIE, clear)], impersonation::session_over()).into_response())
                }
            }
        }
        Err(err) if err.status == StatusCode::UNAUTHORIZED => {
            // An impersonation session past its end: its record ends (expiry) if nothing ended it yet.
            if let Some(record_id) = sessions::impersonation_of(&state.dynamo, tables, token).await? {
                if let Some(record) = impersonations::get(&state.dynamo, &tables.impersonations, &record_id).await? {
                    if record.ended_at.is_none() && record.ends_at <= state.clock.unix() {
                        end_impersonation_session(&state, &record.target_id, &record_id, EndedBy::Expiry).await?;
                    }
                }
            }
            Ok(([(header::SET_COOKIE, clear)], err).into_response())
        }
        Err(err) => Err(err),
    }
}

/// Ends a support session: its record (once, with the user's e-mail) and every refresh token
/// of its family. The user's own sessions are untouched.
async fn end_impersonation_session(state: &AppState, user_id: &str, record_id: &str, by: EndedBy) -> Result<()> {
    impersonation::finish(state, record_id, by).await?;
    sessions::revoke_family(&state.dynamo, &state.config.tables, user_id, record_id).await
}

/// Global sign-out (spec 4): every refresh token of the user stops working. Inside a support
/// session (its access token, or `?support=<record id>` with its cookie) it ends that session
/// only, and clears only its cookie: the administrator's own session in the same browser stays.
#[tracing::instrument(skip_all)]
async fn sign_out(
    State(state): State<AppState>,
    user: Option<AuthUser>,
    QueryParams(choice): QueryParams<SessionChoice>,
    headers: HeaderMap,
) -> Result<Response> {
    let tables = &state.config.tables;
    let support = choice.support()?;
    let (user_id, impersonation_id) = match user {
        Some(user) => (user.id, user.impersonation.map(|acting| acting.audit_id)),
        None => {
            let name = support.map_or_else(|| sessions::COOKIE.to_owned(), sessions::support_cookie_name);
            let token = cookie(&headers, &name).ok_or_else(|| ApiError::unauthorized(SESSION_ENDED))?;
            let (user, impersonation_id) = sessions::user_of(&state.dynamo, tables, token, state.clock.unix()).await?;
            if impersonation_id.as_deref() != support {
                return Err(ApiError::unauthorized(SESSION_ENDED));
            }
            (user.id, impersonation_id)
        }
    };
    // Signing out of a support session ends that session only, never the user's own.
    if let Some(record_id) = impersonation_id {
        end_impersonation_session(&state, &user_id, &record_id, EndedBy::Signout).await?;
        return Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, sessions::clear_support_cookie(&record_id))]).into_response());
    }
    users::bump_session_epoch(&state.dynamo, tables, &user_id).await?;
    if let Err(err) = sessions::delete_all(&state.dynamo, tables, &user_id).await {
        tracing::warn!(error = %err, "ended sessions not tidied");
    }
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, sessions::clear_cookie())]).into_response())
}

// ------------------------------------------------------------------ account

async fn load_user(state: &AppState, user: &AuthUser) -> Result<UserRecord> {
    users::get_user(&state.dynamo, &state.config.tables, &user.id)
        .await?
        .ok_or_else(|| ApiError::unauthorized(SESSION_ENDED))
}

#[tracing::instrument(skip(state))]
async fn current_user(State(state): State<AppState>, user: AuthUser) -> Result<Json<UserView>> {
    let record = load_user(&state, &user).await?;
    if let Some(acting) = &user.impersonation {
        let session = impersonations::get(&state.dynamo, &state.config.tables.impersonations, &acting.audit_id).await?;
        let session = session.filter(|session| session.is_live(state.clock.unix())).ok_or_else(impersonation::session_over)?;
        return Ok(Json(UserView::impersonated(&state, &record, &session)));
    }
    Ok(Json(UserView::new(&state, &record)))
}

/// One support session as its user sees it: when, how long, why, what was changed and what
/// was viewed.
#[derive(Debug, Serialize)]
struct SupportSession {
    id: String,
    reason: String,
    started_at: String,
    ended_at: Option<String>,
    ended_by: Option<EndedBy>,
    /// Whole minutes, rounded up; while it runs, so far.
    minutes: i64,
    /// Writes made or attempted, in order.
    changes: Vec<impersonation::Change>,
    /// Reads, grouped by route (never shown as changes).
    views: Vec<impersonation::View>,
    /// False when more was recorded than is listed.
    complete: bool,
}

/// Settings → Security: every support session on the caller's account, newest first (the
/// last 50). Which administrator is not shown: it was RaiseSpark support.
#[tracing::instrument(skip(state))]
async fn support_sessions(State(state): State<AppState>, user: AuthUser) -> Result<Json<Value>> {
    use futures::{StreamExt, TryStreamExt};
    let listing = impersonations::Listing::ByTarget(user.id.clone());
    let page = impersonations::list(&state.dynamo, &state.config.tables.impersonations, &listing, None, 50, None).await?;
    let now = state.clock.now_iso();
    // A link nobody used gave nobody access.
    let started: Vec<Impersonation> = page.records.into_iter().filter(|record| record.session_started_at.is_some()).collect();
    let sessions: Vec<SupportSession> = futures::stream::iter(started)
        .map(|record| {
            let (state, now) = (&state, &now);
            async move {
                let activity = impersonation::Activity::of_session(state, &record.id).await?;
                let started = record.session_started_at.clone().unwrap_or_default();
                let until = record.ended_at.clone().unwrap_or_else(|| now.clone());
                Ok::<_, ApiError>(SupportSession {
                    minutes: impersonation::minutes_between(&started, &until),
                    id: record.id,
                    reason: record.reason,
                    started_at: started,
                    ended_at: record.ended_at,
                    ended_by: record.ended_by,
                    changes: activity.changes,
                    views: activity.views,
                    complete: activity.complete,
                })
            }
        })
        .buffered(8)
        .try_collect()
        .await?;
    Ok(Json(json!({ "sessions": sessions })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct UpdateUser {
    name: String,
}

#[tracing::instrument(skip(state, body))]
async fn update_user(State(state): State<AppState>, user: AuthUser, JsonBody(body): JsonBody<UpdateUser, 4096>) -> Result<Json<UserView>> {
    user.refuse_impersonation()?;
    let name = body.name.trim();
    if name.is_empty() {
        return Err(ApiError::bad_request("invalid_name", "Please enter your name."));
    }
    if name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err(ApiError::bad_request("invalid_name", "Please enter a name of at most 100 characters."));
    }
    load_user(&state, &user).await?;
    let record = users::set_user_name(&state.dynamo, &state.config.tables, &user.id, name).await?;
    Ok(Json(UserView::new(&state, &record)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChangePassword {
    current_password: String,
    new_password: String,
}

/// Changes the password after checking the current one; every other session ends, every
/// reset link sent before stops working, and this device gets a fresh session.
#[tracing::instrument(skip(state, body))]
async fn change_password(
    State(state): State<AppState>,
    user: AuthUser,
    ip: ClientIp,
    JsonBody(body): JsonBody<ChangePassword, 4096>,
) -> Result<Response> {
    user.refuse_impersonation()?;
    let new_password = Password::parse(&body.new_password)?;
    let tables = &state.config.tables;
    let record = load_user(&state, &user).await?;
    let email_and_ip = format!("{}|{}", record.email, ip.0);
    // As at sign-in: a wrong current password uses a failure slot reserved up front.
    let Some(failure) = rate_limit::reserve(&state.dynamo, &tables.rate_limits, &limits::FAILURES_PER_EMAIL_AND_IP, &email_and_ip).await? else {
        return Err(rate_limited("login_rate_limited", LOGIN_RATE_LIMITED, 300));
    };
    if !verify_password(&body.current_password, Some(&record.password_hash)).await? {
        return Err(ApiError::bad_request("wrong_password", WRONG_CURRENT_PASSWORD));
    }
    rate_limit::release(&state.dynamo, &tables.rate_limits, &failure).await?;
    let hash = hash_password(&new_password).await?;
    let record = users::set_password_hash(&state.dynamo, tables, &user.id, &hash).await?;
    if let Err(err) = sessions::delete_all(&state.dynamo, tables, &user.id).await {
        tracing::warn!(error = %err, "ended sessions not tidied");
    }
    let refresh_token = sessions::start(&state.dynamo, tables, &record, state.clock.unix()).await?;
    session_response(&state, &record, &refresh_token)
}
