//! `revert-impersonation` (spec 4, Impersonation; spec 7: body `{originalUserId}` →
//! `{signInLink}`).
//!
//! - `POST /api/revert-impersonation` `{originalUserId}` → `{signInLink}`
//!
//! Only from the impersonation session whose actor is exactly `originalUserId`: a normal
//! session, another id, or a session already ended get 403, so nobody can mint a sign-in
//! link for an administrator by sending an administrator's id. Reverting ends the audit
//! record (`ended_by: revert`, the user is e-mailed), revokes the session's refresh tokens
//! and clears their cookie, and returns a one-time link (60 s, once) that signs the
//! administrator back in.

pub mod config;

use axum::{
    Json, Router,
    extract::State,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
    routing::post,
};
use serde::Deserialize;
use serde_json::json;
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    http::JsonBody,
    impersonation::{MAGIC_LINK, MAGIC_LINK_TTL_SECS},
    repo::{
        impersonations::EndedBy,
        one_time_tokens::NewToken,
        sessions,
    },
};

pub const NOT_YOUR_SESSION: &str = "Only the administrator of this support session can end it.";
pub const ALREADY_ENDED: &str = "This support session has already ended.";

pub fn router(state: AppState) -> Router {
    Router::new().route("/", post(revert_impersonation)).with_state(state)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Revert {
    original_user_id: String,
}

fn forbidden(code: &'static str, message: &'static str) -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, code, message)
}

#[tracing::instrument(skip(state, body), fields(user_id = %user.id))]
async fn revert_impersonation(State(state): State<AppState>, user: AuthUser, JsonBody(body): JsonBody<Revert, 4096>) -> Result<Response> {
    let acting = user
        .impersonation
        .as_ref()
        .filter(|acting| acting.admin_id == body.original_user_id)
        .ok_or_else(|| forbidden("forbidden", NOT_YOUR_SESSION))?;
    let admin = state.users().get_user(&acting.admin_id)
        .await?
        .filter(|admin| state.is_admin(&admin.id))
        .ok_or_else(|| forbidden("forbidden", NOT_YOUR_SESSION))?;
    shared::services::impersonation::finish(&state, &acting.audit_id, EndedBy::Revert)
        .await?
        .ok_or_else(|| forbidden("impersonation_ended", ALREADY_ENDED))?;
    state.sessions().revoke_family(&user.id, &acting.audit_id).await?;
    let token = state.one_time_tokens().issue(
        NewToken { purpose: MAGIC_LINK, user_id: &admin.id, epoch: admin.session_epoch, ttl_secs: MAGIC_LINK_TTL_SECS, impersonation_id: None },
        state.clock.unix(),
    )
    .await?;
    tracing::info!(audit_id = %acting.audit_id, admin_id = %admin.id, "support session reverted");
    // The way back lands where the administrator started the session: the admin area.
    let link = format!("{}/auth/callback?token={token}&type={MAGIC_LINK}&next=/admin", state.config.app_origin);
    let clear = sessions::clear_support_cookie(&acting.audit_id);
    Ok(([(header::SET_COOKIE, clear)], Json(json!({ "signInLink": link }))).into_response())
}
