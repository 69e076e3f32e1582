//! The signed-in answers: the user as the SPA sees it, and a new session's tokens (the access
//! token in the body, the refresh token in its cookie).

use axum::{
    Json,
    http::header,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use serde_json::{Map, Value, json};
use shared::{
    AppState, Result,
    auth::ACCESS_TOKEN_TTL,
    impersonation,
    repo::{impersonations::Impersonation, sessions, users::UserRecord},
};

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
    pub(crate) fn new(state: &AppState, user: &UserRecord) -> Self {
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

    pub(crate) fn impersonated(state: &AppState, user: &UserRecord, record: &Impersonation) -> Self {
        Self { impersonation: Some(ImpersonationView::new(record)), ..Self::new(state, user) }
    }
}

/// A signed-in answer: the access token in the body, the refresh token in its cookie.
pub(crate) fn session_response(state: &AppState, user: &UserRecord, refresh_token: &str) -> Result<Response> {
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
pub(crate) fn impersonation_response(state: &AppState, user: &UserRecord, record: &Impersonation, refresh_token: &str) -> Result<Response> {
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
