//! Support sessions on the user's side: exchanging an impersonation link for a session acting
//! as the user (30 minutes from its start, whatever the activity), renewing and ending it, and
//! Settings → Security's list of the support sessions on the caller's account.

use axum::{
    Json,
    extract::State,
    http::header,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    auth::AuthUser,
    impersonation::{self, IMPERSONATION},
    repo::{
        impersonations::{self, EndedBy, Impersonation},
        users::UserRecord,
    },
};

use crate::{answers::impersonation_response, messages::INVALID_LINK, tokens};

/// An impersonation link (made by `impersonate-user`, 5 minutes, once): a session acting as
/// the user, ending 30 minutes from now whatever the activity.
pub(crate) async fn start(state: &AppState, token: &str) -> Result<Response> {
    let consumed = tokens::consume(state, IMPERSONATION, token).await?;
    let invalid = || ApiError::bad_request("invalid_link", INVALID_LINK);
    let record_id = consumed.impersonation_id.ok_or_else(invalid)?;
    let now = state.clock.unix();
    let record = state.impersonations().begin_session(&record_id, now).await?.ok_or_else(invalid)?;
    let user = state.users().get_user(&record.target_id).await?.ok_or_else(invalid)?;
    tracing::info!(audit_id = %record.id, admin_id = %record.admin_id, target_id = %record.target_id, "support session started");
    let refresh_token = state.sessions().start_impersonation(&user, &record.id, record.ends_at, now).await?;
    impersonation_response(state, &user, &record, &refresh_token)
}

/// The answer to a support session's rotated refresh token: new tokens while its record is
/// live; past its end, the session ends (expiry) and its cookie is cleared (`clear`).
pub(crate) async fn renewed(state: &AppState, user: &UserRecord, record_id: &str, refresh_token: &str, clear: String) -> Result<Response> {
    match state.impersonations().get(record_id).await? {
        Some(record) if record.is_live(state.clock.unix()) => impersonation_response(state, user, &record, refresh_token),
        _ => {
            end(state, &user.id, record_id, EndedBy::Expiry).await?;
            Ok(([(header::SET_COOKIE, clear)], impersonation::session_over()).into_response())
        }
    }
}

/// A refresh token that no longer works: when it is a support session's past its end, that
/// session's record ends (expiry) if nothing ended it yet.
pub(crate) async fn end_if_past(state: &AppState, refresh_token: &str) -> Result<()> {
    let Some(record_id) = state.sessions().impersonation_of(refresh_token).await? else { return Ok(()) };
    let Some(record) = state.impersonations().get(&record_id).await? else { return Ok(()) };
    if record.ended_at.is_none() && record.ends_at <= state.clock.unix() {
        end(state, &record.target_id, &record_id, EndedBy::Expiry).await?;
    }
    Ok(())
}

/// Ends a support session: its record (once, with the user's e-mail) and every refresh token
/// of its family. The user's own sessions are untouched.
pub(crate) async fn end(state: &AppState, user_id: &str, record_id: &str, by: EndedBy) -> Result<()> {
    shared::services::impersonation::finish(state, record_id, by).await?;
    Ok(state.sessions().revoke_family(user_id, record_id).await?)
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

impl SupportSession {
    /// A started session's record with what it did (`now` ends one still running).
    async fn of(state: &AppState, record: Impersonation, now: &str) -> Result<Self> {
        let activity = impersonation::Activity::of_session(state, &record.id).await?;
        let started = record.session_started_at.clone().unwrap_or_default();
        let until = record.ended_at.clone().unwrap_or_else(|| now.to_owned());
        Ok(Self {
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
}

/// Settings → Security: every support session on the caller's account, newest first (the
/// last 50). Which administrator is not shown: it was RaiseSpark support.
#[tracing::instrument(skip(state))]
pub(crate) async fn list(State(state): State<AppState>, user: AuthUser) -> Result<Json<Value>> {
    use futures::{StreamExt, TryStreamExt};
    let listing = impersonations::Listing::ByTarget(user.id.clone());
    let page = state.impersonations().list(&listing, None, 50, None).await?;
    let now = state.clock.now_iso();
    // A link nobody used gave nobody access.
    let started = page.records.into_iter().filter(|record| record.session_started_at.is_some());
    let sessions: Vec<SupportSession> = futures::stream::iter(started).map(|record| SupportSession::of(&state, record, &now)).buffered(8).try_collect().await?;
    Ok(Json(json!({ "sessions": sessions })))
}
