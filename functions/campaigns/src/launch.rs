//! Starting a campaign, now (`POST /{id}/send`) or at a time (`POST /{id}/schedule`): what must
//! hold first; and, to send now, handing the audience to the senders.

use shared::{
    ApiError, Result,
    campaigns::Audience,
    config::LeadNotifications,
    repo::campaigns::{Campaign, DRAFT, Sender},
    review::Subject,
    services::review,
};

use crate::{CampaignsState, sending};

/// Only a draft starts: a campaign already sent or scheduled answers 409.
pub(crate) fn require_draft(status: &str) -> Result<()> {
    if status != DRAFT {
        return Err(ApiError::conflict("not_a_draft", "This campaign has already been sent or scheduled."));
    }
    Ok(())
}

/// Every campaign carries the sender's company name and postal address: both must be set.
pub(crate) fn require_sender(sender: &Sender) -> Result<()> {
    if sender.company_name.is_empty() || sender.postal_address.is_empty() {
        return Err(ApiError::bad_request("sender_required", "Add your company name and postal address in Settings before sending: every campaign must carry them."));
    }
    Ok(())
}

pub(crate) fn require_audience(audience: &Audience) -> Result<()> {
    if audience.count == 0 {
        return Err(ApiError::bad_request("empty_audience", "No one is in this audience yet. Choose other leads, or wait for more investors."));
    }
    Ok(())
}

/// When the company requires counsel's review, the version about to go out must be the one
/// approved. The version the founder sends from is checked first: the approval is of what they
/// see, and `start`/`schedule` are conditional on that version, so nothing edited in between
/// goes out under an older approval.
pub(crate) async fn require_approved(state: &shared::AppState, member: &shared::http::member::Member, campaign: &Campaign, version: u64) -> Result<()> {
    if campaign.version != version {
        return Err(changed());
    }
    let current = review::campaign_version(campaign);
    review::require_approval(state, &member.company_id, Subject::Campaign, &campaign.id, &current.hash).await
}

fn changed() -> ApiError {
    ApiError::conflict("campaign_changed", "This campaign changed since you opened it. Reload it to see the latest version.")
}

/// Starts the draft at `version` (409 if it changed since), files it in the vault, snapshots
/// its audience and, when campaigns are delivered inline (locally), sends it after answering;
/// in AWS the recipients' stream sends it.
pub(crate) async fn start_sending(campaigns_state: &CampaignsState, id: &str, owner_id: &str, reply_to: &str, version: u64, audience: &Audience) -> Result<()> {
    let state = &campaigns_state.app;
    let now = state.clock.now_iso();
    if !state.campaigns().start(id, version, audience.count, reply_to, &now).await? {
        return Err(changed());
    }
    sending::keep_record_at_start(state, id).await;
    state.campaign_recipients().snapshot(id, owner_id, &audience.recipients).await?;
    if state.config.campaign_delivery == LeadNotifications::Inline {
        let (background, id) = (campaigns_state.clone(), id.to_owned());
        state.background.spawn(async move {
            let result = match background.mailer().await {
                Ok(mailer) => sending::drain(&background.app, mailer, &id).await,
                Err(err) => Err(err),
            };
            if let Err(err) = result {
                tracing::error!(campaign_id = %id, error = %err, "campaign sending stopped: the dispatcher's tick resumes it");
            }
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_draft_can_be_sent_or_scheduled() {
        assert!(require_draft(DRAFT).is_ok());
        for status in ["scheduled", "sending", "sent", "paused", "cancelled"] {
            let refused = require_draft(status).unwrap_err();
            assert_eq!((refused.status.as_u16(), refused.code.as_ref()), (409, "not_a_draft"), "{status}");
        }
    }

    #[test]
    fn a_campaign_needs_both_the_company_name_and_the_postal_address() {
        let sender = |company: &str, address: &str| Sender { company_name: company.into(), postal_address: address.into() };
        assert!(require_sender(&sender("Harbor Labs", "1 Pier St, Boston MA")).is_ok());
        for (company, address) in [("", "1 Pier St"), ("Harbor Labs", ""), ("", "")] {
            let refused = require_sender(&sender(company, address)).unwrap_err();
            assert_eq!((refused.status.as_u16(), refused.code.as_ref()), (400, "sender_required"));
            assert_eq!(refused.message, "Add your company name and postal address in Settings before sending: every campaign must carry them.");
        }
    }

    #[test]
    fn an_empty_audience_is_refused() {
        let audience = |count| Audience { count, ..Audience::default() };
        assert!(require_audience(&audience(1)).is_ok());
        assert_eq!(require_audience(&audience(0)).unwrap_err().code, "empty_audience");
    }
}
