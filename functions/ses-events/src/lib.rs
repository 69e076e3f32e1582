//! `ses-events`: SES's events about campaign messages, from the configuration set's SNS topic
//! (an HTTPS subscription to `POST /api/ses-events`).
//!
//! Every SNS message is verified first (signing certificate from Amazon's SNS host, RSA
//! signature over the canonical string, the expected topic); a forged or altered one is 400
//! and changes nothing. A subscription confirmation is confirmed; a notification's SES event
//! (delivery, bounce, complaint, open, click) is applied to its recipient once: a hard bounce
//! or a complaint suppresses the address for that founder, and a campaign pauses itself when
//! its complaints pass 0.1% or its bounces 5% of what it sent. Locally `/dev/mail` posts
//! SES-shaped events through the same [`apply`].

pub mod config;
mod inbound;
pub mod sns;

use axum::{Json, Router, body::Bytes, extract::State, routing::post};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::{
    ApiError, AppState, Result,
    campaigns::Reason,
};

pub const MAX_BODY: usize = 256 * 1024;
/// A campaign pauses itself above these shares of its sent messages.
pub const COMPLAINT_PAUSE_PER_MILLE: u64 = 1;
pub const BOUNCE_PAUSE_PERCENT: u64 = 5;

pub fn router(state: AppState) -> Router {
    Router::new().route("/", post(receive)).with_state(state)
}

fn refused(reason: &str) -> ApiError {
    tracing::warn!(reason, "SNS message refused");
    ApiError::bad_request("invalid_sns_message", format!("The SNS message was refused: {reason}."))
}

async fn receive(State(state): State<AppState>, body: Bytes) -> Result<Json<Value>> {
    let message = inbound::verified_message(&state, &body).await?;
    match message.kind.as_str() {
        "SubscriptionConfirmation" => {
            inbound::confirm_subscription(&state, &message).await?;
            Ok(Json(json!({ "confirmed": true })))
        }
        "Notification" => {
            let event: SesEvent = serde_json::from_str(&message.message).map_err(|_| refused("the notification is not an SES event"))?;
            let applied = apply(&state, &event).await?;
            Ok(Json(json!({ "applied": applied })))
        }
        _ => Ok(Json(json!({ "ignored": message.kind }))),
    }
}

/// An SES event (event publishing: `eventType`; feedback notifications: `notificationType`).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SesEvent {
    #[serde(default, alias = "notificationType")]
    pub event_type: String,
    pub mail: SesMail,
    #[serde(default)]
    pub bounce: Option<SesBounce>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SesMail {
    pub message_id: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SesBounce {
    #[serde(default)]
    pub bounce_type: String,
}

/// Applies one SES event to the recipient its message went to. Returns what it recorded
/// (`None` for an event of no campaign message, a repeat, or a type we do not track).
pub async fn apply(state: &AppState, event: &SesEvent) -> Result<Option<&'static str>> {
    let Some(recipient) = state.campaign_recipients().by_message(&event.mail.message_id).await? else {
        tracing::info!(message_id = %event.mail.message_id, "SES event for no campaign recipient");
        return Ok(None);
    };
    let (attribute, figure, suppress) = match event.event_type.as_str() {
        "Delivery" => ("delivered_at", "delivered", None),
        "Open" => ("opened_at", "opened", None),
        "Click" => ("clicked_at", "clicked", None),
        "Complaint" => ("complained_at", "complained", Some(Reason::Complained)),
        "Bounce" if event.bounce.as_ref().is_some_and(|b| b.bounce_type == "Permanent") => ("bounced_at", "bounced", Some(Reason::Bounced)),
        other => {
            tracing::info!(event_type = other, "SES event not tracked");
            return Ok(None);
        }
    };
    let now = state.clock.now_iso();
    if let Some(reason) = suppress {
        state.campaigns().suppress(&recipient.owner_id, &recipient.email, reason, &now).await?;
    }
    if !state.campaign_recipients().first_event(&recipient.campaign_id, &recipient.email, attribute, &now).await? {
        return Ok(None);
    }
    state.campaigns().count(&recipient.campaign_id, figure, 1).await?;
    if suppress.is_some() {
        pause_if_unhealthy(state, &recipient.campaign_id).await?;
    }
    Ok(Some(figure))
}

/// Why a campaign with these figures should stop, if it should.
pub fn unhealthy(sent: u64, bounced: u64, complained: u64) -> Option<String> {
    if sent == 0 {
        return None;
    }
    if complained * 1000 > sent * COMPLAINT_PAUSE_PER_MILLE {
        return Some(format!("Paused: {complained} of {sent} recipients reported it as spam (over 0.1%). Check your audience before resuming."));
    }
    if bounced * 100 > sent * BOUNCE_PAUSE_PERCENT {
        return Some(format!("Paused: {bounced} of {sent} messages bounced (over 5%). Check your audience's addresses before resuming."));
    }
    None
}

async fn pause_if_unhealthy(state: &AppState, campaign_id: &str) -> Result<()> {
    let Some(campaign) = state.campaigns().get(campaign_id).await? else { return Ok(()) };
    if let Some(reason) = unhealthy(campaign.stats.sent, campaign.stats.bounced, campaign.stats.complained)
        && state.campaigns().transition(campaign_id, &["sending"], "paused", Some(&reason), &state.clock.now_iso()).await?
    {
        tracing::warn!(campaign_id, reason, "campaign paused itself");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_campaign_pauses_past_the_complaint_and_bounce_rates() {
        assert_eq!(unhealthy(0, 0, 0), None);
        assert_eq!(unhealthy(1000, 50, 1), None, "exactly 0.1% and 5% are allowed");
        assert!(unhealthy(1000, 0, 2).unwrap().contains("spam"));
        assert!(unhealthy(1000, 51, 0).unwrap().contains("bounced"));
        assert!(unhealthy(10, 0, 1).is_some());
    }
}
