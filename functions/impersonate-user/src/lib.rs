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

/// The account a support session is opened on.
struct Target {
    id: String,
    email: String,
    session_epoch: u64,
}

/// The target must be a confirmed account (404 otherwise), not the caller (400) and not an
/// administrator (403).
async fn target_of(state: &AppState, admin_id: &str, email: &EmailAddress) -> Result<Target> {
    let target = state.users().find_user_by_email(email.as_str())
        .await?
        .filter(|target| target.email_confirmed_at.is_some())
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "user_not_found", NO_SUCH_USER))?;
    if target.id == admin_id {
        return Err(ApiError::bad_request("cannot_impersonate_self", TARGET_IS_SELF));
    }
    if state.is_admin(&target.id) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "target_is_admin", TARGET_IS_ADMIN));
    }
    Ok(Target { id: target.id, email: target.email, session_epoch: target.session_epoch })
}

/// The administrator asking, and from where.
struct Asker<'a> {
    id: &'a str,
    email: &'a str,
    ip: String,
    user_agent: &'a str,
}

/// The audit record of a new support session: written before its link exists, and ending
/// when the link does until the session starts.
fn audit_record(asker: Asker, target: &Target, reason: String, now: i64, started_at: String) -> Impersonation {
    Impersonation {
        id: uuid::Uuid::new_v4().to_string(),
        admin_id: asker.id.to_owned(),
        admin_email: asker.email.to_owned(),
        target_id: target.id.clone(),
        target_email: target.email.clone(),
        reason,
        started_at,
        ip: asker.ip,
        user_agent: asker.user_agent.chars().take(300).collect(),
        ends_at: now + impersonations::LINK_TTL_SECS,
        session_started_at: None,
        ended_at: None,
        ended_by: None,
    }
}

/// The one-time sign-in link of the session: bound to the target's session epoch (a password
/// change voids it) and to its audit record.
async fn sign_in_link(state: &AppState, record: &Impersonation, target: &Target, now: i64) -> Result<String> {
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
    Ok(format!("{}/auth/callback?token={token}&type={IMPERSONATION}", state.config.app_origin))
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
    let target = target_of(&state, &admin.id, &email).await?;
    let now = state.clock.unix();
    let user_agent = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let asker = Asker { id: &admin.id, email: &admin.email, ip: ip.0, user_agent };
    let record = audit_record(asker, &target, reason, now, state.clock.now_iso());
    state.impersonations().create(&record).await?;
    let link = sign_in_link(&state, &record, &target, now).await?;
    tracing::info!(audit_id = %record.id, target_id = %target.id, "impersonation link issued");
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

    #[test]
    fn the_audit_record_names_both_people_and_lives_as_long_as_the_link() {
        let target = Target { id: "u-2".into(), email: "ada@example.com".into(), session_epoch: 3 };
        let asker = Asker { id: "admin-1", email: "ops@raisespark.com", ip: "203.0.113.9".into(), user_agent: &"A".repeat(400) };
        let record = audit_record(asker, &target, "Fix the form".into(), 1_000, "2026-11-26T11:00:00Z".into());
        assert!(uuid::Uuid::parse_str(&record.id).is_ok());
        assert_eq!((record.admin_id.as_str(), record.admin_email.as_str()), ("admin-1", "ops@raisespark.com"));
        assert_eq!((record.target_id.as_str(), record.target_email.as_str()), ("u-2", "ada@example.com"));
        assert_eq!((record.reason.as_str(), record.started_at.as_str(), record.ip.as_str()), ("Fix the form", "2026-11-26T11:00:00Z", "203.0.113.9"));
        assert_eq!(record.user_agent, "A".repeat(300));
        assert_eq!(record.ends_at, 1_000 + impersonations::LINK_TTL_SECS);
        assert!(record.session_started_at.is_none() && record.ended_at.is_none() && record.ended_by.is_none());
    }
}
