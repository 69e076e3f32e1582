//! Sessions: signing in (password, or a one-time link exchanged at `/verify`), renewing the
//! access token with the refresh cookie, and signing out.

use axum::{
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    email::EmailAddress,
    http::{ClientIp, JsonBody, QueryParams, cookie},
    impersonation::{IMPERSONATION, MAGIC_LINK},
    rate_limit::{self, Reservation},
    repo::{
        impersonations::EndedBy,
        sessions,
        users::UserRecord,
    },
};

use crate::{
    answers::session_response,
    limits,
    messages::*,
    password::{self, verify_password},
    rate_limited, signup, support_session, tokens,
};

/// A new session for a user who just proved who they are (password or one-time link).
pub(crate) async fn signed_in(state: &AppState, user: &UserRecord) -> Result<Response> {
    if let Err(err) = state.users().record_sign_in(&user.id).await {
        tracing::warn!(user_id = %user.id, error = %err, "last sign-in not recorded");
    }
    let refresh_token = state.sessions().start(user, state.clock.unix()).await?;
    session_response(state, user, &refresh_token)
}

// ------------------------------------------------------------------ one-time links

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Verify {
    token: String,
    #[serde(rename = "type")]
    kind: String,
    /// A confirmation link opened outside the signing-up browser: the password chosen at that
    /// sign-up (see `signup`).
    #[serde(default)]
    password: Option<String>,
}

/// Exchanges a link's token for a session: a confirmation (which makes the account), an
/// impersonation link (a support session) or an administrator's way back after a revert.
#[tracing::instrument(skip(state, headers, body))]
pub(crate) async fn verify(State(state): State<AppState>, ip: ClientIp, headers: HeaderMap, JsonBody(body): JsonBody<Verify, 4096>) -> Result<Response> {
    match body.kind.as_str() {
        tokens::CONFIRMATION => signup::confirm(&state, &headers, &ip, &body.token, body.password.as_deref()).await,
        IMPERSONATION => support_session::start(&state, &body.token).await,
        MAGIC_LINK => sign_in_with_link(&state, &body.token).await,
        _ => Err(ApiError::bad_request("invalid_link", INVALID_LINK)),
    }
}

/// The administrator's way back after a revert (made by `revert-impersonation`, 60 s, once).
async fn sign_in_with_link(state: &AppState, token: &str) -> Result<Response> {
    let consumed = tokens::consume(state, MAGIC_LINK, token).await?;
    let user = state.users().get_user(&consumed.user_id).await?;
    let Some(user) = user.filter(|user| consumed.epoch.is_none_or(|epoch| epoch == user.session_epoch)) else {
        return Err(ApiError::bad_request("invalid_link", INVALID_LINK));
    };
    signed_in(state, &user).await
}

// ------------------------------------------------------------------ sign-in

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SignIn {
    email: String,
    password: String,
}

/// The limits one sign-in attempt holds while its password is checked, reserved up front and
/// atomically, so a parallel burst is limited exactly like a sequential one: the IP's
/// attempts, a failure for this e-mail from this IP (taken back when the password is right),
/// and a failure for the account from anywhere. Only the e-mail + IP pair is locked out (429);
/// when the account's failures from everywhere pass their limit, attempts are slowed down
/// instead, so whoever knows an address cannot lock its owner out.
struct SignInLimits {
    email_and_ip: String,
    pair_failure: Reservation,
    /// `None` once the account's failures passed their limit (the attempt was slowed down).
    account_failure: Option<Reservation>,
}

fn login_rate_limited() -> ApiError {
    rate_limited("login_rate_limited", LOGIN_RATE_LIMITED, 300)
}

impl SignInLimits {
    async fn reserve(state: &AppState, email: &EmailAddress, ip: &ClientIp) -> Result<Self> {
        let email_and_ip = format!("{}|{}", email.as_str(), ip.0);
        let per_ip = [(&limits::SIGNIN_PER_IP_BURST, ip.0.as_str()), (&limits::SIGNIN_PER_IP, ip.0.as_str())];
        if rate_limit::reserve_all(state.rate_limits(), &per_ip).await?.is_err() {
            return Err(login_rate_limited());
        }
        let Some(pair_failure) = rate_limit::reserve(state.rate_limits(), &limits::FAILURES_PER_EMAIL_AND_IP, &email_and_ip).await? else {
            return Err(login_rate_limited());
        };
        let account_failure = rate_limit::reserve(state.rate_limits(), &limits::FAILURES_PER_ACCOUNT, email.as_str()).await?;
        if account_failure.is_none() {
            tracing::warn!("failed sign-ins for this account passed their hourly limit: slowing attempts down");
            state.clock.sleep(limits::ACCOUNT_SLOWDOWN).await;
        }
        Ok(Self { email_and_ip, pair_failure, account_failure })
    }

    /// The answer to a wrong password (its failure slots stay taken).
    fn wrong_password(&self) -> ApiError {
        if self.account_failure.is_none() { login_rate_limited() } else { ApiError::bad_request("invalid_credentials", INVALID_CREDENTIALS) }
    }

    /// The password was right: this attempt was no failure.
    async fn release(&self, state: &AppState) -> Result<()> {
        rate_limit::release(state.rate_limits(), &self.pair_failure).await?;
        if let Some(reservation) = &self.account_failure {
            rate_limit::release(state.rate_limits(), reservation).await?;
        }
        Ok(())
    }

    /// Signed in: the failures of this e-mail from this IP start again.
    async fn reset(&self, state: &AppState) -> Result<()> {
        rate_limit::reset(state.rate_limits(), &limits::FAILURES_PER_EMAIL_AND_IP, &self.email_and_ip).await
    }
}

/// E-mail + password → a session. One hash is checked whatever the address's state: the
/// account's; without an account, a registration waiting for its confirmation (this
/// browser's, else the newest), whose right password gets the spec's 'Email not confirmed'
/// and nothing else; otherwise a dummy.
#[tracing::instrument(skip(state, body))]
pub(crate) async fn sign_in(State(state): State<AppState>, ip: ClientIp, headers: HeaderMap, JsonBody(body): JsonBody<SignIn, 4096>) -> Result<Response> {
    let email = EmailAddress::parse(&body.email)?;
    if body.password.is_empty() || body.password.chars().count() > password::MAX_CHARS {
        return Err(ApiError::bad_request("invalid_credentials", INVALID_CREDENTIALS));
    }
    let limits = SignInLimits::reserve(&state, &email, &ip).await?;
    let user = state.users().find_user_by_email(email.as_str()).await?;
    let waiting = match &user {
        Some(_) => None,
        None => signup::sign_in_candidate(&state, &headers, email.as_str()).await?,
    };
    let hash = user.as_ref().map(|u| u.password_hash.as_str()).or(waiting.as_ref().map(|r| r.password_hash.as_str()));
    if !verify_password(&body.password, hash).await? {
        return Err(limits.wrong_password());
    }
    limits.release(&state).await?;
    // No account yet (the right password of a sign-up waiting), or an account from before
    // sign-ups waited for their confirmation that was never confirmed.
    let Some(user) = user.filter(|user| user.email_confirmed_at.is_some()) else {
        return Err(ApiError::bad_request("email_not_confirmed", EMAIL_NOT_CONFIRMED));
    };
    limits.reset(&state).await?;
    signed_in(&state, &user).await
}

// ------------------------------------------------------------------ renewal and sign-out

/// `?support=<record id>`: which support session's cookie a tab refreshes or signs out with.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SessionChoice {
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

    /// The refresh cookie this choice reads, and the header that clears it.
    fn cookie(&self) -> Result<(String, String)> {
        Ok(match self.support()? {
            Some(id) => (sessions::support_cookie_name(id), sessions::clear_support_cookie(id)),
            None => (sessions::COOKIE.to_owned(), sessions::clear_cookie()),
        })
    }
}

/// Rotates the refresh cookie: the user's own (`rs_refresh`), or with `?support=<record id>`
/// that support session's own cookie. Each cookie only ever renews its own kind of session
/// (another kind is refused without being used up).
#[tracing::instrument(skip_all)]
pub(crate) async fn refresh(State(state): State<AppState>, QueryParams(choice): QueryParams<SessionChoice>, headers: HeaderMap) -> Result<Response> {
    let (name, clear) = choice.cookie()?;
    // No refresh cookie at all: a visitor without a session, which is not an error (204), so
    // an anonymous page load logs nothing. A cookie that no longer works is 401.
    let Some(token) = cookie(&headers, &name).filter(|token| !token.is_empty()) else {
        return Ok(StatusCode::NO_CONTENT.into_response());
    };
    let expected = choice.support()?.map_or(sessions::Expected::Own, sessions::Expected::Support);
    match state.sessions().rotate(token, expected, state.clock.unix()).await {
        Ok(sessions::Rotated { token: next, user, impersonation: None }) => session_response(&state, &user, &next),
        Ok(sessions::Rotated { token: next, user, impersonation: Some((record_id, _)) }) => {
            support_session::renewed(&state, &user, &record_id, &next, clear).await
        }
        Err(sessions::SessionError::Ended) => {
            support_session::end_if_past(&state, token).await?;
            Ok(([(header::SET_COOKIE, clear)], ApiError::from(sessions::SessionError::Ended)).into_response())
        }
        Err(sessions::SessionError::Store(err)) => Err(err.into()),
    }
}

/// Whose session a sign-out ends: the caller's access token, else the refresh cookie chosen
/// (which must be of the session named: the user's own, or that support session).
async fn signing_out(state: &AppState, user: Option<AuthUser>, support: Option<&str>, headers: &HeaderMap) -> Result<(String, Option<String>)> {
    if let Some(user) = user {
        return Ok((user.id, user.impersonation.map(|acting| acting.audit_id)));
    }
    let name = support.map_or_else(|| sessions::COOKIE.to_owned(), sessions::support_cookie_name);
    let token = cookie(headers, &name).ok_or_else(|| ApiError::unauthorized(SESSION_ENDED))?;
    let (user, impersonation_id) = state.sessions().user_of(token, state.clock.unix()).await?;
    if impersonation_id.as_deref() != support {
        return Err(ApiError::unauthorized(SESSION_ENDED));
    }
    Ok((user.id, impersonation_id))
}

/// Global sign-out (spec 4): every refresh token of the user stops working. Inside a support
/// session (its access token, or `?support=<record id>` with its cookie) it ends that session
/// only, and clears only its cookie: the administrator's own session in the same browser stays.
#[tracing::instrument(skip_all)]
pub(crate) async fn sign_out(
    State(state): State<AppState>,
    user: Option<AuthUser>,
    QueryParams(choice): QueryParams<SessionChoice>,
    headers: HeaderMap,
) -> Result<Response> {
    let (user_id, impersonation_id) = signing_out(&state, user, choice.support()?, &headers).await?;
    if let Some(record_id) = impersonation_id {
        support_session::end(&state, &user_id, &record_id, EndedBy::Signout).await?;
        return Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, sessions::clear_support_cookie(&record_id))]).into_response());
    }
    state.users().bump_session_epoch(&user_id).await?;
    if let Err(err) = state.sessions().delete_all(&user_id).await {
        tracing::warn!(error = %err, "ended sessions not tidied");
    }
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, sessions::clear_cookie())]).into_response())
}
