//! The founder's "New investor lead" e-mail: claimed on the lead (a conditional write), sent,
//! and released when sending fails so a retry can send it.

use domain::{forms::Form, leads::LeadRecord};

use crate::ApiError;

/// The founder's 'New investor lead' e-mail: the answers, the temperature and a link to the
/// lead, sent once per lead however often the caller is retried: the lead is claimed
/// (`notified_at`, a conditional write) before sending, and released if sending fails so a
/// retry can send it. Never on the investor's time. An error means "retry me".
pub async fn notify_owner(state: &crate::AppState, form: &Form, lead: &LeadRecord) -> Result<(), ApiError> {
    if !state.leads().claim_notification(&lead.id).await? {
        tracing::info!(lead_id = %lead.id, "lead already announced: no second mail");
        return Ok(());
    }
    let sent = send_new_lead_mail(state, form, lead).await;
    if let Err(err) = &sent {
        tracing::warn!(lead_id = %lead.id, error = %err, "lead notification not sent");
        state.leads().release_notification(&lead.id).await?;
    }
    sent
}

async fn send_new_lead_mail(state: &crate::AppState, form: &Form, lead: &LeadRecord) -> Result<(), ApiError> {
    let owner_id = crate::services::teams::owner_today(state, &lead.owner_id).await?;
    let owner = state.users().get_user(&owner_id)
        .await?
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("lead owner not found")))?;
    let email = crate::mail::templates::new_lead(form, lead, &owner.email, &state.config.app_origin);
    state.mailer.send(&email).await.map_err(ApiError::internal)
}

// ------------------------------------------------------------------ display rules (spec 3, 5)
