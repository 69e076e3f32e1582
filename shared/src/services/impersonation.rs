//! Ending support sessions: once, whoever ends it (revert, sign-out, the expiry sweep), with
//! the mail that tells the user what happened in it; and reading what a session did.

use domain::impersonation::{EndedBy, Impersonation};

use crate::{ApiError, AppState, impersonation::activity::Activity, mail::templates, repo::impersonation_actions};

impl Activity {
    /// A session's activity, at most [`impersonation_actions::SHOWN`] entries of it.
    pub async fn of_session(state: &AppState, session_id: &str) -> Result<Self, ApiError> {
        let read = state.impersonation_actions().of_session(session_id, impersonation_actions::SHOWN).await?;
        Ok(Self::of(read.entries, read.complete))
    }
}

/// Ends the session once and e-mails the user what happened in it. `None` when it had
/// already ended. A mail failure is logged: the record is what counts.
pub async fn finish(state: &AppState, id: &str, by: EndedBy) -> Result<Option<Impersonation>, ApiError> {
    let ended = state.impersonations().end(id, by, state.clock.unix()).await?;
    if let Some(record) = &ended {
        tracing::info!(audit_id = %record.id, admin_id = %record.admin_id, target_id = %record.target_id, ended_by = ?by, "support session ended");
        // A link nobody used gave nobody access: no mail.
        if record.session_started_at.is_some() {
            let mail = match Activity::of_session(state, &record.id).await {
                Ok(activity) => templates::support_session_ended(record, &activity, &state.config.app_origin),
                Err(err) => {
                    tracing::warn!(audit_id = %record.id, error = %err, "support session activity not read for the mail");
                    templates::support_session_ended(record, &Activity::default(), &state.config.app_origin)
                }
            };
            if let Err(err) = state.mailer.send(&mail).await {
                tracing::warn!(audit_id = %record.id, error = %err, "support session mail not sent");
            }
        }
    }
    Ok(ended)
}

/// Ends every session whose time is up (the scheduled sweep; locally a gateway tick).
/// Returns how many it ended.
pub async fn sweep_expired(state: &AppState) -> Result<usize, ApiError> {
    let overdue = state.impersonations().overdue(state.clock.unix(), 100).await?;
    let mut ended = 0;
    for id in overdue {
        if finish(state, &id, EndedBy::Expiry).await?.is_some() {
            ended += 1;
        }
    }
    Ok(ended)
}
