//! `impersonate-user` (spec 4, Impersonation; spec 7: body `{email}` → `{signInLink}`).
//!
//! - `POST /api/impersonate-user` `{email, reason}` → `{signInLink}`
//!
//! The caller must be an administrator (`ADMIN_USER_IDS`) in a session of their own; the
//! target must be a confirmed account that is neither the caller nor an administrator. The
//! audit record is written first, then a one-time link (5 minutes, once) to
//! `/auth/callback?type=impersonation`, which `auth` exchanges for a 30-minute session.

pub mod config;

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    routing::post,
};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    email::EmailAddress,
    http::{ClientIp, JsonBody},
    impersonation::IMPERSONATION,
    repo::{
        impersonations::{self, Impersonation},
        one_time_tokens::NewToken,
    },
};

pub const NOT_ADMIN: &str = "Only administrators can impersonate users.";
pub const NO_SUCH_USER: &str = "No confirmed account uses this email address.";
pub const TARGET_IS_ADMIN: &str = "Administrators cannot be impersonated.";
pub const TARGET_IS_SELF: &str = "You cannot impersonate yourself.";
pub const REASON_RULE: &str = "Please give a reason of 5 to 500 characters.";

/// Audited like every owner function: from inside a support session the attempt is refused
/// (403) and recorded in that session's activity.
pub fn router(state: AppState) -> Router {
    let router = Router::new().route("/", post(impersonate_user)).with_state(state.clone());
    shared::http::audit::audited("impersonate-user", router, &state)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ImpersonateUser {
    email: String,
    reason: Option<String>,
}

/// Why the session is needed: 5 to 500 characters, no control characters but line breaks.
fn parse_reason(raw: Option<&str>) -> Result<String> {
    let reason = raw.unwrap_or_default().trim();
    let length = reason.chars().count();
    if !(5..=500).contains(&length) || reason.chars().any(|c| c.is_control() && c != '\n') {
        return Err(ApiError::bad_request("invalid_reason", REASON_RULE));
    }
    Ok(reason.to_owned())
}

#[tracing::instrument(skip(state, headers, body), fields(admin_id = %user.id))]
async fn impersonate_user(
    State(state): State<AppState>,
    user: AuthUser,
    ip: ClientIp,
    headers: HeaderMap,
    JsonBody(body): JsonBody<ImpersonateUser, 4096>,
) -> Result<Json<Value>> {
    // 403 inside a support session, and for anyone not in `ADMIN_USER_IDS`.
    let admin = shared::services::access::require_admin(&state, &user, NOT_ADMIN)?;
    let email = EmailAddress::parse(&body.email)?;
    let reason = parse_reason(body.reason.as_deref())?;
    let target = state.users().find_user_by_email(email.as_str())
        .await?
        .filter(|target| target.email_confirmed_at.is_some())
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "user_not_found", NO_SUCH_USER))?;
    if target.id == admin.id {
        return Err(ApiError::bad_request("cannot_impersonate_self", TARGET_IS_SELF));
    }
    if state.is_admin(&target.id) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "target_is_admin", TARGET_IS_ADMIN));
    }

    let now = state.clock.unix();
    let user_agent = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let record = Impersonation {
        id: uuid::Uuid::new_v4().to_string(),
        admin_id: admin.id.clone(),
        admin_email: admin.email.clone(),
        target_id: target.id.clone(),
        target_email: target.email.clone(),
        reason,
        started_at: state.clock.now_iso(),
        ip: ip.0,
        user_agent: user_agent.chars().take(300).collect(),
        ends_at: now + impersonations::LINK_TTL_SECS,
        session_started_at: None,
        ended_at: None,
        ended_by: None,
    };
    state.impersonations().create(&record).await?;
    let token = state.one_time_tokens().issue(
        NewToken {
            purpose: IMPERSONATION,
            user_id: &target.id,
            epoch: target.session_epoch,
            ttl_secs: impersonations::LINK_TTL_SECS,
            impersonation_id: Some(&record.id),
        },
        now,
    )
    .await?;
    tracing::info!(audit_id = %record.id, target_id = %target.id, "impersonation link issued");
    let link = format!("{}/auth/callback?token={token}&type={IMPERSONATION}", state.config.app_origin);
    Ok(Json(json!({ "signInLink": link })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_five_to_five_hundred_characters() {
        assert_eq!(parse_reason(Some("  fix form  ")).unwrap(), "fix form");
        assert_eq!(parse_reason(Some("abcd")).unwrap_err().message, REASON_RULE);
        assert_eq!(parse_reason(None).unwrap_err().message, REASON_RULE);
        assert!(parse_reason(Some(&"é".repeat(500))).is_ok());
        assert!(parse_reason(Some(&"é".repeat(501))).is_err());
        assert!(parse_reason(Some("line one\nline two")).is_ok());
        assert!(parse_reason(Some("bell \u{7} ringing")).is_err());
    }
}
