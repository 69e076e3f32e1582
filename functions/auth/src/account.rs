//! The signed-in user's account: who they are (`GET /user`), their name (`PATCH /user`) and
//! their password (`POST /password`, which ends every other session).

use axum::{Json, extract::State, response::Response};
use serde::Deserialize;
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    http::{ClientIp, JsonBody},
    impersonation, rate_limit,
    repo::users::UserRecord,
};

use crate::{
    answers::{UserView, session_response},
    limits,
    messages::*,
    password::{Password, hash_password, verify_password},
    rate_limited,
};

async fn load_user(state: &AppState, user: &AuthUser) -> Result<UserRecord> {
    state.users().get_user(&user.id)
        .await?
        .ok_or_else(|| ApiError::unauthorized(SESSION_ENDED))
}

/// The current user; in a support session, with the session's facts (while it runs).
#[tracing::instrument(skip(state))]
pub(crate) async fn current_user(State(state): State<AppState>, user: AuthUser) -> Result<Json<UserView>> {
    let record = load_user(&state, &user).await?;
    if let Some(acting) = &user.impersonation {
        let session = state.impersonations().get(&acting.audit_id).await?;
        let session = session.filter(|session| session.is_live(state.clock.unix())).ok_or_else(impersonation::session_over)?;
        return Ok(Json(UserView::impersonated(&state, &record, &session)));
    }
    Ok(Json(UserView::new(&state, &record)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct UpdateUser {
    name: String,
}

/// A name as given: trimmed, not empty, at most 100 characters, no control characters.
fn parse_name(name: &str) -> Result<&str> {
    let name = name.trim();
    if name.is_empty() {
        return Err(ApiError::bad_request("invalid_name", "Please enter your name."));
    }
    if name.chars().count() > 100 || name.chars().any(char::is_control) {
        return Err(ApiError::bad_request("invalid_name", "Please enter a name of at most 100 characters."));
    }
    Ok(name)
}

#[tracing::instrument(skip(state, body))]
pub(crate) async fn update_user(State(state): State<AppState>, user: AuthUser, JsonBody(body): JsonBody<UpdateUser, 4096>) -> Result<Json<UserView>> {
    user.refuse_impersonation()?;
    let name = parse_name(&body.name)?;
    load_user(&state, &user).await?;
    let record = state.users().set_user_name(&user.id, name).await?;
    Ok(Json(UserView::new(&state, &record)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ChangePassword {
    current_password: String,
    new_password: String,
}

/// Changes the password after checking the current one; every other session ends, every
/// reset link sent before stops working, and this device gets a fresh session.
#[tracing::instrument(skip(state, body))]
pub(crate) async fn change_password(
    State(state): State<AppState>,
    user: AuthUser,
    ip: ClientIp,
    JsonBody(body): JsonBody<ChangePassword, 4096>,
) -> Result<Response> {
    user.refuse_impersonation()?;
    let new_password = Password::parse(&body.new_password)?;
    let record = load_user(&state, &user).await?;
    let email_and_ip = format!("{}|{}", record.email, ip.0);
    // As at sign-in: a wrong current password uses a failure slot reserved up front.
    let Some(failure) = rate_limit::reserve(state.rate_limits(), &limits::FAILURES_PER_EMAIL_AND_IP, &email_and_ip).await? else {
        return Err(rate_limited("login_rate_limited", LOGIN_RATE_LIMITED, 300));
    };
    if !verify_password(&body.current_password, Some(&record.password_hash)).await? {
        return Err(ApiError::bad_request("wrong_password", WRONG_CURRENT_PASSWORD));
    }
    rate_limit::release(state.rate_limits(), &failure).await?;
    let hash = hash_password(&new_password).await?;
    let record = state.users().set_password_hash(&user.id, &hash).await?;
    if let Err(err) = state.sessions().delete_all(&user.id).await {
        tracing::warn!(error = %err, "ended sessions not tidied");
    }
    let refresh_token = state.sessions().start(&record, state.clock.unix()).await?;
    session_response(&state, &record, &refresh_token)
}
